""""Create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink." (Wurmcoil Engine,
Forbidden Friendship): one token of each kind, each with its own abilities (CR 111.2, 111.3)."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, cast_and_pay, resolve

ALICE, BOB = 0, 1


def test_wurmcoil_engine_leaves_two_different_wurms(db):
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Lightning Bolt]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Wurmcoil Engine]
""")
    for _ in range(2):
        cast_and_pay(g, "cast Lightning Bolt", "Wurmcoil Engine")
        resolve(g)
    while g.current_state().stack:
        resolve(g)          # the dies trigger
    s = g.current_state()
    wurms = [o for o in s.permanents(BOB) if o.is_token]
    assert len(wurms) == 2
    assert all(ch.power_toughness(s, w) == (3, 3) and "Artifact" in ch.card_types(s, w) for w in wurms)
    assert sorted((ch.has(s, w, "deathtouch"), ch.has(s, w, "lifelink")) for w in wurms) == [(False, True), (True, False)]
