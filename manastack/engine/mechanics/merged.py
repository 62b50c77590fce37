"""Merged permanents (CR 729): one permanent represented by several cards or tokens, as mutate
makes them (CR 702.140c).

A merged permanent keeps its components on ``Obj.merged``, topmost first. Its ``card`` is the
definition :func:`merged_card` builds from them: the topmost component's characteristics
(CR 729.2a) and the abilities of every component (CR 702.140e), compiled from the topmost face
with the rules text of the others appended, each one's own name read as "this permanent"
(CR 201.5). Being a plain definition, it is what a copy of the permanent copies (CR 707.2,
729.2a) and what a save holds; the components say which cards go where when the permanent
leaves the battlefield (CR 729.3).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from manastack.cards import CardDef


@dataclass(frozen=True, slots=True, eq=False)
class Component:
    """One card or token representing a merged permanent (CR 729.2). ``card``: its
    characteristics (a copy's are those it copies, CR 707.2); ``printed``: its own card while it
    is a copy; ``token``: it is a token, which ceases to exist when the permanent leaves
    (CR 111.8, 704.5d); ``token_face``: a token's face, as ``Obj.token_face``."""

    card: CardDef
    printed: CardDef | None = None
    token: bool = False
    token_face: dict | None = None

    @property
    def own(self) -> CardDef:
        """The card that goes to another zone (a copy is itself again there, CR 707.2)."""
        return self.printed or self.card


def component_of(o) -> Component:
    """The object ``o`` as one component of a merge (it isn't merged yet)."""
    return Component(o.card, o.printed, o.is_token, o.token_face)


def components(o) -> tuple[Component, ...]:
    """The components of the permanent ``o``, topmost first: itself alone when not merged."""
    return o.merged or (component_of(o),)


def merged_card(parts: tuple[Component, ...]) -> CardDef:
    """The definition of a permanent merged from ``parts`` (topmost first): CR 729.2a, 702.140e."""
    return _merged(tuple(p.card for p in parts))


@lru_cache(maxsize=1024)
def _merged(cards: tuple[CardDef, ...]) -> CardDef:
    top = cards[0]
    face = dict(top.face)
    face["name"] = top.name
    texts = [top.text] + [_self_named(c) for c in cards[1:]]
    face["text"] = "\n".join(t for t in texts if t)
    return CardDef.from_face(face)


def _self_named(card: CardDef) -> str:
    """``card``'s rules text with its own name (or a legend's short name) read as "this
    permanent": as part of a merged permanent its text names that permanent (CR 201.5)."""
    if not card.text or not card.name:
        return card.text
    names = [card.name] + ([card.name.split(", ")[0]] if ", " in card.name else [])
    pattern = re.compile(r"(?<!\w)(?:%s)(?!\w)" % "|".join(map(re.escape, names)))
    return pattern.sub("this permanent", card.text)


def cards_in(o) -> int:
    """How many cards represent the object ``o``: each card of a merged permanent (CR 729.2),
    else one, or none for a token (CR 111.1)."""
    if o.merged:
        return sum(1 for p in o.merged if not p.token)
    return 0 if o.is_token else 1


def times_mutated(o) -> int:
    """How many times the permanent ``o`` has mutated: each mutation added one component."""
    return max(len(o.merged) - 1, 0)
