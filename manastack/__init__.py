"""manastack: a Magic: The Gathering rules engine that follows the Comprehensive Rules and
explains every ruling it makes.

>>> import manastack
>>> game = manastack.Game.new("gruul-stompy", "azorius-skies", seed=7)
>>> result = manastack.play_out(game, [manastack.RandomAgent(1), manastack.RandomAgent(2)])
>>> result.winner in (0, 1, None)
True

Importing the package wires the engine (``manastack.engine.loop``: the calls that go up its
layers and the card layer's support check) and nothing else; each public name below is
imported from its module the first time it is read, so a tool that needs only the cards does
not pay for the search agents, the simulator or the scenario files (docs/architecture.md).
Importing changes nothing outside the package: no module of the standard library is patched,
the garbage collector is left as it was (:func:`raise_gc_threshold` is the opt-in for processes
that play many games), and nothing is read from the user's cache directory.
"""
from __future__ import annotations

import importlib

import manastack.engine.loop  # noqa: F401  (wires the engine before any card or game exists)

# public name -> the module that defines it: the one place the package imports lazily
PUBLIC: dict[str, str] = {
    "Action": "manastack.engine.decisions",
    "CardDB": "manastack.cards",
    "CardDef": "manastack.cards",
    "CardError": "manastack.cards",
    "Deck": "manastack.decks",
    "DeckError": "manastack.decks",
    "Decision": "manastack.engine.decisions",
    "DecisionKind": "manastack.engine.decisions",
    "FirstLegalAgent": "manastack.agents",
    "Game": "manastack.game",
    "HeuristicAgent": "manastack.agents",
    "IllegalActionError": "manastack.engine.decisions",
    "RandomAgent": "manastack.agents",
    "Result": "manastack.engine.game_end",
    "SaveError": "manastack.game",
    "Scenario": "manastack.scenario",
    "SimResult": "manastack.sim",
    "load_db": "manastack.cards",
    "load_deck": "manastack.decks",
    "play_out": "manastack.agents",
    "raise_gc_threshold": "manastack.gc_tuning",
    "simulate": "manastack.sim",
}

__all__ = list(PUBLIC)


def __getattr__(name: str):
    """PEP 562: a public name is imported from its module when first read, then kept."""
    module = PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'manastack' has no attribute {name!r}")
    value = globals()[name] = getattr(importlib.import_module(module), name)
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(PUBLIC))
