""""When ~ dies, put it on the bottom of its owner's library" and "put it on top ... instead":
the card found in the zone it went to (CR 400.7, 401.4, 603.6a, 608.2c). Real cards: Murderous
Rider, The Cauldron of Eternity, Consign to Dream, Sensei's Divining Top."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, resolve

ALICE, BOB = 0, 1


def _bolt(g, target: str) -> None:
    cast_and_pay(g, "cast Lightning Bolt", target)
    resolve(g)          # the Bolt
    resolve(g)          # the dies trigger


def test_murderous_rider_goes_to_the_bottom_of_its_owners_library(db):
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
    library: [Island, Island]
  - name: Bob
    battlefield: [Murderous Rider]
    library: [Swamp, Swamp]
""")
    _bolt(g, "Murderous Rider")
    s = g.current_state()
    assert names(g, BOB, "graveyard") == []
    assert s.objs[s.players[BOB].library[0]].card.name == "Murderous Rider"     # index 0: the bottom


def test_cauldron_puts_each_creature_of_yours_that_dies_at_the_bottom(db):
    """Whenever a creature Alice controls dies, it goes to the bottom of its owner's library."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, The Cauldron of Eternity, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
""")
    _bolt(g, "Grizzly Bears")
    s = g.current_state()
    assert "Grizzly Bears" not in names(g, ALICE, "graveyard")
    assert s.objs[s.players[ALICE].library[0]].card.name == "Grizzly Bears"


def test_consign_to_dream_puts_a_red_permanent_on_top_instead(db):
    """A red target goes on top of its owner's library instead of into the hand; a
    nonred, nongreen one returns to the hand."""
    g = board(db, """
  - name: Alice
    hand: [Consign to Dream, Consign to Dream]
    battlefield: [Island, Island, Island, Island, Island, Island]
  - name: Bob
    battlefield: [Goblin Piker, Wall of Omens]
    library: [Swamp]
""")
    cast_and_pay(g, "cast Consign to Dream", "Goblin Piker")
    resolve(g)
    s = g.current_state()
    assert s.objs[s.players[BOB].library[-1]].card.name == "Goblin Piker" and names(g, BOB, "hand") == []
    cast_and_pay(g, "cast Consign to Dream", "Wall of Omens")
    resolve(g)
    assert names(g, BOB, "hand") == ["Wall of Omens"]


def _activate_top_draw(g) -> None:
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Sensei's Divining Top: {T}")))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])


def test_senseis_divining_top_draws_then_goes_on_top(db):
    """{T}: draw a card, then Top goes on top of its owner's library: the next draw is Top."""
    g = board(db, """
  - name: Alice
    battlefield: [Sensei's Divining Top]
    library: [Forest, Island]
  - name: Bob
""")
    _activate_top_draw(g)
    resolve(g)
    s = g.current_state()
    assert names(g, ALICE, "hand") == ["Forest"]
    assert s.objs[s.players[ALICE].library[-1]].card.name == "Sensei's Divining Top"


def test_top_gone_before_resolution_still_draws(db):
    """If Top has left the battlefield before its ability resolves, the card is still drawn and
    Top stays where it went (ruling 2016-06-08; CR 400.7): Bob destroys it in response."""
    g = board(db, """
  - name: Alice
    battlefield: [Sensei's Divining Top]
    library: [Forest, Island]
  - name: Bob
    hand: [Shatter]
    battlefield: [Mountain, Mountain]
""")
    _activate_top_draw(g)
    g.push(next(a for a in g.legal_actions() if a.kind == "pass"))      # Alice passes; Bob answers
    cast_and_pay(g, "cast Shatter", "Sensei's Divining Top")
    resolve(g)          # Shatter
    resolve(g)          # Top's ability
    s = g.current_state()
    assert names(g, ALICE, "hand") == ["Forest"] and "Sensei's Divining Top" in names(g, ALICE, "graveyard")
    assert [s.objs[i].card.name for i in s.players[ALICE].library] == ["Island"]


def test_rider_exiled_from_the_graveyard_in_response_stays_in_exile(db):
    """The trigger finds the card only in the graveyard it went to (CR 400.7, 603.10a): Alice
    exiles the Rider from Bob's graveyard with Cling to Dust in response, and it stays exiled."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Cling to Dust]
    battlefield: [Mountain, Swamp]
    library: [Island, Island]
  - name: Bob
    battlefield: [Murderous Rider]
    library: [Swamp, Swamp]
""")
    cast_and_pay(g, "cast Lightning Bolt", "Murderous Rider")
    resolve(g)          # the Bolt: the Rider dies, its trigger goes on the stack
    assert g.current_state().stack
    cast_and_pay(g, "cast Cling to Dust", "Murderous Rider")
    resolve(g)          # Cling to Dust
    resolve(g)          # the Rider's trigger: nothing to move
    s = g.current_state()
    assert names(g, BOB, "exile") == ["Murderous Rider"]
    assert [s.objs[i].card.name for i in s.players[BOB].library] == ["Swamp", "Swamp"]
