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
from manastack.choices import candidates  # noqa: E402
from manastack.determinize import determinize  # noqa: E402
from manastack.rl import ACTION_SIZE, MagicAECEnv, MagicEnv  # noqa: E402
from manastack.rl import encoding, observation  # noqa: E402
from manastack.rl.episode import Episode  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_aec_env_passes_the_pettingzoo_api_test(players):
    env = MagicAECEnv(players=players)
    api_test(env, num_cycles=300)
    assert env.possible_agents == [f"player_{i}" for i in range(players)]


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


def _random_step(env, rng) -> None:
    obs, _reward, terminated, truncated, _ = env.last()
    env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_four_agents_leave_one_by_one_and_the_game_goes_on():
    # CR 800.4a: a player who loses leaves the game, the others play on; PettingZoo's rule: the
    # agent is terminated with its reward, stepped with None, then removed from env.agents
    env = MagicAECEnv(players=4)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    finished: list[tuple[str, float, bool]] = []   # (agent, reward, whether the game was over)
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated:
            finished.append((agent, reward, env.episode.game.result is not None))
            env.step(None)
            assert agent not in env.agents
            continue
        assert not truncated and agent == f"player_{env.episode.player}"
        assert not env.episode.game.peek().players[env.episode.player].lost
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    result = env.episode.game.result
    assert result is not None and result.winner is not None and not env.agents
    left = [f"player_{p}" for p in env.episode.game.peek().left]
    assert len(left) >= 2
    # those who left before the end were terminated then, with -1, while the game went on
    assert [(a, r, over) for a, r, over in finished[:len(left)]] == [(a, -1.0, False) for a in left]
    assert (f"player_{result.winner}", 1.0) in [(a, r) for a, r, _ in finished]
    assert sorted(a for a, _, _ in finished) == env.possible_agents


def test_an_agent_concedes_at_any_time_and_leaves():
    env = MagicAECEnv(players=3)
    env.reset(seed=2)
    selected = env.agent_selection
    quitter = next(a for a in env.agents if a != selected)
    env.concede(quitter)                               # CR 104.3a: not their decision
    assert env.agent_selection == quitter              # stepped first, with None
    _obs, reward, terminated, truncated, _ = env.last()
    assert (reward, terminated, truncated) == (-1.0, True, False)
    with pytest.raises(ValueError, match="dead"):
        env.step(0)
    env.step(None)
    assert quitter not in env.agents and len(env.agents) == 2
    assert env.episode.game.result is None            # the game goes on (CR 800.4a)
    assert not env.terminations[env.agent_selection]
    with pytest.raises(ValueError, match="not in the game"):
        env.concede(quitter)
    env.concede(env.agent_selection)                   # one player left: they win (CR 104.2a)
    winner = next(a for a in env.agents if not env.terminations[a] or env.rewards[a] == 1.0)
    assert env.episode.game.result.winner == env.possible_agents.index(winner)
    rewards = {}
    for agent in env.agent_iter(max_iter=10):
        rewards[agent] = env.last()[1]
        env.step(None)
    assert sorted(rewards.values()) == [-1.0, 1.0] and not env.agents


def test_commander_pods_play_with_the_commander_decks(corpus_db):
    env = MagicAECEnv(players=4, format="commander", cards=corpus_db)
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)["observation"]
    sections = _sections(obs)
    players = sections["players"].reshape(encoding.SEATS, len(observation.PLAYER_FEATURES))
    assert players[:4, 0].tolist() == [40] * 4 and not players[4:].any()     # CR 903.7
    seats = sections["seats"].reshape(encoding.SEATS, len(observation.SEAT_FEATURES))
    assert seats[:4, 0].tolist() == [1, 1, 1, 1] and not seats[4:].any()
    assert seats[:4, 3].tolist() == [1, 1, 1, 1]       # each commander waits in the command zone
    rng = np.random.default_rng(5)
    for _ in range(200):
        _random_step(env, rng)


def test_the_gymnasium_env_plays_one_seat_of_several(corpus_db):
    env = MagicEnv(opponent="heuristic", players=3, seat=None)
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.episode.player == info["seat"]
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = env.episode.game
    if reward == -1.0:                # a loss ends the learner's episode, not always the game
        assert info["seat"] in game.peek().left or game.result.winner != info["seat"]
    else:
        assert reward == 1.0 and info["winner"] == info["seat"]
    with pytest.raises(ValueError, match="seat"):
        MagicEnv(players=3, seat=3)
    with pytest.raises(ValueError, match="players"):
        MagicEnv(players=9)
    with pytest.raises(ValueError, match="format"):
        MagicAECEnv(format="brawl")


