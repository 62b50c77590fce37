""""~ can't attack or block alone" (CR 506.5, 508.1c, 509.1b): a declaration with it as the only
attacker or blocker is illegal, so "done" waits for another attacker or blocker, and the
creature is offered only where another could join it. Real cards: Mogg Flunkies."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import pass_until


def _labels(g) -> list[str]:
    return [a.label for a in g.legal_actions()]


def test_mogg_flunkies_cant_attack_alone(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mogg Flunkies, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Mogg Flunkies"))
    assert sorted(_labels(g)) == ["attack with Grizzly Bears", "attack with Savannah Lions"]
    assert g.pending.context["incomplete"] == "Mogg Flunkies can't attack alone (CR 506.5, 508.1c)"
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Grizzly Bears"))
    assert sorted(_labels(g)) == ["attack with Savannah Lions", "no more attackers"]
    g.push(next(a for a in g.legal_actions() if a.label == "no more attackers"))
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


def test_with_one_other_able_the_other_joins_it(db):
    """Once Mogg Flunkies attacks, the only other creature able to attack must attack too: the
    declaration's one legal completion, made without asking (CR 508.1c)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mogg Flunkies, {card: Grizzly Bears, tapped: true}, Savannah Lions]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    assert sorted(_labels(g)) == ["attack with Mogg Flunkies", "attack with Savannah Lions", "don't attack"]
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Mogg Flunkies"))
    assert g.pending.kind == "priority"
    assert "Alice attacks Bob with Mogg Flunkies, Savannah Lions" in g.explain()


def test_mogg_flunkies_cant_block_alone(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Mogg Flunkies, Savannah Lions]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    assert sorted(_labels(g)) == ["Mogg Flunkies blocks Grizzly Bears", "Savannah Lions blocks Grizzly Bears",
                                  "don't block"]
    # the Lions must join it, the one legal completion: made without asking
    g.push(next(a for a in g.legal_actions() if a.label == "Mogg Flunkies blocks Grizzly Bears"))
    assert "Mogg Flunkies blocks Grizzly Bears; Savannah Lions blocks Grizzly Bears" in g.explain()


def test_mogg_flunkies_blocks_only_with_another(db):
    """Mogg Flunkies' block waits for a second blocker, of the same attacker or another: "done"
    isn't offered until then (CR 506.5, 509.1b)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, attacking: true, tapped: true}, {card: Suntail Hawk, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Mogg Flunkies, Birds of Paradise]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Mogg Flunkies blocks Grizzly Bears"))
    assert sorted(_labels(g)) == ["Birds of Paradise blocks Grizzly Bears", "Birds of Paradise blocks Suntail Hawk"]
    assert g.pending.context["incomplete"] == "Mogg Flunkies can't block alone (CR 506.5, 509.1b)"
    g.push(next(a for a in g.legal_actions() if a.label == "Birds of Paradise blocks Suntail Hawk"))
    assert "Mogg Flunkies blocks Grizzly Bears; Birds of Paradise blocks Suntail Hawk" in g.explain()
