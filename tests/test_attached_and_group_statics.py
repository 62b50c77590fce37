"""Static abilities: of Auras and Equipment on the permanent they are attached to (CR 301.5,
303.4, 611.3a, 613), and abilities a group can't have (CR 113.11), played with real cards."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import combat
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, pass_until, resolve


def _keywords(g, name: str) -> set[str]:
    s = g.current_state()
    return set(ch.keywords(s, on_battlefield(g, name)[0]))


def _pt(g, name: str) -> tuple[int, int]:
    s = g.current_state()
    o = on_battlefield(g, name)[0]
    return ch.power(s, o), ch.toughness(s, o)


def test_butchers_cleaver_gives_lifelink_only_to_a_human(db):
    """Butcher's Cleaver: +3/+0 to any equipped creature, lifelink only while it is a Human."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Elite Vanguard, id: human}, {card: Butcher's Cleaver, attached_to: human},
                  {card: Grizzly Bears, id: bear}, {card: Butcher's Cleaver, attached_to: bear}]
  - name: Bob
""")
    assert _pt(g, "Elite Vanguard") == (5, 1) and "lifelink" in _keywords(g, "Elite Vanguard")
    assert _pt(g, "Grizzly Bears") == (5, 2) and "lifelink" not in _keywords(g, "Grizzly Bears")


def test_heavy_mattock_gets_an_additional_bonus_on_a_human(db):
    """Heavy Mattock: +1/+1, and an additional +1/+1 while the equipped creature is a Human."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Elite Vanguard, id: human}, {card: Heavy Mattock, attached_to: human},
                  {card: Grizzly Bears, id: bear}, {card: Heavy Mattock, attached_to: bear}]
  - name: Bob
""")
    assert _pt(g, "Elite Vanguard") == (4, 3)
    assert _pt(g, "Grizzly Bears") == (3, 3)


def test_goblin_caves_helps_goblins_only_while_on_a_basic_mountain(db):
    """Goblin Caves: every Goblin creature, anyone's, gets +0/+2 while the enchanted land is a
    basic Mountain; on a nonbasic land it does nothing."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Mountain, id: m}, {card: Goblin Caves, attached_to: m}, Goblin Piker]
  - name: Bob
    battlefield: [Mogg Fanatic]
""")
    assert _pt(g, "Goblin Piker") == (2, 3) and _pt(g, "Mogg Fanatic") == (1, 3)
    g = board(db, """
  - name: Alice
    battlefield: [{card: Shivan Reef, id: m}, {card: Goblin Caves, attached_to: m}, Goblin Piker]
  - name: Bob
""")
    assert _pt(g, "Goblin Piker") == (2, 1)


def test_archetype_of_imagination_keeps_flying_from_opponents_creatures(db):
    """Archetype of Imagination: Alice's creatures have flying; Bob's Serra Angel loses it, and
    Jump cast later gives Bob's creature no flying (CR 113.11: whatever the timestamps)."""
    g = board(db, """
  - name: Alice
    hand: [Jump]
    battlefield: [Archetype of Imagination, Grizzly Bears, Island]
  - name: Bob
    battlefield: [Serra Angel, Hill Giant]
""", turn=3)
    assert "flying" in _keywords(g, "Grizzly Bears")
    assert "flying" not in _keywords(g, "Serra Angel")
    cast_and_pay(g, "cast Jump", "Hill Giant")
    resolve(g)
    assert "Jump" in [g.current_state().objs[i].card.name for i in g.current_state().players[0].graveyard]
    assert "flying" not in _keywords(g, "Hill Giant")
    assert "vigilance" in _keywords(g, "Serra Angel")


def test_vow_of_duty_stops_an_attack_on_its_controller_only(db):
    """Vow of Duty: Bob's creature enchanted with Alice's Vow can't attack Alice (in a game of
    two, nothing else it could attack; CR 508.1c); Alice's own creature with her Vow attacks Bob."""
    players = """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: a}, {card: Vow of Duty, attached_to: a},
                  {card: Vow of Duty, attached_to: b}]
  - name: Bob
    battlefield: [{card: Hill Giant, id: b}]
"""
    g = board(db, players, turn=4, active="Bob")
    s = g.current_state()
    assert "Vow of Duty" in combat.why_not_attack(s, on_battlefield(g, "Hill Giant")[0])
    g = board(db, players, turn=3)
    assert combat.can_attack(g.current_state(), on_battlefield(g, "Grizzly Bears")[0])


def test_bloodthirsty_blade_makes_the_equipped_creature_attack(db):
    """Bloodthirsty Blade (Alice's) on Bob's Grizzly Bears: goaded, it attacks Alice each combat
    if able (CR 701.38b); Bob's Hill Giant beside it need not attack."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Bloodthirsty Blade, attached_to: bears}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, Hill Giant]
""", turn=4, active="Bob")
    pass_until(g, "attackers")
    assert g.pending.context["chosen"] == [on_battlefield(g, "Grizzly Bears")[0].id]
    g.push(Action("done"))
    assert on_battlefield(g, "Grizzly Bears")[0].attacking == 0
    assert on_battlefield(g, "Hill Giant")[0].attacking is None


def test_an_aura_put_onto_the_battlefield_asks_what_it_enchants(db):
    """CR 303.4f: Zur the Enchanter puts Wild Growth onto the battlefield from the library; it
    isn't cast and targets nothing, so its controller chooses a land it can enchant, here Bob's
    Island, as it enters."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Zur the Enchanter, id: zur}, Forest]
    library: [Wild Growth, Plains]
  - name: Bob
    battlefield: [Island]
""", turn=3)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.kind == "attack"))
    pass_until(g, "may")
    g.push("yes")                   # "you may search your library ..."
    g.push("Wild Growth")
    assert sorted(a.label for a in g.legal_actions()) == ["Forest", "Island"]
    g.push(next(a for a in g.legal_actions() if a.label == "Island"))
    [growth] = on_battlefield(g, "Wild Growth")
    assert g.current_state().objs[growth.attached_to].card.name == "Island"


