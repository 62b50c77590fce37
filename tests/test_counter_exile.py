"""Counterspells that exile what they counter, "If that spell is countered this way, exile it
instead of putting it into its owner's graveyard." (a self-replacement effect, CR 614.15), with
real cards from the card corpus. The scenarios/cards/cr-614-15-* files play Dissipate."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir
from manastack.scenario import Scenario

ALICE, BOB = 0, 1


def test_the_sentence_joins_the_counter_before_it(db):
    [spell] = db.get("Dissipate").abilities
    assert spell.effects == (ir.CounterSpell(ir.Target(0), exile=True),)
    [spell] = db.get("Syncopate").abilities
    assert type(spell.effects[0]) is ir.CounterUnlessPays and spell.effects[0].exile


def test_syncopate_exiles_the_spell_when_its_controller_can_not_pay(db):
    sc = Scenario.from_text("""
turn: 3
players:
  - name: Alice
    hand: [Syncopate]
    battlefield: [Island, Island]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), next((a for a in acts if "Alice" in a.label), acts[0])))
    g.push(Action("pass"))                                             # Bob passes
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))     # Alice: Syncopate
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "x" and a.args == (1,)),
                    next((a for a in acts if a.kind == "autopay"), acts[0])))
    g.push(Action("pass"))
    g.push(Action("pass"))            # Bob's only Mountain is tapped: he can't pay {1}
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[BOB].exile] == ["Lightning Bolt"]
    assert s.players[BOB].graveyard == []
