"""CR 613: an object's characteristics after continuous effects, read from the layer system of
:mod:`.continuous` (one pass over the layers per state version, shared by every reader:
targeting, combat, state-based actions, triggers, the view).

Off the battlefield no continuous effect of the supported cards applies, beside
characteristic-defining abilities (CR 604.3): devoid's colorlessness and a power and toughness
"equal to the number of ..." work in every zone.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from manastack.oracle import ir

from . import continuous
from . import exercise
from .continuous import Keeps, card_keywords, cda_pt, count_matching, mana_value, printed, printed_changeling
from .state import Obj, State
from .zones import BATTLEFIELD

E = TypeVar("E", bound=ir.StaticEffect)

__all__ = ["card_types", "colors", "count_matching", "has", "has_all_creature_types", "is_creature", "is_type",
           "keywords", "mana_value", "power", "power_toughness", "protections", "static_effects", "subtypes",
           "supertypes", "toughness"]


def card_types(s: State, o: Obj) -> tuple[str, ...]:
    """CR 205.2, layer 4 (CR 613.1d): its card types now."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.types
    return o.card.types


def subtypes(s: State, o: Obj) -> tuple[str, ...]:
    """CR 205.3, layer 4: its subtypes now (see :func:`has_all_creature_types` too)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.subtypes
    return o.card.subtypes


def supertypes(s: State, o: Obj) -> tuple[str, ...]:
    """CR 205.4, layer 4 (CR 613.1d): its supertypes now ("Enchanted creature is legendary")."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.supertypes
    return o.card.supertypes


def has_all_creature_types(s: State, o: Obj) -> bool:
    """CR 205.3m, 702.73a: changeling, or an effect gave it every creature type (layer 4)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.all_types
    if printed_changeling(o.card):
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "changeling", o.card)
        return True
    return False


def is_type(s: State, o: Obj, t: str) -> bool:
    return t in card_types(s, o)


def is_creature(s: State, o: Obj) -> bool:
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return "Creature" in c.types
    return "Creature" in o.card.types


def keywords(s: State, o: Obj) -> frozenset[str] | set[str]:
    """Names of the keyword abilities the object has now (CR 702), layer 6 applied: granted,
    lost, removed with all abilities, and the haste the rules give (suspend, dash, unearth)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        kws = c.keywords if c is not None else _plain_keywords(o)
    else:
        kws = card_keywords(o.card)
    if exercise.RECORD is not None:
        return exercise.ReadKeywords(set(kws), o.card)   # notes the keywords rules code asks about
    return kws


def _plain_keywords(o: Obj) -> frozenset[str]:
    """Its printed keywords with the haste the rules give (CR 702.62a, 702.109a, 702.84a), when
    no continuous effect applies."""
    kws = card_keywords(o.card)
    costs = o.cast_costs
    if costs and ("dash" in costs or "unearth" in costs or "suspend" in costs and "Creature" in o.card.types):
        return kws | {"haste"}
    return kws


def protections(s: State, o: Obj, aura: Obj | None = None) -> list[str | None]:
    """What ``o`` has protection from now (CR 702.16a: "red", "artifacts", "everything"): its
    own protection abilities and those effects gave it (layer 6). Seen by ``aura``, one that
    ``aura`` grants "This effect doesn't remove ~" doesn't count, nor, for an Aura, one granted
    with "This effect doesn't remove Auras." (CR 702.16n)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            if aura is None:
                return [q for q, _src, _keeps in c.protections]
            is_aura = "Aura" in aura.card.subtypes
            return [q for q, src, keeps in c.protections
                    if not (keeps is Keeps.SOURCE and src == aura.id or keeps is Keeps.AURAS and is_aura)]
    return [continuous._quality(ab.arg, o) for ab in o.card.abilities
            if type(ab) is ir.Keyword and ab.name == "protection"]


def has(s: State, o: Obj, name: str) -> bool:
    return name in keywords(s, o)


def power_toughness(s: State, o: Obj) -> tuple[int, int]:
    """CR 208.3, 613.4: after layer 7 (its sublayers: characteristic-defining abilities, values
    set, modifications and counters, switches)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.power, c.toughness
    card = o.card
    p, t = printed(card.power), printed(card.toughness)
    for eff in card.static_effects:
        if isinstance(eff, ir.StaticPTCount):       # CR 604.3, 613.4a: defines them in every zone
            p, t = cda_pt(s, eff, o, p, t)
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", eff.kind, card)
    counters = o.counters
    if counters:
        n = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        p += n
        t += n
    return p, t


def power(s: State, o: Obj) -> int:
    return power_toughness(s, o)[0]


def toughness(s: State, o: Obj) -> int:
    return power_toughness(s, o)[1]


def colors(s: State, o: Obj) -> tuple[str, ...]:
    """CR 105.2, layer 5 (CR 613.1e); devoid makes the object colorless in every zone
    (CR 702.114a)."""
    if o.zone == BATTLEFIELD:
        c = continuous.chars(s, o)
        if c is not None:
            return c.colors
    cols = o.card.colors
    if cols and "devoid" in card_keywords(o.card):
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "devoid", o.card)
        return ()
    return cols


def static_effects(s: State, kind: type[E]) -> Iterator[tuple[Obj, E]]:
    """(source, effect) pairs of the type ``kind`` (a record of ``ir``, such as
    ``ir.StaticCantBlock``) from the static abilities that exist now (of permanents and emblems;
    CR 604, 611.3), as an iterator."""
    cached = s.static_cache
    if cached is not None and cached[0] is s.battlefield and not cached[1][0]:
        return _NOTHING                 # (most boards: no static ability at all)
    found = continuous.static_abilities(s).get(kind)
    if not found:
        return _NOTHING
    return _sources_with(s.objs, found)


def _sources_with(objs: dict[int, Obj], found: list) -> Iterator[tuple[Obj, E]]:
    """(source, effect) pairs of the ids in ``found``, lazily (a generator function, which the
    compiled build keeps lazy too: ``next`` is asked of it)."""
    for oid, eff in found:
        yield objs[oid], eff


_NOTHING: Iterator = iter(())      # exhausted, so it can be handed to every caller
