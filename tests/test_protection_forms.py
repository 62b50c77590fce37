"""Every form of protection (CR 702.16a, 702.16g-k): from a color, from all colors, from
multicolored and monocolored, from a card type, from a subtype, from everything, from a player,
"from A and from B", and a player with protection. Each is compiled from the card's Oracle text
and checked in play with real cards from the corpus and their rulings."""
from __future__ import annotations

import pytest

from manastack.engine import filters
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pick, resolve
from .test_oracle_compiler import card

ALICE, BOB = 0, 1


def _protections(db, name: str) -> list[str | None]:
    return [ab.arg for ab in db.get(name).abilities if type(ab) is ir.Keyword and ab.name == "protection"]


@pytest.mark.parametrize("name, qualities", [
    ("Paladin en-Vec", ["black", "red"]),                               # CR 702.16g
    ("Oversoul of Dusk", ["blue", "black", "red"]),                     # "from A, from B, and from C"
    ("Iridescent Angel", ["white", "blue", "black", "red", "green"]),   # its ruling 2004-10-04
    ("Guardian of the Guildpact", ["monocolored"]),
    ("Basri's Lieutenant", ["multicolored"]),
    ("Azorius First-Wing", ["enchantments"]),
    ("Emrakul, the Promised End", ["instants"]),
    ("Horizon Drake", ["lands"]),
    ("Sparkhunter Masticore", ["planeswalkers"]),
    ("Baneslayer Angel", ["Demon", "Dragon"]),
    ("Elite Inquisitor", ["Vampire", "Werewolf", "Zombie"]),
    ("Kitsune Riftwalker", ["Spirit", "Arcane"]),
    ("Ronom Hulk", ["snow"]),
    ("Progenitus", ["everything"]),
    ("Tel-Jilad Archers", ["artifacts"]),                               # "Protection from artifacts; reach"
    ("Mistmeadow Skulk", ["mana value 3 or greater"]),                  # "converted mana cost 3 or greater"
    ("Emrakul, the Aeons Torn", ["colored spells"]),
    ("Tsabo Tavoc", ["legendary creatures"]),
])
def test_each_form_compiles_to_its_qualities(db, name, qualities):
    assert _protections(db, name) == qualities
    assert all(filters.quality(q) is not None for q in qualities)


def test_the_qualities_are_typed():
    """What ``filters.quality`` makes of each compiled quality (CR 702.16a, 702.16j, 702.16k)."""
    assert filters.quality("red") == filters.OfColor("R")
    assert filters.quality("colorless") == filters.ColorCount(0, 0)
    assert filters.quality("monocolored") == filters.ColorCount(1, 1)
    assert filters.quality("multicolored") == filters.ColorCount(2, 5)
    assert filters.quality("creatures") == filters.OfType("Creature")
    assert filters.quality("instants") == filters.OfType("Instant")
    assert filters.quality("Zombie") == filters.OfSubtype("Zombie")
    assert filters.quality("everything") == filters.Everything()
    assert filters.quality("p1") == filters.FromPlayer(1)
    assert filters.quality("mana value 3 or greater") == filters.ManaValue(3, None)
    assert filters.quality("mana value 2 or less") == filters.ManaValue(0, 2)
    assert filters.quality("colored spells") == filters.Spells(filters.ColorCount(1, 5))
    assert filters.quality("instant spells") == filters.Spells(filters.OfType("Instant"))
    assert filters.quality("legendary creatures") == filters.Both(filters.OfSupertype("Legendary"),
                                                                  filters.OfType("Creature"))
    assert filters.quality(None) is None


def test_protection_from_monocolored_stops_a_one_colored_spell_not_a_two_colored_one(db):
    """Guardian of the Guildpact (protection from monocolored): Lightning Bolt can't target it,
    Lightning Helix can (CR 105.2b-c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Guardian of the Guildpact]
  - name: Bob
    hand: [Lightning Bolt, Lightning Helix]
    battlefield: [Mountain, Plains]
""", turn=3)
    pick(g, "pass")
    pick(g, "cast Lightning Bolt")
    assert not any("Guardian" in t for t in labels(g))
    g.pop()
    pick(g, "cast Lightning Helix")
    assert any("Guardian" in t for t in labels(g))


