"""Flip cards (CR 710) and flipping a permanent.

A flip card's two halves are tied together by the card database
(:func:`manastack.cards.link_faces`): the normal face names its ``flipped`` face, which names
the normal one as its ``front``. Outside the battlefield, and on it until it flips, the card has
only its normal characteristics (CR 710.2). Flipping is a status of the permanent (CR 110.5),
kept as the designation "flipped": ``o.card`` becomes the flipped face, with the card's color
and mana cost (CR 710.1c); counters, damage, other status and every effect on it stay. It can't
unflip (CR 710.4), but as it leaves the battlefield it becomes a new object with the normal face
(:attr:`CardDef.main`, used by ``events.move``), and a copy of it is unflipped (CR 707.3,
:attr:`CardDef.unflipped`).
"""
from __future__ import annotations

from typing import Any, Callable

from manastack.oracle import ir

from .. import exercise
from ..resolution import named_objects
from ..state import Obj
from ..zones import BATTLEFIELD

FLIPPED = "flipped"     # the status, kept among the permanent's designations


def is_flipped(o: Obj) -> bool:
    """CR 110.5: whether the permanent ``o`` is flipped."""
    return FLIPPED in o.designations


def flip(ctx, o: Obj) -> bool:
    """CR 710.2, 710.4: flip the permanent ``o``: its flipped face's characteristics apply from now
    on. A permanent already flipped, or with no flipped face (not a flip card, or face down),
    doesn't change. A copy of a flip card flips too (CR 110.5c). Returns whether it flipped."""
    s = ctx.s
    new = o.card.flipped
    if is_flipped(o) or new is None:
        why = "it is already flipped and can't flip again" if is_flipped(o) else "it isn't a flip card"
        s.add_log(f"{o.card.name} doesn't flip: {why}", ("710.4",) if is_flipped(o) else ("710.1",), "effect")
        return False
    old = o.card
    if exercise.RECORD is not None:
        exercise.note("LAYOUTS", old.layout.value, old)
    o = s.own(o.id)
    o.card = new
    o.designations = o.designations + (FLIPPED,)
    s.battlefield = tuple(s.battlefield)   # its characteristics changed: board caches are stale
    s.layer_cache = None
    s.static_cache = None
    s.add_log(f"{old.name} flips: it is now {new.name} ({new.type_line})", ("710.2", "110.5"), "effect")
    return True


def flip_effect(ctx, e: ir.Flip, rc) -> None:
    """"Flip ~" / "flip it": each permanent named flips (CR 710.2)."""
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            flip(ctx, o)


HANDLERS: dict[type, Callable[[Any, Any, Any], None]] = {ir.Flip: flip_effect}
