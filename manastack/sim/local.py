"""Running a simulation's games in local worker processes.

Each worker process is started with the run's :class:`~manastack.sim.games.SimSetup`, builds its
own card database once (:class:`GameRunner`), then plays batches of game indices. Processes are
spawned (not forked), so a worker starts clean whatever threads the parent runs (the progress
bar's, for one) and behaves the same on every platform.
"""
from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from manastack.cards import CardDB
from manastack.gc_tuning import raise_gc_threshold
from manastack.sim.games import GameRecord, GameRunner, SimSetup


class SimulationError(RuntimeError):
    """A run that could not go on (bad arguments, a worker process that died, a missing extra)."""


_RUNNER: GameRunner | None = None
_START_ERROR = ""


def _start_worker(setup: SimSetup) -> None:
    global _RUNNER, _START_ERROR
    raise_gc_threshold()        # a worker process plays games in bulk (manastack.gc_tuning)
    try:
        _RUNNER = GameRunner(setup)
    except Exception as exc:  # noqa: BLE001 - reported with the first batch, in words
        _START_ERROR = f"{type(exc).__name__}: {exc}"


def _play_batch(indices: list[int]) -> list[GameRecord]:
    if _RUNNER is None:
        raise SimulationError(f"a worker process could not start: {_START_ERROR}")
    return _RUNNER.play_many(indices)


def batches(games: int, workers: int, most: int = 16) -> list[list[int]]:
    """Game indices ``0 .. games-1`` in batches: small enough that every worker gets several
    (an even spread and a lively progress bar), at most ``most`` games each."""
    size = max(1, min(most, games // (workers * 4)))
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


def run_local(setup: SimSetup, games: int, workers: int, on_record: Callable[[GameRecord], None],
              db: CardDB | None = None) -> None:
    """Play games ``0 .. games-1``, calling ``on_record`` for each as it finishes. One worker
    plays in this process (with ``db`` if given); more use a pool of spawned processes."""
    if workers == 1:            # in the caller's process: its collector as it was afterwards
        threshold = raise_gc_threshold()
        try:
            runner = GameRunner(setup, db)
            for i in range(games):
                on_record(runner.play(i))
        finally:
            gc.set_threshold(*threshold)
        return
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(setup,))
    try:
        pending = {pool.submit(_play_batch, b) for b in batches(games, workers)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                for record in future.result():
                    on_record(record)
    except BrokenProcessPool:
        raise SimulationError("a worker process stopped unexpectedly (killed, or out of memory); "
                              "the run was abandoned") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
