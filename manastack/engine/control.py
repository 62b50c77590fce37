"""Control-changing effects (layer 2, CR 613.1b): those a resolving spell or ability creates,
for a duration that may last only while a condition holds (CR 611.2b), the static ones of an Aura
("You control enchanted creature."), and exchanges of control (CR 701.12b).

Who controls a permanent is worked out in layer 2 of :mod:`.continuous`, with the other
control effects, by dependency and timestamp (CR 613.8, 613.7): Confiscate taking Mind Control
changes what Mind Control's effect does, so it applies after Confiscate's and the creature
follows the Aura's new controller. ``Obj.controller`` holds the answer; :func:`refresh` brings it
up to date with the state-based actions, before a player would receive priority (CR 117.5).

Each resolved control effect is a :class:`.ControlChange` record. A record whose ``until`` is
``"<duration>:<object id>"`` lasts while that condition on that object holds:

- ``while_you_control_source:<id>``: "for as long as you control ~";
- ``while_source_on_battlefield:<id>``: "for as long as ~ remains on the battlefield";
- ``attached:<id>``: no effect of its own, it marks that the static ability of the Aura ``<id>``
  controls the permanent, so that the permanent returns to its default controller (its owner,
  or who put it onto the battlefield under their control, CR 110.2a) once it stops.
"""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import continuous
from . import events
from .effect_records import ControlChange
from .runner import Ctx
from .state import Obj, State
from .zones import BATTLEFIELD, EXILE

CONDITIONAL = (Duration.WHILE_YOU_CONTROL_SOURCE, Duration.WHILE_SOURCE_ON_BATTLEFIELD)


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
    if a.zone != BATTLEFIELD or b.zone != BATTLEFIELD or a.controller == b.controller:
        s.add_log(f"{by}: the exchange of control can't be completed, so nothing happens",
                  ("701.12a", "701.12b"), "control")
        return
    first, second = a.controller, b.controller
    s.add_log(f"{s.players[first].name} and {s.players[second].name} exchange control of {a.card.name} "
              f"and {b.card.name} ({by})", ("701.12b",), "control")
    events.change_control(ctx, a, second, Duration.PERMANENT, by)
    events.change_control(ctx, b, first, Duration.PERMANENT, by)


def _lasts(s: State, duration: str, source_id: int, player: int) -> bool:
    src = s.objs.get(source_id)
    on = src is not None and src.zone == BATTLEFIELD
    if duration == Duration.WHILE_YOU_CONTROL_SOURCE:
        return on and src is not None and src.controller == player
    if duration == Duration.WHILE_SOURCE_ON_BATTLEFIELD:
        return on
    raise ValueError(f"unknown duration {duration!r}")


def _plan(s: State, b: continuous.Board | None) -> tuple[list, list, list]:
    """(records to keep, records that end, marks that begin), with ``b`` the layers as they are."""
    applied = {f"attached:{src}": host for src, host in (b.static_control if b is not None else ())}
    keep, ended = [], []
    for e in s.effects:
        if type(e) is not ControlChange or ":" not in e.until:
            keep.append(e)
            continue
        duration, _, ident = e.until.partition(":")
        o = s.objs.get(e.affected)
        if o is None or o.zone != BATTLEFIELD:
            ended.append(e)               # the permanent left: a new object (CR 400.7)
        elif duration == Duration.ATTACHED:
            if applied.get(e.until) == e.affected:
                keep.append(e)
                del applied[e.until]
            else:
                ended.append(e)
        elif _lasts(s, duration, int(ident), e.controller):
            keep.append(e)
        else:
            ended.append(e)
    began = []
    for until, host in applied.items():
        src = s.objs[int(until.partition(":")[2])]
        began.append(ControlChange(host, src.controller, until, src.timestamp, src.card.name))
    return keep, ended, began


def stale(s: State) -> bool:
    """Whether :func:`refresh` would change anything."""
    if not any(type(e) is ControlChange for e in s.effects) \
            and not any(isinstance(eff, ir.StaticControl) for _i, _g, eff in continuous.statics(s)[1]):
        return False
    b = continuous.board(s)
    _keep, ended, began = _plan(s, b)
    if ended or began:
        return True
    objs = s.objs
    return b is not None and any(c.controller != objs[oid].controller for oid, c in b.chars.items())


def refresh(ctx: Ctx) -> bool:
    """End the control effects whose duration is over, and give each permanent to the
    controller layer 2 names (CR 613.1b, 613.8, 611.2b): that of the control effects that apply,
    else its default controller once one ended (CR 110.2a), or exile if that player has left
    the game (CR 800.4c). Returns whether anything changed."""
    s = ctx.s
    keep, ended, began = _plan(s, continuous.board(s))
    s.effects = keep + began
    b = continuous.compute(s, reset=frozenset(e.affected for e in ended))
    moves = []
    if b is not None:
        objs = s.objs
        moves = [(objs[oid], c.controller) for oid, c in b.chars.items() if c.controller != objs[oid].controller]
    if not ended and not began and not moves:
        return False
    for e in ended:
        o = s.objs.get(e.affected)
        if o is not None and o.zone == BATTLEFIELD:
            s.add_log(f"{e.source}'s control effect on {o.card.name} ends", ("611.2b", "613.1b"), "control")
    for e in ended:                     # no effect left: back to its default controller
        o = s.objs.get(e.affected)
        if o is not None and o.zone == BATTLEFIELD and (b is None or o.id not in b.chars):
            moves.append((o, continuous.by_default(o)))
    for o, player in moves:
        if player in s.left:            # its default controller has left the game (CR 800.4c)
            s.add_log(f"{o.card.name} would return to {s.players[player].name}, who has left the game: "
                      "it is exiled", ("800.4c",), "control")
            events.move(ctx, o, EXILE, cause="its default controller left the game", rules=("800.4c",))
        else:
            events.set_controller(ctx, o, player, _why(s, o.id, player))
    return True


def _why(s: State, oid: int, player: int) -> str:
    """The effect that gives ``player`` control, for the log."""
    for e in reversed(s.effects):
        if type(e) is ControlChange and e.affected == oid and e.controller == player:
            return f"{e.source}'s control effect"
    return "no control effect applies" if continuous.by_default(s.objs[oid]) == player else "a control effect"
