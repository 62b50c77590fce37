"""Miracle (CR 702.94) with real cards from the card corpus: the first card drawn in a turn may
be revealed, which triggers a cast for its miracle cost. The scenarios/cards/cr-702-94-* files
play Thunderous Wrath."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.scenario import Scenario

ALICE, BOB = 0, 1


def at_draw(db, library: str) -> Game:
    sc = Scenario.from_text(f"""
turn: 3
step: upkeep
players:
  - name: Alice
    library: [{library}]
    battlefield: [Mountain]
  - name: Bob
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    g.push(Action("pass"))
    g.push(Action("pass"))
    return g


def test_the_count_of_cards_drawn_is_saved_and_the_reveal_may_be_declined(db):
    g = at_draw(db, "Thunderous Wrath")
    assert g.pending.kind == "may" and "miracle" in g.pending.prompt
    g = Game.from_json(g.to_json(), db)          # saved in the middle of the draw
    g.push(Action("no"))
    g = Game.from_json(g.to_json(), db)
    s = g.current_state()
    assert s.players[ALICE].drawn_this_turn == 1
    assert [s.objs[i].card.name for i in s.players[ALICE].hand] == ["Thunderous Wrath"]
    assert not s.stack and "miracle ability triggers" not in g.explain()


def test_a_miracle_card_left_in_hand_is_not_cast_later(db):
    """Declining to cast as the ability resolves keeps the card in hand (ruling 2018-07-13)."""
    g = at_draw(db, "Thunderous Wrath")
    g.push(Action("yes"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "may" and "miracle cost {R}" in g.pending.prompt
    g.push(Action("no"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].hand] == ["Thunderous Wrath"]
    assert "it stays in its owner's hand" in g.explain()
