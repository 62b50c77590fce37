"""Effects that only keyword abilities use, beside those in their own modules (CR 702): fading's
upkeep trigger, which removes a fade counter or else sacrifices the permanent (CR 702.32a), and
unearth's return from the graveyard (CR 702.84a)."""
from __future__ import annotations

from manastack.oracle import ir

from . import events
from .abilities import UNEARTH_EXILE, nested_index
from .effect_records import AddSubtypes, BecomeCreature, GrantKeywords, OneShotDelayedTrigger, SetPT
from .resolution import named_objects
from .wording import possessive

# The name a permanent an unearth ability returned carries in its ``cast_costs``: it has haste
# (engine.characteristics) and is exiled if it would leave the battlefield (engine.replacement).
UNEARTHED = "unearth"


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


def remove_counter_from_self(ctx, e: ir.RemoveCounterFromSelf, rc) -> None:
    """CR 702.63a: remove a time counter from the permanent; removing the last one triggers its
    sacrifice (``triggers.collect``). A permanent that has left the battlefield is a new object
    (CR 400.7): nothing happens to it."""
    o = ctx.s.objs.get(rc.source)
    if o is None or o.zone != "battlefield":
        return
    events.remove_counters(ctx, o, e.kind, 1, "vanishing, CR 702.63a")


def unearth(ctx, e: ir.Unearth, rc) -> None:
    """CR 702.84a: return the card from its owner's graveyard to the battlefield. The permanent
    has haste; a delayed ability exiles it at the beginning of the next end step (CR 603.7c); and
    if it would leave the battlefield it is exiled instead (``replacement``). A card that left the
    graveyard before the ability resolved is a new object (CR 400.7): nothing returns."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != "graveyard":
        s.add_log(f"{possessive(rc.card.name)} unearth ability does nothing: the card has left the graveyard",
                  ("702.84a", "400.7"), "resolve")
        return
    new = events.move(ctx, o, "battlefield", controller=o.owner, cause="unearth", rules=("702.84a",))
    if new is None or new.zone != "battlefield":
        return
    new.cast_costs += (UNEARTHED,)
    s.effects.append(OneShotDelayedTrigger(new.id, rc.controller, new.card, nested_index(new.card, UNEARTH_EXILE),
                                           ((new.id,),), "next_end_step", s.new_timestamp(), new.card.name))
    s.add_log(f"{new.card.name} gains haste and will be exiled at the beginning of the next end step, or if it "
              "would leave the battlefield", ("702.84a", "603.7c"), "effect")


def awaken(ctx, e: ir.Awaken, rc) -> None:
    """CR 702.113a: put N +1/+1 counters on the target land; it becomes a 0/0 Elemental creature
    with haste (layers 4, 6 and 7b, CR 613.1d-f, 613.4b) for as long as it stays on the
    battlefield, and is still a land. A target no longer legal was dropped (CR 608.2b)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone != "battlefield":
            continue
        events.add_counters(ctx, o, "+1/+1", e.amount, "awaken, CR 702.113a")
        ts = s.new_timestamp()
        s.effects += [BecomeCreature(o.id, "permanent", ts, rc.card.name),
                      AddSubtypes(o.id, ("Elemental",), "permanent", ts, rc.card.name),
                      SetPT(o.id, 0, 0, "permanent", ts, rc.card.name),
                      GrantKeywords(o.id, ("haste",), "permanent", ts, rc.card.name)]
        s.add_log(f"{o.card.name} becomes a 0/0 Elemental creature with haste; it's still a land",
                  ("702.113a", "613.1d"), "effect")
