"""An opt-in setting of the garbage collector for processes that play many games.

Every move copies a state (a few dozen small containers), while the card database, the compiled
abilities and a game's history stay for good. With CPython's first threshold of 700 new
containers the collector runs every few moves, and each pass walks objects that will never be
garbage: random games of the benchmark decks spend about a fifth of their CPU time there.
Waiting for 20,000 new containers makes that a few percent (bench/run.py: 1.2x to 1.4x more
decisions per CPU-second).

The threshold is the process's, not the package's, so importing manastack leaves it alone: a
process that plays games in bulk asks for it. The simulation workers (:mod:`manastack.sim`),
the fuzz tool and the benchmarks do; an application may too::

    import manastack
    manastack.raise_gc_threshold()
"""
from __future__ import annotations

import gc

GC_FIRST_THRESHOLD = 20_000


def raise_gc_threshold(first: int = GC_FIRST_THRESHOLD) -> tuple[int, int, int]:
    """Raise the collector's first-generation threshold to at least ``first`` (never lower it)
    and return the thresholds as they were, for :func:`gc.set_threshold` to restore."""
    before = gc.get_threshold()
    if before[0] < first:
        gc.set_threshold(first, *before[1:])
    return before
