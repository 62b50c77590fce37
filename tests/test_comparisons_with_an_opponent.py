""""If you have less life than an opponent, ..." and "If you control fewer creatures than an
opponent, ..." one after the other, each checked as the spell resolves (CR 608.2c): Timely
Reinforcements."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, resolve

ALICE, BOB = 0, 1


def _timely(db, alice_life: int, bob_battlefield: str):
    g = board(db, f"""
  - name: Alice
    life: {alice_life}
    hand: [Timely Reinforcements]
    battlefield: [Plains, Plains, Plains]
  - name: Bob
    battlefield: [{bob_battlefield}]
""")
    cast_and_pay(g, "cast Timely Reinforcements")
    resolve(g)
    s = g.current_state()
    return s.players[ALICE].life, sum(1 for o in s.permanents(ALICE) if o.is_token)


def test_both_conditions_true(db):
    assert _timely(db, 10, "Grizzly Bears") == (16, 3)


def test_neither_condition_true(db):
    """Equal life and no creatures on either side: nothing happens."""
    assert _timely(db, 20, "Forest") == (20, 0)


def test_only_fewer_creatures(db):
    """More life than Bob, fewer creatures: only the Soldiers."""
    assert _timely(db, 25, "Grizzly Bears") == (25, 3)
