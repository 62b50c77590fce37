"""Simulation: many games between two decks, in parallel, with trustworthy win rates.

>>> from manastack.sim import simulate
>>> result = simulate("gruul-stompy", "azorius-skies", games=2, workers=1, seed=1)
>>> result.summary.games
2

Modules: ``games`` (one game from a seed and an index), ``local`` (worker processes),
``ray_backend`` (Ray), ``stats`` (win rates with Wilson intervals), ``run`` (``simulate`` and its
result), ``plot`` (the win-rate chart).
"""
from manastack.sim.games import EndReason, GameRecord, derive_seed
from manastack.sim.local import SimulationError
from manastack.sim.run import Backend, DeckCheckError, SimResult, simulate
from manastack.sim.stats import DeckSummary, Rate, Summary, wilson

__all__ = ["Backend", "DeckCheckError", "DeckSummary", "EndReason", "GameRecord", "Rate", "SimResult",
           "SimulationError", "Summary", "derive_seed", "simulate", "wilson"]
