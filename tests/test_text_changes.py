"""CR 612, 613.1c: text-changing effects in layer 3, with real cards: Mind Bend, Trait Doctoring
and the words they change in a permanent's abilities and type line (colors, basic land types,
creature types), read by every rule that reads those abilities."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack import Game
from manastack.engine import combat, continuous, layers
from manastack.engine.decisions import Action
from manastack.engine.effect_records import AddSubtypes, GrantKeywords, TextChange
from manastack.engine.mana import query as mq
from manastack.oracle.ir import Duration

from .game_helpers import board, cast_and_pay, resolve, stack_labels


def perm(g, name, nth=0):
    s = g.current_state()
    return [o for o in s.permanents() if o.card.name == name][nth]


def change(g, spell: str, target: str, old: str, new: str) -> None:
    """Cast ``spell`` on ``target``, let it resolve and answer its two choices of words."""
    cast_and_pay(g, f"cast {spell}", target)
    resolve(g)
    for word in (old, new):
        assert g.pending.kind == "choose_word", g.pending
        g.push(next(a for a in g.legal_actions() if a.args[1] == word))


def test_mind_bend_protection_from_red_becomes_protection_from_blue(db):
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Paladin en-Vec]
""")
    change(g, "Mind Bend", "Paladin en-Vec", "red", "blue")
    s = g.current_state()
    paladin = perm(g, "Paladin en-Vec")
    assert sorted(ch.protections(s, paladin)) == ["black", "blue"]
    assert not ch.has(s, paladin, "protection") or "red" not in ch.protections(s, paladin)
    # its name and printed card stay (CR 612.2); the text a player reads is the changed one
    assert paladin.card.name == "Paladin en-Vec"
    assert "protection from black and from blue" in layers.card_now(s, paladin).text


def test_mind_bend_on_circle_of_protection_changes_the_source_it_prevents(db):
    """Circle of Protection: Red's "red source" reads "blue source": the activated ability's
    filter is the changed one (CR 612.2: a color word used as a color)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, "Circle of Protection: Red"]
    hand: [Mind Bend]
  - name: Bob
""")
    change(g, "Mind Bend", "Circle of Protection: Red", "red", "blue")
    s = g.current_state()
    cop = perm(g, "Circle of Protection: Red")
    ability = layers.card_now(s, cop).abilities[0]
    assert ability.effects[0].source.filter.colors == ("U",)
    assert "blue source" in ability.text


def test_mind_bend_swampwalk_becomes_islandwalk(db):
    """Mind Bend ruling: "forestwalk" to "islandwalk"; here Bog Wraith's swampwalk."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Bog Wraith]
""")
    change(g, "Mind Bend", "Bog Wraith", "Swamp", "Island")
    s = g.current_state()
    wraith = perm(g, "Bog Wraith")
    assert ch.has(s, wraith, "islandwalk") and not ch.has(s, wraith, "swampwalk")


def test_a_lords_changed_land_type_word_is_what_it_grants(db):
    """Goblin King's "mountainwalk" changed to "islandwalk": the static ability its changed text
    gives is the one that applies in layer 6 (CR 613.1c comes first)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Goblin King, Goblin Piker]
""")
    change(g, "Mind Bend", "Goblin King", "Mountain", "Island")
    s = g.current_state()
    piker = perm(g, "Goblin Piker")
    assert ch.has(s, piker, "islandwalk") and not ch.has(s, piker, "mountainwalk")
    assert ch.power_toughness(s, piker) == (3, 2)


def test_mind_bend_on_a_forest_changes_its_land_type_and_mana(db):
    """Mind Bend ruling: Forest changed to Island produces blue mana; its name stays."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Forest]
""")
    change(g, "Mind Bend", "Forest", "Forest", "Island")
    s = g.current_state()
    forest = perm(g, "Forest")
    assert ch.subtypes(s, forest) == ("Island",)
    assert mq.could_produce(s, forest.id).types == ("U",)
    assert forest.card.name == "Forest"


