"""Benchmark: random-vs-random games, alone or side by side with a git ref.

    python bench/run.py [--games 30] [--seed 1] [--cards ../shared/cards/AtomicCards-2021.json.gz]
    python bench/run.py --against REF [--rounds 3] [--games 5] [--decks A[:B],...]
                        [--seed 1] [--profile FILE]
    python bench/run.py --compiled [--rounds 3] [--games 5] [--decks A[:B],...] [--seed 1]

The plain mode prints games per second, actions per second, mean actions per game, and the cost
in microseconds of ``Game.copy()`` (which shares the immutable state), a deep copy of the state
(what a push pays), ``push()`` + ``pop()``, and a JSON save plus load, measured at decisions
sampled from games of the bundled demo decks. With ``--cards`` (a card file with the bundled
Commander decks' cards) it also plays three two-player and three four-player Commander games
of random agents on the same seeds (bench/multiplayer.py) and prints the decisions per
CPU-second of each and their ratio.

``--against REF`` runs the current tree and REF interleaved on the same seeds and prints, per
deck pair, decisions per CPU-second of each side and the speed-up new/old, with the cost of
``Game.copy()`` and of a save plus load; see docs/benchmark.md. ``--compiled`` does the same with
the current tree as pure Python against its compiled copy (tools/build_compiled.py).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from manastack import Game, RandomAgent, load_db, raise_gc_threshold
from multiplayer import play as play_pods
from side_by_side import (BenchError, PairResult, combined, compare, compare_compiled, median_of,
                          parse_pairs)

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"       # tools/build_compiled.py builds it
LIMITS = {"games": (1, 500), "rounds": (1, 20), "seed": (0, 1_000_000)}
POD_GAMES = 3                  # Commander games of each size with --cards


def play_games(n: int, seed: int):
    actions = 0
    samples = []
    start = time.perf_counter()
    for i in range(n):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed + i)
        agents = [RandomAgent(seed * 1000 + 2 * i), RandomAgent(seed * 1000 + 2 * i + 1)]
        while game.pending is not None:
            if actions % 97 == 0:
                samples.append(game.copy(history=True))      # push+pop below takes back
            game.push(agents[game.pending.player].choose(game, game.pending))
            actions += 1
    return time.perf_counter() - start, actions, samples


def micro(samples, fn, repeat: int = 3) -> float:
    """Median microseconds of ``fn(game)`` over the sampled games."""
    times = []
    for g in samples:
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn(g)
        times.append((time.perf_counter() - t0) / repeat * 1e6)
    return statistics.median(times)


def _push_pop(g: Game) -> None:
    g.push(g.legal_actions()[0])
    g.pop()


def _save_load(g: Game) -> None:
    Game.from_json(g.to_json())


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage block
        self.exit(2, f"bench: {message} (see --help)\n")


def bounded(name: str) -> Callable[[str], int]:
    """An argparse type: a whole number within the option's limits."""
    lo, hi = LIMITS[name]

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {text!r}")
        return value
    return parse


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = _Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=bounded("games"),
                    help="games per deck pair and run (default 30; 5 with --against)")
    ap.add_argument("--seed", type=bounded("seed"), default=1, help="first seed (default 1)")
    ap.add_argument("--against", metavar="REF", help="a git ref to compare the current tree with")
    ap.add_argument("--compiled", action="store_true",
                    help="compare the current tree, pure Python, with its compiled copy in "
                         "build/compiled (tools/build_compiled.py), interleaved like --against")
    ap.add_argument("--rounds", type=bounded("rounds"),
                    help="old/new rounds with --against or --compiled (default 3)")
    ap.add_argument("--decks", metavar="A[:B],...",
                    help="deck pairs with --against; A alone plays the mirror (default: "
                         "mono-green,red-green,gruul-stompy:azorius-skies)")
    ap.add_argument("--profile", metavar="FILE", type=Path,
                    help="with --against: write a cProfile of the current tree's side to FILE")
    ap.add_argument("--cards", metavar="FILE", type=Path,
                    help="plain mode: also time Commander games of four and of two players, "
                         "whose decks need this card file")
    args = ap.parse_args(argv)
    if args.cards is not None and args.against is not None:
        ap.error("--cards is for the plain mode, not with --against")
    if args.cards is not None and not args.cards.is_file():
        ap.error(f"--cards: no file {str(args.cards)!r}")
    if args.compiled and (args.against is not None or args.cards is not None
                          or args.profile is not None):
        ap.error("--compiled goes alone: not with --against, --cards or --profile")
    if args.against is None and not args.compiled:
        for option in ("rounds", "decks", "profile"):
            if getattr(args, option) is not None:
                ap.error(f"--{option} needs --against REF")
    if args.profile is not None and not args.profile.parent.resolve().is_dir():
        ap.error(f"--profile: no directory {str(args.profile.parent)!r} to write into")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    console = Console()
    if args.against is not None or args.compiled:
        console = Console(width=max(console.width, 120))
        try:
            run_side_by_side(args, console)
        except BenchError as exc:
            print(f"bench: {exc}", file=sys.stderr)
            sys.exit(1)
        return
    args.games = args.games or 30
    raise_gc_threshold()            # this process plays games in bulk (manastack.gc_tuning)
    with console.status(f"playing {args.games} random-vs-random games..."):
        elapsed, actions, samples = play_games(args.games, args.seed)
    samples = [g for g in samples if g.pending is not None]
    with console.status("measuring copy, push+pop, save+load..."):
        copy_us = micro(samples, lambda g: g.copy(), repeat=20)
        state_copy_us = micro(samples, lambda g: g.state.copy(), repeat=20)
        push_pop_us = micro(samples, _push_pop)
        save_load_us = micro(samples[:200], _save_load, repeat=1)
    table = Table(title=f"manastack benchmark ({args.games} games, seed {args.seed})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games per second", f"{args.games / elapsed:.2f}")
    table.add_row("actions per second", f"{actions / elapsed:.0f}")
    table.add_row("mean actions per game", f"{actions / args.games:.1f}")
    table.add_row("copy() µs (median; states are shared)", f"{copy_us:.1f}")
    table.add_row("state deep copy µs (median)", f"{state_copy_us:.1f}")
    table.add_row("push()+pop() µs (median)", f"{push_pop_us:.1f}")
    table.add_row("JSON save+load µs (median)", f"{save_load_us:.0f}")
    if args.cards is not None:
        with console.status("playing Commander games of two and of four players..."):
            db = load_db(args.cards)
            rates = {}
            for players in (2, 4):
                decisions, cpu = play_pods(players, POD_GAMES, args.seed, "commander", db)
                rates[players] = decisions / cpu
        table.add_row("Commander, 2 players: decisions per CPU-second", f"{rates[2]:.0f}")
        table.add_row("Commander, 4 players: decisions per CPU-second", f"{rates[4]:.0f}")
        table.add_row("Commander, 4-player rate / 2-player rate", f"{rates[4] / rates[2]:.2f}")
    console.print(table)


