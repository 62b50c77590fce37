"""Seeded games between random decks of fully supported corpus cards (issue: cards from their
Oracle text). Each must end without an exception, with cards conserved across zones."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.cards import CardDB, load_db
from manastack.decks import Deck
from manastack.mana import COLORS
from manastack.rng import Rng

from .test_random_games import check_invariants

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
GAMES = 40
MAX_ACTIONS = 20_000


@pytest.fixture(scope="module")
def corpus_db(corpus_path) -> CardDB:
    return load_db(corpus_path)


@pytest.fixture(scope="module")
def playable(corpus_db) -> list[str]:
    names = []
    for name in corpus_db.names():
        card = corpus_db.get(name)
        if card.fully_supported and "Land" not in card.types and card.face.get("layout", "normal") == "normal":
            names.append(name)
    assert len(names) > 3000
    return names


def _deck(db: CardDB, names: list[str], rng: Rng) -> Deck:
    colors = [COLORS[rng.below(5)], COLORS[rng.below(5)]]
    fits = [n for n in names if set(db.get(n).colors) <= set(colors)]
    spells = [fits[rng.below(len(fits))] for _ in range(23)]
    lands = [BASICS[colors[i % 2]] for i in range(17)]
    entries = [(1, n) for n in spells + lands]
    return Deck("corpus", tuple(entries))


@pytest.mark.parametrize("seed", range(GAMES))
def test_corpus_deck_game_ends_cleanly(corpus_db, playable, seed):
    rng = Rng(seed)
    decks = [_deck(corpus_db, playable, rng) for _ in range(2)]
    game = Game.new(decks[0], decks[1], seed=seed, cards=corpus_db)
    agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
    for n in range(MAX_ACTIONS):
        if game.pending is None:
            break
        game.push(agents[game.pending.player].choose(game, game.pending))
        if n % 100 == 0:
            check_invariants(game)
    assert game.result is not None, f"no result after {MAX_ACTIONS} actions"
    check_invariants(game)
