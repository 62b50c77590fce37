"""Putting a permanent into its owner's library Nth from the top (CR 401.4), with Teferi, Hero of
Dominaria, Oust and Chronostutter, and their rulings."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, resolve


def _library_top_first(g, player: int) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in reversed(s.players[player].library)]


def test_teferi_hero_of_dominaria_puts_it_third_from_the_top(db):
    teferi = db.get("Teferi, Hero of Dominaria")
    assert teferi.fully_supported
    minus = teferi.abilities[1]
    assert minus.effects == (ir.PutInLibrary(ir.Target(0), from_top=3),)
    g = board(db, """  - name: Alice
    battlefield: [{card: "Teferi, Hero of Dominaria", counters: {loyalty: 4}}]
  - name: Bob
    battlefield: [Sol Ring]
    library: [Island, Forest, Swamp, Mountain]
""")
    cast_and_pay(g, "activate Teferi, Hero of Dominaria: −3", "Sol Ring")
    resolve(g)
    assert _library_top_first(g, 1) == ["Island", "Forest", "Sol Ring", "Swamp", "Mountain"]
    assert any("third from the top" in e.text for e in g.current_state().log)


def test_oust_second_from_the_top_of_a_short_library(db):
    """Oust's rulings: with one or more cards in the library the creature goes directly under the
    top card; with none, it is the only card there. Its controller gains 3 life."""
    rulings = " ".join(t for _d, t in db.get("Oust").rulings)
    assert "directly under the top card" in rulings and "as the only card there" in rulings
    for library, after in (("[Island]", ["Island", "Grizzly Bears"]), ("[]", ["Grizzly Bears"])):
        g = board(db, f"""  - name: Alice
    hand: [Oust]
    battlefield: [Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
    library: {library}
""")
        life = g.current_state().players[1].life
        cast_and_pay(g, "cast Oust", "Grizzly Bears")
        resolve(g)
        assert _library_top_first(g, 1) == after
        assert g.current_state().players[1].life == life + 3


def test_chronostutter_puts_a_token_there_and_it_ceases_to_exist(db):
    """A token put into a library ceases to exist (CR 111.8; Chronostutter's template)."""
    g = board(db, """  - name: Alice
    hand: [Chronostutter]
    battlefield: [Island, Island, Island, Island, Island, Island]
  - name: Bob
    battlefield: [{card: Grizzly Bears, token: true}]
    library: [Island, Forest]
""")
    cast_and_pay(g, "cast Chronostutter", "Grizzly Bears")
    resolve(g)
    assert _library_top_first(g, 1) == ["Island", "Forest"]
    assert not [o for o in g.current_state().permanents() if o.card.name == "Grizzly Bears"]
