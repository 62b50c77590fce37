""""Whenever ~ blocks or becomes blocked by a creature, ~ deals N damage to that creature"
(CR 509.3d, 509.3f): once for each creature it blocks or that blocks it, "that creature" being
that one. Real cards: Ornery Goblin, Assembled Alphas."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import on_battlefield, pass_until


def _resolve_all(g) -> None:
    while g.current_state().stack:
        g.push(Action("pass"))


def test_ornery_goblin_blocking_deals_1_to_the_attacker(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Ornery Goblin]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Ornery Goblin blocks Grizzly Bears"))
    assert len(g.current_state().stack) == 1
    _resolve_all(g)
    assert on_battlefield(g, "Grizzly Bears")[0].damage == 1


def test_assembled_alphas_blocked_by_two_creatures_triggers_twice(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Assembled Alphas, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Centaur Courser, Hill Giant]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Centaur Courser blocks Assembled Alphas"))
    g.push(next(a for a in g.legal_actions() if a.label == "Hill Giant blocks Assembled Alphas"))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])                  # the two triggers' order
    assert len(g.current_state().stack) == 2
    _resolve_all(g)
    assert not on_battlefield(g, "Centaur Courser") and not on_battlefield(g, "Hill Giant")
    assert g.current_state().players[1].life == 20 - 3 - 3
