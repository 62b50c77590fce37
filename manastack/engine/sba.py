"""State-based actions (CR 704): checked whenever a player would receive priority, all at once,
and again until none happens (CR 704.3)."""
from __future__ import annotations

from . import characteristics as ch
from . import events
from .decisions import Action, Decision
from .runner import Ctx


def check(ctx: Ctx) -> bool:
    """Perform state-based actions until none applies; returns whether any did."""
    any_done = False
    while _once(ctx):
        any_done = True
        if ctx.s.result is not None:
            break
    for o in ctx.s.permanents():
        o.deathtouched = False  # CR 704.5h looks back only to the previous check
    return any_done


def _once(ctx: Ctx) -> bool:
    s = ctx.s
    done = False
    losers = []
    for p in s.players:
        if p.lost:
            continue
        if p.life <= 0:
            losers.append((p, "life total 0 or less", "704.5a"))
        elif p.drew_from_empty:
            losers.append((p, "drew from an empty library", "704.5b"))
        elif p.poison >= 10:
            losers.append((p, "ten or more poison counters", "704.5c"))
    for p, why, rule in losers:
        p.lost = True
        p.loss_reason = why
        s.add_log(f"{p.name} loses the game: {why}", (rule, "104.3b"), "sba")
        done = True
    if losers:
        from .turn import end_game

        end_game(ctx)
        return True
    dying = []
    for o in s.permanents():
        if ch.is_creature(s, o):
            t = ch.toughness(s, o)
            if t <= 0:
                dying.append((o, "toughness 0 or less", "704.5f"))
            elif o.damage >= t:
                dying.append((o, "lethal damage", "704.5g"))
            elif o.deathtouched and o.damage > 0:
                dying.append((o, "damage from a source with deathtouch", "704.5h"))
        if "Aura" in o.card.subtypes and (o.attached_to is None or o.attached_to not in s.objs):
            dying.append((o, "an Aura attached to nothing", "704.5m"))
        c = o.counters
        if c.get("+1/+1") and c.get("-1/-1"):
            n = min(c["+1/+1"], c["-1/-1"])
            c["+1/+1"] -= n
            c["-1/-1"] -= n
            for k in ("+1/+1", "-1/-1"):
                if not c[k]:
                    del c[k]
            s.add_log(f"{n} +1/+1 and -1/-1 counter pairs are removed from {o.card.name}", ("704.5q",), "sba")
            done = True
        if "Equipment" in o.card.subtypes and o.attached_to is not None:
            host = s.objs.get(o.attached_to)
            if host is None or not ch.is_creature(s, host):
                o.attached_to = None
                s.add_log(f"{o.card.name} becomes unattached", ("704.5n",), "sba")
                done = True
    for o, why, rule in dying:
        if o.zone != "battlefield":
            continue
        if rule in ("704.5g", "704.5h") and ch.has(s, o, "indestructible"):
            continue  # CR 702.12b
        s.add_log(f"{o.card.name} is put into its owner's graveyard ({why})", (rule,), "sba")
        events.move(ctx, o, "graveyard", quiet=True)
        done = True
    done |= _legend_rule(ctx)
    return done


def _legend_rule(ctx: Ctx) -> bool:
    """CR 704.5j: a player with two or more legendary permanents of the same name keeps one."""
    s = ctx.s
    done = False
    for player in s.apnap():
        names: dict[str, list] = {}
        for o in s.permanents(player):
            if "Legendary" in o.card.supertypes:
                names.setdefault(o.card.name, []).append(o)
        for name, group in names.items():
            if len(group) < 2:
                continue
            answer = ctx.ask(Decision(player, "legend_rule", f"Legend rule: choose the {name} to keep (CR 704.5j)",
                                      tuple(Action("choose", (o.id,), f"keep {name} #{o.id}") for o in group)))
            for o in group:
                if o.id != answer.args[0]:
                    s.add_log(f"{name} is put into its owner's graveyard (legend rule)", ("704.5j",), "sba")
                    events.move(ctx, o, "graveyard", quiet=True)
            done = True
    return done
