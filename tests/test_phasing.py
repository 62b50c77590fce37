"""Phasing (CR 702.26): the keyword and "phases out" effects, with real cards and the official
rulings the corpus carries for Teferi's Protection (2017-08-25) and Teferi, Master of Time
(2020-06-23), cited by date and paraphrased."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.oracle import ir
from manastack.scenario import Scenario

from .game_helpers import board, cast_and_pay, labels, pick, resolve


def run(text: str, db) -> Game:
    result = Scenario.from_text(text, cards=db).run()
    assert all(o.passed for o in result.results), [(o.what, o.expected, o.actual) for o in result.failures]
    return result.game


def _effects(db, name: str) -> list:
    return [e for ab in db.get(name).abilities for e in getattr(ab, "effects", ())]


def test_phasing_cards_compile(db):
    """The keyword (CR 702.26a) and "[permanents] phase out" (CR 702.26b) in every form the
    corpus prints them: all permanents you control, a target, ~ itself, the enchanted creature,
    a granted keyword."""
    assert _effects(db, "Teferi's Protection")[2] == ir.PhaseOut(ir.Ref("all", ir.Filter(controller="you")))
    assert _effects(db, "Reality Ripple") == [ir.PhaseOut(ir.Target(0))]
    assert _effects(db, "Rainbow Efreet") == [ir.PhaseOut(ir.Ref("self"))]
    assert _effects(db, "Vanishing") == [ir.PhaseOut(ir.Ref("enchanted"))]
    for name in ("Teferi's Protection", "Breezekeeper", "Teferi's Drake", "Tolarian Drake", "Sandbar Crocodile",
                 "Merfolk Raiders", "Teferi's Isle", "Taniwha", "Cloak of Invisibility", "Reality Ripple",
                 "Rainbow Efreet", "Mist Dragon", "Teferi's Honor Guard", "Vodalian Illusionist", "Vanishing",
                 "Sapphire Charm"):
        assert db.get(name).fully_supported, name


TEFERIS_PROTECTION = """
turn: 3
players:
  - name: Alice
    hand: [Teferi's Protection]
    battlefield:
      - {card: Plains, count: 3}
      - {card: Grizzly Bears, id: bears, counters: {"+1/+1": 1}}
      - {card: Holy Strength, attached_to: bears}
      - {card: Grizzly Bears, token: true, id: soldier}
    library: [{card: Plains, count: 5}]
  - name: Bob
    hand: [Wrath of God, Blood Tithe, Harmonize]
    battlefield: [{card: Plains, count: 4}, {card: Swamp, count: 4}, {card: Forest, count: 3}, Hill Giant]
    library: [{card: Mountain, count: 8}]
script:
  - cast: Teferi's Protection
  - resolve
  - expect:
      objects:
        bears: {zone: battlefield, phased_out: true}
        Holy Strength: {phased_out: true, attached_to: bears}
        soldier: {zone: battlefield, phased_out: true}
        Teferi's Protection: {zone: exile}
      battlefield: {Alice: 0}
  - pass_until: main1
    turn: 4
  - cast: Wrath of God
  - resolve
  - cast: Blood Tithe
  - resolve
  - expect:
      life: {Alice: 20, Bob: 20}
      objects:
        Hill Giant: {zone: graveyard}
        bears: {phased_out: true}
  - pass_until: next turn
  - expect:
      objects:
        bears: {zone: battlefield, phased_out: false, counters: {"+1/+1": 1}, sick: false, power: 4, tapped: false}
        Holy Strength: {phased_out: false, attached_to: bears}
        soldier: {zone: battlefield, phased_out: false}
      battlefield: {Alice: 6}
"""


def test_teferis_protection_whole_card(db):
    """Teferi's Protection, all of it: Alice's life total can't change and she has protection
    from everything until her next turn; all her permanents phase out (a token, an Aura with its
    creature, counters and all) and the card is exiled. Wrath of God doesn't destroy phased-out
    creatures (CR 702.26b example); Blood Tithe makes Alice lose no life, so Bob gains none
    (rulings: life gain or loss has no effect). Everything phases in as Alice's untap step begins,
    with its counters, the Aura still attached, the token still there, the creature able to
    attack (rulings; CR 702.26d, 702.26g)."""
    g = run(TEFERIS_PROTECTION, db)
    text = g.explain()
    assert "Alice's life total can't change until their next turn" in text
    assert "Holy Strength phases out with them" in text
    assert "phase in  [CR 502.1, 702.26a, 702.26c]" in text


def test_phased_out_permanents_are_not_counted_nor_targeted(db):
    """CR 702.26b: a phased-out permanent is treated as though it doesn't exist. Its static
    abilities have no effect (Benalish Marshal's bonus is gone), it isn't counted ("for each
    creature"), and it can't be targeted (rulings 2017-08-25)."""
    g = board(db, """
  - name: Alice
    hand: [Reality Ripple, Lightning Bolt]
    battlefield: [Island, Island, Mountain]
  - name: Bob
    battlefield: [Benalish Marshal, Grizzly Bears]
""", turn=3)
    s = g.current_state()
    bears = next(o for o in s.permanents(1) if o.card.name == "Grizzly Bears")
    assert ch_power(g, bears.id) == 3
    cast_and_pay(g, "cast Reality Ripple", "Benalish Marshal")
    resolve(g)
    assert ch_power(g, bears.id) == 2
    pick(g, "cast Lightning Bolt")
    offered = labels(g)
    assert not any("Benalish Marshal" in t for t in offered) and any("Grizzly Bears" in t for t in offered)


def ch_power(g: Game, oid: int) -> int:
    s = g.current_state()
    return ch.power(s, s.objs[oid])
