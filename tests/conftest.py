"""Shared test helpers."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "cards" / "AtomicCards-2021.json.gz"
RULES = ROOT.parent / "shared" / "rules" / "MagicCompRules-2026-01-16.txt"


@pytest.fixture(scope="session")
def corpus_path() -> Path:
    if not CORPUS.exists():
        pytest.skip(f"card corpus not found at {CORPUS}")
    return CORPUS
