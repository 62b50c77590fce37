"""Soul-Scar Mage: "If a source you control would deal noncombat damage to a creature an opponent
controls, put that many -1/-1 counters on that creature instead." (CR 614.1a). Its rulings: a
replacement, not a prevention; only noncombat damage, only to an opponent's creature."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, resolve

BOARD = """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Soul-Scar Mage, Mountain]
  - name: Bob
    battlefield: [Craw Wurm]
"""


def test_a_bolt_puts_three_minus_counters_on_the_opponents_creature(db):
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Craw Wurm")
    resolve(g)      # prowess
    resolve(g)
    wurm = on_battlefield(g, "Craw Wurm")[0]
    assert wurm.counters.get("-1/-1") == 3 and wurm.damage == 0
    assert "Soul-Scar Mage: -1/-1 counters instead of the damage Lightning Bolt would deal" in g.explain()


def test_damage_to_a_player_is_dealt(db):
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    resolve(g)      # prowess
    resolve(g)
    assert g.current_state().players[1].life == 17


def test_combat_damage_is_dealt(db):
    g = board(db, """
  - name: Alice
    battlefield:
      - {card: Soul-Scar Mage, attacking: true, tapped: true}
  - name: Bob
    battlefield:
      - {card: Craw Wurm, blocking: Soul-Scar Mage}
""", turn=5, step="declare_blockers")
    g.push(Action("pass"))
    g.push(Action("pass"))
    wurm = on_battlefield(g, "Craw Wurm")[0]
    assert wurm.damage == 1 and not wurm.counters
