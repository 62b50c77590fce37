"""CR 613: the layer system with its dependencies (613.8), each case a board of real cards from
the corpus: the worked examples of section 613, and the interactions the rulings of Blood Moon,
Urborg, Humility, Opalescence, Mind Control and Confiscate answer."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.engine.mana import query as mq
from manastack.engine.effect_records import GrantKeywords, LoseKeywords, ModifyPT, SetColors, SetPT, SwitchPT
from manastack.engine.upcalls import matches
from manastack.oracle import ir

from .game_helpers import play as run, board, cast_and_pay, names, resolve


def perm(g, name, nth=0):
    s = g.current_state()
    return [o for o in s.permanents() if o.card.name == name][nth]


def with_effects(g, *records):
    """The game's state with resolved effects added (records as a resolving spell leaves them)."""
    s = g.current_state()
    s.effects = s.effects + list(records)
    return s


# ------------------------------------------------------------ Blood Moon and Urborg (613.8a)


def _blood_moon_urborg(db, first, second):
    g = board(db, f"""
  - name: Alice
    battlefield: ["{first}", "{second}", Forest, Reflecting Pool]
  - name: Bob
""")
    s = g.current_state()
    urborg, forest, pool = perm(g, "Urborg, Tomb of Yawgmoth"), perm(g, "Forest"), perm(g, "Reflecting Pool")
    # Blood Moon's effect takes Urborg's ability away (CR 305.7), so Urborg's effect depends on
    # it (CR 613.8a) and applies after it: it no longer exists, whatever the timestamps
    assert ch.subtypes(s, urborg) == ("Mountain",)
    assert ch.subtypes(s, forest) == ("Forest",)
    assert ch.subtypes(s, pool) == ("Mountain",)
    assert mq.could_produce(s, forest.id).types == ("G",)
    assert mq.could_produce(s, urborg.id).types == ("R",)
    assert [ab.text for ab in layers.card_now(s, urborg).abilities] == ["{T}: Add {R}."]


def test_blood_moon_then_urborg(db):
    _blood_moon_urborg(db, "Blood Moon", "Urborg, Tomb of Yawgmoth")


def test_urborg_then_blood_moon(db):
    _blood_moon_urborg(db, "Urborg, Tomb of Yawgmoth", "Blood Moon")


def test_urborg_alone_makes_every_land_a_swamp_too(db):
    """Urborg: each land is a Swamp in addition to its other land types, with a Swamp's mana
    ability (CR 305.6)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Urborg, Tomb of Yawgmoth", Forest]
  - name: Bob
    battlefield: [Mountain]
""")
    s = g.current_state()
    assert ch.subtypes(s, perm(g, "Forest")) == ("Forest", "Swamp")
    assert set(mq.could_produce(s, perm(g, "Mountain").id).types) == {"R", "B"}
    assert set(mq.could_produce(s, perm(g, "Urborg, Tomb of Yawgmoth").id).types) == {"B"}


# ------------------------------------------------------------ Humility and Opalescence


def test_opalescence_then_humility(db):
    """Humility's timestamp is later: in layer 7b it sets every creature, itself too, to 1/1
    after Opalescence set it to 4/4; it lost its own abilities in layer 6 but its effect, begun
    there, goes on applying (CR 613.6)."""
    g = board(db, """
  - name: Alice
    battlefield: [Opalescence, Humility, Serra Angel]
  - name: Bob
""")
    s = g.current_state()
    humility, angel, opal = perm(g, "Humility"), perm(g, "Serra Angel"), perm(g, "Opalescence")
    assert ch.is_creature(s, humility) and not ch.is_creature(s, opal)
    assert ch.power_toughness(s, humility) == (1, 1)
    assert ch.power_toughness(s, angel) == (1, 1)
    assert not ch.has(s, angel, "flying") and not ch.has(s, angel, "vigilance")
    assert layers.card_now(s, humility).abilities == ()


