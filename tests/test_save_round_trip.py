"""A loaded save continues exactly as the original game, with real cards from the corpus:
how a save names the card faces it carries (engine/serialize.py)."""
from __future__ import annotations

import json

from manastack import Game

from . import game_helpers
from .game_helpers import pick


def _lions_keys(game: Game) -> list[str]:
    return sorted(k for k in json.loads(game.to_json())["state"]["cards"] if k.startswith("Savannah Lions"))


def test_equal_faces_share_one_key_so_a_loaded_game_saves_the_same(db):
    """Resplendent Mentor grants each white creature "{T}: You gain 1 life." Two Savannah Lions
    activate it: each ability on the stack keeps its own copy of the granted card, equal in face.
    The save names that face once; a loaded game, which shares one card for it, then saves and
    continues exactly like the original."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Resplendent Mentor, Savannah Lions, Savannah Lions, Plains]
  - name: Bob
    battlefield: [Forest]
""", turn=3)
    pick(g, "activate Savannah Lions: {T}: You gain 1 life.")
    pick(g, "activate Savannah Lions: {T}: You gain 1 life.")
    assert len(game_helpers.stack_labels(g)) == 2
    assert _lions_keys(g) == ["Savannah Lions", "Savannah Lions#1"]    # printed, and granted
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json()
    for game in (g, loaded):
        pick(game, "pass")
        pick(game, "pass")          # the top ability resolves: Alice gains 1 life
    assert loaded.to_json() == g.to_json()
    assert g.current_state().players[0].life == 21


def _walked(state) -> list:
    out, node = [], state.log
    while node is not None:
        out.append(node[0])
        node = node[1]
    return out[::-1]


def test_the_log_listed_again_after_moves_undos_and_copies_is_the_whole_log():
    """The log lists only what was added since it was last listed (State.log_entries); after
    undoing moves, on a copy that went another way, and after a load, it is still every entry."""
    from manastack import RandomAgent
    g = Game.new("gruul-stompy", "azorius-skies", seed=5)
    agent = RandomAgent(2)
    for n in range(400):
        if g.pending is None:
            break
        g.push(agent.choose(g, g.pending))
        if n % 7 == 0:
            assert g.log == _walked(g.current_state())
        if n % 50 == 49:
            other = g.copy()
            for _ in range(5):
                other.push(agent.choose(other, other.pending))
            for _ in range(3):
                g.pop()
            assert g.log == _walked(g.current_state())
            assert other.log == _walked(other.current_state())
            assert len(other.log) > len(g.log)
            assert Game.from_json(other.to_json()).log == other.log
    assert len(g.log) > 100
