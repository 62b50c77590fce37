""""If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~." (Phantom
creatures, CR 615), with the cards' rulings of 2004-10-04: each damage event removes one counter,
however many sources deal damage at once."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import on_battlefield, pick, resolve


def _nomad(g):
    return on_battlefield(g, "Phantom Nomad")[0]


def test_a_bolt_is_prevented_and_costs_one_counter(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [{card: Phantom Nomad, counters: {+1/+1: 2}}]
""", turn=3)
    pick(g, "cast Lightning Bolt")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay" or "Phantom Nomad" in a.label))
    resolve(g)
    nomad = _nomad(g)
    assert nomad.counters == {"+1/+1": 1} and nomad.damage == 0
    assert ch.power_toughness(g.current_state(), nomad) == (1, 1)


def test_two_blockers_at_once_cost_one_counter(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Phantom Nomad, counters: {+1/+1: 2}, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, blocking: Phantom Nomad}, {card: Savannah Lions, blocking: Phantom Nomad}]
""", turn=5, step="declare_blockers")
    g.push(Action("pass"))
    g.push(Action("pass"))
    while g.pending.kind == "damage":       # the Nomad's 2 damage among its blockers
        g.push(g.legal_actions()[0])
    assert _nomad(g).counters == {"+1/+1": 1}
