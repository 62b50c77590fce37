"""A resolved effect that takes every ability away (layer 6, CR 613.1f, 613.7, 613.8a), played with
Merfolk Trickster and Oko, Thief of Crowns, and their rulings."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, resolve


def perm(g, name, nth=0):
    s = g.current_state()
    return [o for o in s.permanents() if o.card.name == name][nth]


def _rulings(card) -> str:
    return " ".join(text for _date, text in card.rulings)


def test_merfolk_trickster_compiles_to_tap_then_lose_all_abilities(db):
    trickster = db.get("Merfolk Trickster")
    assert trickster.fully_supported
    effects = trickster.abilities[1].effects
    assert effects == (ir.Tap(ir.Target(0)), ir.LoseAllAbilities(ir.Target(0), "end_of_turn"))


def test_merfolk_trickster_strips_a_lord_until_end_of_turn(db):
    """The lord loses its static ability: the Merfolk it pumped (Trickster too, another Merfolk)
    are back to their printed size; islandwalk is gone from them as well. At cleanup the effect
    ends (CR 514.2) and the lord's ability applies again."""
    g = board(db, """  - name: Alice
    hand: [Merfolk Trickster]
    battlefield: [Island, Island]
  - name: Bob
    battlefield: [Lord of Atlantis, Coral Merfolk]
""")
    cast_and_pay(g, "cast Merfolk Trickster")
    resolve(g)                                  # Trickster resolves; its trigger goes on the stack
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Merfolk Trickster")) == (3, 3)   # Lord of Atlantis pumps it
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Lord of Atlantis" in a.label))
    resolve(g)                                  # the trigger resolves
    s = g.current_state()
    lord = perm(g, "Lord of Atlantis")
    assert lord.tapped
    assert layers.card_now(s, lord).abilities == ()
    assert ch.power_toughness(s, perm(g, "Coral Merfolk")) == (2, 1)
    assert not ch.has(s, perm(g, "Coral Merfolk"), "islandwalk")
    assert ch.power_toughness(s, perm(g, "Merfolk Trickster")) == (2, 2)
    assert any("loses all abilities until end of turn" in e.text for e in s.log)
    while g.current_state().turn == 1:
        g.push(Action("pass"))
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Coral Merfolk")) == (3, 2)
    assert ch.has(s, perm(g, "Coral Merfolk"), "islandwalk")


def test_merfolk_trickster_rulings_cda_and_tapped_trigger(db):
    """Rulings: a creature whose power and toughness an ability defines (Tarmogoyf, */1+*) is 0/1
    once it has lost its abilities (the ability of layer 7a no longer exists, CR 604.3, 613.4a);
    an ability that triggers when the creature becomes tapped triggers before it loses its
    abilities, and resolves (Night Market Lookout, CR 603.2, 113.7a)."""
    trickster = db.get("Merfolk Trickster")
    rulings = _rulings(trickster)
    assert "it’s 0/0 when it loses all abilities" in rulings
    assert "triggers before it loses all abilities" in rulings
    g = board(db, """  - name: Alice
    hand: [Merfolk Trickster, Merfolk Trickster]
    battlefield: [Island, Island, Island, Island]
    graveyard: [Lightning Bolt, Grizzly Bears]
  - name: Bob
    battlefield: [Tarmogoyf, Night Market Lookout]
""")
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Tarmogoyf")) == (2, 3)
    cast_and_pay(g, "cast Merfolk Trickster")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Tarmogoyf" in a.label))
    resolve(g)
    s = g.current_state()
    assert ch.power_toughness(s, perm(g, "Tarmogoyf")) == (0, 1)
    life = [p.life for p in s.players]
    cast_and_pay(g, "cast Merfolk Trickster")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Night Market Lookout" in a.label))
    resolve(g)                                 # tapped, then stripped: its trigger is waiting
    s = g.current_state()
    assert layers.card_now(s, perm(g, "Night Market Lookout")).abilities == ()
    assert any("Night Market Lookout" in item.label for item in s.stack)
    resolve(g)                                 # the trigger resolves all the same
    s = g.current_state()
    assert [p.life for p in s.players] == [life[0] - 1, life[1] + 1]


def _oko(db, bob: str):
    g = board(db, f"""  - name: Alice
    hand: [Jump]
    battlefield: [{{card: "Oko, Thief of Crowns", counters: {{loyalty: 4}}}}, Island]
  - name: Bob
    battlefield: [{bob}]
""")
    return g


def _elk(g, target: str) -> None:
    cast_and_pay(g, "activate Oko, Thief of Crowns: +1", target)
    resolve(g)


