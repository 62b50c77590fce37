"""What a trigger saw is told without naming a card its controller can't see (CR 400.2): the
card an opponent drew stays hidden in the labels of the trigger-ordering choice and the log."""
from __future__ import annotations

from manastack.game import Game
from manastack.scenario import Scenario

SCENARIO = """\
turn: 3
active: Bob
step: upkeep
cards:
  - name: Dream Tax
    mana_cost: "{1}{B}"
    type: Enchantment
    text: Whenever an opponent draws a card, you gain 1 life.
  - name: Dream Sting
    mana_cost: "{1}{B}"
    type: Enchantment
    text: Whenever an opponent draws a card, you lose 1 life.
players:
  - name: Alice
    battlefield: [Dream Tax, Dream Sting]
  - name: Bob
    library: [Lightning Bolt, Forest]
"""


def test_the_ordering_labels_and_the_log_dont_name_the_card_drawn():
    sc = Scenario.from_text(SCENARIO)
    game = Game.from_state(sc.state.copy(), sc.db)
    for _ in range(20):
        d = game.pending
        if d.kind == "order_triggers":
            break
        game.push(d.options[0])
    assert d.kind == "order_triggers" and d.player == 0
    drawn = game.current_state().players[1].hand
    assert [game.current_state().objs[i].card.name for i in drawn] == ["Lightning Bolt"]
    labels = [o.label for o in d.options]
    assert any("Bob drawing a card" in label for label in labels), labels
    assert not any("Lightning Bolt" in label for label in labels + [d.prompt])
    assert not any("Lightning Bolt" in e.text for e in game.log)
