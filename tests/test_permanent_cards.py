""""Permanent card" (CR 110.4a): a card of any permanent type, in a search or a target, with
real cards from the corpus."""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.transform_objects import PERMANENT_CARD_TYPES

from . import game_helpers
from .game_helpers import labels, names, pick, resolve


def test_a_rebel_permanent_card_is_a_rebel_of_any_permanent_type(db):
    search = db.get("Ramosian Sergeant").abilities[0].effects[0]
    assert type(search) is ir.SearchLibrary
    f = search.filter
    assert f.types == PERMANENT_CARD_TYPES and f.subtypes == ("Rebel",) and f.mana_value_at_most == 2
    assert set(PERMANENT_CARD_TYPES) == {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}


def test_natures_spiral_returns_a_permanent_card_but_not_an_instant(db):
    """Nature's Spiral targets a permanent card in its caster's graveyard: Grizzly Bears or
    Llanowar Elves, never Lightning Bolt (an instant can't be put onto the battlefield, CR 110.4a)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Nature's Spiral]
    battlefield: [Forest, Forest]
    graveyard: [Lightning Bolt, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Forest]
""", turn=3)
    pick(g, "cast Nature's Spiral")
    offered = " ".join(labels(g))
    assert "Grizzly Bears" in offered and "Llanowar Elves" in offered and "Lightning Bolt" not in offered
    pick(g, next(label for label in labels(g) if "Grizzly Bears" in label))
    pick(g, "pay automatically")
    resolve(g)
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    assert names(g, 0, "graveyard") == ["Lightning Bolt", "Llanowar Elves", "Nature's Spiral"]


def test_ramosian_sergeant_finds_a_rebel_permanent_card_with_mana_value_two_or_less(db):
    """Ramosian Sergeant ({3}, {T}) puts a Rebel permanent card with mana value 2 or less from the
    library onto the battlefield: Defiant Falcon (mana value 2), not Ramosian Captain (3)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Ramosian Sergeant, Plains, Plains, Plains]
    library: [Ramosian Captain, Defiant Falcon, Plains]
  - name: Bob
    battlefield: [Forest]
""", turn=3)
    pick(g, "activate Ramosian Sergeant")
    pick(g, "pay automatically")
    resolve(g)
    seen = []
    while g.pending is not None and g.pending.kind != "priority":
        seen += labels(g)
        pick(g, next(label for label in labels(g) if "Defiant Falcon" in label))
    assert not any("Ramosian Captain" in label for label in seen)
    assert game_helpers.on_battlefield(g, "Defiant Falcon")
    assert "Ramosian Captain" in names(g, 0, "library")


def test_artifact_creature_means_both_types(db):
    """"Artifact creature card" (Moriok Scavenger): a card that is both an artifact and a
    creature. Ornithopter and Steel Wall are; Grizzly Bears (a creature) and Sol Ring (an
    artifact) are not, so they are never offered."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Moriok Scavenger]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    graveyard: [Grizzly Bears, Ornithopter, Sol Ring, Steel Wall]
  - name: Bob
    battlefield: [Forest]
""", turn=3)
    pick(g, "cast Moriok Scavenger")
    pick(g, "pay automatically")
    resolve(g)
    assert labels(g) == ["target Ornithopter", "target Steel Wall"]
    pick(g, "target Ornithopter")
    resolve(g)
    pick(g, "yes")
    assert names(g, 0, "hand") == ["Ornithopter"]
