""""~ becomes the creature type of your choice until end of turn" (the Mistform creatures,
Mistform Mask, Trickery Charm): the type is chosen as the ability resolves (CR 608.2d) and
replaces the permanent's other creature types until end of turn (layer 4, CR 205.1a, 613.1d).
Real cards from the corpus."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, on_battlefield, pick, resolve


def _become(g, name: str, creature_type: str) -> None:
    pick(g, f"activate {name}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.label == creature_type))


def test_mistform_dreamer_becomes_a_goblin_and_stops_being_an_illusion(db):
    """The Dreamer (an Illusion) becomes a Goblin: Goblin King's "Other Goblins get +1/+1"
    applies to it, and it is an Illusion no more; the change ends with the turn."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, Mistform Dreamer, Goblin King]
  - name: Bob
""", turn=3)
    _become(g, "Mistform Dreamer", "Goblin")
    s = g.current_state()
    dreamer = on_battlefield(g, "Mistform Dreamer")[0]
    assert ch.subtypes(s, dreamer) == ("Goblin",)
    assert ch.power_toughness(s, dreamer) == (3, 2)
    assert "Mistform Dreamer becomes a Goblin instead of its other creature types until end of turn" in g.explain()
    while g.current_state().turn == 3:
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "pass" or a.label == "don't attack"), acts[0]))
    s = g.current_state()
    assert ch.subtypes(s, on_battlefield(g, "Mistform Dreamer")[0]) == ("Illusion",)


def test_mistform_mask_changes_the_enchanted_creature(db):
    """Mistform Mask's ability changes the creature it enchants, not the Aura (CR 303.4)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, {card: Grizzly Bears, id: bears}, {card: Mistform Mask, attached_to: bears}]
  - name: Bob
""", turn=3)
    _become(g, "Mistform Mask", "Elf")
    s = g.current_state()
    assert ch.subtypes(s, on_battlefield(g, "Grizzly Bears")[0]) == ("Elf",)
