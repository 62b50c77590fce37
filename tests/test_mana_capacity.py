"""The mana capacity bound (engine/mana/capacity.py) only ever rules out costs that no payment
could meet: with it, the castable spells are exactly those the full payment search finds."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.engine.costs import alternative as alt_costs
from manastack.engine.mana.capacity import Capacity, capacity
from manastack.mana import ManaCost

from .mana_helpers import board


def test_total_and_types_bound_a_cost():
    cap = Capacity(3, {"G": 2, "R": 1})
    assert not cap.cannot_pay(ManaCost.parse("{1}{G}{G}"))
    assert cap.cannot_pay(ManaCost.parse("{2}{G}{G}"))       # four mana from three
    assert cap.cannot_pay(ManaCost.parse("{R}{R}"))          # one red at most
    assert cap.cannot_pay(ManaCost.parse("{U}"))             # no blue at all
    assert not cap.cannot_pay(ManaCost.parse("{X}{R}"))      # X counts as 0 (CR 107.3)


def test_hybrid_and_phyrexian_symbols_count_for_the_least_they_could_take():
    cap = Capacity(1, {"W": 1})
    assert not cap.cannot_pay(ManaCost.parse("{2/W}"))       # CR 107.4e: one white pays it
    assert not cap.cannot_pay(ManaCost.parse("{G/W}"))
    assert not cap.cannot_pay(ManaCost.parse("{U/P}{U/P}"))  # CR 107.4f: life can pay
    assert cap.cannot_pay(ManaCost.parse("{G/W}{G/W}"))


def test_sources_and_pool_make_the_bound():
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest, Sol Ring, Birds of Paradise]
    mana_pool: {R: 1}
  - name: Bob
""")
    cap = capacity(g.current_state(), 0)
    # the pool's {R}, two Forests, Sol Ring's {C}{C} and one mana of any color from the Birds
    assert cap == Capacity(6, {"R": 2, "G": 3, "C": 2, "W": 1, "U": 1, "B": 1})


def test_no_bound_when_mana_is_multiplied():
    g = board("""
  - name: Alice
    battlefield: [Forest, Mana Reflection]
  - name: Bob
""")
    assert capacity(g.current_state(), 0) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bound_never_rules_out_a_spell_the_search_could_pay_for(seed):
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 7)]
    checked = 0
    for _ in range(800):
        if game.pending is None:
            break
        if game.pending.kind == "priority":
            s = game.current_state()
            player = game.pending.player
            cap = capacity(s, player)
            for oid in s.players[player].hand:
                o = s.objs[oid]
                if "Land" in o.card.types:
                    continue
                costs = alt_costs.cast_from(o)
                assert alt_costs.affordable(s, player, o, costs, cap) == \
                    alt_costs.affordable(s, player, o, costs), o.card.name
                checked += 1
        game.push(agents[game.pending.player].choose(game, game.pending))
    assert checked > 50