def test_humility_then_opalescence(db):
    """Opalescence's timestamp is later: Humility is a 4/4 (its mana value) with no abilities;
    other creatures are 1/1 (Humility ruling 2017-04-18)."""
    g = board(db, """
  - name: Alice
    battlefield: [Humility, Opalescence, Serra Angel]
  - name: Bob
""")
    s = g.current_state()
    humility, angel = perm(g, "Humility"), perm(g, "Serra Angel")
    assert ch.power_toughness(s, humility) == (4, 4)
    assert ch.power_toughness(s, angel) == (1, 1)
    assert not ch.has(s, angel, "flying")


def test_opalescence_with_an_aura_that_sets_power_and_toughness(db):
    """Illusory Wrappings enchanting an animated enchantment: both set power and toughness in
    layer 7b, so the later timestamp wins (CR 613.7)."""
    g = board(db, """
  - name: Alice
    battlefield: [Opalescence, {card: Glorious Anthem, id: anthem}, {card: Illusory Wrappings, attached_to: anthem}]
  - name: Bob
""")
    s = g.current_state()
    anthem, wrappings = perm(g, "Glorious Anthem"), perm(g, "Illusory Wrappings")
    # Glorious Anthem is a 3/3 creature (its mana value), set to 0/2 by the Aura, then +1/+1 from
    # its own ability (layer 7c): 1/3; Illusory Wrappings, an Aura, isn't animated
    assert ch.power_toughness(s, anthem) == (1, 3)
    assert not ch.is_creature(s, wrappings)


def test_enchanted_evening_before_opalescence_animates_every_permanent(db):
    """Enchanted Evening makes every permanent an enchantment: that changes what Opalescence
    applies to, so Opalescence's effect depends on it and applies after it (CR 613.8a), even
    with the earlier timestamp. A land becomes a 0/0 creature and dies (CR 704.5f)."""
    g = board(db, """
  - name: Alice
    battlefield: [Opalescence, Enchanted Evening, Forest, Grizzly Bears]
  - name: Bob
""")
    s = g.current_state()
    bears = perm(g, "Grizzly Bears")
    assert ch.card_types(s, bears) == ("Creature", "Enchantment")
    assert ch.power_toughness(s, bears) == (2, 2)
    assert ch.power_toughness(s, perm(g, "Enchanted Evening")) == (5, 5)
    assert not ch.is_creature(s, perm(g, "Opalescence"))
    assert ch.is_type(s, perm(g, "Opalescence"), "Enchantment")
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Forest"]


# ------------------------------------------------------------ layer 2: control


MIND_CONTROL_CONFISCATE = """
turn: 3
players:
  - name: Alice
    hand: [Mind Control]
    battlefield: [{card: Island, count: 5}]
    library: [{card: Island, count: 5}]
  - name: Bob
    hand: [Confiscate]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Island, count: 6}]
    library: [{card: Island, count: 5}]
script:
  - cast: Mind Control
    target: bears
  - resolve
  - expect:
      objects:
        bears: {controller: Alice}
  - pass_until: next turn
  - pass_until: main1
  - cast: Confiscate
    target: Mind Control
  - resolve
expect:
  objects:
    Mind Control: {controller: Bob}
    bears: {controller: Bob}
"""


def test_confiscate_taking_mind_control_takes_the_creature_with_it(db):
    """CR 613.8a: Confiscate's effect changes what Mind Control's effect does (who "you" is), so
    Mind Control's applies after it and the Bears follow the Aura's new controller."""
    g = run(MIND_CONTROL_CONFISCATE, db)
    log = [e.text for e in g.current_state().log_entries()]
    assert any("Bob controls Grizzly Bears" in t for t in log), log[-10:]


# ------------------------------------------------------------ a type change with a tribal lord


