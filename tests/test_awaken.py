"""Awaken (CR 702.113) with real cards from the card corpus: an alternative cost that adds a
target land and an effect to the spell. The scenarios/cards/cr-702-113-* files play Coastal
Discovery."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.engine.filters import matches
from manastack.oracle import ir

from . import game_helpers

ALICE, BOB = 0, 1


def board(db, players: str) -> Game:
    return game_helpers.board(db, players, turn=3)


def test_ruinous_path_awakened_has_two_targets_and_makes_an_elemental(db):
    """Ruinous Path for {5}{B}{B}: its own target, then the land (CR 702.113a); after a save and
    load the land is a 4/4 Elemental creature land with haste."""
    g = board(db, """
  - name: Alice
    hand: [Ruinous Path]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert g.pending.kind == "alternative_cost"
    g.push(next(a for a in g.legal_actions() if a.kind == "alternative"))
    targets = []
    while g.pending.kind == "targets":
        acts = [a for a in g.legal_actions() if a.kind == "target"]
        targets.append(acts[0].label)
        g.push(acts[0])
    assert targets == ["target Swamp"]       # the Bears, the only creature, were chosen without asking
    s = g.current_state()
    assert len(s.stack[0].targets) == 2
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    g = Game.from_json(g.to_json(), db)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[BOB].graveyard] == ["Grizzly Bears"]
    [land] = [o for o in s.permanents(ALICE) if o.counters]
    assert matches(s, land, ir.Filter(types=("Creature", "Land"), subtypes=("Elemental",)), None)
    assert "awaken" in g.explain() and "Elemental" in g.explain()


def test_awaken_needs_a_land_of_yours(db):
    g = board(db, """
  - name: Alice
    hand: [Coastal Discovery]
    battlefield: [{card: Ornithopter}]
  - name: Bob
    battlefield: [Island, Island, Island, Island, Island, Island]
""")
    from manastack.engine.costs.alternative import alternatives
    s = g.current_state()
    assert alternatives(s, ALICE, s.objs[s.players[ALICE].hand[0]]) == []
