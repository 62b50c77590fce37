"""Every scenario in scenarios/ plays out and meets all of its expectations."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cli import main
from manastack.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
# Scenarios of corpus cards: played with the card corpus (../shared/cards), skipped without it.
CARD_SCENARIOS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))
RULES = ROOT.parent / "shared" / "rules" / "MagicCompRules-2026-01-16.txt"


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_passes(path):
    run = Scenario.load(path).run()
    failures = [f"line {r.line}: {r.what}: expected {r.expected!r}, got {r.actual!r}" for r in run.failures]
    assert not failures, "\n".join(failures)
    assert run.results, "a scenario should check something"


@pytest.mark.parametrize("path", CARD_SCENARIOS, ids=lambda p: p.stem)
def test_card_scenario_passes(path, corpus_db):
    run = Scenario.load(path, cards=corpus_db).run()
    failures = [f"line {r.line}: {r.what}: expected {r.expected!r}, got {r.actual!r}" for r in run.failures]
    assert not failures, "\n".join(failures)
    assert run.results, "a scenario should check something"


@pytest.mark.parametrize("path", SCENARIOS + CARD_SCENARIOS, ids=lambda p: p.stem)
def test_scenario_cites_and_describes(path, request):
    cards = request.getfixturevalue("corpus_db") if path in CARD_SCENARIOS else None
    scenario = Scenario.load(path, cards=cards)
    assert scenario.description.strip()
    assert scenario.cites
    if not RULES.exists():
        pytest.skip("rules text not available")
    numbers = {m.group(1) for m in re.finditer(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ",
                                               RULES.read_text(encoding="utf-8"), re.M)}
    for cite in scenario.cites:
        for n in re.findall(r"\b\d{3}\.\d+[a-z]?\b", cite):
            assert n in numbers, f"{path.name} cites CR {n}, which doesn't exist"


def test_judge_command_passes_all():
    result = CliRunner().invoke(main, ["judge", "--quiet", *map(str, SCENARIOS)])
    assert result.exit_code == 0, result.output
    assert f"{len(SCENARIOS)} passed" in result.output


def test_narrated_log_shows_cr_numbers():
    result = CliRunner().invoke(main, ["judge", str(ROOT / "scenarios" / "shock-to-player.yaml")])
    assert result.exit_code == 0, result.output
    assert "Shock deals 2 damage to Bob" in result.output
    assert "[CR 120.3a]" in result.output
    assert "PASS" in result.output


def test_scenario_files_validate_with_the_schema_alone():
    """Editors see only schema.json and plain YAML: every scenario must pass that check too."""
    import json

    import yaml
    from jsonschema import Draft202012Validator

    from manastack.scenario import SCHEMA_PATH

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for path in SCENARIOS + CARD_SCENARIOS:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert not errors, f"{path.name}: {errors[0].message}"
