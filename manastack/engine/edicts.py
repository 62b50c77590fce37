"""Edicts (CR 701.21a): "[player] sacrifices [N] [permanents]". The player chooses among the
permanents they control that fit, and sacrifices them; each player named chooses in APNAP order
(CR 101.4), then all the chosen permanents are sacrificed at once."""
from __future__ import annotations

from manastack.oracle import ir

from . import events
from .decisions import Action, Decision
from .filters import objects_matching
from .resolution import named_players, source_obj


def sacrifice_permanents(ctx, e: ir.SacrificePermanents, rc) -> None:
    s = ctx.s
    players = named_players(ctx, e.who, rc)
    source = source_obj(ctx, rc)      # "sacrifice another creature": not the source
    chosen = []
    for player in [p for p in s.apnap() if p in players]:
        picks: list[int] = []
        for _ in range(e.count):
            cands = [o for o in objects_matching(s, e.filter, source, controller=player)
                     if o.controller == player and o.id not in picks]
            if not cands:
                break
            if len(cands) == 1:
                picks.append(cands[0].id)
                continue
            answer = ctx.ask(Decision(player, "sacrifice",
                                      f"Choose a permanent to sacrifice for {rc.card.name} (CR 701.21a)",
                                      tuple(Action("choose", (o.id,), o.card.name) for o in cands)))
            picks.append(answer.args[0])
        if not picks:
            s.add_log(f"{s.players[player].name} controls nothing {rc.card.name} makes them sacrifice",
                      ("701.21a",), "resolve")
        chosen += picks
    rc.did = bool(chosen)
    for oid in chosen:
        o = s.objs.get(oid)
        if o is not None and o.zone == "battlefield":
            events.sacrifice(ctx, o)
