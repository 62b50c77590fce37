""""~ becomes a P/T ... creature": the new card type replaces the others (CR 205.1a) unless the
effect keeps them ("It's still a land", "in addition to its other types", "artifact creature",
CR 205.1b); the Hidden cycle's intervening "if ~ is an enchantment" (CR 603.4)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.filters import matches
from manastack.oracle import ir

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, on_battlefield, pick, resolve

ALICE, BOB = 0, 1


def test_sarkhan_makes_planeswalkers_dragons_that_arent_planeswalkers(corpus_db):
    """Sarkhan the Masterless's +1 (rulings 2019-05-03): each planeswalker is a 4/4 red Dragon
    creature with flying and no longer a planeswalker (nor of its planeswalker type), keeps its
    loyalty counters, and one whose loyalty ability wasn't used may still use one (CR 606.3)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Sarkhan the Masterless, counters: {loyalty: 5}}, {card: Garruk Wildspeaker, counters: {loyalty: 3}}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Sarkhan the Masterless: +1")
    resolve(g)
    s = g.current_state()
    for name, loyalty in (("Sarkhan the Masterless", 6), ("Garruk Wildspeaker", 3)):
        o = on_battlefield(g, name)[0]
        assert ch.card_types(s, o) == ("Creature",)
        assert not ch.is_type(s, o, "Planeswalker")
        assert ch.power_toughness(s, o) == (4, 4) and ch.colors(s, o) == ("R",) and ch.has(s, o, "flying")
        assert matches(s, o, ir.Filter(subtypes=("Dragon",)), None)
        assert not matches(s, o, ir.Filter(subtypes=(name.split()[0].rstrip(","),)), None)
        assert o.counters.get("loyalty") == loyalty
    assert any(a.startswith("activate Garruk Wildspeaker") for a in labels(g))


def test_hidden_ancients_stops_being_an_enchantment(corpus_db):
    """Hidden Ancients (rulings): when Bob casts an enchantment spell it becomes a 5/5 Treefolk
    creature for good and is no longer an enchantment, so the next one doesn't trigger it."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Hidden Ancients]
  - name: Bob
    hand: [Glorious Anthem, Glorious Anthem]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Plains]
""", turn=2, active="Bob")
    cast_and_pay(g, "cast Glorious Anthem")
    assert [i.label for i in g.current_state().stack][-1] == "Hidden Ancients' ability"
    resolve(g)
    s = g.current_state()
    ancients = on_battlefield(g, "Hidden Ancients")[0]
    assert ch.card_types(s, ancients) == ("Creature",) and ch.power_toughness(s, ancients) == (5, 5)
    assert matches(s, ancients, ir.Filter(subtypes=("Treefolk",)), None)
    resolve(g)              # Glorious Anthem
    cast_and_pay(g, "cast Glorious Anthem")
    assert [i.label for i in g.current_state().stack] == ["Glorious Anthem"]


def test_hidden_gibbons_intervening_if_fails_once_a_creature(corpus_db):
    """The intervening "if" is checked as the ability would trigger (CR 603.4): while Hidden
    Gibbons is an enchantment it triggers on Bob's instant."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Hidden Gibbons]
  - name: Bob
    hand: [Giant Growth]
    battlefield: [Forest, Grizzly Bears]
""", turn=2, active="Bob")
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    gibbons = on_battlefield(g, "Hidden Gibbons")[0]
    assert ch.card_types(s, gibbons) == ("Creature",) and ch.power_toughness(s, gibbons) == (4, 4)


def test_man_land_is_still_a_land(corpus_db):
    """Celestial Colonnade: "It's still a land." keeps its land type (CR 205.1b)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Celestial Colonnade, Plains, Plains, Island, Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Celestial Colonnade: {3}{W}{U}")
    resolve(g)
    s = g.current_state()
    colonnade = on_battlefield(g, "Celestial Colonnade")[0]
    assert set(ch.card_types(s, colonnade)) == {"Land", "Creature"}
    assert ch.power_toughness(s, colonnade) == (4, 4)


def test_still_life_keeps_its_other_types(corpus_db):
    """Still Life: "in addition to its other types" keeps it an enchantment (CR 205.1b)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Still Life, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Still Life")
    resolve(g)
    s = g.current_state()
    life = on_battlefield(g, "Still Life")[0]
    assert set(ch.card_types(s, life)) == {"Enchantment", "Creature"}
    assert ch.power_toughness(s, life) == (4, 3) and matches(s, life, ir.Filter(subtypes=("Centaur",)), None)


def test_artifact_creature_keeps_artifact(corpus_db):
    """Darksteel Brute becomes a "Beast artifact creature": still an artifact (CR 205.1b)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Darksteel Brute, Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Darksteel Brute")
    resolve(g)
    s = g.current_state()
    brute = on_battlefield(g, "Darksteel Brute")[0]
    assert set(ch.card_types(s, brute)) == {"Artifact", "Creature"}
    assert ch.power_toughness(s, brute) == (2, 2)


def test_erebos_emissary_not_an_aura_pumps_itself(corpus_db):
    """Erebos's Emissary on the battlefield as a creature: "If ~ is an Aura" is false (CR
    608.2c), so it gets +2/+2 itself."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Erebos's Emissary]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Erebos's Emissary", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    assert ch.power_toughness(s, on_battlefield(g, "Erebos's Emissary")[0]) == (5, 5)


def test_a_planeswalker_made_only_a_creature_is_no_planeswalker_to_target(corpus_db):
    """After Sarkhan the Masterless's +1, Garruk is a creature and no planeswalker (CR 205.1a):
    Sarkhan's Catharsis ("target player or planeswalker") can't target it, Lightning Bolt ("any
    target") can, as a creature (CR 115.4)."""
    def game(with_sarkhan: bool):
        sarkhan = "{card: Sarkhan the Masterless, counters: {loyalty: 5}}, " if with_sarkhan else ""
        return board(corpus_db, f"""
  - name: Alice
    battlefield: [{sarkhan}{{card: Garruk Wildspeaker, counters: {{loyalty: 3}}}}]
  - name: Bob
    hand: [Sarkhan's Catharsis, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
""", turn=3)
    before = game(False)
    before.push(Action("pass"))                                  # Alice passes; Bob may act
    pick(before, "cast Sarkhan's Catharsis")
    assert any("Garruk" in label for label in labels(before))    # a planeswalker: a legal target
    g = game(True)
    cast_and_pay(g, "activate Sarkhan the Masterless: +1")
    resolve(g)
    g.push(Action("pass"))
    pick(g, "cast Sarkhan's Catharsis")
    assert g.pending.kind == "targets" and not any("Garruk" in label for label in labels(g))
    g.pop()
    pick(g, "cast Lightning Bolt")
    assert any("Garruk" in label for label in labels(g))