def test_imposing_sovereign_taps_only_opponents_entering_creatures(db):
    """Imposing Sovereign (Alice's): Bob's Grizzly Bears enters tapped (CR 614.1c, 614.12);
    Alice's own Grizzly Bears doesn't."""
    g = board(db, """
  - name: Alice
    battlefield: [Imposing Sovereign]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")[0].tapped
    g = board(db, """
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Imposing Sovereign, Forest, Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert not on_battlefield(g, "Grizzly Bears")[0].tapped


def test_pillar_of_war_attacks_despite_defender_only_while_enchanted(db):
    """Pillar of War has defender, and can attack as though it didn't while it is enchanted
    (CR 702.3b, 611.3a); Warmonger's Chariot lets a creature with defender attack."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Pillar of War, id: p}, {card: Holy Strength, attached_to: p},
                  Wall of Stone, {card: Wall of Wood, id: w}, {card: Warmonger's Chariot, attached_to: w}]
  - name: Bob
""", turn=3)
    s = g.current_state()
    assert combat.can_attack(s, on_battlefield(g, "Pillar of War")[0])
    assert combat.can_attack(s, on_battlefield(g, "Wall of Wood")[0])
    assert "defender" in combat.why_not_attack(s, on_battlefield(g, "Wall of Stone")[0])
    g = board(db, """
  - name: Alice
    battlefield: [Pillar of War]
  - name: Bob
""", turn=3)
    assert "defender" in combat.why_not_attack(g.current_state(), on_battlefield(g, "Pillar of War")[0])


def test_guardians_magemark_pumps_each_enchanted_creature_you_control(db):
    """Guardian's Magemark: Alice's creatures with an Aura attached get +1/+1 (the one it
    enchants, and Hill Giant under Holy Strength); her unenchanted Elite Vanguard and Bob's
    enchanted Grizzly Bears don't."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant}, {card: Holy Strength, attached_to: giant},
                  {card: Wall of Wood, id: wall}, {card: Guardian's Magemark, attached_to: wall}, Elite Vanguard]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Holy Strength, attached_to: bears}]
""")
    assert _pt(g, "Hill Giant") == (5, 6)
    assert _pt(g, "Wall of Wood") == (1, 4)
    assert _pt(g, "Elite Vanguard") == (2, 1)
    assert _pt(g, "Grizzly Bears") == (3, 4)


def test_spectral_cloak_gives_shroud_only_while_the_creature_is_untapped(db):
    """Spectral Cloak: "it" is the enchanted creature: shroud while it is untapped."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: a}, {card: Spectral Cloak, attached_to: a},
                  {card: Hill Giant, id: b, tapped: true}, {card: Spectral Cloak, attached_to: b}]
  - name: Bob
""")
    assert "shroud" in _keywords(g, "Grizzly Bears")
    assert "shroud" not in _keywords(g, "Hill Giant")


def test_deadly_wanderings_pumps_a_lone_creature_only(db):
    """Deadly Wanderings: while Alice controls exactly one creature, it gets +2/+0 and has
    deathtouch and lifelink; with two, neither does."""
    g = board(db, """
  - name: Alice
    battlefield: [Deadly Wanderings, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    assert _pt(g, "Grizzly Bears") == (4, 2) and {"deathtouch", "lifelink"} <= _keywords(g, "Grizzly Bears")
    assert _pt(g, "Hill Giant") == (3, 3)
    g = board(db, """
  - name: Alice
    battlefield: [Deadly Wanderings, Grizzly Bears, Elite Vanguard]
  - name: Bob
""")
    assert _pt(g, "Grizzly Bears") == (2, 2) and "lifelink" not in _keywords(g, "Grizzly Bears")


def test_roc_hatchling_grows_once_its_shell_counters_are_gone(db):
    """Roc Hatchling (0/1): +3/+2 and flying only while it has no shell counters."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Roc Hatchling, counters: {shell: 1}}]
  - name: Bob
""")
    assert _pt(g, "Roc Hatchling") == (0, 1) and "flying" not in _keywords(g, "Roc Hatchling")
    g = board(db, """
  - name: Alice
    battlefield: [Roc Hatchling]
  - name: Bob
""")
    assert _pt(g, "Roc Hatchling") == (3, 3) and "flying" in _keywords(g, "Roc Hatchling")


def test_bonuses_for_each_aura_or_equipment_attached(db):
    """Kor Spiritdancer (0/2) gets +2/+2 for each Aura attached to it: with two Holy Strengths
    (+1/+2 each) it is 6/10. Two Golem-Skin Gauntlets on Grizzly Bears each give +1/+0 for each
    of the two Equipment: 6/2."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Kor Spiritdancer, id: k}, {card: Holy Strength, attached_to: k},
                  {card: Holy Strength, attached_to: k}, {card: Grizzly Bears, id: b},
                  {card: Golem-Skin Gauntlets, attached_to: b}, {card: Golem-Skin Gauntlets, attached_to: b},
                  Elite Vanguard]
  - name: Bob
""")
    assert _pt(g, "Kor Spiritdancer") == (6, 10)
    assert _pt(g, "Grizzly Bears") == (6, 2)
    assert _pt(g, "Elite Vanguard") == (2, 1)
