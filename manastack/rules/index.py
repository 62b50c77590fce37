"""The full-text index of one rules file: an SQLite FTS5 table of every rule, subrule and
glossary entry, built once per file (keyed by the file's SHA-256) and kept in the cache.

Each row has the passage's own text (``body``), the titles of the sections and rules above it
(``heading``: "Mana Abilities" for 605.3b) and its examples. Ranking is SQLite's BM25.
"""
from __future__ import annotations

import os
import re
import sqlite3
import tempfile
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from .document import RulesDoc, RulesError

INDEX_VERSION = 4
TOKENIZER = "porter unicode61 remove_diacritics 2"
WEIGHTS = (0.0, 0.0, 1.5, 1.0, 0.3)
"""BM25 column weights: kind, ref (not searched), heading, body, examples."""

_WORD = re.compile(r"[^\W_]+")


class PassageKind(str, Enum):
    RULE = "rule"
    GLOSSARY = "glossary"
    RULING = "ruling"


_KINDS = {k.value: k for k in PassageKind}


@dataclass(frozen=True)
class Passage:
    """One searchable passage: a rule by number, a glossary entry by term, a card ruling by
    card name."""

    kind: PassageKind
    ref: str
    text: str


def words(text: str) -> list[str]:
    """Lower-case words of a text, split as the index's tokenizer splits them (before
    stemming): "it's" is "it", "s"."""
    return _WORD.findall(text.lower())


def fts_query(terms: list[str]) -> str:
    """An FTS5 query matching any of ``terms`` (words, or phrases of several words)."""
    quoted = []
    for t in terms:
        w = words(t)
        if w:
            quoted.append('"' + " ".join(w) + '"')
    return " OR ".join(dict.fromkeys(quoted))


def headings(doc: RulesDoc, number: str) -> str:
    """The titles of the sections and rules above rule ``number``, nearest first."""
    parts = []
    rule = doc.rules.get(number)
    while rule is not None and rule.parent is not None:
        rule = doc.rules[rule.parent]
        if rule.title:
            parts.append(rule.title)
    return " / ".join(parts)


class _Lookup:
    """A table of the index read one key at a time, as a search needs it, and remembered: a
    search reads a few dozen rows, and reading them all would cost more than the search."""

    def __init__(self, db: sqlite3.Connection, sql: str, convert=lambda v: v) -> None:
        self.db, self.sql, self.convert = db, sql, convert
        self.known: dict = {}

    def get(self, key, default=None):
        if key not in self.known:
            row = self.db.execute(self.sql, key if isinstance(key, tuple) else (key,)).fetchone()
            self.known[key] = self.convert(row[0]) if row else None
        value = self.known[key]
        return default if value is None else value


class RulesIndex:
    """An open index; :meth:`bm25` ranks passages for a list of terms."""

    def __init__(self, path: Path, doc: RulesDoc) -> None:
        self.path = path
        self.doc = doc
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self.df = _Lookup(self.db, "SELECT df FROM terms WHERE term = ?")
        """In how many passages each stem occurs."""
        self.size: int = self.db.execute("SELECT count(*) FROM passages").fetchone()[0]
        self.phrase_df = _Lookup(self.db, "SELECT df FROM phrases WHERE stems = ?")
        """In how many passages' text each glossary term and rule title (as stems) occurs."""
        self.stems = _Lookup(self.db, "SELECT stems FROM passage_stems WHERE kind = ? AND ref = ?",
                             lambda st: frozenset(st.split()))
        """The stems of each passage's heading and text, by (kind, ref)."""

    def phrase_rows(self) -> list[tuple[str, str, str, str, str, int]]:
        """The glossary terms and rule titles found in queries, as built with the index: (text,
        label, rules, glossary key, stems, passages with them), rules and stems space-separated."""
        return self.db.execute("SELECT text, label, rules, gkey, stems, df FROM phrase_list ORDER BY rowid").fetchall()

    def bm25(self, terms: list[str], limit: int = 200, refs: list[str] | None = None,
             kind: PassageKind | None = None) -> list[tuple[PassageKind, str, float]]:
        """Passages matching any term, best first, with their BM25 score (higher is better);
        only the rules numbered ``refs`` when given, only passages of ``kind`` when given."""
        query = fts_query(terms)
        if not query:
            return []
        where = ""
        args: list = [query]
        if refs is not None:
            where = f" AND kind = 'rule' AND ref IN ({', '.join('?' * len(refs))})"
            args += refs
        elif kind is not None:
            where = " AND kind = ?"
            args.append(kind.value)
        rows = self.db.execute(
            f"SELECT kind, ref, -bm25(passages, {', '.join(map(str, WEIGHTS))}) AS score "
            f"FROM passages WHERE passages MATCH ?{where} ORDER BY score DESC LIMIT ?", (*args, limit))
        kinds = _KINDS
        return [(kinds[k], r, s) for k, r, s in rows]

    def close(self) -> None:
        self.db.close()


def index_path(doc: RulesDoc, directory: Path) -> Path:
    return directory / f"rules-index-v{INDEX_VERSION}-{doc.sha256[:16]}.sqlite"