def _sections(obs) -> dict[str, np.ndarray]:
    out, start = {}, 0
    for name, size in observation.SECTIONS:
        out[name] = obs[start:start + size]
        start += size
    return out


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


def test_attacks_on_each_defender_have_their_own_indices():
    # CR 802.3: with several defending players each attacker attacks one of them; the index
    # says which, by relative seat, and every answer of every decision of 3- and 4-player
    # games has exactly one index
    attack_player = encoding.BLOCKS[encoding.ATTACK_PLAYER]
    for players, seed in ((3, 1), (4, 2)):
        decks = ["gruul-stompy", "azorius-skies", "mono-green", "red-green"][:players]
        game = Game.new(*decks, seed=seed)
        agents = [HeuristicAgent(seed + p) for p in range(players)]
        aimed = set()
        while game.pending is not None:
            _check_encoding(game, skip_trivial=False)
            d = game.pending
            if d.kind == "attackers":
                s = game.current_state()
                slots = encoding.Slots(s, d.player)
                for index, action in encoding.encode(d, d.options, s).actions.items():
                    if action.kind == "attack" and isinstance(action.args[1], str):
                        defender = int(action.args[1][1:])
                        seat = (defender - d.player) % players
                        a = slots.own(action.args[0])
                        if a is None:          # beyond the seat's battlefield slots: "other"
                            other = encoding.BLOCKS["other"]
                            assert other.start <= index < other.start + other.size
                            continue
                        assert index == attack_player.start + a * encoding.OPPONENT_SEATS + seat - 1
                        aimed.add(seat)
            game.push(agents[d.player].choose(game, d))
        assert aimed == set(range(1, players))


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


def test_four_player_observations_hide_every_other_hand_and_library():
    # CR 400.2: each player sees their own hand; of every other player's hand and of every
    # library only the size
    game = Game.new("gruul-stompy", "azorius-skies", "mono-green", "red-green", seed=8)
    agents = [HeuristicAgent(p) for p in range(4)]
    for _ in range(150):
        game.push(agents[game.pending.player].choose(game, game.pending))
    cards = observation.CardIndex(game.db)
    s = game.current_state()
    for viewer in range(4):
        kind = game.pending.kind if game.pending.player == viewer else None
        seen = observation.observe(s, viewer, kind, cards)
        changed = 0
        for seed in range(4):
            world = determinize(game, viewer, seed)
            w = world.current_state()
            changed += any(w.players[p].hand != s.players[p].hand for p in range(4) if p != viewer)
            assert np.array_equal(seen, observation.observe(w, viewer, kind, cards))
        assert changed > 0
        # another player's hand in their place would be seen: the viewer's own hand is in it
        other = observation.observe(s, (viewer + 1) % 4, None, cards)
        assert not np.array_equal(_sections(seen)["hand"], _sections(other)["hand"])


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


def _pod_board(counts: dict[str, int]) -> str:
    """A four-player Commander position at Alice's first main phase: each player controls
    ``counts[name]`` permanents (lands, creatures, tokens), some tapped or damaged."""
    commanders = {"Alice": "Ayula, Queen Among Bears", "Bob": "Radha, Heir to Keld",
                  "Carol": "Ayula, Queen Among Bears", "Dan": "Radha, Heir to Keld"}
    lines = ["name: pod", "description: a big Commander board", "cites: ['903']", "format: commander",
             "turn: 9", "players:"]
    for name, n in counts.items():
        lands = n // 2
        field = [f"{{card: Forest, count: {lands - 3}}}", "{card: Forest, tapped: true, count: 3}",
                 f"{{card: Grizzly Bears, count: {n - lands - 4}}}", "{card: Grizzly Bears, damage: 1}",
                 "{card: Llanowar Elves, tapped: true}",
                 "{card: Grizzly Bears, token: true, count: 2}"]
        lines += [f"  - name: {name}", f"    commanders: [\"{commanders[name]}\"]",
                  f"    command: [\"{commanders[name]}\"]", "    hand: [Forest, Giant Growth]",
                  "    library: [{card: Forest, count: 10}]", f"    battlefield: [{', '.join(field)}]"]
    return "\n".join(lines) + "\n"


