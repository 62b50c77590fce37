"""Simulation: many games of a pod of two to eight decks, in parallel, with trustworthy win rates.

>>> from manastack.sim import simulate
>>> result = simulate("gruul-stompy", "azorius-skies", games=2, workers=1, seed=1)
>>> result.summary.games
2

Modules: ``games`` (one game from a seed and an index: its seating, its record), ``local``
(worker processes), ``ray_backend`` (Ray), ``stats`` (win rates per deck, seat and place in turn
order, with Wilson intervals), ``run`` (``simulate`` and its result), ``plot`` (the win-rate chart).
"""
from manastack.sim.games import EndReason, GameRecord, derive_seed, seating
from manastack.sim.local import SimulationError
from manastack.sim.run import Backend, DeckCheckError, SimResult, simulate
from manastack.sim.stats import DeckSummary, Rate, Summary, wilson

__all__ = ["Backend", "DeckCheckError", "DeckSummary", "EndReason", "GameRecord", "Rate", "SimResult",
           "SimulationError", "Summary", "derive_seed", "seating", "simulate", "wilson"]
