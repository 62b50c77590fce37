"""The user's cache directory, and writing a file into it whole or not at all.

What the package keeps there is data only, read with checks and rebuilt when they fail: the
Oracle grammar's parser tables (:mod:`manastack.oracle.parser_tables`, JSON), the indexes of
large card files (:mod:`manastack.cards.file_index`, SQLite), the rules search index
(:mod:`manastack.rules`, SQLite) and the fuzz tool's pool of playable cards
(:mod:`manastack.fuzz`, JSON). Nothing read from it is run as code (no pickles, no marshalled
code objects), and a missing, corrupt or unwritable file only costs the time to rebuild it.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

CACHE_ENV = "MANASTACK_CACHE"
STALE_SECONDS = 3600        # a temporary file this old was left by a write cut short


def cache_dir() -> Path:
    """``$MANASTACK_CACHE``, else ``$XDG_CACHE_HOME/manastack`` or ``~/.cache/manastack`` (the
    directory of the rules index too, docs/rules-search.md)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "manastack"


def write_whole(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` through a temporary file renamed into place, so a reader never
    sees half a file; True if written. Any failure is ignored (a cache only saves time)."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
        tmp = None
        for stale in path.parent.glob(f"{path.name}*.tmp"):
            if time.time() - stale.stat().st_mtime > STALE_SECONDS:
                stale.unlink()
        return True
    except (OSError, ValueError):
        return False
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
