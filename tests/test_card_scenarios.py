"""Every scenario in scenarios/cards/ plays out with the card corpus as its base card database
and meets all of its expectations; like the others, it cites rules that exist and validates
with the schema alone."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from manastack.scenario import SCHEMA_PATH, Scenario

ROOT = Path(__file__).resolve().parents[1]
CARD_SCENARIOS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))
RULES = ROOT.parent / "shared" / "rules" / "MagicCompRules-2026-01-16.txt"


@pytest.mark.parametrize("path", CARD_SCENARIOS, ids=lambda p: p.stem)
def test_card_scenario_passes(path, corpus_db):
    run = Scenario.load(path, cards=corpus_db).run()
    failures = [f"line {r.line}: {r.what}: expected {r.expected!r}, got {r.actual!r}" for r in run.failures]
    assert not failures, "\n".join(failures)
    assert run.results, "a scenario should check something"


@pytest.mark.parametrize("path", CARD_SCENARIOS, ids=lambda p: p.stem)
def test_card_scenario_cites_rules_that_exist(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["description"].strip() and data["cites"]
    if not RULES.exists():
        pytest.skip("rules text not available")
    numbers = {m.group(1) for m in re.finditer(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ",
                                               RULES.read_text(encoding="utf-8"), re.M)}
    for cite in data["cites"]:
        for n in re.findall(r"\b\d{3}\.\d+[a-z]?\b", cite):
            assert n in numbers, f"{path.name} cites CR {n}, which doesn't exist"


def test_card_scenarios_validate_with_the_schema_alone():
    validator = Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))
    for path in CARD_SCENARIOS:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, f"{path.name}: {errors[0].message}"
