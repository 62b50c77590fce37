"""What changed between two editions of the Comprehensive Rules, rule by rule and term by term."""
from __future__ import annotations

from dataclasses import dataclass, field

from .document import Rule, RulesDoc


@dataclass(frozen=True)
class RuleChange:
    """A rule whose text or examples differ between the editions."""

    number: str
    old: str
    new: str


@dataclass
class RulesDiff:
    """Rules and glossary terms added, removed and changed from ``old`` to ``new`` (the
    editions' effective dates), in rule order."""

    old: str
    new: str
    added: list[tuple[str, str]] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)
    changed: list[RuleChange] = field(default_factory=list)
    glossary_added: list[str] = field(default_factory=list)
    glossary_removed: list[str] = field(default_factory=list)
    glossary_changed: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"old": self.old, "new": self.new,
                "added": [{"number": n, "text": t} for n, t in self.added],
                "removed": [{"number": n, "text": t} for n, t in self.removed],
                "changed": [{"number": c.number, "old": c.old, "new": c.new} for c in self.changed],
                "glossary": {"added": self.glossary_added, "removed": self.glossary_removed,
                             "changed": self.glossary_changed}}


def _full(rule: Rule) -> str:
    return " ".join([rule.text, *(f"Example: {e}" for e in rule.examples)])


def diff_rules(old: RulesDoc, new: RulesDoc) -> RulesDiff:
    """Compare two editions rule by rule (by number) and term by term."""
    out = RulesDiff(old=old.effective or old.path, new=new.effective or new.path)
    for number, rule in new.rules.items():
        before = old.rules.get(number)
        if before is None:
            out.added.append((number, rule.text))
        elif _full(before) != _full(rule):
            out.changed.append(RuleChange(number, _full(before), _full(rule)))
    out.removed = [(n, r.text) for n, r in old.rules.items() if n not in new.rules]
    out.glossary_added = [g.term for k, g in new.glossary.items() if k not in old.glossary]
    out.glossary_removed = [g.term for k, g in old.glossary.items() if k not in new.glossary]
    out.glossary_changed = [g.term for k, g in new.glossary.items()
                            if k in old.glossary and old.glossary[k].text != g.text]
    return out
