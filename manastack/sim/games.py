"""One simulated game of a pod: its seed, its seating, how it ended.

A :class:`GameRunner` holds what every game of a run shares (the card database, built once per
worker process, the decks and their agents' names) and plays games by index. Everything about
game ``i`` comes from ``(seed, i)`` alone, so a run gives the same per-game results however its
games are spread over processes or machines:

- the game's seed (its shuffles and the random choice of who plays first, CR 103.1) and the
  agents' seeds are hashes of ``(seed, i)`` (:func:`derive_seed`);
- the seating comes from ``i`` (:func:`seating`): with ``n`` decks, every ``n`` games in a row
  seat each deck once in each seat, and the order of the decks around the table (who plays
  after whom, CR 101.4) goes through every cyclic order in turn. With two decks, deck A sits in
  seat 0 in even games and in seat 1 in odd ones.

The games are two-player games or, with more decks, free-for-all games (CR 806); Commander
games with the ``commander`` format (CR 903).
"""
from __future__ import annotations

import enum
import hashlib
import math
from dataclasses import dataclass

from manastack.agents import Explained, parse_agent
from manastack.cards import CardDB, load_db
from manastack.decks import Deck
from manastack.engine.game_end import Result
from manastack.game import Game

MAX_ACTIONS_PER_PLAYER = 10_000   # a game still going after this many answers per player is an error
LETTERS = "ABCDEFGH"              # the decks of a run, in the order given (at most 8, as players)


class EndReason(enum.Enum):
    """How a game ended (CR 104): the reason the last player (or players) to lose lost, a
    draw, the turn limit, or an error."""

    LIFE = "life"                              # CR 704.5a
    EMPTY_LIBRARY = "empty library"            # CR 704.5b
    POISON = "poison"                          # CR 704.5c
    COMMANDER_DAMAGE = "commander damage"      # CR 704.6c, 903.10a
    DRAW = "draw"                              # CR 104.4a: the last players lost at once
    OTHER = "other"
    UNFINISHED = "unfinished"                  # stopped at the run's turn limit
    ERROR = "error"                            # the game raised; not a result of the rules


_LOSS_TEXTS = {"life total 0 or less": EndReason.LIFE,
               "drew from an empty library": EndReason.EMPTY_LIBRARY,
               "ten or more poison counters": EndReason.POISON,
               "combat damage from the commander": EndReason.COMMANDER_DAMAGE}


@dataclass(frozen=True)
class GameRecord:
    """One game's result. ``seats`` is the deck in each seat (0 for deck A, 1 for B, ...);
    ``first_seat`` the seat that took the first turn (None when the game raised before it was
    known); ``winner`` the deck that won, None for a draw, an unfinished game or an error."""

    index: int
    seed: int
    seats: tuple[int, ...]
    first_seat: int | None
    winner: int | None
    turns: int
    reason: EndReason
    detail: str

    @property
    def is_error(self) -> bool:
        return self.reason is EndReason.ERROR

    @property
    def is_finished(self) -> bool:
        """Whether the game ended by the rules: a win or a draw (not the turn limit, not an error)."""
        return self.reason not in (EndReason.ERROR, EndReason.UNFINISHED)

    def position(self, deck: int) -> int | None:
        """Deck ``deck``'s place in turn order, 0 for the player who took the first turn."""
        if self.first_seat is None:
            return None
        return (self.seats.index(deck) - self.first_seat) % len(self.seats)

    @property
    def a_seat(self) -> int:
        """Deck A's seat."""
        return self.seats.index(0)

    @property
    def a_on_play(self) -> bool | None:
        """Whether deck A took the first turn."""
        return None if self.first_seat is None else self.seats[self.first_seat] == 0

    def to_json(self) -> dict:
        return {"index": self.index, "seed": self.seed, "seats": [LETTERS[d] for d in self.seats],
                "first": None if self.first_seat is None else LETTERS[self.seats[self.first_seat]],
                "a_seat": self.a_seat, "a_on_play": self.a_on_play,
                "winner": None if self.winner is None else LETTERS[self.winner],
                "turns": self.turns, "reason": self.reason.value, "detail": self.detail}


@dataclass(frozen=True)
class SimSetup:
    """What every worker needs to play any game of a run (small and picklable: card files are
    passed as paths and loaded by each worker once). ``agents`` and ``names`` go with ``decks``,
    one each."""

    decks: tuple[Deck, ...]
    agents: tuple[str, ...]
    seed: int
    card_files: tuple[str, ...] = ()
    names: tuple[str, ...] = ()         # the players' names; () for the decks' names (player_names)
    allow_partial: bool = False         # the decks may hold partly supported cards (a run without the check)
    game_format: str = "normal"         # "commander": Commander games (CR 903), Game.new's format
    max_turns: int | None = None        # a game reaching this turn's end unfinished stops there

    @property
    def deck_names(self) -> tuple[str, ...]:
        """The players' names, one per deck."""
        return self.names or player_names(self.decks)


