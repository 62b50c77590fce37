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
        self._seen: tuple | None = None      # (state, encoded answers) at the pending decision
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
        return self.over or self.game.peek().players[player].lost

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

    def _current(self) -> tuple:
        if self._seen is None:
            s = self.game.peek()        # read only: observations and masks change nothing
            d = self.game.pending
            encoded = None
            if d is not None:
                options = candidates(d) if self.skip_trivial else d.options
                encoded = encoding.encode(d, options, s)
            self._seen = (s, encoded)
        return self._seen

    def answers(self) -> dict[int, Action]:
        """The answers offered now, by index (empty when the game is over)."""
        encoded = self._current()[1]
        return {} if encoded is None else encoded.actions

    def mask(self, player: int) -> np.ndarray:
        """1 at the indices ``player`` may choose now, 0 elsewhere."""
        mask = np.zeros(encoding.SIZE, dtype=np.int8)
        if player == self.player and not self.truncated:
            mask[list(self.answers())] = 1
        return mask

    def observe(self, player: int) -> dict[str, np.ndarray]:
        """What ``player`` may know now, with their action mask."""
        s = self._current()[0]
        kind = self.game.pending.kind if player == self.player else None
        return {"observation": observation.observe(s, player, kind, self.cards),
                "action_mask": self.mask(player)}

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
        return -1.0 if player in self.game.peek().left else 0.0
