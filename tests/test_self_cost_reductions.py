"""A card's own cost reduction (CR 601.2f): "for each [description]" and "if [condition]"; it
can't take off colored mana (Blasphemous Act ruling 2020-11-10)."""
from __future__ import annotations

from .game_helpers import board, labels, resolve, cast_and_pay, names


def test_blasphemous_act_costs_one_less_for_each_creature(corpus_db):
    """Five creatures: {8}{R} becomes {3}{R}, which four Mountains pay."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Blasphemous Act]
    battlefield: [{card: Mountain, count: 4}, Grizzly Bears, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, Hill Giant, Savannah Lions]
""", turn=3)
    assert "cast Blasphemous Act" in labels(g)
    cast_and_pay(g, "cast Blasphemous Act")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Hill Giant", "Hill Giant", "Savannah Lions"]
    assert "minus {5}" in g.explain()


def test_blasphemous_act_never_below_its_red_mana(corpus_db):
    """Thirteen creatures would take off more than the generic {8}: it still costs {R}."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Blasphemous Act]
    battlefield: [Plains, {card: Grizzly Bears, count: 13}]
  - name: Bob
""", turn=3)
    assert "cast Blasphemous Act" not in labels(g)


def test_bone_picker_after_a_creature_died(corpus_db):
    def castable(kill: bool) -> bool:
        g = board(corpus_db, """
  - name: Alice
    hand: [Bone Picker, Shock]
    battlefield: [Swamp, Mountain]
  - name: Bob
    battlefield: [Savannah Lions]
""", turn=3)
        if kill:
            cast_and_pay(g, "cast Shock", "Savannah Lions")
            resolve(g)
        return "cast Bone Picker" in labels(g)
    assert not castable(False) and castable(True)
