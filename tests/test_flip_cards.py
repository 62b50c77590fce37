"""Flip cards (CR 710) with real Kamigawa cards: the two halves tied together, flipping once and
for good, the flipped characteristics with the card's own color and mana cost, and leaving the
battlefield unflipped. The scenarios/cards/cr-710-* and cr-707-3-* files play them in games."""
from __future__ import annotations

from manastack import Game
from manastack.cards.multiface import Layout
from manastack.engine import characteristics as ch
from manastack.engine.mechanics import flip_cards
from manastack.oracle import ir
from manastack.scenario import Scenario


def board(db, battlefield: str) -> Game:
    sc = Scenario.from_text(f"""players:
  - name: Alice
    library: [Forest, Forest]
    battlefield: {battlefield}
  - name: Bob
    library: [Island, Island]
""", cards=db)
    return Game.from_state(sc.state, sc.db)


def ctx_of(s):
    return type("Ctx", (), {"s": s})()


def test_the_halves_are_tied_and_the_flipped_face_keeps_color_and_mana_cost(corpus_db):
    """CR 710.1b-c: Akki Lavarunner flips into Tok-Tok, Volcano Born; both have {3}{R} and are red."""
    runner, toktok = corpus_db.get("Akki Lavarunner"), corpus_db.get("Tok-Tok, Volcano Born")
    assert runner.layout is Layout.FLIP and runner.flipped is toktok and toktok.front is runner
    assert toktok.main is runner and toktok.unflipped is runner and runner.unflipped is runner
    assert toktok.mana_cost == runner.mana_cost and toktok.colors == runner.colors == ("R",)
    assert runner.fully_supported and toktok.fully_supported


def test_flip_it_compiles_to_a_flip_of_the_card_itself(corpus_db):
    """"Whenever Akki Lavarunner deals damage to an opponent, flip it." (CR 710.2)"""
    trig = next(ab for ab in corpus_db.get("Akki Lavarunner").abilities if type(ab) is ir.TriggeredAbility)
    assert trig.effects == (ir.Flip(ir.Ref("self")),)


def test_a_permanent_flips_once_and_has_the_flipped_characteristics(corpus_db):
    """CR 710.2, 710.4: Bushi Tenderfoot (1/1) flips into Kenzo the Hardhearted, a legendary 3/4
    with double strike, keeping its counters; flipping again does nothing."""
    g = board(corpus_db, "[Bushi Tenderfoot]")
    s = g.current_state()
    bushi = s.own(s.battlefield[0])        # the state's own object, which flipping changes
    bushi.counters = {"+1/+1": 1}
    ctx = ctx_of(s)
    assert flip_cards.flip(ctx, bushi)
    assert bushi.card.name == "Kenzo the Hardhearted" and flip_cards.is_flipped(bushi)
    assert (ch.power(s, bushi), ch.toughness(s, bushi)) == (4, 5) and ch.has(s, bushi, "double strike")
    assert "Legendary" in bushi.card.supertypes and ch.mana_value(bushi) == 1
    assert not flip_cards.flip(ctx, bushi)                     # CR 710.4: one way only
    assert bushi.card.name == "Kenzo the Hardhearted"
    last = s.log[0]
    assert "can't flip again" in last.text and "710.4" in last.rules


def test_a_card_that_isnt_a_flip_card_doesnt_flip(corpus_db):
    g = board(corpus_db, "[Grizzly Bears]")
    s = g.current_state()
    bears = next(s.objs[i] for i in s.battlefield)
    assert not flip_cards.flip(ctx_of(s), bears)
    assert bears.card.name == "Grizzly Bears" and not flip_cards.is_flipped(bears)


def test_a_scenario_face_puts_a_flip_card_there_flipped(corpus_db):
    """A battlefield entry whose face is the flipped face is a flipped permanent (CR 110.5)."""
    g = board(corpus_db, "[{card: Akki Lavarunner, face: \"Tok-Tok, Volcano Born\"}]")
    s = g.current_state()
    toktok = next(s.objs[i] for i in s.battlefield)
    assert flip_cards.is_flipped(toktok) and ch.has(s, toktok, "protection")
