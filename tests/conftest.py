"""Shared test helpers."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from manastack.fuzz import playable_names
from manastack.gc_tuning import raise_gc_threshold

# No time limit per example (speed is measured by benchmarks, and these machines are shared);
# in CI the examples are derived from each test, so a run can be repeated exactly.
settings.register_profile("manastack", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("manastack")

# The rules search tests check the ranks of the search without the sentence embeddings of the
# optional `search` extra; the tests of that extra switch it on themselves.
os.environ.setdefault("MANASTACK_EMBEDDINGS", "off")

# The test run plays thousands of games in one process: it opts in to the collector threshold
# that simulation workers use (manastack.gc_tuning); importing manastack leaves it alone.
raise_gc_threshold()

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "cards" / "AtomicCards-2021.json.gz"
RULES = ROOT.parent / "shared" / "rules" / "MagicCompRules-2026-01-16.txt"


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    if not CORPUS.exists():
        pytest.skip(f"card corpus not found at {CORPUS}")
    return CORPUS


@pytest.fixture(scope="session")
def corpus_db(corpus_path):
    """The corpus with the project's own cards (compiling every card takes a while: once)."""
    from manastack.cards import load_db

    return load_db(corpus_path)


@pytest.fixture(scope="session")
def db(corpus_db):
    """The corpus, under the short name most rules tests use."""
    return corpus_db


@pytest.fixture(scope="session")
def playable(corpus_db) -> list[str]:
    """Fully supported corpus cards for random decks: single-faced nonland cards."""
    names = playable_names(corpus_db)
    assert len(names) > 3000
    return names
