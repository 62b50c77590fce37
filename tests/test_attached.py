"""Auras and Equipment watching what they are attached to (CR 301.5, 303.4, 603.2, 603.10a):
"Whenever enchanted creature becomes tapped / is dealt damage / blocks or becomes blocked",
"When enchanted land becomes tapped", "Whenever equipped creature is dealt damage", played
with real cards."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers, support
from manastack.engine.decisions import Action
from manastack.engine.filters import matches
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick
from .test_oracle_compiler import card

ALICE, BOB = 0, 1


def _resolve_all(g) -> None:
    while g.current_state().stack or g.pending.kind != "priority":
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            g.push(g.legal_actions()[0])


def _attack_with(g, name: str) -> None:
    pass_until(g, "attackers")
    s = g.current_state()
    attacker = next(o for o in s.permanents(ALICE) if o.card.name == name)
    g.push(next(a for a in g.legal_actions() if a.kind == "attack" and a.args[0] == attacker.id))
    if g.pending.kind == "attackers":
        g.push(Action("done"))


def test_binding_agony_deals_the_damage_dealt_to_the_creature_to_its_controller(db):
    """Binding Agony: the enchanted creature is dealt 2 by Shock, so Binding Agony deals 2 to
    that creature's controller (Bob), not to the Aura's controller."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain, {card: Binding Agony, attached_to: giant}]
  - name: Bob
    battlefield: [{card: Hill Giant, id: giant}]
""")
    cast_and_pay(g, "cast Shock", "Hill Giant")
    _resolve_all(g)
    s = g.current_state()
    assert s.players[BOB].life == 18 and s.players[ALICE].life == 20
    assert on_battlefield(g, "Hill Giant")[0].damage == 2


def test_lust_for_war_punishes_the_enchanted_creatures_controller_for_attacking(db):
    """Lust for War: the enchanted creature must attack, which taps it (CR 508.1f); the Aura,
    Bob's, deals 3 damage to that creature's controller, Alice."""
    g = board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Grizzly Bears, id: bears}]
  - name: Bob
    battlefield: [{card: Lust for War, attached_to: bears}]
""", turn=3)
    while g.current_state().step != "declare_blockers":     # it attacks each combat if able
        g.push(Action("pass"))
    assert on_battlefield(g, "Grizzly Bears")[0].tapped
    assert g.current_state().players[ALICE].life == 17


def test_betrayal_draws_for_the_auras_controller_when_the_creature_taps(db):
    """Betrayal: "you" is the Aura's controller (Bob), whoever controls the creature."""
    g = board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Grizzly Bears, id: bears}]
  - name: Bob
    library: [Swamp, Swamp]
    battlefield: [{card: Betrayal, attached_to: bears}]
""", turn=3)
    _attack_with(g, "Grizzly Bears")
    _resolve_all(g)
    assert names(g, BOB, "hand") == ["Swamp"]


def test_psychic_venom_damages_the_controller_of_the_land_tapped_to_pay(db):
    """Psychic Venom: Alice taps the enchanted Mountain to pay for Shock; 2 damage to that land's controller."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [{card: Mountain, id: m}, {card: Psychic Venom, attached_to: m}]
  - name: Bob
    battlefield: []
""")
    cast_and_pay(g, "cast Shock", "Bob")
    _resolve_all(g)
    s = g.current_state()
    assert s.players[ALICE].life == 18 and s.players[BOB].life == 18


def test_ferocity_blocking_creature_gets_a_counter(db):
    """Ferocity: "blocks or becomes blocked" (CR 509.3c-d), "it" is the enchanted creature."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Ferocity, attached_to: bears}]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    pick(g, "Grizzly Bears blocks Hill Giant")
    while g.pending.kind == "blockers":
        g.push(Action("done"))
    while not g.current_state().stack:
        g.push(g.legal_actions()[0])
    while g.current_state().stack:
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            pick(g, "yes") if any(a.label.startswith("yes") for a in g.legal_actions()) else g.push(g.legal_actions()[0])
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {"+1/+1": 1}


