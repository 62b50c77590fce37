"""Devotion as a number (CR 700.5): "where X is your devotion to black", "a number of ... tokens
equal to your devotion to blue", played with real cards and checked against their rulings."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, resolve

ALICE, BOB = 0, 1


def test_gray_merchant_counts_itself_and_hybrid_symbols(db):
    """Gray Merchant ({3}{B}{B}) counts its own two symbols once on the battlefield (ruling
    2013-09-15: its mana cost counts), Vampire Nighthawk ({1}{B}{B}) two more and Rakdos
    Cackler's hybrid {B/R} one (CR 700.5a); Elite Vanguard's {W} none: Bob loses 5, Alice gains
    the 5 lost."""
    g = board(db, """
  - name: Alice
    hand: [Gray Merchant of Asphodel]
    battlefield: [Vampire Nighthawk, Rakdos Cackler, Elite Vanguard, Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
""")
    cast_and_pay(g, "cast Gray Merchant")
    resolve(g)          # the creature spell
    resolve(g)          # its enters trigger
    s = g.current_state()
    assert s.players[BOB].life == 15 and s.players[ALICE].life == 25


def test_devotion_counts_only_your_permanents(db):
    """Bob's black permanents add nothing to Alice's devotion (CR 700.5: permanents you
    control): with Gray Merchant alone Bob loses 2."""
    g = board(db, """
  - name: Alice
    hand: [Gray Merchant of Asphodel]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
    battlefield: [Vampire Nighthawk]
""")
    cast_and_pay(g, "cast Gray Merchant")
    resolve(g)
    resolve(g)
    assert g.current_state().players[BOB].life == 18


def test_master_of_waves_makes_a_token_for_each_blue_symbol(db):
    """Master of Waves ({3}{U}) with Merfolk Looter ({1}{U}) on the battlefield: devotion to
    blue is two, so two 1/0 Elementals are made (they live by Master's +1/+1)."""
    g = board(db, """
  - name: Alice
    hand: [Master of Waves]
    battlefield: [Merfolk Looter, Island, Island, Island, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Master of Waves")
    resolve(g)
    resolve(g)
    s = g.current_state()
    assert sum(1 for o in s.permanents(ALICE) if "Elemental" in o.card.subtypes and o.card.name != "Master of Waves") == 2


def test_reverent_hunter_counters_equal_to_devotion(db):
    """Reverent Hunter ({2}{G}) and Llanowar Elves ({G}): two +1/+1 counters."""
    g = board(db, """
  - name: Alice
    hand: [Reverent Hunter]
    battlefield: [Llanowar Elves, Forest, Forest, Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Reverent Hunter")
    resolve(g)
    resolve(g)
    s = g.current_state()
    hunter = next(o for o in s.permanents() if o.card.name == "Reverent Hunter")
    assert hunter.counters.get("+1/+1") == 2
