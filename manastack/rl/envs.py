"""The environments: a PettingZoo AEC environment for two to eight players and a Gymnasium
environment in which one player faces agents playing the other seats.

Both observe ``{"observation": float32 vector, "action_mask": int8 vector}`` (see
:mod:`manastack.rl.observation`, :mod:`manastack.rl.encoding` and ``docs/rl.md``) and act with
an index of ``Discrete(encoding.SIZE)``. The reward is +1 for the winner and -1 for a player who
loses or concedes, given when they leave the game (CR 800.4a) or it ends, 0 otherwise.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from manastack.agents import parse_agent
from manastack.cards import CardDB, default_db
from manastack.engine.commanders import COMMANDER
from manastack.game import FORMATS, MAX_PLAYERS, MIN_PLAYERS

from . import encoding, observation
from .episode import MAX_DECISIONS_LIMIT, Episode

DEFAULT_DECKS = ("gruul-stompy", "azorius-skies")
#: the bundled Commander decks; their cards come from the full card file (``cards=``)
COMMANDER_DECKS = ("commander-ayula", "commander-radha", "commander-isperia")
SEED_LIMIT = 2**31


def agent_names(players: int) -> tuple[str, ...]:
    """The PettingZoo agents of a game of ``players``: ``player_0`` ... in seat order."""
    return tuple(f"player_{i}" for i in range(players))


def _spaces() -> tuple[spaces.Dict, spaces.Discrete]:
    obs = spaces.Dict({
        "observation": spaces.Box(-observation.BOUND, observation.BOUND, (observation.SIZE,), np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.SIZE,), np.int8),
    })
    return obs, spaces.Discrete(encoding.SIZE)


def _check(decks, players, format, max_decisions: int, render_mode) -> tuple[str, ...]:
    """The decks of each seat, after checking every argument the environments share."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players: expected an integer from {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    if format not in FORMATS:
        raise ValueError(f"format: expected one of {', '.join(map(repr, FORMATS))}, got {format!r}")
    if decks is None:
        decks = COMMANDER_DECKS if format == COMMANDER else DEFAULT_DECKS
    if isinstance(decks, str) or not 1 <= len(decks) <= players:
        raise ValueError(f"decks: expected 1 to {players} decks (dealt round the seats), got {decks!r}")
    if not isinstance(max_decisions, int) or not 1 <= max_decisions <= MAX_DECISIONS_LIMIT:
        raise ValueError(f"max_decisions: expected an integer in 1..{MAX_DECISIONS_LIMIT}, "
                         f"got {max_decisions!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
    return tuple(decks[i % len(decks)] for i in range(players))


def _live(episode: Episode | None) -> Episode:
    """The episode under way: there is one from the first ``reset()`` on."""
    assert episode is not None, "call reset() first"
    return episode


class MagicAECEnv(AECEnv):
    """``players`` players (two to eight), ``player_0`` ... in seat order, each playing a deck of
    ``decks`` (dealt round the seats: with fewer decks than seats, again from the first); the
    agent selected is the one the game waits for. ``format`` is ``"normal"`` (a free-for-all
    with more than two, CR 806) or ``"commander"`` (CR 903; the default decks are then the
    bundled Commander decks, whose cards need ``cards=`` the full card file).

    A player who loses or concedes (:meth:`concede`) is terminated with reward -1 as they leave
    the game (CR 800.4a) and removed from ``agents`` once stepped with ``None``, as PettingZoo's
    dead-agent rule has it; the game goes on with the others until one is left (CR 104.2a)."""

    metadata = {"name": "manastack_v2", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, decks=None, players: int = 2, format: str = "normal", skip_trivial: bool = True,
                 max_decisions: int = 5000, cards: CardDB | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.decks = _check(decks, players, format, max_decisions, render_mode)
        self.format = format
        self.skip_trivial = skip_trivial
        self.max_decisions = max_decisions
        self.cards = cards
        self.card_index = observation.CardIndex(cards or default_db())
        self.render_mode = render_mode
        self.possible_agents = list(agent_names(players))
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
                               self.cards, self.card_index, self.format)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return _live(self.episode).observe(self.possible_agents.index(agent))

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        _live(self.episode).play(action)          # an illegal action raises before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._after()

    def concede(self, agent: str) -> None:
        """``agent`` concedes (CR 104.3a), whoever is selected: they are terminated with reward
        -1 and the game goes on without them (CR 800.4a), or ends when one player is left.
        Raises ``ValueError`` for an agent who has already left or an episode that is over."""
        ep = _live(self.episode)
        if agent not in self.agents or self.terminations[agent] or self.truncations[agent]:
            raise ValueError(f"concede: {agent!r} is not in the game (agents: {self.agents})")
        ep.concede(self.possible_agents.index(agent))
        self._after()

    def _after(self) -> None:
        """The rewards of a change of the game, the players who left, the next selection."""
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Terminate the players who left (all of them once the game is over), truncate all
        when the decision budget ran out, and select the player the game waits for; a newly
        terminated player is selected first, to be stepped with ``None``."""
        ep = _live(self.episode)
        for i, a in enumerate(self.possible_agents):
            if a not in self.agents or self.terminations[a] or self.truncations[a]:
                continue
            if ep.left(i):
                self.rewards[a] = ep.reward(i)
                self.terminations[a] = True
            elif ep.truncated:
                self.truncations[a] = True
        if ep.over or ep.truncated:
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
            return
        assert ep.player is not None
        self.agent_selection = self.possible_agents[ep.player]
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.episode is not None:
            return self.episode.game.describe()
        return None

    def close(self) -> None:
        self.episode = None


class MagicEnv(gymnasium.Env):
    """One player (``seat``; None: drawn at each reset) of ``players`` (two to eight) against
    ``opponent`` in every other seat: an agent spec such as ``"random"`` or
    ``"mcts:iterations=20"`` (one agent per seat, seeded from the episode's seed) or any agent
    object (the same object answers for every other seat). ``decks`` and ``format`` are as in
    :class:`MagicAECEnv`. The episode ends for the learner when they leave the game (a loss,
    CR 800.4a) or it ends.

    A masked-out index (``illegal_action="lose"``, the default, so that tools which sample the
    whole action space work) ends the episode as a loss: reward -1, terminated, and
    ``info["illegal_action"]`` set; with ``illegal_action="raise"`` it raises ``ValueError``.
    A value that is no index of the action space always raises ``ValueError``.

    ``info`` holds ``seat``, ``winner`` (the winner's seat; -1 while the game goes on, for a
    draw or a forfeit), ``decisions`` (answered by any player so far), ``illegal_action`` and
    ``unseen_permanents`` (the permanents beyond their seat's battlefield slots, left out of the
    observation)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent="random", seat: int | None = 0, decks=None, players: int = 2,
                 format: str = "normal", skip_trivial: bool = True, max_decisions: int = 5000,
                 cards: CardDB | None = None, render_mode: str | None = None,
                 illegal_action: str = "lose") -> None:
        self.decks = _check(decks, players, format, max_decisions, render_mode)
        self.players = players
        self.format = format
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action: expected 'lose' or 'raise', got {illegal_action!r}")
        self.illegal_action = illegal_action
        if seat is not None and (isinstance(seat, bool) or seat not in range(players)):
            raise ValueError(f"seat: expected 0 to {players - 1} or None, got {seat!r}")
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
        self.opponents: dict[int, Any] = {}         # seat -> the agent answering for it
        self.forfeited = False

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(SEED_LIMIT))
        self.seat = int(self.np_random.integers(self.players)) if self.seat_choice is None else self.seat_choice
        spec = self.opponent_spec
        self.opponents = {p: parse_agent(spec, game_seed + 1 + (p - self.seat - 1) % self.players)
                          if isinstance(spec, str) else spec
                          for p in range(self.players) if p != self.seat}
        self.episode = Episode(self.decks, game_seed, self.skip_trivial, self.max_decisions,
                               self.cards, self.card_index, self.format)
        self.forfeited = False
        self._opponent_moves()
        return self.episode.observe(self.seat), self._info()

    def step(self, action):
        ep = self.episode
        if ep is None or ep.left(self.seat) or ep.truncated or self.forfeited:
            raise ValueError("the episode is over: call reset() first")
        if self.illegal_action == "lose" and ep.is_index(action) and int(action) not in ep.answers():
            self.forfeited = True
            obs = ep.observe(self.seat)
            obs["action_mask"][:] = 0
            return obs, -1.0, True, False, self._info()
        ep.play(action)
        self._opponent_moves()
        return (ep.observe(self.seat), ep.reward(self.seat), ep.left(self.seat), ep.truncated and not ep.left(self.seat),
                self._info())

    def _opponent_moves(self) -> None:
        """The other seats answer until the learner is asked, leaves, or the budget runs out."""
        ep = _live(self.episode)
        while not ep.left(self.seat) and not ep.truncated and ep.player != self.seat:
            player = ep.player
            assert player is not None
            ep.answer(self.opponents[player].choose(ep.game, ep.game.pending))

    def _info(self) -> dict:
        episode = _live(self.episode)
        result = episode.game.result
        winner = -1 if result is None or result.winner is None else result.winner
        return {"seat": self.seat, "winner": winner, "decisions": episode.decisions,
                "illegal_action": self.forfeited, "unseen_permanents": episode.unseen_permanents(self.seat)}

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.episode is not None:
            return self.episode.game.describe()
        return None
