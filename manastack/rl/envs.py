"""The environments: a PettingZoo AEC environment for two players and a Gymnasium environment
in which one player faces a chosen agent.

Both observe ``{"observation": float32 vector, "action_mask": int8 vector}`` (see
:mod:`manastack.rl.observation`, :mod:`manastack.rl.encoding` and ``docs/rl.md``) and act with
an index of ``Discrete(encoding.SIZE)``. The reward is +1 for a win, -1 for a loss and 0
otherwise, given when the game ends.
"""
from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from manastack.agents import parse_agent
from manastack.cards import CardDB, default_db

from . import encoding, observation
from .episode import MAX_DECISIONS_LIMIT, Episode

DEFAULT_DECKS = ("gruul-stompy", "azorius-skies")
AGENT_NAMES = ("player_0", "player_1")
SEED_LIMIT = 2**31


def _spaces() -> tuple[spaces.Dict, spaces.Discrete]:
    obs = spaces.Dict({
        "observation": spaces.Box(-observation.BOUND, observation.BOUND, (observation.SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.SIZE,), np.int8),
    })
    return obs, spaces.Discrete(encoding.SIZE)


def _check(decks, max_decisions: int, render_mode) -> tuple[str, str]:
    if isinstance(decks, str) or len(decks) != 2:
        raise ValueError(f"decks: expected two decks, got {decks!r}")
    if not isinstance(max_decisions, int) or not 1 <= max_decisions <= MAX_DECISIONS_LIMIT:
        raise ValueError(f"max_decisions: expected an integer in 1..{MAX_DECISIONS_LIMIT}, "
                         f"got {max_decisions!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
    return decks[0], decks[1]


def _live(episode: Episode | None) -> Episode:
    """The episode under way: there is one from the first ``reset()`` on."""
    assert episode is not None, "call reset() first"
    return episode


class MagicAECEnv(AECEnv):
    """Two players, ``player_0`` (the first deck) and ``player_1``, take turns deciding; the
    agent selected is the one the game waits for."""

    metadata = {"name": "manastack_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, decks=DEFAULT_DECKS, skip_trivial: bool = True, max_decisions: int = 5000,
                 cards: CardDB | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self.decks = _check(decks, max_decisions, render_mode)
        self.skip_trivial = skip_trivial
        self.max_decisions = max_decisions
        self.cards = cards
        self.card_index = observation.CardIndex(cards or default_db())
        self.render_mode = render_mode
        self.possible_agents = list(AGENT_NAMES)
        self._obs_space, self._act_space = _spaces()
        self._rng = np.random.default_rng()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(SEED_LIMIT))
        self.episode = Episode(self.decks, game_seed, self.skip_trivial, self.max_decisions,
                               self.cards, self.card_index)
        self.agents = list(AGENT_NAMES)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return _live(self.episode).observe(AGENT_NAMES.index(agent))

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        _live(self.episode).play(action)          # an illegal action raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Select the player the game waits for, or end the episode for both."""
        ep = _live(self.episode)
        if ep.over or ep.truncated:
            for i, a in enumerate(AGENT_NAMES):
                self.rewards[a] = ep.reward(i)
                self.terminations[a] = ep.over
                self.truncations[a] = ep.truncated
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = AGENT_NAMES[0]
        else:
            self.agent_selection = AGENT_NAMES[ep.player]

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.episode is not None:
            return self.episode.game.describe()
        return None

    def close(self) -> None:
        self.episode = None


class MagicEnv(gymnasium.Env):
    """One player (``seat``; None: drawn at each reset) against ``opponent``, an agent spec
    such as ``"random"`` or ``"mcts:iterations=20"`` (seeded from the episode's seed) or any
    agent object.

    A masked-out index (``illegal_action="lose"``, the default, so that tools which sample the
    whole action space work) ends the episode as a loss: reward -1, terminated, and
    ``info["illegal_action"]`` set; with ``illegal_action="raise"`` it raises ``ValueError``.
    A value that is no index of the action space always raises ``ValueError``.

    ``info`` holds ``seat``, ``winner`` (0 or 1; -1 while the game goes on, for a draw or a
    forfeit), ``decisions`` (answered by either player so far) and ``illegal_action``."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent="random", seat: int | None = 0, decks=DEFAULT_DECKS,
                 skip_trivial: bool = True, max_decisions: int = 5000, cards: CardDB | None = None,
                 render_mode: str | None = None, illegal_action: str = "lose") -> None:
        self.decks = _check(decks, max_decisions, render_mode)
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action: expected 'lose' or 'raise', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if seat not in (0, 1, None):
            raise ValueError(f"seat: expected 0, 1 or None, got {seat!r}")
        if isinstance(opponent, str):
            parse_agent(opponent, 0)           # a bad spec fails here, not at the first reset
        elif not hasattr(opponent, "choose"):
            raise ValueError(f"opponent: expected an agent spec or an agent, got {opponent!r}")
        self.opponent_spec = opponent
        self.seat_choice = seat
        self.skip_trivial = skip_trivial
        self.max_decisions = max_decisions
        self.cards = cards
        self.card_index = observation.CardIndex(cards or default_db())
        self.render_mode = render_mode
        self.observation_space, self.action_space = _spaces()
        self.episode: Episode | None = None
        self.seat = 0 if seat is None else seat
        self.forfeited = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_LIMIT))
        self.seat = int(self.np_random.integers(2)) if self.seat_choice is None else self.seat_choice
        self.opponent = (parse_agent(self.opponent_spec, game_seed + 1)
                         if isinstance(self.opponent_spec, str) else self.opponent_spec)
        self.episode = Episode(self.decks, game_seed, self.skip_trivial, self.max_decisions,
                               self.cards, self.card_index)
        self.forfeited = False
        self._opponent_moves()
        return self.episode.observe(self.seat), self._info()

    def step(self, action):
        ep = self.episode
        if ep is None or ep.over or ep.truncated or self.forfeited:
            raise ValueError("the episode is over: call reset() first")
        if self.illegal_action == "lose" and ep.is_index(action) and int(action) not in ep.answers():
            self.forfeited = True
            obs = ep.observe(self.seat)
            obs["action_mask"][:] = 0
            return obs, -1.0, True, False, self._info()
        ep.play(action)
        self._opponent_moves()
        return (ep.observe(self.seat), ep.reward(self.seat), ep.over, ep.truncated, self._info())

    def _opponent_moves(self) -> None:
        ep = _live(self.episode)
        while not ep.over and not ep.truncated and ep.player != self.seat:
            ep.answer(self.opponent.choose(ep.game, ep.game.pending))

    def _info(self) -> dict:
        episode = _live(self.episode)
        result = episode.game.result
        winner = -1 if result is None or result.winner is None else result.winner
        return {"seat": self.seat, "winner": winner, "decisions": episode.decisions,
                "illegal_action": self.forfeited}

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.episode is not None:
            return self.episode.game.describe()
        return None
