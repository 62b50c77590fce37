"""Benchmark: the cost of a decision by the size of the battlefield, early and late in a game.

    python bench/board_size.py [--games 2] [--seed 1] [--decks A[:B],...] [--attack] [--history] [--profile FILE]
    python bench/board_size.py --against REF [--rounds 3] [--games 2] [--seed 1] [--decks ...] [--attack] [--history]

Random agents play ``--games`` games of each deck pair (default: the three pairs of
``bench/run.py --against``). Unless ``--attack`` is given they declare no attackers, so the
games run to their libraries' end (turn 55 to 70 on the bench decks) and the battlefield grows
past 50 permanents: every decision is timed (CPU time of the agent's choice and the push) and
counted under the number of permanents on the battlefield when it was asked. Printed: per
bucket (0-9, 10-19, 20-29, 30 or more permanents) the decisions, CPU microseconds per decision
and decisions per CPU-second, and the late/early ratio (the cost of a decision with 30 or more
permanents over one with fewer than ten). The games keep no undo history unless ``--history``
is given (then Game.new's default, a full history). ``--profile FILE`` writes the cProfile (CPU-time clock)
of the decisions with 30 or more permanents, the top 15 by own time and by cumulative time.

``--against REF`` runs REF's tree (``git archive``) and the current tree interleaved, each
side in a new process per round, on the same games, and prints both sides' buckets (median
over rounds) and each side's late/early ratio with its min and max over rounds; see
docs/benchmark.md.
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

import manastack
from manastack import Game, RandomAgent, raise_gc_threshold
from side_by_side import BenchError, checkout, resolve_ref, run_script

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DECKS = "mono-green,red-green,gruul-stompy:azorius-skies"
BUCKETS = ("0-9", "10-19", "20-29", "30+")
LATE = 30                 # permanents from which a decision counts as late
PROFILE_LINES = 15
LIMITS = {"games": (1, 50), "rounds": (1, 20), "seed": (0, 1_000_000)}


def side_run(pairs: list[tuple[str, str]], games: int, seed: int, attack: bool,
             profile: str | None, history: bool = False) -> dict:
    """Play the games in this process; CPU seconds and decisions per bucket, a digest of the
    moves (equal on both sides when they play the same games)."""
    raise_gc_threshold()
    cpu = [0.0] * len(BUCKETS)
    count = [0] * len(BUCKETS)
    digest = hashlib.blake2b(digest_size=8)
    profiler = cProfile.Profile(time.process_time) if profile else None
    turns = []
    for a, b in pairs:
        for i in range(games):
            game = Game.new(a, b, seed=seed + i, history=history)
            agents = [RandomAgent(seed * 1000 + 2 * i), RandomAgent(seed * 1000 + 2 * i + 1)]
            while game.pending is not None:
                size = len(game.peek().battlefield)
                bucket = min(size // 10, len(BUCKETS) - 1)
                late = profiler is not None and size >= LATE
                if late:
                    profiler.enable()
                start = time.process_time()
                decision = game.pending
                if not attack and decision.kind == "attackers":
                    action = min(decision.options, key=lambda o: len(o.args))     # no attacker
                else:
                    action = agents[decision.player].choose(game, decision)
                game.push(action)
                cpu[bucket] += time.process_time() - start
                if late:
                    profiler.disable()
                count[bucket] += 1
                digest.update(action.label.encode())
            turns.append(game.peek().turn)
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
    return {"cpu": cpu, "count": count, "turns": turns, "digest": digest.hexdigest(),
            "module": manastack.__file__}


def late_over_early(run: dict) -> float:
    """The cost of a late decision (30+ permanents) over an early one (fewer than ten)."""
    return (run["cpu"][-1] / run["count"][-1]) / (run["cpu"][0] / run["count"][0])


def table(runs: list[dict], title: str) -> str:
    lines = [title, f"{'permanents':>10} {'decisions':>9} {'us/decision':>12} {'per CPU-s':>10}"]
    for k, name in enumerate(BUCKETS):
        n = runs[0]["count"][k]
        if n == 0:
            lines.append(f"{name:>10} {0:>9}")
            continue
        us = statistics.median(r["cpu"][k] / n * 1e6 for r in runs)
        lines.append(f"{name:>10} {n:>9} {us:>12.1f} {1e6 / us:>10.0f}")
    ratios = [late_over_early(r) for r in runs if r["count"][0] and r["count"][-1]]
    if ratios:
        lines.append(f"late (30+) / early (0-9) cost: {statistics.median(ratios):.2f}x"
                     + (f" (min {min(ratios):.2f}x, max {max(ratios):.2f}x over {len(ratios)} rounds)"
                        if len(ratios) > 1 else ""))
    return "\n".join(lines)


def profile_text(dump: str) -> str:
    out = []
    for key in ("tottime", "cumulative"):
        stream = io.StringIO()
        pstats.Stats(dump, stream=stream).sort_stats(key).print_stats(PROFILE_LINES)
        out.append(f"--- top {PROFILE_LINES} by {key} ---\n{stream.getvalue()}")
    return "\n".join(out).replace(f"{ROOT}{os.sep}", "")


def against(ref: str, rounds: int, args: argparse.Namespace) -> None:
    try:
        commit = resolve_ref(ROOT, ref)
        with checkout(ROOT, commit) as tmp:
            script = tmp / "board_size_side.py"
            shutil.copy(__file__, script)
            shutil.copy(Path(__file__).with_name("side_by_side.py"), tmp / "side_by_side.py")
            trees = {"old": tmp / "tree", "new": ROOT}
            runs: dict[str, list[dict]] = {"old": [], "new": []}
            for r in range(rounds):
                for side in ("old", "new"):
                    answer = run_script(script, trees[side], side, [
                        "--games", str(args.games), "--seed", str(args.seed), "--decks", args.decks]
                        + (["--attack"] if args.attack else []) + (["--history"] if args.history else []))
                    runs[side].append(answer)
                    print(f"round {r + 1}/{rounds} {side}: late/early {late_over_early(answer):.2f}x",
                          file=sys.stderr, flush=True)
    except BenchError as exc:
        sys.exit(f"board_size: {exc}")
    print(table(runs["old"], f"{ref} ({commit[:10]}), median over {rounds} rounds"))
    print(table(runs["new"], f"current tree, median over {rounds} rounds"))
    speed = [sum(n["count"]) / sum(n["cpu"]) / (sum(o["count"]) / sum(o["cpu"]))
             for o, n in zip(runs["old"], runs["new"])]
    late = [(o["cpu"][-1] / n["cpu"][-1]) for o, n in zip(runs["old"], runs["new"])]
    print(f"decisions per CPU-second new/old, all: {statistics.median(speed):.2f}x "
          f"(min {min(speed):.2f}x, max {max(speed):.2f}x); 30+ permanents: {statistics.median(late):.2f}x "
          f"(min {min(late):.2f}x, max {max(late):.2f}x)")
    same = {r["digest"] for side in runs for r in runs[side]}
    print("same games on both sides: " + ("yes" if len(same) == 1 else "NO"))


def parse_decks(spec: str) -> list[tuple[str, str]]:
    pairs = []
    for part in spec.split(","):
        a, _, b = part.strip().partition(":")
        if not a:
            sys.exit(f"board_size: --decks: empty deck pair in {spec!r}")
        pairs.append((a, b or a))
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--decks", default=DEFAULT_DECKS)
    ap.add_argument("--attack", action="store_true", help="let the random agents attack (shorter games)")
    ap.add_argument("--history", action="store_true",
                    help="games keep a full undo history (Game.new's default) instead of none")
    ap.add_argument("--against", metavar="REF")
    ap.add_argument("--profile", metavar="FILE")
    ap.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    for name, (low, high) in LIMITS.items():
        if not low <= getattr(args, name) <= high:
            sys.exit(f"board_size: --{name} must be from {low} to {high}, not {getattr(args, name)}")
    pairs = parse_decks(args.decks)
    if args.side:
        print(json.dumps(side_run(pairs, args.games, args.seed, args.attack, None, args.history)))
    elif args.against:
        against(args.against, args.rounds, args)
    else:
        run = side_run(pairs, args.games, args.seed, args.attack, args.profile, args.history)
        print(table([run], f"current tree: {len(run['turns'])} games, last turns {run['turns']}"))
        if args.profile:
            Path(args.profile).write_text(profile_text(args.profile), encoding="utf-8")
            print(f"profile of the decisions with {LATE}+ permanents written to {args.profile}")


if __name__ == "__main__":
    main()
