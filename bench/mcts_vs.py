"""Benchmark: the ``mcts`` agent against other agents on the bundled demo decks.

    python bench/mcts_vs.py [--games 20] [--mcts mcts:iterations=50] [--against heuristic,random]

For each opponent it plays ``--games`` games; game i uses seed ``--seed + i`` and seats the
search player first in even games and second in odd ones (the first seat plays gruul-stompy),
so both seats and both decks are measured. One line per game as it ends, then per opponent:
wins, losses, draws, the win rate (draws count as not won) with its 95% Wilson interval, per
seat, and the mean time per decision of the search player (all its decisions, and those that
needed a search).
"""
from __future__ import annotations

import argparse
import math
import time

from manastack import Game, play_out
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
    """Wraps an agent and counts its decisions and the time they took."""

    def __init__(self, agent) -> None:
        self.agent, self.decisions, self.seconds = agent, 0, 0.0

    def choose(self, game, decision):
        start = time.perf_counter()
        action = self.agent.choose(game, decision)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def run(opponent: str, games: int, mcts_spec: str, seed: int) -> None:
    wins = losses = draws = 0
    seat_wins, seat_games = [0, 0], [0, 0]
    searches = 0
    timed_total = Timed(None)
    for i in range(games):
        seat = i % 2
        search = parse_agent(mcts_spec, seed + i)
        assert isinstance(search, MCTSAgent)
        timed = Timed(search)
        other = parse_agent(opponent, seed + 1000 + i)
        agents = [timed, other] if seat == 0 else [other, timed]
        game = Game.new(*DECKS, seed=seed + i)
        start = time.perf_counter()
        result = play_out(game, agents)
        elapsed = time.perf_counter() - start
        won = result.winner == seat
        wins += won
        draws += result.winner is None
        losses += result.winner is not None and not won
        seat_games[seat] += 1
        seat_wins[seat] += won
        searches += search.searches
        timed_total.decisions += timed.decisions
        timed_total.seconds += timed.seconds
        print(f"{opponent} game {i + 1}: mcts seat {seat} ({DECKS[seat]}) "
              f"{'won' if won else 'drew' if result.winner is None else 'lost'} on turn {result.turn}, "
              f"{elapsed:.1f} s, {timed.decisions} decisions ({timed.seconds:.1f} s), "
              f"{search.searches} searches; so far {wins}/{i + 1} won", flush=True)
    n = wins + losses + draws
    low, high = wilson(wins, n)
    per_decision = timed_total.seconds / max(1, timed_total.decisions)
    per_search = timed_total.seconds / max(1, searches)
    print(f"== {mcts_spec} vs {opponent}: {n} games, {wins} won, {losses} lost, {draws} drawn; "
          f"win rate {wins / max(1, n):.1%} (95% Wilson {low:.1%}-{high:.1%}); "
          f"seat 0 {seat_wins[0]}/{seat_games[0]}, seat 1 {seat_wins[1]}/{seat_games[1]}; "
          f"{per_decision * 1000:.0f} ms per decision, {per_search * 1000:.0f} ms per searched decision",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent (1-10000)")
    parser.add_argument("--mcts", default="mcts:iterations=50", help="the search agent's spec")
    parser.add_argument("--against", default="heuristic,random", help="opponents' specs")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.games <= 10_000:
        parser.error("--games must be between 1 and 10000")
    for opponent in split_agent_specs(args.against):
        run(opponent.strip(), args.games, args.mcts, args.seed)


if __name__ == "__main__":
    main()
