"""Benchmark: decisions per CPU-second of four-player free-for-all games against two-player games.

    python bench/multiplayer.py [--games 5] [--seed 1] [--players 4]
    python bench/multiplayer.py --format commander --cards ../shared/cards/AtomicCards-2021.json.gz
                                [--agent heuristic]

Random agents (or ``--agent``, one per seat) play ``--games`` two-player games, then as many games of ``--players`` players,
on the same seeds. The decks are dealt round the seats: the bundled demo decks (gruul-stompy,
azorius-skies, mono-green, red-green), or with ``--format commander`` the bundled Commander
decks (commander-ayula, commander-radha, commander-isperia; CR 903), whose cards come from
``--cards``. Prints, for each, the decisions, the CPU seconds, decisions per CPU-second, and the
ratio of the multiplayer rate to the two-player one; see docs/benchmark.md.
"""
from __future__ import annotations

import argparse
import time

from manastack import Game, load_db, raise_gc_threshold
from manastack.agents import AgentSpecError, parse_agent

DECKS = ("gruul-stompy", "azorius-skies", "mono-green", "red-green")
COMMANDER_DECKS = ("commander-ayula", "commander-radha", "commander-isperia")
MAX_ACTIONS = 50_000


def play(players: int, games: int, seed: int, format: str = "normal", cards=None,
         agent: str = "random") -> tuple[int, float]:
    """Decisions answered and CPU seconds spent over ``games`` games of ``players``."""
    decks = COMMANDER_DECKS if format == "commander" else DECKS
    decisions, cpu = 0, 0.0
    for i in range(games):
        game = Game.new(*[decks[k % len(decks)] for k in range(players)], seed=seed + i, history=False,
                        format=format, cards=cards)
        agents = [parse_agent(agent, seed * 1000 + 10 * i + p) for p in range(players)]
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
    ap.add_argument("--format", default="normal", choices=("normal", "commander"))
    ap.add_argument("--cards", metavar="FILE", help="a card file with the decks' cards "
                    "(the Commander decks need the full one)")
    ap.add_argument("--agent", default="random", help="the agent spec of every seat (default random)")
    args = ap.parse_args(argv)
    try:
        parse_agent(args.agent)
    except AgentSpecError as exc:
        ap.error(f"--agent: {exc}")
    if args.format == "commander" and args.cards is None:
        ap.error("--format commander needs --cards FILE (the Commander decks' cards)")
    try:
        cards = load_db(args.cards) if args.cards else None
    except (OSError, ValueError) as exc:
        ap.error(f"--cards: {exc}")
    raise_gc_threshold()            # this process plays games in bulk (manastack.gc_tuning)
    rates = {}
    for players in (2, args.players):
        decisions, cpu = play(players, args.games, args.seed, args.format, cards, args.agent)
        rates[players] = decisions / cpu
        print(f"{players} players ({args.format}, {args.agent}): {args.games} games, {decisions} decisions, {cpu:.1f} CPU s, "
              f"{rates[players]:.0f} decisions per CPU-second", flush=True)
    print(f"{args.players}-player rate / 2-player rate: {rates[args.players] / rates[2]:.2f}")


if __name__ == "__main__":
    main()
