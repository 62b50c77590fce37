""""Each opponent sacrifices a permanent unless they pay {2}" (Rishadan Footpad, Cutpurse,
Brigand): each opponent decides for themselves, in APNAP order (CR 101.4), whether to pay
(CR 118.12); the effect happens to those who didn't pay, and to them only, all at once."""
from __future__ import annotations

import pytest

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, pick

BOARD = """
  - name: Alice
    hand: [Rishadan Footpad]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
    battlefield: [Swamp, Swamp, Grizzly Bears]
  - name: Carol
    battlefield: [Mountain, Mountain, Goblin Piker]
"""


def _footpad_enters(db):
    assert db.get("Rishadan Footpad").fully_supported
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Rishadan Footpad")
    for _ in range(3):              # each player passes: the Footpad resolves
        pick(g, "pass")
    for _ in range(3):              # its enters-the-battlefield ability resolves
        pick(g, "pass")
    return g


def _answer(g, label: str) -> None:
    """Answer the "unless" question; paying, the mana is paid automatically."""
    pick(g, label)
    while g.pending.kind == "pay":
        g.push(Action("autopay"))


@pytest.mark.parametrize("bob_pays", [True, False])
def test_each_opponent_chooses_for_themselves_in_apnap_order(db, bob_pays):
    """Bob is asked first, then Carol (turn order from Alice, CR 101.4), whatever Bob chose;
    whoever doesn't pay sacrifices a permanent, whoever pays loses the mana and keeps all."""
    g = _footpad_enters(db)
    assert g.pending.kind == "unless" and g.pending.player == 1
    _answer(g, "pay {2}" if bob_pays else "don't pay")
    assert g.pending.kind == "unless" and g.pending.player == 2     # Carol decides for herself
    _answer(g, "don't pay" if bob_pays else "pay {2}")
    assert g.pending.player == (2 if bob_pays else 1)               # who didn't pay chooses what to sacrifice
    pick(g, "Goblin Piker" if bob_pays else "Grizzly Bears")
    s = g.current_state()
    if bob_pays:
        assert names(g, 2, "graveyard") == ["Goblin Piker"] and names(g, 1, "graveyard") == []
        assert all(o.tapped for o in s.permanents() if o.card.name == "Swamp")
    else:
        assert names(g, 1, "graveyard") == ["Grizzly Bears"] and names(g, 2, "graveyard") == []
        assert all(o.tapped for o in s.permanents() if o.card.name == "Mountain")


def test_both_opponents_who_dont_pay_sacrifice(db):
    """Neither pays: both sacrifice, each choosing in APNAP order (CR 101.4)."""
    g = _footpad_enters(db)
    pick(g, "don't pay")
    pick(g, "don't pay")
    while g.pending.kind != "priority":
        pick(g, "Grizzly Bears" if g.pending.player == 1 else "Goblin Piker")
    assert names(g, 1, "graveyard") == ["Grizzly Bears"] and names(g, 2, "graveyard") == ["Goblin Piker"]
