"""Revealing cards from the top of a library until a card of some kind is revealed (CR 701.20a),
with the cards of the corpus that say so: the card found goes to the hand or the battlefield,
the rest on the bottom of the library in a random order or shuffled in (Selvala's Stampede,
in tests/test_votes.py)."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, resolve


def _names(s, ids) -> list[str]:
    return [s.objs[i].card.name for i in ids]


def test_evolutionary_leap_puts_the_creature_card_into_the_hand_and_the_rest_on_the_bottom(db):
    """"Reveal cards from the top of your library until you reveal a creature card. Put that card
    into your hand and the rest on the bottom of your library in a random order.": the Giant,
    third from the top, goes to the hand; the two Islands revealed before it go under the
    Forest that was not revealed."""
    g = board(db, """
  - name: Alice
    battlefield: [Evolutionary Leap, Forest, Grizzly Bears]
    library: [Island, Island, Hill Giant, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Evolutionary Leap")
    resolve(g)
    s = g.current_state()
    assert _names(s, s.players[0].hand) == ["Hill Giant"]
    assert _names(s, s.players[0].library) == ["Island", "Island", "Forest"]     # bottom first
    assert any(e.text == "Alice reveals cards from the top of their library until one matches: Island, Island, Hill Giant" and "701.20a" in e.rules for e in g.log)


def test_jalira_skips_a_legendary_creature_card_and_puts_the_other_onto_the_battlefield(db):
    """"... until you reveal a nonlegendary creature card. Put that card onto the battlefield":
    the legendary Isamaru is revealed and passed over; the Bears enter under Alice's control,
    Isamaru goes to the bottom and the unrevealed Island stays on top."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: "Jalira, Master Polymorphist", sick: false}, {card: Island, count: 3}, Llanowar Elves]
    library: ["Isamaru, Hound of Konda", Grizzly Bears, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Jalira")
    resolve(g)
    s = g.current_state()
    assert any(o.card.name == "Grizzly Bears" and o.controller == 0 for o in s.permanents())
    assert sorted(_names(s, s.players[0].library)) == ["Isamaru, Hound of Konda", "Island"]
    assert _names(s, s.players[0].library)[-1] == "Island"      # not revealed: still on top