def test_infiltration_lens_draws_for_each_blocker(db):
    """Infiltration Lens: once for each creature blocking the equipped creature (CR 509.3f)."""
    g = board(db, """
  - name: Alice
    library: [Island, Island, Island, Island, Island]
    battlefield: [{card: Hill Giant, id: giant, attacking: true, tapped: true}, {card: Infiltration Lens, attached_to: giant}]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    pick(g, "Grizzly Bears blocks Hill Giant")
    pick(g, "Llanowar Elves blocks Hill Giant")
    while g.pending.kind == "blockers":
        g.push(Action("done"))
    for _ in range(200):
        if not g.current_state().stack and g.pending.kind == "priority" and len(names(g, ALICE, "hand")) == 4:
            break
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            yes = [a for a in g.legal_actions() if a.label.lower().startswith("yes")]
            g.push(yes[0] if yes else g.legal_actions()[0])
    assert len(names(g, ALICE, "hand")) == 4


def test_hot_soup_destroys_the_equipped_creature_when_it_is_dealt_damage(db):
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain, {card: Hill Giant, id: giant}, {card: Hot Soup, attached_to: giant}]
  - name: Bob
    battlefield: []
""")
    cast_and_pay(g, "cast Shock", "Hill Giant")
    _resolve_all(g)
    assert not on_battlefield(g, "Hill Giant")
    assert names(g, ALICE, "graveyard") == ["Hill Giant", "Shock"]


def _pt(g, name: str) -> tuple[int, int]:
    return ch.power_toughness(g.current_state(), on_battlefield(g, name)[0])


def test_banshees_blade_counts_its_own_charge_counters(db):
    """Banshee's Blade: +1/+1 for each charge counter on the Equipment, none on the creature."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant}, {card: Banshee's Blade, attached_to: giant, counters: {charge: 2}}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, counters: {charge: 5}}]
""")
    assert _pt(g, "Hill Giant") == (5, 5)
    assert _pt(g, "Grizzly Bears") == (2, 2)


def test_bonehoard_counts_creature_cards_in_all_graveyards(db):
    """Bonehoard: "+X/+X, where X is the number of creature cards in all graveyards"."""
    g = board(db, """
  - name: Alice
    graveyard: [Grizzly Bears, Shock]
    battlefield: [{card: Hill Giant, id: giant}, {card: Bonehoard, attached_to: giant}]
  - name: Bob
    graveyard: [Llanowar Elves, Centaur Courser]
""")
    assert _pt(g, "Hill Giant") == (6, 6)


def test_spontaneous_mutation_counts_its_controllers_graveyard_only(db):
    """Spontaneous Mutation: -X/-0 where X is the number of cards in "your" graveyard, the
    Aura's controller's (Alice's), though it enchants Bob's creature."""
    g = board(db, """
  - name: Alice
    graveyard: [Grizzly Bears, Shock]
    battlefield: [{card: Spontaneous Mutation, attached_to: giant}]
  - name: Bob
    graveyard: [Llanowar Elves, Centaur Courser, Island]
    battlefield: [{card: Hill Giant, id: giant}]
""")
    assert _pt(g, "Hill Giant") == (1, 3)


def test_leaden_fists_keeps_the_creature_tapped_in_its_controllers_untap_step(db):
    """Leaden Fists (CR 502.3): Bob's tapped creature, enchanted by Alice's Aura, stays tapped
    while Bob's other permanents untap."""
    g = board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Leaden Fists, attached_to: giant}]
  - name: Bob
    library: [Island, Island]
    battlefield: [{card: Hill Giant, id: giant, tapped: true}, {card: Forest, tapped: true}]
""")
    while g.current_state().active != BOB or g.current_state().step != "main1":
        g.push(Action("pass"))
    assert on_battlefield(g, "Hill Giant")[0].tapped
    assert not on_battlefield(g, "Forest")[0].tapped
    assert _pt(g, "Hill Giant") == (6, 6)


def test_vorrac_battlehorns_lets_only_one_creature_block(db):
    """Vorrac Battlehorns (CR 509.1b): once one creature blocks the equipped creature, no other
    may."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant, attacking: true, tapped: true}, {card: Vorrac Battlehorns, attached_to: giant}]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    pick(g, "Grizzly Bears blocks Hill Giant")
    assert not any(a.label == "Llanowar Elves blocks Hill Giant" for a in g.legal_actions())


