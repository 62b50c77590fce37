"""Information-set MCTS: sampled worlds keep what the player knows (CR 400.2), the search is
reproducible, and it answers with legal actions."""
from __future__ import annotations

from pathlib import Path

import manastack.mcts as mcts
from manastack import Action, Game, HeuristicAgent
from manastack.engine.serialize import state_to_data
from manastack.determinize import determinize
from manastack.choices import candidates
from manastack.agents import parse_agent
from manastack.mcts import MCTSAgent, MCTSConfig
from manastack.sim.puzzles import Puzzle, solve
from manastack.tactician import TacticianAgent, evaluate


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


def _first(game: Game, test) -> Game:
    """Play heuristic moves until ``test(game)`` holds at the pending decision."""
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    while not test(game):
        game.push(agents[game.pending.player].choose(game, game.pending))
    return game


def test_an_idle_priority_is_passed_without_a_search():
    """CR 117.3d: in its upkeep, with an empty stack, the search player passes at once."""
    game = _first(_midgame(actions=20), lambda g: g.pending.kind == "priority" and g.pending.player == 0
                  and g.peek().step == "upkeep" and not g.peek().stack)
    agent = MCTSAgent(HeuristicAgent(3), MCTSConfig(iterations=6), seed=1)
    assert agent.choose(game, game.pending) == Action("pass")
    assert agent.searches == 0


def test_a_decision_samples_at_most_the_configured_worlds(monkeypatch):
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 1)
    calls = []

    def counting(*args):
        calls.append(args)
        return determinize(*args)

    monkeypatch.setattr(mcts, "determinize", counting)
    agent = MCTSAgent(HeuristicAgent(3), MCTSConfig(iterations=20, worlds=3), seed=2)
    assert agent.choose(game, game.pending) in game.legal_actions()
    assert 1 <= len(calls) <= 3 and agent.iterations > 3


def test_the_answer_is_the_best_mean_and_the_prior_keeps_a_near_tie():
    a, b, c = Action("a"), Action("b"), Action("c")
    root = mcts._Node()
    root.children = {a: mcts._Node(visits=6, value=3.0), b: mcts._Node(visits=6, value=3.6),
                     c: mcts._Node(visits=2, value=2.0)}
    agent = MCTSAgent(HeuristicAgent(1), MCTSConfig(margin=0.05), seed=1)
    assert agent._best(root, [a, b, c], [a, b, c]) == b    # 0.6 against the prior's 0.5
    assert agent._best(root, [a, b, c], []) == b           # c, searched too little, isn't counted
    agent.config = MCTSConfig(margin=0.2)
    assert agent._best(root, [a, b, c], [a, b, c]) == a    # not better by the margin


def test_peek_reads_what_current_state_copies():
    game = _midgame(actions=35)
    for _ in range(40):
        assert state_to_data(game.peek()) == state_to_data(game.current_state())
        assert game.turn == game.state.turn
        game.push(HeuristicAgent(0).choose(game, game.pending))


def test_a_pass_is_pushed_without_listing_the_options_and_plays_the_same():
    """CR 117.3d: passing is always an answer to priority, so ``push`` takes it unlisted."""
    game = _first(_midgame(actions=10), lambda g: g.pending.kind == "priority")
    listed = game.copy()
    listed.push(listed.pending.options[0])
    game.push(Action("pass"))
    assert state_to_data(game.state) == state_to_data(listed.state)
    assert game.pending == listed.pending


def _tactician_priority(test, seed: int = 3) -> Game:
    """The first priority of a tactician-against-tactician game where ``test(ranked)`` holds."""
    game = Game.new("red-green", "mono-green", seed=seed)
    agents = [TacticianAgent(1), TacticianAgent(2)]
    for _ in range(3000):
        d = game.pending
        if d.kind == "priority" and len(candidates(d)) > 1 and test(agents[d.player].ranked(game.copy(), d)):
            return game
        game.push(agents[d.player].choose(game, d))
    raise AssertionError("no such priority")


def test_the_root_searches_only_the_priors_best_answers(monkeypatch):
    game = _tactician_priority(lambda ranked: len(ranked) >= 3)
    best = [sc.action for sc in TacticianAgent(1).ranked(game.copy(), game.pending)][:2]
    roots = []
    search = MCTSAgent._iterate

    def spy(self, g, root, order, at_root, horizon):
        roots.append(tuple(at_root))
        return search(self, g, root, order, at_root, horizon)

    monkeypatch.setattr(MCTSAgent, "_iterate", spy)
    agent = parse_agent("mcts:iterations=6,top=2", 1)
    assert agent.choose(game, game.pending) in best
    assert roots and all(root == tuple(best) for root in roots)


