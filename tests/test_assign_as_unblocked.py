""""You may have ~ assign its combat damage as though it weren't blocked" (Thorn Elemental):
the attacking player chooses, as the damage is assigned, all of it to the blockers or all of it
to the player attacked (CR 510.1; the card's rulings of 2018-04-27)."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import on_battlefield

BLOCKED = """
  - name: Alice
    battlefield:
      - {card: Thorn Elemental, attacking: true, tapped: true}
  - name: Bob
    battlefield:
      - {card: Hill Giant, blocking: Thorn Elemental}
"""


def _to_damage(g) -> None:
    """Both pass in the declare blockers step: combat damage is assigned next."""
    g.push(Action("pass"))
    g.push(Action("pass"))


def test_thorn_elemental_may_assign_all_its_damage_to_the_player(db):
    g = game_helpers.board(db, BLOCKED, turn=5, step="declare_blockers")
    _to_damage(g)
    assert g.pending.kind == "damage"
    g.push(next(a for a in g.legal_actions() if a.label == "as though it weren't blocked"))
    s = g.current_state()
    assert s.players[1].life == 20 - 7
    assert len(on_battlefield(g, "Hill Giant")) == 1                # it took nothing
    assert on_battlefield(g, "Thorn Elemental")[0].damage == 3      # it is still blocked


def test_or_all_of_it_to_the_blocker(db):
    g = game_helpers.board(db, BLOCKED, turn=5, step="declare_blockers")
    _to_damage(g)
    g.push(next(a for a in g.legal_actions() if a.label == "to the blocking creatures"))
    assert g.current_state().players[1].life == 20 and not on_battlefield(g, "Hill Giant")


def test_a_creature_without_the_ability_is_not_asked(db):
    g = game_helpers.board(db, BLOCKED.replace("Thorn Elemental", "Craw Wurm"), turn=5, step="declare_blockers")
    _to_damage(g)
    assert g.pending.kind != "damage" and g.current_state().players[1].life == 20
