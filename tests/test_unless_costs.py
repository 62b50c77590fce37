"""'Sacrifice ~ unless you [pay a cost]' (CR 118.12): any cost the engine can pay, chosen on
resolution, all of it or none (CR 603.5, 118.12a), with the cards' rulings."""
from __future__ import annotations

import pytest

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, labels, names, on_battlefield, pick, resolve


def unless(db, name: str) -> ir.SacrificeUnlessPays:
    return next(e for a in db.get(name).abilities if isinstance(a, ir.TriggeredAbility)
                for e in a.effects if isinstance(e, ir.SacrificeUnlessPays))


@pytest.mark.parametrize("name, cost", [
    ("Karoo", ir.Cost(parts=(ir.ReturnToHandCost(ir.Filter(subtypes=("Plains",), controller="you", tapped=False)),))),
    ("Crosis's Catacombs", ir.Cost(parts=(ir.ReturnToHandCost(ir.Filter(types=("Land",), controller="you",
                                                                        non_subtypes=("Lair",))),))),
    ("Hecatomb", ir.Cost(parts=(ir.SacrificeCost(ir.Filter(types=("Creature",), controller="you"), 4),))),
    ("Avatar of Discord", ir.Cost(parts=(ir.DiscardCost(2),))),
    ("Hidden Horror", ir.Cost(parts=(ir.DiscardCost(1, card_type="Creature"),))),
    ("Lathnu Hellion", ir.Cost(parts=(ir.PayEnergyCost(2),))),
    ("Bull Elephant", ir.Cost(parts=(ir.ReturnToHandCost(ir.Filter(subtypes=("Forest",), controller="you"), 2),))),
])
def test_the_unless_cost_is_read_as_a_cost(corpus_db, name, cost):
    assert unless(corpus_db, name).cost == cost
    assert corpus_db.get(name).fully_supported


def test_pay_for_each_card_in_hand_is_a_cost_times_a_count(corpus_db):
    """Megatherium: {1} for each card in your hand, counted as the ability resolves."""
    effect = unless(corpus_db, "Megatherium")
    assert effect.cost == ir.Cost(mana=corpus_db.get("Megatherium").abilities[1].effects[0].cost.mana)
    assert isinstance(effect.times, ir.CountOf) and effect.times.filter.zone == "hand"
    g = board(corpus_db, """
  - name: Alice
    hand: [Megatherium, Grizzly Bears, Giant Growth]
    battlefield: [{card: Forest, count: 5}]
  - name: Bob
""")
    pick(g, "cast Megatherium")
    g.push(Action("autopay"))
    resolve(g)         # the spell
    resolve(g)         # its trigger: two cards in hand, {2}, and two Forests are untapped
    assert labels(g) == ["pay {2} and keep Megatherium", "don't pay: sacrifice Megatherium"]
    g.push(Action("pay"))
    g.push(Action("autopay"))
    assert on_battlefield(g, "Megatherium")
    assert all(o.tapped for o in on_battlefield(g, "Forest"))


def test_karoo_returns_an_untapped_plains_only(corpus_db):
    """Karoo: only an untapped Plains pays; with the only Plains tapped, the cost can't be paid
    (CR 118.3) and Karoo is sacrificed. Karoo itself is no Plains."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Karoo, Karoo]
    battlefield: [Plains, {card: Plains, tapped: true}]
  - name: Bob
""")
    pick(g, "play Karoo")
    resolve(g)
    assert labels(g) == ["return an untapped Plains to its owner's hand and keep Karoo",
                         "don't pay: sacrifice Karoo"]
    g.push(Action("pay"))             # the one untapped Plains is the only choice
    assert names(g, 0, "hand") == ["Karoo", "Plains"]
    assert [o.tapped for o in on_battlefield(g, "Karoo")] == [True]   # it enters tapped
    g = board(corpus_db, """
  - name: Alice
    hand: [Karoo]
    battlefield: [{card: Plains, tapped: true}]
  - name: Bob
""")
    pick(g, "play Karoo")
    resolve(g)                        # no choice left: Karoo is sacrificed
    assert names(g, 0, "graveyard") == ["Karoo"] and names(g, 0, "hand") == []


