""""Switch target creature's power and toughness until end of turn" (layer 7d, CR 613.4d): the
switch applies after every other change, counters included. Real cards from the corpus."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import cast_and_pay, on_battlefield, pick, resolve


def _pt(g, name: str) -> tuple[int, int]:
    return ch.power_toughness(g.current_state(), on_battlefield(g, name)[0])


def test_about_face_switches_after_counters_and_pumps(db):
    """Wall of Wood (0/3) with a +1/+1 counter is 1/4, switched 4/1; Giant Growth's +3/+3 later
    applies before the switch (CR 613.4d: the switch comes last), so it is 7/4."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [About Face, Giant Growth]
    battlefield: [{card: Wall of Wood, counters: {+1/+1: 1}}, Mountain, Forest]
  - name: Bob
""", turn=3)
    assert _pt(g, "Wall of Wood") == (1, 4)
    cast_and_pay(g, "cast About Face", "Wall of Wood")
    resolve(g)
    assert _pt(g, "Wall of Wood") == (4, 1)
    cast_and_pay(g, "cast Giant Growth", "Wall of Wood")
    resolve(g)       # +3/+3 before the switch: 4/7, switched 7/4
    assert _pt(g, "Wall of Wood") == (7, 4)


def test_two_switches_undo_each_other_and_the_switch_ends_with_the_turn(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Crag Puca, Island, Island, Mountain]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    assert _pt(g, "Crag Puca") == (2, 4)
    for expected in ((4, 2), (2, 4)):
        pick(g, "activate Crag Puca")
        g.push(Action("autopay"))
        resolve(g)
        assert _pt(g, "Crag Puca") == expected
    pick(g, "activate Crag Puca")
    g.push(Action("autopay"))
    resolve(g)
    assert _pt(g, "Crag Puca") == (4, 2)
    while g.current_state().turn == 3:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert _pt(g, "Crag Puca") == (2, 4)
