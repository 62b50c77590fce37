""""Each player may ..." and "each opponent may ...": every such player chooses, in APNAP order,
and each who says yes does it for themselves (CR 101.4, 608.2d)."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve


def _library(g, player: int) -> list[str]:
    """A library's card names, top first."""
    s = g.current_state()
    return [s.objs[i].card.name for i in reversed(s.players[player].library)]


def _answer_mays(g, answers: dict[int, str]) -> list[int]:
    """Answer each "may" decision for its player; the players asked, in order."""
    asked = []
    while g.pending.kind == "may":
        asked.append(g.pending.player)
        pick(g, answers[g.pending.player])
    return asked


def test_each_player_chooses_and_only_takers_scry(db):
    """Eager Construct: both players are asked, Alice (active) first; Alice declines and Bob
    scries, so only Bob's top card can go to the bottom."""
    g = board(db, """
  - name: Alice
    hand: [Eager Construct]
    library: [Island, Forest]
    battlefield: [Plains, Plains]
  - name: Bob
    library: [Swamp, Mountain]
""")
    alice_before, bob_before = _library(g, 0), _library(g, 1)
    cast_and_pay(g, "cast Eager Construct")
    resolve(g)                              # the creature spell
    resolve(g)                              # its enters trigger
    assert _answer_mays(g, {0: "no", 1: "yes"}) == [0, 1]
    assert g.pending.kind == "scry" and g.pending.player == 1
    pick(g, "put Swamp on the bottom")
    assert _library(g, 0) == alice_before == ["Island", "Forest"]     # Alice declined
    assert bob_before == ["Swamp", "Mountain"] and _library(g, 1) == ["Mountain", "Swamp"]


def test_each_opponent_may_search_puts_land_under_their_control(db):
    """Old-Growth Dryads: the opponent who searches puts the basic land onto the battlefield
    tapped under their own control (CR 110.2a), not under the Dryads' controller's."""
    g = board(db, """
  - name: Alice
    hand: [Old-Growth Dryads]
    battlefield: [Forest]
  - name: Bob
    library: [Swamp, Island]
""")
    cast_and_pay(g, "cast Old-Growth Dryads")
    resolve(g)
    resolve(g)
    assert _answer_mays(g, {1: "yes"}) == [1]
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Swamp" in a.label))
    swamp = on_battlefield(g, "Swamp")
    assert len(swamp) == 1 and swamp[0].controller == 1 and swamp[0].tapped
    assert names(g, 1, "library") == ["Island"]
    g.push(Action("pass"))
