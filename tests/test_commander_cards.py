"""Cards that speak of commanders (CR 903), with real cards and the official rulings the corpus
carries for them, cited by date and paraphrased: lieutenant (an ability word, CR 207.2c);
commanders as objects a description names ("commander creatures you control", "commanders you
control", "a commander you control", "target commander you own", CR 903.3d)."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, pass_to_end_step_trigger, pick

ISPERIA = "Isperia, Supreme Judge"
AYULA = "Ayula, Queen Among Bears"


def commander_board(db, alice: str, bob: str = "", **top) -> Game:
    """A Commander game (CR 903) at Alice's first main phase: Alice's commander is Isperia, Bob's
    Ayula; ``alice`` and ``bob`` are their other zones."""
    return board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
{alice}
  - name: Bob
    commanders: ["{AYULA}"]
{bob}
""", format="commander", turn=top.pop("turn", 5), **top)


def obj(g: Game, name: str):
    return next(o for o in g.current_state().objs.values() if o.card.name == name)


def to_combat(g: Game) -> None:
    """Both players pass in the main phase: the game goes to the beginning of combat step, whose
    triggered abilities are put on the stack (CR 507.1, 603.3)."""
    while g.current_state().step != "beginning_of_combat":
        g.push(Action("pass"))


def resolve_all(g: Game) -> None:
    while g.current_state().stack:
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])


# ------------------------------------------------------------------ lieutenant (CR 207.2c)

LIEUTENANTS = ("Loyal Drake", "Loyal Subordinate", "Loyal Guardian", "Loyal Apprentice", "Loyal Unicorn",
               "Stormsurge Kraken", "Demon of Wailing Agonies", "Thunderfoot Baloth",
               "Angelic Field Marshal")


def test_lieutenants_compile_fully(db):
    """"if you control your commander" and "As long as you control your commander" (CR 903.3d)."""
    for name in LIEUTENANTS:
        assert db.get(name).fully_supported, name


def test_loyal_drake_draws_while_you_control_your_commander(db):
    """At the beginning of combat on Alice's turn, with Isperia on the battlefield, Loyal Drake's
    lieutenant ability draws a card (CR 603.4: its condition is checked as it triggers and as
    it resolves, Loyal Drake ruling 2018-07-13)."""
    g = commander_board(db, f"""    battlefield: [Loyal Drake, "{ISPERIA}"]
    library: [Island, Island]""")
    to_combat(g)
    assert g.current_state().stack
    resolve_all(g)
    assert len(g.current_state().players[0].hand) == 1


def test_loyal_drake_needs_your_own_commander(db):
    """Without her commander on the battlefield Alice draws nothing, and Bob's commander under her
    control doesn't count: lieutenant asks about your commander only (Stormsurge Kraken rulings
    2014-11-07)."""
    g = commander_board(db, f"""    battlefield: [Loyal Drake, {{card: "{AYULA}", owner: Bob}}]
    command: ["{ISPERIA}"]
    library: [Island, Island]""")
    to_combat(g)
    assert not g.current_state().stack
    assert len(g.current_state().players[0].hand) == 0


def test_loyal_subordinate_with_two_opponents(db):
    """Each opponent loses 3 life, once, while Alice controls her commander (Loyal Subordinate
    rulings 2018-07-13)."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
    battlefield: [Loyal Subordinate, "{ISPERIA}"]
  - name: Bob
  - name: Carol
""", format="commander", turn=5)
    to_combat(g)
    resolve_all(g)
    assert [p.life for p in g.current_state().players] == [40, 37, 37]


def test_stormsurge_kraken_gets_bigger_only_with_your_commander(db):
    """As long as Alice controls her commander Stormsurge Kraken is 7/7 and has the quoted
    ability; when her commander leaves, it's 5/5 at once (Stormsurge Kraken rulings 2014-11-07),
    and another player's commander she controls doesn't count."""
    g = commander_board(db, f"""    battlefield: [Stormsurge Kraken, "{ISPERIA}"]""")
    s = g.current_state()
    kraken = obj(g, "Stormsurge Kraken")
    assert (ch.power(s, kraken), ch.toughness(s, kraken)) == (7, 7)
    g = commander_board(db, f"""    battlefield: [Stormsurge Kraken, {{card: "{AYULA}", owner: Bob}}]
    command: ["{ISPERIA}"]""")
    s = g.current_state()
    kraken = obj(g, "Stormsurge Kraken")
    assert (ch.power(s, kraken), ch.toughness(s, kraken)) == (5, 5)


