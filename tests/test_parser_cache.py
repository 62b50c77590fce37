"""The Oracle grammar's parser tables are kept in the user's cache directory between runs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from manastack.oracle import compiler

ROOT = Path(__file__).resolve().parents[1]


def test_the_cache_file_is_in_the_user_cache_dir_and_is_used(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    env.pop("MANASTACK_CACHE", None)
    code = ("from manastack.oracle.compiler import parser; "
            "print(parser().parse('Flying', start='kw_line') is not None)")
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    (cached,) = (tmp_path / "manastack").glob("oracle-grammar-*")     # beside other caches
    assert cached.name.startswith("oracle-grammar-") and cached.stat().st_size > 1000
    stamp = cached.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout == "True\n"
    assert cached.stat().st_mtime_ns == stamp          # read, not rebuilt
    assert not list((ROOT / "manastack").rglob("*.cache"))


def test_no_cache_when_the_directory_cannot_be_made(tmp_path, monkeypatch):
    monkeypatch.delenv("MANASTACK_CACHE", raising=False)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert compiler.parser_cache_file("grammar") is None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    one, two = compiler.parser_cache_file("grammar"), compiler.parser_cache_file("grammar 2")
    assert one.parent == tmp_path / "manastack" and one != two


def test_the_cache_dir_setting_is_followed(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path / "own"))
    assert compiler.parser_cache_file("grammar").parent == tmp_path / "own"


def test_old_tables_are_removed_before_a_new_one_is_built(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path))
    for age in range(12):                     # twelve tables of earlier grammars, oldest first
        table = tmp_path / f"oracle-grammar-{age:016x}-lark0-py0.cache"
        table.write_bytes(b"x")
        os.utime(table, (1_000_000 + age, 1_000_000 + age))
    (tmp_path / "other-cache.sqlite").write_bytes(b"kept")
    new = compiler.parser_cache_file("a grammar not built before")
    left = sorted(p.name for p in tmp_path.glob("oracle-grammar-*"))
    assert len(left) == compiler.KEPT_PARSER_TABLES - 1          # room for the new one
    assert left == [f"oracle-grammar-{age:016x}-lark0-py0.cache" for age in range(5, 12)]
    assert (tmp_path / "other-cache.sqlite").exists() and not new.exists()
    new.write_bytes(b"built")
    compiler.parser_cache_file("a grammar not built before")     # already there: nothing removed
    assert len(list(tmp_path.glob("oracle-grammar-*"))) == compiler.KEPT_PARSER_TABLES
