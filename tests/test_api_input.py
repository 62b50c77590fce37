"""Bad arguments to the Game API are refused with a clear error and change nothing."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack import Game, IllegalActionError


@pytest.fixture(scope="module")
def game():
    return Game.new("gruul-stompy", "azorius-skies", seed=1)


@pytest.mark.parametrize("bad", [True, False, None, 3.5, b"keep", ["keep"], {"kind": "keep"}])
def test_push_of_something_that_is_no_action_is_refused(game, bad):
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="push\\(\\) takes an Action"):
        game.push(bad)
    assert game.to_json() == before


@pytest.mark.parametrize("seed", ["x", 1.5, None, True, 2 ** 64, -(2 ** 63) - 1])
def test_a_seed_that_is_no_integer_in_range_is_refused(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        Game.new("gruul-stompy", "azorius-skies", seed=seed)


def test_the_extreme_seeds_are_accepted():
    assert Game.new("gruul-stompy", "azorius-skies", seed=2 ** 64 - 1).pending is not None
    assert Game.new("gruul-stompy", "azorius-skies", seed=-(2 ** 63)).pending is not None


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(), st.text(max_size=30), st.floats(), st.none(), st.booleans()))
def test_push_of_any_value_is_legal_or_a_clear_error(game, value):
    g = game.copy()
    try:
        g.push(value)
    except IllegalActionError as exc:
        assert str(exc) and "\n" not in str(exc)
        assert g.to_json() == game.to_json()
