"""Formidable (an ability word, CR 207.2c): "Activate only if creatures you control have total
power 8 or greater" (CR 602.5b) and the same as an intervening "if" (CR 603.4). Real cards."""
from __future__ import annotations

from . import game_helpers
from .game_helpers import labels
from .test_oracle_compiler import card


def _can_regenerate(db, others: str) -> bool:
    g = game_helpers.board(db, f"""
  - name: Alice
    battlefield: [Dragon-Scarred Bear, Forest, Forest{others}]
  - name: Bob
""", turn=3)
    return any(label.startswith("activate Dragon-Scarred Bear") for label in labels(g))


def test_dragon_scarred_bear_needs_total_power_8(db):
    assert not _can_regenerate(db, "")                          # 3
    assert not _can_regenerate(db, ", Centaur Courser")         # 3 + 3
    assert _can_regenerate(db, ", Colossal Dreadmaw")           # 3 + 6


def test_only_eight_is_read():
    """The condition is read for formidable's 8 only: another number is refused, not misread."""
    ok = card("Test", "{G}: ~ gets +1/+1 until end of turn. Activate only if creatures you control have total "
                      "power 8 or greater.")
    other = card("Test", "{G}: ~ gets +1/+1 until end of turn. Activate only if creatures you control have total "
                         "power 10 or greater.")
    assert ok.unsupported == () and ok.abilities[0].condition == "creatures_total_power_8"
    assert other.unsupported