def test_thunderfoot_baloth_two_subjects(db):
    """Thunderfoot Baloth: while Alice controls her commander it is 7/7 and her other creatures
    get +2/+2 and have trample (Isperia too); Bob's creatures aren't affected. Without her
    commander (Bob's under her control doesn't count, rulings 2014-11-07) nothing applies."""
    g = commander_board(db, f"""    battlefield: [Thunderfoot Baloth, "{ISPERIA}", Grizzly Bears]""",
                        f"""    battlefield: [Runeclaw Bear]""")
    s = g.current_state()
    got = {o.card.name: (ch.power(s, o), ch.toughness(s, o), "trample" in ch.keywords(s, o))
           for o in s.permanents()}
    assert got == {"Thunderfoot Baloth": (7, 7, True), ISPERIA: (8, 6, True),
                   "Grizzly Bears": (4, 4, True), "Runeclaw Bear": (2, 2, False)}
    g = commander_board(db, f"""    battlefield: [Thunderfoot Baloth, Grizzly Bears, {{card: "{AYULA}", owner: Bob}}]
    command: ["{ISPERIA}"]""")
    s = g.current_state()
    got = {o.card.name: (ch.power(s, o), ch.toughness(s, o), "trample" in ch.keywords(s, o))
           for o in s.permanents()}
    assert got == {"Thunderfoot Baloth": (5, 5, True), "Grizzly Bears": (2, 2, False), AYULA: (2, 2, False)}


def test_angelic_field_marshal_gives_vigilance_to_all_your_creatures(db):
    """Angelic Field Marshal: "creatures you control" includes itself, so with Alice's commander
    it is a 5/5 with vigilance, and her creatures attack without tapping (CR 702.20b)."""
    g = commander_board(db, f"""    battlefield: [Angelic Field Marshal, "{ISPERIA}", Grizzly Bears]""")
    s = g.current_state()
    marshal, bears = obj(g, "Angelic Field Marshal"), obj(g, "Grizzly Bears")
    assert (ch.power(s, marshal), ch.toughness(s, marshal)) == (5, 5)
    assert all("vigilance" in ch.keywords(s, o) for o in (marshal, bears, obj(g, ISPERIA)))
    g = commander_board(db, """    battlefield: [Angelic Field Marshal, Grizzly Bears]""")
    s = g.current_state()
    marshal = obj(g, "Angelic Field Marshal")
    assert (ch.power(s, marshal), ch.toughness(s, marshal)) == (3, 3)
    assert not any("vigilance" in ch.keywords(s, o) for o in s.permanents())


# ------------------------------------------------------------------ commanders described (CR 903.3d)

COMMANDERS_DESCRIBED = ("Bastion Protector", "Bloodsworn Steward", "Falthis, Shadowcat Familiar",
                        "Anara, Wolvid Familiar", "Keleth, Sunmane Familiar", "Sanctum of Eternity")


def test_commander_descriptions_compile_fully(db):
    for name in COMMANDERS_DESCRIBED:
        assert db.get(name).fully_supported, name


def test_bastion_protector_commander_creatures_you_control(db):
    """Bastion Protector: commander creatures Alice controls get +2/+2 and indestructible, hers
    and one she controls but Bob owns (rulings 2015-11-04); a commander that isn't a creature
    (Jace Beleren, a planeswalker commander) isn't affected, nor is a creature that is no
    commander, nor Bob's commander under Bob's control."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}", Jace Beleren]
    battlefield: [Bastion Protector, "{ISPERIA}", Jace Beleren, Grizzly Bears, {{card: "{AYULA}", owner: Bob}}]
  - name: Bob
    commanders: ["{AYULA}", Runeclaw Bear]
    battlefield: [Runeclaw Bear]
""", format="commander", turn=5)
    s = g.current_state()
    got = {o.card.name: (ch.power(s, o), ch.toughness(s, o), "indestructible" in ch.keywords(s, o))
           for o in s.permanents() if "Creature" in ch.card_types(s, o)}
    assert got[ISPERIA] == (8, 6, True) and got[AYULA] == (4, 4, True)
    assert got["Grizzly Bears"] == (2, 2, False) and got["Runeclaw Bear"] == (2, 2, False)
    assert got["Bastion Protector"] == (3, 3, False)
    jace = obj(g, "Jace Beleren")
    assert "indestructible" not in ch.keywords(s, jace)


