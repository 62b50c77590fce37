"""The mypy ratchet (tools/mypy_ratchet.py): reading mypy's summary and judging it against the
count checked in. mypy itself runs in CI after the tests (.ci/run), not here: it takes minutes."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mypy_ratchet", ROOT / "tools" / "mypy_ratchet.py")
ratchet = importlib.util.module_from_spec(_spec)
sys.modules["mypy_ratchet"] = ratchet
_spec.loader.exec_module(ratchet)


def test_the_summary_line_gives_the_count():
    assert ratchet.error_count("a.py:1: error: x  [misc]\nFound 3132 errors in 78 files (checked 155 source files)\n") == 3132
    assert ratchet.error_count("Found 1 error in 1 file (checked 2 source files)") == 1
    assert ratchet.error_count("Success: no issues found in 157 source files\n") == 0
    assert ratchet.error_count("Traceback (most recent call last):\n  ...\nINTERNAL ERROR") is None
    assert ratchet.error_count("") is None


def test_more_errors_than_allowed_fail_fewer_or_equal_pass():
    assert ratchet.judge(3001, 3000)[0] == 1 and "more than the 3000 allowed" in ratchet.judge(3001, 3000)[1]
    assert ratchet.judge(3000, 3000) == (0, "mypy: 3000 errors (at most 3000 allowed)")
    assert ratchet.judge(2990, 3000)[0] == 0 and "--lower" in ratchet.judge(2990, 3000)[1]
    assert ratchet.judge(None, 3000)[0] == 2


def test_the_checked_in_count_is_one_number(tmp_path):
    assert ratchet.allowed() >= 0                      # the file CI reads
    bad = tmp_path / "mypy-errors"
    bad.write_text("about 3000\n")
    with pytest.raises(ValueError, match="one whole number"):
        ratchet.allowed(bad)


def test_ci_runs_the_readme_test_command_then_the_ratchet():
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m pytest" in run and "python3 tools/mypy_ratchet.py" in run
    assert run.index("python3 -m pytest") < run.index("python3 tools/mypy_ratchet.py")
