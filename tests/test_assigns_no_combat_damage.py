""""~ assigns no combat damage this turn" (CR 510.1a, 611.2): after "If you do" in Ophidian's and
the Laccoliths' triggered abilities, and as a plain effect."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, on_battlefield, pick, resolve, stack_labels

ALICE, BOB = 0, 1


def _to_damage(g) -> None:
    while g.current_state().step != "combat_damage" and g.pending.kind in ("priority", "blockers"):
        g.push(next(a for a in g.legal_actions() if a.kind in ("done", "pass")))


def test_ophidian_draws_instead_of_dealing_damage(db):
    """Ophidian attacks and isn't blocked: drawing means no combat damage to Bob; declining the
    draw, it deals its 1 damage as usual."""
    players = """
  - name: Alice
    battlefield: [{card: Ophidian, attacking: true}]
    library: [Island, Island]
  - name: Bob
"""
    for answer, life, hand in (("yes", 20, 1), ("no", 19, 0)):
        g = board(db, players, step="declare_attackers", turn=3)
        while g.pending.kind != "may":          # Bob has no creature to block with
            if g.pending.kind == "priority" and g.current_state().stack:
                assert stack_labels(g) == ["Ophidian's ability"]
            g.push(Action("pass"))
        pick(g, answer)
        _to_damage(g)
        s = g.current_state()
        assert s.players[BOB].life == life and len(s.players[ALICE].hand) == hand


def test_laccolith_grunt_deals_its_damage_early_and_none_in_combat(db):
    """Laccolith Grunt becomes blocked by the Bears and deals 2 damage to Bob's Elves instead:
    the Elves die, the Bears take no combat damage from it and still deal theirs (the ability
    may target any creature, not just a blocker: Laccolith Grunt rulings)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Laccolith Grunt, attacking: true}]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves]
""", step="declare_attackers", turn=3)
    while g.pending.kind != "blockers":
        g.push(Action("pass"))
    pick(g, "Grizzly Bears blocks Laccolith Grunt")
    g.push(next(a for a in g.legal_actions() if a.kind == "done"))
    while g.pending.kind == "targets":
        pick(g, "target Llanowar Elves")
    resolve(g)
    pick(g, "yes")
    assert not on_battlefield(g, "Llanowar Elves")
    _to_damage(g)
    assert on_battlefield(g, "Grizzly Bears")[0].damage == 0
    assert not on_battlefield(g, "Laccolith Grunt")         # 2 damage from the Bears
