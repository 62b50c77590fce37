"""Crew (CR 702.122): which creatures could crew a Vehicle, and tapping them as the cost."""
from __future__ import annotations

from .. import characteristics as ch
from .. import events
from ..decisions import Action, ActionKind, Decision, DecisionKind


def crew_candidates(s, vehicle) -> list:
    """The creatures that could crew ``vehicle``: its controller's other untapped creatures,
    summoning sick or not (CR 702.122a; Sky Skiff ruling 2017-09-29: CR 302.6 is about {T})."""
    return [o for o in s.permanents(vehicle.controller)
            if o.id != vehicle.id and not o.tapped and ch.is_creature(s, o)]


def crew_payable(s, vehicle, n: int) -> bool:
    return sum(ch.power(s, o) for o in crew_candidates(s, vehicle)) >= n


def pay_crew(ctx, player: int, vehicle, n: int) -> None:
    """CR 702.122a-b, 118.3: choose untapped creatures until their total power is N or more --
    more may be tapped (Sky Skiff ruling 2017-09-29) -- then tap them: they crew the Vehicle."""
    s = ctx.s
    chosen: list[int] = []
    while True:
        total = sum(ch.power(s, s.objs[i]) for i in chosen)
        left = [o for o in crew_candidates(s, vehicle) if o.id not in chosen]
        options = tuple(Action(ActionKind.CHOOSE, (o.id,), f"tap {o.card.name} (power {ch.power(s, o)})") for o in left)
        if total >= n:
            options += (Action(ActionKind.DONE, (), f"crew with these (total power {total})"),)
        answer = ctx.ask(Decision(player, DecisionKind.CREW,
                                  f"Crew {n}: choose untapped creatures to tap, total power "
                                  f"{n} or more (CR 702.122a); chosen so far: {total}", options))
        if answer.kind == ActionKind.DONE:
            break
        chosen.append(answer.args[0])
    for i in chosen:
        events.tap(ctx, s.objs[i], f"crews {vehicle.card.name}, CR 702.122b", quiet=False)
