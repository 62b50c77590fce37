"""Card rulings as a search index: every ruling of every card in the card files in use, in an
SQLite FTS5 table built once per set of card files (keyed by a hash of their contents) and kept
in the cache beside the rules index."""
from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
from pathlib import Path

from manastack.cards import CardDB

from .document import RulesError
from .index import TOKENIZER, fts_query

RULINGS_INDEX_VERSION = 1


def cards_key(cards: CardDB) -> str:
    """A hash of the card files' contents, in the order they were loaded."""
    digest = hashlib.sha256()
    for source in cards.sources:
        try:
            digest.update(Path(source).read_bytes())
        except OSError:
            digest.update(source.encode())
    return digest.hexdigest()


class RulingsIndex:
    """The rulings of a card database; :meth:`bm25` ranks them for a list of terms."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)

    def bm25(self, terms: list[str], limit: int) -> list[tuple[str, str, float]]:
        """(card name, ruling, score) of the rulings matching any term, best first."""
        query = fts_query(terms)
        if not query:
            return []
        return self.db.execute("SELECT card, text, -bm25(rulings) AS score FROM rulings WHERE rulings MATCH ? "
                               "ORDER BY score DESC LIMIT ?", (query, limit)).fetchall()

    def close(self) -> None:
        self.db.close()


def open_rulings_index(cards: CardDB, directory: Path) -> RulingsIndex | None:
    """The rulings index of ``cards`` in ``directory`` (built there first if missing), or None
    when the cards have no rulings."""
    path = directory / f"rulings-index-v{RULINGS_INDEX_VERSION}-{cards_key(cards)[:16]}.sqlite"
    if not path.exists():
        rows = [(name, text) for name in cards.names() for _, text in cards.rulings(name) if text]
        if not rows:
            return None
        try:
            directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=directory, suffix=".part")
            os.close(fd)
            try:
                db = sqlite3.connect(tmp)
                db.execute(f"CREATE VIRTUAL TABLE rulings USING fts5(card UNINDEXED, text, tokenize='{TOKENIZER}')")
                db.executemany("INSERT INTO rulings VALUES (?, ?)", rows)
                db.commit()
                db.close()
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise RulesError(f"{directory}: can't write the rulings index ({exc.strerror})") from None
    return RulingsIndex(path)
