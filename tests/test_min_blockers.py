""""~ can't be blocked except by three or more creatures" (Phyrexian Colossus, Pathrazer of
Ulamog; CR 509.1b): menace's rule with another number, for the declaration as a whole."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, on_battlefield, pass_until

ALICE, BOB = 0, 1


def _attack_with_colossus(db, bob_creatures: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [Phyrexian Colossus]
  - name: Bob
    battlefield: [{bob_creatures}]
""", turn=3)
    colossus = on_battlefield(g, "Phyrexian Colossus")[0]
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.kind == "attack" and a.args[0] == colossus.id))
    if g.pending.kind == "attackers":
        g.push(Action("done"))
    while g.pending.kind != "blockers" and g.current_state().step != "end_of_combat":
        g.push(Action("pass"))
    return g, colossus


def test_two_creatures_cannot_block_the_colossus(db):
    """With two creatures Bob can't block it at all: no declaration has them block it, and
    Bob takes 8."""
    g, colossus = _attack_with_colossus(db, "Grizzly Bears, Grizzly Bears")
    if g.pending.kind == "blockers":
        assert not any(a.kind == "block" and colossus.id in a.args for a in g.legal_actions())
        g.push(Action("done"))
    while g.current_state().step != "end_of_combat":
        g.push(Action("pass"))
    assert g.current_state().players[BOB].life == 12


def test_three_creatures_may_block_it_together(db):
    """With four creatures, one or two blockers are no declaration yet (it says why); the
    third completes it."""
    g, colossus = _attack_with_colossus(db, "Grizzly Bears, Grizzly Bears, Grizzly Bears, Grizzly Bears")
    assert "Grizzly Bears blocks Phyrexian Colossus" in [a.label for a in g.legal_actions()]
    for _ in range(2):
        g.push(next(a for a in g.legal_actions() if a.label == "Grizzly Bears blocks Phyrexian Colossus"))
        assert g.pending.context["incomplete"] == ("Phyrexian Colossus can't be blocked except by 3 or more "
                                                   "creatures (CR 509.1b)")
        assert "no more blockers" not in [a.label for a in g.legal_actions()]
    g.push(next(a for a in g.legal_actions() if a.label == "Grizzly Bears blocks Phyrexian Colossus"))
    assert "no more blockers" in [a.label for a in g.legal_actions()]