def test_a_land_the_prior_plays_first_costs_no_search():
    """CR 305.1: the tactician plays a land before spells; the search player takes it unsearched."""
    game = _tactician_priority(lambda ranked: len(ranked) == 1 and ranked[0].action.kind == "play")
    land = TacticianAgent(1).choose(game.copy(), game.pending)
    agent = parse_agent("mcts:iterations=6", 1)
    assert agent.choose(game, game.pending) == land and agent.searches == 0


def test_rollouts_are_scored_by_the_tacticians_reading_of_the_board():
    game = _midgame(actions=60)
    assert (mcts.by_position(game) > 0.5) == (evaluate(game, 0) > 0)
    assert parse_agent("mcts", 1).score is mcts.by_position


def test_the_prior_reads_a_sampled_world_not_the_opponents_real_hand(monkeypatch):
    """CR 400.2: the tactician's lookahead, taken as the search's prior, plays the opponent's
    hand; it plays in a world with that hand dealt again, never in the real game."""
    game = _tactician_priority(lambda ranked: len(ranked) >= 2)
    me = game.pending.player
    real = sorted(_names(game.state, game.state.players[1 - me].hand))
    seen = []
    compare = TacticianAgent._compare

    def spy(self, g, d, options):
        seen.append((g._base is game._base, sorted(_names(g.state, g.state.players[1 - me].hand))))
        return compare(self, g, d, options)

    monkeypatch.setattr(TacticianAgent, "_compare", spy)
    for seed in range(4):
        parse_agent("mcts:iterations=4", seed).choose(game.copy(), game.pending)
    assert seen and not any(real_game for real_game, _ in seen)
    assert any(hand != real for _, hand in seen)


def test_the_next_step_of_a_declaration_searches_on_from_the_tree_below_the_last_answer():
    """CR 508.1: attackers are declared one by one; the iterations spent below the attacker
    just chosen count for the next one (nothing was revealed in between, CR 400.2)."""
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 2)
    agent = parse_agent("mcts:iterations=8,combat_iterations=12,declarations=0", 1)
    action = agent.choose(game, game.pending)
    assert agent.iterations == 12 and agent.reused == 0
    kept = agent._kept[2]
    before = sum(n.visits for n in kept.children.values())
    assert action.kind == "attack" and kept.visits > 0
    game.push(action)
    assert game.pending.kind == "attackers" and len(candidates(game.pending)) > 1
    agent.choose(game, game.pending)
    assert agent.reused == 1 and agent.iterations == 24
    assert sum(n.visits for n in kept.children.values()) == before + 12
    agent.choose(game, game.pending)     # the game is not where the last answer led: a new tree
    assert agent.reused == 1


def test_a_search_of_attackers_plays_on_through_the_crack_back(monkeypatch):
    """CR 508.1: a declaration of attackers is scored after the opponent's next turn
    (``combat_horizon``), a priority at the end of the turn (``horizon``)."""
    horizons = []
    rollout = MCTSAgent._rollout

    def spy(self, g, horizon):
        horizons.append((g.pending.kind if g.pending else None, horizon))
        return rollout(self, g, horizon)

    monkeypatch.setattr(MCTSAgent, "_rollout", spy)
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 2)
    agent = MCTSAgent(HeuristicAgent(3), MCTSConfig(iterations=4, horizon=1, combat_horizon=2), seed=2)
    agent.choose(game.copy(), game.pending)
    assert horizons and {h for _, h in horizons} == {2}
    horizons.clear()
    MCTSAgent(HeuristicAgent(3), MCTSConfig(iterations=4, horizon=1, combat_horizon=1), seed=2).choose(
        game.copy(), game.pending)
    assert horizons and {h for _, h in horizons} == {1}
    assert parse_agent("mcts:combat_horizon=3", 1).config.combat_horizon == 3


