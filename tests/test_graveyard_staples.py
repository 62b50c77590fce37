"""Staples that work from a graveyard or put cards onto the battlefield from there, played with
the real cards and checked against their rulings: Narcomoeba's trigger from the graveyard it went
to (CR 603.6c, 603.10a), ..."""
from __future__ import annotations

from manastack.engine.decisions import Action, DecisionKind

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, names, on_battlefield, pick

ALICE, BOB = 0, 1


def _milled_narcomoeba(db, bob_battlefield: str = "[]"):
    g = board(db, f"""
  - name: Alice
    hand: [Thought Scour]
    battlefield: [Island]
    library: [Narcomoeba, Island, Island, Island]
  - name: Bob
    battlefield: {bob_battlefield}
""")
    cast_and_pay(g, "cast Thought Scour", "Alice")
    g.push(Action("pass"))
    g.push(Action("pass"))          # Thought Scour resolves: Narcomoeba is milled
    return g


def test_narcomoeba_milled_may_be_put_onto_the_battlefield(db):
    """CR 603.6c: the ability triggers as the card reaches its owner's graveyard from the
    library; its owner may put it onto the battlefield."""
    g = _milled_narcomoeba(db)
    assert "Narcomoeba" in names(g, ALICE, "graveyard") and len(g.current_state().stack) == 1
    answer_until_stack_empty(g, "yes")
    assert on_battlefield(g, "Narcomoeba") and "Narcomoeba" not in names(g, ALICE, "graveyard")
    assert on_battlefield(g, "Narcomoeba")[0].controller == ALICE


def test_narcomoeba_may_stay_in_the_graveyard(db):
    g = _milled_narcomoeba(db)
    answer_until_stack_empty(g, "no")
    assert not on_battlefield(g, "Narcomoeba") and "Narcomoeba" in names(g, ALICE, "graveyard")


def test_narcomoeba_exiled_before_its_ability_resolves_stays_exiled(db):
    """Narcomoeba's ruling: removed from the graveyard before the ability resolves, it isn't put
    onto the battlefield (CR 400.7: the exiled card is a new object)."""
    g = _milled_narcomoeba(db, "[Tormod's Crypt]")
    assert g.current_state().stack
    g.push(Action("pass"))          # Alice passes with the trigger on the stack; Bob answers
    pick(g, "activate Tormod's Crypt")
    while g.pending.kind != DecisionKind.PRIORITY:
        g.push(next((a for a in g.legal_actions() if "Alice" in a.label), g.legal_actions()[0]))
    answer_until_stack_empty(g, "yes")
    assert not on_battlefield(g, "Narcomoeba") and "Narcomoeba" in names(g, ALICE, "exile")


def test_narcomoeba_drawn_or_discarded_doesnt_trigger(db):
    """Only a move from the library to the graveyard triggers it: discarded from a hand, it stays."""
    g = board(db, """
  - name: Alice
    hand: [Narcomoeba, Faithless Looting]
    battlefield: [Mountain]
    library: [Island, Island, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Faithless Looting")
    answer_until_stack_empty(g, "Narcomoeba")
    assert "Narcomoeba" in names(g, ALICE, "graveyard") and not g.current_state().stack
    assert not on_battlefield(g, "Narcomoeba")
