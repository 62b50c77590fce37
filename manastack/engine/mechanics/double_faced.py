"""Double-faced cards (CR 712) and transforming (CR 701.27).

A double-faced card is one card whose two faces are tied together by the card database
(:func:`manastack.cards.link_faces`): the front face's definition names its ``back``, the back
face's names its ``front``. Outside the battlefield it has only its front face's characteristics
(CR 712.8a); a permanent shows the face that is up (CR 712.8d-e). Transforming turns the other
face up on the same object (CR 712.18): ``o.card`` becomes the other face, and counters, damage,
status and every effect on it stay. As it leaves the battlefield it becomes a new object whose
card is the front face again (:attr:`CardDef.main`, used by ``events.move``).
"""
from __future__ import annotations

from typing import Any, Callable

from manastack.cards.multiface import Layout
from manastack.oracle import ir

from .. import exercise
from .morph import is_face_down
from ..resolution import named_objects
from ..state import Obj
from ..zones import BATTLEFIELD


def is_back_face_up(o: Obj) -> bool:
    """CR 701.27g: a transformed permanent, a double-faced permanent with its back face up."""
    return o.card.layout is Layout.TRANSFORM and o.card.front is not None and o.printed is None


def other_face(o: Obj):
    """The face a transforming permanent would turn up, or None when it can't transform: it is
    not a double-faced card (a copy of one is not, CR 701.27c), or it is face down (CR 712.15a)."""
    card = o.card
    if card.layout is not Layout.TRANSFORM or o.printed is not None or is_face_down(o):
        return None
    return card.back if card.back is not None else card.front


def transform(ctx, o: Obj, why: str = "") -> bool:
    """CR 701.27a, 712.18: turn the other face of ``o`` up; it stays the same object. Nothing
    happens to a permanent that can't transform (CR 701.27c) or whose other face is an instant or
    sorcery (CR 701.27d). Returns whether it transformed."""
    s = ctx.s
    new = other_face(o)
    if new is None:
        s.add_log(f"{o.card.name} can't transform: it isn't a double-faced permanent", ("701.27c",), "effect")
        return False
    if "Instant" in new.types or "Sorcery" in new.types:
        s.add_log(f"{o.card.name} doesn't transform: its other face is an {new.type_line}", ("701.27d",), "effect")
        return False
    old = o.card
    if exercise.RECORD is not None:
        exercise.note("LAYOUTS", old.layout.value, old)
    o = s.own(o.id)
    o.card = new
    s.battlefield = tuple(s.battlefield)   # its characteristics changed: board caches are stale
    s.layer_cache = None
    s.static_cache = None
    s.add_log(f"{old.name} transforms into {new.name}" + (f" ({why})" if why else ""),
              ("701.27a", "712.18"), "effect")
    return True


def transform_effect(ctx, e: ir.Transform, rc) -> None:
    """"Transform [it]". CR 701.27f: when a permanent's own activated or triggered ability
    transforms it, it does so only if it hasn't transformed since the ability was put on the
    stack -- seen here as the face that is up no longer being the face the ability came from."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        if o.id == rc.source and getattr(rc.card, "name", o.card.name) != o.card.name \
                and o.card.layout is Layout.TRANSFORM:
            s.add_log(f"{o.card.name} has transformed since its ability was put on the stack: it "
                      "doesn't transform again", ("701.27f",), "effect")
            continue
        transform(ctx, o)


def modal_back(o: Obj) -> Obj | None:
    """A modal double-faced card ``o`` with its back face up, as a player who plays it so
    chooses before it moves (CR 712.12); None for other cards."""
    card = o.card
    if card.layout is not Layout.MODAL_DFC or card.back is None or o.printed is not None:
        return None
    back = o.copy()
    back.card = card.back
    return back


HANDLERS: dict[type, Callable[[Any, Any, Any], None]] = {ir.Transform: transform_effect}
