"""The training example runs end to end for a few games and reports a win rate."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (pip install 'manastack[rl]') is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (pip install 'manastack[rl]') is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'manastack[rl]') is not installed")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_masked_reinforce.py"


def _load():
    spec = importlib.util.spec_from_file_location("train_masked_reinforce", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_runs_and_reports_a_win_rate(capsys):
    example = _load()
    assert example.main(["--episodes", "2", "--eval", "1", "--seed", "3", "--max-decisions", "15"]) == 0
    out = capsys.readouterr().out
    assert "win rate against random over 1 games:" in out
    assert "after 2 training games" in out


def test_training_changes_the_policy():
    example = _load()
    env = example.MagicEnv(opponent="random", illegal_action="raise", max_decisions=15)
    policy = example.MaskedLinearPolicy(np.random.default_rng(0))
    reward, steps = example.play(env, policy, seed=5)
    assert steps and reward in (-1.0, 0.0, 1.0)
    policy.update(steps, 1.0, 0.1)
    assert np.abs(policy.w).sum() > 0


def test_bad_arguments_are_refused(capsys):
    example = _load()
    with pytest.raises(SystemExit) as exc:
        example.main(["--episodes", "0"])
    assert exc.value.code == 2
    assert "--episodes and --eval must be between 1 and 100000" in capsys.readouterr().err


def test_a_rewarded_episode_makes_its_actions_likelier_and_actions_of_a_kind_share_weights():
    example = _load()
    env = example.MagicEnv(opponent="random", illegal_action="raise", max_decisions=15)
    policy = example.MaskedLinearPolicy(np.random.default_rng(0))
    _reward, steps = example.play(env, policy, seed=5)

    def prob(step):
        k, legal, _p, x = step
        logits = policy.w[example.KIND_OF[legal]] @ x + policy.b[legal]
        p = np.exp(logits - logits.max())
        return (p / p.sum())[k]

    chosen = [(k, legal) for k, legal, p, _x in steps if len(legal) > 1]
    assert chosen
    before = [prob(s) for s in steps if len(s[1]) > 1]
    policy.update(steps, 1.0, 0.5)
    after = [prob(s) for s in steps if len(s[1]) > 1]
    assert sum(after) > sum(before)
    assert example.KIND_OF[example.BLOCKS["cast"].start] == example.KIND_OF[example.BLOCKS["cast"].start + 5]
