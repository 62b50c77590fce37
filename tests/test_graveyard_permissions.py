"""Permissions to cast a card from a graveyard, played with the real cards and checked against
their rulings: Emry, Lurker of the Loch's "Choose target artifact card in your graveyard. You may
cast that card this turn." (CR 601.3): its costs paid, its timing kept, not a land played
(CR 305.1), and not the new object it becomes (CR 400.7)."""
from __future__ import annotations

from manastack.engine.decisions import Action, DecisionKind

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, labels, names, on_battlefield

ALICE, BOB = 0, 1

_EMRY = """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Island, Island]
    graveyard: [{graveyard}]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
"""


def _emry(db, graveyard: str = "Mind Stone"):
    return board(db, _EMRY.format(graveyard=graveyard))


def _casts(g) -> list[str]:
    return [x for x in labels(g) if x.startswith("cast ")]


def test_emry_lets_the_target_artifact_be_cast_from_the_graveyard(db):
    """The targeted artifact card may be cast this turn from the graveyard, paying its mana cost."""
    g = _emry(db)
    assert _casts(g) == []
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    assert _casts(g) == ["cast Mind Stone from the graveyard"]
    cast_and_pay(g, "cast Mind Stone")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Mind Stone") and names(g, ALICE, "graveyard") == []
    assert all(o.tapped for o in on_battlefield(g, "Island") + on_battlefield(g, "Emry, Lurker of the Loch"))


def test_emry_does_not_let_an_artifact_land_be_played(db):
    """Emry's ruling: an effect that lets you cast a card doesn't let you play a land (CR 305.1)."""
    g = _emry(db, "Seat of the Synod")
    cast_and_pay(g, "activate Emry", "Seat of the Synod")
    answer_until_stack_empty(g)
    assert not any("Seat of the Synod" in x for x in labels(g) if not x.startswith("activate"))
    assert names(g, ALICE, "graveyard") == ["Seat of the Synod"]


def test_emry_keeps_the_cards_timing(db):
    """Emry's ruling: the normal timing rules apply: a sorcery-speed artifact can't be cast
    while an ability is on the stack (CR 307.1)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Prodigal Sorcerer, Island, Island]
    graveyard: [Mind Stone]
  - name: Bob
""")
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    cast_and_pay(g, "activate Prodigal Sorcerer", "Bob")
    assert g.current_state().stack and _casts(g) == []


def test_emry_permission_is_for_that_object_only(db):
    """Emry's ruling: once cast, the card is a new object; back in the graveyard the same turn
    (countered), it can't be cast again (CR 400.7)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Emry, Lurker of the Loch", Island, Island, Island, Island]
    graveyard: [Mind Stone]
  - name: Bob
    hand: [Counterspell]
    battlefield: [Island, Island]
""")
    cast_and_pay(g, "activate Emry", "Mind Stone")
    answer_until_stack_empty(g)
    cast_and_pay(g, "cast Mind Stone")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Counterspell", "Mind Stone")
    answer_until_stack_empty(g)
    assert names(g, ALICE, "graveyard") == ["Mind Stone"] and _casts(g) == []


def test_emry_permission_ends_with_the_turn(db):
    """"this turn": in Bob's turn the card can no longer be cast from the graveyard (CR 514.2)."""
    g = board(db, """
  - name: Alice
    hand: [Mox Opal]
    battlefield: ["Emry, Lurker of the Loch", Island, Island]
    graveyard: [Mox Opal]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    cast_and_pay(g, "activate Emry", "Mox Opal")
    answer_until_stack_empty(g)
    assert "cast Mox Opal from the graveyard" in _casts(g)
    for _ in range(60):
        s = g.current_state()
        if s.active == BOB and g.pending.kind == DecisionKind.PRIORITY and g.pending.player == ALICE:
            break
        g.push(Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[0])
    assert not any("from the graveyard" in x for x in labels(g))