def test_angelic_destiny_makes_the_creature_an_angel_too(db):
    """Angelic Destiny (layer 4, CR 613.1d): an Angel in addition to its other types, so a
    Bear Angel that "Angel" descriptions now match, 6/6 with flying and first strike."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Angelic Destiny, attached_to: bears}, Hill Giant]
  - name: Bob
    battlefield: []
""")
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert set(layers.card_now(s, bears).subtypes) == {"Bear", "Angel"}
    assert matches(s, bears, ir.Filter(subtypes=("Angel",)), None)
    assert not matches(s, on_battlefield(g, "Hill Giant")[0], ir.Filter(subtypes=("Angel",)), None)
    assert _pt(g, "Grizzly Bears") == (6, 6) and ch.has(s, bears, "flying")


def test_ghoulflesh_adds_black_and_zombie_and_grave_servitude_sets_black(db):
    """Ghoulflesh: "a black Zombie in addition to its other colors and types" adds (CR 105.3);
    Grave Servitude's "is black" makes it black only (layer 5, CR 613.1e)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Ghoulflesh, attached_to: bears},
                  {card: Centaur Courser, id: courser}, {card: Grave Servitude, attached_to: courser}]
  - name: Bob
    battlefield: []
""")
    s = g.current_state()
    bears, courser = on_battlefield(g, "Grizzly Bears")[0], on_battlefield(g, "Centaur Courser")[0]
    assert ch.colors(s, bears) == ("B", "G") and "Zombie" in layers.card_now(s, bears).subtypes
    assert ch.colors(s, courser) == ("B",)
    assert _pt(g, "Grizzly Bears") == (1, 1) and _pt(g, "Centaur Courser") == (6, 2)


def test_silverskin_armor_makes_the_creature_an_artifact(db):
    """Silverskin Armor: an artifact in addition to its other types, so Shatter can target it."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Silverskin Armor, attached_to: bears}]
  - name: Bob
    hand: [Shatter]
    battlefield: [Island, Island]
""")
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.card_types(s, bears) == ("Creature", "Artifact")
    assert matches(s, bears, ir.Filter(types=("Artifact",)), None)


def test_amorphous_axe_gives_every_creature_type(db):
    """Amorphous Axe (CR 205.3m): the equipped creature shares a creature type with any creature."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Amorphous Axe, attached_to: bears}, Hill Giant]
  - name: Bob
    battlefield: []
""")
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert matches(s, bears, ir.Filter(subtypes=("Goblin",)), None)
    assert not matches(s, on_battlefield(g, "Hill Giant")[0], ir.Filter(subtypes=("Goblin",)), None)


def test_abzan_runemark_gives_vigilance_while_you_control_a_black_or_green_permanent(db):
    """Abzan Runemark: vigilance as long as the Aura's controller controls a black or green
    permanent; a red one doesn't count."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant}, {card: Abzan Runemark, attached_to: giant}]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    s = g.current_state()
    assert not ch.has(s, on_battlefield(g, "Hill Giant")[0], "vigilance")
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant}, {card: Abzan Runemark, attached_to: giant}, Llanowar Elves]
  - name: Bob
    battlefield: []
""")
    s = g.current_state()
    assert ch.has(s, on_battlefield(g, "Hill Giant")[0], "vigilance")


def test_illusory_wrappings_sets_base_power_and_toughness_before_pumps(db):
    """Illusory Wrappings (layer 7b, CR 613.4b): 0/2; Giant Growth then gives +3/+3 (7c): 3/5."""
    g = board(db, """
  - name: Alice
    hand: [Giant Growth]
    battlefield: [Forest, {card: Hill Giant, id: giant}, {card: Illusory Wrappings, attached_to: giant}]
  - name: Bob
    battlefield: []
""")
    assert _pt(g, "Hill Giant") == (0, 2)
    cast_and_pay(g, "cast Giant Growth", "Hill Giant")
    _resolve_all(g)
    assert _pt(g, "Hill Giant") == (3, 5)


