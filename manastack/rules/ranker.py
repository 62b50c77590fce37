"""The search's last step: a linear ranker over features of each (query, passage) pair, its
weights learned on the development half of the evaluation set (``bench/rules_search.py
--train``) and kept as data in ``ranker-weights.json`` beside this module.

The features say how a passage was reached (its words' BM25 score, with and without reading
the query; the share of the question's words, and of its action words, it has; the cards,
judge words, glossary terms, rule numbers and "See rule" links that point at it or at a rule
above it; the named cards' Oracle text), what it is (a one-line title, a glossary entry, a
section, rule or subrule, its length), how it compares with the other candidates under the same
rule, with those under it and with the rule above it (its own words and its first sentence
against the parent's), what the question asks for (may or must, how many) against what
the passage's text says, and (``q_`` and ``d_`` features) a few of these again when the query is
a question in plain words or asks what something is. Plain BM25 is one feature among them.
With the ``search`` extra, the query's sentence embedding against each passage's
(:mod:`.embedding`) adds the ``emb`` features, weighed by weights of their own
(``ranker-weights-embedding.json``).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

FEATURES = (
    "base", "base_rr", "words", "raw", "raw_rr", "coord", "heading", "action",
    "card", "card_below", "card_general", "card_general_below", "card_engine", "card_engine_below",
    "vocabulary", "vocabulary_below",
    "phrase", "phrase_below", "number", "number_below", "see", "see_below",
    "bridge", "pairs", "parent", "assoc_rule", "assoc_section",
    "title", "glossary", "glossary_def", "section", "rule", "subrule", "first_sub", "length",
    "body_coord", "sib_base", "sib_raw", "sib_body_coord", "siblings", "children",
    "q_base", "q_raw", "q_coord", "q_body_coord", "q_first_sub", "q_rule", "q_subrule", "q_title", "q_glossary",
    "q_section", "card_text", "icoord", "body_icoord", "sib_body_icoord", "meant",
    "first_rule", "modal", "count", "d_first_rule", "d_rule", "d_subrule", "d_section", "d_heading", "d_coord",
    "own_vs_parent", "has_subrules", "lead", "lead_action", "sib_rank", "q_lead",
    "emb", "emb_gap", "emb_rr", "sib_emb", "q_emb",
)
"""The features, in the order of the weights."""

ACTION_WORDS = frozenset("""cast attack attacks attacking attacked block blocks blocking blocked copy copies
counter countered die dies died destroy destroyed exile exiled sacrifice sacrificed draw draws drew
discard discarded target targets targeted tap tapped untap untapped search shuffle mill regenerate
prevent prevented trigger triggers triggered activate activated play played reveal create created
transform phase damage gain gains lose loses control controls enchant equip attach attached return
returns resolve resolves respond concede win pay paid choose chooses""".split())
"""Words naming what happens in a question (cast, attack, copy, counter, die ...)."""

WEIGHTS_FILE = "ranker-weights.json"
EMBEDDING_WEIGHTS_FILE = "ranker-weights-embedding.json"
"""The weights used with the sentence embeddings of the ``search`` extra (:mod:`.embedding`)."""


ASSOC_SMOOTHING = 2.0
"""Added to a word's question count when estimating how often it asks for a rule."""


@dataclass(frozen=True)
class Ranker:
    """A linear model: a passage's score is the sum of its features times their weights.

    ``assoc`` is learned too: for a word stem of a question, how often the development
    questions with that word were answered by a rule (``"509.1"``) or a section (``"509"``)."""

    weights: dict[str, float]
    assoc: dict[str, dict[str, float]] = field(default_factory=dict)

    def score(self, features: dict[str, float]) -> float:
        return sum(self.weights.get(name, 0.0) * value for name, value in features.items())

    def assoc_features(self, stems: tuple[str, ...], number: str) -> dict[str, float]:
        """How strongly the question's stems ask for the rule and the section ``number`` is in."""
        known = [self.assoc[s] for s in stems if s in self.assoc]
        if not known or "." not in number:
            return {}
        rule = rule_level(number)
        section = number.split(".")[0]
        return {"assoc_rule": sum(a.get(rule, 0.0) for a in known) / len(stems),
                "assoc_section": sum(a.get(section, 0.0) for a in known) / len(stems)}

    def to_json(self) -> dict:
        return {"features": list(FEATURES), "weights": [round(self.weights.get(f, 0.0), 6) for f in FEATURES],
                "assoc": {s: {k: round(v, 4) for k, v in a.items()} for s, a in sorted(self.assoc.items())}}


def rule_level(number: str) -> str:
    """"509.1a" -> "509.1"."""
    return number.rstrip("abcdefghijklmnopqrstuvwxyz")


def learn_assoc(questions: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> dict[str, dict[str, float]]:
    """From (question stems, answering rule numbers) pairs: per stem, the smoothed share of its
    questions answered by each rule and each section."""
    counts: dict[str, dict[str, float]] = {}
    seen: dict[str, int] = {}
    for stems, numbers in questions:
        numbers = tuple(n for n in numbers if "." in n)
        if not numbers:
            continue
        targets: dict[str, float] = {}
        for n in numbers:
            for key in (rule_level(n), n.split(".")[0]):
                targets[key] = targets.get(key, 0.0) + 1 / len(numbers)
        for stem in set(stems):
            seen[stem] = seen.get(stem, 0) + 1
            row = counts.setdefault(stem, {})
            for key, value in targets.items():
                row[key] = row.get(key, 0.0) + min(value, 1.0)
    return {stem: {k: v / (seen[stem] + ASSOC_SMOOTHING) for k, v in row.items()} for stem, row in counts.items()}


def load_ranker(path: Path | None = None, name: str = WEIGHTS_FILE) -> Ranker | None:
    """The bundled ranker ``name`` (or the one at ``path``); None when there is none or it
    doesn't fit the features of this version."""
    try:
        text = Path(path).read_text(encoding="utf-8") if path else \
            resources.files("manastack.rules").joinpath(name).read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return None
    names, weights = data.get("features"), data.get("weights")
    if not isinstance(names, list) or not isinstance(weights, list) or len(names) != len(weights) \
            or not set(names) <= set(FEATURES) or not all(isinstance(w, (int, float)) for w in weights):
        return None
    assoc = data.get("assoc", {})
    if not isinstance(assoc, dict):
        return None
    return Ranker(dict(zip(names, map(float, weights))),
                  {str(s): {str(k): float(v) for k, v in a.items() if isinstance(v, (int, float))}
                   for s, a in assoc.items() if isinstance(a, dict)})


def shape_features(number_or_term: str, is_rule: bool, title: bool, text: str, definition: bool) -> dict[str, float]:
    """The features that say what a passage is."""
    f: dict[str, float] = {"length": math.log1p(len(text)) / 8}
    if not is_rule:
        f["glossary"] = 1.0
        f["glossary_def"] = 1.0 if definition else 0.0
        return f
    if "." not in number_or_term:
        f["section"] = 1.0
    elif number_or_term[-1].isalpha():
        f["subrule"] = 1.0
        f["first_sub"] = 1.0 if number_or_term.endswith("a") else 0.0
    else:
        f["rule"] = 1.0
    if title:
        f["title"] = 1.0
    return f
