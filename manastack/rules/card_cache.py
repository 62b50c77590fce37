"""What the search reads from a card a query names (:func:`.card_rules.card_rules`), kept in
the cache directory between runs, so that a warm question about a card doesn't compile its
Oracle text again.

One SQLite table of plain data (JSON text per card), keyed by the card's name and a signature
of everything the reading depends on: the rules file's hash, the card files (path, size, time
of change) and the compiler's and engine's source files. A row that fails its checks is read
again from the card."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

from manastack.cards import CardDB

from .card_rules import CardRules
from .document import RulesDoc
from .engine_links import PACKAGE_DIR

CACHE_VERSION = 1
SOURCES = ("oracle", "engine", "rules")
"""The package's directories whose code decides what a card is read as."""


def _signature(doc: RulesDoc, cards: CardDB) -> str:
    digest = hashlib.sha256(f"v{CACHE_VERSION} {doc.sha256}".encode())
    for source in cards.sources:
        try:
            st = Path(source).stat()
            digest.update(f"{source} {st.st_size} {st.st_mtime_ns}".encode())
        except OSError:
            digest.update(str(source).encode())
    for folder in SOURCES:
        for path in sorted((PACKAGE_DIR / folder).glob("*.py")):
            st = path.stat()
            digest.update(f"{path.name} {st.st_size} {st.st_mtime_ns}".encode())
    return digest.hexdigest()


class CardReadings:
    """The cached readings of one rules document and one card database."""

    def __init__(self, directory: Path, doc: RulesDoc, cards: CardDB) -> None:
        self.path = directory / f"card-readings-v{CACHE_VERSION}.sqlite"
        self.signature = _signature(doc, cards)
        self.db: sqlite3.Connection | None = None

    def _open(self) -> sqlite3.Connection | None:
        if self.db is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
                self.db.execute("CREATE TABLE IF NOT EXISTS readings (key TEXT PRIMARY KEY, data TEXT)")
            except (OSError, sqlite3.Error):
                self.db = None
        return self.db

    def get(self, name: str) -> CardRules | None:
        """The cached reading of card ``name``, or None (missing, or failing its checks)."""
        db = self._open()
        if db is None:
            return None
        try:
            row = db.execute("SELECT data FROM readings WHERE key = ?", (f"{self.signature} {name}",)).fetchone()
            data = json.loads(row[0]) if row else None
            if not isinstance(data, dict) or data.get("card") != name:
                return None
            fields = [data[f] for f in ("rules", "general", "unread", "engine")]
            if not all(isinstance(f, list) and all(isinstance(x, str) for x in f) for f in fields):
                return None
            rules, general, unread, engine = (tuple(f) for f in fields)
            text = data.get("text")
            if not isinstance(text, str):
                return None
            return CardRules(name, rules, general, unread, engine, text)
        except (sqlite3.Error, ValueError, KeyError):
            return None

    def put(self, found: CardRules) -> None:
        db = self._open()
        if db is None:
            return
        data = {"card": found.card, "rules": list(found.rules), "general": list(found.general),
                "unread": list(found.unread), "engine": list(found.engine), "text": found.text}
        try:
            with db:
                db.execute("INSERT OR REPLACE INTO readings VALUES (?, ?)",
                           (f"{self.signature} {found.card}", json.dumps(data)))
        except sqlite3.Error:
            pass     # a cache that can't be written costs only the compiling
