"""The definition a permanent has now: its card after the continuous effects that change what
it is and which abilities it has (CR 613).

- Layer 1, copy effects (CR 707): a permanent that enters as a copy (Clone) gets the copied
  object's copiable values as it enters, and keeps them while it stays; its ``card`` is the
  copied definition and ``printed`` its own card, which it is again in any other zone.
- Layer 4, a static ability that sets a land type (Blood Moon), or a resolved spell or ability
  that set one for a time ("Target land becomes a Forest until end of turn"; a ``SetLandType``
  record): the land loses its other land types and every ability its rules text gave it, and has
  the new type's intrinsic mana ability (CR 305.7).
- Layer 6, a static ability that gives an activated or triggered ability in quotes (Chromatic
  Lantern, Umbral Mantle, Bear Umbra; CR 613.1f), also one that does so only as long as a
  condition holds (threshold's "As long as seven or more cards are in your graveyard, ~ has
  "..."", CR 611.3a), and a resolved spell or ability that gave one for a time ("Until end of
  turn, target creature gains "..."", CR 611.2; a ``GrantAbility`` record).

Layers 4 and 6 give a derived definition: the card's face with the new type line and the
granted abilities as lines of text, compiled like any card and kept. Every rules module reads
abilities from :func:`card_now`, so a granted ability is activated, resolved, saved and explained
exactly like a printed one.
"""
from __future__ import annotations

from functools import lru_cache

from manastack.cards import CardDef
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES, LAND_TYPES

from . import exercise
from .state import Obj, State
from .upcalls import condition_holds, matches

CHANGING_KINDS = frozenset({"set_land_type", "grant_ability", "add_types", "remove_types"})

_COMPUTING: set[int] = set()


def changers(s: State) -> list[tuple[Obj, ir.StaticEffect]]:
    """(source id, effect) for the static abilities on the battlefield that change definitions,
    in timestamp order (CR 613.7), as objects of ``s``.

    Asked for nearly every object at every event, so the answer is kept on the state with the
    battlefield it was found for: an object's card and timestamp never change while it is
    there (a copy is fixed as it enters), so the same battlefield gives the same answer."""
    key = s.battlefield
    cached = s.layer_cache
    if cached is None or cached[0] is not key:
        objs = s.objs
        found = sorted(((objs[i].timestamp, i, eff) for i in key for eff in objs[i].card.static_effects
                        if eff.kind in CHANGING_KINDS), key=lambda t: t[:2])
        removes = any(eff.kind == "remove_types" for _t, _i, eff in found)
        cached = s.layer_cache = (key, tuple((i, eff) for _t, i, eff in found), removes)
    objs = s.objs
    return [(objs[i], eff) for i, eff in cached[1]]


def card_now(s: State, o: Obj, found: list | None = None) -> CardDef:
    """``o``'s definition after layers 4 and 6 (``o.card`` itself when nothing changes it).
    ``found``: :func:`changers`, when the caller asks for many objects at once."""
    card = o.card
    if o.zone != "battlefield":
        return card
    gained, typed = (granted(s, o), _land_type_records(s, o)) if s.effects else ((), ())
    if found is None:
        cached = s.layer_cache
        if cached is not None and cached[0] is s.battlefield and not cached[1] and not gained and not typed:
            return card                 # nothing on this battlefield changes definitions
        found = changers(s)
    if not found and not gained and not typed or o.id in _COMPUTING:
        return card
    _COMPUTING.add(o.id)
    try:
        land_type = ""
        if "Land" in card.types:                   # land-type effects affect only lands
            # static abilities at their sources' timestamps and resolved effects at theirs:
            # the latest wins (CR 613.7a-b)
            latest = max(((src.timestamp, eff.land_type) for src, eff in found
                          if eff.kind == "set_land_type" and affected_by(s, src, eff, o)), default=(-1, ""))
            land_type = max(typed + (latest,))[1]
        # layer 4 (CR 613.1d): types and subtypes in addition to its own, in timestamp order
        added = tuple(eff for src, eff in found if eff.kind == "add_types" and affected_by(s, src, eff, o))
        # "as long as your devotion to black is less than five, ~ isn't a creature" (CR 611.3a)
        removed = tuple(t for src, eff in found if eff.kind == "remove_types" and affected_by(s, src, eff, o)
                        and _applies(s, eff, src) for t in eff.types)
        grants = tuple(ab.text for src, eff in found
                       if eff.kind == "grant_ability" and not stripped(s, src, found)
                       and affected_by(s, src, eff, o) and _applies(s, eff, src) for ab in eff.abilities) + gained
    finally:
        _COMPUTING.discard(o.id)
    if not land_type and not grants and not added and not removed:
        return card
    types = tuple(t for eff in added for t in eff.types)
    subtypes = tuple(t for eff in added for t in eff.subtypes)
    return derived(card, land_type, grants, types, subtypes, removed)