def test_protection_from_a_creature_type_stops_blocks_and_damage_from_that_type(db):
    """Baneslayer Angel's ruling (2009-10-01): it can't be blocked by Dragons, and damage from a
    Dragon is prevented; other creatures block it and deal damage as usual."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Baneslayer Angel, attacking: true}]
  - name: Bob
    battlefield: [Shivan Dragon, Serra Angel]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = labels(g)
    assert "Serra Angel blocks Baneslayer Angel" in options
    assert not any(o.startswith("Shivan Dragon blocks") for o in options)


def test_protection_from_a_subtype_stops_a_spell_of_that_subtype(db):
    """Kitsune Riftwalker (protection from Spirits and from Arcane): Glacial Ray, an Arcane
    spell, can't target it (CR 702.16a: a source not on the battlefield of that subtype)."""
    g = board(db, """
  - name: Alice
    battlefield: [Kitsune Riftwalker, Grizzly Bears]
  - name: Bob
    hand: [Glacial Ray]
    battlefield: [Mountain, Mountain]
""", turn=3)
    pick(g, "pass")
    pick(g, "cast Glacial Ray")
    targets = labels(g)
    assert not any("Kitsune Riftwalker" in t for t in targets) and any("Grizzly Bears" in t for t in targets)


def test_protection_from_a_card_type_stops_spells_of_that_type_only(db):
    """Emrakul, the Promised End's ruling (2016-07-13): protection from instants means it can't
    be the target of instant spells; a sorcery may target it."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Flame Slash]
    battlefield: [Mountain]
  - name: Bob
    battlefield: ["Emrakul, the Promised End"]
""", turn=3, allow_partial="true")
    pick(g, "cast Lightning Bolt")
    assert not any("Emrakul" in t for t in labels(g))
    g.pop()
    pick(g, "cast Flame Slash")                 # its one legal target, chosen without asking
    assert "Flame Slash targets Emrakul, the Promised End" in g.explain()


def test_protection_from_enchantments_stops_an_aura_spell(db):
    """Azorius First-Wing's ruling (2006-05-01): it can't be enchanted; an Aura spell can't
    target it, so Pacifism's one legal target is Grizzly Bears, chosen without asking."""
    g = board(db, """
  - name: Alice
    hand: [Pacifism]
    battlefield: [Plains, Plains]
  - name: Bob
    battlefield: [Azorius First-Wing, Grizzly Bears]
""", turn=3)
    pick(g, "cast Pacifism")
    assert g.pending.kind == "pay"
    assert "Pacifism targets Grizzly Bears" in g.explain()


def test_protection_from_each_of_your_opponents(db):
    """Cliffside Rescuer's rulings (2019-08-23): the players are determined as the ability
    resolves; the permanent has protection from each object an opponent controls (CR 702.16k):
    Bob's Prodigal Pyromancer can't target it, and Bob's creature can't block it."""
    g = board(db, """
  - name: Alice
    battlefield: [Cliffside Rescuer, Grizzly Bears]
  - name: Bob
    battlefield: [Prodigal Pyromancer]
""", turn=3)
    cast_and_pay(g, "activate Cliffside Rescuer", "Grizzly Bears")
    resolve(g)
    assert "Grizzly Bears gains protection from Bob until end of turn" in g.explain()
    pick(g, "pass")
    assert g.pending.player == BOB
    pick(g, "activate Prodigal Pyromancer")
    targets = labels(g)
    assert not any("Grizzly Bears" in t for t in targets) and any("Alice" in t for t in targets)


def test_a_player_with_protection_from_a_color(db):
    """Seht's Tiger: "you gain protection from the color of your choice until end of turn" (its
    reminder: you can't be targeted or dealt damage by anything of that color; CR 702.16b,
    702.16e). Alice chooses red: Lightning Bolt can't target her, and Pyrohemia's damage to each
    player is prevented for her, dealt to Bob."""
    g = board(db, """
  - name: Alice
    hand: [Seht's Tiger]
    battlefield: [Plains, Plains, Plains, Plains]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Mountain, Pyrohemia]
""", turn=3)
    cast_and_pay(g, "cast Seht's Tiger")
    resolve(g)                          # the Tiger
    resolve(g)                          # its trigger
    assert g.pending.kind == "choose_color"
    pick(g, "red")
    assert "Alice gains protection from red until end of turn" in g.explain()
    pick(g, "pass")
    assert g.pending.player == BOB
    pick(g, "cast Lightning Bolt")
    targets = labels(g)
    assert "target Alice" not in targets and "target Bob" in targets
    g.pop()
    cast_and_pay(g, "activate Pyrohemia")
    resolve(g)
    assert [p.life for p in g.current_state().players] == [20, 19]
    assert "Alice's protection from red prevents the damage Pyrohemia would deal" in g.explain()