def test_the_rollout_agent_plays_the_quick_policy_and_keeps_the_fireblast(db):
    """The rollouts cast no instant or sorcery by rule: casting each one in the main phase
    threw away Fireblast and two Mountains (CR 118.9, an alternative cost) in every rollout,
    whatever the answer searched. Without them the search keeps the cards the tactician keeps."""
    suite = Path(__file__).resolve().parent.parent / "bench" / "puzzles"
    puzzle = Puzzle.load(suite / "keep-06.yaml", db)
    game = puzzle.game()
    while not (game.pending.kind == "priority" and any(o.kind == "cast" for o in game.pending.options)):
        game.push(TacticianAgent().choose(game, game.pending))
    rules = TacticianAgent(search=0, lookahead=False)
    assert rules.choose(game, game.pending) == rules.quick(game, game.pending) == Action("pass")
    for file in ("keep-02.yaml", "keep-06.yaml", "keep-07.yaml", "keep-08.yaml"):
        result = solve(Puzzle.load(suite / file, db), "mcts:iterations=20")
        assert result.solved, (file, result.detail)


def test_the_kept_tree_is_matched_by_what_the_player_sees_not_by_the_hidden_cards():
    """CR 400.2: a game that differs from the real one only in what the player can't see (the
    opponent's hand, the libraries' order: a sampled world) continues the kept tree just the
    same; one where the player sees something else (another step of the declaration) doesn't."""
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 2)
    agent = parse_agent("mcts:iterations=8,combat_iterations=12,declarations=0", 1)
    game.push(agent.choose(game, game.pending))
    me = game.pending.player
    other = next(w for w in (determinize(game, me, seed) for seed in range(20))
                 if w is not None and sorted(w.state.players[1 - me].hand) != sorted(game.state.players[1 - me].hand))
    assert other.view(me) == game.view(me)
    agent.choose(other, other.pending)
    assert agent.reused == 1
    agent.choose(other, other.pending)       # the same decision again: not where the answer led
    assert agent.reused == 1


def test_attackers_are_chosen_as_a_whole_declaration_in_the_same_sampled_worlds(monkeypatch):
    """CR 508.1: the declarations compared are each played in the same sampled worlds; the one
    chosen is then declared one attacker at a time without another comparison."""
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 2)
    me = game.pending.player
    calls = []

    def counting(*args):
        calls.append(args)
        return determinize(*args)

    monkeypatch.setattr(mcts, "determinize", counting)
    agent = parse_agent("mcts:iterations=4,declarations=3", 1)
    answers = []
    while game.pending.player == me and game.pending.kind == "attackers":
        action = agent.choose(game, game.pending)
        assert action in game.legal_actions()
        answers.append(action)
        game.push(action)
    assert agent.declared == 1 and len(answers) > 1      # one comparison for the whole declaration
    assert len([c for c in calls if c[1] == me]) == 3      # the prior samples its own worlds


def test_the_declarations_compared_are_the_rollout_agents_and_its_neighbours():
    game = _first(_midgame(actions=40), lambda g: g.pending.kind == "attackers"
                  and len(candidates(g.pending)) > 2)
    d = game.pending
    attacks = [o for o in d.options if o.kind == "attack"]
    variants = mcts._variants([attacks[0]], d)
    assert variants[0] == (attacks[0],) and () in variants
    assert (attacks[0], attacks[1]) in variants
    creatures = {o.args[0] for o in attacks}
    assert any({a.args[0] for a in v} == creatures for v in variants)     # all of them
    assert len(variants) == len({frozenset(v) for v in variants}) <= mcts.DECLARATIONS
    every = tuple({o.args[0]: o for o in reversed(attacks)}.values())
    g = game.copy()                 # every creature declared: the declaration ends without "done"
    assert mcts._declare_in(g, d.player, d.kind, every) and g.pending.kind != "attackers"
    assert not mcts._declare_in(game.copy(), d.player, d.kind, (every[0], every[0]))


def test_spells_compares_the_priors_best_answers_through_the_next_turn(monkeypatch):
    """With ``spells``, the tactician's best answers at a priority are each played in the same
    sampled worlds and on through the opponent's turn, not searched in the tree."""
    game = _tactician_priority(lambda ranked: len(ranked) >= 3)
    best = [sc.action for sc in TacticianAgent(1).ranked(game.copy(), game.pending)][:2]
    horizons = []
    rollout = MCTSAgent._rollout

    def spy(self, g, horizon):
        horizons.append(horizon)
        return rollout(self, g, horizon)

    monkeypatch.setattr(MCTSAgent, "_rollout", spy)
    agent = parse_agent("mcts:iterations=6,top=2,spells=3", 1)
    assert agent.choose(game, game.pending) in best
    assert agent.weighed == 1 and agent.searches == 0
    assert horizons == [2] * 6                  # two answers in three worlds, through the next turn