def test_hivestone_makes_creatures_slivers_for_a_sliver_lord(db):
    """Hivestone (layer 4) makes Alice's creatures Slivers, so Muscle Sliver's +1/+1 (layer 7c)
    applies to them; Bob's creature isn't one."""
    g = board(db, """
  - name: Alice
    battlefield: [Hivestone, Grizzly Bears, Muscle Sliver]
  - name: Bob
    battlefield: [Runeclaw Bear]
""")
    s = g.current_state()
    bears = perm(g, "Grizzly Bears")
    assert "Sliver" in ch.subtypes(s, bears)
    assert ch.power_toughness(s, bears) == (3, 3)
    assert ch.power_toughness(s, perm(g, "Runeclaw Bear")) == (2, 2)


# ------------------------------------------------------------ characteristic-defining abilities


def test_a_characteristic_defining_ability_under_humility(db):
    """Mortivore's power and toughness are defined in layer 7a, but it lost that ability in
    layer 6 and Humility sets 1/1 in layer 7b; a +1/+1 counter still counts (layer 7c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Humility, Mortivore, {card: Grizzly Bears, counters: {+1/+1: 1}}]
    graveyard: [Grizzly Bears, Runeclaw Bear]
  - name: Bob
""")
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Mortivore")) == (1, 1)
    assert ch.power_toughness(s, perm(g, "Grizzly Bears")) == (2, 2)


def test_a_characteristic_defining_ability_applies_first_in_layer_7(db):
    g = board(db, """
  - name: Alice
    battlefield: [Mortivore, Glorious Anthem]
    graveyard: [Grizzly Bears, Runeclaw Bear]
  - name: Bob
""")
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Mortivore")) == (3, 3)


# ------------------------------------------------------------ the examples of 613.4d and 613.5


def _one_three(db):
    """A 1/3 creature."""
    return board(db, """
  - name: Alice
    battlefield: [Maritime Guard]
  - name: Bob
""")


def test_613_4d_switch_after_a_modification_then_more(db):
    """A 1/3 given +0/+1, then switched: 4/1; then +5/+0: unswitched 6/4, so 4/6."""
    g = _one_three(db)
    t = perm(g, "Maritime Guard")
    s = with_effects(g, ModifyPT(t.id, 0, 1, "end_of_turn", 100, "a"), SwitchPT(t.id, "end_of_turn", 101, "b"))
    assert ch.power_toughness(s, t) == (4, 1)
    s = with_effects(g, ModifyPT(t.id, 0, 1, "end_of_turn", 100, "a"), SwitchPT(t.id, "end_of_turn", 101, "b"),
                     ModifyPT(t.id, 5, 0, "end_of_turn", 102, "c"))
    assert ch.power_toughness(s, t) == (4, 6)


def test_613_4d_the_modification_ends_first(db):
    """If the +0/+1 ends before the switch, the creature becomes 3/1."""
    g = _one_three(db)
    t = perm(g, "Maritime Guard")
    s = with_effects(g, SwitchPT(t.id, "end_of_turn", 101, "b"))
    assert ch.power_toughness(s, t) == (3, 1)


def test_613_4d_two_switches_cancel(db):
    g = _one_three(db)
    t = perm(g, "Maritime Guard")
    s = with_effects(g, ModifyPT(t.id, 0, 1, "end_of_turn", 100, "a"), SwitchPT(t.id, "end_of_turn", 101, "b"),
                     SwitchPT(t.id, "end_of_turn", 102, "c"))
    assert ch.power_toughness(s, t) == (1, 4)


def test_613_5_honor_of_the_pure_follows_the_color(db):
    """A 2/2 black creature turned white gets +1/+1 from Honor of the Pure (layer 5 before 7c);
    turned red later, it doesn't."""
    g = board(db, """
  - name: Alice
    battlefield: [Honor of the Pure, Scathe Zombies]
  - name: Bob
""")
    x = perm(g, "Scathe Zombies")
    assert ch.power_toughness(g.current_state(), x) == (2, 2)
    s = with_effects(g, SetColors(x.id, ("W",), "end_of_turn", 100, "a"))
    assert ch.power_toughness(s, x) == (3, 3)
    s = with_effects(g, SetColors(x.id, ("W",), "end_of_turn", 100, "a"), SetColors(x.id, ("R",), "end_of_turn", 101, "b"))
    assert ch.power_toughness(s, x) == (2, 2)


