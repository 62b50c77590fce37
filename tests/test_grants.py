"""Durations and granted abilities (CR 611.2, 613.1f, 113.10): "Until end of turn, ..." put
first, quoted abilities an effect gives a permanent for a time, and the impulse permission "Until
end of turn, you may play that card" (CR 601.3), with real cards and their rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.game import Game

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, pick, resolve


def _step(g, attack: bool = False) -> None:
    """One decision: attack with everything (or with nothing), else pass priority."""
    labels = [a.label for a in g.legal_actions()]
    if g.pending.kind == "attackers":
        pick(g, "attack with" if attack else "don't attack")
    elif "pass priority" in labels:
        pick(g, "pass priority")
    else:
        g.push(g.legal_actions()[0])


def _end_turn(g) -> None:
    turn = g.current_state().turn
    while g.current_state().turn == turn:
        _step(g)


def test_swift_justice_lasts_until_end_of_turn(db):
    """Swift Justice: +1/+0, first strike and lifelink until end of turn (CR 611.2a, 514.2)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Swift Justice]
    battlefield: [Plains, Grizzly Bears]
    library: [Plains, Plains]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Swift Justice", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.power_toughness(s, bears) == (3, 2)
    assert ch.has(s, bears, "first strike") and ch.has(s, bears, "lifelink")
    _end_turn(g)
    s = g.current_state()
    assert ch.power_toughness(s, bears) == (2, 2) and not ch.has(s, bears, "lifelink")


def test_retraction_helix_gives_an_ability_to_activate_this_turn(db):
    """Retraction Helix: the creature has "{T}: Return target nonland permanent to its owner's
    hand." until end of turn (CR 613.1f); its controller activates it like a printed one."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    battlefield: [Centaur Courser]
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert [ab.text for ab in layers.card_now(g.current_state(), bears).abilities] == [
        "{T}: Return target nonland permanent to its owner's hand."]
    cast_and_pay(g, "activate Grizzly Bears", "Centaur Courser")
    resolve(g)
    assert names(g, 1, "hand") == ["Centaur Courser"]
    _end_turn(g)
    assert layers.card_now(g.current_state(), bears).abilities == ()


def test_verdant_rebirth_returns_the_creature_that_dies_that_turn(db):
    """Verdant Rebirth: the granted "When this creature dies, return it to its owner's hand."
    triggers on the creature's death, looking back at it as it last existed (CR 603.10a); the
    spell also draws a card."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Verdant Rebirth, Lightning Bolt]
    battlefield: [Forest, Forest, Mountain, Grizzly Bears]
    library: [Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Verdant Rebirth", "Grizzly Bears")
    resolve(g)
    assert "Forest" in names(g, 0, "hand")
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    resolve(g)          # the granted dies trigger
    assert "Grizzly Bears" in names(g, 0, "hand") and names(g, 0, "graveyard") == ["Lightning Bolt", "Verdant Rebirth"]


def test_a_creature_that_comes_back_is_a_new_object_without_the_ability(db):
    """CR 400.7: a creature given an ability that leaves and returns is a new object; the
    effect doesn't apply to it (Retraction Helix on a creature bounced by its own ability)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Forest, Forest, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    cast_and_pay(g, "activate Grizzly Bears", "Grizzly Bears")
    resolve(g)
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert layers.card_now(g.current_state(), bears).abilities == ()


def test_warriors_lesson_draws_on_combat_damage(db):
    """Warriors' Lesson: each target creature gains "Whenever this creature deals combat damage
    to a player, draw a card." until end of turn; it triggers for the one that connects."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Warriors' Lesson]
    battlefield: [Forest, Grizzly Bears]
    library: [Forest, Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Warriors' Lesson", "Grizzly Bears")
    while g.pending.kind != "priority":
        pick(g, "done")
    resolve(g)
    hand = len(names(g, 0, "hand"))
    while g.current_state().players[1].life == 20 or g.current_state().stack:
        _step(g, attack=True)
    assert g.current_state().players[1].life == 18
    assert len(names(g, 0, "hand")) == hand + 1


def test_impulse_draw_until_end_of_turn(db):
    """Stromkirk Occultist: "exile the top card of your library. Until end of turn, you may play
    that card." (CR 601.3); the card may be played only that turn."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Stromkirk Occultist]
    library: [Shock, Mountain]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    while "Shock" not in names(g, 0, "exile") or g.current_state().stack:
        _step(g, attack=True)
    assert game_helpers.cast_action(g, "Shock") is not None
    _end_turn(g)
    assert names(g, 0, "exile") == ["Shock"]


def test_a_granted_ability_survives_a_save(db):
    """The record of a granted ability is plain data: a saved and loaded game keeps it."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    loaded = Game.from_json(g.to_json())
    [bears] = on_battlefield(loaded, "Grizzly Bears")
    assert len(layers.card_now(loaded.current_state(), bears).abilities) == 1
