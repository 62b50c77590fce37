""""If that creature would die this turn, exile it instead" and "If a creature dealt damage this
way would die this turn, exile it instead" (CR 614.1a, 700.4), with real cards and their rulings."""
from __future__ import annotations

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, pick, resolve


def test_magma_spray_exiles_the_creature_it_kills(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Magma Spray]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Magma Spray", "Grizzly Bears")
    resolve(g)
    assert names(g, 1, "exile") == ["Grizzly Bears"] and names(g, 1, "graveyard") == []
    assert "Grizzly Bears is exiled instead of dying" in g.explain()


def test_magma_spray_exiles_a_survivor_that_dies_later_that_turn(db):
    """Magma Spray ruling 2017-04-18: the creature is exiled if it would die this turn for any
    reason, not just lethal damage; Lightning Bolt finishes the 2/3 later in the turn."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Magma Spray, Lightning Bolt]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Centaur Courser, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Magma Spray", "Centaur Courser")
    resolve(g)
    assert len(on_battlefield(g, "Centaur Courser")) == 1
    cast_and_pay(g, "cast Lightning Bolt", "Centaur Courser")
    resolve(g)
    assert names(g, 1, "exile") == ["Centaur Courser"] and names(g, 1, "graveyard") == []


def test_the_replacement_ends_with_the_turn(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Magma Spray]
    battlefield: [Mountain]
    library: [Mountain, Mountain]
  - name: Bob
    battlefield: [Centaur Courser]
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Magma Spray", "Centaur Courser")
    resolve(g)
    s = g.current_state()
    assert [e.kind for e in s.effects if e.kind == "exile_if_dies"] == ["exile_if_dies"]
    while g.current_state().turn == 3:
        pick(g, "pass")
    assert not [e for e in g.current_state().effects if e.kind == "exile_if_dies"]


def test_anger_of_the_gods_exiles_only_the_creatures_it_dealt_damage(db):
    """Anger of the Gods ruling 2017-11-17: creatures dealt damage by it are exiled if they would
    die that turn for any reason; a creature that enters later was dealt none and dies normally."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Anger of the Gods, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Centaur Courser]
  - name: Bob
    battlefield: [Grizzly Bears, Colossal Dreadmaw]
""", turn=3)
    cast_and_pay(g, "cast Anger of the Gods")
    resolve(g)
    assert names(g, 0, "exile") == ["Centaur Courser"] and names(g, 1, "exile") == ["Grizzly Bears"]
    assert len(on_battlefield(g, "Colossal Dreadmaw")) == 1
    # the 6/6 took 3: Lightning Bolt's 3 more kill it, and it is exiled too
    cast_and_pay(g, "cast Lightning Bolt", "Colossal Dreadmaw")
    resolve(g)
    assert names(g, 1, "exile") == ["Colossal Dreadmaw", "Grizzly Bears"]


def test_a_creature_that_enters_afterwards_dies_normally(db):
    """Only the creatures dealt damage this way: one cast after Anger of the Gods resolved goes
    to the graveyard when it dies that turn."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Anger of the Gods, Grizzly Bears, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Anger of the Gods")
    resolve(g)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Anger of the Gods", "Grizzly Bears", "Lightning Bolt"]
