"""A spell that shuffles itself into its owner's library (CR 701.24a, 608.2n) and putting a card
from any graveyard onto the battlefield under your control (CR 110.2a), with real cards and
their rulings."""
from __future__ import annotations

from manastack.oracle import ir

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, pick, resolve


BEACON = """
  - name: Alice
    hand: [Beacon of Destruction]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Cancel]
    battlefield: [Grizzly Bears, Island, Island, Island]
"""


def test_beacon_of_destruction_is_shuffled_into_its_owners_library(db):
    g = game_helpers.board(db, BEACON, turn=3)
    cast_and_pay(g, "cast Beacon of Destruction", "Grizzly Bears")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    assert names(g, 0, "graveyard") == [] and names(g, 0, "library") == ["Beacon of Destruction", "Island", "Island", "Island"]
    assert "Beacon of Destruction is shuffled into Alice's library" in g.explain()


def test_a_countered_beacon_goes_to_the_graveyard(db):
    """Beacon of Destruction ruling 2007-07-15: countered, it is put into its owner's graveyard."""
    g = game_helpers.board(db, BEACON, turn=3)
    cast_and_pay(g, "cast Beacon of Destruction", "Grizzly Bears")
    pick(g, "pass")
    cast_and_pay(g, "cast Cancel", "Beacon of Destruction")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Beacon of Destruction"] and len(names(g, 0, "library")) == 3


def test_ashen_powder_takes_a_creature_card_from_an_opponents_graveyard(db):
    target = db.get("Ashen Powder").abilities[0].targets[0]
    assert target.filter == ir.Filter(types=("Creature",), controller="opponent", zone="graveyard")
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Ashen Powder]
    battlefield: [Swamp, Swamp, Swamp, Swamp]
    graveyard: [Centaur Courser]
  - name: Bob
    graveyard: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Ashen Powder")
    assert g.pending.kind != "priority"
    assert not any("Centaur Courser" in a.label for a in g.legal_actions())   # not Alice's own
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay" or "Grizzly Bears" in a.label))
    resolve(g)
    bears = on_battlefield(g, "Grizzly Bears")
    assert len(bears) == 1 and bears[0].controller == 0 and bears[0].owner == 1
    assert names(g, 1, "graveyard") == []


def test_beacon_of_unrest_puts_an_artifact_from_any_graveyard_under_your_control(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Beacon of Unrest]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    library: [Swamp]
  - name: Bob
    graveyard: [Sol Ring]
""", turn=3)
    cast_and_pay(g, "cast Beacon of Unrest", "Sol Ring")
    resolve(g)
    ring = on_battlefield(g, "Sol Ring")
    assert len(ring) == 1 and ring[0].controller == 0
    assert sorted(names(g, 0, "library")) == ["Beacon of Unrest", "Swamp"]


def test_timetwister_shuffles_hands_and_graveyards_in_then_each_player_draws_seven(db):
    """Each player shuffles their hand and graveyard into their library, then draws seven; the
    Timetwister itself goes to the graveyard after (CR 701.24a, 608.2n)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Timetwister, Forest, Forest]
    graveyard: [Lightning Bolt]
    battlefield: [Island, Island, Island]
    library: [Island, Island, Island, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
    hand: [Plains]
    graveyard: [Grizzly Bears]
    library: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
""", turn=3)
    cast_and_pay(g, "cast Timetwister")
    resolve(g)
    s = g.current_state()
    alice, bob = s.players
    assert len(alice.hand) == 7 and len(bob.hand) == 7
    assert names(g, 0, "graveyard") == ["Timetwister"] and names(g, 1, "graveyard") == []
    assert len(alice.library) == 10 + 2 + 1 - 7 and len(bob.library) == 10 + 1 + 1 - 7
    assert sorted(names(g, 1, "hand") + names(g, 1, "library")) == ["Grizzly Bears", "Plains"] + ["Swamp"] * 10
