"""CR 903.3a: "~ can be your commander." compiles to a marker (:class:`ir.CanBeCommander`) that
the Commander deck check reads and that does nothing in a game; and the loyalty abilities of the
planeswalkers that carry it, with their rulings."""
from __future__ import annotations

import dataclasses

import pytest

from manastack.cards.identity import can_be_commander
from manastack.decks import Deck, DeckFormat, check_deck
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, names, on_battlefield, pick, resolve

MAY_BE_COMMANDERS = ("Aminatou, the Fateshifter", "Daretti, Scrap Savant", "Estrid, the Masked",
                     "Freyalise, Llanowar's Fury", "Jeska, Thrice Reborn", "Lord Windgrace",
                     "Nahiri, the Lithomancer", "Ob Nixilis of the Black Oath", "Rowan Kenrith",
                     "Saheeli, the Gifted", "Teferi, Temporal Archmage", "Tevesh Szat, Doom of Fools",
                     "Will Kenrith")


@pytest.mark.parametrize("name", MAY_BE_COMMANDERS)
def test_the_sentence_compiles_to_a_marker(db, name):
    """Every corpus card that says it can be your commander carries the marker, and the
    sentence is no longer among its parts not compiled."""
    card = db.get(name)
    assert [type(ab) for ab in card.abilities].count(ir.CanBeCommander) == 1
    assert not any("can be your commander" in u for u in card.unsupported)
    assert can_be_commander(card) is None


def test_the_deck_check_reads_the_marker_not_the_text(db):
    """CR 903.3a: a planeswalker with the marker may lead a deck; without it (the same text,
    its compiled abilities taken away) it is refused as any other noncreature card."""
    deck = Deck("daretti", ((99, "Mountain"),), commander=((1, "Daretti, Scrap Savant"),))
    assert check_deck(deck, db, DeckFormat.COMMANDER) == []
    daretti = db.get("Daretti, Scrap Savant")
    bare = dataclasses.replace(daretti, abilities=tuple(ab for ab in daretti.abilities
                                                        if type(ab) is not ir.CanBeCommander))
    assert "can be your commander" in bare.text
    assert "not a creature" in can_be_commander(bare)


def test_freyalise_makes_an_elf_druid_that_taps_for_green(db):
    """Freyalise's +2 creates a 1/1 green Elf Druid with "{T}: Add {G}." (CR 111.3: the quoted
    ability is the token's own); the marker does nothing on the battlefield (CR 903.3a)."""
    assert db.get("Freyalise, Llanowar's Fury").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [{card: "Freyalise, Llanowar's Fury", counters: {loyalty: 3}}]
  - name: Bob
""", turn=3)
    pick(g, "activate Freyalise")
    resolve(g)
    elf = on_battlefield(g, "Elf Druid Token")[0]
    assert (elf.card.power, elf.card.toughness, elf.card.colors) == ("1", "1", ("G",))
    assert on_battlefield(g, "Freyalise, Llanowar's Fury")[0].counters == {"loyalty": 5}
    mana = [ab for ab in elf.card.abilities if type(ab) is ir.ActivatedAbility]
    assert len(mana) == 1 and mana[0].is_mana and mana[0].text == "{T}: Add {G}."
