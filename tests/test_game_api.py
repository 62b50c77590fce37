"""The python-chess-like API: push/pop, copy, JSON, illegal actions, determinism."""
from __future__ import annotations

import json

import pytest

from manastack import Game, IllegalActionError, RandomAgent
from manastack.engine.decisions import Action


def _advance(game: Game, n: int, seed: int = 3) -> None:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(n):
        if game.pending is None:
            return
        game.push(agents[game.pending.player].choose(game, game.pending))


def _snapshot(game: Game) -> str:
    return game.to_json()


def test_new_game_starts_with_mulligan_decision_and_seven_cards():
    game = Game.new("gruul-stompy", "azorius-skies", seed=7)
    d = game.pending
    assert d.kind == "mulligan"
    s = game.state
    assert [len(p.hand) for p in s.players] == [7, 7]          # CR 103.5
    assert [len(p.library) for p in s.players] == [33, 33]
    assert [p.life for p in s.players] == [20, 20]              # CR 103.4
    assert {a.kind for a in game.legal_actions()} == {"keep", "mulligan"}


def test_london_mulligan_draws_seven_then_bottoms_one():
    game = Game.new("gruul-stompy", "azorius-skies", seed=7)
    first = game.pending.player
    game.push(Action("mulligan"))
    assert len(game.state.players[first].hand) == 7
    game.push(Action("keep"))
    assert game.pending.kind == "bottom"
    game.push(game.legal_actions()[0])
    assert len(game.state.players[first].hand) == 6
    assert len(game.state.players[first].library) == 34


def test_illegal_action_raises_and_changes_nothing():
    game = Game.new("gruul-stompy", "azorius-skies", seed=7)
    _advance(game, 30)
    before = _snapshot(game)
    with pytest.raises(IllegalActionError) as err:
        game.push(Action("cast", (999_999,)))
    assert "not legal" in str(err.value)
    assert _snapshot(game) == before
    with pytest.raises(IllegalActionError):
        game.push(10_000)
    assert _snapshot(game) == before


def test_push_then_pop_restores_the_exact_state():
    game = Game.new("gruul-stompy", "azorius-skies", seed=11)
    _advance(game, 40)
    before = _snapshot(game)
    action = game.legal_actions()[-1]
    game.push(action)
    assert game.pop() == action
    assert _snapshot(game) == before


def test_copy_is_independent():
    game = Game.new("gruul-stompy", "azorius-skies", seed=5)
    _advance(game, 25)
    twin = game.copy()
    before = _snapshot(twin)
    _advance(game, 50)
    assert _snapshot(twin) == before
    assert _snapshot(game) != before


def test_same_seed_and_answers_give_the_same_game():
    logs = []
    for _ in range(2):
        game = Game.new("gruul-stompy", "azorius-skies", seed=21)
        _advance(game, 10_000, seed=9)
        logs.append(game.explain())
        assert game.result is not None
    assert logs[0] == logs[1]


def test_json_round_trip_mid_cast_continues_identically():
    """Save at a pending decision inside a cast (targets or payment) and compare futures."""
    for seed in range(40):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 100)]
        while game.pending is not None and game.pending.kind not in ("targets", "pay", "x"):
            game.push(agents[game.pending.player].choose(game, game.pending))
        if game.pending is None:
            continue
        loaded = Game.from_json(game.to_json())
        assert loaded.pending == game.pending
        assert json.loads(loaded.to_json()) == json.loads(game.to_json())
        a1, a2 = RandomAgent(1), RandomAgent(1)
        for _ in range(200):
            if game.pending is None:
                break
            game.push(a1.choose(game, game.pending))
            loaded.push(a2.choose(loaded, loaded.pending))
        assert loaded.explain() == game.explain()
        return
    pytest.fail("no game reached a decision inside a cast")


def test_cancelling_a_payment_rolls_the_cast_back():
    """CR 601.2e / 732: a cast that can't or won't be finished leaves no trace."""
    for seed in range(60):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
        agent = RandomAgent(seed)
        while game.pending is not None and not (
                game.pending.kind == "priority" and any(a.kind == "cast" for a in game.legal_actions())):
            game.push(agent.choose(game, game.pending))
        if game.pending is None:
            continue
        before = _snapshot(game)
        game.push(next(a for a in game.legal_actions() if a.kind == "cast"))
        while game.pending.kind != "pay":
            if game.pending.kind == "priority":
                break
            game.push(game.legal_actions()[0])
        if game.pending.kind != "pay":
            continue
        game.push(Action("cancel"))
        assert game.pending.kind == "priority"
        assert json.loads(_snapshot(game))["state"] == json.loads(before)["state"]
        return
    pytest.fail("no cast reached payment")


def test_explain_cites_rules_on_every_line():
    game = Game.new("gruul-stompy", "azorius-skies", seed=2)
    _advance(game, 300)
    lines = game.explain().splitlines()
    assert lines
    assert all("[CR " in line for line in lines)


def test_a_players_view_hides_the_opponents_hand_and_libraries():
    """CR 400.2: libraries and hands are hidden zones; the battlefield and graveyards are public."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=7)
    _advance(game, 60)
    s = game.current_state()
    view = game.view(0)
    me, them = view["players"]
    assert [c["id"] for c in me["hand"]] == s.players[0].hand
    assert "hand" not in them and them["hand_count"] == len(s.players[1].hand)
    assert "library" not in me and me["library_count"] == len(s.players[0].library)
    text = json.dumps(view)
    hidden = {s.objs[i].card.name for i in s.players[1].hand} - {
        s.objs[i].card.name for i in s.players[0].hand + list(s.battlefield) + s.players[0].graveyard
        + s.players[1].graveyard}
    assert not any(f'"{name}"' in text for name in hidden)
    assert len(view["battlefield"]) == len(s.battlefield)


def test_illegal_action_error_says_why_with_the_rule():
    """A second land in one turn: the error cites CR 305.2 and the game is unchanged."""
    from manastack import HeuristicAgent

    game = Game.new("gruul-stompy", "azorius-skies", seed=3)
    agent = HeuristicAgent()
    for _ in range(2000):
        d = game.pending
        s = game.current_state()
        p = s.players[d.player]
        lands = [i for i in p.hand if "Land" in s.objs[i].card.types]
        if d.kind == "priority" and p.lands_played == 1 and lands and s.active == d.player:
            break
        game.push(agent.choose(game, d))
    else:
        pytest.fail("no turn with a land played and another in hand")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError) as err:
        game.push(Action("play", (lands[0],)))
    assert "already played a land this turn (CR 305.2)" in str(err.value)
    assert _snapshot(game) == before
