"""States are never changed in place once a decision is pending: copies share their objects
(permanents too, copied only when one changes, State.own), so a change in place anywhere would
leak into earlier states, undo history and copies of the game."""
from __future__ import annotations

import json

import pytest

from manastack import Game, RandomAgent
from manastack.engine.serialize import state_to_data
from manastack.engine.state import SHARED_ZONES
from manastack.rng import Rng

from .test_corpus_games import _deck


def _snapshot(game: Game) -> str:
    return json.dumps(state_to_data(game.state), sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
def test_pushing_never_changes_an_earlier_state(seed):
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    steps = 0
    while game.pending is not None and steps < 1500:
        before, earlier = _snapshot(game), game.copy()
        game.push(agents[game.pending.player].choose(game, game.pending))
        assert _snapshot(earlier) == before, f"state changed in place at action {steps}"
        steps += 1
    assert game.is_over


def test_only_permanents_and_spells_are_outside_the_shared_zones():
    """Objects of the shared zones are never changed once made (only a card in exile with time
    counters, through State.own): so no other object may be in a zone where objects change."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=8)
    agent = RandomAgent(8)
    while game.pending is not None:
        s = game.current_state()
        changing = {k for k, o in s.objs.items() if o.zone not in SHARED_ZONES}
        assert changing == set(s.battlefield) | {i.source for i in s.stack if i.kind == "spell"}
        game.push(agent.choose(game, game.pending))


def test_copies_share_every_object_but_spells_until_one_changes():
    """State.copy shares every object except the spells on the stack; a permanent is copied
    only when it changes (State.own), and only in the state that changes it."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=1)
    while game.state.turn < 4 or not game.state.stack:
        game.push(RandomAgent(5).choose(game, game.pending))
    s = game.state
    c = s.copy()
    spells = {i.source for i in s.stack if i.kind == "spell"}
    assert spells
    for k, o in s.objs.items():
        assert (c.objs[k] is o) == (k not in spells), o
    oid = s.battlefield[0]
    c.own(oid).tapped = not s.objs[oid].tapped
    assert c.objs[oid] is not s.objs[oid] and c.objs[oid].tapped != s.objs[oid].tapped


@pytest.mark.slow
@pytest.mark.parametrize("seed", [101, 202, 303, 404])
def test_corpus_games_never_change_an_earlier_state(corpus_db, playable, seed):
    rng = Rng(seed)
    decks = [_deck(corpus_db, playable, rng) for _ in range(2)]
    game = Game.new(decks[0], decks[1], seed=seed, cards=corpus_db)
    agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
    for step in range(600):
        if game.pending is None:
            break
        before, earlier = _snapshot(game), game.copy()
        game.push(agents[game.pending.player].choose(game, game.pending))
        assert _snapshot(earlier) == before, f"state changed in place at action {step}"
