"""Whether permanents can pay the tapping parts of a cost: {T} and {Q} need a creature that is
ready (CR 107.5-107.6, 302.6), and "tap an untapped creature you control" which ones
(CR 118.3). What the mana of a cost must leave its other parts (CR 601.2g-h)."""
from __future__ import annotations

from manastack.oracle import ir

from .. import characteristics as ch
from ..filters import objects_matching
from ..mana.types import mana_abilities
from ..state import Obj

_NO_ONE: frozenset[int] = frozenset()


def tappable(s, o: Obj, f: ir.Filter, tapping_self: bool) -> list[Obj]:
    """Untapped permanents matching ``f`` that could pay "Tap an untapped creature you control"
    (Springleaf Drum), not ``o`` when the cost taps it too (``tapping_self``: it has {T}).
    CR 302.6 doesn't apply: only {T} and {Q} need the creature to be ready (Springleaf Drum
    ruling 2020-08-07, Crackleburr ruling 2008-08-01)."""
    return [c for c in objects_matching(s, f, o, o.controller) if not c.tapped and not (tapping_self and c.id == o.id)]


def untappable(s, o: Obj, f: ir.Filter, untapping_self: bool) -> list[Obj]:
    """Tapped permanents matching ``f`` that could pay "Untap two tapped blue creatures you
    control", not ``o`` when the cost untaps it too (it has {Q})."""
    return [c for c in objects_matching(s, f, o, o.controller) if c.tapped and not (untapping_self and c.id == o.id)]


def tappable_for_cost(s, o: Obj, cost: ir.Cost) -> list[Obj]:
    """:func:`tappable` for the :class:`ir.TapUntappedCost` of ``cost`` (none without one)."""
    part = cost.part(ir.TapUntappedCost)
    return [] if part is None else tappable(s, o, part.filter, cost.tap)


def summoning_sick(s, o: Obj) -> bool:
    """CR 302.6: a creature's {T}/{Q} abilities and attacking need continuous control since its
    controller's most recent turn began; haste lifts that (CR 702.10b)."""
    if o.control_since < s.players[o.controller].last_turn_start:
        return False    # the cheap test first: most permanents have been there since the turn began
    if not ch.is_creature(s, o):
        return False
    return not ch.has(s, o, "haste")


def kept_for_parts(s, o: Obj, costs: tuple[ir.Cost, ...], payer: int) -> frozenset[int]:
    """CR 601.2g-h: the permanents the mana of a cost must not be made with, so that its other
    parts (those of ``costs``) can still be paid after it. A land tapped for mana can
    still be sacrificed or returned to its owner's hand, so nothing is kept for that; but a
    permanent that a mana ability sacrifices (a Treasure) can't be sacrificed again, nor a
    creature tapped for mana tapped for "tap an untapped creature you control". Permanents no
    mana ability would use up are counted first; the rest needed are kept, the first ones on
    the battlefield."""
    kept: set[int] = set()
    for cost in costs:
        for part in cost.parts:
            match part:
                case ir.TapUntappedCost(filter=f, count=n):
                    fits = [c for c in tappable(s, o, f, cost.tap) if c.id not in kept]
                    used = [c for c in fits if any((ab.cost.tap and not summoning_sick(s, c)) or ab.cost.sacrifice_self
                                                   for _i, ab in mana_abilities(s, c))]
                case ir.SacrificeCost(filter=f, count=n) | ir.ReturnToHandCost(filter=f, count=n):
                    fits = [c for c in objects_matching(s, f, o, payer) if c.id not in kept]
                    used = [c for c in fits if any(ab.cost.source_leaves for _i, ab in mana_abilities(s, c))]
                case _:
                    continue
            if used and len(fits) - len(used) < n:
                kept.update(c.id for c in used[:n - (len(fits) - len(used))])
    return frozenset(kept) if kept else _NO_ONE
