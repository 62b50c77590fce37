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
            found = {template(s, card.name) for s in card.unsupported}
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
