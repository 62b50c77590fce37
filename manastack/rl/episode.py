"""One game as the environments see it: indices in, observations and masks out.

With ``skip_trivial`` (the default) forced decisions are taken on the player's behalf before
anyone is asked (:func:`manastack.choices.forced`: a priority with nothing to do but pass, a
payment the auto-payer makes, a decision with one answer), and idle mana abilities are not
offered at priority. Without it, every legal answer of every decision is offered.
"""
from __future__ import annotations

import numpy as np

from manastack.cards import CardDB
from manastack.choices import candidates, forced
from manastack.engine.decisions import Action
from manastack.game import Game

from . import encoding, observation

MAX_DECISIONS_LIMIT = 1_000_000


class Episode:
    """A game between two to eight decks (one per seat), advanced by action indices."""

    def __init__(self, decks: tuple[str, ...], seed: int, skip_trivial: bool, max_decisions: int,
                 cards: CardDB | None, card_index: observation.CardIndex, format: str = "normal") -> None:
        self.game = Game.new(*decks, seed=seed, cards=cards, format=format, history=False)
        self.skip_trivial = skip_trivial
        self.max_decisions = max_decisions
        self.decisions = 0
        self.cards = card_index
        self._seen: Moment | None = None     # what was read at the pending decision
        self._skip()

    @property
    def over(self) -> bool:
        return self.game.pending is None

    @property
    def truncated(self) -> bool:
        """Whether the decision budget ran out before the game ended."""
        return not self.over and self.decisions >= self.max_decisions

    def left(self, player: int) -> bool:
        """Whether ``player`` has left the game: lost or conceded (CR 104.3a, 800.4a), or the
        game is over."""
        return self.over or self._moment().state.players[player].lost

    @property
    def player(self) -> int | None:
        """The player who must decide now."""
        return None if self.game.pending is None else self.game.pending.player

    def _skip(self) -> None:
        self._seen = None
        if not self.skip_trivial:
            return
        game = self.game
        while game.pending is not None:
            action = forced(game.pending)
            if action is None:
                return
            game.push(action)

    def _moment(self) -> Moment:
        """What the environments read of the game as it is now, made once per decision."""
        moment = self._seen
        if moment is None or moment.decision is not self.game.pending:
            moment = self._seen = Moment(self.game, self.skip_trivial)
        return moment

    def answers(self) -> dict[int, Action]:
        """The answers offered now, by index (empty when the game is over)."""
        return self._moment().answers()

    def mask(self, player: int) -> np.ndarray:
        """1 at the indices ``player`` may choose now, 0 elsewhere."""
        mask = np.zeros(encoding.SIZE, dtype=np.int8)
        if player == self.player and not self.truncated:
            mask[list(self.answers())] = 1
        return mask

    def observe(self, player: int) -> dict[str, np.ndarray]:
        """What ``player`` may know now, with their action mask (new arrays: the caller may
        change them)."""
        return {"observation": self._moment().observation(player, self.cards).copy(),
                "action_mask": self.mask(player)}

    def unseen_permanents(self, player: int) -> int:
        """How many permanents ``player``'s observation leaves out now: those beyond their
        controller's battlefield slots (``encoding.SEAT_PERMANENTS`` per seat)."""
        return sum(max(0, len(ids) - encoding.SEAT_PERMANENTS) for ids in self._moment().slots(player).field)

    @staticmethod
    def is_index(index) -> bool:
        """Whether ``index`` is an integer of the action space."""
        return isinstance(index, (int, np.integer)) and not isinstance(index, bool) \
            and 0 <= index < encoding.SIZE

    def play(self, index) -> Action:
        """Answer the pending decision with the answer at ``index``; returns that answer."""
        if self.over:
            raise ValueError("the game is over: no decision is pending")
        if not self.is_index(index):
            raise ValueError(f"action {index!r} is not an index in 0..{encoding.SIZE - 1}")
        i = int(index)
        action = self.answers().get(i)
        if action is None:
            raise ValueError(f"action {i} is masked out for {self.game.pending.prompt!r}; "
                             f"legal indices: {sorted(self.answers())[:20]}")
        self.answer(action)
        return action

    def answer(self, action: Action) -> None:
        """Answer the pending decision with an :class:`Action` (an opponent agent's choice)."""
        self.game.push(action)
        self.decisions += 1
        self._skip()

    def concede(self, player: int) -> None:
        """``player`` concedes (CR 104.3a); the game goes on without them (CR 800.4a) when more
        than one player is left."""
        self.game.concede(player)
        self._skip()

    def reward(self, player: int) -> float:
        """+1 for the winner; -1 for a player who lost or conceded, from the moment they leave
        the game (CR 800.4a) or it ends; 0 for those in a draw (CR 104.4a) and while the game
        goes on."""
        result = self.game.result
        if result is not None and result.winner is not None:
            return 1.0 if result.winner == player else -1.0
        return -1.0 if player in self._moment().state.left else 0.0


class Moment:
    """One decision of a game as the environments read it, each part made when first asked
    for: the state with the answers in progress applied (read only), each player's slots and
    observation, and the indexed answers."""

    __slots__ = ("decision", "state", "skip_trivial", "_slots", "_observations", "_answers")

    def __init__(self, game: Game, skip_trivial: bool) -> None:
        self.decision = game.pending
        self.state = game.peek()          # read only: observations and masks change nothing
        self.skip_trivial = skip_trivial
        self._slots: dict[int, encoding.Slots] = {}
        self._observations: dict[int, np.ndarray] = {}
        self._answers: dict[int, Action] | None = None

    def slots(self, player: int) -> encoding.Slots:
        found = self._slots.get(player)
        if found is None:
            found = self._slots[player] = encoding.Slots(self.state, player)
        return found

    def observation(self, player: int, cards: observation.CardIndex) -> np.ndarray:
        found = self._observations.get(player)
        if found is None:
            d = self.decision
            kind = d.kind if d is not None and d.player == player else None
            found = self._observations[player] = observation.observe(self.state, player, kind, cards,
                                                                     self.slots(player))
        return found

    def answers(self) -> dict[int, Action]:
        if self._answers is None:
            d = self.decision
            if d is None:
                self._answers = {}
            else:
                options = candidates(d) if self.skip_trivial else d.options
                self._answers = encoding.encode(d, options, self.state, self.slots(d.player)).actions
        return self._answers
