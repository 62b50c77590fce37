"""Permanent and combat keywords run with real cards from the card corpus and their official
rulings (cited by date, paraphrased): annihilator (CR 702.86), battle cry (CR 702.91), afterlife
(CR 702.135), living weapon (CR 702.92) and outlast (CR 702.107). The scenarios/cards/ files play
the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.mechanics.bestow import bestowed
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, pick, resolve, stack_labels

ALICE, BOB = 0, 1


def attack(g: Game, *names: str) -> None:
    """From the beginning of combat: pass priority, attack with ``names``, done."""
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    for name in names:
        pick(g, f"attack with {name}")
    if any(a.label.startswith("no more attackers") for a in g.legal_actions()):
        pick(g, "no more attackers")


# ------------------------------------------------------------------------------ annihilator (CR 702.86)


def test_annihilator_the_defender_chooses_and_sacrificed_creatures_cant_block(db):
    """Ulamog's Crusher (annihilator 2; it attacks each combat, so it is declared an attacker
    without asking) attacks: the trigger resolves in the declare attackers step, Bob chooses two
    permanents and sacrifices them before blockers are declared, so a sacrificed creature can't
    block (Ulamog's Crusher ruling 2010-06-15, CR 702.86a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Ulamog's Crusher]
  - name: Bob
    library: [Forest]
    battlefield: [Forest, Grizzly Bears, Llanowar Elves]
