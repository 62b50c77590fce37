"""One simulated game: its seed, its seats, how it ended.

A :class:`GameRunner` holds what every game of a run shares (the card database, built once per
worker process, the two decks and the agents' names) and plays games by index. Everything about
game ``i`` comes from ``(seed, i)`` alone, so a run gives the same per-game results however its
games are spread over processes or machines:

- the game's seed (its shuffles and the random choice of who plays first, CR 103.1) and the
  agents' seeds are hashes of ``(seed, i)`` (:func:`derive_seed`);
- seats alternate: deck A sits as the first player object (seat 0) in even games and as seat 1
  in odd ones, so neither deck keeps the engine's first seat.
"""
from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass

from manastack.agents import Explained, parse_agent, play_out
from manastack.cards import CardDB, load_db
from manastack.decks import Deck
from manastack.game import Game

MAX_ACTIONS = 20_000          # a game still going after this many answers counts as an error


class EndReason(enum.Enum):
    """How a game ended (CR 104), as counted in the summary."""

    LIFE = "life"                      # CR 704.5a
    EMPTY_LIBRARY = "empty library"    # CR 704.5b
    POISON = "poison"                  # CR 704.5c
    BOTH_LOST = "both lost"            # CR 104.4a: a draw
    OTHER = "other"
    ERROR = "error"                    # the game raised; not a result of the rules


_LOSS_TEXTS = {"life total 0 or less": EndReason.LIFE,
               "drew from an empty library": EndReason.EMPTY_LIBRARY,
               "ten or more poison counters": EndReason.POISON}


@dataclass(frozen=True)
class GameRecord:
    """One game's result. ``winner`` is the deck that won (0 for deck A, 1 for deck B), None for
    a draw or an error; ``a_seat`` is deck A's seat; ``a_on_play`` whether deck A took the first
    turn (None when the game raised before it was known)."""

    index: int
    seed: int
    a_seat: int
    a_on_play: bool | None
    winner: int | None
    turns: int
    reason: EndReason
    detail: str

    @property
    def is_error(self) -> bool:
        return self.reason is EndReason.ERROR

    def to_json(self) -> dict:
        return {"index": self.index, "seed": self.seed, "a_seat": self.a_seat,
                "a_on_play": self.a_on_play, "winner": {0: "A", 1: "B"}.get(self.winner),
                "turns": self.turns, "reason": self.reason.value, "detail": self.detail}


@dataclass(frozen=True)
class SimSetup:
    """What every worker needs to play any game of a run (small and picklable: card files are
    passed as paths and loaded by each worker once)."""

    deck_a: Deck
    deck_b: Deck
    agents: tuple[str, str]
    seed: int
    card_files: tuple[str, ...] = ()
    names: tuple[str, str] = ("A", "B")
    allow_partial: bool = False    # the decks may hold partly supported cards (a run without the check)
    game_format: str = "normal"    # "commander": Commander games (CR 903), Game.new's format


def derive_seed(seed: int, index: int, purpose: str = "game") -> int:
    """A 63-bit seed for game ``index`` of a run seeded ``seed`` (the same on every platform)."""
    digest = hashlib.blake2b(f"{seed}:{index}:{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def make_agent(spec: str, seed: int):
    """The agent a spec names (``heuristic``, ``mcts:iterations=100``), seeded."""
    return parse_agent(spec, seed)


def player_names(deck_a: Deck, deck_b: Deck) -> tuple[str, str]:
    """Names for the two sides; a mirror match gets two distinct ones."""
    a, b = deck_a.name[:80], deck_b.name[:80]       # a player's name is at most 100 characters
    if a == b:
        return f"{a} (A)", f"{b} (B)"
    return a, b


class GameRunner:
    """Plays the games of one run; build one per worker process."""

    def __init__(self, setup: SimSetup, db: CardDB | None = None) -> None:
        self.setup = setup
        self.db = db or load_db(*setup.card_files)

    def start(self, index: int) -> tuple[Game, list]:
        """Game ``index`` at its start, and its two agents by seat: deck A in seat ``index % 2``."""
        st = self.setup
        a_seat = index % 2
        decks = (st.deck_a, st.deck_b) if a_seat == 0 else (st.deck_b, st.deck_a)
        names = st.names if a_seat == 0 else st.names[::-1]
        deck_agents = st.agents if a_seat == 0 else st.agents[::-1]
        game = Game.new(decks[0], decks[1], seed=derive_seed(st.seed, index), names=names, cards=self.db,
                        allow_partial=st.allow_partial, format=st.game_format)
        return game, [make_agent(deck_agents[p], derive_seed(st.seed, index, f"agent{p}")) for p in (0, 1)]

    def replay(self, index: int) -> Game:
        """Game ``index`` played out again, to read its log (``game.explain()``)."""
        game, agents = self.start(index)
        play_out(game, agents, MAX_ACTIONS)
        return game

    def explain(self, index: int, write) -> Game:
        """Game ``index`` played again with each agent's best answers and their scores written
        at each decision (:class:`~manastack.agents.Explained`)."""
        game, agents = self.start(index)
        names = [p.name for p in game.peek().players]
        play_out(game, [Explained(a, names[i], write) for i, a in enumerate(agents)], MAX_ACTIONS)
        return game

    def play(self, index: int) -> GameRecord:
        """Game ``index``'s record. A game that raises is recorded as an error with the
        exception's text; it never propagates."""
        seed = derive_seed(self.setup.seed, index)
        a_seat = index % 2
        deck_of_seat = (0, 1) if a_seat == 0 else (1, 0)
        game = None
        try:
            game, agents = self.start(index)
            result = play_out(game, agents, MAX_ACTIONS)
            if result is None:
                raise RuntimeError("the game stopped without a result")
        except Exception as exc:  # noqa: BLE001 - any failure of one game is that game's result
            state = game.state if game is not None else None
            return GameRecord(index, seed, a_seat, None if state is None else state.first_player == a_seat,
                              None, state.turn if state is not None else 0, EndReason.ERROR,
                              f"{type(exc).__name__}: {exc}"[:500])
        state = game.state
        winner = None if result.winner is None else deck_of_seat[result.winner]
        if result.winner is None:
            reason = EndReason.BOTH_LOST
        else:
            reason = next((r for text, r in _LOSS_TEXTS.items() if result.reason.endswith(text)),
                          EndReason.OTHER)
        return GameRecord(index, seed, a_seat, state.first_player == a_seat, winner, result.turn,
                          reason, result.reason)

    def play_many(self, indices) -> list[GameRecord]:
        return [self.play(i) for i in indices]
