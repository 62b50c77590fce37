"""Benchmark: the ``mcts`` agent against other agents on the bundled demo decks.

    python bench/mcts_vs.py [--games 20] [--mcts mcts:iterations=20] [--against heuristic,random]
                            [--seed 1] [--every 50]

For each opponent it plays ``--games`` games; game i uses seed ``--seed + i`` and seats the
search player first in even games and second in odd ones (the first seat plays gruul-stompy),
so both seats and both decks are measured equally. The opponents take turns game by game, so a
run stopped early still has as many games against each. One line per game as it ends; every
``--every`` games and at the end, per opponent: wins, losses, draws, the win rate (draws count
as not won) with its 95% Wilson interval, the same per seat, and the search player's mean time
per decision, in CPU time (the figure to compare on a shared machine) and wall time, over all
its decisions and over those that needed a search.

Interrupted (Ctrl-C or SIGINT), it prints the tallies of the games finished so far. This is a
measurement, not a test: nothing here asserts a win rate.
"""
from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

from manastack import Game, play_out, raise_gc_threshold
from manastack.agents import parse_agent, split_agent_specs
from manastack.mcts import MCTSAgent

DECKS = ("gruul-stompy", "azorius-skies")


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Timed:
    """Wraps an agent and counts its decisions and the CPU and wall time they took."""

    def __init__(self, agent) -> None:
        self.agent, self.decisions, self.cpu, self.wall = agent, 0, 0.0, 0.0

    def choose(self, game, decision):
        cpu, wall = time.process_time(), time.perf_counter()
        action = self.agent.choose(game, decision)
        self.cpu += time.process_time() - cpu
        self.wall += time.perf_counter() - wall
        self.decisions += 1
        return action


@dataclass
class Tally:
    """The results against one opponent so far."""

    opponent: str
    won: list[int] = field(default_factory=lambda: [0, 0])      # by the search player's seat
    drawn: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=lambda: [0, 0])
    decisions: int = 0
    searches: int = 0
    iterations: int = 0
    cpu: float = 0.0
    wall: float = 0.0

    def add(self, seat: int, winner: int | None, timed: Timed, search: MCTSAgent) -> None:
        self.games[seat] += 1
        self.won[seat] += winner == seat
        self.drawn[seat] += winner is None
        self.decisions += timed.decisions
        self.searches += search.searches
        self.iterations += search.iterations
        self.cpu += timed.cpu
        self.wall += timed.wall

    def summary(self, mcts_spec: str) -> str:
        n, wins, draws = sum(self.games), sum(self.won), sum(self.drawn)
        low, high = wilson(wins, n)
        seats = []
        for seat in (0, 1):
            s_low, s_high = wilson(self.won[seat], self.games[seat])
            seats.append(f"seat {seat} ({DECKS[seat]}) {self.won[seat]}/{self.games[seat]} "
                         f"{self.won[seat] / max(1, self.games[seat]):.1%} ({s_low:.1%}-{s_high:.1%})")
        return (f"== {mcts_spec} vs {self.opponent}: {n} games, {wins} won, {n - wins - draws} lost, "
                f"{draws} drawn; win rate {wins / max(1, n):.1%} (95% Wilson {low:.1%}-{high:.1%}); "
                f"{'; '.join(seats)}; per decision {self.cpu / max(1, self.decisions) * 1000:.0f} ms CPU "
                f"({self.wall / max(1, self.decisions) * 1000:.0f} ms wall) over {self.decisions} decisions, "
                f"per searched decision {self.cpu / max(1, self.searches) * 1000:.0f} ms CPU "
                f"({self.wall / max(1, self.searches) * 1000:.0f} ms wall, "
                f"{self.iterations / max(1, self.searches):.1f} iterations) over {self.searches}")


def play_one(tally: Tally, i: int, mcts_spec: str, seed: int) -> None:
    """Game ``i`` against ``tally``'s opponent, printed as one line and added to the tally."""
    seat = i % 2
    search = parse_agent(mcts_spec, seed + i)
    assert isinstance(search, MCTSAgent)
    timed = Timed(search)
    other = parse_agent(tally.opponent, seed + 1000 + i)
    agents = [timed, other] if seat == 0 else [other, timed]
    game = Game.new(*DECKS, seed=seed + i, history=False)
    start = time.perf_counter()
    result = play_out(game, agents)
    tally.add(seat, result.winner, timed, search)
    outcome = "won" if result.winner == seat else "drew" if result.winner is None else "lost"
    print(f"{tally.opponent} game {i + 1}: mcts seat {seat} ({DECKS[seat]}) {outcome} on turn {result.turn}, "
          f"{time.perf_counter() - start:.1f} s, {timed.decisions} decisions ({timed.cpu:.1f} s CPU), "
          f"{search.searches} searches; so far {sum(tally.won)}/{sum(tally.games)} won", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent, half in each seat (1-10000)")
    parser.add_argument("--mcts", default="mcts:iterations=20", help="the search agent's spec")
    parser.add_argument("--against", default="heuristic,random", help="opponents' specs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=50, help="print the tallies every this many games")
    args = parser.parse_args()
    if not 1 <= args.games <= 10_000:
        parser.error("--games must be between 1 and 10000")
    tallies = [Tally(opponent.strip()) for opponent in split_agent_specs(args.against)]
    raise_gc_threshold()            # this process plays games in bulk (manastack.gc_tuning)
    start = time.process_time()
    try:
        for i in range(args.games):
            for tally in tallies:
                play_one(tally, i, args.mcts, args.seed)
            if (i + 1) % args.every == 0 and i + 1 < args.games:
                for tally in tallies:
                    print(tally.summary(args.mcts), flush=True)
    except KeyboardInterrupt:               # stopped early (Ctrl-C, SIGINT): report what was played
        print("stopped: the tallies below count the games finished so far", flush=True)
    for tally in tallies:
        print(tally.summary(args.mcts), flush=True)
    print(f"total {time.process_time() - start:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
