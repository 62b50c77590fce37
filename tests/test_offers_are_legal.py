"""What is offered is legal: at every decision of random games (bundled decks and corpus decks),
every answer offered, pushed on a copy, is accepted and leads on (the engine doesn't take it
back), and no decision comes back with nothing changed. The long run of the same checks is
``python3 -m manastack.fuzz --offers``."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.agents import FirstLegalAgent, HeuristicAgent
from manastack.fuzz import InvariantError, _fingerprint, check_offers, new_game, same_position

ACTIONS = 300           # actions of each game checked


def walk(game: Game, agents, actions: int = ACTIONS, offers: bool = True) -> int:
    """Let ``agents`` play ``actions`` actions, checking every offered answer first (``offers``)
    and that the game never comes back to a position it was at; returns the actions taken."""
    seen: dict[tuple, list[Game]] = {}
    for n in range(actions):
        if game.pending is None:
            return n
        if offers:
            check_offers(game)
        key = _fingerprint(game)
        for earlier in seen.get(key, ()):
            if same_position(earlier, game):
                raise InvariantError("decision repeats", f"{game.pending.kind} decision came back unchanged "
                                     f"after {n} actions")
        seen.setdefault(key, []).append(game.copy())
        game.push(agents[game.pending.player].choose(game, game.pending))
    return actions


@pytest.mark.parametrize("decks,seed", [(("gruul-stompy", "azorius-skies"), 1), (("mono-green", "red-green"), 2)])
def test_every_offer_in_bundled_deck_games(decks, seed):
    game = Game.new(*decks, seed=seed)
    n = walk(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    assert n == ACTIONS or game.result is not None


@pytest.mark.parametrize("seed", range(3))
def test_every_offer_in_corpus_deck_games(corpus_db, playable, seed):
    game = new_game(corpus_db, playable, seed)
    n = walk(game, [RandomAgent(seed), RandomAgent(seed + 1000)], actions=250)
    assert n == 250 or game.result is not None


@pytest.mark.parametrize("agents", [(HeuristicAgent(1), HeuristicAgent(2)), (FirstLegalAgent(), FirstLegalAgent())])
def test_deterministic_players_never_come_back_to_a_position(agents):
    """A player that answers the same way in the same position would go round forever."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=5)
    walk(game, list(agents), actions=1500, offers=False)