def test_blood_moon_changed_to_islands_applies_in_layer_4_as_changed(db):
    """CR 613.1c before 613.1d: Blood Moon's "Mountains" reads "Islands", whatever the
    timestamps; the nonbasic lands are Islands and tap for blue."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Blood Moon, Reflecting Pool]
""")
    change(g, "Mind Bend", "Blood Moon", "Mountain", "Island")
    s = g.current_state()
    pool = perm(g, "Reflecting Pool")
    assert ch.subtypes(s, pool) == ("Island",)
    assert mq.could_produce(s, pool.id).types == ("U",)


def test_trait_doctoring_lasts_until_end_of_turn(db):
    """Trait Doctoring: "until end of turn" (CR 514.2): the text is the printed one again."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Trait Doctoring]
  - name: Bob
    battlefield: [Paladin en-Vec]
""")
    change(g, "Trait Doctoring", "Paladin en-Vec", "black", "green")
    while g.pending.kind != "priority":         # cipher: no creature to encode on
        g.push(g.legal_actions()[0])
    s = g.current_state()
    paladin = perm(g, "Paladin en-Vec")
    assert sorted(ch.protections(s, paladin)) == ["green", "red"]
    while g.current_state().turn == 1:
        g.push(Action("pass"))
    s = g.current_state()
    assert sorted(ch.protections(s, perm(g, "Paladin en-Vec"))) == ["black", "red"]


def with_effects(g, *records):
    """The game's state with resolved effects added (records as a resolving spell leaves them)."""
    s = g.current_state()
    s.effects = s.effects + list(records)
    continuous.text_changes_begin_or_end(s)
    return s


def test_a_lords_changed_creature_type_is_what_it_applies_to(db):
    """Goblin King's "Other Goblins" read as "Other Elves" (the effect Artificial Evolution
    leaves): the layer 7c and layer 6 effects apply to Elves; its own type line reads Elf too
    (CR 612.1, 613.8a: the text change changes what the lord's effects apply to, and is applied
    first)."""
    g = board(db, """
  - name: Alice
    battlefield: [Goblin King, Goblin Piker, Llanowar Elves]
  - name: Bob
""")
    king = perm(g, "Goblin King")
    s = with_effects(g, TextChange(king.id, "creature type", "Goblin", "Elf", Duration.PERMANENT,
                                   g.current_state().new_timestamp(), "Artificial Evolution"))
    elves, piker = perm(g, "Llanowar Elves"), perm(g, "Goblin Piker")
    assert ch.power_toughness(s, elves) == (2, 2) and ch.has(s, elves, "mountainwalk")
    assert ch.power_toughness(s, piker) == (2, 1) and not ch.has(s, piker, "mountainwalk")
    assert ch.subtypes(s, king) == ("Elf",)
    assert "Other Elves get +1/+1" in layers.card_now(s, king).text


def test_a_granted_ability_keeps_its_words(db):
    """CR 612.3 (Trait Doctoring ruling): a protection gained from an effect isn't changed by a
    text change of the permanent; the printed one is."""
    g = board(db, """
  - name: Alice
  - name: Bob
    battlefield: [Paladin en-Vec]
""")
    paladin = perm(g, "Paladin en-Vec")
    s0 = g.current_state()
    s = with_effects(g, GrantKeywords(paladin.id, ("protection",), Duration.END_OF_TURN, s0.new_timestamp(), "X",
                                      ("red",)),
                     TextChange(paladin.id, "color word", "red", "white", Duration.END_OF_TURN, s0.new_timestamp(),
                                "Trait Doctoring"))
    assert sorted(ch.protections(s, paladin)) == ["black", "red", "white"]


# ------------------------------------------------------------ "target spell or permanent"