def derive_seed(seed: int, index: int, purpose: str = "game") -> int:
    """A 63-bit seed for game ``index`` of a run seeded ``seed`` (the same on every platform)."""
    digest = hashlib.blake2b(f"{seed}:{index}:{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seating(index: int, n: int) -> tuple[int, ...]:
    """The deck in each seat of game ``index`` of a run of ``n`` decks.

    The order of the decks around the table is deck A, then the others in their
    ``(index // n) mod (n-1)!``-th permutation (lexicographic order); the game seats it turned
    by ``index mod n``: the deck at place ``k`` of the order sits in seat ``(k + index) mod n``.
    So each deck sits in each seat once in every ``n`` games in a row (from a multiple of ``n``),
    and each cyclic order of the decks is used once in every ``n * (n-1)!`` games."""
    others = list(range(1, n))
    rank = (index // n) % math.factorial(n - 1)
    order = [0]
    for left in range(n - 1, 0, -1):            # the rank-th permutation, by the factorial number system
        place, rank = divmod(rank, math.factorial(left - 1))
        order.append(others.pop(place))
    seats = [0] * n
    for k, deck in enumerate(order):
        seats[(k + index) % n] = deck
    return tuple(seats)


def player_names(decks: tuple[Deck, ...]) -> tuple[str, ...]:
    """Names for the players, one per deck: a deck name given twice or more gets its decks'
    letters, "gruul-stompy (A)" and "gruul-stompy (C)" (every name does, if that still leaves
    two alike)."""
    names = [d.name[:80] for d in decks]           # a player's name is at most 100 characters
    named = tuple(f"{name} ({LETTERS[i]})" if names.count(name) > 1 else name for i, name in enumerate(names))
    if len(set(named)) < len(named):               # a deck named like another's lettered name
        return tuple(f"{name} ({LETTERS[i]})" for i, name in enumerate(names))
    return named


def end_reason(game: Game, result: Result) -> EndReason:
    """Why the game ended: the loss of the last player to lose (the first of them in seat
    order when several lost at once beside a winner), or a draw."""
    if result.winner is None:
        return EndReason.DRAW
    state = game.peek()
    last = next((p for p in state.players if p.lost and p.index not in state.left), None)
    why = last.loss_reason if last is not None else ""
    return next((r for text, r in _LOSS_TEXTS.items() if text in why), EndReason.OTHER)


class GameRunner:
    """Plays the games of one run; build one per worker process."""

    def __init__(self, setup: SimSetup, db: CardDB | None = None) -> None:
        self.setup = setup
        self.db = db or load_db(*setup.card_files)
        self.names = setup.deck_names

    def start(self, index: int) -> tuple[Game, list]:
        """Game ``index`` at its start, and its agents by seat (seated by :func:`seating`)."""
        st = self.setup
        seats = seating(index, len(st.decks))
        game = Game.new(*(st.decks[d] for d in seats), seed=derive_seed(st.seed, index),
                        names=[self.names[d] for d in seats], cards=self.db,
                        allow_partial=st.allow_partial, format=st.game_format)
        return game, [parse_agent(st.agents[d], derive_seed(st.seed, index, f"agent{p}"))
                      for p, d in enumerate(seats)]

    def play_out(self, game: Game, agents: list) -> Result | None:
        """Let the agents answer until the game ends (its result) or the turn limit is passed
        (None). Raises RuntimeError past the answer limit."""
        limit = self.setup.max_turns
        for _ in range(MAX_ACTIONS_PER_PLAYER * len(agents)):
            decision = game.pending
            if decision is None:
                if game.result is None:
                    raise RuntimeError("the game stopped without a result")
                return game.result
            if limit is not None and game.turn > limit:
                return None
            game.push(agents[decision.player].choose(game, decision))
        raise RuntimeError(f"the game did not end within {MAX_ACTIONS_PER_PLAYER * len(agents)} answers")

    def replay(self, index: int) -> Game:
        """Game ``index`` played out again, to read its log (``game.explain()``)."""
        game, agents = self.start(index)
        self.play_out(game, agents)
        return game

    def explain(self, index: int, write) -> Game:
        """Game ``index`` played again with each agent's best answers and their scores written
        at each decision (:class:`~manastack.agents.Explained`)."""
        game, agents = self.start(index)
        names = [p.name for p in game.peek().players]
        self.play_out(game, [Explained(a, names[i], write) for i, a in enumerate(agents)])
        return game

    def play(self, index: int) -> GameRecord:
        """Game ``index``'s record. A game that raises is recorded as an error with the
        exception's text; it never propagates."""
        seed = derive_seed(self.setup.seed, index)
        seats = seating(index, len(self.setup.decks))
        game = None
        try:
            game, agents = self.start(index)
            result = self.play_out(game, agents)
        except Exception as exc:  # noqa: BLE001 - any failure of one game is that game's result
            state = game.state if game is not None else None
            return GameRecord(index, seed, seats, None if state is None else state.first_player,
                              None, state.turn if state is not None else 0, EndReason.ERROR,
                              f"{type(exc).__name__}: {exc}"[:500])
        first = game.peek().first_player
        if result is None:
            return GameRecord(index, seed, seats, first, None, self.setup.max_turns or 0, EndReason.UNFINISHED,
                              f"no result at the end of turn {self.setup.max_turns}")
        winner = None if result.winner is None else seats[result.winner]
        return GameRecord(index, seed, seats, first, winner, result.turn, end_reason(game, result), result.reason)

    def play_many(self, indices) -> list[GameRecord]:
        return [self.play(i) for i in indices]
