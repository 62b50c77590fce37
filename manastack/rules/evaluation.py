"""Measuring the rules search: an evaluation set of queries with the rules that answer them,
and mean reciprocal rank (MRR) and recall at 5 and 10 per kind of query."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .document import RulesDoc, RulesError
from .index import PassageKind
from .query import Hit, RulesSearch

KINDS = ("keywords", "question", "definition", "cards")
SETS = ("dev", "test")
"""The development half (tuned on) and the test half (measured only)."""
MAX_EVAL_QUERIES = 1000
GLOSSARY_PREFIX = "glossary:"


@dataclass(frozen=True)
class EvalQuery:
    """A query, its kind, its half of the set ("dev" or "test") and the passages that answer
    it: rule numbers, or glossary terms written ``glossary: Term``."""

    query: str
    kind: str
    answers: tuple[str, ...]
    set: str = "dev"


@dataclass(frozen=True)
class Scores:
    count: int
    mrr: float
    recall5: float
    recall10: float


def load_eval(path: str | Path) -> list[EvalQuery]:
    """The evaluation queries of a YAML file (``queries: [{query, kind, answers, set}]``)."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise RulesError(f"{path}: can't read the evaluation set ({exc})") from None
    items = data.get("queries") if isinstance(data, dict) else None
    if not isinstance(items, list) or not 0 < len(items) <= MAX_EVAL_QUERIES:
        raise RulesError(f"{path}: expected 'queries:' with 1 to {MAX_EVAL_QUERIES} entries")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or item.get("kind") not in KINDS or not item.get("answers") \
                or not isinstance(item.get("query"), str) or item.get("set", "dev") not in SETS:
            raise RulesError(f"{path}: queries[{i}]: expected query, kind (one of {', '.join(KINDS)}), "
                             f"set (one of {', '.join(SETS)}) and answers")
        out.append(EvalQuery(item["query"], item["kind"], tuple(map(str, item["answers"])),
                             item.get("set", "dev")))
    return out


def answers(hit: Hit, expected: tuple[str, ...]) -> bool:
    """Whether ``hit`` is one of the expected passages or a rule under one of them."""
    for e in expected:
        if e.startswith(GLOSSARY_PREFIX):
            if hit.kind is PassageKind.GLOSSARY and hit.ref.lower() == e[len(GLOSSARY_PREFIX):].strip().lower():
                return True
        elif hit.kind is PassageKind.RULE and (hit.ref == e or hit.ref.startswith(e) and
                                               not hit.ref[len(e):len(e) + 1].isdigit()):
            return True
    return False


def missing_answers(queries: list[EvalQuery], doc: RulesDoc) -> list[str]:
    """Answers of the evaluation set that the rules text doesn't have."""
    missing = []
    for q in queries:
        for e in q.answers:
            ok = doc.define(e[len(GLOSSARY_PREFIX):].strip()) is not None if e.startswith(GLOSSARY_PREFIX) \
                else doc.get(e) is not None
            if not ok:
                missing.append(f"{q.query!r}: {e}")
    return missing


def first_rank(search: RulesSearch, q: EvalQuery, depth: int = 10) -> int | None:
    """The rank (1-based) of the first answering passage among the CR passages found for
    ``q`` (card rulings are left out), or None beyond ``depth``."""
    for i, hit in enumerate(search.search(q.query, n=depth, rulings=False), 1):
        if answers(hit, q.answers):
            return i
    return None


def evaluate(search: RulesSearch, queries: list[EvalQuery]) -> dict[str, Scores]:
    """Scores per kind of query, and over all of them (``"all"``)."""
    ranks: dict[str, list[int | None]] = {}
    for q in queries:
        r = first_rank(search, q)
        ranks.setdefault(q.kind, []).append(r)
        ranks.setdefault("all", []).append(r)
    return {kind: Scores(len(rs), sum(1 / r for r in rs if r) / len(rs),
                         sum(1 for r in rs if r and r <= 5) / len(rs),
                         sum(1 for r in rs if r and r <= 10) / len(rs))
            for kind, rs in ranks.items()}
