"""Coverage of the 2021 card corpus (skipped when the corpus is not beside the project)."""
from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cli_cards import cards
from manastack.cards import CardDB
from manastack.cards.coverage import coverage, template
from manastack.oracle.compiler import LOYALTY, UNREADABLE

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


@pytest.mark.slow
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


@pytest.fixture(scope="module")
def corpus_cards():
    if not CORPUS.exists():
        pytest.skip(f"card corpus not found at {CORPUS}")
    return json.loads(gzip.decompress(CORPUS.read_bytes()))["data"]


def small_db(corpus_cards, names) -> CardDB:
    """A database of a few corpus cards (built in memory, nothing written)."""
    db = CardDB()
    db.add_atomic({"data": {n: corpus_cards[n] for n in names}}, "corpus subset")
    return db


def test_a_line_dropped_for_one_sentence_lists_each_sentence_with_why(corpus_cards):
    """Cemetery Puca's trigger is one ability (CR 113.2): its second sentence can't be read,
    so the first, readable alone, gives no ability either; both are listed, each with its
    reason, while the template count still blames only the unreadable one; ``unsupported``
    names both, since neither is read."""
    card = small_db(corpus_cards, ["Cemetery Puca"]).get("Cemetery Puca")
    assert [g.text for g in card.gaps] == [
        "Whenever a creature dies, you may pay {1}.",
        "If you do, Cemetery Puca becomes a copy of that creature, except it has this ability."]
    first, second = card.gaps
    assert second.reason == UNREADABLE
    assert first.reason.startswith("dropped with its line") and "If you do, Cemetery Puca becomes" in first.reason
    assert card.unsupported == (first.text, second.text)


def test_loyalty_abilities_are_listed_as_unsupported_with_that_reason(corpus_cards):
    card = small_db(corpus_cards, ["Ajani Steadfast"]).get("Ajani Steadfast")
    # its +1 ("Until end of turn, up to one target creature gets +1/+1 and gains ...") is read
    assert len(card.gaps) == 2 and {g.reason for g in card.gaps} == {LOYALTY}


def test_engine_gaps_have_their_reason(corpus_cards):
    card = small_db(corpus_cards, ["Benalish Hero"]).get("Benalish Hero")
    assert [(g.text, g.reason) for g in card.gaps] == [
        ("banding", "the engine does not implement keyword 'banding' yet")]


def test_coverage_counts_cards_one_template_alone_blocks(corpus_cards):
    """Cemetery Puca and Benalish Hero each have one unsupported template; Ajani Steadfast two."""
    db = small_db(corpus_cards, ["Cemetery Puca", "Benalish Hero", "Ajani Steadfast", "Shock"])
    report = coverage(db)
    assert (report.total, report.compiled, report.single) == (4, 1, 2)
    assert sorted(n for _, n in report.sole) == [1, 1]
    assert sorted(name for name, _ in report.cards) == ["Ajani Steadfast", "Benalish Hero", "Cemetery Puca"]
    assert dict(report.reasons)[LOYALTY] == 2
    data = report.to_dict()
    assert data["blocked_by_one_template"] == 2
    puca = next(c for c in data["cards"] if c["card"] == "Cemetery Puca")
    assert [g["reason"] for g in puca["not_compiled"]][1] == UNREADABLE


def test_cli_coverage_lists_every_part_not_compiled_with_why(corpus_cards, tmp_path):
    path = tmp_path / "few.json"
    path.write_text(json.dumps({"data": {n: corpus_cards[n] for n in ["Ajani Steadfast", "Cemetery Puca"]}}))
    runner = CliRunner()
    text = runner.invoke(cards, ["coverage", "--corpus", str(path), "--per-card"])
    assert text.exit_code == 0, text.output
    assert "blocked by one template alone" in text.output
    assert "-2: Put a +1/+1 counter on each creature you control" in text.output.replace("−", "-") and LOYALTY in text.output
    assert "dropped with its line" in text.output
    data = json.loads(runner.invoke(cards, ["coverage", "--corpus", str(path), "--json"]).output)
    ajani = next(c for c in data["cards"] if c["card"] == "Ajani Steadfast")
    assert [g["reason"] for g in ajani["not_compiled"]] == [LOYALTY] * 2
    shown = runner.invoke(cards, ["show", "Ajani Steadfast", "--cards", str(path)])
    assert shown.output.count(LOYALTY) == 2
