"""The rules search benchmark's paired comparison of two versions' ranks (bench/rules_search.py
--paired): the mean change of the reciprocal rank per kind, with a bootstrap interval."""
from __future__ import annotations

import importlib.util
import sys

import pytest
from rich.console import Console

from .conftest import ROOT

_spec = importlib.util.spec_from_file_location("rules_search_bench", ROOT / "bench" / "rules_search.py")
bench = sys.modules["rules_search_bench"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def _ranks(*rows):
    return [{"query": f"q{i}", "kind": kind, "rank": rank} for i, (kind, rank) in enumerate(rows)]


def test_paired_reports_the_change_per_kind_with_better_and_worse_counts():
    old = _ranks(("question", 2), ("question", None), ("cards", 1), ("cards", 4))
    new = _ranks(("question", 1), ("question", None), ("cards", 1), ("cards", 2))
    console = Console(record=True, width=200)
    bench.paired(new, old, console)
    lines = {line.split()[0]: line.split() for line in console.export_text().splitlines()[1:]}
    # question: +0.5 and 0 -> mean +0.25; cards: 0 and +0.25 -> +0.125; all: +0.1875
    assert lines["question"][2] == "+0.2500" and lines["question"][-1] == "1/0"
    assert lines["cards"][2] == "+0.1250"
    assert lines["all"][1:3] == ["4", "+0.1875"] and lines["all"][-1] == "2/0"
    assert "keywords" not in lines


def test_paired_refuses_ranks_of_other_queries():
    with pytest.raises(ValueError, match="not of the same queries"):
        bench.paired(_ranks(("question", 1)), [{"query": "other", "kind": "question", "rank": 1}],
                     Console(record=True))
