"""Where the rules text comes from: a path given, an environment variable, a fetched copy
(:mod:`.fetch`), or a development copy beside the project.

The text is never bundled: a user supplies it or downloads it with ``manastack rules fetch``.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from manastack.user_cache import cache_dir

from .document import DATA_VERSION, RulesDoc, RulesError, from_data, parse_rules, read_rules_text, to_data

RULES_ENV = "MANASTACK_RULES"
"""Environment variable naming the rules file to use."""
DEV_RULES_DIR = Path("..") / "shared" / "rules"
"""Last fallback, relative to the current directory: a development copy beside the project."""


def _newest(directory: Path) -> Path | None:
    files = sorted(directory.glob("MagicCompRules*.txt")) if directory.is_dir() else []
    return files[-1] if files else None


def rules_path(path: str | Path | None = None) -> Path:
    """The rules file to use: ``path``, else ``$MANASTACK_RULES``, else the newest fetched copy,
    else the newest ``../shared/rules/MagicCompRules*.txt``; raises :class:`RulesError` when
    there is none."""
    if path:
        return Path(path)
    if os.environ.get(RULES_ENV):
        return Path(os.environ[RULES_ENV])
    for candidate in (_newest(cache_dir() / "rules"), _newest(DEV_RULES_DIR)):
        if candidate is not None:
            return candidate
    raise RulesError("no Comprehensive Rules text found: pass --rules PATH, set "
                     f"{RULES_ENV}, or run `manastack rules fetch`")


_LOADED: dict[tuple[str, int, int], RulesDoc] = {}


def load_rules(path: str | Path | None = None) -> RulesDoc:
    """The Comprehensive Rules from ``path`` or the default place (see :func:`rules_path`),
    parsed once per file and process, and kept parsed in the cache (:func:`cached_rules`)."""
    p = rules_path(path)
    try:
        st = p.stat()
    except OSError:
        raise RulesError(f"{p}: rules file not found") from None
    key = (str(p.resolve()), st.st_size, st.st_mtime_ns)
    if key not in _LOADED:
        _LOADED[key] = cached_rules(p)
    return _LOADED[key]


def data_path(sha256: str) -> Path:
    return cache_dir() / f"rules-data-v{DATA_VERSION}-{sha256[:16]}.json"


def cached_rules(path: Path) -> RulesDoc:
    """The rules of the file at ``path``: read from the cache directory as data (JSON, keyed by
    the file's SHA-256) when a copy there passes its checks, else parsed from the text and the
    copy (re)written, atomically. A cache that can't be written costs only the parsing."""
    text, digest = read_rules_text(path)
    target = data_path(digest)
    try:
        return from_data(json.loads(target.read_text(encoding="utf-8")), str(path), digest)
    except (OSError, ValueError, TypeError, KeyError):
        pass      # missing, unreadable or failing its checks: parse the text and write it again
    doc = parse_rules(text, str(path), digest)
    part: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".part", delete=False,
                                         encoding="utf-8") as fh:
            part = Path(fh.name)
            json.dump(to_data(doc), fh, ensure_ascii=False, separators=(",", ":"))
        part.replace(target)
    except OSError:
        if part is not None:
            part.unlink(missing_ok=True)
    return doc
