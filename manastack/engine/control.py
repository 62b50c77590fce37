"""Control-changing effects (layer 2, CR 613.1b): those a resolving spell or ability creates,
for a duration that may last only while a condition holds (CR 611.2b), the static ones of an Aura
("You control enchanted creature."), and exchanges of control (CR 701.12b).

Each control effect is a :class:`.ControlChange` record; a permanent is controlled by the player
of its newest record (CR 613.7), else by its owner. A record whose ``until`` is
``"<duration>:<object id>"`` lasts while that condition on that object holds:

- ``while_you_control_source:<id>``: "for as long as you control ~";
- ``while_source_on_battlefield:<id>``: "for as long as ~ remains on the battlefield";
- ``attached:<id>``: the static ability of the Aura ``<id>`` while it is attached; its timestamp
  is the Aura's (CR 613.7a).

:func:`refresh` brings the records and the controllers up to date; the engine calls it with the
state-based actions, before a player would receive priority (CR 117.5).
"""
from __future__ import annotations

from . import characteristics as ch
from . import events, layers
from .effect_records import ControlChange
from .runner import Ctx
from .state import Obj, State

CONDITIONAL = ("while_you_control_source", "while_source_on_battlefield")


def start(ctx: Ctx, o: Obj, player: int, duration: str, source: Obj | None, by: str) -> None:
    """``player`` gains control of ``o`` for ``duration`` (CR 613.1b). A "for as long as"
    duration that has already ended means the effect does nothing (CR 611.2b)."""
    if duration in CONDITIONAL:
        if source is None or not _lasts(ctx.s, duration, source.id, player):
            ctx.s.add_log(f"{by}'s control effect does nothing: its duration has already ended",
                          ("611.2b",), "control")
            return
        duration = f"{duration}:{source.id}"
    events.change_control(ctx, o, player, duration, by)


def exchange(ctx: Ctx, a: Obj, b: Obj, by: str) -> None:
    """CR 701.12b: each controller gains control of the other's permanent, at once; nothing
    happens when one player controls both (and, CR 701.12a, when either is gone)."""
    s = ctx.s
    if a.zone != "battlefield" or b.zone != "battlefield" or a.controller == b.controller:
        s.add_log(f"{by}: the exchange of control can't be completed, so nothing happens",
                  ("701.12a", "701.12b"), "control")
        return
    first, second = a.controller, b.controller
    s.add_log(f"{s.players[first].name} and {s.players[second].name} exchange control of {a.card.name} "
              f"and {b.card.name} ({by})", ("701.12b",), "control")
    events.change_control(ctx, a, second, "permanent", by)
    events.change_control(ctx, b, first, "permanent", by)


def _lasts(s: State, duration: str, source_id: int, player: int) -> bool:
    src = s.objs.get(source_id)
    on = src is not None and src.zone == "battlefield"
    if duration == "while_you_control_source":
        return on and src.controller == player
    if duration == "while_source_on_battlefield":
        return on
    raise ValueError(f"unknown duration {duration!r}")


def _static_records(s: State) -> dict[str, ControlChange]:
    """The records Auras' static control abilities call for now, by their ``until``."""
    out = {}
    for src, eff in ch.static_effects(s, "control"):
        host = s.objs.get(src.attached_to) if src.attached_to is not None else None
        if host is not None and host.zone == "battlefield" and layers.affected_by(s, src, eff, host):
            key = f"attached:{src.id}"
            out[key] = ControlChange(host.id, src.controller, key, src.timestamp, src.card.name)
    return out


def _plan(s: State) -> tuple[list, list, list]:
    """(records to keep, records that end, records that begin)."""
    wanted = _static_records(s)
    keep, ended = [], []
    for e in s.effects:
        if e.kind != "gain_control" or ":" not in e.until:
            keep.append(e)
            continue
        duration, _, ident = e.until.partition(":")
        o = s.objs.get(e.affected)
        if o is None or o.zone != "battlefield":
            ended.append(e)               # the permanent left: a new object (CR 400.7)
        elif duration == "attached":
            if wanted.get(e.until) == e:
                keep.append(wanted.pop(e.until))
            else:
                ended.append(e)
        elif _lasts(s, duration, int(ident), e.controller):
            keep.append(e)
        else:
            ended.append(e)
    return keep, ended, list(wanted.values())


def stale(s: State) -> bool:
    """Whether :func:`refresh` would change anything."""
    _keep, ended, began = _plan(s)
    return bool(ended or began)


def refresh(ctx: Ctx) -> bool:
    """End the control effects whose duration is over, start those of Auras newly attached,
    and give each permanent concerned to the controller its newest control effect names, else
    to its owner (CR 613.1b, 613.7, 611.2b). Returns whether anything changed."""
    s = ctx.s
    keep, ended, began = _plan(s)
    if not ended and not began:
        return False
    s.effects = keep + began
    for oid in dict.fromkeys(e.affected for e in ended + began):
        o = s.objs.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        for e in ended:
            if e.affected == oid:
                s.add_log(f"{e.source}'s control effect on {o.card.name} ends", ("611.2b", "613.1b"), "control")
        left = [e for e in s.effects if e.kind == "gain_control" and e.affected == oid]
        newest = max(left, key=lambda e: e.timestamp) if left else None
        player = newest.controller if newest is not None else o.owner
        why = f"{newest.source}'s control effect" if newest is not None else "no control effect applies"
        events.set_controller(ctx, o, player, why)
    return True
