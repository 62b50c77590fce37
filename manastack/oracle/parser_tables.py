"""The Oracle grammar's LALR parser, its tables kept in the user's cache directory as data.

Building the parser from ``grammar.lark`` takes seconds (the LALR analysis); reading its
tables back takes a fraction of one, so they are kept between runs. Lark's own cache, like
``Lark.save``, is a pickle, and reading a pickle can run any code the file names; these tables
are JSON instead: Lark's serialized form of the parser (plain dicts, lists, tuples, strings,
numbers), with tuples and integer-keyed dicts tagged so that they read back exactly, handed to
``Lark.load``, which makes from it only Lark's own parser classes.

A table file is one line of header (JSON: the format, digests of the grammar and the options,
the Lark and Python versions, and the SHA-256 of the rest of the file) and the serialized
parser. A file whose header is not the one expected, whose body does not match its digest, or
that does not load, is rebuilt from the grammar and written anew, never trusted: the worst a
file written by someone else can do is give a parser that reads cards wrongly, as a changed
grammar would, and it can't run code.
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from manastack.user_cache import cache_dir, write_whole

FORMAT = 1
KEPT_PARSER_TABLES = 8
_TUPLE, _INT_KEYS, _PAIRS = "#t", "#i", "#p"      # tags of the shapes JSON has no form for


def parser_cache_file(grammar: str, options: dict[str, Any] | None = None) -> Path | None:
    """Where the tables of ``grammar`` built with ``options`` are kept: the user's cache
    directory (:func:`manastack.user_cache.cache_dir`), never the package, one file per grammar
    text, options, Lark and Python version; None when the directory can't be created. Before a
    new file is built, the older ones beyond the newest :data:`KEPT_PARSER_TABLES` are removed,
    so the directory does not grow with every edit of the grammar."""
    root = cache_dir()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    digest = hashlib.sha256(f"{FORMAT}\n{_options_text(options or {})}\n{grammar}".encode()).hexdigest()[:16]
    path = root / f"oracle-grammar-{digest}-lark{lark.__version__}-py{sys.version_info[0]}{sys.version_info[1]}.json"
    if not path.exists():
        _prune(root, KEPT_PARSER_TABLES - 1)
    return path


def load_parser(grammar: str, **options: Any) -> Lark:
    """The LALR parser of ``grammar`` with Lark ``options``: read from its table file when that
    passes every check, else built and the file written (when the cache directory allows)."""
    path = parser_cache_file(grammar, options)
    header = _header(grammar, options)
    if path is not None:
        loaded = read_tables(path, header)
        if loaded is not None:
            return loaded
    built = Lark(grammar, parser="lalr", **options)
    if path is not None:
        write_tables(path, header, built)
    return built


def read_tables(path: Path, header: dict[str, Any]) -> Lark | None:
    """The parser kept in ``path`` if its header is ``header`` (with the body's digest) and its
    body matches that digest and loads; else None."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    head, _, body = raw.partition(b"\n")
    try:
        found = json.loads(head)
        if not isinstance(found, dict) or found != dict(header, sha256=found.get("sha256")):
            return None
        if hashlib.sha256(body).hexdigest() != found["sha256"]:
            return None
        with _collector_paused():
            tables = json.loads(body, object_pairs_hook=_decode_object)
            if not isinstance(tables, dict) or set(tables) != {"data", "memo"}:
                return None
            return Lark.load(tables)        # a dict: Lark's deserializer, no pickle
    except Exception:  # noqa: BLE001 - whatever a damaged file makes Lark raise, it is rebuilt
        return None


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No garbage collection while the tables are read, as it was before afterwards. Reading
    them makes some 200,000 containers, none of them garbage; with CPython's default threshold
    the collector would walk the growing heap again and again, about doubling the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def write_tables(path: Path, header: dict[str, Any], parser: Lark) -> bool:
    """Write ``parser``'s tables to ``path`` under ``header``; True if written."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    body = json.dumps({"data": _encode(data), "memo": _encode(memo)}, separators=(",", ":")).encode()
    head = json.dumps(dict(header, sha256=hashlib.sha256(body).hexdigest()), sort_keys=True).encode()
    return write_whole(path, head + b"\n" + body)


def _header(grammar: str, options: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "grammar": hashlib.sha256(grammar.encode()).hexdigest(),
            "options": hashlib.sha256(_options_text(options).encode()).hexdigest(),
            "lark": lark.__version__, "python": list(sys.version_info[:2])}


def _options_text(options: dict[str, Any]) -> str:
    return repr(sorted(options.items()))


def _encode(value: Any) -> Any:
    """Lark's serialized form as JSON values: a tuple as ``{"#t": [...]}``; a dict with integer
    keys as ``{"#i": [key, value, ...]}``, or, when every value is a pair (the parse table's
    actions, the bulk of the file), as ``{"#p": [key, first, second, ...]}``; any other type
    is refused (ValueError)."""
    kind = type(value)
    if kind is dict:
        if all(type(k) is str and not k.startswith("#") for k in value):
            return {k: _encode(v) for k, v in value.items()}
        if not all(type(k) is int for k in value):
            raise ValueError(f"parser tables: a dict with keys of another kind: {list(value)[:3]!r}")
        flat: list[Any] = []
        if all(type(v) is tuple and len(v) == 2 for v in value.values()):
            for k, (first, second) in value.items():
                flat += (k, _encode(first), _encode(second))
            return {_PAIRS: flat}
        for k, v in value.items():
            flat += (k, _encode(v))
        return {_INT_KEYS: flat}
    if kind is tuple:
        return {_TUPLE: [_encode(v) for v in value]}
    if kind is list:
        return [_encode(v) for v in value]
    if value is None or kind in (str, int, bool):
        return value
    raise ValueError(f"parser tables: a value of type {kind.__name__}")


def _decode_object(pairs: list[tuple[str, Any]]) -> Any:
    """The inverse of :func:`_encode` for one JSON object (``json.loads``' object_pairs_hook);
    ValueError or TypeError for what :func:`_encode` does not write."""
    if pairs and pairs[0][0][:1] == "#":
        (tag, items), = pairs
        if type(items) is not list:
            raise ValueError("parser tables: a tag without a list")
        flat = iter(items)
        if tag == _TUPLE:
            return tuple(items)
        if tag == _PAIRS and len(items) % 3 == 0:
            return {_int(k): (first, second) for k, first, second in zip(flat, flat, flat)}
        if tag == _INT_KEYS and len(items) % 2 == 0:
            return {_int(k): v for k, v in zip(flat, flat)}
        raise ValueError(f"parser tables: an unknown tag {tag!r} or a list of the wrong length")
    return dict(pairs)


def _int(key: Any) -> int:
    if type(key) is not int:
        raise ValueError(f"parser tables: a key that is no integer: {key!r}")
    return key


def _prune(root: Path, keep: int) -> None:
    """Remove all but the ``keep`` most recently written parser tables in ``root``."""
    def written(table: Path) -> float:
        try:
            return table.stat().st_mtime
        except OSError:
            return 0.0
    tables = sorted(root.glob("oracle-grammar-*"), key=written, reverse=True)
    for old in tables[keep:]:
        old.unlink(missing_ok=True)
