"""``Game.push(label)``: a label that names several different actions is refused, not guessed."""
from __future__ import annotations

import pytest

from manastack import IllegalActionError
from manastack.scenario import Scenario

TWO_FORESTS = """
players:
  - name: Alice
    hand: [Forest, Forest, Mountain]
  - name: Bob
"""


def _game():
    return Scenario.from_text(TWO_FORESTS).run().game


def test_a_shared_label_raises_and_lists_the_actions():
    game = _game()
    forests = [a for a in game.legal_actions() if a.label == "play Forest"]
    assert len(forests) == 2 and forests[0] != forests[1]
    with pytest.raises(IllegalActionError) as err:
        game.push("play Forest")
    message = str(err.value)
    assert "names 2 different actions" in message
    for a in forests:
        assert f"{a.kind}{a.args}" in message
    assert game.move_stack == []            # nothing changed


def test_a_unique_label_and_an_action_still_work():
    game = _game()
    game.push("play Mountain")
    assert [game.current_state().objs[i].card.name for i in game.current_state().battlefield] == ["Mountain"]
    game.pop()
    forest = next(a for a in game.legal_actions() if a.label == "play Forest")
    game.push(forest)
    assert game.move_stack == [forest]
