"""Running a simulation's games as Ray tasks, on one machine or a cluster.

Needs the ``ray`` extra (``pip install 'manastack[ray]'``). The run connects to the cluster
``ray.init`` finds (the ``address`` given, else ``RAY_ADDRESS``, else a new local instance
listening on 127.0.0.1 only and stopped at the end). It starts one actor per CPU (at most one per
batch); each actor builds its card database once and plays batches of game indices, handed out
as actors become free. Results are the same as the local backend's: a game depends only on the
run's seed and its index.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import socket
from collections.abc import Callable

from manastack.gc_tuning import raise_gc_threshold
from manastack.sim.games import GameRecord, GameRunner, SimSetup
from manastack.sim.local import SimulationError, batches

# Ray is imported by the run that uses it (importing it takes about a second, which every other
# use of manastack would pay).
RAY_INSTALLED = importlib.util.find_spec("ray") is not None
INSTALL_HINT = "the ray backend needs Ray: pip install 'manastack[ray]'"
CONNECT_SECONDS = 10
LOOPBACK_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"


def check_reachable(address: str) -> None:
    """Raise :class:`SimulationError` when ``HOST:PORT`` (or ``ray://HOST:PORT``) takes no TCP
    connection: Ray itself would keep retrying for minutes."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return                      # "auto" and other forms are Ray's to read
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except (OSError, ValueError) as exc:
        raise SimulationError(f"can't reach a Ray cluster at {address[:100]!r}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None


class _Player:
    """A Ray actor playing games of one run."""

    def __init__(self, setup: SimSetup) -> None:
        raise_gc_threshold()        # an actor's process plays games in bulk (manastack.gc_tuning)
        self.runner = GameRunner(setup)

    def play_many(self, indices: list[int]) -> list[GameRecord]:
        return self.runner.play_many(indices)


def loopback_only() -> None:
    """Have a Ray instance started by this process use 127.0.0.1 as its address and bind every
    server to it: Ray's single-machine mode, which Ray reads from the environment when it is
    imported (so call this first). Not for joining a cluster."""
    os.environ.setdefault(LOOPBACK_ENV, "0")


def require_ray() -> None:
    """Raise :class:`SimulationError` with the install command when Ray is missing."""
    if not RAY_INSTALLED:
        raise SimulationError(INSTALL_HINT)


def run_ray(setup: SimSetup, games: int, on_record: Callable[[GameRecord], None],
            address: str | None = None, workers: int | None = None) -> int:
    """Play games ``0 .. games-1`` on Ray, calling ``on_record`` as each batch comes back;
    ``workers`` caps the number of actors, one CPU each (at most the cluster's CPUs). Returns
    how many actors played."""
    require_ray()
    local = address is None and not os.environ.get("RAY_ADDRESS")
    if local:
        loopback_only()
    ray = importlib.import_module("ray")
    started = not ray.is_initialized()
    try:
        if started and local:
            ray.init(include_dashboard=False, logging_level="ERROR", log_to_driver=False)
        elif started:
            check_reachable(address or os.environ["RAY_ADDRESS"])
            ray.init(address=address, logging_level="ERROR")
    except SimulationError:
        raise
    except (ConnectionError, RuntimeError, ValueError) as exc:
        target = address or os.environ.get("RAY_ADDRESS")
        where = f"reach a Ray cluster at {target[:100]!r}" if target else "start a local Ray instance"
        raise SimulationError(f"can't {where}: "
                              f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    actors = []
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        work = batches(games, workers or cpus)
        actor_class = ray.remote(num_cpus=1)(_Player)
        actors = [actor_class.remote(setup) for _ in range(min(workers or cpus, cpus, len(work)))]
        pool = importlib.import_module("ray.util").ActorPool(actors)
        for records in pool.map_unordered(lambda actor, batch: actor.play_many.remote(batch), work):
            for record in records:
                on_record(record)
        return len(actors)
    except ray.exceptions.RayError as exc:
        raise SimulationError(f"a Ray worker failed: {str(exc).splitlines()[0]}") from None
    finally:
        for actor in actors:
            ray.kill(actor)
        if started:
            ray.shutdown()
