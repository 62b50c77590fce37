"""Every scenario in scenarios/cards/ plays out and meets all of its expectations, with the
card corpus as its card database (these scenarios name corpus cards), and cites rules that exist."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))
RULES = ROOT.parent / "shared" / "rules" / "MagicCompRules-2026-01-16.txt"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_card_scenario_passes(path, corpus_db):
    scenario = Scenario.load(path, cards=corpus_db)
    assert scenario.description.strip() and scenario.cites
    run = scenario.run()
    failures = [f"line {r.line}: {r.what}: expected {r.expected!r}, got {r.actual!r}" for r in run.failures]
    assert not failures, "\n".join(failures)
    assert run.results, "a scenario should check something"
    if RULES.exists():
        numbers = {m.group(1) for m in re.finditer(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ",
                                                   RULES.read_text(encoding="utf-8"), re.M)}
        cited = [n for cite in scenario.cites for n in re.findall(r"\b\d{3}\.\d+[a-z]?\b", cite)]
        assert set(cited) <= numbers, f"{path.name} cites rules that don't exist: {set(cited) - numbers}"
