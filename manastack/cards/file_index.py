"""An on-disk index of a large card file, so that one card is looked up without reading it all.

``manastack cards show NAME --cards FILE`` needs one card of a file that may hold tens of
thousands: decompressing, parsing and checking the 2021 corpus and indexing its names takes
longer than everything else the command does. So the first time a card file is read whole, its
cards are also written to an index (an SQLite file) in the user's cache directory; later
look-ups in the same file read the few entries one name needs from there.

- The index is named by a SHA-256 of the card file's bytes, of the code that reads card files
  (the modules in :data:`CODE`) and of the input bounds (``manastack.limits``): a changed file, or
  a change in how files are read, names another index, so an index never answers for a file it
  was not built from. It is written only after the whole file loaded without error, into a
  temporary file renamed into place (a reader sees a whole index or none).
- Only files of :data:`MIN_INDEXED_BYTES` or more are indexed, and the :data:`KEEP` most
  recently used indexes are kept; writing one removes older ones.
- An index that can't be read (missing, corrupt, another format) is ignored and the file is read
  whole, as it is without an index; failing to write one (read-only or full disk) changes nothing
  but the time taken. Entries read from an index are checked again as any card file's are
  (:func:`manastack.cards.check_faces`).

The database :func:`db_for_card` returns holds the built-in cards and the entries of the file
that the name could stand for, with every entry those refer to (the other face of a card stored
face by face, a split card's halves) or share a name with: resolving and compiling the name in
it gives what it gives in the database of the whole file. A name it doesn't find is looked up
again in the whole file, for the same error and suggestions.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from manastack import limits
from manastack.cards import CardDB, CardError, load_db
from manastack.cards import faces, mtgjson, multiface, names, scryfall
from manastack.cards.multiface import split_whole
from manastack.cards.names import MAX_NAME_CHARS, name_key
from manastack.user_cache import cache_dir

FORMAT = 1
"""The layout of the index file; raising it names every index anew."""
MIN_INDEXED_BYTES = 1_000_000
"""Smaller card files are read whole every time: that is quick, and their indexes would only
push out the indexes of large files."""
KEEP = 3
"""How many card-file indexes the cache directory keeps (the most recently used)."""
PREFIX = "cards-index-"
CODE = (str(Path(faces.__file__).with_name("__init__.py")), faces.__file__, mtgjson.__file__, multiface.__file__, names.__file__,
        scryfall.__file__, limits.__file__, __file__)
"""The modules whose code decides what a card file's entries are, or how they are indexed."""


def index_name(raw: bytes) -> str:
    """The index file name for a card file whose bytes are ``raw`` (see the module docstring)."""
    digest = hashlib.sha256(f"{FORMAT}\0".encode())
    for path in CODE:
        digest.update(Path(path).read_bytes())
    digest.update(repr((limits.MAX_CARD_FILE_BYTES, limits.MAX_CARDS, limits.MAX_DEPTH,
                        limits.MAX_TEXT_CHARS)).encode())
    digest.update(raw)
    return f"{PREFIX}{digest.hexdigest()[:32]}.sqlite"


def db_for_card(name: str, path: str | Path, cache: Path | None = None,
                min_bytes: int = MIN_INDEXED_BYTES) -> CardDB:
    """A database in which ``name`` resolves and compiles as in ``load_db(path)``: built from the
    file's index in ``cache`` (default :func:`cache_dir`) when there is one, else from the whole
    file (writing the index for next time). Raises :class:`CardError` as ``load_db`` does."""
    path = Path(path)
    index = _index_for(path, cache or cache_dir(), min_bytes)
    readable = False
    if index is not None:
        db, readable = _from_index(name, index, str(path))
        if db is not None:
            return db
    db = load_db()
    cards = db.add_file(path)
    if index is not None and not readable and _index_for(path, index.parent, min_bytes) == index:
        _write_index(index, cards)      # (unless the file changed while it was read)
    return db


def _index_for(path: Path, cache: Path, min_bytes: int) -> Path | None:
    """Where the index of the card file ``path`` is, or None when it isn't indexed (too small,
    unreadable: ``load_db`` then says what is wrong with it)."""
    try:
        if not path.is_file():          # a pipe or a device: load_db refuses it
            return None
        with open(path, "rb") as fh:
            raw = fh.read(limits.MAX_CARD_FILE_BYTES + 1)
        return cache / index_name(raw) if len(raw) >= min_bytes else None
    except OSError:
        return None


# ----------------------------------------------------------------------------- reading