def test_613_5_gray_ogre(db):
    """Gray Ogre with a +1/+1 counter (3/3), +4/+4 until end of turn (7/7), an enchantment
    giving +0/+2 (7/9), then "becomes 0/1" (layer 7b): 5/8."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Gray Ogre, counters: {+1/+1: 1}}]
  - name: Bob
""")
    ogre = perm(g, "Gray Ogre")
    assert ch.power_toughness(g.current_state(), ogre) == (3, 3)
    s = with_effects(g, ModifyPT(ogre.id, 4, 4, "end_of_turn", 100, "a"), ModifyPT(ogre.id, 0, 2, "end_of_turn", 101, "b"))
    assert ch.power_toughness(s, ogre) == (7, 9)
    s = with_effects(g, ModifyPT(ogre.id, 4, 4, "end_of_turn", 100, "a"), ModifyPT(ogre.id, 0, 2, "end_of_turn", 101, "b"),
                     SetPT(ogre.id, 0, 1, "end_of_turn", 102, "c"))
    assert ch.power_toughness(s, ogre) == (5, 8)


# ------------------------------------------------------------ 613.9: flying and losing it


def test_613_9_has_flying_and_loses_flying_in_timestamp_order(db):
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears]
  - name: Bob
""")
    b = perm(g, "Grizzly Bears")
    s = with_effects(g, GrantKeywords(b.id, ("flying",), "end_of_turn", 100, "a"),
                     LoseKeywords(b.id, ("flying",), "end_of_turn", 101, "b"))
    assert not ch.has(s, b, "flying")
    s = with_effects(g, LoseKeywords(b.id, ("flying",), "end_of_turn", 100, "b"),
                     GrantKeywords(b.id, ("flying",), "end_of_turn", 101, "a"))
    assert ch.has(s, b, "flying")


# ------------------------------------------------------------ 613.6 and 613.7e


def test_613_6_a_color_change_and_a_pump_apply_in_their_own_layers(db):
    """"gets +1/+1 and becomes the color of your choice": layer 5, then 7c; Honor of the Pure
    (7c) sees the new color."""
    g = board(db, """
  - name: Alice
    battlefield: [Honor of the Pure, Scathe Zombies]
  - name: Bob
""")
    x = perm(g, "Scathe Zombies")
    s = with_effects(g, SetColors(x.id, ("W",), "end_of_turn", 100, "a"), ModifyPT(x.id, 1, 1, "end_of_turn", 100, "a"))
    assert ch.colors(s, x) == ("W",)
    assert ch.power_toughness(s, x) == (4, 4)


def test_613_6_act_of_treason_control_then_haste(db):
    """Act of Treason: control in layer 2, haste in layer 6."""
    run("""
