"""Alternative costs that discard cards of a land type (CR 118.9, 701.9a): "You may discard an
Island card and another card rather than pay this spell's mana cost." (Foil), "You may discard a
Mountain card rather than ..." (Flameshot). Snag's ruling: any card with the land type will do, a
nonbasic land such as Tropical Island too."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, names, pick


def _bob_may_answer_a_bolt(db, bob_hand: str):
    g = board(db, f"""
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    hand: {bob_hand}
""", turn=3)
    pick(g, "cast Lightning Bolt")
    g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    return g


def test_foil_discards_an_island_card_and_another_card_to_counter(db):
    g = _bob_may_answer_a_bolt(db, "[Foil, Tropical Island, Grizzly Bears]")
    pick(g, "cast Foil")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert names(g, 1, "graveyard") == ["Grizzly Bears", "Tropical Island"]
    g.push(Action("pass"))
    g.push(Action("pass"))      # Foil resolves: the Bolt is countered
    assert names(g, 0, "graveyard") == ["Lightning Bolt"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[1].life == 20 and not g.current_state().stack


def test_foil_needs_a_second_card_besides_the_island(db):
    """The Island card can't also be the other card (CR 118.3: each part is paid)."""
    g = _bob_may_answer_a_bolt(db, "[Foil, Island]")
    assert cast_action(g, "Foil") is None


def test_foil_needs_an_island_card(db):
    g = _bob_may_answer_a_bolt(db, "[Foil, Mountain, Grizzly Bears]")
    assert cast_action(g, "Foil") is None


def test_foil_with_two_islands_asks_which_to_discard(db):
    g = _bob_may_answer_a_bolt(db, "[Foil, Island, Volcanic Island]")
    pick(g, "cast Foil")
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.label == "Volcanic Island"), acts[0]))
    assert names(g, 1, "graveyard") == ["Island", "Volcanic Island"]


def test_flameshot_discards_a_mountain_card(db):
    g = board(db, """
  - name: Alice
    hand: [Flameshot, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Flameshot")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert names(g, 0, "graveyard") == ["Mountain"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