def _from_index(name: str, index: Path, source: str) -> tuple[CardDB | None, bool]:
    """(The built-in cards plus the entries of the index ``name`` needs, whether the index could
    be read); the database is None when the index is absent or unreadable, or when ``name``
    doesn't resolve in it (the whole file then gives the error and its suggestions)."""
    if len(name) > MAX_NAME_CHARS or not index.is_file():
        return None, False
    try:
        con = sqlite3.connect(index.resolve().as_uri() + "?mode=ro", uri=True)
        try:
            if con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() != (str(FORMAT),):
                return None, False
            entries = _related(con, name_key(name))
        finally:
            con.close()
    except (sqlite3.Error, ValueError, TypeError, KeyError, AttributeError):
        return None, False
    try:
        os.utime(index)         # most recently used: kept longest (KEEP)
    except OSError:
        pass
    if not entries:
        return None, True
    db = load_db()
    db.add_atomic({"data": entries}, source)
    try:
        db.resolve(name)
    except CardError:
        return None, True
    return db, True


def _related(con: sqlite3.Connection, key: str) -> dict[str, list[dict]]:
    """The entries whose names have the spelling-free form ``key``, with every entry they refer
    to or share a database key with, in the file's order."""
    found: dict[str, tuple[int, list[dict]]] = {}
    todo = [n for (n,) in con.execute("SELECT name FROM link WHERE kind = 'k' AND key = ?", (key,))]
    while todo:
        entry = todo.pop()
        if entry in found:
            continue
        row = con.execute("SELECT pos, faces FROM entry WHERE name = ?", (entry,)).fetchone()
        if row is None:
            raise KeyError(entry)
        faces_ = json.loads(row[1])
        found[entry] = (row[0], faces_)
        for k in _keys(entry, faces_) | _references(faces_):
            todo += [n for (n,) in con.execute("SELECT name FROM link WHERE kind = 'w' AND key = ?", (k,))]
    return {n: f for n, (_, f) in sorted(found.items(), key=lambda item: item[1][0])}


# ----------------------------------------------------------------------------- writing


def _keys(name: str, faces_: list[dict]) -> set[str]:
    """The keys :meth:`CardDB.add_atomic` files the entry under (faces, faces of one card,
    split cards as a whole)."""
    keys = {name}
    if faces_:
        keys |= {f.get("faceName", f["name"]) for f in faces_} if (
            len(faces_) > 1 or faces_[0].get("layout") == "split") else set()
        whole = split_whole(faces_[0])
        if whole is not None:
            keys.add(whole[0])
    return keys


def _references(faces_: list[dict]) -> set[str]:
    """The keys of other entries that resolving or compiling this entry reads."""
    out = set()
    for face in faces_:
        if isinstance(face.get("otherFaceName"), str):
            out.add(face["otherFaceName"])
        whole = split_whole(face)
        if whole is not None:
            out |= set(whole)
    return out


def _index_keys(keys: set[str]) -> set[str]:
    """The spelling-free forms under which :class:`NameIndex` finds these names."""
    out = set()
    for key in keys:
        out.add(name_key(key))
        if "//" in key:
            out.add(name_key(key.split("//", 1)[0]))
    return out


def _write_index(index: Path, cards: dict[str, list[dict]]) -> None:
    """Write the index of ``cards`` (a whole card file, loaded without error) to ``index``, then
    keep the :data:`KEEP` most recently used; any failure leaves no index and is not reported."""
    tmp = None
    try:
        index.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=PREFIX, suffix=".tmp", dir=index.parent)
        os.close(fd)
        con = sqlite3.connect(tmp)
        try:
            con.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                              "CREATE TABLE entry (name TEXT PRIMARY KEY, pos INTEGER, faces TEXT);"
                              "CREATE TABLE link (kind TEXT, key TEXT, name TEXT);")
            con.execute("INSERT INTO meta VALUES ('format', ?)", (str(FORMAT),))
            con.executemany("INSERT INTO entry VALUES (?, ?, ?)",
                            ((n, i, json.dumps(f)) for i, (n, f) in enumerate(cards.items())))
            links = []
            for n, f in cards.items():
                if not f:
                    continue            # an entry without faces adds nothing
                keys = _keys(n, f)
                links += [("w", k, n) for k in keys] + [("k", k, n) for k in _index_keys(keys)]
            con.executemany("INSERT INTO link VALUES (?, ?, ?)", links)
            con.execute("CREATE INDEX link_key ON link (kind, key)")
            con.commit()
        finally:
            con.close()
        os.replace(tmp, index)
        tmp = None
        _prune(index.parent)
    except Exception:           # noqa: BLE001  an index is only ever a saving of time
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _prune(directory: Path) -> None:
    """Remove all but the :data:`KEEP` most recently used card-file indexes, and temporary files
    an interrupted write left more than an hour ago."""
    indexes = sorted(directory.glob(f"{PREFIX}*.sqlite"), key=lambda p: p.stat().st_mtime, reverse=True)
    now = time.time()
    stale = [p for p in directory.glob(f"{PREFIX}*.tmp") if now - p.stat().st_mtime > 3600]
    for old in indexes[KEEP:] + stale:
        try:
            old.unlink()
        except OSError:
            pass
