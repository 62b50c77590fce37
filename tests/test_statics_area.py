"""Static abilities: of Auras and Equipment on the permanent they are attached to (CR 301.5,
303.4, 611.3a, 613), and abilities a group can't have (CR 113.11), played with real cards."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, cast_and_pay, on_battlefield, resolve


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
