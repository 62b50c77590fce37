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


WINDGRACE = """
  - name: Alice
    battlefield: [{card: Lord Windgrace, counters: {loyalty: %d}}]
    hand: [%s]
    library: [{card: Island, count: 5}]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant, Forest]
"""


def _plus_two(db, hand: str, discard: str | None):
    g = board(db, WINDGRACE % (5, hand), turn=3)
    pick(g, "activate Lord Windgrace: +2")
    g.push(Action("pass"))
    g.push(Action("pass"))
    if discard is not None:
        pick(g, discard)
    return g


def test_lord_windgrace_draws_an_additional_card_for_a_land_discarded(db):
    """Lord Windgrace's +2: discard a card, then draw a card; if a land card is discarded this way,
    draw an additional card (CR 608.2c, 701.9a). A nonland card: one card drawn. With no cards in
    hand: nothing discarded, one card drawn (its ruling 2018-07-13)."""
    assert db.get("Lord Windgrace").fully_supported
    g = _plus_two(db, "Forest, Grizzly Bears", "Forest")
    assert names(g, 0, "graveyard") == ["Forest"] and names(g, 0, "hand") == ["Grizzly Bears", "Island", "Island"]
    g = _plus_two(db, "Forest, Grizzly Bears", "Grizzly Bears")
    assert names(g, 0, "graveyard") == ["Grizzly Bears"] and names(g, 0, "hand") == ["Forest", "Island"]
    g = _plus_two(db, "", None)
    assert names(g, 0, "graveyard") == [] and names(g, 0, "hand") == ["Island"]
    assert on_battlefield(g, "Lord Windgrace")[0].counters == {"loyalty": 7}


def test_lord_windgrace_makes_six_cats_whatever_is_destroyed(db):
    """Lord Windgrace's -11 with one target: it is destroyed and six 2/2 Cat Warriors with
    forestwalk are created all the same (its ruling 2018-07-13)."""
    g = board(db, WINDGRACE % (11, ""), turn=3)
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Lord Windgrace") and "11:" in a.label))
    pick(g, "target Hill Giant")                    # one of "up to six" targets
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.label.startswith("no more")))
    g.push(Action("pass"))
    g.push(Action("pass"))
    cats = on_battlefield(g, "Cat Warrior Token")
    assert len(cats) == 6 and all(c.controller == 0 for c in cats)
    assert names(g, 1, "graveyard") == ["Hill Giant"] and len(on_battlefield(g, "Grizzly Bears")) == 1


def test_psychic_miasma_returns_to_hand_for_a_land_discarded(db):
    """Psychic Miasma: if a land card is discarded this way, it returns to its owner's hand from
    the stack; it isn't put into the graveyard (its ruling 2011-01-01). A nonland card: it goes to
    the graveyard as usual (CR 608.2n)."""
    assert db.get("Psychic Miasma").fully_supported
    for discarded, where in (("Forest", "hand"), ("Grizzly Bears", "graveyard")):
        g = board(db, """
  - name: Alice
    hand: [Psychic Miasma]
    battlefield: [Swamp, Swamp]
  - name: Bob
    hand: [Forest, Grizzly Bears]
""", turn=3)
        pick(g, "cast Psychic Miasma")
        while g.pending.kind != "priority":
            g.push(next(a for a in g.legal_actions() if "Bob" in a.label or a.kind == "autopay"))
        g.push(Action("pass"))
        g.push(Action("pass"))
        pick(g, discarded)
        assert names(g, 0, where) == ["Psychic Miasma"], discarded
        assert names(g, 1, "graveyard") == [discarded]


DARETTI = """
  - name: Alice
    battlefield: [{card: "Daretti, Scrap Savant", counters: {loyalty: %d}}, Ornithopter, Mountain, Mountain]
    hand: [Forest, Island, Grizzly Bears%s]
    library: [{card: Swamp, count: 5}]
  - name: Bob
"""


def _daretti(db, loyalty: int, extra: str = ""):
    return board(db, DARETTI % (loyalty, extra), turn=3)


def _activate(g, cost: str) -> None:
    g.push(next(a for a in g.legal_actions()
                if a.label.startswith("activate Daretti") and f"{cost}:" in a.label.replace("−", "-")))


def test_daretti_discards_up_to_two_and_draws_that_many(db):
    """Daretti's +2: Alice discards up to two cards, then draws as many as she discarded; she
    may discard none, and then draws none (its ruling 2014-11-07)."""
    assert db.get("Daretti, Scrap Savant").fully_supported
    for discards in (["Forest", "Grizzly Bears"], ["Island"], []):
        g = _daretti(db, 3)
        _activate(g, "+2")
        g.push(Action("pass"))
        g.push(Action("pass"))
        for name in discards:
            pick(g, name)
        if len(discards) < 2:
            pick(g, "discard no more")
        assert names(g, 0, "graveyard") == sorted(discards)
        kept = sorted(set(["Forest", "Island", "Grizzly Bears"]) - set(discards))
        assert names(g, 0, "hand") == sorted(kept + ["Swamp"] * len(discards))
        assert on_battlefield(g, "Daretti, Scrap Savant")[0].counters == {"loyalty": 5}


