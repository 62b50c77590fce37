"""Daybreak Coronet: "Enchant creature with another Aura attached to it" (CR 303.4, 702.5) and
its ruling: once no other Aura is attached, it is attached illegally and goes to its owner's
graveyard (CR 704.5m)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, cast_and_pay, names, on_battlefield, resolve

BOARD = """
  - name: Alice
    hand: [Daybreak Coronet]
    battlefield:
      - Grizzly Bears
      - Hill Giant
      - {card: Holy Strength, attached_to: Grizzly Bears}
      - Plains
      - Plains
  - name: Bob
    hand: [Disenchant]
    battlefield: [Plains, Plains]
"""


def test_only_an_enchanted_creature_may_be_enchanted(db):
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Daybreak Coronet", "Grizzly Bears")
    assert "Daybreak Coronet targets Grizzly Bears" in g.explain()
    resolve(g)
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power_toughness(g.current_state(), bears) == (6, 7)
    assert {"first strike", "vigilance", "lifelink"} <= set(ch.keywords(g.current_state(), bears))


def test_no_enchanted_creature_no_coronet(db):
    g = board(db, BOARD.replace("      - {card: Holy Strength, attached_to: Grizzly Bears}\n", ""), turn=3)
    assert cast_action(g, "Daybreak Coronet") is None


def test_the_coronet_falls_off_with_the_other_aura(db):
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Daybreak Coronet", "Grizzly Bears")
    resolve(g)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Disenchant", "Holy Strength")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Daybreak Coronet", "Holy Strength"]
