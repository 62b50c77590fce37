"""Undo history is opt-in and bounded: playouts keep none, people keep what they ask for."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.engine.serialize import state_to_data


def _advance(game: Game, n: int, seed: int = 3) -> list:
    agent = RandomAgent(seed)
    states = []
    for _ in range(n):
        states.append(state_to_data(game.state))
        game.push(agent.choose(game, game.pending))
    return states


def test_a_bounded_history_takes_back_exactly_its_bound():
    game = Game.new("gruul-stompy", "azorius-skies", seed=4, history=3)
    states = _advance(game, 8)
    for back in range(1, 4):
        game.pop()
        assert state_to_data(game.state) == states[-back]
    with pytest.raises(IndexError):
        game.pop()


def test_a_game_without_history_cannot_take_back():
    game = Game.new("gruul-stompy", "azorius-skies", seed=4, history=False)
    _advance(game, 5)
    assert game.move_stack == []
    with pytest.raises(IndexError, match="keeps no history"):
        game.pop()


def test_copies_keep_no_history_unless_asked():
    game = Game.new("gruul-stompy", "azorius-skies", seed=4)
    states = _advance(game, 6)
    playout = game.copy()
    _advance(playout, 3)
    with pytest.raises(IndexError):
        playout.pop()
    twin = game.copy(history=True)
    assert twin.move_stack == game.move_stack
    twin.pop()
    assert state_to_data(twin.state) == states[-1]
    assert len(game.move_stack) == 6    # the original is untouched


@pytest.mark.parametrize("bad", [0, -1, "yes", 2.5])
def test_a_history_bound_must_be_a_positive_number(bad):
    with pytest.raises(ValueError, match="history must be"):
        Game.new("gruul-stompy", "azorius-skies", seed=4, history=bad)


def test_the_state_handed_out_is_a_copy_that_changes_nothing():
    game = Game.new("gruul-stompy", "azorius-skies", seed=4)
    _advance(game, 30)
    twin = game.copy()
    before = state_to_data(game.state)
    s = game.state
    s.players[0].life = 1
    for o in s.objs.values():          # every zone, the hidden ones included
        o.tapped = not o.tapped
    game.current_state().players[1].life = 99
    assert state_to_data(game.state) == before
    assert state_to_data(twin.state) == before
