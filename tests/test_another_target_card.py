"""Cavalier of Thorns: "When Cavalier of Thorns dies, you may exile it. If you do, put another
target card from your graveyard on top of your library." The target is chosen as the trigger is
put on the stack, with the Cavalier already in the graveyard: "another" isn't that card (CR 400.7,
603.3d, 608.2c)."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, names, stack_labels


def _doom_blade_the_cavalier(db, graveyard: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [Cavalier of Thorns]
    graveyard: {graveyard}
    library: [Forest]
  - name: Bob
    hand: [Doom Blade]
    battlefield: [Swamp, Swamp]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Doom Blade", "Cavalier")
    g.push(Action("pass"))
    g.push(Action("pass"))
    return g


def test_the_cavalier_puts_another_card_on_top_of_the_library(db):
    g = _doom_blade_the_cavalier(db, "[Lightning Bolt]")
    assert stack_labels(g) == ["Cavalier of Thorns' ability"]
    assert "targeting Lightning Bolt" in g.explain()       # the only other card: chosen for Alice
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "may"
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    s = g.current_state()
    assert s.objs[s.players[0].library[-1]].card.name == "Lightning Bolt"     # the top (CR 401.4)
    assert names(g, 0, "exile") == ["Cavalier of Thorns"] and names(g, 0, "graveyard") == []


def test_the_cavalier_cant_target_itself(db):
    """Alone in the graveyard, the Cavalier gives its ability no legal target: it is removed
    from the stack (CR 603.3d) and the Cavalier stays in the graveyard."""
    g = _doom_blade_the_cavalier(db, "[]")
    assert not stack_labels(g)
    assert names(g, 0, "graveyard") == ["Cavalier of Thorns"]


def test_with_two_cards_alice_picks_one_but_not_the_cavalier(db):
    g = board(db, """
  - name: Alice
    battlefield: [Cavalier of Thorns]
    graveyard: [Lightning Bolt, Forest]
  - name: Bob
    hand: [Doom Blade]
    battlefield: [Swamp, Swamp]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Doom Blade", "Cavalier")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "targets"
    assert sorted(labels(g)) == ["target Forest", "target Lightning Bolt"]
