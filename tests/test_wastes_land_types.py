"""Wastes and land types (CR 305.6, 305.7), with real cards. Wastes has no basic land type, so
its "{T}: Add {C}." is its own rules text (printed in parentheses, but an ability: Wastes'
ruling 2016-01-22). A land that gains basic land types in addition to its own keeps its rules
text (CR 305.7; Prismatic Omen's ruling: "They'll still have their other subtypes and
abilities"); only an effect that sets its land type takes that text away (Spreading Seas)."""
from __future__ import annotations

from manastack.engine import layers
from manastack.engine.decisions import Action
from manastack.engine.mana import query as mq

from .game_helpers import board


def _wastes(db, battlefield: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [{battlefield}]
  - name: Bob
""")
    s = g.current_state()
    wastes = next(o for o in s.permanents() if o.card.name == "Wastes")
    return g, s, wastes


def _pool(g) -> dict:
    return dict(g.current_state().players[0].pool)


def test_wastes_keeps_its_ability_when_urborg_makes_it_a_swamp(db):
    """Urborg, Tomb of Yawgmoth: "Each land is a Swamp in addition to its other land types."
    Wastes has {T}: Add {C} and the Swamp's {T}: Add {B} (CR 305.6, 305.7)."""
    g, s, wastes = _wastes(db, '"Urborg, Tomb of Yawgmoth", Wastes')
    assert [ab.text for ab in layers.card_now(s, wastes).abilities] == ["{T}: Add {B}.", "{T}: Add {C}."]
    assert mq.could_produce(s, wastes.id).types == ("B", "C")
    g.push(Action("mana", (wastes.id, 1)))
    assert _pool(g) == {"C": 1}


def test_wastes_keeps_its_ability_under_prismatic_omen(db):
    """Prismatic Omen: "Lands you control are every basic land type in addition to their other
    types": Wastes taps for any color or {C}."""
    g, s, wastes = _wastes(db, "Prismatic Omen, Wastes")
    assert mq.could_produce(s, wastes.id).types == ("W", "U", "B", "R", "G", "C")
    assert "{T}: Add {C}." in [ab.text for ab in layers.card_now(s, wastes).abilities]


def test_spreading_seas_takes_the_ability_of_its_rules_text(db):
    """Spreading Seas: "Enchanted land is an Island." Setting its land type takes away the
    abilities of its rules text (CR 305.7; Spreading Seas' ruling 2009-10-01): Wastes taps for
    {U} only."""
    g, s, wastes = _wastes(db, "Wastes, {card: Spreading Seas, attached_to: Wastes}")
    assert [ab.text for ab in layers.card_now(s, wastes).abilities] == ["{T}: Add {U}."]
    assert mq.could_produce(s, wastes.id).types == ("U",)


def test_blood_moon_leaves_wastes_alone(db):
    """Blood Moon changes nonbasic lands; Wastes is a basic land (Wastes' ruling 2016-01-22)."""
    g, s, wastes = _wastes(db, "Blood Moon, Wastes")
    assert mq.could_produce(s, wastes.id).types == ("C",)
