"""Overload (CR 702.96) with real cards from the card corpus: the overloaded text is compiled
from the card's own text with "target" replaced by "each" and the card is playable only when it
compiles. The scenarios/cards/cr-702-96-* files play Electrickery both ways."""
from __future__ import annotations

from manastack import Game
from manastack.cards import overload_text
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_cast
from manastack.oracle import ir

from . import game_helpers

ALICE, BOB = 0, 1


def board(db, players: str) -> Game:
    return game_helpers.board(db, players, turn=3)


def test_overloaded_text_is_compiled_without_targets(db):
    rift = db.get("Cyclonic Rift")
    assert overload_text("Return target nonland permanent. Target player") == \
        "Return each nonland permanent. Each player"
    [spell] = [ab for ab in rift.overloaded.abilities if type(ab) is ir.SpellAbility]
    assert spell.targets == () and "each nonland permanent you don't control" in rift.overloaded.text
    assert rift.overloaded.mana_cost == rift.mana_cost          # its mana value doesn't change
    assert db.get("Counterflux").fully_supported is False  # its overloaded text isn't read


def test_overload_can_be_cast_with_no_target_for_the_printed_text(db):
    """Cyclonic Rift with nothing of Bob's to target: only the overload cast is possible
    (ruling 2020-08-07: overloaded, the spell has no targets)."""
    g = board(db, """
  - name: Alice
    hand: [Cyclonic Rift]
    battlefield: [Island, Island, Island, Island, Island, Island, Island, Grizzly Bears]
  - name: Bob
""")
    s = g.current_state()
    rift = s.objs[s.players[ALICE].hand[0]]
    assert why_not_cast(s, ALICE, rift) is None
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert g.pending.kind == "pay"                               # no question: overload only
    g2 = Game.from_json(g.to_json(), db)                         # the changed text is saved
    assert g2.current_state().stack[0].card.text == rift.card.overloaded.text
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Cyclonic Rift"]
    assert [o.card.name for o in s.permanents(ALICE)].count("Grizzly Bears") == 1


def test_overload_needs_its_cost(db):
    g = board(db, """
  - name: Alice
    hand: [Cyclonic Rift]
    battlefield: [Island, Island]
  - name: Bob
""")
    s = g.current_state()
    assert "{6}{U}" in why_not_cast(s, ALICE, s.objs[s.players[ALICE].hand[0]])   # its overload cost
