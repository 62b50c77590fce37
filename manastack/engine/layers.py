"""The definition a permanent has now (CR 613): its card after the continuous effects that change
what it is and which abilities it has, as the layer system of :mod:`.continuous` found them.

- Layer 1, copy effects (CR 707): a permanent that enters as a copy (Clone) gets the copied
  object's copiable values as it enters, and keeps them while it stays; its ``card`` is the
  copied definition and ``printed`` its own card, which it is again in any other zone.
- Layer 4: types, subtypes and land types set or added (Blood Moon, Urborg, Tomb of Yawgmoth,
  Opalescence; CR 305.7: a land whose land type is set loses the abilities of its rules text and
  has the new type's mana ability).
- Layer 6: quoted activated and triggered abilities given (Chromatic Lantern, Umbral Mantle; a
  ``GrantAbility`` record for "Until end of turn, target creature gains "..."", CR 611.2), and
  all abilities lost (Humility).

The derived definition is the card's face with the new type line and the granted abilities as
lines of text, compiled like any card and kept (:func:`.continuous.derived`). Every rules module
reads abilities from :func:`card_now`, so a granted ability is activated, resolved, saved and
explained exactly like a printed one.
"""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.oracle import ir

from . import continuous
from . import exercise
from .continuous import CHANGING_TYPES, derived, relates
from .effect_records import GrantAbility, SetLandType, TextChange
from .state import Obj, State
from .zones import BATTLEFIELD

__all__ = ["CHANGING_TYPES", "affected_by", "any_granted", "card_now", "changers", "derived", "relates"]


def changers(s: State) -> list[tuple[Obj, ir.StaticEffect]]:
    """(source, effect) for the static abilities on the battlefield that may change definitions
    (their types or abilities), in timestamp order (CR 613.7). Callers read it as "may any
    definition differ from its card?" before asking :func:`card_now` of many objects.

    Kept on the state with the battlefield it was found for."""
    key = s.battlefield
    cached = s.layer_cache
    if cached is None or cached[0] is not key:
        layered = continuous.statics(s)[1]
        cached = s.layer_cache = (key, tuple((i, eff) for i, _g, eff in layered if type(eff) in CHANGING_TYPES))
    objs = s.objs
    found = [(objs[i], eff) for i, eff in cached[1]]
    if len(found) > 1:
        found.sort(key=lambda t: t[0].timestamp)
    return found


def card_now(s: State, o: Obj, found: list | None = None) -> CardDef:
    """``o``'s definition after the layers (``o.card`` itself when nothing changes it);
    ``found`` is read as in earlier versions and no longer needed."""
    if o.zone != BATTLEFIELD:
        return o.card
    c = continuous.chars(s, o)
    if c is None or c.card is None:
        return o.card
    return c.card


def any_granted(s: State) -> bool:
    """Whether a resolved effect gave any permanent abilities, set its land type or changed its
    text for a time (CR 611.2, 612): definitions may differ from cards though no static ability
    changes any."""
    return any(type(e) is GrantAbility or type(e) is SetLandType or type(e) is TextChange for e in s.effects)


def affected_by(s: State, src: Obj, eff: ir.StaticEffect, o: Obj) -> bool:
    """Whether the static ability effect ``eff`` of ``src`` applies to ``o`` (CR 613.1)."""
    if relates(s, eff.affected, o, src):
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", eff.kind, src.card)
        return True
    return False