def test_a_four_player_commander_board_is_observed_completely(corpus_db):
    # 4 x 38 permanents (the whole table had 32 slots in manastack_v1): each seat's block holds
    # its player's, in the order they arrived, for every viewer; Dan's 44 pass his seat's 40
    # slots, and the 4 beyond are counted, never shown, and answered through "other"
    from manastack import Scenario
    counts = {"Alice": 38, "Bob": 38, "Carol": 38, "Dan": 44}
    game = Scenario.from_text(_pod_board(counts), cards=corpus_db).run().game
    s = game.peek()
    assert len(s.battlefield) == 158
    cards = observation.CardIndex(corpus_db)
    width = len(observation.PERMANENT_FEATURES)
    for viewer in range(4):
        kind = game.pending.kind if game.pending.player == viewer else None
        seen = _sections(observation.observe(s, viewer, kind, cards))
        field = seen["battlefield"].reshape(encoding.SEATS, encoding.SEAT_PERMANENTS, width)
        table = seen["seats"].reshape(encoding.SEATS, len(observation.SEAT_FEATURES))
        for k in range(encoding.SEATS):
            p = (viewer + k) % 4 if k < 4 else None
            mine = [s.objs[i] for i in s.battlefield if s.objs[i].controller == p]
            shown = mine[:encoding.SEAT_PERMANENTS]
            expected = np.zeros((encoding.SEAT_PERMANENTS, width), dtype=np.float32)
            for j, o in enumerate(shown):
                creature = "Creature" in o.card.types
                expected[j] = (1, cards(o.card.name), o.tapped, creature, "Land" in o.card.types,
                               2 if o.card.name == "Grizzly Bears" else (1 if creature else 0),
                               2 if o.card.name == "Grizzly Bears" else (1 if creature else 0),
                               o.damage, 0, 0, 0, o.is_token, 0)
            assert np.array_equal(field[k], expected), (viewer, k)
            unseen = len(mine) - len(shown)
            assert table[k, 6:].tolist() == [len(mine), unseen]
            assert unseen == (4 if p == 3 else 0)
        assert field[:4, :, 0].sum() == 38 * 3 + 40
    # the answers: Dan's last four permanents have no slot; every answer has one index
    dan = encoding.Slots(s, 3)
    beyond = dan.field[0][encoding.SEAT_PERMANENTS:]
    assert len(beyond) == 4 and all(dan.object(i) is None for i in beyond)
    assert all(dan.object(i) is not None for i in dan.field[0][:encoding.SEAT_PERMANENTS])
    ep_actions = 0
    while game.pending is not None and game.pending.kind != "attackers":
        _check_encoding(game, skip_trivial=False)
        game.push(next(a for a in game.pending.options if a.kind == "pass"))
        ep_actions += 1
    d = game.pending
    assert d.player == 0 and ep_actions >= 4
    _check_encoding(game, skip_trivial=False)
    s = game.current_state()
    encoded = encoding.encode(d, d.options, s)
    attack_player = encoding.BLOCKS[encoding.ATTACK_PLAYER]
    aimed = [i for i, a in encoded.actions.items() if a.kind == "attack" and isinstance(a.args[1], str)]
    assert len(aimed) == 3 * 18   # 18 untapped creatures, each at one of three defending players (CR 802.3)
    assert all(attack_player.start <= i < attack_player.start + attack_player.size for i in aimed)


def test_what_an_episode_keeps_per_decision_is_what_a_fresh_reading_gives():
    # the observations, masks and indexed answers an episode makes once per decision are the
    # ones read afresh from a copy of the state, for every player, at every decision
    ep = Episode(("gruul-stompy", "azorius-skies", "mono-green"), 9, True, 5000, None,
                 observation.CardIndex(Game.new("gruul-stompy", "azorius-skies").db))
    rng = np.random.default_rng(9)
    for _ in range(150):
        if ep.over:
            break
        d = ep.game.pending
        s = ep.game.current_state()
        fresh = encoding.encode(d, candidates(d), s).actions
        assert ep.answers() == fresh
        for viewer in range(3):
            kind = d.kind if d.player == viewer else None
            obs = ep.observe(viewer)
            assert np.array_equal(obs["observation"], observation.observe(s, viewer, kind, ep.cards))
            assert set(np.flatnonzero(obs["action_mask"])) == (set(fresh) if viewer == d.player else set())
            obs["observation"][:] = 7          # the caller's arrays are theirs to change
        assert not (ep.observe(d.player)["observation"] == 7).all()
        ep.play(int(rng.choice(list(ep.answers()))))
