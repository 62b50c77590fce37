"""Coverage of the 2021 card corpus (skipped when the corpus is not beside the project)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cli_cards import cards
from manastack.cards.coverage import coverage, template

CORPUS = Path(__file__).resolve().parents[1].parent / "shared/cards/AtomicCards-2021.json.gz"
BUILTIN = Path(__file__).resolve().parents[1] / "manastack/cards/data/cards.json"


def test_templates_group_numbers_mana_and_names():
    assert template("Shock deals 2 damage to target creature.", "Shock") == \
        template("Lava Dart deals 1 damage to target creature.", "Lava Dart") == \
        "~ deals N damage to target creature."
    assert template("{2}{R}: Draw a card.", "X") == "{M}{M}: Draw a card."
    assert template("Creatures get +1/+1.", "X") == "Creatures get +N/+N."


def test_coverage_of_the_builtin_file():
    report = coverage(BUILTIN)
    assert report.total >= 60 and report.compiled >= 48
    assert all(count >= 1 for _, count in report.top)


def test_cli_show_and_coverage_json():
    runner = CliRunner()
    result = runner.invoke(cards, ["show", "Lightning Bolt"])
    assert result.exit_code == 0 and "DealDamage" in result.output
    assert runner.invoke(cards, ["show", "No Such Card"]).exit_code != 0
    result = runner.invoke(cards, ["coverage", "--corpus", str(BUILTIN), "--json"])
    assert result.exit_code == 0 and '"compiled"' in result.output


@pytest.mark.skipif(not CORPUS.exists(), reason=f"card corpus not found at {CORPUS}")
def test_corpus_coverage():
    start = time.perf_counter()
    report = coverage(CORPUS)
    elapsed = time.perf_counter() - start
    print(f"\n{report.compiled}/{report.total} cards compile fully ({report.share:.1%}) "
          f"in {elapsed:.1f}s")
    assert report.total == 21425
    assert report.share >= 0.25
    assert len(report.top) == 30