def test_anara_works_on_your_turn_only(db):
    """Anara, Wolvid Familiar: during Alice's turn commanders she controls, Anara herself as her
    commander too, have indestructible; on Bob's turn they don't (rulings 2020-11-10)."""
    alice = f"""    battlefield: ["Anara, Wolvid Familiar", "{ISPERIA}"]"""
    for active, expected in (("Alice", True), ("Bob", False)):
        g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}", "Anara, Wolvid Familiar"]
{alice}
  - name: Bob
""", format="commander", turn=5, active=active)
        s = g.current_state()
        for name in (ISPERIA, "Anara, Wolvid Familiar"):
            assert ("indestructible" in ch.keywords(s, obj(g, name))) is expected, (name, active)


def test_keleth_puts_a_counter_on_an_attacking_commander(db):
    """Keleth, Sunmane Familiar: whenever a commander Alice controls attacks, it gets a +1/+1
    counter; another creature attacking doesn't trigger it (CR 508.3a)."""
    g = commander_board(db, f"""    battlefield: ["Keleth, Sunmane Familiar", "{ISPERIA}", Grizzly Bears]""")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    for name in (ISPERIA, "Grizzly Bears"):
        pick(g, f"attack with {name}")
    while g.pending.kind == "attackers":
        g.push(g.legal_actions()[-1])       # no more attackers
    resolve_all(g)
    assert obj(g, ISPERIA).counters.get("+1/+1") == 1
    assert not obj(g, "Grizzly Bears").counters.get("+1/+1")


def test_sanctum_of_eternity_returns_a_commander_you_own(db):
    """Sanctum of Eternity targets a commander Alice owns on the battlefield, not Bob's commander
    she controls; it returns to her hand, where she may keep it rather than put it into the
    command zone (CR 903.9b). Its ability works only during her turn (CR 602.5b)."""
    g = commander_board(db, f"""    battlefield: [Sanctum of Eternity, Plains, Plains, "{ISPERIA}", {{card: "{AYULA}", owner: Bob}}]""")
    pick(g, "activate Sanctum of Eternity: {2}")
    if g.pending.kind == "targets":             # Ayula is no target: the choice may be forced
        assert not any(AYULA in a.label for a in g.legal_actions())
        pick(g, ISPERIA)
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    s = g.current_state()
    assert [s.objs[t].card.name for group in s.stack[-1].targets for t in group] == [ISPERIA]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "may" and "command zone" in g.pending.prompt
    pick(g, "let it go to your hand")
    assert obj(g, ISPERIA).zone == "hand"
    g = commander_board(db, f"""    battlefield: [Sanctum of Eternity, Plains, Plains, "{ISPERIA}"]""", active="Bob")
    assert not any(a.label.startswith("activate Sanctum of Eternity: {2}") for a in g.legal_actions())


def test_saving_grasp_returns_a_creature_you_own(db):
    """"target creature you own" (CR 108.3): Saving Grasp may return Alice's Grizzly Bears that
    Bob controls to her hand, not Bob's own creature."""
    g = board(db, """
  - name: Alice
    hand: [Saving Grasp]
    battlefield: [Island]
  - name: Bob
    battlefield: [{card: Grizzly Bears, owner: Alice}, Runeclaw Bear]
""", turn=3)
    pick(g, "cast Saving Grasp")
    if g.pending.kind == "targets":
        assert not any("Runeclaw Bear" in a.label for a in g.legal_actions())
        pick(g, "Grizzly Bears")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, "Grizzly Bears").zone == "hand" and obj(g, "Grizzly Bears").owner == 0
    assert obj(g, "Runeclaw Bear").zone == "battlefield"


# ------------------------------------------- times cast from the command zone (CR 903.8)

CASTS_COUNTED = ("Commander's Insignia", "Jirina Kudro", "Captain Vargus Wrath", "Echo Storm", "Empyrial Storm",
                 "Fury Storm")


def test_commander_cast_counts_compile_fully(db):
    for name in CASTS_COUNTED:
        assert db.get(name).fully_supported, name


def test_commanders_insignia_counts_both_partners(db):
    """Commander's Insignia: creatures Alice controls get +1/+1 for each time she has cast her
    commanders from the command zone, both partners counted (rulings 2019-08-23)."""
    g = board(db, """
  - name: Alice
    commanders: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    command: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    commander_casts: {"Falthis, Shadowcat Familiar": 1, "Keleth, Sunmane Familiar": 2}
    battlefield: [Commander's Insignia, Grizzly Bears]
  - name: Bob
    battlefield: [Runeclaw Bear]
""", format="commander", turn=5)
    s = g.current_state()
    bears, other = obj(g, "Grizzly Bears"), obj(g, "Runeclaw Bear")
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (5, 5)
    assert (ch.power(s, other), ch.toughness(s, other)) == (2, 2)


def test_jirina_kudro_counts_the_cast_that_put_it_onto_the_battlefield(db):
    """Jirina Kudro as Alice's commander, cast from the command zone a second time (commander
    tax {2}): its enters trigger counts both casts, the one just made too (ruling 2020-04-17),
    and makes two 1/1 Human Soldiers, which its last ability makes 3/1."""
    g = board(db, """
  - name: Alice
    commanders: [Jirina Kudro]
    command: [Jirina Kudro]
    commander_casts: {Jirina Kudro: 1}
    battlefield: [Plains, Plains, Swamp, Mountain, Mountain, Mountain]
  - name: Bob
""", format="commander", turn=5)
    pick(g, "cast Jirina Kudro")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    s = g.current_state()
    tokens = [o for o in s.permanents(0) if o.is_token]
    assert len(tokens) == 2 and all(o.card.name == "Human Soldier Token" for o in tokens)
    assert {(ch.power(s, o), ch.toughness(s, o)) for o in tokens} == {(3, 1)}


def storm_board(db, casts: str, hand: str = "Empyrial Storm") -> Game:
    return board(db, f"""
  - name: Alice
    commanders: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    command: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    commander_casts: {casts}
    hand: [{hand}]
    battlefield: [{{card: Plains, count: 6}}]
  - name: Bob
""", format="commander", turn=5)


def test_empyrial_storm_copies_for_each_commander_cast(db):
    """Empyrial Storm: when Alice casts it, its trigger copies it once for each time she has cast
    either of her two commanders from the command zone (ruling 2018-10-05: one once and one
    twice, three copies); the copies aren't cast, so they don't trigger it again (rulings
    2018-07-13). Four Angels in all."""
    g = storm_board(db, '{"Falthis, Shadowcat Familiar": 1, "Keleth, Sunmane Familiar": 2}')
    pick(g, "cast Empyrial Storm")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert len(g.current_state().stack) == 2          # the spell and its trigger
    resolve_all(g)
    angels = [o for o in g.current_state().permanents(0) if o.card.name == "Angel Token"]
    assert len(angels) == 4
    assert any("903.8" in e.rules and "3 copies" in e.text for e in g.log)


def test_empyrial_storm_without_commander_casts_makes_no_copy(db):
    """Never having cast a commander from the command zone, Alice gets only the Storm's own Angel."""
    g = storm_board(db, "{}")
    pick(g, "cast Empyrial Storm")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    assert sum(1 for o in g.current_state().permanents(0) if o.card.name == "Angel Token") == 1


# ------------------------------------------- from the command zone to the hand (CR 903.3d)

def test_command_beacon_compiles_with_netherborn_altar_and_road_of_return(db):
    for name in ("Command Beacon", "Netherborn Altar", "Road of Return"):
        assert db.get(name).fully_supported, name


def test_command_beacon_puts_your_commander_into_your_hand(db):
    """Command Beacon puts Isperia into Alice's hand from the command zone (no question of the
    command zone instead, CR 903.9b: it is leaving it); cast from her hand, Isperia costs no
    commander tax and doesn't add to it (rulings 2020-11-10)."""
    g = commander_board(db, f"""    command: ["{ISPERIA}"]
    commander_casts: {{"{ISPERIA}": 2}}
    battlefield: [Command Beacon, Plains, Plains, Island, Island, Island, Island]""")
    pick(g, "activate Command Beacon: {T}, Sacrifice")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, ISPERIA).zone == "hand"
    assert any("from the command zone" in e.text and "903.3d" in e.rules for e in g.log)
    pick(g, f"cast {ISPERIA}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    s = g.current_state()
    assert obj(g, ISPERIA).zone == "battlefield" and dict(s.players[0].commander_casts)[ISPERIA] == 2


def test_netherborn_altar_without_a_commander_there_only_costs_life(db):
    """Netherborn Altar with Isperia on the battlefield: nothing goes to Alice's hand, and she
    loses 3 life for its one soul counter, counted as the ability resolves (rulings
    2020-04-17)."""
    g = commander_board(db, f"""    battlefield: [Netherborn Altar, "{ISPERIA}"]""")
    pick(g, "activate Netherborn Altar")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    s = g.current_state()
    assert s.players[0].life == 37 and obj(g, ISPERIA).zone == "battlefield"
    assert obj(g, "Netherborn Altar").counters.get("soul") == 1


def test_road_of_return_puts_one_of_two_partners_into_your_hand(db):
    """Road of Return's second mode with both partners in the command zone: Alice chooses one,
    which goes to her hand; the other stays (ruling 2019-08-23)."""
    falthis, keleth = "Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"
    g = board(db, f"""
  - name: Alice
    commanders: ["{falthis}", "{keleth}"]
    command: ["{falthis}", "{keleth}"]
    hand: [Road of Return]
    battlefield: [Forest, Forest]
  - name: Bob
""", format="commander", turn=5)
    pick(g, "cast Road of Return")
    while g.pending.kind != "priority":
        if g.pending.kind == "modes":
            pick(g, "Put your commander")
        elif g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(g.legal_actions()[0])
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "choose_permanent"
    pick(g, keleth)
    assert obj(g, keleth).zone == "hand" and obj(g, falthis).zone == "command"


# ------------------------------------------------------------------ Path of Ancestry

def ayula_board(db, hand: str) -> Game:
    return board(db, f"""
  - name: Alice
    commanders: ["{AYULA}"]
    command: ["{AYULA}"]
    hand: [{hand}]
    battlefield: [Path of Ancestry, Forest]
    library: [Island, Forest]
  - name: Bob
""", format="commander", turn=5)


def tap_path(g: Game) -> None:
    pick(g, "activate Path of Ancestry")
    while g.pending.kind != "priority":
        g.push(next((a for a in g.legal_actions() if "G" in a.label), g.legal_actions()[0]))


def test_path_of_ancestry_compiles_fully(db):
    assert db.get("Path of Ancestry").fully_supported


def test_path_of_ancestry_scries_for_a_creature_sharing_a_type_with_your_commander(db):
    """Path of Ancestry's green mana spent on Grizzly Bears, a Bear like Alice's commander Ayula
    (in the command zone: its types are seen in any zone, CR 903.3e): its ability triggers and
    Alice scries 1 (CR 106.6, 701.22); the trigger resolves before the Bears."""
    g = ayula_board(db, "Grizzly Bears")
    tap_path(g)
    pick(g, "cast Grizzly Bears")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    s = g.current_state()
    assert [i.label for i in s.stack][-1].startswith("Path of Ancestry")
    assert any("Path of Ancestry's ability triggers" in e.text for e in g.log)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "scry"


def test_path_of_ancestry_no_scry_for_a_creature_of_another_type(db):
    """Llanowar Elves shares no creature type with Ayula: spending the mana on it triggers
    nothing (Path of Ancestry rulings 2020-11-10)."""
    g = ayula_board(db, "Llanowar Elves")
    tap_path(g)
    pick(g, "cast Llanowar Elves")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert len(g.current_state().stack) == 1
    assert not any("Path of Ancestry's ability triggers" in e.text for e in g.log)


# ------------------------------------------------ casting a commander, targeting a commander

def test_skyfire_phoenix_returns_when_you_cast_your_commander(db):
    """Skyfire Phoenix in Alice's graveyard: when she casts her commander Ayula from the command
    zone, it returns to the battlefield, its trigger resolving before Ayula (ruling 2019-08-23);
    casting another Bear doesn't return it."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{AYULA}"]
    command: ["{AYULA}"]
    graveyard: [Skyfire Phoenix]
    battlefield: [Forest, Forest]
  - name: Bob
""", format="commander", turn=5)
    pick(g, f"cast {AYULA}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert len(g.current_state().stack) == 2
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert obj(g, "Skyfire Phoenix").zone == "battlefield" and obj(g, AYULA).zone == "stack"
    g = board(db, f"""
  - name: Alice
    commanders: ["{AYULA}"]
    graveyard: [Skyfire Phoenix]
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
  - name: Bob
""", format="commander", turn=5)
    pick(g, "cast Grizzly Bears")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert len(g.current_state().stack) == 1


def test_esior_taxes_spells_targeting_your_commanders(db):
    """Esior, Wardwing Familiar: Bob's Unsummon targeting Alice's commander Isperia costs {3}
    more (all four of his Islands); targeting Esior, no commander, it costs {U} (rulings
    2020-11-10)."""
    for target, tapped in ((ISPERIA, 4), ("Esior, Wardwing Familiar", 1)):
        g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
    battlefield: ["Esior, Wardwing Familiar", "{ISPERIA}"]
  - name: Bob
    hand: [Unsummon]
    battlefield: [{{card: Island, count: 4}}]
""", format="commander", turn=6, active="Bob")
        pick(g, "cast Unsummon")
        while g.pending.kind != "priority":
            if g.pending.kind == "pay":
                g.push(Action("autopay"))
            else:
                pick(g, f"target {target}") if any(a.label.startswith(f"target {target}") for a in g.legal_actions()) \
                    else g.push(next(a for a in g.legal_actions() if target in a.label))
        assert sum(o.tapped for o in g.current_state().permanents(1)) == tapped, target


def test_slash_the_ranks_spares_every_commander(db):
    """Slash the Ranks destroys every creature and planeswalker but commanders, Alice's and Bob's
    (CR 903.3d); a planeswalker commander (Jace Beleren) survives too."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}", Jace Beleren]
    hand: [Slash the Ranks]
    battlefield: [{{card: Plains, count: 5}}, "{ISPERIA}", Jace Beleren, Grizzly Bears, Garruk Wildspeaker]
  - name: Bob
    commanders: ["{AYULA}"]
    battlefield: ["{AYULA}", Runeclaw Bear]
