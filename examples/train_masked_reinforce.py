"""Train a masked policy against an agent with REINFORCE, in plain numpy, and report its win rate.

    python examples/train_masked_reinforce.py [--episodes 300] [--eval 100] [--opponent random]

The policy is linear: logits = W·f(observation) + b, with f a signed log scaling of the
observation vector; indices outside the action mask get probability 0 (the softmax runs over
the masked-in indices only). Each episode is one game of the Gymnasium environment
``manastack.rl.MagicEnv`` (seat drawn at random); the return is the game's reward (+1 won,
-1 lost, 0 for a draw or a game cut short) and a running mean of returns is the baseline. After training, the policy plays
``--eval`` more games, sampling its actions, and the script prints the win rate before and
after training (measured on the same evaluation seeds).
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from manastack.rl import ACTION_SIZE, OBSERVATION_SIZE, MagicEnv


def features(observation: np.ndarray) -> np.ndarray:
    return np.sign(observation) * np.log1p(np.abs(observation))


class MaskedLinearPolicy:
    """A softmax over the masked-in actions of a linear function of the observation."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.w = np.zeros((ACTION_SIZE, OBSERVATION_SIZE), dtype=np.float32)
        self.b = np.zeros(ACTION_SIZE, dtype=np.float32)
        self.rng = rng

    def act(self, obs: dict) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """Sample an action; returns it with what its gradient needs."""
        x = features(obs["observation"])
        legal = np.flatnonzero(obs["action_mask"])
        logits = self.w[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        p /= p.sum()
        k = self.rng.choice(len(legal), p=p)
        return int(legal[k]), legal, p, x

    def update(self, steps: list, advantage: float, lr: float) -> None:
        """REINFORCE: raise the log-probability of each taken action by lr * advantage."""
        for k, legal, p, x in steps:
            grad = -p
            grad[k] += 1.0                      # d log p[k] / d logits of the legal actions
            self.w[legal] += (lr * advantage * grad)[:, None] * x[None, :]
            self.b[legal] += lr * advantage * grad


def play(env: MagicEnv, policy: MaskedLinearPolicy, seed: int) -> tuple[float, list]:
    obs, _ = env.reset(seed=seed)
    steps, reward, done = [], 0.0, False
    while not done:
        action, legal, p, x = policy.act(obs)
        steps.append((int(np.flatnonzero(legal == action)[0]), legal, p, x))
        obs, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return reward, steps


def win_rate(env: MagicEnv, policy: MaskedLinearPolicy, games: int, seed: int) -> float:
    return sum(play(env, policy, seed + i)[0] > 0 for i in range(games)) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=300, help="training games (1-100000)")
    parser.add_argument("--eval", type=int, default=100, help="evaluation games (1-100000)")
    parser.add_argument("--opponent", default="random", help="the opponent's agent spec")
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate (0-10]")
    parser.add_argument("--max-decisions", type=int, default=5000,
                        help="decisions by either player per game before it is cut short (1-100000)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not 1 <= args.episodes <= 100_000 or not 1 <= args.eval <= 100_000:
        parser.error("--episodes and --eval must be between 1 and 100000")
    if not 1 <= args.max_decisions <= 100_000:
        parser.error("--max-decisions must be between 1 and 100000")
    if not 0 < args.lr <= 10:
        parser.error("--lr must be in (0, 10]")
    try:
        env = MagicEnv(opponent=args.opponent, seat=None, illegal_action="raise",
                       max_decisions=args.max_decisions)
    except ValueError as exc:
        parser.error(f"--opponent: {exc}")
    rng = np.random.default_rng(args.seed)
    policy = MaskedLinearPolicy(rng)
    eval_seed = 1_000_000 + args.seed
    before = win_rate(env, policy, args.eval, eval_seed)
    baseline, wins = 0.0, 0
    for episode in range(1, args.episodes + 1):
        reward, steps = play(env, policy, args.seed * 100_003 + episode)
        policy.update(steps, reward - baseline, args.lr)
        baseline += 0.05 * (reward - baseline)
        wins += reward > 0
        if episode % 50 == 0 or episode == args.episodes:
            print(f"episode {episode}: {wins / episode:.1%} won so far", flush=True)
    after = win_rate(env, policy, args.eval, eval_seed)
    print(f"win rate against {args.opponent} over {args.eval} games: "
          f"{before:.1%} untrained, {after:.1%} after {args.episodes} training games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
