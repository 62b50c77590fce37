"""Randomized whole games: each must end, conserve cards and be reproducible."""
from __future__ import annotations

import pytest

from hypothesis import given, settings, strategies as st

from manastack import Game, RandomAgent
from manastack.engine.mechanics.merged import cards_in


def check_invariants(game: Game, deck_size: int = 40) -> None:
    s = game.state
    seen: dict[int, str] = {}
    for p in s.players:
        for zone in ("library", "hand", "graveyard", "exile", "command"):
            for oid in p.zone(zone):
                assert oid not in seen, f"object {oid} in two zones"
                assert s.objs[oid].zone == zone and s.objs[oid].owner == p.index
                seen[oid] = zone
    for oid in s.battlefield + s.phased_out:     # a phased-out permanent is still there (CR 702.26d)
        assert oid not in seen
        assert s.objs[oid].zone == "battlefield"
        assert bool(s.objs[oid].phased_out) == (oid in s.phased_out)
        seen[oid] = "battlefield"
    for item in s.stack:
        if item.kind == "spell":
            assert item.source not in seen
            seen[item.source] = "stack"
    cards = [o for o in s.objs.values() if cards_in(o) and o.zone != "command"]   # emblems aren't cards (CR 114.5)
    assert set(seen) >= {o.id for o in cards}
    for owner in (0, 1):        # a merged permanent is one object for all its cards (CR 729.2)
        assert sum(cards_in(o) for o in cards if o.owner == owner) == deck_size
    for p in s.players:
        assert all(n > 0 for n in p.pool.values())


def _play(seed: int) -> Game:
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)]
    steps = 0
    while game.pending is not None:
        game.push(agents[game.pending.player].choose(game, game.pending))
        steps += 1
        if steps % 50 == 0:
            check_invariants(game)
    check_invariants(game)
    return game


@pytest.mark.slow
def test_two_hundred_seeded_random_games_end_with_a_result():
    for seed in range(200):
        game = _play(seed)
        assert game.result is not None
        assert game.result.reason


@settings(max_examples=5, deadline=None)
@given(st.integers(min_value=0, max_value=2**31))
def test_same_seed_same_game(seed):
    assert _play(seed).explain() == _play(seed).explain()