def removes_types(s: State) -> bool:
    """Whether a static ability on the battlefield may take a card type away ("~ isn't a
    creature"), so that a card's printed types may not be its types now."""
    if s.layer_cache is None or s.layer_cache[0] is not s.battlefield:
        changers(s)
    return s.layer_cache[2]


def granted(s: State, o: Obj) -> tuple[str, ...]:
    """The text of the quoted abilities resolved spells and abilities gave ``o`` for a time
    (CR 611.2, 613.1f), oldest first; a permanent that left the battlefield and came back is a
    new object without them (CR 400.7)."""
    if not s.effects:
        return ()
    return tuple(t for e in s.effects if e.kind == "grant_ability" and e.affected == o.id for t in e.abilities)


def _land_type_records(s: State, o: Obj) -> tuple[tuple[int, str], ...]:
    """(timestamp, land type) of the resolved effects that set ``o``'s land type for a time
    (CR 611.2, 305.7)."""
    if not s.effects:
        return ()
    return tuple((e.timestamp, e.land_type) for e in s.effects if e.kind == "set_land_type" and e.affected == o.id)


def any_granted(s: State) -> bool:
    """Whether any permanent has abilities an effect gave it (see :func:`granted`) or a land type
    a resolved effect set."""
    return any(e.kind in ("grant_ability", "set_land_type") for e in s.effects)


def _applies(s: State, eff: ir.StaticEffect, src: Obj) -> bool:
    """Whether the condition of an "as long as" ability holds now (CR 611.3a): "As long as seven
    or more cards are in your graveyard, ~ has "..."" gives the ability only while it does."""
    if eff.condition is None:
        return True
    if exercise.RECORD is not None and not isinstance(eff.condition, str):
        exercise.note("STATIC_CONDITIONS", type(eff.condition).__name__, src.card)
    return condition_holds(s, eff.condition, src)


def stripped(s: State, o: Obj, found) -> bool:
    """Whether a land-type effect took away the abilities of ``o``'s rules text (CR 305.7): a
    source so stripped gives nothing to others."""
    if "Land" not in o.card.types:
        return False
    return any(eff.kind == "set_land_type" and src is not o and relates(s, eff.affected, o, src)
               for src, eff in found) or bool(_land_type_records(s, o))


@lru_cache(maxsize=4096)
def derived(card: CardDef, land_type: str, grants: tuple[str, ...], types: tuple[str, ...] = (),
            subtypes: tuple[str, ...] = (), removed: tuple[str, ...] = ()) -> CardDef:
    """``card`` with its land types set to ``land_type`` (CR 305.7), ``types`` and ``subtypes``
    added (CR 205.1b), the card types ``removed`` taken away with the creature types when
    "Creature" is one (CR 205.3d), and ``grants`` added as abilities (CR 613.1f), compiled from
    the changed face."""
    face = dict(card.face)
    face["name"] = card.name
    text = card.text
    if land_type or types or subtypes or removed:
        kept = [t for t in card.subtypes if t not in LAND_TYPES] + [land_type] if land_type else list(card.subtypes)
        face["subtypes"] = kept + [t for t in subtypes if t not in kept]
        face["types"] = [t for t in card.types if t not in types] + list(types)
        if removed:
            face["types"] = [t for t in face["types"] if t not in removed]
            if "Creature" in removed:
                face["subtypes"] = [t for t in face["subtypes"] if t not in CREATURE_TYPES]
        face["type"] = " — ".join(x for x in (" ".join(card.supertypes + tuple(face["types"])),
                                              " ".join(face["subtypes"])) if x)
    if land_type:
        text = ""
    face["text"] = "\n".join(([text] if text else []) + list(grants))
    return CardDef.from_face(face)


def affected_by(s: State, src: Obj, eff: ir.StaticEffect, o: Obj) -> bool:
    """Whether the static ability effect ``eff`` of ``src`` applies to ``o`` (CR 613.1)."""
    if relates(s, eff.affected, o, src):
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", eff.kind, src.card)
        return True
    return False


def relates(s: State, relation, o: Obj, source: Obj) -> bool:
    """Whether ``o`` is what ``relation`` names as seen from ``source``: "self", "enchanted" or
    "equipped" (what ``source`` is attached to), or a filter ``o`` matches. Shared by static
    abilities' affected objects and trigger subjects."""
    if relation == "self":
        return o.id == source.id
    if relation in ("enchanted", "equipped"):
        return source.attached_to == o.id
    if isinstance(relation, ir.Filter):
        return matches(s, o, relation, source)
    return False