def test_a_lair_returns_a_tapped_land_and_may_tap_for_mana_first(corpus_db):
    """Crosis's Catacombs rulings (2004-10-04): a tapped land may be returned; and the Lair may
    be tapped for mana before its trigger resolves, then sacrificed instead. A Lair is never
    returned for itself ("non-Lair")."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Crosis's Catacombs]
    battlefield: [{card: Island, tapped: true}, Dromar's Cavern]
  - name: Bob
""")
    pick(g, "play Crosis's Catacombs")
    resolve(g)
    g.push(Action("pay"))
    assert names(g, 0, "hand") == ["Island"]
    g = board(corpus_db, """
  - name: Alice
    hand: [Crosis's Catacombs]
    battlefield: [Dromar's Cavern]
  - name: Bob
""")
    pick(g, "play Crosis's Catacombs")
    assert g.current_state().stack        # the trigger waits; Alice has priority
    pick(g, "activate Crosis's Catacombs")       # {T}: add mana while the trigger waits
    while g.pending.kind != "priority":
        g.push(0)
    resolve(g)                        # only a Lair to return: no choice, the Catacombs go
    s = g.current_state()
    assert names(g, 0, "graveyard") == ["Crosis's Catacombs"] and sum(s.players[0].pool.values()) == 1


def test_glint_hawk_may_be_sacrificed_with_an_artifact_to_return(corpus_db):
    """Glint Hawk rulings (2011-01-01): the controller may sacrifice it even with an artifact to
    return; the artifact is chosen as the ability resolves."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Glint Hawk]
    battlefield: [Plains, Ornithopter, Sol Ring]
  - name: Bob
""")
    pick(g, "cast Glint Hawk")
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)
    assert labels(g)[0] == "return an artifact to its owner's hand and keep Glint Hawk"
    g.push(Action("pay"))
    assert g.pending.kind == "return_cost" and sorted(labels(g)) == ["Ornithopter", "Sol Ring"]
    pick(g, "Sol Ring")
    assert names(g, 0, "hand") == ["Sol Ring"] and on_battlefield(g, "Glint Hawk")


def test_hecatomb_needs_all_four_creatures(corpus_db):
    """Hecatomb rulings (2004-10-04): four creatures or none; with three, it is sacrificed."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Hecatomb]
    battlefield: [{card: Swamp, count: 3}, {card: Grizzly Bears, count: 3}]
  - name: Bob
""")
    pick(g, "cast Hecatomb")
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)                        # three creatures can't pay: no choice, Hecatomb goes
    assert len(on_battlefield(g, "Grizzly Bears")) == 3 and names(g, 0, "graveyard") == ["Hecatomb"]


def test_hidden_horror_gone_may_still_discard(corpus_db):
    """Hidden Horror ruling (2008-04-01): with the creature gone when the ability resolves (here
    back in the hand), its controller may still discard a creature card (CR 118.12)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Hidden Horror, Grizzly Bears, Giant Growth]
    battlefield: [{card: Swamp, count: 3}]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island]
""")
    pick(g, "cast Hidden Horror")
    g.push(Action("autopay"))
    resolve(g)
    g.push(Action("pass"))                     # Alice passes with the trigger on the stack
    pick(g, "cast Unsummon")                   # Bob returns the Horror in response
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Hidden Horror" in a.label or a.kind == "autopay"))
    resolve(g)                                 # Unsummon
    resolve(g)                                 # the trigger
    assert labels(g) == ["discard a creature card anyway", "don't pay"]
    g.push(Action("pay"))
    assert g.pending.kind == "discard" and sorted(labels(g)) == ["Grizzly Bears", "Hidden Horror"]
    pick(g, "Grizzly Bears")
    assert names(g, 0, "hand") == ["Giant Growth", "Hidden Horror"]
    assert names(g, 0, "graveyard") == ["Grizzly Bears"]


def test_soulgorger_may_sacrifice_itself_as_part_of_its_upkeep(corpus_db):
    """Phyrexian Soulgorger ruling (2006-07-15): a creature for each age counter, and Soulgorger
    itself may be one of them."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Phyrexian Soulgorger, counters: {age: 1}}, Grizzly Bears]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    assert labels(g)[0] == "sacrifice 2 creatures for 2 age counters and keep Phyrexian Soulgorger"
    g.push(Action("pay"))
    assert g.pending.kind == "sacrifice"
    assert sorted(labels(g)) == ["Grizzly Bears", "Phyrexian Soulgorger"]