turn: 3
players:
  - name: Alice
    hand: [Act of Treason]
    battlefield: [{card: Mountain, count: 3}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: Act of Treason
    target: bears
  - resolve
expect:
  objects:
    bears: {controller: Alice, keywords: [haste]}
""", db)


COLOSSUS_HAMMER = """
turn: 3
players:
  - name: Alice
    battlefield:
      - {card: Island, count: 8}
      - {card: Grizzly Bears, id: bears}
      - {card: Colossus Hammer, attached_to: bears}
      - {card: Runeclaw Bear, id: rune}
      - {card: Flight, attached_to: rune}
  - name: Bob
script:
  - expect:
      objects:
        rune: {keywords: [flying], power: 2}
        bears: {power: 12, toughness: 12}
  - activate: Colossus Hammer
    target: rune
  - resolve
expect:
  objects:
    rune: {lacks: [flying], power: 12, toughness: 12}
    bears: {power: 2, toughness: 2}
"""


def test_613_7e_equipment_attached_anew_gets_a_new_timestamp(db):
    """Flight gives Runeclaw Bear flying, later than Colossus Hammer's timestamp; once the
    Hammer is attached to it, the Hammer has a new timestamp (CR 613.7e), so its "loses
    flying" applies after Flight's "has flying" (CR 613.7, 613.9)."""
    run(COLOSSUS_HAMMER, db)


# ------------------------------------------------------------ abilities lost (layer 6)


def test_humility_takes_a_lords_ability_so_it_gives_nothing(db):
    """Goblin King is a creature: Humility removes its abilities in layer 6, and the King's
    effects depend on Humility's (their existence, CR 613.8a), so they don't apply."""
    g = board(db, """
  - name: Alice
    battlefield: [Humility, Goblin King, Raging Goblin]
  - name: Bob
    battlefield: [Mountain]
""")
    s = g.current_state()
    goblin = perm(g, "Raging Goblin")
    assert ch.power_toughness(s, goblin) == (1, 1)
    assert not ch.has(s, goblin, "mountainwalk") and not ch.has(s, goblin, "haste")


def test_a_static_ability_of_a_creature_that_lost_its_abilities_stops(db):
    """Kasmina's Transmutation ("loses all abilities and has base power and toughness 1/1") on
    Goblin King: the other Goblins no longer get +1/+1."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Goblin King, id: king}, {card: "Kasmina's Transmutation", attached_to: king}, Raging Goblin]
  - name: Bob
""")
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Goblin King")) == (1, 1)
    assert ch.power_toughness(s, perm(g, "Raging Goblin")) == (1, 1)


# ------------------------------------------------------------ layer 7 in order


def test_layer_7_order_defining_setting_modifying_counters_switching(db):
    """Mortivore (7a: two creature cards in graveyards, 2/2), set to 0/4 by an effect (7b),
    +3/+0 from an effect and a +1/+1 counter (7c): 4/5, then switched (7d): 5/4, whatever the
    timestamps of the set and the switch."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Mortivore, counters: {+1/+1: 1}}]
    graveyard: [Grizzly Bears, Runeclaw Bear]
  - name: Bob
""")
    m = perm(g, "Mortivore")
    assert ch.power_toughness(g.current_state(), m) == (3, 3)
    s = with_effects(g, SwitchPT(m.id, "end_of_turn", 100, "a"), ModifyPT(m.id, 3, 0, "end_of_turn", 101, "b"),
                     SetPT(m.id, 0, 4, "end_of_turn", 102, "c"))
    assert ch.power_toughness(s, m) == (5, 4)


# ------------------------------------------------------------ last known information (608.2h)


def test_a_creature_that_dies_keeps_the_bonus_of_a_resolved_effect(db):
    """Giant Growth, then Murder: Fireblade Charger's "its power" is 4, the power it had as it
    last existed with the effect applied (CR 608.2h, 603.10a; the card's ruling), though the
    effect no longer applies to anything."""
    run("""
turn: 3
players:
  - name: Alice
    hand: [Giant Growth, Murder]
    battlefield: [{card: Swamp, count: 3}, Forest, {card: Fireblade Charger, id: charger}]
  - name: Bob
script:
  - cast: Giant Growth
    target: charger
  - resolve
  - cast: Murder
    target: charger
  - resolve
  - action: "target Bob"
  - resolve
expect:
  life: {Bob: 16}
""", db)


def test_a_creature_that_dies_keeps_an_anthems_bonus(db):
    """Glorious Anthem stays, Fireblade Charger dies: it was a 2/2 (CR 608.2h, 113.7a), so 2
    damage, though the Anthem gives nothing to a card in a graveyard."""
    run("""
turn: 3
players:
  - name: Alice
    hand: [Murder]
    battlefield: [{card: Swamp, count: 3}, Glorious Anthem, Fireblade Charger]
  - name: Bob
script:
  - cast: Murder
    target: Fireblade Charger
  - resolve
  - action: "target Bob"
  - resolve
expect:
  life: {Bob: 18}
""", db)


