"""Exile "until ~ leaves the battlefield" (CR 610.3) and "the exiled card" of linked abilities
(CR 607.2a), with real cards from the corpus and their rulings."""
from __future__ import annotations

from manastack import Game
from manastack.oracle import compile_card, ir
from manastack.oracle.compiler import UNLINKED

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, pick, resolve
from .test_oracle_compiler import card


def _bolt(g, target: str) -> None:
    """Bob, with priority, casts Lightning Bolt at ``target`` and both pass until it resolves."""
    assert g.pending.player == 1
    cast_and_pay(g, "cast Lightning Bolt", target)


PRIEST = """
  - name: Alice
    hand: [Banisher Priest]
    battlefield: [Plains, Plains, Plains]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [{card: Grizzly Bears, counters: {+1/+1: 1}}, Mountain]
"""


def test_banisher_priest_exiles_until_it_leaves_then_the_card_returns(db):
    """The card returns at once when the Priest leaves, under its owner's control, as a new
    object without its counters (Banisher Priest rulings 2013-07-01)."""
    g = game_helpers.board(db, PRIEST, turn=3)
    cast_and_pay(g, "cast Banisher Priest")
    resolve(g)                                  # the Priest enters; its trigger targets the Bears
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    resolve(g)
    assert names(g, 1, "exile") == ["Grizzly Bears"] and not on_battlefield(g, "Grizzly Bears")
    loaded = Game.from_json(g.to_json(), cards=db)       # the link is saved
    for game in (g, loaded):
        pick(game, "pass")
        _bolt(game, "Banisher Priest")
        resolve(game)
        bears = on_battlefield(game, "Grizzly Bears")
        assert names(game, 0, "graveyard") == ["Banisher Priest"] and names(game, 1, "exile") == []
        assert len(bears) == 1 and bears[0].controller == 1 and bears[0].counters == {}
        assert "[CR 610.3" in game.explain()


def test_banisher_priest_gone_before_its_trigger_resolves_exiles_nothing(db):
    """Banisher Priest ruling 2013-07-01: if it leaves before its ability resolves, the target
    isn't exiled (CR 610.3b)."""
    g = game_helpers.board(db, PRIEST, turn=3)
    cast_and_pay(g, "cast Banisher Priest")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    pick(g, "pass")                             # Bob answers the trigger
    _bolt(g, "Banisher Priest")
    resolve(g)                                  # the Bolt
    resolve(g)                                  # the trigger
    assert len(on_battlefield(g, "Grizzly Bears")) == 1 and names(g, 1, "exile") == []


RING = """
  - name: Alice
    hand: [Oblivion Ring]
    battlefield: [Plains, Plains, Plains]
  - name: Bob
    hand: [Disenchant]
    battlefield: [Grizzly Bears, Plains, Plains]
"""


def test_oblivion_ring_returns_the_card_its_other_ability_exiled(db):
    g = game_helpers.board(db, RING, turn=3)
    ring = db.get("Oblivion Ring")
    assert [a.effects[0] for a in ring.abilities] == [
        ir.Exile(ir.Target(0), linked=True), ir.ReturnToBattlefield(ir.Ref(ir.EXILED_CARDS))]
    cast_and_pay(g, "cast Oblivion Ring")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    resolve(g)
    assert names(g, 1, "exile") == ["Grizzly Bears"]
    pick(g, "pass")
    cast_and_pay(g, "cast Disenchant", "Oblivion Ring")
    resolve(g)                                  # Disenchant: the leaves trigger waits
    assert names(g, 1, "exile") == ["Grizzly Bears"]
    resolve(g)                                  # the leaves trigger
    assert len(on_battlefield(g, "Grizzly Bears")) == 1 and on_battlefield(g, "Grizzly Bears")[0].controller == 1


def test_oblivion_ring_gone_before_its_first_ability_resolves_exiles_for_good(db):
    """Oblivion Ring ruling 2007-10-01: its second ability triggers and does nothing, then the
    first exiles the permanent forever."""
    g = game_helpers.board(db, RING, turn=3)
    cast_and_pay(g, "cast Oblivion Ring")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    pick(g, "pass")
    cast_and_pay(g, "cast Disenchant", "Oblivion Ring")
    resolve(g)                                  # Disenchant
    resolve(g)                                  # the leaves trigger: nothing is exiled yet
    resolve(g)                                  # the enters trigger
    assert names(g, 1, "exile") == ["Grizzly Bears"] and not on_battlefield(g, "Grizzly Bears")


def test_the_exiled_card_needs_an_ability_that_exiles():
    """CR 607.2a: with no activated or triggered ability that exiles, "the exiled card" refers
    to nothing, so it isn't read; in an instant it isn't read either."""
    alone = card("Test Ring", "When ~ leaves the battlefield, return the exiled card to the battlefield "
                 "under its owner's control.", "Enchantment")
    assert alone.unsupported and alone.abilities == ()
    linked = card("Test Ring", "When ~ enters the battlefield, exile target creature.\n"
                  "When ~ leaves the battlefield, return the exiled card to its owner's hand.", "Enchantment")
    assert linked.unsupported == () and linked.abilities[0].effects[0].linked
    spell = card("Test Spell", "Exile target creature. Return the exiled card to the battlefield under its "
                 "owner's control.", "Instant")
    assert spell.unsupported


def test_the_reason_for_an_unlinked_reference_is_given():
    alone = card("Test Ring", "When ~ leaves the battlefield, return the exiled card to the battlefield "
                 "under its owner's control.", "Enchantment")
    assert [g.reason for g in compile_card(alone).gaps] == [UNLINKED]
