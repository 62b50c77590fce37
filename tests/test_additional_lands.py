""""You may play an additional land on each of your turns" (CR 305.2): each such ability of a
permanent the player controls adds to the one land a turn. Real cards from the corpus."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers


def _play_lands(g) -> int:
    """Play lands from the hand while one may be played; how many were played."""
    n = 0
    while True:
        land = next((a for a in g.legal_actions() if a.kind == "play"), None)
        if land is None:
            return n
        g.push(land)
        n += 1


def _board(db, permanents: str):
    return game_helpers.board(db, f"""
  - name: Alice
    hand: [Forest, Forest, Forest, Forest, Forest]
    battlefield: [{permanents}]
  - name: Bob
""", turn=3)


def test_one_land_a_turn_without_such_an_ability(db):
    g = _board(db, "Grizzly Bears")
    assert _play_lands(g) == 1
    assert "Alice has already played a land this turn (CR 305.2)" in \
        g.why_not(Action("play", (g.current_state().players[0].hand[0],)))


def test_the_reason_names_the_limit(db):
    g = _board(db, "Exploration")
    _play_lands(g)
    assert "Alice has already played 2 lands this turn (CR 305.2)" in \
        g.why_not(Action("play", (g.current_state().players[0].hand[0],)))


def test_exploration_allows_two(db):
    assert _play_lands(_board(db, "Exploration")) == 2


def test_azusa_allows_three_and_the_abilities_add_up(db):
    assert _play_lands(_board(db, '"Azusa, Lost but Seeking"')) == 3
    assert _play_lands(_board(db, '"Azusa, Lost but Seeking", Exploration')) == 4


def test_an_opponents_exploration_doesnt_count(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Forest, Forest]
  - name: Bob
    battlefield: [Exploration]
""", turn=3)
    assert _play_lands(g) == 1
