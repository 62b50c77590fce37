"""Sentences close to those of widely played cards that must not compile as they do: each shape
read for one staple is refused where it would mean something else (CR 107.3, 119.4, 603.4)."""
from __future__ import annotations

from manastack.cards import CardDef


def _card(text: str, type_line: str = "Creature — Test") -> CardDef:
    types, _, subtypes = type_line.partition(" — ")
    return CardDef.from_face({"name": "Test Card", "manaCost": "{1}", "type": type_line,
                              "types": types.split(), "subtypes": subtypes.split(), "text": text})


def test_from_their_hand_needs_each_player():
    """"from their hand" is bound only by "Each player may put ..." (Show and Tell); after
    another subject it names no one's hand, and the card is refused."""
    assert _card("Each player may put a land card from their hand onto the battlefield.",
                 "Sorcery").fully_supported
    assert not _card("At the beginning of each player's upkeep, that player may put a land card from "
                     "their hand onto the battlefield.").fully_supported
    assert not _card("Put a land card from their hand onto the battlefield.", "Sorcery").fully_supported


def test_pay_x_life_only_as_an_additional_cost():
    """X of "pay X life" is announced as a spell is cast (CR 601.2b, 107.3a): read in a spell's
    additional cost (Toxic Deluge), refused in an activation cost, where no X is announced."""
    assert _card("As an additional cost to cast this spell, pay X life.\nAll creatures get -X/-X until "
                 "end of turn.", "Sorcery").fully_supported
    assert not _card("Pay X life: Target creature gets +X/+0 until end of turn.").fully_supported


def test_other_than_the_entering_permanent_only_in_enters_triggers():
    """"if you control at least five other Mountains" after a Mountain entering counts the others
    (Valakut, CR 603.4); after a trigger on something else "other" stays unread."""
    assert _card("Whenever a Mountain enters the battlefield under your control, if you control at least "
                 "five other Mountains, you may have Test Card deal 3 damage to any target.",
                 "Land").fully_supported
    assert not _card("Whenever a Mountain you control becomes tapped, if you control at least five other "
                     "Mountains, Test Card deals 1 damage to any target.", "Land").fully_supported


def test_countered_spell_elsewhere_needs_a_plain_counter():
    """"put it into its owner's hand instead" joins only "Counter target spell." (Remand,
    CR 614.15), not a counter unless its controller pays."""
    assert _card("Counter target spell. If that spell is countered this way, put it into its owner's hand "
                 "instead of into that player's graveyard.", "Instant").fully_supported
    assert not _card("Counter target spell unless its controller pays {3}. If that spell is countered this "
                     "way, put it into its owner's hand instead of into that player's graveyard.",
                     "Instant").fully_supported


def test_that_many_needs_what_it_counts():
    """"that many" counts what the effect before it sacrificed (Scapeshift) or exiled (Settle the
    Wreckage, CR 608.2c); with nothing such before it, it counts nothing and is refused."""
    assert _card("Sacrifice any number of lands. Search your library for up to that many land cards, put "
                 "them onto the battlefield tapped, then shuffle your library.", "Sorcery").fully_supported
    assert not _card("Draw a card. Search your library for up to that many land cards, put them onto the "
                     "battlefield tapped, then shuffle your library.", "Sorcery").fully_supported
    assert not _card("Destroy all attacking creatures target player controls. That player may search their "
                     "library for that many basic land cards, put those cards onto the battlefield tapped, "
                     "then shuffle their library.", "Instant").fully_supported
