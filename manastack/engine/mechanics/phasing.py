"""Phasing (CR 702.26): permanents phasing out and in, a status (CR 110.5), not a zone change.

A phased-out permanent keeps its zone and its id, but leaves ``State.battlefield`` for
``State.phased_out``: everything that looks at the battlefield (the layers, static and triggered
abilities, targets, counting, state-based actions, combat) goes through that tuple, so it is
treated as though it doesn't exist (CR 702.26b) with no check of its own. An effect holding its
id finds it gone too: ``resolution.named_objects`` and ``events.move`` pass it over. Phasing out
or in is an event (``PhasedOut``, ``PhasedIn``) that "whenever ~ phases out / in" sees.
"""
from __future__ import annotations

from .. import characteristics as ch
from ..event_types import PhasedIn, PhasedOut
from ..runner import Ctx
from ..state import Obj, Phased, PlayerRef, State
from ..triggers import collect
from ..zones import BATTLEFIELD


def phase_out(ctx: Ctx, objs: list[Obj], cause: str) -> None:
    """CR 702.26b: ``objs`` phase out at once, and with them, indirectly, the Auras, Equipment and
    Fortifications attached to them (CR 702.26g; one that would phase out both ways phases out
    indirectly, 702.26h). They leave combat (CR 506.4); nothing leaves the battlefield, so no
    leaves-the-battlefield ability triggers, and counters stay (CR 702.26d)."""
    s = ctx.s
    direct = [o.id for o in objs if o.id in s.battlefield and o.id in s.objs]
    if not direct:
        return
    gone = set(direct)
    indirect: list[int] = []
    found = True
    while found:                    # what is attached to what phases out, and so on (CR 702.26g)
        found = False
        for oid in s.battlefield:
            o = s.objs[oid]
            if o.attached_to in gone and (oid not in gone or oid in direct):
                if oid in direct:
                    direct.remove(oid)
                else:
                    gone.add(oid)
                indirect.append(oid)
                found = True
    for oid in direct + indirect:
        mine = s.own(oid)
        mine.phased_out = Phased.DIRECTLY if oid in direct else Phased.INDIRECTLY
        leave_combat(s, mine)
    s.battlefield = tuple(i for i in s.battlefield if i not in gone)
    s.phased_out += tuple(direct + indirect)
    names = ", ".join(s.objs[i].card.name for i in direct)
    with_them = ", ".join(s.objs[i].card.name for i in indirect)
    s.add_log(f"{names} phase{'s' if len(direct) == 1 else ''} out ({cause})"
              + (f"; {with_them} phase{'s' if len(indirect) == 1 else ''} out with "
                 f"{'it' if len(direct) == 1 else 'them'}" if with_them else ""),
              ("702.26b", "702.26g") if indirect else ("702.26b",), "phasing")
    for oid in direct + indirect:   # "whenever ~ phases out" (CR 702.26b, 603.10b)
        collect(ctx, PhasedOut(oid))


def leave_combat(s: State, o: Obj) -> None:
    """CR 506.4: ``o`` (its own copy, :meth:`State.own`) is removed from combat, as a permanent
    that phases out is (CR 702.26b) or by an effect ("remove it from combat"); a creature it
    blocked stays blocked (CR 509.1h)."""
    if o.attacking is None and not o.blocking and o.id not in s.combat.get("attackers", ()):
        return
    o.attacking, o.blocking, o.blocked = None, (), False
    combat = s.combat
    if "attackers" in combat:
        combat["attackers"] = [i for i in combat["attackers"] if i != o.id]
    if "blockers" in combat:
        combat["blockers"] = {a: [b for b in bs if b != o.id] for a, bs in combat["blockers"].items() if a != o.id}


def untap_step(ctx: Ctx, player: int) -> None:
    """CR 502.1, 702.26a: as ``player``'s untap step begins, before they untap, their phased-in
    permanents with phasing phase out and the permanents that phased out under their control
    phase in, all at once. One that phased out indirectly phases in with what it is attached to
    (CR 702.26g); one that phased out directly phases in attached to what it was attached to if
    that is still on the battlefield, else unattached (CR 702.26i; the state-based actions then
    apply). Phasing in or out triggers no "becomes attached" ability (CR 702.26j)."""
    s = ctx.s
    out = [o for o in s.permanents(player) if "phasing" in ch.keywords(s, o)]
    back = [s.objs[i] for i in s.phased_out if s.objs[i].controller == player
            and s.objs[i].phased_out == Phased.DIRECTLY]
    if back:
        _phase_in(ctx, back)
    if out:
        phase_out(ctx, out, "phasing")


def _phase_in(ctx: Ctx, objs: list[Obj]) -> None:
    s = ctx.s
    coming = {o.id for o in objs}
    found = True
    while found:                    # what phased out with them comes back with them (CR 702.26g)
        found = False
        for oid in s.phased_out:
            o = s.objs[oid]
            if oid not in coming and o.phased_out == Phased.INDIRECTLY and o.attached_to in coming:
                coming.add(oid)
                found = True
    order = [i for i in s.phased_out if i in coming]
    unattached = []
    for oid in order:
        mine = s.own(oid)
        mine.phased_out = Phased.IN
        a = mine.attached_to
        if isinstance(a, PlayerRef):    # CR 702.26i: attached to that player if still in the game
            gone_from = s.players[a.index].lost
        else:
            host = s.objs.get(a) if a is not None else None
            gone_from = a is not None and (host is None or host.zone != BATTLEFIELD)
        if gone_from:
            mine.attached_to = None         # CR 702.26i: what it was attached to is gone
            unattached.append(mine.card.name)
    s.phased_out = tuple(i for i in s.phased_out if i not in coming)
    s.battlefield += tuple(order)
    s.add_log(", ".join(s.objs[i].card.name for i in order) + (" phases in" if len(order) == 1 else " phase in"),
              ("502.1", "702.26a", "702.26c"), "phasing")
    for name in unattached:
        s.add_log(f"{name} phases in unattached: what it was attached to has left the battlefield or the game",
                  ("702.26i",), "phasing")
    for oid in order:               # "whenever ~ phases in" (CR 702.26c)
        collect(ctx, PhasedIn(oid))