def test_magical_hack_swampwalk_becomes_islandwalk_and_it_is_blockable(db):
    """Magical Hack: "swampwalk" to "islandwalk" (its reminder's example, the other way): the
    Wraith can't be blocked by a player with an Island (CR 702.14c), and can by one with only
    Swamps."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Swamp, Grizzly Bears]
    hand: [Magical Hack]
  - name: Bob
    battlefield: [Bog Wraith]
""")
    change(g, "Magical Hack", "Bog Wraith", "Swamp", "Island")
    s = g.current_state()
    wraith, bears = perm(g, "Bog Wraith"), perm(g, "Grizzly Bears")
    assert ch.has(s, wraith, "islandwalk") and not ch.has(s, wraith, "swampwalk")
    assert combat.block_restriction(s, bears, wraith) is not None       # Alice controls an Island


def test_artificial_evolution_on_goblin_king(db):
    """Artificial Evolution: "Other Goblins" to "Other Elves"; the new type can't be Wall."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Goblin King, Goblin Piker, Llanowar Elves]
    hand: [Artificial Evolution]
  - name: Bob
""")
    cast_and_pay(g, "cast Artificial Evolution", "Goblin King")
    resolve(g)
    g.push(next(a for a in g.legal_actions() if a.args[1] == "Goblin"))
    assert "Wall" not in {a.args[1] for a in g.legal_actions()}
    g.push(next(a for a in g.legal_actions() if a.args[1] == "Elf"))
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Llanowar Elves")) == (2, 2)
    assert ch.power_toughness(s, perm(g, "Goblin Piker")) == (2, 1)
    assert ch.subtypes(s, perm(g, "Goblin King")) == ("Elf",)


def test_sleight_of_mind_on_terror_makes_its_target_illegal(db):
    """Sleight of Mind ruling: changing a spell's text doesn't change its targets, which may
    become illegal: Terror's "nonblack" read as "nonwhite" can't destroy a white creature, and
    the spell doesn't resolve (CR 608.2b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Savannah Lions]
    hand: [Sleight of Mind]
  - name: Bob
    battlefield: [Swamp, Swamp]
    hand: [Terror]
""", active="Bob")
    cast_and_pay(g, "cast Terror", "Savannah Lions")
    g.push(Action("pass"))                  # Bob passes; Alice responds
    change(g, "Sleight of Mind", "Terror", "black", "white")
    resolve(g)                              # Terror: its only target is illegal now
    assert perm(g, "Savannah Lions").zone == "battlefield"
    assert "Terror" in [g.current_state().objs[i].card.name for i in g.current_state().players[1].graveyard]


def test_a_permanent_spell_keeps_its_text_change_on_the_battlefield(db):
    """Artificial Evolution ruling: the permanent a text-changed spell becomes keeps the
    change while the effect lasts."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Llanowar Elves, Goblin Piker]
    hand: [Goblin King]
  - name: Bob
    battlefield: [Island]
    hand: [Artificial Evolution]
""")
    cast_and_pay(g, "cast Goblin King")
    g.push(Action("pass"))                  # Alice passes; Bob responds
    change(g, "Artificial Evolution", "Goblin King", "Goblin", "Elf")
    resolve(g)                              # Goblin King resolves
    s = g.current_state()
    assert ch.subtypes(s, perm(g, "Goblin King")) == ("Elf",)
    assert ch.power_toughness(s, perm(g, "Llanowar Elves")) == (2, 2)
    assert ch.power_toughness(s, perm(g, "Goblin Piker")) == (2, 1)


def test_crystal_spray_lasts_until_end_of_turn_and_draws(db):
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, Island]
    hand: [Crystal Spray]
    library: [Island]
  - name: Bob
    battlefield: [Paladin en-Vec]
