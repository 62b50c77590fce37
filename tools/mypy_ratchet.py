"""The mypy ratchet: run mypy on the package and fail if it reports more errors than the number
checked in, which may only fall.

    python3 tools/mypy_ratchet.py            # check (CI runs this after the tests)
    python3 tools/mypy_ratchet.py --lower    # after removing errors: write the new, lower count

mypy reads its settings from pyproject.toml (``[tool.mypy]``); the allowed count is the one
number in ``.ci/mypy-errors``. The count measured is printed either way. Exit status: 0 when
the count is at most the allowed one, 1 when above it, 2 when mypy did not run to a count.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = ROOT / ".ci" / "mypy-errors"
_FOUND = re.compile(r"^Found (\d+) errors? in \d+ files? \(checked \d+ source files?\)$", re.M)
_CLEAN = re.compile(r"^Success: no issues found in \d+ source files?$", re.M)


def error_count(output: str) -> int | None:
    """The number of errors in mypy's summary line, or None when there is no summary (mypy
    crashed or was not run)."""
    if _CLEAN.search(output):
        return 0
    found = _FOUND.findall(output)
    return int(found[-1]) if found else None


def allowed(path: Path = ALLOWED) -> int:
    """The count checked in: one whole number, alone in the file."""
    text = path.read_text(encoding="utf-8").strip()
    if not text.isdigit():
        raise ValueError(f"{path}: expected one whole number, found {text[:40]!r}")
    return int(text)


def run_mypy() -> str:
    done = subprocess.run([sys.executable, "-m", "mypy", "manastack"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout + done.stderr


def judge(count: int | None, limit: int) -> tuple[int, str]:
    """The exit status and the message for ``count`` errors against ``limit``."""
    if count is None:
        return 2, "mypy did not report a count of errors (see its output above)"
    if count > limit:
        return 1, (f"mypy: {count} errors, more than the {limit} allowed (.ci/mypy-errors): "
                   "a change added type errors")
    note = f"; lower the count with: python3 tools/mypy_ratchet.py --lower" if count < limit else ""
    return 0, f"mypy: {count} errors (at most {limit} allowed){note}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lower", action="store_true", help="write the count measured when it is lower")
    args = ap.parse_args(argv)
    limit = allowed()
    output = run_mypy()
    count = error_count(output)
    status, message = judge(count, limit)
    if count is None:
        print(output[-4000:], file=sys.stderr)
    print(message)
    if args.lower and status == 0 and count is not None and count < limit:
        ALLOWED.write_text(f"{count}\n", encoding="utf-8")
        print(f"wrote {count} to .ci/mypy-errors")
    return status


if __name__ == "__main__":
    sys.exit(main())
