"""The reinforcement-learning environments (extra ``manastack[rl]``): the standard API checks,
the action encoding (every legal answer reachable, every masked-in index legal), observations
that hide what the player may not know (CR 400.2), and vectorized use."""
from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (pip install 'manastack[rl]') is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (pip install 'manastack[rl]') is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'manastack[rl]') is not installed")

import gymnasium  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from manastack import Game, HeuristicAgent, RandomAgent  # noqa: E402
from manastack.determinize import determinize  # noqa: E402
from manastack.rl import ACTION_SIZE, MagicAECEnv, MagicEnv  # noqa: E402
from manastack.rl import encoding, observation  # noqa: E402
from manastack.rl.episode import Episode  # noqa: E402


def test_aec_env_passes_the_pettingzoo_api_test():
    api_test(MagicAECEnv(), num_cycles=300)


def test_gymnasium_env_passes_check_env():
    check_env(MagicEnv(opponent="random"), skip_render_check=True)


def test_two_agents_play_an_aec_game_to_its_end():
    env = MagicAECEnv()
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == f"player_{env.episode.player}"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.episode.game.result is not None
    assert not env.agents


def _check_encoding(game: Game, skip_trivial: bool) -> None:
    """Every answer has one index, and each index decodes to that answer."""
    d = game.pending
    s = game.current_state()
    encoded = encoding.encode(d, d.options, s)
    assert not encoded.unreachable
    assert sorted(encoded.actions.values(), key=str) == sorted(d.options, key=str)
    assert all(0 <= i < ACTION_SIZE for i in encoded.actions)


def test_every_legal_answer_has_an_index_and_every_index_is_legal():
    for seed in (1, 2):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
        agents = [RandomAgent(seed), HeuristicAgent(seed)]
        kinds = set()
        while game.pending is not None:
            _check_encoding(game, skip_trivial=False)
            kinds.add(game.pending.kind)
            game.push(agents[game.pending.player].choose(game, game.pending))
        assert {"priority", "attackers", "mulligan"} <= kinds


def test_masked_in_indices_are_exactly_the_offered_answers():
    for skip in (True, False):
        ep = Episode(("gruul-stompy", "azorius-skies"), 4, skip, 5000, None,
                     observation.CardIndex(Game.new("gruul-stompy", "azorius-skies").db))
        rng = np.random.default_rng(4)
        while not ep.over:
            player = ep.player
            mask = ep.mask(player)
            assert not ep.mask(1 - player).any()
            legal = set(ep.game.pending.options)
            offered = ep.answers()
            assert set(np.flatnonzero(mask)) == set(offered)
            assert set(offered.values()) <= legal
            if skip:        # forced decisions were taken; idle mana abilities aren't offered
                assert len(offered) >= 2
                assert ep.game.pending.kind != "priority" or \
                    all(a.kind != "mana" for a in offered.values())
            else:
                assert set(offered.values()) == legal
            ep.play(int(rng.choice(np.flatnonzero(mask))))


def test_same_index_same_kind_of_choice():
    block = encoding.BLOCKS
    assert block["pass"].start == 0
    for kind in ("play", "cast", "attack", "activate", "target", "block", "other"):
        assert 0 < block[kind].start < ACTION_SIZE
    ep = Episode(("gruul-stompy", "azorius-skies"), 5, True, 5000, None,
                 observation.CardIndex(Game.new("gruul-stompy", "azorius-skies").db))
    while not ep.over:
        for index, action in ep.answers().items():
            kind = next(b.kind for b in block.values() if b.start <= index < b.start + b.size)
            assert kind == action.kind or kind == "other"
        ep.play(min(ep.answers()))


def test_bad_indices_are_refused_with_a_reason():
    env = MagicEnv(opponent="random", illegal_action="raise")
    obs, _ = env.reset(seed=2)
    masked_out = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="masked out"):
        env.step(masked_out)
    for bad in (-1, ACTION_SIZE, 2.5, "x", True):
        with pytest.raises(ValueError, match="not an index"):
            env.step(bad)
    env = MagicEnv(opponent="random")
    env.reset(seed=2)
    obs, reward, terminated, truncated, info = env.step(masked_out)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not obs["action_mask"].any()
    with pytest.raises(ValueError, match="call reset"):
        env.step(masked_out)
    with pytest.raises(ValueError, match="unknown agent"):
        MagicEnv(opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        MagicEnv(seat=2)


def test_observation_hides_the_opponents_hand_and_library_order():
    game = Game.new("gruul-stompy", "azorius-skies", seed=6)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    for _ in range(80):
        game.push(agents[game.pending.player].choose(game, game.pending))
    cards = observation.CardIndex(game.db)
    player = game.pending.player
    seen = observation.observe(game.current_state(), player, game.pending.kind, cards)
    opponent_hand = {cards(game.state.objs[i].card.name) for i in game.state.players[1 - player].hand}
    assert opponent_hand
    different_worlds = 0
    for seed in range(6):
        world = determinize(game, player, seed)
        hand = {cards(world.state.objs[i].card.name) for i in world.state.players[1 - player].hand}
        different_worlds += hand != opponent_hand
        again = observation.observe(world.current_state(), player, world.pending.kind, cards)
        assert np.array_equal(seen, again)
    assert different_worlds > 0
    # and the player's own hand is seen: another hand would change the observation
    other = observation.observe(game.current_state(), 1 - player, None, cards)
    assert not np.array_equal(seen, other)


def test_vector_envs_step_in_lockstep():
    def make():
        return MagicEnv(opponent="random")
    for vec in (gymnasium.vector.SyncVectorEnv([make, make]),
                gymnasium.vector.AsyncVectorEnv([make, make])):
        try:
            obs, _ = vec.reset(seed=7)
            assert obs["observation"].shape == (2, observation.SIZE)
            rng = np.random.default_rng(0)
            for step in range(30):
                # after an episode ends, the next step only resets that environment (autoreset)
                actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
                if step == 10:          # one environment forfeits: it ends and starts again
                    actions[0] = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
                obs, rewards, terminated, truncated, info = vec.step(np.array(actions))
                assert rewards.shape == (2,)
                assert info["winner"].dtype.kind == "i"
                if step == 10:
                    assert terminated[0] and rewards[0] == -1.0
        finally:
            vec.close()


def test_the_documented_layout_is_the_layout():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "rl.md").read_text()
    for b in encoding.BLOCKS.values():
        assert f"| `{b.kind}` | {b.start} | {b.size} |" in doc
    start = 0
    for name, size in observation.SECTIONS:
        assert f"| `{name}` | {start} | {size} |" in doc
        start += size
    assert f"Discrete({ACTION_SIZE})" in doc and f"{observation.SIZE} values" in doc


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.integers(-10**6, 10**6), st.floats(allow_nan=True), st.text(max_size=5),
                 st.none(), st.booleans()))
def test_any_action_value_is_played_or_refused_with_a_reason(value):
    env = _AEC_ENV
    env.reset(seed=1)
    before = env.observe(env.agent_selection)["observation"].copy()
    rewards = dict(env._cumulative_rewards)
    legal = set(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))
    try:
        env.step(value)
    except ValueError as exc:
        assert "\n" not in str(exc)
        assert not (type(value) is int and value in legal)
        assert np.array_equal(before, env.observe(env.agent_selection)["observation"])
        assert env._cumulative_rewards == rewards
    else:
        assert type(value) is int and value in legal


_AEC_ENV = MagicAECEnv()
