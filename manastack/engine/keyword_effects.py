"""Effects that only keyword abilities use, beside those in their own modules (CR 702): fading's
upkeep trigger, which removes a fade counter or else sacrifices the permanent (CR 702.32a)."""
from __future__ import annotations

from manastack.oracle import ir

from . import events
from .wording import possessive


def remove_counter_or_sacrifice(ctx, e: ir.RemoveCounterOrSacrifice, rc) -> None:
    """CR 702.32a: remove a fade counter from the permanent; if it has none to remove, its
    controller sacrifices it. A permanent that has left the battlefield is a new object
    (CR 400.7): nothing happens to it."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != "battlefield":
        s.add_log(f"{possessive(rc.card.name)} fading ability does nothing: it has left the battlefield",
                  ("702.32a", "400.7"), "resolve")
        return
    if o.counters.get(e.kind, 0):
        events.remove_counters(ctx, o, e.kind, 1, "fading, CR 702.32a")
        return
    s.add_log(f"no {e.kind} counter can be removed from {o.card.name}: it is sacrificed", ("702.32a",), "resolve")
    events.sacrifice(ctx, o)
