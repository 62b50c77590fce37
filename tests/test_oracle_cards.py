"""The project's card file ``cards.json``: every card meant to compile does, as expected."""
from __future__ import annotations

from functools import lru_cache

import pytest

from manastack.cards import DATA_DIR, CardDB
from manastack.oracle.ir import (AddMana, AdditionalTriggers, Keyword, ManaProduce,
                                 ReplacementAbility, SpellAbility, StaticAbility)
from manastack.oracle.render import render_abilities, round_trip

DEMO = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Llanowar Elves",
        "Grizzly Bears", "Giant Growth", "Shock", "Colossal Dreadmaw", "Charging Monstrosaur",
        "Raging Goblin", "Fencing Ace", "Youthful Knight", "Serra Angel", "Wind Drake",
        "Suntail Hawk", "Healer's Hawk", "Knight of Meadowgrain", "Cancel", "Divination",
        "Lightning Bolt", "Savannah Lions", "Air Elemental", "Pacifism", "Hill Giant",
        "Centaur Courser"]
MORE = ["Birds of Paradise", "Dryad Arbor", "Sol Ring", "Dark Ritual", "Reflecting Pool",
        "Exotic Orchard", "Fellwar Stone", "Gaea's Cradle", "Wild Growth", "Walking Ballista",
        "Endless One", "Stonecoil Serpent", "Springleaf Drum", "Vampire Nighthawk",
        "Ajani's Pridemate", "Ninja of the Deep Hours", "Charging Tuskodon", "Coastal Piracy",
        "Curiosity", "Panharmonicon", "Kitchen Finks", "Felix Five-Boots",
        "Sword of Fire and Ice", "Order of Whiteclay"]
# Others may still show unsupported sentences (until the grammar and the IR grow), which the
# rendering must list.


@lru_cache(maxsize=1)
def default_db() -> CardDB:
    db = CardDB()
    db.add_file(DATA_DIR / "cards.json")
    return db


def test_file_holds_the_listed_cards():
    assert set(DEMO) | set(MORE) <= set(default_db().names())


@pytest.mark.parametrize("name", DEMO + MORE)
def test_card_compiles_fully(name):
    c = default_db().get(name)
    assert c.unsupported == (), c.unsupported
    assert round_trip(c)


@pytest.mark.parametrize("name", sorted(default_db().names()))
def test_every_card_renders_and_lists_its_gaps(name):
    c = default_db().get(name)
    shown = render_abilities(c)
    assert all(sentence in shown for sentence in c.unsupported)


def test_file_uses_current_wording():
    for name in default_db().names():
        text = default_db().get(name).text
        assert "enters the battlefield" not in text and "converted mana cost" not in text


def test_vanilla_creatures_have_no_abilities():
    for name in ("Grizzly Bears", "Savannah Lions", "Hill Giant", "Centaur Courser"):
        assert default_db().get(name).abilities == ()


def test_selected_cards():
    db = default_db()
    assert db.get("Wastes").abilities[0].effects == (AddMana(ManaProduce(("C",))),)
    assert isinstance(db.get("Lightning Bolt").abilities[0], SpellAbility)
    assert db.get("Knight of Meadowgrain").abilities == (Keyword("first strike"),
                                                         Keyword("lifelink"))
    assert db.get("Stonecoil Serpent").abilities[-1].kind == "enters_with_counters"
    assert isinstance(db.get("Charging Tuskodon").abilities[1], ReplacementAbility)
    assert isinstance(db.get("Pacifism").abilities[1], StaticAbility)
    felix = db.get("Felix Five-Boots").abilities[-1]
    assert isinstance(felix, AdditionalTriggers)
    assert felix.event == "deals_combat_damage_to_player"
    produce = db.get("Exotic Orchard").abilities[0].effects[0].produce
    assert produce.like_land_could_produce == "opponent" and produce.color_only
