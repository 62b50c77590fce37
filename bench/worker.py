"""One side of a side-by-side benchmark: random play of one deck pair, timed in CPU seconds.

    PYTHONPATH=<tree> python3 worker.py < job.json > result.json

``bench/run.py --against`` copies this script out of the current tree and runs it once per side
and round, with ``PYTHONPATH`` naming that side's tree, so both sides run the same measuring
code. It uses only the public API that every measured version has (``Game.new`` with lists of
card names, ``pending``, ``push``, ``copy``, ``to_json``, ``Game.from_json``, ``RandomAgent``),
and the standard library.

The job (JSON on stdin) names the two decks as lists of card names, the number of games, the
first seed, and optionally a file for a raw cProfile dump. The answer (JSON on stdout) gives the
decisions played, the CPU seconds they took (``time.process_time()``, game set-up included,
sampling excluded), the decisions of each game (equal on both sides when they play the same
games), and the median CPU microseconds of ``Game.copy()`` and of a JSON save plus load at
sampled decisions.
"""
from __future__ import annotations

import cProfile
import json
import statistics
import sys
import time

import manastack
from manastack import Game, RandomAgent

SAMPLE_EVERY = 97      # decisions between two sampled games (for copy and save+load)
MAX_SAMPLES = 40       # sampled games kept per job
COPY_REPEAT = 200      # copies timed per sampled game


def play(job: dict) -> tuple[list[int], float, list[Game]]:
    """Play the job's games; return decisions per game, their CPU seconds, sampled games."""
    per_game: list[int] = []
    samples: list[Game] = []
    cpu = 0.0
    seed = job["seed"]
    for i in range(job["games"]):
        agents = [RandomAgent(seed * 1000 + 2 * i), RandomAgent(seed * 1000 + 2 * i + 1)]
        decisions = 0
        t0 = time.process_time()
        game = Game.new(job["deck_a"], job["deck_b"], seed=seed + i)
        while game.pending is not None:
            if decisions % SAMPLE_EVERY == 0 and len(samples) < MAX_SAMPLES:
                cpu += time.process_time() - t0
                samples.append(game.copy())
                t0 = time.process_time()
            game.push(agents[game.pending.player].choose(game, game.pending))
            decisions += 1
        cpu += time.process_time() - t0
        per_game.append(decisions)
    return per_game, cpu, samples


def copy_us(samples: list[Game]) -> float:
    """Median CPU microseconds of ``Game.copy()`` over the sampled games."""
    times = []
    for game in samples:
        t0 = time.process_time()
        for _ in range(COPY_REPEAT):
            game.copy()
        times.append((time.process_time() - t0) / COPY_REPEAT * 1e6)
    return statistics.median(times)


def save_load_us(samples: list[Game]) -> float:
    """Median CPU microseconds of ``to_json()`` plus ``Game.from_json()`` over the samples."""
    times = []
    for game in samples:
        t0 = time.process_time()
        Game.from_json(game.to_json())
        times.append((time.process_time() - t0) * 1e6)
    return statistics.median(times)


def main() -> int:
    try:
        job = json.load(sys.stdin)
        deck_a, deck_b = job["deck_a"], job["deck_b"]
    except (ValueError, KeyError, TypeError) as exc:
        print(f"worker: stdin: expected a JSON job with deck_a, deck_b, games, seed ({exc})",
              file=sys.stderr)
        return 2
    # a process that plays games in bulk opts in to a raised collector threshold; versions
    # without the opt-in raised it as they were imported, so both sides run with it
    opt_in = getattr(manastack, "raise_gc_threshold", None)
    if opt_in is not None:
        opt_in()
    Game.new(deck_a, deck_b, seed=0)          # load and compile the cards outside the timing
    profiler = cProfile.Profile() if job.get("profile") else None
    if profiler:
        profiler.enable()
    per_game, cpu, samples = play(job)
    if profiler:
        profiler.disable()
        profiler.dump_stats(job["profile"])
    json.dump({"module": manastack.__file__, "per_game": per_game, "decisions": sum(per_game),
               "cpu_s": cpu, "samples": len(samples), "copy_us": copy_us(samples),
               "save_load_us": save_load_us(samples)}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
