"""Importing manastack changes nothing outside the package (docs/architecture.md, "Start-up"):
no module of the standard library patched, the garbage collector as it was, no hook, filter,
handler or setting of the process changed, and nothing read from the user's cache directory.
:func:`manastack.raise_gc_threshold` is the opt-in for processes that play many games."""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import manastack
from manastack.gc_tuning import GC_FIRST_THRESHOLD, raise_gc_threshold
from manastack.user_cache import cache_dir, write_whole

ROOT = Path(__file__).resolve().parent.parent

# Prints what of the process's global state differs after ``import manastack``, and the files
# opened in the cache directory while importing (an audit hook sees every open).
PROBE = r'''
import builtins, copyreg, dataclasses, functools, gc, json, logging, os, signal, sys, threading
import types, typing, warnings, enum, abc, collections, re

def ids(module):
    return {k: id(v) for k, v in vars(module).items()}

def state():
    return {
        **{f"module {m.__name__}": ids(m) for m in (dataclasses, functools, builtins, json, types,
                                                   typing, enum, abc, collections, re, copyreg, gc, os)},
        "gc": [gc.get_threshold(), gc.isenabled(), gc.get_debug(), len(gc.callbacks)],
        "sys": [sys.getrecursionlimit(), sys.getswitchinterval(), sys.get_int_max_str_digits(),
                list(sys.path), [id(h) for h in sys.meta_path], [id(h) for h in sys.path_hooks],
                id(sys.excepthook), id(sys.displayhook), id(sys.gettrace()), id(sys.getprofile()),
                id(threading.excepthook), sys.flags.optimize],
        "environment": dict(os.environ),
        "warnings": [repr(f) for f in warnings.filters],
        "signals": {int(s): repr(signal.getsignal(s)) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE)},
        "logging": [logging.root.level, [repr(h) for h in logging.root.handlers]],
        "dispatch": sorted(repr(k) for k in copyreg.dispatch_table if k.__module__.startswith(("builtins", "re"))),
    }

cache = os.environ["MANASTACK_CACHE"]
opened = []
sys.addaudithook(lambda event, args: event == "open" and str(args[0]).startswith(cache)
                 and opened.append(str(args[0])))
before = state()
import manastack
after = state()
changed = sorted(k for k in before if before[k] != after[k])
print(json.dumps({"changed": changed, "opened": opened,
                  "dataclasses": sorted(set(vars(dataclasses)) - set(before["module dataclasses"]))}))
'''


def _probe(cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MANASTACK_CACHE=str(cache))
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_manastack_changes_nothing_outside_it(tmp_path):
    (tmp_path / "dataclass-code-cpython-311-a70d0d0a.marshal").write_bytes(b"left by an older version")
    found = _probe(tmp_path)
    assert found == {"changed": [], "opened": [], "dataclasses": []}
    # the probe sees a change where there is one: here, the opt-in
    code = PROBE.replace("import manastack\n", "import manastack\nmanastack.raise_gc_threshold()\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), MANASTACK_CACHE=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)
    assert json.loads(done.stdout.strip().splitlines()[-1])["changed"] == ["gc"]


def test_the_gc_opt_in_raises_the_threshold_and_never_lowers_it():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        assert raise_gc_threshold() == (700, 10, 10)
        assert gc.get_threshold() == (GC_FIRST_THRESHOLD, 10, 10)
        gc.set_threshold(50_000, 5, 5)
        assert raise_gc_threshold() == (50_000, 5, 5) and gc.get_threshold() == (50_000, 5, 5)
        assert manastack.raise_gc_threshold is raise_gc_threshold
    finally:
        gc.set_threshold(*before)


def test_the_cache_directory_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path / "own"))
    assert cache_dir() == tmp_path / "own"
    monkeypatch.delenv("MANASTACK_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "manastack"


def test_a_file_is_written_whole_or_not_at_all(tmp_path):
    target = tmp_path / "deep" / "file.json"
    assert write_whole(target, b"one") and target.read_bytes() == b"one"
    assert write_whole(target, b"two") and target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]       # no temporary left
    blocker = tmp_path / "a-file"
    blocker.write_text("where a directory would be")
    assert not write_whole(blocker / "file.json", b"x")


def test_a_simulation_in_the_callers_process_leaves_its_collector_as_it_was():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        result = manastack.simulate("gruul-stompy", "azorius-skies", games=1, workers=1, seed=3)
        assert len(result.records) == 1 and gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