def test_daretti_emblem_returns_an_artifact_at_the_next_end_step(db):
    """Daretti's -10: Alice gets an emblem; when her Ornithopter is then put into her graveyard
    from the battlefield (Shatter), it returns to the battlefield under her control at the
    beginning of the next end step (CR 603.7, 110.2a)."""
    g = _daretti(db, 10, ", Shatter")
    _activate(g, "-10")
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert any(not s.objs[i].card.types for i in s.players[0].command)      # the emblem (CR 114.2)
    pick(g, "cast Shatter")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Ornithopter" in a.label or a.kind == "autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert names(g, 0, "graveyard") == ["Daretti, Scrap Savant", "Ornithopter", "Shatter"]   # 0 loyalty (CR 704.5i)
    assert not on_battlefield(g, "Ornithopter")
    for _ in range(40):
        if on_battlefield(g, "Ornithopter") or g.current_state().turn > 3:
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    thopter = on_battlefield(g, "Ornithopter")
    assert thopter and thopter[0].controller == 0 and g.current_state().step == "end"


def _alice_has_priority_in_bobs_turn(g) -> None:
    for _ in range(60):
        s = g.current_state()
        if s.active == 1 and g.pending.kind == "priority" and g.pending.player == 0:
            return
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    raise AssertionError("Alice never had priority in Bob's turn")


def test_teferis_emblem_lets_loyalty_abilities_be_activated_at_instant_speed(db):
    """Teferi's -10: with the emblem, Alice may activate her planeswalkers' loyalty abilities on
    any player's turn, whenever she could cast an instant; still only one loyalty ability of each
    planeswalker each turn (CR 606.3). Without it, none in Bob's turn."""
    assert db.get("Teferi, Temporal Archmage").fully_supported
    players = """
  - name: Alice
    battlefield: [{card: "Teferi, Temporal Archmage", counters: {loyalty: 10}}, {card: Garruk Wildspeaker, counters: {loyalty: 3}}]
    library: [{card: Island, count: 10}]
  - name: Bob
    library: [{card: Island, count: 10}]
"""
    g = board(db, players, turn=3)
    _alice_has_priority_in_bobs_turn(g)
    assert not any(a.label.startswith("activate Garruk") for a in g.legal_actions())
    g = board(db, players, turn=3)
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Teferi") and "10:" in a.label))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert not on_battlefield(g, "Teferi, Temporal Archmage")      # 0 loyalty (CR 704.5i)
    _alice_has_priority_in_bobs_turn(g)
    garruk = [a for a in g.legal_actions() if a.label.startswith("activate Garruk")]
    assert garruk
    g.push(next(a for a in garruk if "Beast" in a.label))           # -1: a 3/3 Beast token
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert not any(a.label.startswith("activate Garruk") for a in g.legal_actions())   # once each turn
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert on_battlefield(g, "Beast Token")


def test_a_token_naming_its_creator_in_its_quoted_ability_is_not_read(db):
    """Rekindling Phoenix's Elemental token "returns target card named Rekindling Phoenix": the
    card's name, read as "~" in the quoted text, would name the token itself there, so the
    sentence is refused rather than run wrong; Dragon Egg's token with flying and a quoted
    ability compiles (CR 111.3)."""
    assert not db.get("Rekindling Phoenix").fully_supported
    egg = db.get("Dragon Egg")
    assert egg.fully_supported
    spec = next(e for ab in egg.abilities if type(ab) is ir.TriggeredAbility for e in ab.effects).token
    assert [k.name for k in spec.keywords] == ["flying"] and spec.text.endswith("gets +1/+0 until end of turn.")


def test_a_card_returned_with_no_controller_named_comes_back_under_its_returner(db):
    """CR 110.2a: "return that card to the battlefield" names no controller, so the card enters
    under the control of the player whose effect puts it there. Alice's Grizzly Bears, which Bob
    controls, die: they go to Alice's graveyard, Angelic Renewal triggers (its ruling
    2018-12-07: a creature she owns dying under another player's control), she sacrifices it
    and the Bears return under her control."""
    assert db.get("Angelic Renewal").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Angelic Renewal]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, {card: Grizzly Bears, owner: Alice}]
""", turn=2, active="Bob")
    pick(g, "cast Lightning Bolt")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label or a.kind == "autopay"))
    for _ in range(10):
        if on_battlefield(g, "Grizzly Bears") and not g.current_state().stack:
            break
        g.push(Action("pass") if g.pending.kind == "priority" else
               next(a for a in g.legal_actions() if a.label.lower().startswith("yes")))
    bears = on_battlefield(g, "Grizzly Bears")
    assert bears and bears[0].controller == 0 and bears[0].owner == 0
    assert names(g, 0, "graveyard") == ["Angelic Renewal"]


def test_ob_nixilis_emblem_is_activated_from_the_command_zone(db):
    """Ob Nixilis's -8 gives Alice an emblem with an activated ability, which she activates from
    the command zone (CR 114.4): {1}{B}, sacrifice Hill Giant (power 3): she gains 3 life and
    draws 3 cards, X being the sacrificed creature's power as it last existed (CR 608.2h)."""
    assert db.get("Ob Nixilis of the Black Oath").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [{card: Ob Nixilis of the Black Oath, counters: {loyalty: 8}}, Hill Giant, Swamp, Swamp]
    library: [{card: Island, count: 5}]
  - name: Bob
""", turn=3)
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Ob Nixilis") and "8:" in a.label))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    emblem = next(s.objs[i] for i in s.players[0].command)
    assert not emblem.card.types
    acts = [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == emblem.id]
    assert len(acts) == 1
    g.push(acts[0])
    while g.pending.kind != "priority":
        g.push(next((a for a in g.legal_actions() if "Hill Giant" in a.label or a.kind == "autopay"),
                    g.legal_actions()[0]))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert s.players[0].life == 23 and len(s.players[0].hand) == 3
    assert names(g, 0, "graveyard") == ["Hill Giant", "Ob Nixilis of the Black Oath"]