def test_colossus_hammer_takes_flying_away_but_a_later_grant_gives_it_back(db):
    """Colossus Hammer (layer 6, CR 613.1f, 613.7): the equipped Serra Angel loses flying; a
    flying granted after the Hammer's timestamp applies after it."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Serra Angel, id: angel}, {card: Colossus Hammer, attached_to: angel}]
  - name: Bob
    battlefield: []
""")
    s = g.current_state()
    angel = on_battlefield(g, "Serra Angel")[0]
    assert not ch.has(s, angel, "flying") and ch.has(s, angel, "vigilance")
    assert _pt(g, "Serra Angel") == (14, 14)
    for first, second, flies in (("Colossus Hammer", "Arcane Flight", True), ("Arcane Flight", "Colossus Hammer", False)):
        g = board(db, f"""
  - name: Alice
    battlefield: [{{card: Hill Giant, id: giant}}, {{card: {first}, attached_to: giant}},
                  {{card: {second}, attached_to: giant}}]
  - name: Bob
    battlefield: []
""")
        s = g.current_state()
        assert ch.has(s, on_battlefield(g, "Hill Giant")[0], "flying") is flies, (first, second)


def test_clutch_of_undeath_helps_a_zombie_and_hurts_anything_else(db):
    """Clutch of Undeath (CR 611.3a): +3/+3 as long as the enchanted creature is a Zombie,
    otherwise -3/-3."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Gravedigger, id: z}, {card: Clutch of Undeath, attached_to: z},
                  {card: Craw Wurm, id: w}, {card: Clutch of Undeath, attached_to: w}]
  - name: Bob
    battlefield: []
""")
    assert _pt(g, "Gravedigger") == (5, 5)
    assert _pt(g, "Craw Wurm") == (3, 1)


def test_phyrexian_boon_reads_the_enchanted_creatures_color_now(db):
    """Phyrexian Boon: +2/+1 while the creature is black; Grave Servitude makes it black."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Craw Wurm, id: w}, {card: Phyrexian Boon, attached_to: w}]
  - name: Bob
    battlefield: []
""")
    assert _pt(g, "Craw Wurm") == (5, 2)
    g = board(db, """
  - name: Alice
    battlefield: [{card: Craw Wurm, id: w}, {card: Phyrexian Boon, attached_to: w}, {card: Grave Servitude, attached_to: w}]
  - name: Bob
    battlefield: []
""")
    assert _pt(g, "Craw Wurm") == (6 + 2 + 3, 4 + 1 - 1)


def test_bonds_of_faith_keeps_a_non_human_from_attacking(db):
    """Bonds of Faith: "Otherwise, it can't attack or block" for a creature that isn't a Human."""
    g = board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Bonds of Faith, attached_to: bears}]
  - name: Bob
    library: [Island, Island]
    battlefield: []
""", turn=3)
    while g.current_state().step != "declare_attackers" and g.pending.kind != "attackers":
        g.push(Action("pass"))
    assert g.pending.kind != "attackers" or all(a.kind != "attack" for a in g.legal_actions())


def test_spreading_seas_makes_the_enchanted_land_an_island(db):
    """Spreading Seas (CR 305.7): the enchanted land is an Island only: it loses its other land
    types and taps for {U}; other lands are untouched."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Spreading Seas, attached_to: m}]
  - name: Bob
    battlefield: [{card: Mountain, id: m}, Mountain]
""")
    s = g.current_state()
    seas_land, other = on_battlefield(g, "Mountain")
    assert layers.card_now(s, seas_land).subtypes == ("Island",)
    assert layers.card_now(s, other).subtypes == ("Mountain",)
    assert [ab.text for ab in layers.card_now(s, seas_land).abilities] == ["{T}: Add {U}."]


def test_an_aura_that_enchants_a_player_is_run(db):
    """CR 303.4, 702.5d: "Enchant player" is run (tests/test_curses.py); a Curse's other lines
    the engine can't read still keep it from compiling fully."""
    from_text = card("Test Curse", "Enchant player", "Enchantment — Aura Curse")
    assert support.gaps(from_text.abilities[0]) == []
    assert not db.get("Overwhelming Splendor").fully_supported
