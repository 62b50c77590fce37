"""Trinisphere: "As long as Trinisphere is untapped, each spell that would cost less than three
mana to cast costs three mana to cast." Applied last, after increases and reductions, to the mana
cost or the alternative cost being paid (CR 601.2f, 118.9; the card's rulings)."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, cast_and_pay


def _board(db, lands: str, trinisphere: str = "Trinisphere", hand: str = "[Lightning Bolt]"):
    return board(db, f"""
  - name: Alice
    hand: {hand}
    battlefield: [{trinisphere}, {lands}]
  - name: Bob
""", turn=3)


def test_a_one_mana_spell_costs_three(db):
    g = _board(db, "Mountain, Mountain, Mountain")
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    assert "Lightning Bolt's total cost is {2}{R}" in g.explain()
    assert all(o.tapped for o in g.current_state().permanents(0) if o.card.name == "Mountain")


def test_two_lands_cant_cast_a_bolt(db):
    g = _board(db, "Mountain, Mountain")
    assert cast_action(g, "Lightning Bolt") is None


def test_tapped_trinisphere_does_nothing(db):
    g = _board(db, "Mountain", trinisphere="{card: Trinisphere, tapped: true}")
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[1].life == 17


def test_a_three_mana_spell_is_unchanged(db):
    g = _board(db, "Island, Island, Island", hand="[Divination]")
    cast_and_pay(g, "cast Divination")
    assert "Trinisphere" not in g.explain().split("casts Divination")[1]


def test_a_spell_of_no_mana_costs_three(db):
    """Ornithopter's {0} is raised to {3}; its mana value stays 0 (the card's ruling)."""
    g = _board(db, "Island, Island", hand="[Ornithopter]")
    assert cast_action(g, "Ornithopter") is None
    g = _board(db, "Island, Island, Island", hand="[Ornithopter]")
    cast_and_pay(g, "cast Ornithopter")
    assert "Ornithopter's total cost is {3}" in g.explain()
