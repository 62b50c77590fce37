"""The figures of a simulation run, computed from its per-game records: per deck, per seat and
per place in turn order.

Win rates count finished games, those that ended by the rules (a win or a draw; a draw is not a
win): games stopped at the turn limit and games that raised are counted apart and left out.
Each rate carries a Wilson score interval at 95% (Wilson 1927), which stays inside [0, 1] and is
sound for small counts and rates near 0 or 1, where the normal approximation is not.
"""
from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass

from manastack.sim.games import EndReason, GameRecord

Z95 = 1.959963984540054      # the 97.5th percentile of the standard normal distribution


@dataclass(frozen=True)
class Rate:
    """``wins`` of ``games`` and the Wilson 95% interval around the rate."""

    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> dict:
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": self.rate, "low": low, "high": high}


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion; (0, 1) for no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, round(centre - half, 12)), min(1.0, round(centre + half, 12))


@dataclass(frozen=True)
class DeckSummary:
    """One deck's figures: wins, losses, draws, and its win rate overall, on the play (taking
    the game's first turn) and on the draw (CR 103.8a: the player on the play skips their first
    draw in a two-player game; CR 103.8c: not in a game of more)."""

    name: str
    wins: int
    losses: int
    draws: int
    overall: Rate
    on_play: Rate
    on_draw: Rate

    def to_json(self) -> dict:
        return {"name": self.name, "wins": self.wins, "losses": self.losses, "draws": self.draws,
                "win_rate": self.overall.to_json(), "on_the_play": self.on_play.to_json(),
                "on_the_draw": self.on_draw.to_json()}


def deck_summary(name: str, deck: int, records: list[GameRecord]) -> DeckSummary:
    """The figures of deck ``deck`` (0 = A, 1 = B, ...) over the finished games of ``records``."""
    done = [r for r in records if r.is_finished]
    wins = sum(r.winner == deck for r in done)
    draws = sum(r.winner is None for r in done)
    play = [r for r in done if r.position(deck) == 0]
    draw = [r for r in done if r.position(deck) != 0]
    return DeckSummary(name, wins, len(done) - wins - draws, draws, Rate(wins, len(done)),
                       Rate(sum(r.winner == deck for r in play), len(play)),
                       Rate(sum(r.winner == deck for r in draw), len(draw)))


@dataclass(frozen=True)
class Summary:
    """The run's table: every deck's figures; the win rate of the player in each seat and of
    the player in each place in turn order (first to play, second, ...), whatever their deck;
    game lengths in turns (of finished games); draws, unfinished games, how games ended, errors."""

    decks: tuple[DeckSummary, ...]
    games: int
    finished: int
    errors: int
    unfinished: int
    draws: int
    mean_turns: float
    median_turns: float
    reasons: dict[EndReason, int]
    seats: tuple[Rate, ...]
    turn_order: tuple[Rate, ...]

    def to_json(self) -> dict:
        return {"games": self.games, "finished": self.finished, "errors": self.errors,
                "unfinished": self.unfinished, "draws": self.draws,
                "decks": [d.to_json() for d in self.decks], "mean_turns": self.mean_turns,
                "median_turns": self.median_turns,
                "reasons": {r.value: n for r, n in self.reasons.items()},
                "seats": [r.to_json() for r in self.seats], "turn_order": [r.to_json() for r in self.turn_order]}


def summarize(names: tuple[str, ...], records: list[GameRecord]) -> Summary:
    """The figures of a run of the decks ``names`` (in deck order) from its records."""
    n = len(names)
    done = [r for r in records if r.is_finished]
    won = [r for r in done if r.winner is not None]
    turns = [r.turns for r in done]
    counts = Counter(r.reason for r in records)
    by_seat = Counter(r.seats.index(r.winner) for r in won if r.winner is not None)
    by_place = Counter(r.position(r.winner) for r in won if r.winner is not None)
    return Summary(tuple(deck_summary(name, d, records) for d, name in enumerate(names)),
                   len(records), len(done), counts[EndReason.ERROR], counts[EndReason.UNFINISHED],
                   len(done) - len(won),
                   statistics.fmean(turns) if turns else 0.0,
                   float(statistics.median(turns)) if turns else 0.0,
                   {r: counts[r] for r in EndReason if counts[r]},
                   tuple(Rate(by_seat[k], len(done)) for k in range(n)),
                   tuple(Rate(by_place[k], len(done)) for k in range(n)))


def running_rates(records: list[GameRecord], deck: int = 0) -> list[tuple[int, Rate]]:
    """Deck ``deck``'s win rate after each finished game, in game order: (games so far, rate)."""
    out, wins, games = [], 0, 0
    for r in sorted(records, key=lambda r: r.index):
        if not r.is_finished:
            continue
        games += 1
        wins += r.winner == deck
        out.append((games, Rate(wins, games)))
    return out
