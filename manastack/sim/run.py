"""``simulate``: many games of a pod of two to eight decks, and the result object.

Bounds: 2 to 8 decks (as players in a game), 1 to 1,000,000 games, 1 to 256 workers, a seed from
-2**63 to 2**63-1, a turn limit of 1 to 10,000 turns or none, agent specs as
:func:`manastack.agents.parse_agent` reads them (``heuristic``, ``mcts:iterations=100``).
"""
from __future__ import annotations

import csv
import enum
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from manastack.agents import AgentSpecError, agent_names, parse_agent
from manastack.cards import CardDB, load_db
from manastack.decks import Deck, DeckError, DeckFormat, DeckProblem, inspect_deck
from manastack.game import MAX_PLAYERS, MIN_PLAYERS
from manastack.sim import ray_backend
from manastack.sim.games import LETTERS, GameRecord, SimSetup, player_names
from manastack.sim.local import SimulationError, run_local
from manastack.sim.stats import Rate, Summary, summarize

MAX_GAMES = 1_000_000
MAX_WORKERS = 256
MAX_SEED = 2**63 - 1
MAX_TURNS = 10_000


class Backend(enum.Enum):
    LOCAL = "local"
    RAY = "ray"


class DeckCheckError(DeckError):
    """A deck the check refused; ``problems`` lists every problem found."""

    def __init__(self, problems: list[DeckProblem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass(frozen=True)
class SimResult:
    """A finished run: its settings, the per-game records (in game order) and the summary.
    ``workers`` is the number of worker processes (local) or actors (Ray) that played."""

    deck_names: tuple[str, ...]
    agents: tuple[str, ...]
    """One agent spec per deck."""
    seed: int
    backend: Backend
    workers: int
    records: tuple[GameRecord, ...]
    summary: Summary
    seconds: float
    partial: tuple[dict[str, tuple[str, ...]], ...] = ()
    """Per deck (A, B, ...): the partly supported cards it played (a run without the check),
    each with the parts of its text not read."""
    setup: SimSetup | None = None
    """What every game of the run shared, to replay one (:meth:`GameRunner.explain`)."""

    @property
    def errors(self) -> list[GameRecord]:
        return [r for r in self.records if r.is_error]

    def to_json(self) -> dict:
        setup = self.setup
        return {"decks": list(self.deck_names), "agents": list(self.agents), "seed": self.seed,
                "format": setup.game_format if setup else None, "max_turns": setup.max_turns if setup else None,
                "backend": self.backend.value, "workers": self.workers, "seconds": self.seconds,
                "summary": self.summary.to_json(),
                "partly_supported": {name: {card: list(unread) for card, unread in cards.items()}
                                     for name, cards in zip(self.deck_names, self.partial)},
                "games": [r.to_json() for r in self.records]}

    def write_json(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def write_csv(self, path: str | Path) -> None:
        """Per-game rows, a blank line, one summary row per deck, a blank line, then one row per
        seat (0, 1, ...) with the win rate of that seat and of that place in turn order."""
        with open(path, "w", newline="", encoding="utf-8") as fh:
            out = csv.writer(fh)
            out.writerow(["game", "seed", "deck_a_seat", "deck_a_on_play", "winner", "turns",
                          "reason", "detail", "seats", "first"])
            for r in self.records:
                row = r.to_json()
                out.writerow([row["index"], row["seed"], row["a_seat"], row["a_on_play"],
                              row["winner"] or "", row["turns"], row["reason"], row["detail"],
                              "".join(row["seats"]), row["first"] or ""])
            out.writerow([])
            out.writerow(["deck", "wins", "losses", "draws", "win_rate", "low", "high",
                          "on_play_rate", "on_draw_rate", "mean_turns", "median_turns", "errors",
                          "partly_supported", "letter", "unfinished"])
            s = self.summary
            for letter, d, partial in zip(LETTERS, s.decks, self.partial):
                low, high = d.overall.interval
                out.writerow([d.name, d.wins, d.losses, d.draws, f"{d.overall.rate:.4f}", f"{low:.4f}",
                              f"{high:.4f}", f"{d.on_play.rate:.4f}", f"{d.on_draw.rate:.4f}",
                              f"{s.mean_turns:.2f}", s.median_turns, s.errors, partial_text(partial),
                              letter, s.unfinished])
            out.writerow([])
            out.writerow(["seat", "games", "seat_wins", "seat_win_rate", "seat_low", "seat_high",
                          "place_wins", "place_win_rate", "place_low", "place_high"])
            for k, (seat, place) in enumerate(zip(s.seats, s.turn_order)):
                out.writerow([k, seat.games, seat.wins, *_rate_cells(seat), place.wins, *_rate_cells(place)])


def _rate_cells(rate: Rate) -> list[str]:
    low, high = rate.interval
    return [f"{rate.rate:.4f}", f"{low:.4f}", f"{high:.4f}"]


def partial_text(partial: dict[str, tuple[str, ...]]) -> str:
    """``Card: 'not read'; 'also not read' | Other: ...``: one cell or line for a deck."""
    return " | ".join(f"{card}: " + "; ".join(repr(u) for u in unread) for card, unread in partial.items())


def partly_supported(deck: Deck, db: CardDB) -> dict[str, tuple[str, ...]]:
    """The deck's partly supported cards (any section), each with what of its text isn't read."""
    return {name: db.get(name).unsupported
            for _, name in deck.entries + deck.sideboard + deck.commander + deck.companion
            if db.get(name).unsupported}


def prepare_decks(specs: Sequence, db: CardDB, fmt: DeckFormat | None, check: bool) -> tuple[Deck, ...]:
    """The decks, checked: every problem of every deck is listed at once in a
    :class:`DeckCheckError`. Without ``check`` only what makes a deck unplayable (unknown cards,
    no cards) is refused."""
    decks, problems = [], []
    for spec in specs:
        deck, found = inspect_deck(spec, db, fmt if check else None, allow_partial=not check)
        decks.append(deck)
        problems += found
    if problems:
        raise DeckCheckError(problems)
    return tuple(decks)


def worker_count(workers: int | str) -> int:
    if workers == "auto":
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(f"workers must be 'auto' or a whole number from 1 to {MAX_WORKERS}; "
                              f"got {workers!r}")
    return workers


def agent_specs(agents: str | Sequence[str], n: int) -> tuple[str, ...]:
    """One agent spec per deck from one spec for every deck or one per deck, each checked."""
    specs = (agents,) if isinstance(agents, str) else tuple(agents) if isinstance(agents, (tuple, list)) else ()
    if len(specs) == 1:
        specs *= n
    if len(specs) != n or not all(isinstance(spec, str) for spec in specs):
        raise SimulationError(f"agents must be one agent spec for every deck or one per deck ({n}) "
                              f"({agent_names()}); got {agents!r}"[:300])
    for spec in specs:
        try:
            parse_agent(spec, 0)
        except AgentSpecError as exc:
            raise SimulationError(str(exc)) from None
    return specs


def simulate(*decks, games: int = 100, agents: str | Sequence[str] = "tactician", seed: int = 0,
             workers: int | str = "auto", backend: Backend | str = Backend.LOCAL,
             address: str | None = None, cards: tuple[str, ...] = (),
             fmt: DeckFormat | str | None = DeckFormat.LIMITED, check: bool = True,
             max_turns: int | None = None,
             progress: Callable[[GameRecord, int, int], None] | None = None) -> SimResult:
    """Play ``games`` games of a pod of two to eight decks (bundled names, decklist files,
    :class:`Deck` or lists of names; deck A first) and return the :class:`SimResult`. ``agents``
    is one agent spec for every deck or one per deck. Game ``i`` depends only on ``seed`` and
    ``i``, so the records are the same for any ``workers`` and ``backend``. A game still going
    once turn ``max_turns`` is over stops there, unfinished. ``progress`` is called with each
    record as it comes in, the number done and the total.

    Raises :class:`SimulationError` for bad arguments or a run that can't go on,
    :class:`DeckCheckError` for decks the check refuses (``check=False`` skips it), and
    :class:`~manastack.decks.DeckError` / :class:`~manastack.cards.CardError` for unreadable files."""
    if not MIN_PLAYERS <= len(decks) <= MAX_PLAYERS:
        raise SimulationError(f"simulate plays {MIN_PLAYERS} to {MAX_PLAYERS} decks, one per player; "
                              f"got {len(decks)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SimulationError(f"games must be a whole number from 1 to {MAX_GAMES}; got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED - 1 <= seed <= MAX_SEED:
        raise SimulationError(f"seed must be a whole number from -2**63 to 2**63-1; got {str(seed)[:40]}")
    if max_turns is not None and (isinstance(max_turns, bool) or not isinstance(max_turns, int)
                                  or not 1 <= max_turns <= MAX_TURNS):
        raise SimulationError(f"max_turns must be None or a whole number from 1 to {MAX_TURNS}; "
                              f"got {str(max_turns)[:40]}")
    specs = agent_specs(agents, len(decks))
    cards = (cards,) if isinstance(cards, (str, Path)) else tuple(cards)
    try:
        backend = Backend(backend)
        fmt = DeckFormat(fmt) if fmt is not None else None
    except ValueError as exc:
        raise SimulationError(str(exc)) from None
    n_workers = worker_count(workers)
    if backend is Backend.RAY:
        ray_backend.require_ray()
    db = load_db(*cards)
    played = prepare_decks(decks, db, fmt, check)
    setup = SimSetup(played, specs, seed, tuple(str(c) for c in cards), player_names(played), not check,
                     "commander" if fmt is DeckFormat.COMMANDER else "normal", max_turns)
    records: list[GameRecord] = []

    def collect(record: GameRecord) -> None:
        records.append(record)
        if progress is not None:
            progress(record, len(records), games)

    start = time.perf_counter()
    if backend is Backend.RAY:
        used = ray_backend.run_ray(setup, games, collect, address, None if workers == "auto" else n_workers)
    else:
        used = min(n_workers, games)
        run_local(setup, games, used, collect, db)
    records.sort(key=lambda r: r.index)
    return SimResult(setup.names, specs, seed, backend, used, tuple(records),
                     summarize(setup.names, records), time.perf_counter() - start,
                     tuple(partly_supported(d, db) for d in played), setup)
