"""Benchmark: decisions per CPU-second of four-player free-for-all games against two-player games.

    python bench/multiplayer.py [--games 5] [--seed 1] [--players 4]

Random agents play the bundled demo decks (gruul-stompy, azorius-skies, mono-green, red-green,
dealt round the seats): ``--games`` two-player games, then as many games of ``--players``
players, on the same seeds. Prints, for each, the decisions, the CPU seconds, decisions per
CPU-second, and the ratio of the multiplayer rate to the two-player one; see docs/benchmark.md.
"""
from __future__ import annotations

import argparse
import time

from manastack import Game, RandomAgent, raise_gc_threshold

DECKS = ("gruul-stompy", "azorius-skies", "mono-green", "red-green")
MAX_ACTIONS = 50_000


def play(players: int, games: int, seed: int) -> tuple[int, float]:
    """Decisions answered and CPU seconds spent over ``games`` random games of ``players``."""
    decisions, cpu = 0, 0.0
    for i in range(games):
        game = Game.new(*[DECKS[k % len(DECKS)] for k in range(players)], seed=seed + i, history=False)
        agents = [RandomAgent(seed * 1000 + 10 * i + p) for p in range(players)]
        start = time.process_time()
        n = 0
        while game.pending is not None and n < MAX_ACTIONS:
            game.push(agents[game.pending.player].choose(game, game.pending))
            n += 1
        cpu += time.process_time() - start
        decisions += n
    return decisions, cpu


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, choices=range(1, 201), metavar="1..200")
    ap.add_argument("--seed", type=int, default=1, choices=range(0, 1_000_001), metavar="0..1000000")
    ap.add_argument("--players", type=int, default=4, choices=range(3, 9), metavar="3..8")
    args = ap.parse_args(argv)
    raise_gc_threshold()            # this process plays games in bulk (manastack.gc_tuning)
    rates = {}
    for players in (2, args.players):
        decisions, cpu = play(players, args.games, args.seed)
        rates[players] = decisions / cpu
        print(f"{players} players: {args.games} games, {decisions} decisions, {cpu:.1f} CPU s, "
              f"{rates[players]:.0f} decisions per CPU-second")
    print(f"{args.players}-player rate / 2-player rate: {rates[args.players] / rates[2]:.2f}")


if __name__ == "__main__":
    main()
