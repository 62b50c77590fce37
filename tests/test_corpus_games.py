"""Seeded games between random decks of fully supported corpus cards (issue: cards from their
Oracle text). Each must end without an exception, with cards conserved across zones."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.cards import CardDB
from manastack.decks import Deck
from manastack.mana import COLORS
from manastack.rng import Rng

from .test_random_games import check_invariants

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
GAMES = 40
MAX_ACTIONS = 20_000


def _deck(db: CardDB, names: list[str], rng: Rng) -> Deck:
    colors = [COLORS[rng.below(5)], COLORS[rng.below(5)]]
    fits = [n for n in names if set(db.get(n).colors) <= set(colors)]
    spells = [fits[rng.below(len(fits))] for _ in range(23)]
    lands = [BASICS[colors[i % 2]] for i in range(17)]
    entries = [(1, n) for n in spells + lands]
    return Deck("corpus", tuple(entries))


def play(game: Game, seed: int, stop=lambda: False, actions: int = MAX_ACTIONS) -> None:
    """Random agents play ``game`` until it ends, ``stop()`` holds or ``actions`` were taken,
    checking invariants."""
    agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
    for n in range(actions):
        if game.pending is None or stop():
            break
        game.push(agents[game.pending.player].choose(game, game.pending))
        if n % 100 == 0:
            check_invariants(game)


def seeded_game(db: CardDB, names: list[str], seed: int) -> Game:
    """Game ``seed``: two random two-color decks of ``names`` played out."""
    rng = Rng(seed)
    decks = [_deck(db, names, rng) for _ in range(2)]
    game = Game.new(decks[0], decks[1], seed=seed, cards=db)
    play(game, seed)
    return game


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(GAMES))
def test_corpus_deck_game_ends_cleanly(corpus_db, playable, seed):
    game = seeded_game(corpus_db, playable, seed)
    assert game.result is not None, f"no result after {MAX_ACTIONS} actions"
    check_invariants(game)
