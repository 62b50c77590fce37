"""The puzzle suite: how many of ``bench/puzzles/`` an agent solves.

    python bench/puzzles.py [--agents random,heuristic,tactician] [--defender tactician]
                            [--cards ../shared/cards/AtomicCards-2021.json.gz] [--verbose]

Each puzzle (manastack/sim/puzzles.py) is a position with a goal: ``win`` this turn, ``keep``
the cards a careless play would throw away, or ``survive`` the opponent's next turn. The hero is
played by each agent in turn, the opponent by ``--defender``. Prints, per agent, the puzzles
solved out of the total, by goal, and with ``--verbose`` one line per puzzle.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from manastack.agents import split_agent_specs
from manastack.cards import load_db
from manastack.sim.puzzles import load_suite, solve

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "cards" / "AtomicCards-2021.json.gz"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="random,heuristic,tactician")
    parser.add_argument("--defender", default="tactician")
    parser.add_argument("--suite", default=str(Path(__file__).resolve().parent / "puzzles"))
    parser.add_argument("--cards", default=str(CORPUS), help="a card file with the puzzles' cards")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    puzzles = load_suite(args.suite, load_db(args.cards))
    for spec in split_agent_specs(args.agents):
        start = time.process_time()
        results = [solve(p, spec, args.defender, args.seed) for p in puzzles]
        by_goal: dict[str, list[int]] = {}
        for r in results:
            tally = by_goal.setdefault(r.goal, [0, 0])
            tally[0] += r.solved
            tally[1] += 1
            if args.verbose:
                print(f"  {spec:12} {'SOLVED' if r.solved else 'failed':6}  {r.name}: {r.detail}")
        solved = sum(r.solved for r in results)
        goals = ", ".join(f"{g} {s}/{n}" for g, (s, n) in sorted(by_goal.items()))
        print(f"{spec}: {solved}/{len(results)} solved ({solved / max(1, len(results)):.0%}; {goals}) "
              f"in {time.process_time() - start:.1f} s CPU", flush=True)


if __name__ == "__main__":
    main()
