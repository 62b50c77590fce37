"""Suspend (CR 702.62): three abilities of a card with "Suspend N—[cost]".

- From the hand, any time its owner could begin to cast it, they may pay the cost and exile it
  with N time counters; a special action (CR 116.2f), offered by :func:`actions`.
- While it is suspended (CR 702.62b), at the beginning of its owner's upkeep a time counter is
  removed (:func:`remove_time_counter`); the trigger looks at exile (``triggers.collect``).
- When the last one is removed, if it is still exiled, its owner may cast it without paying its
  mana cost (:func:`cast_suspended`); if they don't, it stays exiled. A creature spell cast so
  has haste while its caster keeps control of it: the permanent keeps :data:`HASTE` in its
  ``cast_costs`` until its control changes (``events``).
"""
from __future__ import annotations

from manastack.mana import ManaCost
from manastack.oracle import ir

from ..costs import alternative as alt_costs
from .. import events, exercise
from ..abilities import nested_index, suspended
from ..casting import pay_mana
from ..decisions import Action, ActionKind, IllegalActionError
from ..event_types import EventKind, Seen
from ..free_casting import cast_without_paying
from ..mana.abilities import can_afford
from ..state import PendingTrigger
from ..timing import can_cast_timing
from ..wording import possessive
from ..zones import EXILE, HAND

HASTE = "suspend"        # the alternative cost named in cast_costs: cast by suspend (CR 702.62a)


def keyword(card) -> ir.Keyword | None:
    return alt_costs.keyword(card, "suspend")


def _terms(kw: ir.Keyword) -> tuple[ManaCost, str]:
    """"Suspend N—[cost]" (CR 702.62a): its cost and N, which the grammar always gives it."""
    assert kw.cost is not None and kw.cost.mana is not None and kw.arg is not None
    return kw.cost.mana, kw.arg


def actions(s, player: int) -> list[Action]:
    """CR 116.2f, 702.62a, 702.62c: the cards in ``player``'s hand they could begin to cast now
    and whose suspend cost they can pay."""
    out = []
    for oid in s.players[player].hand:
        o = s.objs[oid]
        kw = keyword(o.card)
        if kw is None or not o.card.fully_supported or not can_cast_timing(s, player, o):
            continue
        cost, n = _terms(kw)
        if can_afford(s, player, cost):
            out.append(Action(ActionKind.SUSPEND, (oid,), f"suspend {o.card.name}: pay {cost} and exile it "
                                                 f"with {_counters(n)}"))
    return out


def suspend(ctx, player: int, oid: int) -> None:
    """CR 116.2f, 702.62a: pay the suspend cost and exile the card with N time counters; this
    special action doesn't use the stack."""
    s = ctx.s
    o = s.objs[oid]
    kw = keyword(o.card)
    if kw is None or o.zone != HAND or o.owner != player:
        raise IllegalActionError(f"{o.card.name} can't be suspended")
    cost, n = _terms(kw)
    pay_mana(ctx, player, cost, f"suspending {o.card.name}")
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "suspend", o.card)
    events.move_with_counters(ctx, o, EXILE, {"time": int(n)}, quiet=True)
    s.add_log(f"{s.players[player].name} suspends {o.card.name}: it is exiled with {_counters(n)} "
              "(a special action)", ("116.2f", "702.62a"), "special")


def _counters(n: str) -> str:
    return "a time counter" if n == "1" else f"{n} time counters"


def remove_time_counter(ctx, e: ir.RemoveTimeCounter, rc) -> None:
    """CR 702.62a, 603.4: if the card is still suspended, remove a time counter from it; removing
    the last one triggers its cast ability."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or not suspended(o):
        s.add_log(f"{possessive(rc.card.name)} suspend ability does nothing: the card isn't suspended any more",
                  ("702.62a", "603.4"), "resolve")
        return
    left = o.counters["time"] - 1
    o = events.remove_counters(ctx, o, "time", 1, rules=("702.62a",),
                               text=f"A time counter is removed from {o.card.name} ({left} left)")
    if not left:
        label = f"{possessive(o.card.name)} suspend ability"
        s.pending_triggers.append(PendingTrigger(o.id, rc.card, nested_index(rc.card, e.ability), o.owner,
                                                 Seen(EventKind.LAST_TIME_COUNTER, obj=o.id), 1, "", label))
        s.add_log(f"{label} triggers: the last time counter was removed from {o.card.name}",
                  ("702.62a", "603.2"), "trigger")


def cast_suspended(ctx, e: ir.CastSuspended, rc) -> None:
    """CR 702.62a, 603.4: if the card is still exiled, its owner may cast it without paying its
    mana cost, ignoring timing (CR 608.2g); if they don't, it remains exiled."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != EXILE:
        s.add_log(f"{possessive(rc.card.name)} suspend ability does nothing: the card isn't exiled any more",
                  ("702.62a", "603.4"), "resolve")
        return
    if not cast_without_paying(ctx, o.owner, o, f"{possessive(o.card.name)} suspend", "702.62a", HASTE):
        s.add_log(f"{o.card.name} isn't cast: it remains exiled", ("702.62a",), "resolve")
