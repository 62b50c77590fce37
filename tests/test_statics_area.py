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
