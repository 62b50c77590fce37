"""Benchmark: random-vs-random games of the bundled demo decks.

    python bench/run.py [--games 30] [--seed 1]

Prints games per second, actions per second, mean actions per game, and the cost in
microseconds of ``Game.copy()`` (which shares the immutable state), a deep copy of the state
(what a push pays), ``push()`` + ``pop()``, and a JSON save plus load, measured at decisions
sampled from those games.
"""
from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from manastack import Game, RandomAgent


def play_games(n: int, seed: int):
    actions = 0
    samples = []
    start = time.perf_counter()
    for i in range(n):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed + i)
        agents = [RandomAgent(seed * 1000 + 2 * i), RandomAgent(seed * 1000 + 2 * i + 1)]
        while game.pending is not None:
            if actions % 97 == 0:
                samples.append(game.copy())
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    console = Console()
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
    console.print(table)


if __name__ == "__main__":
    main()
