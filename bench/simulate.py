"""Benchmark: simulation throughput with one worker, with every core, and on Ray.

    python bench/simulate.py [--games 16] [--seed 1] [--agents heuristic,heuristic] [--no-ray]

Plays the same games (bundled decks) with each setting and prints wall-clock games per second,
the speed-up over one worker, and whether every setting gave the same per-game records. The Ray
row starts a local Ray instance on 127.0.0.1 (its start-up is not timed) and is left out when Ray
is not installed or ``--no-ray`` is given. Process start-up and card loading are part of each
figure, as they are for a user's run.
"""
from __future__ import annotations

import argparse
import importlib
import os

from rich.console import Console
from rich.table import Table

from manastack.sim import simulate
from manastack.sim.ray_backend import RAY_INSTALLED, loopback_only


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agents", default="heuristic,heuristic")
    ap.add_argument("--no-ray", action="store_true")
    args = ap.parse_args()
    agents = tuple(args.agents.split(","))
    cores = os.cpu_count() or 1
    console = Console()
    runs = []
    for label, kwargs in (("local, 1 worker", {"workers": 1}),
                          (f"local, {cores} workers (all cores)", {"workers": cores})):
        with console.status(f"{label}: {args.games} games..."):
            runs.append((label, simulate("gruul-stompy", "azorius-skies", games=args.games, seed=args.seed,
                                         agents=agents, **kwargs)))
    if RAY_INSTALLED and not args.no_ray:
        loopback_only()
        ray = importlib.import_module("ray")
        with console.status("starting a local Ray instance..."):
            ray.init(num_cpus=cores, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        try:
            with console.status(f"ray, {cores} CPUs: {args.games} games..."):
                runs.append((f"ray, {cores} CPUs", simulate("gruul-stompy", "azorius-skies", games=args.games,
                                                            seed=args.seed, agents=agents, backend="ray")))
        finally:
            ray.shutdown()
    base = runs[0][1]
    table = Table(title=f"simulate: {args.games} games, {' vs '.join(agents)}, seed {args.seed}, "
                        f"{cores} cores")
    for col in ("setting", "seconds", "games/s", "speed-up", "same records"):
        table.add_column(col, justify="left" if col == "setting" else "right")
    for label, result in runs:
        table.add_row(label, f"{result.seconds:.1f}", f"{args.games / result.seconds:.2f}",
                      f"{base.seconds / result.seconds:.2f}x", str(result.records == base.records))
    console.print(table)


if __name__ == "__main__":
    main()
