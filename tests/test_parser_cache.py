"""The Oracle grammar's parser tables are kept in the user's cache directory between runs, as
data (JSON) that can't run code, and a table file that fails a check is rebuilt, not trusted
(manastack.oracle.parser_tables)."""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.grammar import Rule
from lark.lexer import TerminalDef

from manastack.oracle import compiler, parser_tables
from manastack.oracle.parser_tables import KEPT_PARSER_TABLES, load_parser, parser_cache_file

ROOT = Path(__file__).resolve().parents[1]

# A small grammar, so that each rebuild below takes milliseconds, not the real one's seconds.
GRAMMAR = r'''
start: pair ("," pair)*
pair: WORD "=" (WORD | NUMBER)
%import common.WORD
%import common.NUMBER
%import common.WS
%ignore WS
'''
OPTIONS = {"propagate_positions": True, "maybe_placeholders": False}


def _parse(parser: Lark) -> Tree:
    return parser.parse("a = 1, b = c")


EXPECTED = Tree("start", [Tree("pair", [Token("WORD", "a"), Token("NUMBER", "1")]),
                          Tree("pair", [Token("WORD", "b"), Token("WORD", "c")])])


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path))
    return tmp_path


@pytest.mark.slow
def test_the_cache_file_is_in_the_user_cache_dir_and_is_used(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("MANASTACK_CACHE", None)
    code = ("from manastack.oracle.compiler import parser; "
            "print(parser().parse('Flying', start='kw_line') is not None)")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    (cached,) = (tmp_path / "manastack").glob("oracle-grammar-*")     # beside other caches
    assert cached.suffix == ".json" and cached.stat().st_size > 1000
    stamp = cached.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout == "True\n"
    assert cached.stat().st_mtime_ns == stamp          # read, not rebuilt
    assert not list((ROOT / "manastack").rglob("oracle-grammar-*"))
    # all a command leaves there is data: a JSON header, then JSON
    head, _, body = cached.read_bytes().partition(b"\n")
    assert json.loads(head)["sha256"] == hashlib.sha256(body).hexdigest() and body[:1] == b"{"


def test_the_real_tables_read_back_exactly(cache):
    """The JSON form holds Lark's serialized parser exactly: tuples stay tuples, integer keys
    stay integers."""
    data, memo = compiler.parser().memo_serialize([TerminalDef, Rule])
    text = json.dumps({"data": parser_tables._encode(data), "memo": parser_tables._encode(memo)})
    assert json.loads(text, object_pairs_hook=parser_tables._decode_object) == {"data": data, "memo": memo}


def test_a_small_grammar_is_built_once_then_read(cache):
    built = load_parser(GRAMMAR, **OPTIONS)
    path = parser_cache_file(GRAMMAR, OPTIONS)
    head = json.loads(path.read_bytes().partition(b"\n")[0])
    assert head["format"] == parser_tables.FORMAT and head["grammar"] == hashlib.sha256(GRAMMAR.encode()).hexdigest()
    stamp = path.stat().st_mtime_ns
    read = load_parser(GRAMMAR, **OPTIONS)
    assert path.stat().st_mtime_ns == stamp and _parse(read) == _parse(built) == EXPECTED
    assert read.source_path == "<deserialized>" and built.source_path != "<deserialized>"
    assert parser_cache_file(GRAMMAR, {**OPTIONS, "propagate_positions": False}) != path


def _rebuilt(path: Path) -> bool:
    """Load the small grammar with ``path`` in place: True if the parser was built anew (and the
    file written again as JSON), False if the file was read."""
    parser = load_parser(GRAMMAR, **OPTIONS)
    assert _parse(parser) == EXPECTED
    if parser.source_path == "<deserialized>":
        return False
    assert parser_tables.read_tables(path, parser_tables._header(GRAMMAR, OPTIONS)) is not None
    return True


def test_a_pickle_in_the_cache_is_never_unpickled(cache, tmp_path):
    """A pickle that would write a file when unpickled, where the tables are kept (with the
    header line Lark's own cache wrote): the parser is rebuilt and the file replaced; the code
    never runs."""
    marker = tmp_path / "ran"
    payload = pickle.dumps(type("Payload", (), {"__reduce__": lambda self: (
        exec, (f"open({str(marker)!r}, 'w').write('x')",))})())
    path = parser_cache_file(GRAMMAR, OPTIONS)
    path.write_bytes(hashlib.sha256(GRAMMAR.encode()).hexdigest().encode() + b"\n" + payload)
    assert _rebuilt(path) and not marker.exists()
    # with the header this format expects and the pickle's digest
    head = dict(parser_tables._header(GRAMMAR, OPTIONS), sha256=hashlib.sha256(payload).hexdigest())
    path.write_bytes(json.dumps(head).encode() + b"\n" + payload)
    assert _rebuilt(path) and not marker.exists()


def _rewrite(path: Path, change) -> None:
    """Change the body of a good table file with ``change`` (on its text), the digest made to
    match, so that only the checks of the content itself can refuse it."""
    head, _, body = path.read_bytes().partition(b"\n")
    body = change(body.decode()).encode()
    header = dict(json.loads(head), sha256=hashlib.sha256(body).hexdigest())
    path.write_bytes(json.dumps(header).encode() + b"\n" + body)


@pytest.mark.parametrize("damage", [
    lambda raw: raw[: len(raw) // 2],                                       # cut short
    lambda raw: raw.replace(b"pair", b"pear", 1),                           # changed, digest not
    lambda raw: b'{"format": 0}' + raw[raw.index(b"\n"):],                 # another format
    lambda raw: raw.replace(b'"lark":"', b'"lark":"0.', 1).replace(b'"lark": "', b'"lark": "0.', 1),
    lambda raw: b"",
])
def test_a_damaged_or_foreign_file_is_rebuilt(cache, damage):
    load_parser(GRAMMAR, **OPTIONS)
    path = parser_cache_file(GRAMMAR, OPTIONS)
    good = path.read_bytes()
    path.write_bytes(damage(good))
    assert _rebuilt(path)
    assert not _rebuilt(path)                       # the file written anew is read next time


@pytest.mark.parametrize("change", [
    lambda body: body.replace('"__type__":"Rule"', '"__type__":"Popen"', 1),    # a class Lark doesn't make
    lambda body: body.replace('{"#t":', '{"#x":', 1),                            # a tag this format hasn't
    lambda body: body.replace('{"#p":[', '{"#p":["0",', 1),                      # a key that is no integer
    lambda body: '{"data": 1, "memo": 2}',
    lambda body: "[]",
])
def test_a_file_that_passes_its_digest_but_not_its_content_checks_is_rebuilt(cache, change):
    load_parser(GRAMMAR, **OPTIONS)
    path = parser_cache_file(GRAMMAR, OPTIONS)
    _rewrite(path, change)
    assert _rebuilt(path)


def test_no_cache_when_the_directory_cannot_be_made(tmp_path, monkeypatch):
    monkeypatch.delenv("MANASTACK_CACHE", raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert parser_cache_file("grammar") is None
    assert _parse(load_parser(GRAMMAR, **OPTIONS)) == EXPECTED          # built, nothing written
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    one, two = parser_cache_file("grammar"), parser_cache_file("grammar 2")
    assert one.parent == tmp_path / "manastack" and one != two


def test_old_tables_are_removed_before_a_new_one_is_built(cache):
    for age in range(12):                     # twelve tables of earlier grammars, oldest first
        table = cache / f"oracle-grammar-{age:016x}-lark0-py0.json"
        table.write_bytes(b"x")
        os.utime(table, (1_000_000 + age, 1_000_000 + age))
    (cache / "other-cache.sqlite").write_bytes(b"kept")
    new = parser_cache_file("a grammar not built before")
    left = sorted(p.name for p in cache.glob("oracle-grammar-*"))
    assert len(left) == KEPT_PARSER_TABLES - 1          # room for the new one
    assert left == [f"oracle-grammar-{age:016x}-lark0-py0.json" for age in range(5, 12)]
    assert (cache / "other-cache.sqlite").exists() and not new.exists()
    new.write_bytes(b"built")
    parser_cache_file("a grammar not built before")     # already there: nothing removed
    assert len(list(cache.glob("oracle-grammar-*"))) == KEPT_PARSER_TABLES