""", step="beginning_of_combat", turn=3)
    while g.pending.kind == "priority" and not g.current_state().stack:
        g.push(Action("pass"))
    assert stack_labels(g) == ["Ulamog's Crusher's ability"]
    resolve(g)
    assert g.pending.kind == "sacrifice" and g.pending.player == BOB
    names = {a.label for a in g.legal_actions()}
    assert names == {"Forest", "Grizzly Bears", "Llanowar Elves"}
    pick(g, "Grizzly Bears")
    pick(g, "Llanowar Elves")
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[BOB].graveyard] == ["Grizzly Bears", "Llanowar Elves"]
    assert on_battlefield(g, "Forest") and s.step == "declare_attackers"
    while g.pending.kind == "priority" and g.current_state().step != "end":
        g.push(Action("pass"))
    assert g.current_state().players[BOB].life == 12      # the 8/8 unblocked: Bob had no creature left


def test_annihilator_takes_all_when_fewer_permanents(db):
    """Annihilator 2 against one permanent sacrifices that one (CR 701.21a: all, if fewer)."""
    g = board(db, """
  - name: Alice
    battlefield: [Ulamog's Crusher]
  - name: Bob
    battlefield: [Forest]
""", step="beginning_of_combat", turn=3)
    while g.current_state().stack or g.current_state().step != "declare_attackers":
        g.push(Action("pass"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[BOB].graveyard] == ["Forest"]
    assert not on_battlefield(g, "Forest")


# ------------------------------------------------------------------------------ battle cry (CR 702.91)


def test_battle_cry_pumps_each_other_attacker_not_itself_nor_a_nonattacker(db):
    """Goblin Wardriver attacks with Grizzly Bears: the Bears get +1/+0; the Wardriver itself and
    a creature that didn't attack don't (CR 702.91a: "each other attacking creature")."""
    g = board(db, """
  - name: Alice
    battlefield: [Goblin Wardriver, Grizzly Bears, Llanowar Elves]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Goblin Wardriver", "Grizzly Bears")
    assert stack_labels(g) == ["Goblin Wardriver's ability"]
    resolve(g)
    s = g.current_state()
    pt = {o.card.name: (ch.power(s, o), ch.toughness(s, o)) for o in s.permanents()}
    assert pt == {"Goblin Wardriver": (2, 2), "Grizzly Bears": (3, 2), "Llanowar Elves": (1, 1)}


# ------------------------------------------------------------------------------ afterlife (CR 702.135)


def test_afterlife_makes_white_and_black_flying_spirits_when_it_dies(db):
    """Ministrant of Obligation (afterlife 2) dies: two 1/1 white and black Spirit creature tokens
    with flying (CR 702.135a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Ministrant of Obligation]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "Ministrant")
    resolve(g)
    assert stack_labels(g) == ["Ministrant of Obligation's ability"]
    resolve(g)
    s = g.current_state()
    spirits = on_battlefield(g, "Spirit Token")
    assert len(spirits) == 2
    for o in spirits:
        assert o.controller == ALICE and o.is_token
        assert set(ch.colors(s, o)) == {"W", "B"} and "Spirit" in o.card.subtypes
        assert (ch.power(s, o), ch.toughness(s, o)) == (1, 1) and "flying" in ch.keywords(s, o)


def test_afterlife_does_not_trigger_when_exiled(db):
    """Afterlife triggers when the permanent is put into a graveyard from the battlefield only
    (CR 702.135a): exiled, no Spirits."""
    g = board(db, """
  - name: Alice
    battlefield: [Ministrant of Obligation]
  - name: Bob
    hand: [Swords to Plowshares]
    battlefield: [Plains]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Swords to Plowshares", "Ministrant")
    resolve(g)
    assert not stack_labels(g) and not on_battlefield(g, "Spirit Token")


# ------------------------------------------------------------------------------ living weapon (CR 702.92)


def test_living_weapon_germ_enters_and_is_equipped_before_state_based_actions(db):
    """Flayer Husk enters: a 0/0 black Phyrexian Germ token is created and the Husk attached to
    it before state-based actions are checked, so it lives as a 1/1 (Flayer Husk ruling
    2020-08-07, CR 702.92a)."""
    g = board(db, """
  - name: Alice
    hand: [Flayer Husk]
    battlefield: [Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Flayer Husk")
    resolve(g)
    assert stack_labels(g) == ["Flayer Husk's ability"]
    resolve(g)
    s = g.current_state()
    germ = on_battlefield(g, "Phyrexian Germ Token")
    assert len(germ) == 1
    husk = on_battlefield(g, "Flayer Husk")[0]
    assert husk.attached_to == germ[0].id
    assert (ch.power(s, germ[0]), ch.toughness(s, germ[0])) == (1, 1) and set(ch.colors(s, germ[0])) == {"B"}


def test_living_weapon_germ_dies_when_unequipped_and_the_equipment_stays(db):
    """Equipped to another creature, the Germ is a 0/0 and dies; the Equipment stays on the
    battlefield (Flayer Husk ruling 2020-08-07)."""
    g = board(db, """
  - name: Alice
    hand: [Flayer Husk]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Flayer Husk")
    resolve(g)
    resolve(g)
    cast_and_pay(g, "activate Flayer Husk", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    assert not on_battlefield(g, "Phyrexian Germ Token")
    husk = on_battlefield(g, "Flayer Husk")[0]
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert husk.attached_to == bears.id and ch.power(s, bears) == 3


# ------------------------------------------------------------------------------ outlast (CR 702.107)


def test_outlast_taps_for_a_counter_only_as_a_sorcery(db):
    """Disowned Ancestor's outlast {1}{B}: pay and tap it for a +1/+1 counter, as a sorcery
    (CR 702.107a); not in combat, and not once tapped."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp, Disowned Ancestor]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Disowned Ancestor")
    resolve(g)
    anc = on_battlefield(g, "Disowned Ancestor")[0]
    assert anc.counters == {"+1/+1": 1} and anc.tapped
    assert not [a for a in g.legal_actions() if a.label.startswith("activate Disowned Ancestor")]
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Disowned Ancestor]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    assert not [a for a in g.legal_actions() if a.label.startswith("activate Disowned Ancestor")]


def test_outlast_needs_control_since_the_turn_began(db):
    """Its cost includes {T}: a creature that came under Alice's control this turn can't outlast
    (Mer-Ek Nightblade ruling 2014-09-20, CR 302.6)."""
    g = board(db, """
  - name: Alice
    hand: [Disowned Ancestor]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Disowned Ancestor")
    resolve(g)
    assert on_battlefield(g, "Disowned Ancestor")
    assert not [a for a in g.legal_actions() if a.label.startswith("activate Disowned Ancestor")]


# ------------------------------------------------------------------------------ umbra armor (CR 702.89)


def test_totem_armor_reads_as_umbra_armor(db):
    """The 2021 Oracle text says "Totem armor"; the rules call it umbra armor now (CR 702.89b)."""
    assert any(type(a).__name__ == "Keyword" and a.name == "umbra armor" for a in db.get("Hyena Umbra").abilities)
    assert not db.get("Hyena Umbra").unsupported


def test_umbra_armor_is_not_regeneration(db):
    """Putrefy destroys the creature Hyena Umbra enchants and says it can't be regenerated: umbra
    armor still applies, the Umbra is destroyed instead, and the creature isn't tapped (Hyena
    Umbra rulings 2018-07-13, CR 702.89a)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears}]
  - name: Bob
    hand: [Putrefy]
    battlefield: [Swamp, Forest, Forest]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Putrefy", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert not bears.tapped and not on_battlefield(g, "Hyena Umbra")
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Hyena Umbra"]


def test_umbra_armor_removes_lethal_damage(db):
    """Lethal damage: the state-based action would destroy the creature; its damage is removed and
    the Aura destroyed instead (Hyena Umbra ruling 2018-07-13)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert bears.damage == 0 and (ch.power(s, bears), ch.toughness(s, bears)) == (2, 2)
    assert not on_battlefield(g, "Hyena Umbra")


def test_two_umbras_only_one_is_destroyed_and_its_controller_chooses(db):
    """Two Auras with umbra armor: one of them is destroyed, chosen by the enchanted creature's
    controller (Hyena Umbra ruling 2018-07-13, CR 616.1)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears},
                  {card: Spider Umbra, attached_to: bears}]
  - name: Bob
    hand: [Murder]
    battlefield: [Swamp, Swamp, Swamp]
""", turn=3)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Murder", "Grizzly Bears")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "replacement_order" and g.pending.player == ALICE
    pick(g, "Spider Umbra")
    assert on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Hyena Umbra")
    assert not on_battlefield(g, "Spider Umbra")


def test_umbra_armor_saves_the_creature_when_both_are_destroyed_at_once(db):
    """Akroma's Vengeance destroys the Aura and the creature at the same time: umbra armor saves
    the creature, and the Aura is destroyed (Hyena Umbra ruling 2018-07-13)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hyena Umbra, attached_to: bears}, Llanowar Elves]
  - name: Bob
    hand: [Akroma's Vengeance]
    battlefield: [{card: Plains, count: 6}]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Akroma's Vengeance")
    resolve(g)
    s = g.current_state()
    assert [o.card.name for o in s.permanents() if o.controller == ALICE] == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ "attach it" (CR 701.3a)


def test_equipment_attaches_itself_as_it_enters_without_paying_equip(db):
    """Cliffhaven Kitesail enters and attaches itself to target creature Alice controls: no equip
    cost is paid, and the creature has flying (Cliffhaven Kitesail ruling 2020-09-25, CR 701.3a).
    Only her own creatures are targets."""
    g = board(db, """
  - name: Alice
    hand: [Cliffhaven Kitesail]
    battlefield: [Plains, Grizzly Bears]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Cliffhaven Kitesail")
    resolve(g)        # the only legal target, Alice's Bears, is chosen without asking
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert [list(i.targets) for i in s.stack] == [[[bears.id]]]
    resolve(g)
    s = g.current_state()
    assert on_battlefield(g, "Cliffhaven Kitesail")[0].attached_to == bears.id
    assert "flying" in ch.keywords(s, bears) and not s.stack


def test_equipment_stays_unattached_when_the_target_is_gone(db):
    """The target creature leaves before the trigger resolves: the Equipment stays on the
    battlefield unattached (Utility Knife ruling 2020-09-25, CR 608.2b)."""
    g = board(db, """
  - name: Alice
    hand: [Utility Knife]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    cast_and_pay(g, "cast Utility Knife")
    resolve(g)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    resolve(g)
    knife = on_battlefield(g, "Utility Knife")[0]
    assert knife.attached_to is None and not on_battlefield(g, "Grizzly Bears")


# ------------------------------------------------------------------------------ mentor (CR 702.134)


def test_mentor_targets_an_attacker_with_less_power_only(db):
    """Sunhome Stalwart (2/2, mentor) attacks with Llanowar Elves (1/1) and Grizzly Bears (2/2):
    only the Elves have less power, so they are the target and get a +1/+1 counter (CR 702.134a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Sunhome Stalwart, Llanowar Elves, Grizzly Bears]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Sunhome Stalwart", "Llanowar Elves", "Grizzly Bears")
    s = g.current_state()
    elves = on_battlefield(g, "Llanowar Elves")[0]
    assert [list(i.targets) for i in s.stack] == [[[elves.id]]]
    resolve(g)
    assert on_battlefield(g, "Llanowar Elves")[0].counters == {"+1/+1": 1}
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {}


def test_mentor_compares_again_on_resolution(db):
    """The target's power is no longer less as the ability resolves: no counter (Tajic, Legion's
    Edge ruling 2018-10-05, CR 608.2b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Sunhome Stalwart, Llanowar Elves]
  - name: Bob
    hand: [Giant Growth]
    battlefield: [Forest]
""", step="beginning_of_combat", turn=3)
    attack(g, "Sunhome Stalwart", "Llanowar Elves")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Giant Growth", "Llanowar Elves")
    resolve(g)
    resolve(g)
    assert on_battlefield(g, "Llanowar Elves")[0].counters == {}


def test_mentor_uses_last_known_power_when_the_mentor_has_left(db):
    """Sunhome Stalwart, a 5/5 after Giant Growth, attacks with Grizzly Bears and mentor targets
    them; Bob returns the Stalwart to its owner's hand in response. Its power as it last existed
    on the battlefield, 5, is compared: the Bears get the counter (Tajic, Legion's Edge ruling
    2018-10-05, CR 608.2h)."""
    g = board(db, """
  - name: Alice
    hand: [Giant Growth]
    battlefield: [Forest, Sunhome Stalwart, Grizzly Bears]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island]
""", step="beginning_of_combat", turn=3)
    cast_and_pay(g, "cast Giant Growth", "Sunhome Stalwart")
    resolve(g)
    attack(g, "Sunhome Stalwart", "Grizzly Bears")
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert [list(i.targets) for i in g.current_state().stack] == [[[bears.id]]]
    g.push(Action("pass"))
    cast_and_pay(g, "cast Unsummon", "Sunhome Stalwart")
    resolve(g)
    assert not on_battlefield(g, "Sunhome Stalwart")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {"+1/+1": 1}


def test_mentor_without_a_lesser_attacker_has_no_target(db):
    """Attacking only beside a creature of equal power, mentor has no legal target and is removed
    from the stack (CR 603.3d)."""
    g = board(db, """
  - name: Alice
    battlefield: [Sunhome Stalwart, Grizzly Bears]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Sunhome Stalwart", "Grizzly Bears")
    assert not g.current_state().stack


# ------------------------------------------------------------------------------ bestow (CR 702.103)


def cast_bestowed(g: Game, name: str, target: str) -> None:
    """Cast ``name`` for its bestow cost targeting ``target``, paying automatically."""
    pick(g, f"cast {name}")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        elif g.pending.kind == "alternative_cost":
            pick(g, "pay its bestow cost")
        else:
            g.push(next(a for a in g.legal_actions() if target in a.label))


def test_bestow_makes_an_aura_spell_and_an_aura(db):
    """Nyxborn Shieldmate cast for its bestow cost {2}{W} is an Aura spell with enchant creature,
    not a creature spell (Nyxborn Shieldmate ruling 2013-09-15, CR 702.103b); it resolves
    attached to its target, which gets +1/+2, and is not a creature itself."""
    g = board(db, """
  - name: Alice
    hand: [Nyxborn Shieldmate]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_bestowed(g, "Nyxborn Shieldmate", "Grizzly Bears")
    s = g.current_state()
    spell = s.objs[s.stack[-1].source]
    assert ch.card_types(s, spell) == ("Enchantment",) and "Aura" in spell.card.subtypes
    resolve(g)
    s = g.current_state()
    mate = on_battlefield(g, "Nyxborn Shieldmate")[0]
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert mate.attached_to == bears.id and not ch.is_creature(s, mate)
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (3, 4)
    assert [o.tapped for o in s.permanents() if o.card.name == "Plains"] == [True, True, True]
    restored = Game.from_json(g.to_json(), db).current_state()      # a save keeps it bestowed
    mate = next(o for o in restored.permanents() if o.card.name == "Nyxborn Shieldmate")
    assert mate.attached_to == bears.id and not ch.is_creature(restored, mate)
    assert bestowed(mate)


def test_bestow_target_gone_it_resolves_as_a_creature(db):
    """The target is illegal as the bestowed spell begins to resolve: it isn't countered, it
    ceases to be bestowed and enters as an enchantment creature (Nyxborn Shieldmate ruling
    2013-09-15, CR 702.103e)."""
    g = board(db, """
  - name: Alice
    hand: [Nyxborn Shieldmate]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    cast_bestowed(g, "Nyxborn Shieldmate", "Grizzly Bears")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    resolve(g)
    s = g.current_state()
    mate = on_battlefield(g, "Nyxborn Shieldmate")[0]
    assert mate.attached_to is None and ch.is_creature(s, mate)
    assert set(ch.card_types(s, mate)) == {"Enchantment", "Creature"}
    assert (ch.power(s, mate), ch.toughness(s, mate)) == (1, 2)


def test_bestowed_aura_unattached_stays_as_a_creature(db):
    """The enchanted creature dies: the bestowed Aura isn't put into the graveyard, it becomes an
    enchantment creature, untapped, the same object (Nyxborn Shieldmate ruling 2013-09-15,
    CR 702.103f); it leaves as its own card."""
    g = board(db, """
  - name: Alice
    hand: [Nyxborn Shieldmate]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
    hand: [Murder, Shock]
    battlefield: [Swamp, Swamp, Swamp, Mountain]
""", turn=3)
    cast_bestowed(g, "Nyxborn Shieldmate", "Grizzly Bears")
    resolve(g)
    mate_id = on_battlefield(g, "Nyxborn Shieldmate")[0].id
    g.push(Action("pass"))
    cast_and_pay(g, "cast Murder", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    mate = on_battlefield(g, "Nyxborn Shieldmate")[0]
    assert mate.id == mate_id and ch.is_creature(s, mate) and not mate.tapped and mate.attached_to is None
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Grizzly Bears"]
    g.push(Action("pass"))
    cast_and_pay(g, "cast Shock", "Nyxborn Shieldmate")
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Grizzly Bears", "Nyxborn Shieldmate"]
    card = s.objs[s.players[ALICE].graveyard[-1]]
    assert card.card is db.get("Nyxborn Shieldmate") and card.printed is None


def test_bestow_is_offered_only_with_a_creature_to_target(db):
    """Without a creature on the battlefield, only the creature spell can be cast (CR 601.2c)."""
    g = board(db, """
  - name: Alice
    hand: [Nyxborn Shieldmate]
    battlefield: [Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Nyxborn Shieldmate")
    resolve(g)
    s = g.current_state()
    mate = on_battlefield(g, "Nyxborn Shieldmate")[0]
    assert ch.is_creature(s, mate) and [o.tapped for o in s.permanents() if o.card.name == "Plains"].count(True) == 1


# ------------------------------------------------------------------------------ "cards in your hand"


def test_maro_counts_the_cards_in_its_controllers_hand(db):
    """Maro's power and toughness are each the number of cards in Alice's hand, not Bob's
    (CR 604.3); with her last card played it is 0/0 and is put into the graveyard (CR 704.5f)."""
    g = board(db, """
  - name: Alice
    hand: [Forest, Island]
    battlefield: [Maro, {card: Sturmgeist, id: geist}]
  - name: Bob
    hand: [Forest, Forest, Forest, Forest]
""", turn=3)
    s = g.current_state()
    assert [(ch.power(s, o), ch.toughness(s, o)) for o in s.permanents()] == [(2, 2), (2, 2)]
    pick(g, "play Forest")
    s = g.current_state()
    assert [ch.power(s, o) for o in s.permanents() if o.card.name in ("Maro", "Sturmgeist")] == [1, 1]
    g2 = board(db, """
  - name: Alice
    hand: [Forest]
    battlefield: [Maro]
  - name: Bob
""", turn=3)
    pick(g2, "play Forest")
    s = g2.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Maro"]


def test_a_spell_counting_cards_in_hand_does_not_count_itself(db):
    """Spontaneous Generation is on the stack as it resolves, so it isn't one of the cards in
    Alice's hand: two other cards, two Saprolings (CR 608.2h, 400.7)."""
    g = board(db, """
  - name: Alice
    hand: [Spontaneous Generation, Forest, Island]
    battlefield: [Forest, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Spontaneous Generation")
    resolve(g)
    assert len(on_battlefield(g, "Saproling Token")) == 2


# ------------------------------------------------------------------------------ "All creatures able to block ~ do so." (CR 509.1c)


def to_blockers(g: Game, *attackers: str) -> None:
    """Alice attacks with ``attackers`` from the beginning of combat; stops at Bob's blockers."""
    attack(g, *attackers)
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    assert g.pending.kind == "blockers" and g.pending.player == BOB


def test_every_creature_able_to_block_the_lure_attacker_must(db):
    """Prized Unicorn attacks: every creature able to block it blocks it, the one legal
    declaration, made without asking Bob; a tapped creature is not able and isn't asked to
    (Prized Unicorn ruling 2019-07-12, CR 509.1c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Prized Unicorn]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves, {card: Hill Giant, tapped: true}]
""", step="beginning_of_combat", turn=3)
    attack(g, "Prized Unicorn")
    while g.current_state().step != "declare_blockers":
        g.push(Action("pass"))
    assert g.pending.kind == "priority"
    s = g.current_state()
    unicorn = on_battlefield(g, "Prized Unicorn")[0].id
    assert {o.card.name: o.blocking for o in s.permanents(BOB)} == {
        "Grizzly Bears": (unicorn,), "Llanowar Elves": (unicorn,), "Hill Giant": ()}


def test_a_creature_able_to_block_the_lure_attacker_may_not_block_another_instead(db):
    """With Prized Unicorn and Grizzly Bears attacking, Bob's Hill Giant may not block the Bears
    instead of the Unicorn: only the declaration that obeys the requirement is offered
    (CR 509.1c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Prized Unicorn, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, {card: Hill Giant, tapped: true}]
""", step="beginning_of_combat", turn=3)
    attack(g, "Prized Unicorn", "Grizzly Bears")
    while g.current_state().step != "declare_blockers":
        g.push(Action("pass"))
    s = g.current_state()       # one answer only, so nobody was asked
    unicorn = on_battlefield(g, "Prized Unicorn")[0].id
    assert [o.blocking for o in s.permanents(BOB)] == [(unicorn,), ()]


def test_a_creature_unable_to_block_the_lure_attacker_may_block_another(db):
    """Bob's creature can't block a flying Lure-enchanted attacker, so it may block Alice's other
    attacker or not block at all (Lure ruling 2017-11-17, Breaker of Armies ruling 2015-08-25)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Serra Angel, id: angel}, {card: Lure, attached_to: angel}, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""", step="beginning_of_combat", turn=3)
    to_blockers(g, "Serra Angel", "Grizzly Bears")
    labels = [a.label for a in g.legal_actions()]
    assert "Hill Giant blocks Grizzly Bears" in labels and any(a.kind == "done" for a in g.legal_actions())