""", format="commander", turn=5)
    pick(g, "cast Slash the Ranks")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    s = g.current_state()
    assert sorted(o.card.name for o in s.permanents() if o.card.name not in ("Plains",)) == \
        sorted([ISPERIA, "Jace Beleren", AYULA])


def crimson_end_step(db, alice: str, active: str = "Alice") -> Game:
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
    battlefield: [Crimson Honor Guard{alice}]
  - name: Bob
    commanders: ["{AYULA}"]
""", format="commander", turn=5, active=active)
    pass_to_end_step_trigger(g)
    resolve_all(g)
    return g


def test_crimson_honor_guard_hurts_a_player_without_a_commander(db):
    """Crimson Honor Guard triggers at each player's end step, its own controller's too, and deals
    4 damage to that player if they control no commander as it resolves (rulings 2017-08-25)."""
    g = crimson_end_step(db, "")
    assert [p.life for p in g.current_state().players] == [36, 40]
    g = crimson_end_step(db, "", active="Bob")
    assert [p.life for p in g.current_state().players] == [40, 36]


def test_crimson_honor_guard_any_commander_will_do(db):
    """Alice controlling her own commander, or Bob's, takes no damage (rulings 2017-08-25)."""
    g = crimson_end_step(db, f', "{ISPERIA}"')
    assert g.current_state().players[0].life == 40
    g = crimson_end_step(db, f', {{card: "{AYULA}", owner: Bob}}')
    assert g.current_state().players[0].life == 40