def _nemesis(db, chosen: str):
    """Alice casts True-Name Nemesis and chooses ``chosen`` as it enters (CR 614.12)."""
    g = board(db, """
  - name: Alice
    hand: [True-Name Nemesis]
    battlefield: [Island, Island, Island]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Mountain, Pyrohemia, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast True-Name Nemesis")
    resolve(g)
    assert g.pending.kind == "choose_player" and labels(g) == ["Alice", "Bob"]
    pick(g, chosen)
    return g


def test_true_name_nemesis_has_protection_from_the_chosen_player(db):
    """True-Name Nemesis's ruling (2013-10-17): it can't be the target of spells or abilities
    the chosen player controls, and all damage sources that player controls would deal to it
    is prevented (CR 702.16k)."""
    g = _nemesis(db, "Bob")
    assert "Alice chooses Bob for True-Name Nemesis" in g.explain()
    pick(g, "pass")
    assert g.pending.player == BOB
    pick(g, "cast Lightning Bolt")
    assert not any("True-Name Nemesis" in t for t in labels(g))
    g.pop()
    cast_and_pay(g, "activate Pyrohemia")
    resolve(g)
    assert on_battlefield(g, "True-Name Nemesis")[0].damage == 0
    assert "True-Name Nemesis's protection from Bob prevents the damage Pyrohemia would deal" in g.explain()


def test_true_name_nemesis_protected_from_another_player_is_not_protected_from_bob(db):
    g = _nemesis(db, "Alice")
    pick(g, "pass")
    pick(g, "cast Lightning Bolt")
    assert any("True-Name Nemesis" in t for t in labels(g))


def test_a_player_quality_can_be_met_only_by_a_player_choice():
    assert card("Test", "~ has protection from the chosen player.").unsupported
    assert card("Test", "As ~ enters, choose a player.\n~ has protection from the chosen player.").unsupported == ()
    assert card("Test", "Protection from each of your opponents").unsupported


def test_protection_from_snow_is_from_the_supertype(db):
    """Ronom Hulk (protection from snow): a snow creature can't block it, another can
    (CR 702.16a, 702.16f)."""
    assert filters.quality("snow") == filters.OfSupertype("Snow")
    g = board(db, """
  - name: Alice
    battlefield: [{card: Ronom Hulk, attacking: true}]
  - name: Bob
    battlefield: [Boreal Centaur, Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = labels(g)
    assert "Grizzly Bears blocks Ronom Hulk" in options
    assert not any(o.startswith("Boreal Centaur blocks") for o in options)


# ------------------------------------------------------------ mana value, spells, a supertype with a type


def test_protection_from_a_mana_value_stops_spells_and_blockers_of_that_value(db):
    """Mistmeadow Skulk (protection from converted mana cost 3 or greater), its rulings: Murder
    (mana value 3) can't target it, Lightning Bolt (1) can; a creature of mana value 3 or
    greater can't block it, a smaller one can."""
    g = board(db, """
  - name: Alice
    hand: [Murder, Lightning Bolt]
    battlefield: [{card: Swamp, count: 3}, Mountain]
  - name: Bob
    battlefield: [Mistmeadow Skulk, Grizzly Bears]
""", turn=3)
    pick(g, "cast Murder")
    assert not any("Mistmeadow Skulk" in t for t in labels(g))
    g.pop()
    pick(g, "cast Lightning Bolt")
    assert any("Mistmeadow Skulk" in t for t in labels(g))
    g = board(db, """
  - name: Alice
    battlefield: [{card: Mistmeadow Skulk, attacking: true}]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = labels(g)
    assert "Grizzly Bears blocks Mistmeadow Skulk" in options
    assert not any(o.startswith("Hill Giant blocks") for o in options)


def test_protection_from_colored_spells_stops_spells_not_the_permanents_they_become(db):
    """Emrakul, the Aeons Torn's rulings (2018-12-07): a colored spell can't target it and its
    damage is prevented (Pyroclasm), but "colored spells" is not "colored cards": a red creature
    on the battlefield can block it."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Pyroclasm]
    battlefield: [{card: Mountain, count: 3}]
  - name: Bob
    battlefield: ["Emrakul, the Aeons Torn", Grizzly Bears]
""", turn=3, allow_partial="true")
    pick(g, "cast Lightning Bolt")
    assert not any("Emrakul" in t for t in labels(g))
    g.pop()
    cast_and_pay(g, "cast Pyroclasm")
    resolve(g)
    assert on_battlefield(g, "Emrakul, the Aeons Torn") and not on_battlefield(g, "Grizzly Bears")
    assert on_battlefield(g, "Emrakul, the Aeons Torn")[0].damage == 0
    # a red creature is no spell: nothing of Emrakul's protection applies to it (it may block
    # Emrakul, deal it damage, and its abilities may target Emrakul)
    g = board(db, """
  - name: Alice
    battlefield: ["Emrakul, the Aeons Torn"]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3, allow_partial="true")
    s = g.current_state()
    emrakul, giant = on_battlefield(g, "Emrakul, the Aeons Torn")[0], on_battlefield(g, "Hill Giant")[0]
    assert filters.protected_from(s, emrakul, giant) is None


def test_devoted_caretaker_gives_protection_from_instant_spells(db):
    """Devoted Caretaker: "gains protection from instant spells and from sorcery spells until end
    of turn": then Lightning Bolt can't target the permanent, and can target the others."""
    g = board(db, """
  - name: Alice
    battlefield: [Devoted Caretaker, Plains, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    cast_and_pay(g, "activate Devoted Caretaker", "Grizzly Bears")
    resolve(g)
    pick(g, "pass")
    pick(g, "cast Lightning Bolt")
    targets = labels(g)
    assert not any("Grizzly Bears" in t for t in targets) and any("Devoted Caretaker" in t for t in targets)


def test_protection_from_legendary_creatures_is_from_both_at_once(db):
    """Tsabo Tavoc (protection from legendary creatures): a legendary creature can't block it,
    a nonlegendary one can."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Tsabo Tavoc, attacking: true}]
  - name: Bob
    battlefield: ["Isamaru, Hound of Konda", Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = labels(g)
    assert "Grizzly Bears blocks Tsabo Tavoc" in options
    assert not any(o.startswith("Isamaru") for o in options)


def _giver(db, quality: str):
    """Alice's Giver of Runes gives her Grizzly Bears protection from ``quality``, chosen as the
    ability resolves (CR 608.2d); Bob holds Lightning Bolt and Rod of Ruin."""
    g = board(db, """
  - name: Alice
    battlefield: [Giver of Runes, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Rod of Ruin]
""", turn=3)
    cast_and_pay(g, "activate Giver of Runes", "Grizzly Bears")
    resolve(g)
    assert g.pending.kind == "choose_protection"
    assert labels(g) == ["colorless", "white", "blue", "black", "red", "green"]
    pick(g, quality)
    assert f"Grizzly Bears gains protection from {quality} until end of turn" in g.explain()
    pick(g, "pass")
    assert g.pending.player == BOB
    return g


def test_protection_from_a_choice_of_qualities_compiles_only_where_granted(db):
    """"protection from colorless or from the color of your choice" (Giver of Runes, Apostle's
    Blessing's "artifacts or ..."): one protection whose quality is chosen as it is granted; as a
    printed keyword nothing would choose it, so it is refused."""
    for name in ("Giver of Runes", "Apostle's Blessing", "Razor Barrier", "Jeweled Spirit"):
        assert not db.get(name).unsupported, name
    from .test_oracle_compiler import card
    assert card("Test Knight", "Protection from artifacts or from the color of your choice").unsupported


def test_giver_of_runes_protection_from_a_color_of_your_choice(db):
    """Alice chooses red: Bob's Lightning Bolt can't target the Bears, his Rod of Ruin (colorless)
    can (CR 702.16b)."""
    g = _giver(db, "red")
    pick(g, "cast Lightning Bolt")
    assert not any("Grizzly Bears" in t for t in labels(g))
    g.pop()
    pick(g, "activate Rod of Ruin")
    assert any("Grizzly Bears" in t for t in labels(g))


def test_giver_of_runes_protection_from_colorless(db):
    """Alice chooses colorless: Rod of Ruin, a colorless source, can't target the Bears; Lightning
    Bolt can (CR 105.2c, 702.16b)."""
    g = _giver(db, "colorless")
    pick(g, "activate Rod of Ruin")
    assert not any("Grizzly Bears" in t for t in labels(g))
    g.pop()
    pick(g, "cast Lightning Bolt")
    assert any("Grizzly Bears" in t for t in labels(g))