def test_a_lord_destroyed_first_in_the_same_event_still_counts(db):
    """Wrath of God destroys Goblin King and Fireblade Charger at once; the engine moves the King
    first, but the Charger's last known power is the 2 it had as the event began (CR 603.10a,
    608.2h): the King's "Other Goblin creatures get +1/+1" applied to it then."""
    run("""
turn: 3
players:
  - name: Alice
    hand: [Wrath of God]
    battlefield: [{card: Plains, count: 4}, Goblin King, Fireblade Charger]
  - name: Bob
script:
  - cast: Wrath of God
  - resolve
  - action: "target Bob"
  - resolve
expect:
  life: {Bob: 18}
  graveyard: {Alice: [Goblin King, Fireblade Charger, Wrath of God]}
""", db)


def test_creatures_dying_together_by_state_based_actions_see_each_others_effects(db):
    """Pyroclasm: Goblin King (2/2) and Raging Goblin (2/2 with the King) die as one state-based
    action (CR 704.3); Stalking Vengeance's "its power" of each is 2, the Goblin's read with the
    King's bonus it had as it last existed (CR 603.10a, 608.2h)."""
    run("""
turn: 3
players:
  - name: Alice
    hand: [Pyroclasm]
    battlefield: [{card: Mountain, count: 2}, Stalking Vengeance, Goblin King, Raging Goblin]
  - name: Bob
script:
  - cast: Pyroclasm
  - resolve
  - action: "put the rest on the stack in the order they triggered"
  - action: "target Bob"
  - action: "target Bob"
  - resolve
  - resolve
expect:
  life: {Bob: 16}
""", db)


# ------------------------------------------------------------ type-changing statics with a condition


def test_warden_of_the_wall_is_a_creature_only_when_it_is_not_your_turn(db):
    """"As long as it's not your turn, ~ is a 2/3 Gargoyle artifact creature with flying."
    (CR 611.3a): on Bob's turn Alice's Warden is an artifact creature (CR 205.1b keeps its
    artifact type), a Gargoyle, 2/3 (layer 7b), with flying (layer 6), and still has its mana
    ability (the card's ruling); on her own turn it is only an artifact."""
    def warden(active):
        g = board(db, """
  - name: Alice
    battlefield: [Warden of the Wall]
  - name: Bob
""", turn=3, active=active)
        return g.current_state(), perm(g, "Warden of the Wall")
    s, w = warden("Bob")
    assert ch.card_types(s, w) == ("Artifact", "Creature")
    assert ch.subtypes(s, w) == ("Gargoyle",)
    assert ch.power_toughness(s, w) == (2, 3)
    assert ch.has(s, w, "flying")
    assert [ab.text for ab in layers.card_now(s, w).abilities if ab.text.startswith("{T}")] == ["{T}: Add {C}."]
    s, w = warden("Alice")
    assert ch.card_types(s, w) == ("Artifact",)
    assert not ch.is_creature(s, w) and not ch.has(s, w, "flying")


def test_rusted_relic_is_a_golem_while_you_control_three_artifacts(db):
    """Metalcraft: "~ is a 5/5 Golem artifact creature as long as you control three or more
    artifacts." With itself and two more it is a 5/5 Golem creature; when one of them leaves it is
    no creature (the card's ruling: it stops being one, and is removed from combat)."""
    g = board(db, """
  - name: Alice
    battlefield: [Rusted Relic, Ornithopter, Sol Ring]
  - name: Bob
""")
    s = g.current_state()
    relic = perm(g, "Rusted Relic")
    assert ch.is_creature(s, relic) and ch.power_toughness(s, relic) == (5, 5)
    assert ch.subtypes(s, relic) == ("Golem",)
    g2 = board(db, """
  - name: Alice
    battlefield: [Rusted Relic, Ornithopter]
  - name: Bob
""")
    s2 = g2.current_state()
    assert not ch.is_creature(s2, perm(g2, "Rusted Relic"))


def _relic_and_hivestone(db, first, second):
    g = board(db, f"""
  - name: Alice
    battlefield: ["{first}", "{second}", Ornithopter]
  - name: Bob
""")
    s = g.current_state()
    return ch.subtypes(s, perm(g, "Rusted Relic")), ch.subtypes(s, perm(g, "Ornithopter"))


