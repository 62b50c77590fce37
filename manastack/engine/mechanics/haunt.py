"""Haunt (CR 702.55) on a permanent: as it is put into a graveyard from the battlefield, its
trigger exiles the card haunting target creature (CR 702.55a). The exiled card is linked to that
creature by the id it had (``HAUNTING``, :func:`.events.link_exiled`); its abilities that say
"the creature it haunts dies" trigger from exile (CR 702.55c, :mod:`.triggers`), even once the
creature is no longer one (CR 702.55b)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from manastack.oracle import ir

from .. import events
from ..resolution import named_objects
from ..runner import Ctx
from ..state import HAUNTING
from ..zones import EXILE, GRAVEYARD


def haunt_exile(ctx: Ctx, e: ir.HauntExile, rc) -> None:
    """CR 702.55a-b: exile the card that died, haunting the creature targeted; a card no longer
    in the graveyard it went to is a new object and stays where it is (CR 400.7)."""
    s = ctx.s
    seen = rc.event
    card = s.objs.get(seen.obj) if seen is not None and seen.obj is not None else None
    if card is None or card.zone != GRAVEYARD:
        s.add_log(f"{rc.card.name} is no longer in the graveyard: it isn't exiled", ("400.7", "702.55a"), "resolve")
        return
    haunted = named_objects(ctx, ir.Target(0), rc)
    if not haunted:
        return
    creature = haunted[0]
    exiled = events.move(ctx, card, EXILE, cause=f"haunt of {rc.card.name}", rules=("702.55a",))
    if exiled is None or exiled.zone != EXILE:
        return
    events.link_exiled(ctx, exiled, creature.id, (HAUNTING,))
    s.add_log(f"{exiled.card.name} haunts {creature.card.name}", ("702.55a", "702.55b"), "effect")


HANDLERS: dict[type, Callable[[Any, Any, Any], None]] = {ir.HauntExile: haunt_exile}
