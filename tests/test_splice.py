"""Splice onto Arcane (CR 702.47) with real cards from the card corpus. The
scenarios/cards/cr-702-47-* files play Glacial Ray spliced onto Kodama's Might."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action

from . import game_helpers

ALICE, BOB = 0, 1


def board(db, players: str) -> Game:
    return game_helpers.board(db, players, turn=3)


def test_a_second_copy_splices_and_the_spliced_spell_saves(db):
    """Desperate Ritual spliced onto Desperate Ritual: the one cast is on the stack, so only the
    other copy in hand is offered (ruling 2013-06-07: a card can't be spliced onto itself); the
    spell adds {R}{R}{R} twice; saved on the stack, it keeps the copied text."""
    g = board(db, """
  - name: Alice
    hand: [Desperate Ritual, Desperate Ritual]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert g.pending.kind == "may" and "splice" in g.pending.context
    g.push(Action("yes"))
    assert g.pending.kind == "pay" and "Pay {2}{R}{R}" in g.pending.prompt      # {1}{R} plus {1}{R}
    g.push(Action("autopay"))
    g = Game.from_json(g.to_json(), db)
    s = g.current_state()
    assert s.stack[0].card.text.count("Add {R}{R}{R}.") == 2
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert s.players[ALICE].pool.get("R", 0) == 6
    assert [s.objs[i].card.name for i in s.players[ALICE].hand] == ["Desperate Ritual"]
    [ritual] = [s.objs[i] for i in s.players[ALICE].graveyard]
    assert ritual.card.text.count("Add {R}{R}{R}.") == 1           # the card it was (CR 702.47e)


def test_splice_is_not_offered_when_its_cost_cannot_be_paid(db):
    g = board(db, """
  - name: Alice
    hand: [Desperate Ritual, Desperate Ritual]
    battlefield: [Mountain, Mountain]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert g.pending.kind == "pay" and "{1}{R}" in g.pending.prompt
