"""Hexproof from a quality (CR 702.11d-f), printed (Sporeweb Weaver, Knight of Grace) and granted,
with the cards' rulings (Sporeweb Weaver 2020-06-23, Knight of Grace 2018-04-27), paraphrased."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, pick, resolve
from .test_oracle_compiler import card

ALICE, BOB = 0, 1


def _offered(g, label: str) -> list[str]:
    """The target labels offered after starting to cast or activate ``label``; then undone."""
    pick(g, label)
    found = labels(g)
    g.pop()
    return found


def test_hexproof_from_compiles_to_one_ability_per_quality(db):
    """CR 702.11f: "hexproof from A and from B" is two hexproof abilities."""
    weaver = db.get("Sporeweb Weaver")
    assert [a for a in weaver.abilities if type(a) is ir.Keyword] == [
        ir.Keyword("reach"), ir.Keyword("hexproof from", arg="blue")]
    assert weaver.fully_supported
    assert ir.Keyword("hexproof from", arg="black") in db.get("Knight of Grace").abilities
    two = card("Test Weaver", "Hexproof from blue and from black", "Creature — Spider")
    assert two.abilities == (ir.Keyword("hexproof from", arg="blue"), ir.Keyword("hexproof from", arg="black"))
    mono = card("Test Sphinx", "Hexproof from monocolored", "Creature — Sphinx")
    assert mono.abilities == (ir.Keyword("hexproof from", arg="monocolored"),) and not mono.unsupported


def test_sporeweb_weaver_cant_be_targeted_by_an_opponents_blue_spells_or_blue_sources(db):
    """Sporeweb Weaver rulings: Bob's blue Unsummon and the ability of his blue Vodalian
    Illusionist can't target it; his red Lightning Bolt can, and so can Alice's own Unsummon
    (only opponents', CR 702.11d)."""
    g = board(db, """
  - name: Alice
    hand: [Unsummon]
    battlefield: [Island, Sporeweb Weaver]
  - name: Bob
    hand: [Unsummon, Lightning Bolt]
    battlefield: [Island, Island, Island, Mountain, Vodalian Illusionist, Grizzly Bears]
""", turn=3)
    assert any("Sporeweb Weaver" in t for t in _offered(g, "cast Unsummon"))
    pick(g, "pass")
    assert g.current_state().priority == BOB
    blue = _offered(g, "cast Unsummon")
    assert not any("Sporeweb Weaver" in t for t in blue) and any("Grizzly Bears" in t for t in blue)
    assert any("Sporeweb Weaver" in t for t in _offered(g, "cast Lightning Bolt"))
    illusionist = _offered(g, "activate Vodalian Illusionist")
    assert not any("Sporeweb Weaver" in t for t in illusionist) and any("Grizzly Bears" in t for t in illusionist)


def test_losing_hexproof_loses_hexproof_from_too(db):
    """CR 702.11e (Knight of Grace ruling 2018-04-27): Bob's Shadowspear makes Alice's Sporeweb
    Weaver lose hexproof, and with it hexproof from blue: his Unsummon can target it then."""
    g = board(db, """
  - name: Alice
    battlefield: [Sporeweb Weaver]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island, Island, Shadowspear]
""", turn=3, active="Bob")
    assert not any(t.startswith("cast Unsummon") for t in labels(g))     # no legal target (CR 601.2c)
    cast_and_pay(g, "activate Shadowspear: {1}")
    resolve(g)
    s = g.current_state()
    weaver = next(o for o in s.permanents(ALICE) if o.card.name == "Sporeweb Weaver")
    assert not any(k.startswith("hexproof") for k in ch.keywords(s, weaver))
    assert any(t.startswith("cast Unsummon") for t in labels(g))


def test_granted_hexproof_from_a_color(db):
    """A "hexproof from" ability an effect grants (CR 702.11d, 613.1f) works as a printed one:
    Bob's Lightning Bolt can't target the creature that gained hexproof from red, his Unsummon
    still can."""
    g = board(db, """
  - name: Alice
    hand: [Red Ward]
    battlefield: [Island, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt, Unsummon]
    battlefield: [Mountain, Island, Hill Giant]
""", turn=3, cards="""
  - name: Red Ward
    mana_cost: "{U}"
    type: Instant
    text: "Target creature gains hexproof from red until end of turn."
""")
    cast_and_pay(g, "cast Red Ward", "Grizzly Bears")
    resolve(g)
    pick(g, "pass")
    assert "Grizzly Bears gains hexproof from red until end of turn" in g.explain()
    bolt = _offered(g, "cast Lightning Bolt")
    assert not any("Grizzly Bears" in t for t in bolt) and any("Hill Giant" in t for t in bolt)
    assert any("Grizzly Bears" in t for t in _offered(g, "cast Unsummon"))


def test_a_player_with_hexproof_from_a_color(db):
    """"You gain hexproof from red until end of turn" (CR 702.11c-d, the part of Veil of Summer's
    sentence for its caster): Bob's red Lightning Bolt and the ability of his red Prodigal
    Pyromancer can't target Alice; his blue Inspiration and his colorless Rod of Ruin's ability
    still can; her own red spells can too."""
    g = board(db, """
  - name: Alice
    hand: [Red Veil, Lightning Bolt]
    battlefield: [Island, Mountain]
  - name: Bob
    hand: [Lightning Bolt, Inspiration]
    battlefield: [Mountain, Island, Island, Island, Island, Island, Island, Island, Prodigal Pyromancer, Rod of Ruin]
""", turn=3, cards="""
  - name: Red Veil
    mana_cost: "{U}"
    type: Instant
    text: "You gain hexproof from red until end of turn."
""")
    cast_and_pay(g, "cast Red Veil")
    resolve(g)
    assert "Alice gains hexproof from red until end of turn" in g.explain()
    assert any("Alice" in t for t in _offered(g, "cast Lightning Bolt"))
    pick(g, "pass")
    assert not any("Alice" in t for t in _offered(g, "cast Lightning Bolt"))
    assert not any("Alice" in t for t in _offered(g, "activate Prodigal Pyromancer"))
    assert any("Alice" in t for t in _offered(g, "cast Inspiration"))
    assert any("Alice" in t for t in _offered(g, "activate Rod of Ruin"))
