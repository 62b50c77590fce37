"""How much of a card pool the Oracle compiler reads, and what it most often cannot read.

Unsupported sentences are grouped into templates: the card's name becomes ``~``, mana symbols
``{M}`` and numbers ``N``, so "Shock deals 2 damage" and "Lava Dart deals 1 damage" share one.
Besides the commonest templates the report counts, for each template, the cards it alone keeps
from compiling fully (what reading it would unlock at once), and lists every card not compiled
fully with each part of its text that gave no ability and why.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from manastack.cards import CardDB, CardError
from manastack.oracle.compiler import normalise

_MANA = re.compile(r"\{(?:\d+|[WUBRGCXS]|[WUBRG2C]/[WUBRGP])\}")
_NUMBER = re.compile(r"(?<![\w+-])\d+(?!\w)|(?<=[+-])\d+")


@dataclass
class CoverageReport:
    """``top``: the commonest templates with how many cards show each; ``sole``: templates
    with how many cards they alone block (the card's only unsupported template); ``single``:
    how many cards one template alone blocks; ``cards``: each card not compiled fully with its
    gaps (:class:`manastack.oracle.Gap`); ``reasons``: how many gaps each kind of reason has."""

    total: int
    compiled: int
    top: list[tuple[str, int]] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    sole: list[tuple[str, int]] = field(default_factory=list)
    single: int = 0
    cards: list[tuple[str, tuple]] = field(default_factory=list)
    reasons: list[tuple[str, int]] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.compiled / self.total if self.total else 0.0

    def to_dict(self) -> dict:
        return {"total": self.total, "compiled": self.compiled, "share": round(self.share, 4),
                "top_unsupported": [{"template": t, "count": n} for t, n in self.top],
                "blocked_by_one_template": self.single,
                "top_sole_blockers": [{"template": t, "cards": n} for t, n in self.sole],
                "reasons": [{"reason": r, "count": n} for r, n in self.reasons],
                "cards": [{"card": c, "not_compiled": [g.to_dict() for g in gaps]}
                          for c, gaps in self.cards],
                "errors": [{"card": c, "error": e} for c, e in self.errors]}


def reason_kind(reason: str) -> str:
    """A gap's reason without the parts that name one sentence or card, for counting."""
    return re.split(r": '| \(the compiler stopped at ", reason)[0]


def template(sentence: str, card_name: str) -> str:
    """The sentence with the card's name, mana symbols and numbers made generic."""
    text = normalise(sentence, card_name)
    return _NUMBER.sub("N", _MANA.sub("{M}", text))


def load(db_or_path) -> CardDB:
    if isinstance(db_or_path, CardDB):
        return db_or_path
    db = CardDB()
    db.add_file(Path(db_or_path))
    return db


def coverage(db_or_path, top: int = 30,
             progress: Callable[[int, int], None] | None = None) -> CoverageReport:
    """Compile every card of a :class:`CardDB` (or of an AtomicCards file) and count.

    ``progress(done, total)`` is called after each card, for a progress bar.
    """
    db = load(db_or_path)
    names = db.names()
    templates: Counter[str] = Counter()
    sole: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    compiled = 0
    errors = []
    cards = []
    for i, name in enumerate(names, 1):
        try:
            card = db.get(name)
        except (CardError, ValueError) as exc:  # e.g. a mana cost that is not one
            errors.append((name, str(exc)))
        else:
            if card.fully_supported:
                compiled += 1
            # a card of several faces is whole only when every face is; each face's entry
            # counts its own sentences (CR 709, 712, 715)
            found = {template(s, card.name) for s in card.face_unsupported}
            templates.update(found)
            if len(found) == 1:
                sole.update(found)
            if card.gaps:
                cards.append((card.name, card.gaps))
                reasons.update(reason_kind(g.reason) for g in card.gaps)
        if progress is not None:
            progress(i, len(names))
    return CoverageReport(len(names), compiled, templates.most_common(top), errors,
                          sole.most_common(top), sum(sole.values()), cards, reasons.most_common())


MAX_STAPLES_BYTES = 1_000_000        # a staples list
MAX_STAPLES = 10_000                 # cards in it


@dataclass(frozen=True)
class Staple:
    """One line of a staples list: a card, the formats it is a staple of, and the decks."""

    name: str
    formats: tuple[str, ...]
    decks: str


def read_staples(path: str | Path) -> list[Staple]:
    """A staples list (``card | formats | decks`` per line, ``#`` comments); a malformed file is
    a :class:`CardError` naming the line."""
    p = Path(path)
    try:
        raw = p.read_bytes()[:MAX_STAPLES_BYTES + 1] if p.is_file() else None
    except OSError as exc:
        raise CardError(f"{path}: can't read the staples list ({exc.strerror})") from None
    if raw is None:
        raise CardError(f"{path}: staples list not found")
    if len(raw) > MAX_STAPLES_BYTES:
        raise CardError(f"{path}: larger than the {MAX_STAPLES_BYTES:,} bytes allowed for a staples list")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    out: list[Staple] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [x.strip() for x in line.split(" | ")]
        if len(parts) != 3 or not parts[0] or not parts[1]:
            raise CardError(f"{path}, line {number}: expected 'card | formats | decks'")
        out.append(Staple(parts[0], tuple(f.strip() for f in parts[1].split(",")), parts[2]))
        if len(out) > MAX_STAPLES:
            raise CardError(f"{path}: more than {MAX_STAPLES:,} cards")
    return out


@dataclass
class StaplesReport:
    """How many cards of a staples list compile fully, per format too; ``missing``: names the
    card file doesn't have; ``not_compiled``: each staple not compiled fully with its gaps."""

    total: int
    compiled: int
    by_format: dict[str, tuple[int, int]]
    missing: list[str]
    not_compiled: list[tuple[str, tuple]]

    @property
    def share(self) -> float:
        return self.compiled / self.total if self.total else 0.0

    def to_dict(self) -> dict:
        return {"total": self.total, "compiled": self.compiled, "share": round(self.share, 4),
                "by_format": {f: {"compiled": c, "total": t} for f, (c, t) in self.by_format.items()},
                "missing": self.missing,
                "not_compiled": [{"card": c, "not_compiled": [g.to_dict() for g in gaps]}
                                 for c, gaps in self.not_compiled]}


def staples_coverage(db_or_path, staples: list[Staple]) -> StaplesReport:
    """Which cards of ``staples`` the card file has and compiles fully."""
    db = load(db_or_path)
    compiled, missing, not_compiled = 0, [], []
    by_format: dict[str, list[int]] = {}
    for staple in staples:
        try:
            card = db.get(db.resolve(staple.name))
        except (CardError, KeyError, ValueError):
            missing.append(staple.name)
            continue
        ok = card.fully_supported
        compiled += ok
        if not ok:
            not_compiled.append((card.name, card.gaps))
        for f in staple.formats:
            counts = by_format.setdefault(f, [0, 0])
            counts[0] += ok
            counts[1] += 1
    return StaplesReport(len(staples) - len(missing), compiled,
                         {f: (c, t) for f, (c, t) in by_format.items()}, missing, not_compiled)