def test_a_conditional_animation_replaces_creature_types_then_a_dependent_effect_adds(db):
    """Rusted Relic's "is a 5/5 Golem artifact creature" is one layer-4 effect: its creature
    types replaced by Golem (CR 205.1b). Hivestone's "Creatures you control are Slivers in
    addition to their other creature types" depends on it (it makes the Relic a creature, CR
    613.8a), so it applies after it whatever the timestamps: a Golem Sliver."""
    assert _relic_and_hivestone(db, "Rusted Relic", "Hivestone") == (("Golem", "Sliver"), ("Thopter", "Sliver"))
    assert _relic_and_hivestone(db, "Hivestone", "Rusted Relic") == (("Golem", "Sliver"), ("Thopter", "Sliver"))


# ------------------------------------------------------------ supertypes (205.4, layer 4)


def test_on_serras_wings_makes_the_creature_legendary(db):
    """"Enchanted creature is legendary, gets +1/+1, and has flying, vigilance, and lifelink.":
    legendary is added in layer 4 (CR 205.4b, 613.1d), so a legendary filter matches it and its
    derived definition's type line has it."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: "On Serra's Wings", attached_to: bears}, Runeclaw Bear]
  - name: Bob
""")
    s = g.current_state()
    bears = perm(g, "Grizzly Bears")
    assert ch.supertypes(s, bears) == ("Legendary",)
    assert ch.supertypes(s, perm(g, "Runeclaw Bear")) == ()
    assert layers.card_now(s, bears).supertypes == ("Legendary",)
    assert ch.power_toughness(s, bears) == (3, 3)


def test_leyline_of_singularity_puts_a_second_copy_under_the_legend_rule(db):
    """"All nonland permanents are legendary.": with Leyline of Singularity, Alice's second
    Grizzly Bears makes the legend rule apply (CR 704.5j; the Leyline's ruling: two or more
    creatures with the same name, she keeps one and puts the rest into the graveyard). Her
    lands are not made legendary, and keep their own supertypes (CR 205.4b)."""
    g = board(db, """
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [{card: Forest, count: 2}, Leyline of Singularity, Grizzly Bears]
  - name: Bob
""", allow_partial="true")      # its opening-hand ability plays no part here
    s = g.current_state()
    assert ch.supertypes(s, perm(g, "Grizzly Bears")) == ("Legendary",)
    assert ch.supertypes(s, perm(g, "Forest")) == ("Basic",)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert g.pending.kind == "legend_rule"
    g.push(g.legal_actions()[0])
    s = g.current_state()
    assert [o.card.name for o in s.permanents(0)].count("Grizzly Bears") == 1
    assert names(g, 0, "graveyard") == ["Grizzly Bears"]


def test_melting_takes_snow_away_from_lands(db):
    """"All lands are no longer snow.": a snow land loses the supertype in layer 4 (CR 205.4b),
    keeping "basic"; a snow filter no longer matches it."""
    g = board(db, """
  - name: Alice
    battlefield: [Melting, Snow-Covered Forest]
  - name: Bob
""")
    s = g.current_state()
    forest = perm(g, "Snow-Covered Forest")
    assert ch.supertypes(s, forest) == ("Basic",)
    assert not matches(s, forest, ir.Filter(supertypes=("Snow",)), forest)


def test_rimefeather_owl_counts_the_permanents_its_ice_counters_make_snow(db):
    """Rimefeather Owl: "Permanents with ice counters on them are snow." (layer 4) and its power
    and toughness are each the number of snow permanents (layer 7a), so a Grizzly Bears with an
    ice counter counts; the Owl itself is snow."""
    g = board(db, """
  - name: Alice
    battlefield: [Rimefeather Owl, {card: Grizzly Bears, counters: {ice: 1}}, Runeclaw Bear]
  - name: Bob
""")
    s = g.current_state()
    assert ch.supertypes(s, perm(g, "Grizzly Bears")) == ("Snow",)
    assert ch.power_toughness(s, perm(g, "Rimefeather Owl")) == (2, 2)
