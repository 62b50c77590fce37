"""Questions about cards together (``manastack rules ask``): the cards a question names, their
rulings, the rules their compiled abilities use, the rules the search finds for the question,
and a scenario skeleton (docs/scenarios.md) with those cards on a board, to be played out by
the judge so that the answer can be checked.

The rules a card's abilities use come from two places: the table of ``card_rules`` (each part of
the compiled IR and the rules it falls under) and the engine itself, whose function running
each kind of effect cites the rules it applies (``engine_links.effect_rules``).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from manastack.cards import CardDef

from .card_rules import card_rules
from .index import Passage, PassageKind
from .query import Hit, RulesSearch, rank_passages

SEARCH_CITES = 3
"""The best rules of the search that the scenario cites besides the cards' own."""
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "2": 2, "3": 3, "4": 4}
MAX_RULINGS = 5
"""The most rulings shown per card (the best matching the question first)."""
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
_OPPONENT = re.compile(r"\b(opponent|opponent's|opponents|their|they)\b", re.IGNORECASE)
_MANA_SYMBOL = re.compile(r"^(\d+|[WUBRGC])$")


@dataclass(frozen=True)
class CardAnswer:
    """What the answer says about one card: its rulings (best matching first, at most
    :data:`MAX_RULINGS`, out of ``rulings_total``), the rules its compiled abilities fall under
    (``rules``), those the engine code running its effects cites (``engine``), and the
    sentences the compiler could not read."""

    name: str
    type_line: str
    rulings: tuple[str, ...]
    rulings_total: int
    rules: tuple[str, ...]
    engine: tuple[str, ...]
    unread: tuple[str, ...]


@dataclass
class Answer:
    question: str
    cards: list[CardAnswer] = field(default_factory=list)
    rules: list[Hit] = field(default_factory=list)
    scenario: str = ""
    """A scenario file (YAML) with the cards on a board; empty when the question names no card."""

    def cited(self) -> list[str]:
        """The rule numbers the answer rests on: the cards' rules, then the search's."""
        numbers = [n for c in self.cards for n in (*c.rules, *c.engine)]
        numbers += [h.ref for h in self.rules if h.kind is PassageKind.RULE][:SEARCH_CITES]
        return list(dict.fromkeys(numbers))

    def to_json(self) -> dict:
        return {"question": self.question,
                "cards": [{"name": c.name, "type_line": c.type_line, "rulings": list(c.rulings),
                           "rulings_total": c.rulings_total, "rules": list(c.rules), "engine": list(c.engine),
                           "unread": list(c.unread)} for c in self.cards],
                "rules": [h.to_json() for h in self.rules], "scenario": self.scenario}


def ask(search: RulesSearch, question: str, n: int = 5) -> Answer:
    """Answer ``question``: the cards it names, with their rulings and rules, the ``n`` best
    rules for it, and a scenario skeleton. Raises ``RulesError`` for a bad query."""
    reading = search.read(question)
    answer = Answer(question=reading.query)
    answer.rules = search.search(question, n=n, rulings=False)
    named = [search.cards.get(name) for name in reading.cards] if search.cards is not None else []
    for card in named:
        found = card_rules(card, search.doc)
        passages = [Passage(PassageKind.RULING, card.name, text) for _, text in card.rulings]
        ranked = [p.text for p, _ in rank_passages(passages, reading.terms)] if passages else []
        answer.cards.append(CardAnswer(card.name, card.type_line, tuple(ranked[:MAX_RULINGS]), len(ranked),
                                       found.rules, found.engine, found.unread))
    if named:
        answer.scenario = scenario_skeleton(answer.question, named, answer.cited())
    return answer


def _mana_for(cards: list[CardDef]) -> dict[str, int]:
    """A mana pool that pays the mana costs of ``cards`` (generic paid with colorless)."""
    pool: dict[str, int] = {}
    for card in cards:
        for symbol in card.mana_cost.symbols:
            if not _MANA_SYMBOL.match(symbol):
                continue     # X, hybrid, Phyrexian: left for the reader to set
            key, amount = ("C", int(symbol)) if symbol.isdigit() else (symbol, 1)
            pool[key] = pool.get(key, 0) + amount
    return pool


def copies(name: str, question: str) -> int:
    """How many of card ``name`` the question speaks of ("two Panharmonicons": 2)."""
    m = re.search(rf"\b({'|'.join(NUMBER_WORDS)})\s+{re.escape(name)}(?:e?s)?\b", question, re.IGNORECASE)
    return NUMBER_WORDS[m.group(1).lower()] if m else 1


def _entry(card: CardDef, question: str) -> str:
    name = json.dumps(card.name, ensure_ascii=False)
    n = copies(card.name, question)
    return name if n == 1 else f"{{card: {name}, count: {n}}}"


def scenario_skeleton(question: str, cards: list[CardDef], cites: list[str]) -> str:
    """A scenario file that sets up ``cards``: permanents on Alice's battlefield (the last one
    on Bob's when the question speaks of an opponent and names two or more), other cards in
    Alice's hand with the mana to cast them; a script that runs as it is (to the second main
    phase) with the steps to try written as comments; and expectations of the board as it is,
    which hold until the script is changed."""
    permanents = [c for c in cards if set(c.types) & PERMANENT_TYPES]
    spells = [c for c in cards if c not in permanents]
    mine, theirs = list(permanents), []
    if len(permanents) >= 2 and _OPPONENT.search(question):
        theirs = [mine.pop()]
    names = [_entry(c, question) for c in mine]
    lines = [f"name: {json.dumps(question, ensure_ascii=False)}",
             "description: >",
             "  A board with the cards the question names. Add the steps that ask the question",
             "  (see docs/scenarios.md) and the outcome the rules say, then run it with the judge.",
             f"cites: [{', '.join(json.dumps(n) for n in cites[:8])}]",
             "turn: 3"]
    if any(c.unsupported for c in cards):
        lines.append("allow_partial: true      # a card's text is read only in part")
    lines += ["players:", "  - name: Alice", f"    battlefield: [{', '.join(names)}]"]
    if spells:
        lines.append(f"    hand: [{', '.join(json.dumps(c.name, ensure_ascii=False) for c in spells)}]")
        pool = _mana_for(spells)
        if pool:
            lines.append("    mana_pool: {" + ", ".join(f"{k}: {v}" for k, v in sorted(pool.items())) + "}")
    lines += ["  - name: Bob",
              f"    battlefield: [{', '.join(json.dumps(c.name, ensure_ascii=False) for c in theirs)}]",
              "script:"]
    for c in spells:
        lines.append(f"  # - cast: {json.dumps(c.name, ensure_ascii=False)}    # add targets: [...] if it has any")
        lines.append("  # - resolve")
    creatures = [c for c in mine if "Creature" in c.types]
    if creatures:
        lines.append(f"  # - attack: [{', '.join(json.dumps(c.name, ensure_ascii=False) for c in creatures)}]")
    expected = [json.dumps(c.name, ensure_ascii=False) for c in mine for _ in range(copies(c.name, question))]
    lines += ["  - pass_until: main2", "expect:",
              f"  battlefield: {{Alice: [{', '.join(expected)}], "
              f"Bob: [{', '.join(json.dumps(c.name, ensure_ascii=False) for c in theirs)}]}}"]
    return "\n".join(lines) + "\n"