""")
    change(g, "Crystal Spray", "Paladin en-Vec", "red", "green")
    s = g.current_state()
    assert sorted(ch.protections(s, perm(g, "Paladin en-Vec"))) == ["black", "green"]
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Island"]
    while g.current_state().turn == 1:
        g.push(Action("pass"))
    assert sorted(ch.protections(g.current_state(), perm(g, "Paladin en-Vec"))) == ["black", "red"]


def test_a_save_keeps_the_text_change(db):
    """The record is saved like any other (its words as strings) and read back the same."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Mind Bend]
  - name: Bob
    battlefield: [Paladin en-Vec, Forest]
""")
    change(g, "Mind Bend", "Paladin en-Vec", "red", "blue")
    loaded = Game.from_json(g.to_json(), cards=db)
    s = loaded.current_state()
    paladin = next(o for o in s.permanents() if o.card.name == "Paladin en-Vec")
    assert sorted(ch.protections(s, paladin)) == ["black", "blue"]


def test_a_tokens_creature_type_and_name_change_with_the_text(db):
    """CR 612.2a: Goblin Warrens with "Goblin" changed to "Elf": it sacrifices two Elves and
    makes 1/1 red Elf creature tokens named for that type."""
    g = board(db, """
  - name: Alice
    battlefield: [Goblin Warrens]
  - name: Bob
""")
    warrens = perm(g, "Goblin Warrens")
    s = with_effects(g, TextChange(warrens.id, "creature type", "Goblin", "Elf", Duration.PERMANENT,
                                   g.current_state().new_timestamp(), "Artificial Evolution"))
    ability = layers.card_now(s, warrens).abilities[0]
    token = ability.effects[0].token
    assert (token.subtypes, token.name, token.colors) == (("Elf",), "Elf Token", ("R",))
    assert ability.cost.parts[0].filter.subtypes == ("Elf",)
    assert "Sacrifice two Elves: Create three 1/1 red Elf creature tokens" in ability.text
    assert layers.card_now(s, warrens).name == "Goblin Warrens"          # CR 612.2: not the name


def test_a_creature_type_an_effect_gave_stays(db):
    """Artificial Evolution ruling: a creature type a spell or ability gave (layer 4) isn't
    changed by changing the card's text (layer 3)."""
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears]
  - name: Bob
""")
    bears = perm(g, "Grizzly Bears")
    s0 = g.current_state()
    s = with_effects(g, AddSubtypes(bears.id, ("Goblin",), Duration.PERMANENT, s0.new_timestamp(), "X"),
                     TextChange(bears.id, "creature type", "Goblin", "Elf", Duration.PERMANENT, s0.new_timestamp(),
                                "Artificial Evolution"),
                     TextChange(bears.id, "creature type", "Bear", "Wolf", Duration.PERMANENT, s0.new_timestamp(),
                                "Artificial Evolution"))
    assert ch.subtypes(s, bears) == ("Wolf", "Goblin")


def test_the_new_word_is_never_the_old_one(db):
    """The rulings: "It can't change a word to the same word."; "Can target a card with no
    appropriate words on it" (every word offered, the target's own first)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island]
    hand: [Magical Hack]
  - name: Bob
    battlefield: [Bog Wraith]
""")
    cast_and_pay(g, "cast Magical Hack", "Bog Wraith")
    resolve(g)
    assert [a.args[1] for a in g.legal_actions()] == ["Swamp", "Plains", "Island", "Mountain", "Forest"]
    g.push(g.legal_actions()[0])
    assert [a.args[1] for a in g.legal_actions()] == ["Plains", "Island", "Mountain", "Forest"]


def test_a_changed_trigger_condition_triggers_on_the_new_color(db):
    """Dragon's Claw's "a red spell" read as "a blue spell": casting a blue spell triggers it."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, "Dragon's Claw"]
    hand: [Mind Bend, Mind Bend]
  - name: Bob
""")
    change(g, "Mind Bend", "Dragon's Claw", "red", "blue")
    cast_and_pay(g, "cast Mind Bend", "Dragon's Claw")
    assert stack_labels(g) == ["Mind Bend", "Dragon's Claw's ability"]
