"""Every scenario in scenarios/cards/ plays out and meets all of its expectations, with the
card corpus as its card database (these scenarios name corpus cards)."""
from __future__ import annotations

from pathlib import Path

import pytest

from manastack.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_card_scenario_passes(path, corpus_db):
    scenario = Scenario.load(path, cards=corpus_db)
    assert scenario.description.strip() and scenario.cites
    run = scenario.run()
    failures = [f"line {r.line}: {r.what}: expected {r.expected!r}, got {r.actual!r}" for r in run.failures]
    assert not failures, "\n".join(failures)
    assert run.results, "a scenario should check something"
