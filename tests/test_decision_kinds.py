"""Decision kinds are one enum, :class:`manastack.DecisionKind`, equal to their strings."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manastack import Action, Decision, DecisionKind, Game, RandomAgent

KINDS = [k.value for k in DecisionKind]


@given(st.sampled_from(KINDS))
def test_a_kind_given_as_a_string_becomes_the_member(kind):
    d = Decision(0, kind, "prompt", (Action("pass"),))
    assert d.kind is DecisionKind(kind) and d.kind == kind


@given(st.text(max_size=30).filter(lambda t: t not in KINDS))
def test_any_other_kind_is_refused(kind):
    with pytest.raises(ValueError, match="is not a valid DecisionKind"):
        Decision(0, kind, "prompt", ())


def test_kinds_are_unique_and_compare_as_strings():
    assert len(set(KINDS)) == len(KINDS)
    assert "unless_pay" not in KINDS      # one kind for "pay or else" (CR 118.12)
    assert DecisionKind.PRIORITY == "priority" and f"{DecisionKind.X}" == "x"


def test_every_decision_of_a_random_game_has_a_kind():
    game = Game.new("gruul-stompy", "azorius-skies", seed=5)
    agents = [RandomAgent(1), RandomAgent(2)]
    seen = set()
    for _ in range(400):
        d = game.pending
        if d is None:
            break
        assert isinstance(d.kind, DecisionKind)
        seen.add(d.kind)
        game.push(agents[d.player].choose(game, d))
    assert {DecisionKind.MULLIGAN, DecisionKind.PRIORITY} <= seen
