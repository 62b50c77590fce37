"""The bounds on every input from outside, in one place (stated in docs/limits.md).

Files are read whole into memory, so each kind has a size bound; nested data has a depth bound
(deeper documents are refused before they reach a recursive parser); a YAML document's aliases
may not expand it beyond a number of nodes; counts that make objects are bounded per entry and
per zone.
"""
from __future__ import annotations

import codecs
import os
import re
import stat
from itertools import accumulate
from pathlib import Path

MAX_SCENARIO_BYTES = 1_000_000        # a scenario file
MAX_CARD_FILE_BYTES = 128_000_000     # a card file, after gunzipping
MAX_SAVE_BYTES = 64_000_000           # a saved game (Game.from_json)
MAX_DEPTH = 64                        # nesting of lists and mappings in YAML and JSON documents
MAX_YAML_NODES = 100_000              # nodes of a YAML document with its aliases expanded
MAX_COUNT = 100                       # "count:" of one scenario entry
MAX_ZONE_OBJECTS = 1_000              # objects one player has in one zone of a scenario
MAX_CARDS = 200_000                   # card names in one card file
MAX_CARD_FILE_VALUES = 10_000_000     # JSON values in one card file (the 2021 corpus: 570,000 in 17.6 MB)
MAX_TEXT_CHARS = 20_000               # one card field (Oracle text, a ruling)
MAX_NUMBER_CHARS = 30                 # one number written in a scenario or card file

_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
         (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


class InputError(ValueError):
    """An input outside its bounds, or not text in the expected encoding."""


def excerpt(text: str, limit: int = 80) -> str:
    """A quotation of ``text`` taken from an input, for an error message: at most ``limit``
    characters, by ``repr`` (control characters and lone surrogates escaped), "..." when cut."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def clip(text: str, limit: int = 80) -> str:
    """``text`` taken from an input, shown unquoted in an error message: at most ``limit``
    characters, control characters and lone surrogates escaped, "..." when cut."""
    cut = text[:limit]
    if not cut.isprintable():
        cut = "".join(c if c.isprintable() else repr(c)[1:-1] for c in cut)
    return cut + ("..." if len(text) > limit else "")


def decode_utf8(data: bytes, what: str) -> str:
    """``data`` as UTF-8 text (a UTF-8 byte order mark is dropped); UTF-16/32 and invalid bytes
    are refused naming the line and column of the first bad byte."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise InputError(f"{what}: the file is {name} text; save it as UTF-8")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"{what}: not UTF-8 text: byte 0x{data[exc.start]:02x} at line {line}, "
                         f"column {col} can't be decoded") from None


def read_bounded(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of a file, refused when larger than ``limit`` or not a regular file (a pipe
    would block until something writes to it, a device may never end)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise InputError(f"{what}: not a regular file")
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{what}: larger than the {limit:,} bytes allowed")
    return data


def json_depth_ok(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether no list or object in the JSON ``text`` is nested deeper than ``limit``: brackets
    outside strings are counted, so a deep document never reaches the parser."""
    return json_shape(text, limit)[0] <= limit


def json_shape(text: str | bytes, limit: int = MAX_DEPTH, max_values: int | None = None) -> tuple[int, int]:
    """The deepest nesting of lists and objects in the JSON ``text`` (at least ``limit + 1``
    when deeper, or for brackets that never close; 0 when there are more than ``max_values``
    values), and an upper bound on the number of values
    it holds (its lists, objects and commas): what the parser would build, known before it runs.

    Every step runs in C: escapes are dropped (in JSON they occur only in strings, read from
    the left), then the quotes left delimit the strings, whose contents are dropped (two
    quotes side by side first: what lies between them is inside a string either way, and
    dropping both keeps every other quote's place odd or even). The
    brackets left are written alike; a pass that removes every innermost pair ``[]`` lowers the
    deepest level by one (or leaves it), so passes are made while each halves the brackets,
    and what is left is counted one bracket at a time."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if b"\\" in data:
        data = _ESCAPE.sub(b"", data)
    # two quotes side by side once the rest is dropped (a string with no bracket or comma in
    # it, or one string's end and the next one's start) enclose nothing outside strings:
    # dropped first, they leave few strings to split
    outside = b"".join(data.translate(None, _NOT_STRUCTURE).replace(b'""', b"").split(b'"')[::2])
    values = outside.count(b",") + outside.count(b"[") + outside.count(b"{") + 1
    if max_values is not None and values > max_values:
        return 0, values            # refused for its size: its depth is not needed
    brackets = outside.translate(_SAME_BRACKETS, b",")
    depth = 0
    while brackets and depth <= limit:
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets):
            break
        halved = 2 * len(inner) <= len(brackets)
        brackets, depth = inner, depth + 1
        if not halved:
            break
    if brackets and depth <= limit:
        if b"[" * (limit + 1 - depth) in brackets:
            return limit + 1, values
        depth += max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)
    return depth, values


_ESCAPE = re.compile(rb"\\.", re.DOTALL)    # a backslash and the byte it escapes
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{},')
_SAME_BRACKETS = bytes.maketrans(b"{}", b"[]")
_DEPTH_STEP = [1 if b == ord("[") else -1 if b == ord("]") else 0 for b in range(256)]


def depth_of(value, limit: int = MAX_DEPTH) -> int:
    """The nesting depth of lists and dicts in ``value`` (loaded data), counting no further
    than ``limit + 1``; without recursion."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (list, tuple, dict)):
            if d > deepest:
                deepest = d
                if d > limit:
                    return d
            todo.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest
