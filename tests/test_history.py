"""Undo history: playouts keep none, people keep what they ask for; an unbounded one keeps
checkpoints and takes moves back by playing them again."""
from __future__ import annotations

import pytest

import manastack.game
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


def _walk(game: Game, n: int, seed: int, concede_at: int | None = None) -> list:
    """Push ``n`` random moves (a concession by the last seat after ``concede_at`` of them);
    return, before each, the move, the save, the state and the options offered."""
    agent = RandomAgent(seed)
    seen = []
    for k in range(n):
        if game.pending is None:
            break
        if k == concede_at:
            seen.append((None, game.to_json(), state_to_data(game.state), [o.label for o in game.pending.options]))
            game.concede(len(game.state.players) - 1)
            continue
        action = agent.choose(game, game.pending)
        seen.append((action, game.to_json(), state_to_data(game.state), [o.label for o in game.pending.options]))
        game.push(action)
    return seen


@pytest.mark.parametrize("decks,concede_at", [(("gruul-stompy", "azorius-skies"), None),
                                              (("mono-green", "red-green", "gruul-stompy", "azorius-skies"), 45)])
def test_every_move_is_taken_back_exactly_from_checkpoints(decks, concede_at):
    # an unbounded history keeps the game only every CHECKPOINT_EVERY moves (and around a
    # concession) and plays the moves since again: each pop gives back the same save, state
    # and options, also after moves taken back and pushed again
    game = Game.new(*decks, seed=9)
    seen = _walk(game, 120, 5, concede_at)
    kept = sum(1 for entry in game._history if entry[0] is not None)
    assert kept <= len(seen) // manastack.game.CHECKPOINT_EVERY + 3
    for _ in range(39):
        game.pop()
    for action, *_ in seen[-39:]:
        game.push(action)
    for action, save, state, options in reversed(seen):
        taken = game.pop()
        if action is not None:
            assert taken == action
        assert game.to_json() == save and state_to_data(game.state) == state
        assert [o.label for o in game.pending.options] == options
    with pytest.raises(IndexError):
        game.pop()
