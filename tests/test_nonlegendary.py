""""nonlegendary" in a description (CR 205.4a, 205.4): Cast Down, played with real cards."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, resolve

ALICE, BOB = 0, 1


def test_cast_down_cannot_target_a_legendary_creature(db):
    """Cast Down destroys a nonlegendary creature: with Bob's legendary Isamaru no legal target,
    the only target is his Grizzly Bears (chosen without asking), which dies; Isamaru stays."""
    g = board(db, """
  - name: Alice
    hand: [Cast Down]
    battlefield: [Swamp, Swamp]
  - name: Bob
    battlefield: ["Isamaru, Hound of Konda", Grizzly Bears]
""")
    cast_and_pay(g, "cast Cast Down")
    resolve(g)
    s = g.current_state()
    assert [o.card.name for o in s.permanents(BOB)] == ["Isamaru, Hound of Konda"]
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]


def test_cast_down_with_only_legendary_creatures_cannot_be_cast(db):
    """No nonlegendary creature: no legal target, so Cast Down can't be cast (CR 601.2c)."""
    g = board(db, """
  - name: Alice
    hand: [Cast Down]
    battlefield: [Swamp, Swamp]
  - name: Bob
    battlefield: ["Isamaru, Hound of Konda"]
""")
    assert not any(a.label.startswith("cast Cast Down") for a in g.legal_actions())