def test_oko_makes_a_green_elk_for_good(db):
    """Oko's +1 (rulings): the creature is just a green Elk (its colors and creature types
    overwritten, CR 205.1a, 105.3) with no abilities and base power and toughness 3/3 (layer
    7b), its counters still counting (7c); an ability gained later it keeps (CR 613.7); and the
    effect lasts past the turn (CR 611.2a)."""
    oko = db.get("Oko, Thief of Crowns")
    assert oko.fully_supported
    rulings = _rulings(oko)
    assert "It’s just a green Elk" in rulings and "it will keep that ability" in rulings
    g = _oko(db, "{card: Serra Angel, counters: {+1/+1: 1}}")
    _elk(g, "Serra Angel")
    s = g.current_state()
    angel = perm(g, "Serra Angel")
    assert ch.card_types(s, angel) == ("Creature",) and ch.subtypes(s, angel) == ("Elk",)
    assert ch.colors(s, angel) == ("G",)
    assert ch.power_toughness(s, angel) == (4, 4)
    assert not ch.has(s, angel, "flying") and not ch.has(s, angel, "vigilance")
    cast_and_pay(g, "cast Jump", "Serra Angel")
    resolve(g)
    assert ch.has(g.current_state(), perm(g, "Serra Angel"), "flying")
    while g.current_state().turn == 1:
        g.push(Action("pass"))
    s = g.current_state()
    angel = perm(g, "Serra Angel")
    assert ch.subtypes(s, angel) == ("Elk",) and ch.power_toughness(s, angel) == (4, 4)
    assert not ch.has(s, angel, "flying")       # Jump's flying ended with its turn


def test_oko_elk_artifact_is_no_longer_an_artifact(db):
    """Oko's +1 on an artifact (ruling): it loses its other card types (Sol Ring is a creature
    only) and its mana ability."""
    g = _oko(db, "Sol Ring")
    _elk(g, "Sol Ring")
    s = g.current_state()
    ring = perm(g, "Sol Ring")
    assert ch.card_types(s, ring) == ("Creature",) and ch.power_toughness(s, ring) == (3, 3)
    assert layers.card_now(s, ring).abilities == ()


def test_oko_elk_keeps_its_supertypes(db):
    """Oko's +1 (ruling): a legendary creature stays legendary (CR 205.4)."""
    g = _oko(db, "\"Isamaru, Hound of Konda\"")
    _elk(g, "Isamaru")
    s = g.current_state()
    isamaru = perm(g, "Isamaru, Hound of Konda")
    assert ch.supertypes(s, isamaru) == ("Legendary",) and ch.subtypes(s, isamaru) == ("Elk",)


def test_a_stripped_permanent_survives_a_save(db):
    """The record of layer 6 is saved and read back: the lord still has no abilities."""
    g = board(db, """  - name: Alice
    hand: [Merfolk Trickster]
    battlefield: [Island, Island]
  - name: Bob
    battlefield: [Lord of Atlantis, Coral Merfolk]
""")
    cast_and_pay(g, "cast Merfolk Trickster")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Lord of Atlantis" in a.label))
    resolve(g)
    again = Game.from_json(g.to_json(), db)
    s = again.current_state()
    coral = next(o for o in s.permanents() if o.card.name == "Coral Merfolk")
    assert ch.power_toughness(s, coral) == (2, 1)


def test_tezzeret_agent_of_bolas_makes_an_artifact_creature_5_5(db):
    """"becomes an artifact creature with base power and toughness 5/5": it stays an artifact
    (CR 205.1b), for good."""
    g = board(db, """  - name: Alice
    battlefield: [{card: "Tezzeret, Agent of Bolas", counters: {loyalty: 3}}, Sol Ring]
  - name: Bob
""")
    cast_and_pay(g, "activate Tezzeret, Agent of Bolas: −1", "Sol Ring")
    resolve(g)
    s = g.current_state()
    ring = perm(g, "Sol Ring")
    assert ch.card_types(s, ring) == ("Artifact", "Creature") and ch.power_toughness(s, ring) == (5, 5)
    assert layers.card_now(s, ring).abilities != ()          # it keeps its mana ability


def test_vedalken_humiliator_strips_the_opponents_creatures_this_turn(db):
    """Metalcraft: as it attacks with three artifacts, the creatures Bob controls lose all
    abilities and are 1/1 until end of turn, both parts for the turn."""
    g = board(db, """  - name: Alice
    battlefield: [Vedalken Humiliator, Sol Ring, Sol Ring, Mind Stone]
  - name: Bob
    battlefield: [Serra Angel]
""", turn=3)
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if "Vedalken Humiliator" in a.label))
    while not g.current_state().stack:
        g.push(next(a for a in g.legal_actions() if a.kind in ("confirm", "done", "pass")))
    resolve(g)
    s = g.current_state()
    angel = perm(g, "Serra Angel")
    assert ch.power_toughness(s, angel) == (1, 1) and not ch.has(s, angel, "flying")
    assert ch.power_toughness(s, perm(g, "Vedalken Humiliator")) == (3, 4)     # its own creature
    while g.current_state().turn == 3:
        g.push(next(a for a in g.legal_actions() if a.kind in ("pass", "done", "confirm")))
    s = g.current_state()
    angel = perm(g, "Serra Angel")
    assert ch.power_toughness(s, angel) == (4, 4) and ch.has(s, angel, "flying")
