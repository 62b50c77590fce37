"""Benchmark: environment steps per second of ``manastack.rl.MagicEnv`` against the random agent.

    python bench/rl_steps.py [--steps 400] [--seed 1]
    python bench/rl_steps.py --against REF [--rounds 3] [--steps 1000] [--seed 1] [--profile FILE]

The plain mode runs ``--steps`` vectorized steps (masked random actions) with gymnasium's
``SyncVectorEnv`` of one environment, and with ``AsyncVectorEnv`` of one and of two worker
processes, and prints environment steps per second of wall time for each (one vectorized step
of n environments is n environment steps; episodes that end restart by themselves), and for
the synchronous run also per CPU second, which other load on the machine doesn't skew. Needs
the rl extra.

``--against REF`` runs the current tree and REF (any git ref) interleaved, each round REF then
the current tree, each in a new process: ``--steps`` steps of ``SyncVectorEnv`` of one
environment on the same seed, the action of each step drawn among the legal answers in the
order the engine lists them, so that both sides play the same games whatever their action
layout. It prints environment steps per CPU-second of each side (the CPU time of the steps
only) and the per-round ratio new/old with its min, median and max, and checks that both sides
played the same answers. ``--profile FILE`` writes a cProfile of each side's run to FILE.old
and FILE.new (top 50 by cumulative and by own time) after the timed rounds.
"""
from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import json
import os
import pstats
import shutil
import statistics
import sys
import time
from pathlib import Path

import gymnasium
import numpy as np

import manastack
from manastack.gc_tuning import raise_gc_threshold
from manastack.rl import MagicEnv
from side_by_side import BenchError, checkout, resolve_ref, run_script

ROOT = Path(__file__).resolve().parent.parent
PROFILE_LINES = 50


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


def side_run(steps: int, seed: int, profile: str | None) -> dict:
    """One side of ``--against``: ``steps`` steps of one synchronous environment, the action
    drawn among the legal answers in the engine's order; the CPU time of the steps alone."""
    vec = gymnasium.vector.SyncVectorEnv([make])
    env = vec.envs[0]
    rng = np.random.default_rng(seed)
    vec.reset(seed=seed)
    digest = hashlib.blake2b(digest_size=8)
    cpu = 0.0
    profiler = cProfile.Profile() if profile else None
    for _ in range(steps):
        ep = env.unwrapped.episode
        answers = ep.answers()
        action = 0
        if answers:
            order = {a: k for k, a in enumerate(ep.game.pending.options)}
            legal = sorted(answers, key=lambda i: order[answers[i]])
            action = legal[int(rng.integers(len(legal)))]
            digest.update(repr(answers[action]).encode())
        start = time.process_time()
        if profiler is not None:
            profiler.enable()
        vec.step(np.array([action]))
        if profiler is not None:
            profiler.disable()
        cpu += time.process_time() - start
    vec.close()
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
    return {"cpu_s": cpu, "steps": steps, "digest": digest.hexdigest(), "module": manastack.__file__}


def profile_text(dump: Path, title: str, root: Path) -> str:
    text = [title]
    for key in ("cumulative", "tottime"):
        stream = io.StringIO()
        pstats.Stats(str(dump), stream=stream).sort_stats(key).print_stats(PROFILE_LINES)
        text.append(f"--- top {PROFILE_LINES} by {key} ---\n{stream.getvalue()}")
    return "\n".join(text).replace(f"{root}{os.sep}", "")


def against(ref: str, rounds: int, steps: int, seed: int, profile: Path | None) -> None:
    try:
        commit = resolve_ref(ROOT, ref)
        with checkout(ROOT, commit) as tmp:
            script = tmp / "rl_steps_side.py"
            shutil.copy(__file__, script)
            shutil.copy(Path(__file__).with_name("side_by_side.py"), tmp / "side_by_side.py")
            trees = {"old": tmp / "tree", "new": ROOT}

            def run(side: str, dump: Path | None = None) -> dict:
                return run_script(script, trees[side], side, ["--steps", str(steps), "--seed", str(seed)]
                                  + (["--dump", str(dump)] if dump is not None else []))

            runs: dict[str, list[dict]] = {"old": [], "new": []}
            for r in range(rounds):
                for side in ("old", "new"):
                    runs[side].append(run(side))
                    print(f"round {r + 1}/{rounds} {side}: {steps / runs[side][-1]['cpu_s']:.1f} steps per CPU-second",
                          file=sys.stderr, flush=True)
            if profile is not None:
                for side in ("old", "new"):
                    dump = tmp / f"{side}.prof"
                    run(side, dump)
                    title = f"cProfile of {steps} RL steps, {side} side ({ref if side == 'old' else 'current tree'})\n"
                    Path(f"{profile}.{side}").write_text(profile_text(dump, title, trees[side]), encoding="utf-8")
    except BenchError as exc:
        sys.exit(f"rl_steps: {exc}")
    rates = {side: [steps / r["cpu_s"] for r in runs[side]] for side in runs}
    ratios = [new / old for old, new in zip(rates["old"], rates["new"])]
    print(f"current tree vs {ref} ({commit[:10]}): {steps} steps of SyncVectorEnv(1 env), {rounds} rounds, seed {seed}")
    for side in ("old", "new"):
        print(f"{side}: steps per CPU-second, median {statistics.median(rates[side]):.1f} "
              f"(min {min(rates[side]):.1f}, max {max(rates[side]):.1f})")
    print(f"speed-up new/old: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}x, max {max(ratios):.2f}x)")
    same = {r["digest"] for side in runs for r in runs[side]}
    print("same answers on both sides: " + ("yes" if len(same) == 1 else "NO"))
    if profile is not None:
        print(f"profiles written to {profile}.old and {profile}.new")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=None, help="vectorized steps per run (1-100000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", metavar="REF", help="compare with this git ref, interleaved")
    parser.add_argument("--rounds", type=int, default=3, help="old/new rounds with --against (1-20)")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="with --against: write profiles to FILE.old, FILE.new")
    parser.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--dump", help=argparse.SUPPRESS)
    args = parser.parse_args()
    steps = args.steps or (1000 if args.against or args.side else 400)
    if not 1 <= steps <= 100_000:
        parser.error("--steps must be between 1 and 100000")
    if not 1 <= args.rounds <= 20:
        parser.error("--rounds must be between 1 and 20")
    if args.side:
        print(json.dumps(side_run(steps, args.seed, args.dump)))
        return
    if args.against:
        if args.profile is not None and not args.profile.parent.is_dir():
            parser.error(f"--profile: no directory {args.profile.parent}")
        against(args.against, args.rounds, steps, args.seed, args.profile)
        return
    if args.profile is not None:
        parser.error("--profile needs --against REF")
    runs = (("SyncVectorEnv, 1 env", lambda: gymnasium.vector.SyncVectorEnv([make])),
            ("AsyncVectorEnv, 1 process", lambda: gymnasium.vector.AsyncVectorEnv([make])),
            ("AsyncVectorEnv, 2 processes", lambda: gymnasium.vector.AsyncVectorEnv([make, make])))
    for name, build in runs:
        wall, cpu = measure(build(), steps, args.seed)
        line = f"{name}: {wall:.1f} env steps/s"
        if name.startswith("Sync"):      # all the work is in this process: a figure load can't skew
            line += f" ({cpu:.1f} per CPU second)"
        print(line, flush=True)


if __name__ == "__main__":
    main()
