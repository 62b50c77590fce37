"""Extra turns (CR 500.7) with real cards from the card corpus: Time Walk and Time Warp. The
scenarios/cards/cr-500-7-* files play the order of turns."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers

ALICE, BOB = 0, 1


def board(db, players: str) -> Game:
    return game_helpers.board(db, players, turn=3)


def cast_and_resolve(g: Game, name: str, prefer: str = "") -> None:
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name))
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), next((a for a in acts if prefer and prefer in a.label),
                                                                   acts[0])))
    g.push(Action("pass"))
    g.push(Action("pass"))


def test_time_warp_compiles_with_a_target_player(db):
    ab = db.get("Time Warp").abilities[0]
    assert ab.effects == (ir.ExtraTurn(ir.Target(0)),) and ab.targets[0].kind == "player"


def test_extra_turns_are_saved_and_taken_last_added_first(db):
    g = board(db, """
  - name: Alice
    hand: [Time Warp, Time Walk]
    library: [Island, Island, Island]
    battlefield: [Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
    library: [Forest, Forest, Forest]
""")
    cast_and_resolve(g, "Time Warp", "Bob")
    cast_and_resolve(g, "Time Walk")
    assert g.current_state().next_turns == (ALICE, BOB, BOB)     # then they alternate: Alice
    g = Game.from_json(g.to_json(), db)
    assert g.current_state().next_turns == (ALICE, BOB, BOB)
    assert g.explain().count("will take an extra turn after this one") == 2
