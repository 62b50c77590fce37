"""Mana costs and paying them from a pool (CR 107.4, 202.3, 601.2f-h)."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from manastack.engine.decisions import Action
from manastack.mana import ManaCost, ManaCostError, pay_from_pool

from .game_helpers import board, pick


def test_parse_and_mana_value():
    assert ManaCost.parse("{3}{G}{G}").mana_value() == 5
    assert ManaCost.parse("{X}{R}").mana_value() == 1          # CR 107.3e: X is 0 off the stack
    assert ManaCost.parse("{X}{R}").mana_value(x=3) == 4
    assert ManaCost.parse("{2/W}{2/W}").mana_value() == 4      # CR 202.3f: the larger component
    assert ManaCost.parse("{G/P}").mana_value() == 1
    assert ManaCost.parse("{G/W}{U}").colors() == ("W", "U", "G")  # CR 105.2
    assert ManaCost.parse(None).symbols == ()


@pytest.mark.parametrize("bad", ["{Q}", "3G", "{G}{", "{G/Q}"])
def test_bad_costs_are_rejected(bad):
    with pytest.raises(ManaCostError):
        ManaCost.parse(bad)


def test_with_x_turns_x_into_generic():
    assert str(ManaCost.parse("{X}{X}{G}").with_x(2)) == "{4}{G}"


def test_generic_and_colored():
    spent, life = pay_from_pool(ManaCost.parse("{1}{G}"), {"G": 1, "R": 1})
    assert spent == {"G": 1, "R": 1} and life == 0
    assert pay_from_pool(ManaCost.parse("{1}{G}"), {"R": 2}) is None


def test_colorless_symbol_needs_colorless_mana():
    """CR 107.4c: {C} can be paid only with colorless mana."""
    assert pay_from_pool(ManaCost.parse("{C}"), {"G": 3}) is None
    assert pay_from_pool(ManaCost.parse("{C}"), {"C": 1}) == ({"C": 1}, 0)


def test_hybrid_either_color():
    """CR 107.4e."""
    assert pay_from_pool(ManaCost.parse("{R/G}"), {"G": 1}) == ({"G": 1}, 0)
    assert pay_from_pool(ManaCost.parse("{R/G}"), {"U": 1}) is None
    assert pay_from_pool(ManaCost.parse("{2/W}"), {"U": 2}) == ({"U": 2}, 0)


def test_phyrexian_mana_or_two_life():
    """CR 107.4f."""
    assert pay_from_pool(ManaCost.parse("{G/P}"), {"G": 1}) == ({"G": 1}, 0)
    assert pay_from_pool(ManaCost.parse("{G/P}"), {}) is None
    assert pay_from_pool(ManaCost.parse("{G/P}"), {}, life_available=20, use_life=True) == ({}, 2)


def test_generic_spends_colorless_before_colors():
    spent, _ = pay_from_pool(ManaCost.parse("{1}{U}"), {"U": 1, "C": 1, "W": 1})
    assert spent == {"U": 1, "C": 1}


@given(st.lists(st.sampled_from("WUBRGC"), max_size=6), st.lists(st.sampled_from("WUBRGC"), max_size=8))
def test_pool_payment_spends_exactly_the_cost(cost_symbols, pool_symbols):
    cost = ManaCost(tuple(cost_symbols))
    pool = {t: pool_symbols.count(t) for t in set(pool_symbols)}
    paid = pay_from_pool(cost, pool)
    if paid is None:
        return
    spent, _ = paid
    assert sum(spent.values()) == len(cost_symbols)
    for t, n in spent.items():
        assert n <= pool[t]
    for t in "WUBRGC":
        assert spent.get(t, 0) >= cost_symbols.count(t)


def test_the_fewest_mana_that_pays_a_monocolored_hybrid_cost():
    """CR 107.4e: one mana of its color pays {2/W}, so three pay Spectral Procession's cost,
    whose mana value is 6 (CR 202.3f)."""
    cost = ManaCost.parse("{2/W}{2/W}{2/W}")
    assert (cost.mana_value(), cost.least_mana()) == (6, 3)
    assert ManaCost.parse("{X}{2}{G}").least_mana() == 3


def test_spectral_procession_is_paid_automatically_with_five_lands(db):
    """Three Plains and two Mountains pay {2/W}{2/W}{2/W} (three {W}): "pay automatically" pays
    it, where the auto-payer's bound by mana value (6) once found no payment and the same
    offer came back without end."""
    g = board(db, """
  - name: Alice
    hand: [Spectral Procession]
    battlefield: [Plains, Plains, Mountain, Plains, Mountain]
  - name: Bob
""", turn=3)
    pick(g, "cast Spectral Procession")
    g.push(Action("autopay"))
    assert g.pending.kind == "priority"
    assert "Alice pays {2/W}{2/W}{2/W} for Spectral Procession with {W}{W}{W}" in g.explain()


def test_phyrexian_mana_paid_with_life_where_the_mana_pays_the_rest(db):
    """CR 107.4f: with four lands, Thundering Tanadon ({4}{G/P}{G/P}) is paid with the four mana
    for {4} and 4 life for the Phyrexian symbols: "pay automatically" finds it, though the
    Forests' green could pay a Phyrexian symbol."""
    assert pay_from_pool(ManaCost.parse("{4}{G/P}{G/P}"), {"W": 1, "G": 3}, 20, True) == \
        ({"W": 1, "G": 3}, 4)
    g = board(db, """
  - name: Alice
    hand: [Thundering Tanadon]
    battlefield: [Plains, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    pick(g, "cast Thundering Tanadon")
    g.push(Action("autopay"))
    assert g.pending.kind == "priority" and g.current_state().players[0].life == 16