def test_opal_palace_commander_enters_with_a_counter_per_cast(db):
    """Opal Palace's mana spent on Ayula cast from the command zone a second time: Ayula enters
    with two +1/+1 counters, the cast just made counted too (ruling 2020-11-10)."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{AYULA}"]
    command: ["{AYULA}"]
    commander_casts: {{"{AYULA}": 1}}
    battlefield: [Opal Palace, {{card: Forest, count: 4}}]
  - name: Bob
""", format="commander", turn=5)
    pick(g, "activate Opal Palace: {1}")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next((a for a in g.legal_actions() if "G" in a.label), g.legal_actions()[0]))
    pick(g, f"cast {AYULA}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, AYULA).zone == "battlefield" and obj(g, AYULA).counters.get("+1/+1") == 2


def test_leadership_vacuum_returns_each_commander_the_player_controls(db):
    """Leadership Vacuum targeting Bob: his commander Ayula and Alice's Isperia under his control
    go to their owners' command zones (CR 903.3d, 400.3); Bob's other creature stays, and Alice
    draws a card (rulings 2019-08-23)."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
    hand: [Leadership Vacuum]
    battlefield: [Island, Island, Island]
    library: [Island]
  - name: Bob
    commanders: ["{AYULA}"]
    battlefield: ["{AYULA}", {{card: "{ISPERIA}", owner: Alice}}, Grizzly Bears]
""", format="commander", turn=5)
    pick(g, "cast Leadership Vacuum")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            pick(g, "target Bob") if any(a.label.startswith("target Bob") for a in g.legal_actions()) \
                else g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    resolve_all(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].command] == [ISPERIA]
    assert [s.objs[i].card.name for i in s.players[1].command] == [AYULA]
    assert obj(g, "Grizzly Bears").zone == "battlefield" and len(s.players[0].hand) == 1


