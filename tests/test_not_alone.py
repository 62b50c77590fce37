""""~ can't attack or block alone" (CR 506.5, 508.1c, 509.1b): a declaration with it as the only
attacker or blocker is illegal, so it is offered back instead of "done". Real cards: Mogg
Flunkies."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import pass_until


def _labels(g) -> list[str]:
    return [a.label for a in g.legal_actions()]


def test_mogg_flunkies_cant_attack_alone(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mogg Flunkies, Grizzly Bears]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Mogg Flunkies"))
    assert "no more attackers" not in _labels(g)
    assert "take Mogg Flunkies back (it can't attack alone, CR 508.1c)" in _labels(g)
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Grizzly Bears"))   # the last one: done
    assert g.current_state().combat["attackers"] == [o.id for o in game_helpers.on_battlefield(g, "Mogg Flunkies")] + [
        o.id for o in game_helpers.on_battlefield(g, "Grizzly Bears")]


def test_alone_it_isnt_offered_as_an_attacker(db):
    """With no other creature that could attack, it could only attack alone: not offered."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mogg Flunkies]
  - name: Bob
""", turn=3)
    while g.pending.kind != "attackers" and g.current_state().step != "main2":
        g.push(Action("pass"))
    assert g.pending.kind != "attackers" or _labels(g) == ["don't attack"]
    assert g.current_state().players[1].life == 20


def test_taking_it_back(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mogg Flunkies, {card: Grizzly Bears, tapped: true}, Savannah Lions]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Mogg Flunkies"))
    g.push(next(a for a in g.legal_actions() if a.kind == "unattack"))
    assert "attack with Mogg Flunkies" in _labels(g) and "don't attack" in _labels(g)


def test_mogg_flunkies_cant_block_alone(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Mogg Flunkies, Savannah Lions]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Mogg Flunkies blocks Grizzly Bears"))
    assert "no more blockers" not in _labels(g)
    assert "take Mogg Flunkies back (it can't block alone, CR 509.1b)" in _labels(g)
    g.push(next(a for a in g.legal_actions() if a.label == "Savannah Lions blocks Grizzly Bears"))
    assert "Mogg Flunkies blocks Grizzly Bears; Savannah Lions blocks Grizzly Bears" in g.explain()
