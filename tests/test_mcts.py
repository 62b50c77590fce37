"""Information-set MCTS: sampled worlds keep what the player knows (CR 400.2), the search is
reproducible, and it answers with legal actions."""
from __future__ import annotations

from manastack import Game, HeuristicAgent
from manastack.engine.serialize import state_to_data
from manastack.determinize import determinize
from manastack.choices import candidates
from manastack.mcts import MCTSAgent, MCTSConfig


def _midgame(seed: int = 5, actions: int = 60) -> Game:
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    for _ in range(actions):
        game.push(agents[game.pending.player].choose(game, game.pending))
    return game


def _names(s, ids):
    return [s.objs[i].card.name for i in ids]


def test_a_sampled_world_keeps_what_the_player_sees_and_resamples_the_rest():
    game = _midgame()
    s = game.state
    before = state_to_data(s)
    worlds = [determinize(game, 0, seed) for seed in range(8)]
    assert all(w is not None for w in worlds)
    for w in worlds:
        assert w.view(0) == game.view(0)
        ws = w.state
        assert _names(ws, ws.players[0].hand) == _names(s, s.players[0].hand)
        assert sorted(_names(ws, ws.players[1].hand + ws.players[1].library)) == \
            sorted(_names(s, s.players[1].hand + s.players[1].library))
        assert sorted(ws.players[0].library) == sorted(s.players[0].library)
    assert len({tuple(_names(w.state, w.state.players[1].hand)) for w in worlds}) > 1
    assert len({tuple(w.state.players[0].library) for w in worlds}) > 1
    assert state_to_data(game.state) == before          # the real game is untouched


def test_search_is_reproducible_and_legal():
    game = _midgame(actions=40)
    while len(candidates(game.pending)) < 2 or game.pending.kind != "attackers":
        game.push(HeuristicAgent(0).choose(game, game.pending))
    picks = []
    for _ in range(2):
        agent = MCTSAgent(HeuristicAgent(3), MCTSConfig(iterations=6), seed=11)
        picks.append(agent.choose(game.copy(), game.pending))
        assert agent.searches == 1 and 0 < agent.iterations <= 6
    assert picks[0] == picks[1]
    assert picks[0] in game.legal_actions()


def test_a_few_searched_decisions_play_on():
    game = _midgame(seed=9, actions=30)
    agents = [MCTSAgent(HeuristicAgent(4), MCTSConfig(iterations=3), seed=1), HeuristicAgent(5)]
    for _ in range(30):
        if game.pending is None:
            break
        action = agents[game.pending.player].choose(game, game.pending)
        assert action in game.legal_actions()
        game.push(action)
    assert agents[0].searches > 0