def run_side_by_side(args: argparse.Namespace, console: Console) -> None:
    pairs = parse_pairs(args.decks)
    games, rounds = args.games or 5, args.rounds or 3
    with console.status("starting...") as status:
        if args.compiled:
            results, profile = compare_compiled(ROOT, COMPILED, pairs, rounds, games, args.seed,
                                                status.update), None
            versus = "compiled (new) vs pure Python (old)"
        else:
            commit, results, profile = compare(ROOT, args.against, pairs, rounds, games,
                                               args.seed, args.profile, status.update)
            versus = f"current tree vs {args.against} ({commit[:10]})"
    if len(results) > 1:
        results.append(combined(results))
    title = f"{versus}: {games} random games per pair and run, {rounds} rounds, seed {args.seed}"
    speed = Table(title=f"{title}\ndecisions per CPU-second (median over rounds)")
    speed.add_column("deck pair", no_wrap=True)
    for column in ("decisions", "old", "new", "speed-up new/old", "min", "max"):
        speed.add_column(column, justify="right", no_wrap=True)
    costs = Table(title="CPU µs at sampled decisions (median over rounds); speed-up old/new")
    costs.add_column("deck pair", no_wrap=True)
    for column in ("copy() old", "copy() new", "speed-up",
                   "save+load old", "save+load new", "speed-up"):
        costs.add_column(column, justify="right", no_wrap=True)
    for r in results:
        speed.add_row(*speed_row(r))
        costs.add_row(*cost_row(r))
    console.print(speed)
    console.print(costs)
    if not all(r.same_games() for r in results):
        console.print("note: the two sides played games of different lengths, so they are not "
                      "the same games; the rates still compare, the game lengths do not.")
    if profile is not None:
        print(profile)
        console.print(f"profile written to {args.profile}")


def speed_row(r: PairResult) -> list[str]:
    ratios = r.ratios()
    old, new = (median_of(runs, lambda s: s.rate) for runs in (r.old, r.new))
    decisions = f"{r.old[0].decisions}" if r.same_games() else f"{r.old[0].decisions} / {r.new[0].decisions}"
    return [r.name, decisions, f"{old:.0f}", f"{new:.0f}", f"{statistics.median(ratios):.2f}x",
            f"{min(ratios):.2f}x", f"{max(ratios):.2f}x"]


def cost_row(r: PairResult) -> list[str]:
    cells = [r.name]
    for measure, digits in ((lambda s: s.copy_us, 2), (lambda s: s.save_load_us, 0)):
        old, new = median_of(r.old, measure), median_of(r.new, measure)
        cells += [f"{old:.{digits}f}", f"{new:.{digits}f}", f"{old / new:.2f}x" if new else "-"]
    return cells


if __name__ == "__main__":
    main()
