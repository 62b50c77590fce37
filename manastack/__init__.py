"""manastack: a Magic: The Gathering rules engine that follows the Comprehensive Rules and
explains every ruling it makes.

>>> import manastack
>>> game = manastack.Game.new("gruul-stompy", "azorius-skies", seed=7)
>>> result = manastack.play_out(game, [manastack.RandomAgent(1), manastack.RandomAgent(2)])
>>> result.winner in (0, 1, None)
True
"""
from manastack.agents import FirstLegalAgent, HeuristicAgent, RandomAgent, play_out
from manastack.cards import CardDB, CardDef, CardError, load_db
from manastack.decks import Deck, DeckError, load_deck
from manastack.engine.decisions import Action, Decision, DecisionKind, IllegalActionError
from manastack.engine.game_end import Result
from manastack.game import Game, SaveError
from manastack.scenario import Scenario
from manastack.sim import SimResult, simulate

__all__ = [
    "Action", "CardDB", "CardDef", "CardError", "Deck", "DeckError", "Decision", "DecisionKind",
    "FirstLegalAgent", "Game", "HeuristicAgent", "IllegalActionError", "RandomAgent", "Result",
    "SimResult", "load_db", "load_deck", "play_out", "simulate", "SaveError", "Scenario",
]
