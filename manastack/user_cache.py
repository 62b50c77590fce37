"""The user's cache directory, and the compiled methods of the package's dataclasses kept there.

Every IR node, event and effect record is a dataclass, and :mod:`dataclasses` writes each
class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and
``__delattr__`` as Python source and compiles it as the class is created: some 650 small
compilations, which were half the time of ``import manastack`` (and so of every command).
:func:`dataclass_code_cache` keeps the compiled code of those functions between runs, as Python
keeps a module's compiled code in ``__pycache__``: while it is active, the source text that
:mod:`dataclasses` hands to ``exec`` is looked up in a table of code objects read from the
cache directory, and compiled only when it is not there. The text is the key, so a class whose
fields change simply has new text; a code object is what compiling that same text gives, so the
classes are exactly those :mod:`dataclasses` makes without the table.

The table is one file per Python bytecode version, holding the texts the last import compiled
or found (so its size is bounded by the package's classes). A missing, corrupt or unwritable
file only costs the compilations; nothing else reads or writes it.
"""
from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib.util
import marshal
import os
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from pathlib import Path

CACHE_ENV = "MANASTACK_CACHE"


def cache_dir() -> Path:
    """``$MANASTACK_CACHE``, else ``$XDG_CACHE_HOME/manastack`` or ``~/.cache/manastack`` (the
    directory of the rules index too, docs/rules-search.md)."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "manastack"


def code_cache_file() -> Path:
    """The table's file: one per bytecode version (interpreter and magic number)."""
    tag = f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}"
    return cache_dir() / f"dataclass-code-{tag}.marshal"


class _CodeTable:
    """Code objects by source text: those read from the file, and those used since."""

    def __init__(self, known: dict) -> None:
        self.known = known
        self.used: dict[str, types.CodeType] = {}
        self.compiled = 0

    def exec(self, source, globals=None, locals=None, /):
        """``exec`` as :mod:`dataclasses` calls it, with the code of ``source`` from the table."""
        if type(source) is not str:
            return builtins.exec(source, globals, locals)
        code = self.known.get(source)
        if type(code) is not types.CodeType:
            # as exec compiles a string for dataclasses: no __future__ flags (it has none)
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.compiled += 1
        self.used[source] = code
        return builtins.exec(code, globals, locals)


def _read(path: Path) -> dict:
    try:
        table = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return table if type(table) is dict else {}


def _write(path: Path, table: dict) -> None:
    """Write the table to ``path`` through a temporary file; any failure is ignored."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(marshal.dumps(table))
        os.replace(tmp, path)
        tmp = None
        for stale in path.parent.glob(f"{path.name}*.tmp"):     # left by a write cut short
            if time.time() - stale.stat().st_mtime > 3600:
                stale.unlink()
    except (OSError, ValueError):
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


@contextlib.contextmanager
def dataclass_code_cache(path: Path | None = None) -> Iterator[_CodeTable]:
    """While active, dataclasses created reuse the code of their methods from ``path`` (default
    :func:`code_cache_file`); on leaving, the texts used are written back if any was new.
    Not reentrant: an inner use leaves the outer one in charge."""
    if "exec" in vars(dataclasses):         # already active (or someone else's): leave it be
        yield _CodeTable({})
        return
    path = path or code_cache_file()
    table = _CodeTable(_read(path))
    dataclasses.exec = table.exec
    try:
        yield table
    finally:
        del dataclasses.exec
    if table.compiled or len(table.used) != len(table.known):
        _write(path, table.used)
