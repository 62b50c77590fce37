"""Benchmark: environment steps per second of ``manastack.rl.MagicEnv`` against the random agent.

    python bench/rl_steps.py [--steps 400] [--seed 1]

Runs ``--steps`` vectorized steps (masked random actions) with gymnasium's ``SyncVectorEnv``
of one environment, and with ``AsyncVectorEnv`` of one and of two worker processes, and prints
environment steps per second of wall time for each (one vectorized step of n environments is n
environment steps; episodes that end restart by themselves), and for the synchronous run also
per CPU second, which other load on the machine doesn't skew. Needs the rl extra.
"""
from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

from manastack.gc_tuning import raise_gc_threshold
from manastack.rl import MagicEnv


def make() -> MagicEnv:
    raise_gc_threshold()            # in each process that steps environments (manastack.gc_tuning)
    return MagicEnv(opponent="random")


def measure(vec, steps: int, seed: int) -> tuple[float, float]:
    """Environment steps per second over ``steps`` vectorized steps: per second of wall time,
    and per second of this process's CPU time (which excludes worker processes)."""
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in obs["action_mask"]])
        obs, *_ = vec.step(actions)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    vec.close()
    return steps * vec.num_envs / elapsed, steps * vec.num_envs / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400, help="vectorized steps per run (1-100000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.steps <= 100_000:
        parser.error("--steps must be between 1 and 100000")
    runs = (("SyncVectorEnv, 1 env", lambda: gymnasium.vector.SyncVectorEnv([make])),
            ("AsyncVectorEnv, 1 process", lambda: gymnasium.vector.AsyncVectorEnv([make])),
            ("AsyncVectorEnv, 2 processes", lambda: gymnasium.vector.AsyncVectorEnv([make, make])))
    for name, build in runs:
        wall, cpu = measure(build(), args.steps, args.seed)
        line = f"{name}: {wall:.1f} env steps/s"
        if name.startswith("Sync"):      # all the work is in this process: a figure load can't skew
            line += f" ({cpu:.1f} per CPU second)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
