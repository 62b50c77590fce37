"""Compiled dataclass methods kept between runs (manastack.user_cache): the classes are exactly
those dataclasses makes without the table, and a missing, corrupt or unwritable table file only
costs time."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from manastack.user_cache import code_cache_file, dataclass_code_cache

ROOT = Path(__file__).resolve().parent.parent

# Prints, for every dataclass of the package, what its generated methods are made of.
FINGERPRINT = r'''
import dataclasses, json, sys, types
if sys.argv[1] == "plain":
    dataclasses.exec = exec          # the table stays out of the way (its context sees one active)
import manastack
if sys.argv[1] == "plain":
    del dataclasses.exec

def code(c):
    return [c.co_name, c.co_qualname, c.co_code.hex(), c.co_names, c.co_varnames, c.co_freevars,
            c.co_cellvars, c.co_argcount, c.co_kwonlyargcount, c.co_flags,
            [code(k) if isinstance(k, types.CodeType) else repr(k) for k in c.co_consts]]

out = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("manastack"):
        continue
    for cls in vars(module).values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for meth in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
                f = cls.__dict__.get(meth)
                f = getattr(f, "__wrapped__", f)
                if isinstance(f, types.FunctionType):
                    out[f"{name}.{cls.__qualname__}.{meth}"] = [
                        f.__qualname__, code(f.__code__), repr(f.__defaults__), repr(f.__kwdefaults__),
                        repr(f.__annotations__), f.__globals__.get("__name__")]
print(json.dumps(out, sort_keys=True))
'''


def fingerprint(mode: str, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MANASTACK_CACHE=str(cache))
    done = subprocess.run([sys.executable, "-c", FINGERPRINT, mode], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_classes_are_those_dataclasses_makes_without_the_table(tmp_path):
    plain = fingerprint("plain", tmp_path)
    assert not list(tmp_path.iterdir())                 # nothing written without the table
    cold = fingerprint("cached", tmp_path)              # compiles, then writes the table
    assert [p.name for p in tmp_path.iterdir()] == [code_cache_file().name]
    warm = fingerprint("cached", tmp_path)              # every method's code from the table
    assert len(plain) > 500
    assert cold == plain and warm == plain


def test_a_corrupt_or_unwritable_table_only_costs_time(tmp_path):
    table = tmp_path / "cache" / code_cache_file().name
    table.parent.mkdir()
    table.write_bytes(b"\x00not marshal data")
    assert len(fingerprint("cached", tmp_path / "cache")) > 500
    assert table.read_bytes() != b"\x00not marshal data"          # written anew
    blocker = tmp_path / "a-file"
    blocker.write_text("where the cache directory would be")
    assert fingerprint("cached", blocker / "cache") == fingerprint("plain", tmp_path / "unused")


def test_a_class_not_in_the_table_is_compiled_and_the_table_kept_current(tmp_path):
    path = tmp_path / "table.marshal"

    def make():
        @dataclasses.dataclass(frozen=True, slots=True)
        class Probe:
            a: int
            b: tuple = ()
        return Probe

    with dataclass_code_cache(path) as first:
        Probe = make()
    assert first.compiled > 0 and path.exists()
    with dataclass_code_cache(path) as second:
        Again = make()
    assert second.compiled == 0
    assert Again(1) == Again(1, ()) and repr(Again(2)) == "test_a_class_not_in_the_table_is_compiled_and_the_table_kept_current.<locals>.make.<locals>.Probe(a=2, b=())"
    with pytest.raises(dataclasses.FrozenInstanceError):
        Again(1).a = 2
    assert hash(Again(1)) == hash(Probe(1)) and "exec" not in vars(dataclasses)
