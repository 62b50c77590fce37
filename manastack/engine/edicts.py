"""Edicts (CR 701.21a): "[player] sacrifices [N] [permanents]" (or returns them to their owners'
hands). The player chooses among the permanents they control that fit; each player named chooses
in APNAP order (CR 101.4), then all the chosen permanents are sacrificed (returned) at once."""
from __future__ import annotations

from manastack.oracle import ir

from . import events
from .decisions import Action, ActionKind, Decision, DecisionKind
from .filters import objects_matching
from .resolution import amount, named_players, source_obj
from .zones import BATTLEFIELD, HAND


def _choose(ctx, e, rc, kind: str, verb: str, rule: str) -> list[int]:
    """The permanents each player ``e.who`` names chooses among those they control that fit."""
    s = ctx.s
    players = named_players(ctx, e.who, rc)
    source = source_obj(ctx, rc)      # "sacrifice another creature": not the source
    chosen = []
    rc.unable = []          # "each opponent who can't" after it: who chooses nothing (CR 701.21a)
    count = e.count if type(e.count) is int else amount(ctx, e.count, rc)     # for each vote (CR 701.38)
    for player in [p for p in s.apnap() if p in players]:
        picks: list[int] = []
        up_to = getattr(e, "up_to", False)      # "any number of lands": none is an answer too
        for _ in range(count):
            cands = [o for o in objects_matching(s, e.filter, source, controller=player)
                     if o.controller == player and o.id not in picks]
            if not cands:
                break
            if len(cands) == 1 and not up_to:
                picks.append(cands[0].id)
                continue
            answer = ctx.ask(Decision(player, kind,
                                      f"Choose a permanent to {verb} for {rc.card.name} (CR {rule})",
                                      tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in cands)
                                      + ((Action(ActionKind.DONE, (), "no more"),) if up_to else ())))
            if answer.kind != ActionKind.CHOOSE:
                break
            picks.append(answer.args[0])
        if not picks:
            rc.unable.append(player)
            s.add_log(f"{s.players[player].name} controls nothing {rc.card.name} makes them {verb}",
                      (rule,), "resolve")
        chosen += picks
    rc.did = bool(chosen)
    return chosen


def return_permanents(ctx, e: ir.ReturnPermanents, rc) -> None:
    """Each chosen permanent goes to its owner's hand (CR 400.3), all at once."""
    s = ctx.s
    chosen = _choose(ctx, e, rc, DecisionKind.CHOOSE_PERMANENT, "return to its owner's hand", "608.2d")
    with events.together(ctx):
        for oid in chosen:
            o = s.objs.get(oid)
            if o is not None and o.zone == BATTLEFIELD:
                events.move(ctx, o, HAND, cause=rc.card.name, rules=("400.3",))


def sacrifice_permanents(ctx, e: ir.SacrificePermanents, rc) -> None:
    """Every permanent chosen is sacrificed in one event (CR 101.4: the choices in APNAP order,
    then the actions at the same time): each dies seeing the others die, "whenever a creature
    dies" of one sacrificed with them included, and each is known as it last existed just before
    the event (CR 603.10a, 608.2h)."""
    s = ctx.s
    chosen = _choose(ctx, e, rc, "sacrifice", "sacrifice", "701.21a")
    if len(chosen) > 1:
        s.add_log(f"{rc.card.name}: the permanents chosen are sacrificed at the same time", ("101.4", "701.21a"),
                  "resolve")
    with events.together(ctx):
        for oid in chosen:
            o = s.objs.get(oid)
            if o is not None and o.zone == BATTLEFIELD:
                events.sacrifice(ctx, o)
                rc.counted["sacrificed"] = rc.counted.get("sacrificed", 0) + 1   # "that many" after it
