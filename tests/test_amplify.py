"""Amplify (CR 702.38a): as the creature enters, its controller reveals any number of cards from
their hand that share a creature type with it, and it enters with N +1/+1 counters for each.
Real cards: Canopy Crawler (a Beast, amplify 1), with Beasts, a changeling and a Bear in hand."""
from __future__ import annotations

from manastack.engine.decisions import Action, ActionKind

from .game_helpers import board, cast_and_pay, on_battlefield, resolve


def _crawler_enters(db):
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Forest, Forest, Forest]
    hand: [Canopy Crawler, Glowering Rogon, Zombie Brute, Changeling Outcast, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Canopy Crawler")
    resolve(g)
    return g


def test_the_cards_compile(db):
    for name in ("Canopy Crawler", "Glowering Rogon", "Zombie Brute", "Aven Warhawk", "Feral Throwback"):
        assert not db.get(name).unsupported, (name, db.get(name).unsupported)


def test_only_cards_sharing_a_creature_type_may_be_revealed(db):
    """A Beast and a changeling (every creature type, CR 702.73a) share one with the Beast;
    the Zombie and the Bear don't."""
    g = _crawler_enters(db)
    assert g.pending.kind == "reveal"
    offered = sorted(a.label for a in g.legal_actions())
    assert offered == ["reveal Changeling Outcast", "reveal Glowering Rogon", "reveal no more"]


def test_it_enters_with_n_counters_for_each_card_revealed(db):
    g = _crawler_enters(db)
    g.push(next(a for a in g.legal_actions() if a.label == "reveal Glowering Rogon"))
    g.push(next(a for a in g.legal_actions() if a.label == "reveal Changeling Outcast"))
    [crawler] = on_battlefield(g, "Canopy Crawler")
    assert crawler.counters == {"+1/+1": 2}
    assert any("reveals Glowering Rogon, Changeling Outcast" in e.text and "702.38a" in e.rules
               for e in g.current_state().log_entries())


def test_revealing_nothing_gives_no_counter(db):
    g = _crawler_enters(db)
    g.push(Action(ActionKind.DONE))
    [crawler] = on_battlefield(g, "Canopy Crawler")
    assert not crawler.counters.get("+1/+1")
