"""Benchmark: simulation throughput with one worker, with every core, and on Ray.

    python bench/simulate.py [--games 16] [--seed 1] [--agents heuristic,heuristic] [--no-ray]
    python bench/simulate.py --players 4 [--agents heuristic] [--max-turns 60]
    python bench/simulate.py --players 4 --format commander --cards ../shared/cards/AtomicCards-2021.json.gz

Plays the same games with each setting and prints wall-clock games per second, the speed-up
over one worker, and whether every setting gave the same per-game records. By default two
players, ``gruul-stompy`` against ``azorius-skies``; with ``--players`` 3 to 8, a pod of as many
decks dealt round the seats from the bundled demo decks (gruul-stompy, azorius-skies,
mono-green, red-green), a free-for-all (CR 806), or with ``--format commander`` from the bundled
Commander decks (commander-ayula, commander-radha, commander-isperia; CR 903), whose cards come
from ``--cards``, as in bench/multiplayer.py. ``--agents`` is one spec for every seat or one per
seat. The Ray row starts a local Ray instance on 127.0.0.1 (its start-up is not timed) and is
left out when Ray is not installed or ``--no-ray`` is given. Process start-up and card loading
are part of each figure, as they are for a user's run.
"""
from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from manastack.cards import CardError
from manastack.decks import DeckError
from manastack.sim import SimulationError, simulate
from manastack.sim.ray_backend import RAY_INSTALLED, loopback_only


DECKS = ("gruul-stompy", "azorius-skies", "mono-green", "red-green")
COMMANDER_DECKS = ("commander-ayula", "commander-radha", "commander-isperia")


def pod(players: int, format: str) -> tuple[str, ...]:
    """The decks of a game of ``players``, dealt round the seats."""
    decks = COMMANDER_DECKS if format == "commander" else DECKS
    return tuple(decks[k % len(decks)] for k in range(players))


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        if not text.strip().lstrip("-").isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {text!r}")
        return int(text)
    return parse


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=bounded(1, 10_000), default=16, metavar="1..10000")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2, choices=range(2, 9), metavar="2..8")
    ap.add_argument("--format", default="normal", choices=("normal", "commander"))
    ap.add_argument("--cards", metavar="FILE", help="a card file with the decks' cards "
                    "(the Commander decks need the full one)")
    ap.add_argument("--agents", default=None, help="one agent spec for every seat, or one per seat "
                    "(default heuristic)")
    ap.add_argument("--max-turns", type=bounded(1, 10_000), default=None, metavar="1..10000")
    ap.add_argument("--no-ray", action="store_true")
    args = ap.parse_args(argv)
    if args.format == "commander" and args.cards is None:
        ap.error("--format commander needs --cards FILE (the Commander decks' cards)")
    decks = pod(args.players, args.format)
    agents = tuple((args.agents or "heuristic").split(","))
    if len(agents) == 1:
        agents *= len(decks)
    if len(agents) != len(decks):
        ap.error(f"--agents: expected one spec or {len(decks)} (one per seat), got {len(agents)}")
    options = {"games": args.games, "seed": args.seed, "agents": agents, "max_turns": args.max_turns,
               "cards": (args.cards,) if args.cards else (),
               "fmt": "commander" if args.format == "commander" else "limited"}
    cores = os.cpu_count() or 1
    console = Console()
    runs = []
    try:
        for label, kwargs in (("local, 1 worker", {"workers": 1}),
                              (f"local, {cores} workers (all cores)", {"workers": cores})):
            with console.status(f"{label}: {args.games} games..."):
                runs.append((label, simulate(*decks, **options, **kwargs)))
        if RAY_INSTALLED and not args.no_ray:
            loopback_only()
            ray = importlib.import_module("ray")
            with console.status("starting a local Ray instance..."):
                ray.init(num_cpus=cores, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
            try:
                with console.status(f"ray, {cores} CPUs: {args.games} games..."):
                    runs.append((f"ray, {cores} CPUs", simulate(*decks, **options, backend="ray")))
            finally:
                ray.shutdown()
    except (SimulationError, DeckError, CardError) as exc:
        ap.exit(1, f"simulate.py: {exc}\n")
    base = runs[0][1]
    finished = sum(r.winner is not None for r in base.records)
    table = Table(title=f"simulate: {args.games} games of {args.players} players ({args.format}: "
                        f"{', '.join(decks)}), agents {', '.join(agents)}, seed {args.seed}, {cores} cores; "
                        f"{finished} won, the rest drawn, unfinished or errors")
    for col in ("setting", "seconds", "games/s", "speed-up", "same records"):
        table.add_column(col, justify="left" if col == "setting" else "right")
    for label, result in runs:
        table.add_row(label, f"{result.seconds:.1f}", f"{args.games / result.seconds:.2f}",
                      f"{base.seconds / result.seconds:.2f}x", str(result.records == base.records))
    console.print(table)


if __name__ == "__main__":
    main()
