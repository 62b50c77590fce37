"""Bestow (CR 702.103): a spell cast bestowed is an Aura spell, and the permanent it becomes a
bestowed Aura, until it ceases to be bestowed (CR 702.103e-f). While bestowed, the object shows
its card's bestowed definition (``CardDef.bestowed``: an Aura enchantment with enchant creature,
CR 702.103b) and keeps its own card aside, as a face-down or copying object does; it is cast in
:mod:`.casting`, resolves in :mod:`.resolve` and stops being attached in :mod:`.sba`."""
from __future__ import annotations

from ..state import Obj, State


def bestowed(o: Obj) -> bool:
    """Whether ``o`` (a spell or a permanent) is bestowed now (CR 702.103b)."""
    aura = o.printed.bestowed if o.printed is not None else None
    return aura is not None and (aura is o.card or aura.face == o.card.face)   # or as loaded from a save


def stop_bestowed(s: State, o: Obj, rule: str, why: str) -> Obj:
    """CR 702.103e-f: ``o`` ceases to be bestowed and is its own card again, a creature, still
    the same object; returns the object as changed (copy on write). One that is attached
    becomes unattached first, through ``events.unattach`` (the caller's, :mod:`.sba`)."""
    o = s.own(o.id)
    printed = o.printed
    assert printed is not None          # a bestowed permanent keeps its card as printed
    o.card, o.printed = printed, None
    s.add_log(f"{o.card.name} {why}: it ceases to be bestowed and is a creature again", (rule,), "bestow")
    return o
