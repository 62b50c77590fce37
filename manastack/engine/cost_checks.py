"""Whether permanents can pay the tapping parts of a cost: {T} and {Q} need a creature that is
ready (CR 107.5-107.6, 302.6), and "tap an untapped creature you control" which ones
(CR 118.3)."""
from __future__ import annotations

from manastack.oracle import ir

from . import characteristics as ch
from .filters import objects_matching
from .state import Obj


def tappable_for_cost(s, o: Obj, cost: ir.Cost) -> list[Obj]:
    """Untapped permanents that could pay "Tap an untapped creature you control" (Springleaf
    Drum). CR 302.6 doesn't apply: only {T} and {Q} need the creature to be ready (Springleaf
    Drum ruling 2020-08-07, Crackleburr ruling 2008-08-01)."""
    return [c for c in objects_matching(s, cost.tap_untapped, o, o.controller)
            if not c.tapped and not (cost.tap and c.id == o.id)]


def untappable_for_cost(s, o: Obj, cost: ir.Cost) -> list[Obj]:
    """Tapped permanents that could pay "Untap two tapped blue creatures you control"."""
    return [c for c in objects_matching(s, cost.untap_tapped, o, o.controller)
            if c.tapped and not (cost.untap and c.id == o.id)]


def summoning_sick(s, o: Obj) -> bool:
    """CR 302.6: a creature's {T}/{Q} abilities and attacking need continuous control since its
    controller's most recent turn began; haste lifts that (CR 702.10b)."""
    if not ch.is_creature(s, o):
        return False
    if o.control_since < s.players[o.controller].last_turn_start:
        return False
    return not ch.has(s, o, "haste")
