"""The Ray backend: on a local 2-CPU Ray instance listening on loopback, a run (of two decks or
a pod of four) gives the same per-game results as the local backend. Skipped when the ``ray``
extra is not installed."""
from __future__ import annotations

import socket

import pytest

from manastack.sim import SimulationError, simulate
from manastack.sim import ray_backend

ray_backend.loopback_only()      # before any test imports Ray: its servers bind to 127.0.0.1 only


def test_ray_backend_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(ray_backend, "RAY_INSTALLED", False)
    with pytest.raises(SimulationError, match=r"pip install 'manastack\[ray\]'"):
        simulate("gruul-stompy", "azorius-skies", games=1, backend="ray")


def test_an_unreachable_cluster_is_a_message_not_a_wait():
    pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'manastack[ray]')")
    with socket.socket() as probe:           # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SimulationError, match=f"can't reach a Ray cluster at '127.0.0.1:{port}'"):
        simulate("gruul-stompy", "azorius-skies", games=1, backend="ray", address=f"127.0.0.1:{port}")


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'manastack[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
    assert ray.get_runtime_context().gcs_address.startswith("127.0.0.1:")
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_ray_results_equal_the_local_backend(local_ray):
    kwargs = dict(games=4, seed=21, agents=("heuristic", "random"))
    on_ray = simulate("gruul-stompy", "azorius-skies", backend="ray", **kwargs)
    local = simulate("gruul-stompy", "azorius-skies", workers=1, **kwargs)
    assert on_ray.records == local.records and on_ray.summary == local.summary
    assert on_ray.backend.value == "ray" and local_ray.is_initialized()   # a cluster it found stays up


@pytest.mark.slow
def test_ray_results_of_a_pod_equal_the_local_backend(local_ray):
    decks = ("gruul-stompy", "azorius-skies", "mono-green", "red-green")
    kwargs = dict(games=4, seed=8, agents=("heuristic", "random", "heuristic", "random"), max_turns=16)
    on_ray = simulate(*decks, backend="ray", **kwargs)
    local = simulate(*decks, workers=1, **kwargs)
    assert on_ray.records == local.records and on_ray.summary == local.summary
    assert len({r.seats for r in on_ray.records}) == 4