def test_tome_of_legends_counts_your_commander_only(db):
    """Tome of Legends: Alice's commander Isperia attacking puts a page counter on it; Bob's
    commander Ayula, which Alice controls, attacking doesn't (ruling 2019-10-04). Isperia entering
    the battlefield puts one too."""
    g = commander_board(db, f"""    battlefield: [{{card: Tome of Legends, counters: {{page: 1}}}}, "{ISPERIA}", {{card: "{AYULA}", owner: Bob}}]""")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    for name in (ISPERIA, AYULA):
        pick(g, f"attack with {name}")
    while g.pending.kind == "attackers":
        g.push(g.legal_actions()[-1])       # no more attackers
    resolve_all(g)
    assert obj(g, "Tome of Legends").counters.get("page") == 2
    g = commander_board(db, f"""    command: ["{ISPERIA}"]
    battlefield: [{{card: Tome of Legends, counters: {{page: 1}}}}, {{card: Plains, count: 2}}, {{card: Island, count: 4}}]""")
    pick(g, f"cast {ISPERIA}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, ISPERIA).zone == "battlefield" and obj(g, "Tome of Legends").counters.get("page") == 2


# ------------------------------------------------------------------ a cost of the commanders' color identity (CR 903.4)

def _war_room_labels(g: Game) -> list[str]:
    return [a.label for a in g.legal_actions() if a.label.startswith("activate War Room") and "Draw" in a.label]


def test_war_room_pays_life_for_each_color_of_the_commanders_identity(db):
    """War Room's last ability: Alice's commander Isperia is white and blue, so she pays 2 life
    and draws a card (CR 903.4; War Room rulings 2020-11-10)."""
    assert db.get("War Room").fully_supported
    g = commander_board(db, """    battlefield: [War Room, Wastes, Wastes, Wastes]
    library: [Island, Island]
    command: ["Isperia, Supreme Judge"]""")
    assert _war_room_labels(g)
    cast_and_pay(g, _war_room_labels(g)[0])
    assert g.current_state().players[0].life == 38
    resolve_all(g)
    assert len(g.current_state().players[0].hand) == 1


def test_war_room_with_a_colorless_commander_costs_no_life(db):
    """A commander with no colors in its color identity: no life is paid (War Room rulings
    2020-11-10)."""
    g = board(db, """
  - name: Alice
    commanders: ["Kozilek, Butcher of Truth"]
    command: ["Kozilek, Butcher of Truth"]
    battlefield: [War Room, Wastes, Wastes, Wastes]
    library: [Island, Island]
  - name: Bob
    commanders: ["Ayula, Queen Among Bears"]
""", format="commander", turn=5)
    cast_and_pay(g, _war_room_labels(g)[0])
    assert g.current_state().players[0].life == 40
    resolve_all(g)
    assert len(g.current_state().players[0].hand) == 1


def test_war_room_without_a_commander_cant_be_activated(db):
    """A player without a commander can't activate it at all: the number of colors is undefined
    and the cost unpayable (CR 903.4f; War Room rulings 2020-11-10)."""
    g = board(db, """
  - name: Alice
    battlefield: [War Room, Wastes, Wastes, Wastes]
    library: [Island, Island]
  - name: Bob
""", turn=5)
    assert not _war_room_labels(g)


# ------------------------------------------------------------------ "each opponent who can't" after an edict (CR 701.21a)

def test_skull_storm_copies_and_half_life_rounded_up(db):
    """Skull Storm with two commander casts: two copies and the spell resolve in turn. Bob, with
    no creature and 30 life, loses 15, then 8, then 4 (the amount is found as each resolves,
    rounded up: Skull Storm rulings 2018-07-13); Carol sacrifices her only creature to the first,
    then can't, and loses half her life to each of the other two."""
    assert db.get("Skull Storm").fully_supported
    g = board(db, """
  - name: Alice
    commanders: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    command: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    commander_casts: {"Falthis, Shadowcat Familiar": 2}
    hand: [Skull Storm]
    battlefield: [{card: Swamp, count: 9}]
  - name: Bob
    life: 30
  - name: Carol
    battlefield: [Grizzly Bears]
""", format="commander", turn=5)
    cast_and_pay(g, "cast Skull Storm")
    resolve_all(g)
    s = g.current_state()
    assert [p.life for p in s.players] == [40, 3, 10]
    assert names(g, 2, "graveyard") == ["Grizzly Bears"]


def test_plaguecrafter_each_player_who_cant_discards(db):
    """Plaguecrafter: each player sacrifices a creature or planeswalker (Alice may sacrifice
    Plaguecrafter itself, its only one); Bob, who controls neither, discards a card instead."""
    assert db.get("Plaguecrafter").fully_supported
    g = board(db, """
  - name: Alice
    hand: [Plaguecrafter]
    battlefield: [{card: Swamp, count: 3}]
  - name: Bob
    hand: [Island]
    battlefield: [Forest]
""", turn=3)
    cast_and_pay(g, "cast Plaguecrafter")
    resolve_all(g)
    assert names(g, 0, "graveyard") == ["Plaguecrafter"]
    assert names(g, 1, "graveyard") == ["Island"] and not g.current_state().players[1].hand



# ------------------------------------------------------------------ Genesis Storm (CR 701.20a)

def _genesis(db, casts: str) -> Game:
    return board(db, f"""
  - name: Alice
    commanders: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    command: ["Falthis, Shadowcat Familiar", "Keleth, Sunmane Familiar"]
    commander_casts: {casts}
    hand: [Genesis Storm]
    library: [Island, Grizzly Bears, Forest, Hill Giant, Swamp]
    battlefield: [{{card: Forest, count: 6}}]
  - name: Bob
""", format="commander", turn=5)


def test_genesis_storm_puts_the_first_nonland_permanent_onto_the_battlefield(db):
    """Genesis Storm with one commander cast: the copy reveals Island and Grizzly Bears and Alice
    puts the Bears onto the battlefield, Island going to the bottom; the spell then reveals Forest
    and Hill Giant, the Giant entering too. Swamp, never revealed, is on top."""
    assert db.get("Genesis Storm").fully_supported
    g = _genesis(db, '{"Falthis, Shadowcat Familiar": 1}')
    cast_and_pay(g, "cast Genesis Storm")
    while g.current_state().stack:
        g.push(Action("pass") if g.pending.kind == "priority" else
               next(a for a in g.legal_actions() if a.label == "put it"))
    s = g.current_state()
    assert sorted(o.card.name for o in s.permanents(0) if o.card.name != "Forest") == ["Grizzly Bears", "Hill Giant"]
    lib = [s.objs[i].card.name for i in s.players[0].library]
    assert lib[-1] == "Swamp" and sorted(lib[:-1]) == ["Forest", "Island"]


def test_genesis_storm_declined_card_goes_to_the_bottom(db):
    """Declining ("You may put that card ..."): Grizzly Bears is one of the cards revealed that
    weren't put onto the battlefield, so it goes to the bottom with Island."""
    g = _genesis(db, "{}")
    cast_and_pay(g, "cast Genesis Storm")
    while g.current_state().stack:
        g.push(Action("pass") if g.pending.kind == "priority" else
               next(a for a in g.legal_actions() if a.label == "don't"))
    s = g.current_state()
    assert not [o for o in s.permanents(0) if o.card.name != "Forest"]
    lib = [s.objs[i].card.name for i in s.players[0].library]
    assert lib[-3:] == ["Swamp", "Hill Giant", "Forest"] and sorted(lib[:2]) == ["Grizzly Bears", "Island"]   # top last
