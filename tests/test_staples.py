"""The staples of real decks (tests/data/staples.txt): the list is sound, and no staple that
compiles fully stops doing so (tests/data/staples-not-compiled.txt lists those that don't yet)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cards import CardError
from manastack.cards.coverage import read_staples, staples_coverage
from manastack.cli import main

DATA = Path(__file__).parent / "data"
FORMATS = {"legacy", "modern", "pioneer", "pauper", "commander"}


def _not_compiled_yet() -> set[str]:
    lines = (DATA / "staples-not-compiled.txt").read_text().splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def test_the_list_names_300_real_cards_of_five_formats_each_with_its_decks(db):
    staples = read_staples(DATA / "staples.txt")
    assert len(staples) >= 300
    assert len({s.name for s in staples}) == len(staples)
    for s in staples:
        assert set(s.formats) <= FORMATS and s.decks, s
    assert {f for s in staples for f in s.formats} == FORMATS
    assert staples_coverage(db, staples).missing == []


def test_no_staple_stops_compiling(db):
    report = staples_coverage(db, read_staples(DATA / "staples.txt"))
    now = {name for name, _gaps in report.not_compiled}
    listed = _not_compiled_yet()
    assert now <= listed, f"staples that no longer compile fully: {sorted(now - listed)}"
    assert listed <= now, (f"these staples compile fully now: remove them from "
                           f"staples-not-compiled.txt: {sorted(listed - now)}")


def test_a_malformed_staples_list_is_a_clear_error(tmp_path):
    bad = tmp_path / "staples.txt"
    bad.write_text("# card | formats | decks\nLightning Bolt | legacy | Burn\nShock, modern\n")
    with pytest.raises(CardError, match=r"staples.txt, line 3: expected 'card \| formats \| decks'"):
        read_staples(bad)
    bad.write_bytes(b"Lightning Bolt | legacy | Burn\n" * 40_000)
    with pytest.raises(CardError, match="larger than the 1,000,000 bytes"):
        read_staples(bad)
    with pytest.raises(CardError, match="staples list not found"):
        read_staples(tmp_path / "nothing.txt")


def test_coverage_reports_the_staples_share_per_format(tmp_path):
    staples = tmp_path / "staples.txt"
    staples.write_text("Lightning Bolt | modern | Burn\nLlanowar Elves | pioneer, commander | Mono-Green\n"
                       "Black Lotus | legacy | Vintage\n")
    result = CliRunner().invoke(main, ["cards", "coverage", "--corpus", str(DATA / "scryfall-oracle-cards.json"),
                                       "--staples", str(staples)])
    assert result.exit_code == 0, result.output
    assert "Staples: 2 of 2 compile fully (100.0%)." in result.output
    assert "Not in the card file: Black Lotus" in result.output
