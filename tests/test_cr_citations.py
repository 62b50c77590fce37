"""Every rule number the code and the game log cite exists in the Comprehensive Rules."""
from __future__ import annotations

import re

import pytest

from manastack import Game, RandomAgent

from .conftest import ROOT, RULES

_RULE_LINE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?\.?\s")
_CITED = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?)")


@pytest.fixture(scope="module")
def rule_numbers() -> set[str]:
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    numbers = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = _RULE_LINE.match(line)
        if m:
            section, rule, sub = m.groups()
            numbers.add(section)
            if rule:
                numbers.add(f"{section}.{rule}")
                if sub:
                    numbers.add(f"{section}.{rule}{sub}")
    return numbers


def test_rule_numbers_in_the_code_exist(rule_numbers):
    missing = []
    for path in (ROOT / "manastack").rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cited in _CITED.findall(line):
                if cited not in rule_numbers:
                    missing.append(f"{path.relative_to(ROOT)}:{n}: CR {cited}")
    assert not missing, "\n".join(missing)


def test_rule_numbers_in_game_logs_exist(rule_numbers):
    for seed in range(3):
        game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while game.pending is not None:
            game.push(agents[game.pending.player].choose(game, game.pending))
        cited = {r for e in game.log for r in e.rules}
        assert cited, "the log cites no rules"
        assert cited <= rule_numbers, sorted(cited - rule_numbers)
