"""Triggers on what creatures and other permanents do (CR 603.2, 603.6, 603.10), and the
effects those abilities bring ("you may gain 1 life", the objects the event names)."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, pick, resolve, stack_labels


def test_soul_attendant_may_gain_life_as_another_creature_enters(corpus_db):
    """"you may gain 1 life": the controller chooses as it resolves (CR 603.5, 608.2d)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Llanowar Elves, Elvish Mystic]
    battlefield: [Soul's Attendant, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == ["Soul's Attendant's ability"]
    resolve(g)
    pick(g, "yes")
    assert g.state.players[0].life == 21
    cast_and_pay(g, "cast Elvish Mystic")
    resolve(g)
    resolve(g)
    pick(g, "no")
    assert g.state.players[0].life == 21


def test_ondu_cleric_gains_life_equal_to_the_allies(corpus_db):
    """"you may gain life equal to the number of Allies you control", counted on resolution."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ondu Cleric]
    battlefield: [Kazandu Blademaster, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ondu Cleric")
    resolve(g)
    pick(g, "put Kazandu Blademaster's ability")     # first on the stack: it resolves last
    assert stack_labels(g) == ["Kazandu Blademaster's ability", "Ondu Cleric's ability"]
    resolve(g)
    pick(g, "yes")
    assert g.state.players[0].life == 22
