"""What a resolving spell or ability knows, and the references its effects make (CR 608.2):
amounts, its source as it is or as it last existed (CR 608.2h), the objects and players an
effect names. :func:`execute` carries out effects one IR node at a time, each by the handler
:mod:`.effects` lists for it (reached through :mod:`.upcalls`, since handlers cast spells and pay
costs from above this module)."""
from __future__ import annotations

from dataclasses import dataclass, field

from manastack.oracle import ir

from . import exercise, upcalls
from .event_types import NOTHING, Seen
from .filters import is_player_ref, matches, objects_matching, player_of
from .runner import Ctx
from .state import Obj


@dataclass
class ResolutionContext:
    """What a resolving spell or ability knows: its controller, source, chosen targets (with
    those no longer legal removed, CR 608.2b), X, the event that triggered it and its modes."""

    controller: int
    source: int
    card: object
    targets: list
    x: int
    event: Seen | None        # what the triggered ability saw; NOTHING when none
    modes: tuple
    mana_output: tuple | None = None
    tapped_for_mana: bool = False
    source_lki: Obj | None = field(default=None)
    exiled: list = field(default_factory=list)     # cards this resolution exiled ("that card")
    did: bool = True    # whether the last optional action was done, for "When you do" (603.12)

    def __post_init__(self) -> None:
        if self.event is None:
            self.event = NOTHING


def execute(ctx: Ctx, effects, rc: ResolutionContext) -> None:
    for effect in effects:
        handler = upcalls.effect_handler(type(effect))
        if handler is None:
            raise NotImplementedError(f"no executor for {type(effect).__name__}")
        if exercise.RECORD is not None:
            exercise.note("EFFECTS", type(effect).__name__, rc.card)
            if hasattr(effect, "duration"):
                exercise.note("DURATIONS", effect.duration, rc.card)
        handler(ctx, effect, rc)


def amount(ctx: Ctx, a, rc: ResolutionContext) -> int:
    if isinstance(a, int):
        return a
    if isinstance(a, ir.X):
        return rc.x
    if isinstance(a, ir.EventAmount):
        return rc.event.amount or 0
    if isinstance(a, ir.CountOf):
        src = source_obj(ctx, rc)
        return len(objects_matching(ctx.s, a.filter, src, rc.controller)) * a.multiplier
    if isinstance(a, ir.CountersOn):
        # CR 603.10a: a source that left is seen as it last existed (the trigger kept its counters)
        src = ctx.s.objs.get(rc.source)
        if src is not None and src.zone == "battlefield":
            counters = src.counters
        else:
            counters = rc.event.counters or (rc.source_lki.counters if rc.source_lki else {})
        return counters.get(a.kind, 0) * a.multiplier
    if isinstance(a, ir.TimesKicked):
        src = source_obj(ctx, rc)
        return (src.cast_costs.count("kicker") if src is not None else 0) * a.multiplier
    raise TypeError(f"unknown amount {a!r}")


def source_obj(ctx: Ctx, rc: ResolutionContext) -> Obj | None:
    o = ctx.s.objs.get(rc.source)
    return o if o is not None else rc.source_lki


def resolve_subject(ctx: Ctx, subject, rc: ResolutionContext) -> list:
    """Objects (Obj) and players (int) a subject stands for now."""
    s = ctx.s
    if isinstance(subject, ir.Target):
        out = []
        if subject.index >= len(rc.targets):
            return out
        for t in rc.targets[subject.index]:
            if is_player_ref(t):
                out.append(player_of(t))
            elif isinstance(t, str) and t.startswith("s"):
                out.append(t)
            elif t in s.objs:
                out.append(s.objs[t])
        return out
    name = subject.name
    if exercise.RECORD is not None:
        exercise.note("REFS", name, rc.card)
    if name == "self":
        o = source_obj(ctx, rc)
        return [o] if o is not None else []
    if name == "you":
        return [rc.controller]
    if name == "each_opponent":
        return [p.index for p in s.players if p.index != rc.controller and not p.lost]
    if name == "each_player":
        return [p.index for p in s.players if not p.lost]
    if name == "target_controller":
        first = resolve_subject(ctx, ir.Target(0), rc)
        return [first[0].controller] if first and isinstance(first[0], Obj) else []
    if name in ("enchanted", "equipped"):
        src = source_obj(ctx, rc)
        if src is not None and src.attached_to in s.objs:
            return [s.objs[src.attached_to]]
        return []
    if name == "attached_controller":
        src = source_obj(ctx, rc)
        host = s.objs.get(src.attached_to) if src is not None and src.attached_to is not None else None
        return [host.controller] if host is not None else []
    if name == "defending_player":
        return [1 - rc.controller]
    seen = rc.event
    if name == "triggering_controller":
        # the controller of the object whose event triggered the ability, as it was then
        ctl = seen.controller
        o = s.objs.get(seen.obj) if seen.obj is not None else None
        return [ctl if ctl is not None else o.controller] if ctl is not None or o else []
    if name == "triggering_player":
        p = seen.player
        if p is None and seen.dealt:
            rcp = seen.dealt[0][1]
            p = player_of(rcp) if is_player_ref(rcp) else None
        return [p] if p is not None else []
    if name == "triggering_spell":
        # the spell or ability whose targeting triggered the ability (ward, CR 702.21a)
        return [f"s{seen.item}"] if seen.item is not None else []
    if name == "triggering_object":
        o = s.objs.get(seen.obj) if seen.obj is not None else None
        return [o] if o is not None else []
    if name == "all":
        return objects_matching(s, subject.filter, source_obj(ctx, rc), rc.controller)
    raise ValueError(f"unknown reference {name!r}")


def named_objects(ctx, subject, rc) -> list[Obj]:
    """The objects an effect acts on: only ones still in the game as those same objects
    (CR 400.7); last known information may be read (a damage source) but not moved."""
    objs = ctx.s.objs
    return [o for o in resolve_subject(ctx, subject, rc) if isinstance(o, Obj) and objs.get(o.id) is o]


def named_players(ctx, subject, rc) -> list[int]:
    return [p for p in resolve_subject(ctx, subject, rc) if isinstance(p, int)]


def objects_match(ctx, o, f, rc) -> bool:
    return matches(ctx.s, o, f, source_obj(ctx, rc), rc.controller)
