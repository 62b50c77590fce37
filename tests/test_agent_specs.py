"""Agent specs (``name`` or ``name:key=value,...``): building agents, and refusing bad specs
with a one-line reason."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack import HeuristicAgent, RandomAgent
from manastack.agents import AGENTS, AgentSpecError, parse_agent, split_agent_specs
from manastack.cli import main
from manastack.mcts import MCTSAgent


def test_names_build_their_agents():
    assert isinstance(parse_agent("random", 3), RandomAgent)
    assert isinstance(parse_agent("heuristic", 3), HeuristicAgent)
    agent = parse_agent("mcts:iterations=200,c=1.5,horizon=2", 3)
    assert isinstance(agent, MCTSAgent)
    assert (agent.config.iterations, agent.config.exploration, agent.config.horizon) == (200, 1.5, 2)
    assert parse_agent(" mcts : seconds=0.5 ", 0).config.seconds == 0.5


@pytest.mark.parametrize("spec, message", [
    ("bogus", "unknown agent 'bogus'"),
    ("mcts:depth=3", "agent 'mcts' has no parameter 'depth'"),
    ("heuristic:iterations=3", "it takes no parameters"),
    ("mcts:iterations=abc", "iterations='abc' is not an integer"),
    ("mcts:iterations=0", "out of range"),
    ("mcts:iterations", "needs a value"),
    ("mcts:iterations=2,iterations=3", "given twice"),
    ("", "agent spec is empty"),
    ("mcts:" + "x" * 300, "longer than 200"),
])
def test_bad_specs_say_why(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        parse_agent(spec, 0)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_any_text_builds_an_agent_or_says_why(spec):
    try:
        agent = parse_agent(spec, 0)
    except AgentSpecError as exc:
        assert "\n" not in str(exc)
    else:
        assert hasattr(agent, "choose")
        assert spec.strip().partition(":")[0].strip() in AGENTS


def test_agent_lists_keep_their_parameters_together():
    assert split_agent_specs("mcts:iterations=50,c=1,heuristic") == ["mcts:iterations=50,c=1", "heuristic"]
    assert split_agent_specs("random,mcts") == ["random", "mcts"]


def test_play_takes_specs_and_refuses_bad_ones():
    runner = CliRunner()
    result = runner.invoke(main, ["play", "--agents", "mcts:iterations=1,first", "--seed", "4", "--quiet"])
    assert result.exit_code == 0, result.output
    assert " wins" in result.output or "Draw" in result.output
    result = runner.invoke(main, ["play", "--agents", "mcts:iterations=many,random"])
    assert result.exit_code == 2
    assert "iterations='many' is not an integer" in result.output
    assert "Traceback" not in result.output
