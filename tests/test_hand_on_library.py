"""Cards put from the hand on top of the library, in the order chosen (CR 401.4): Brainstorm.
The player chooses one card at a time, so the card put last is the top card; the opponent learns
how many cards went back, not which (CR 400.2)."""
from __future__ import annotations

from manastack.engine.decisions import Action, DecisionKind

from .game_helpers import board, cast_and_pay, names, resolve


def _names_top_first(g, player: int) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in reversed(s.players[player].library)]


def test_brainstorm_puts_two_back_in_the_order_chosen(db):
    g = board(db, """
  - name: Alice
    hand: [Brainstorm, Shock]
    battlefield: [Island]
    library: [Island, Mountain, Plains, Swamp]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Brainstorm")
    resolve(g)
    d = g.pending
    assert d.kind == DecisionKind.HAND_TO_LIBRARY and d.player == 0
    assert sorted(a.label for a in g.legal_actions()) == ["Island", "Mountain", "Plains", "Shock"]
    g.push("Mountain")
    assert "it will be the top card" in g.pending.prompt
    g.push("Shock")
    assert _names_top_first(g, 0) == ["Shock", "Mountain", "Swamp"]
    assert names(g, 0, "hand") == ["Island", "Plains"]
    log = [line for line in g.explain().splitlines() if "from their hand on top" in line]
    assert log and "Shock" not in log[0] and "Mountain" not in log[0]


def test_the_choices_are_the_cards_in_hand_after_drawing(db):
    """The three cards drawn can go back: the choice is made after the draw (CR 608.2c)."""
    g = board(db, """
  - name: Alice
    hand: [Brainstorm]
    battlefield: [Island]
    library: [Forest, Mountain, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Brainstorm")
    resolve(g)
    g.push(Action("choose", (next(a for a in g.legal_actions() if a.label == "Forest").args[0],), "Forest"))
    g.push("Plains")
    assert _names_top_first(g, 0) == ["Plains", "Forest"]
    assert names(g, 0, "hand") == ["Mountain"]