def build_index(doc: RulesDoc, target: Path) -> None:
    """Write the index of ``doc`` to ``target`` (atomically: a reader never sees half an
    index)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".part")
    os.close(fd)
    try:
        db = sqlite3.connect(tmp)
        db.execute(f"CREATE VIRTUAL TABLE passages USING fts5(kind UNINDEXED, ref UNINDEXED, "
                   f"heading, body, examples, tokenize='{TOKENIZER}')")
        rows = [("rule", r.number, headings(doc, r.number), r.text, " ".join(r.examples))
                for r in doc]
        rows += [("glossary", g.term, g.term, g.text, "") for g in doc.glossary.values()]
        db.executemany("INSERT INTO passages VALUES (?, ?, ?, ?, ?)", rows)
        db.execute("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, passages, row)")
        db.execute("CREATE TABLE terms (term TEXT PRIMARY KEY, df INTEGER)")
        db.execute("INSERT INTO terms SELECT term, doc FROM temp.vocab")
        db.execute("CREATE VIRTUAL TABLE temp.instances USING fts5vocab(main, passages, instance)")
        stems: dict[int, set[str]] = {}
        for rowid, term in db.execute("SELECT doc, term FROM temp.instances WHERE col != 'examples'"):
            stems.setdefault(rowid, set()).add(term)
        refs = dict(((r, (k, ref)) for r, k, ref in db.execute("SELECT rowid, kind, ref FROM passages")))
        db.execute("CREATE TABLE passage_stems (kind TEXT, ref TEXT, stems TEXT, PRIMARY KEY (kind, ref))")
        db.executemany("INSERT INTO passage_stems VALUES (?, ?, ?)",
                       [(*refs[r], " ".join(sorted(t))) for r, t in stems.items()])
        phrases = [g.term for g in doc.glossary.values()] + [r.title for r in doc if r.title]
        db.execute("CREATE TABLE phrases (stems TEXT PRIMARY KEY, df INTEGER)")
        for st in set(Stemmer().stems(phrases)):
            if st:
                df = db.execute("SELECT count(*) FROM passages WHERE passages MATCH ?",
                                ('body: "' + " ".join(st) + '"',)).fetchone()[0]
                db.execute("INSERT INTO phrases VALUES (?, ?)", (" ".join(st), df))
        db.execute("CREATE TABLE phrase_list (text TEXT, label TEXT, rules TEXT, gkey TEXT, stems TEXT, df INTEGER)")
        entries = phrase_entries(doc)
        for (text, label, rules, gkey), st in zip(entries, Stemmer().stems([e[0] for e in entries])):
            if st:
                row = db.execute("SELECT df FROM phrases WHERE stems = ?", (" ".join(st),)).fetchone()
                db.execute("INSERT INTO phrase_list VALUES (?, ?, ?, ?, ?, ?)",
                           (text, label, " ".join(rules), gkey or "", " ".join(st), row[0] if row else 0))
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.executemany("INSERT INTO meta VALUES (?, ?)",
                       [("sha256", doc.sha256), ("effective", doc.effective), ("version", str(INDEX_VERSION))])
        db.commit()
        db.close()
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def phrase_entries(doc: RulesDoc) -> list[tuple[str, str, tuple[str, ...], str | None]]:
    """The phrases a query is searched for: each glossary term (pointing at its "See rule"s) and
    each rule title used by at most two rules ("Flying"), with a label saying what it is."""
    entries: list[tuple[str, str, tuple[str, ...], str | None]] = []
    for key, g in doc.glossary.items():
        entries.append((g.term, f"glossary \u201c{g.term}\u201d", g.see_also, key))
    titled: dict[str, list[str]] = {}
    for rule in doc:
        if rule.title and rule.title.lower() not in ("general", "summary"):
            titled.setdefault(rule.title, []).append(rule.number)
    for title, numbers in titled.items():
        if len(numbers) <= 2:
            entries.append((title, f"rule title \u201c{title}\u201d", tuple(numbers), None))
    return entries


def open_index(doc: RulesDoc, directory: Path) -> RulesIndex:
    """The index of ``doc`` in ``directory``, built there first if it is missing."""
    path = index_path(doc, directory)
    if not path.exists():
        try:
            build_index(doc, path)
        except OSError as exc:
            raise RulesError(f"{directory}: can't write the search index ({exc.strerror})") from None
    return RulesIndex(path, doc)


class Stemmer:
    """Word stems exactly as the index's tokenizer makes them (SQLite's porter tokenizer, run
    through an in-memory FTS5 table), so phrases found in a query match the index's terms."""

    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
        self.db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")

    def stems(self, texts: list[str]) -> list[tuple[str, ...]]:
        """The stems of each text, in order."""
        self.db.execute("DELETE FROM t")
        self.db.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", list(enumerate(texts)))
        out: list[list[str]] = [[] for _ in texts]
        for doc, term in self.db.execute("SELECT doc, term FROM v ORDER BY doc, offset"):
            out[doc].append(term)
        return [tuple(s) for s in out]
