"""Triggered abilities (CR 603).

:func:`collect` is called by every event (CR 603.2): each triggered ability whose trigger
condition the event meets triggers, as many times as CR 603.2c and 603.2d say, and waits in
``state.pending_triggers``. :func:`put_on_stack` puts them on the stack the next time a player
would receive priority, active player first, each player ordering their own (CR 603.3b), and
chooses modes and targets for each instance as it goes on the stack (CR 603.3c-d).
"""
from __future__ import annotations

from manastack.oracle import ir

from .decisions import Action, Decision
from .state import Obj, PendingTrigger


def _matches_subject(s, subject, obj: Obj | None, source: Obj) -> bool:
    if obj is None:
        return False
    if subject == "self":
        return obj.id == source.id
    if isinstance(subject, ir.Filter):
        from .filters import matches

        return matches(s, obj, subject, source)
    return False


def _player_matches(whose: str | None, player: int, controller: int) -> bool:
    if whose in (None, "each", "any"):
        return True
    if whose in ("you", "your"):
        return player == controller
    if whose in ("opponent", "an_opponent"):
        return player != controller
    return False


def trigger_matches(s, trig: ir.Trigger, source: Obj, ev: dict) -> int:
    """How many times the event satisfies the trigger condition (CR 603.2c): usually 0 or 1."""
    kind = ev["kind"]
    e = trig.event
    if kind == "zone_change":
        old = ev["old"]
        if e == "enters" and ev["to"] == "battlefield":
            new = s.objs.get(ev["obj"])
            if trig.subject == "self":
                return int(new is not None and new.id == source.id)
            return int(_matches_subject(s, trig.subject, new, source))
        if e in ("dies", "leaves") and ev["from"] == "battlefield":
            if e == "dies" and (ev["to"] != "graveyard" or "Creature" not in old.card.types):
                return 0
            if trig.subject == "self":
                return int(old.id == source.id)
            return int(isinstance(trig.subject, ir.Filter) and _lookback_matches(s, trig.subject, old, source))
        return 0
    if kind == "damage" and e in ("deals_damage", "deals_combat_damage", "deals_combat_damage_to_player"):
        if e != "deals_damage" and not ev["combat"]:
            return 0
        n = 0
        for src_id, recipient, _amt, _ctl in ev["dealt"]:
            if e == "deals_combat_damage_to_player" and not isinstance(recipient, str):
                continue
            src = ev["sources"][src_id]
            if trig.subject == "self":
                n += int(src_id == source.id)
            elif isinstance(trig.subject, ir.Filter):
                n += int(_lookback_matches(s, trig.subject, src, source))
        return n
    if kind == "gain_life" and e == "gain_life":
        return int(_player_matches(trig.whose or "you", ev["player"], source.controller))
    if kind == "lose_life" and e == "lose_life":
        return int(_player_matches(trig.whose or "you", ev["player"], source.controller))
    if kind == "draw" and e == "draw":
        return int(_player_matches(trig.whose or "you", ev["player"], source.controller))
    if kind == "attacks" and e == "attacks":
        o = s.objs.get(ev["obj"])
        return int(_matches_subject(s, trig.subject, o, source))
    if kind == "blocks" and e == "blocks":
        return int(_matches_subject(s, trig.subject, s.objs.get(ev["obj"]), source))
    if kind == "becomes_blocked" and e == "becomes_blocked":
        return int(_matches_subject(s, trig.subject, s.objs.get(ev["obj"]), source))
    if kind == "step" and e == "beginning_of_step":
        return int(trig.step == ev["step"] and _player_matches(trig.whose, s.active, source.controller))
    if kind == "cast" and e == "cast":
        spell = s.objs.get(ev["obj"])
        if not _player_matches(trig.whose or "you", ev["player"], source.controller):
            return 0
        if isinstance(trig.subject, ir.Filter):
            from .filters import matches

            return int(spell is not None and matches(s, spell, trig.subject, source, source.controller))
        return 1
    if kind == "tapped_for_mana" and e == "tapped_for_mana":
        o = s.objs.get(ev["obj"])
        if trig.mana_type and trig.mana_type not in ev["mana"]:
            return 0
        return int(_matches_subject(s, trig.subject, o, source))
    if kind == "counters" and e == "counter_placed":
        return int(_matches_subject(s, trig.subject, s.objs.get(ev["obj"]), source))
    return 0


def _lookback_matches(s, f: ir.Filter, old: Obj, source: Obj) -> bool:
    """CR 603.10: leaves-the-battlefield triggers look back at the object as it last existed."""
    from .filters import matches

    zone = old.zone
    old.zone = "battlefield"
    try:
        return matches(s, old, f, source)
    finally:
        old.zone = zone


def collect(ctx, ev: dict) -> None:
    """CR 603.2: find every triggered ability that this event triggers."""
    s = ctx.s
    s.events_seen += 1
    sources = [s.objs[i] for i in s.battlefield]
    if ev["kind"] == "zone_change" and ev["from"] == "battlefield":
        sources.append(ev["old"])  # look back in time (CR 603.10a)
    if ev["kind"] == "damage":
        for src in ev["sources"].values():
            if src.id not in s.battlefield:
                sources.append(src)
    for src in sources:
        for idx, ab in enumerate(src.card.abilities):
            if type(ab) is not ir.TriggeredAbility:
                continue
            n = trigger_matches(s, ab.trigger, src, ev)
            if n <= 0:
                continue
            if ab.condition and not check_condition(s, ab.condition, src):
                continue  # CR 603.4: intervening "if" false when the event happens
            extra, why = additional_triggers(s, src, ab, ev)
            count = n * (1 + extra)
            label = f"{src.card.name}'s ability"
            s.trigger_counts[src.card.name] = s.trigger_counts.get(src.card.name, 0) + count
            s.pending_triggers.append(PendingTrigger(src.id, src.card, idx, src.controller, _event_view(ev),
                                                     count, why, label))
            times = f" x{count}" if count > 1 else ""
            reason = f" ({why})" if why else ""
            s.add_log(f"{label} triggers{times}{reason}: {ab.text or ab.trigger.event}",
                      ("603.2",) + (("603.2d",) if extra else ()), "trigger")


def additional_triggers(s, src: Obj, ab: ir.TriggeredAbility, ev: dict) -> tuple[int, str]:
    """CR 603.2d: effects that make an ability trigger additional times. Such effects are
    static abilities of kind "additional_trigger"; ``amount`` says how many more times."""
    extra = 0
    whys = []
    for perm in s.permanents():
        for a in perm.card.abilities:
            if type(a) is ir.StaticAbility and a.effect.kind == "additional_trigger":
                if _additional_applies(s, perm, a.effect, src, ev):
                    extra += a.effect.amount or 1
                    whys.append(f"{perm.card.name}, CR 603.2d")
    return extra, "; ".join(whys)


def _additional_applies(s, perm: Obj, eff: ir.StaticEffect, src: Obj, ev: dict) -> bool:
    """The trigger-multiplying conditions the compiler knows:
    "combat_damage_to_player" (Felix Five-Boots) and "enters" (Panharmonicon-style)."""
    if src.controller != perm.controller:
        return False
    cond = eff.affected if isinstance(eff.affected, str) else ""
    if cond == "combat_damage_to_player":
        if ev["kind"] != "damage" or not ev["combat"]:
            return False
        return any(isinstance(rcp, str) and ctl == perm.controller for _s, rcp, _a, ctl in ev["dealt"])
    if cond == "enters":
        if ev["kind"] != "zone_change" or ev["to"] != "battlefield":
            return False
        new = s.objs.get(ev["obj"])
        return new is not None and ("Artifact" in new.card.types or "Creature" in new.card.types)
    return False


def _event_view(ev: dict) -> dict:
    """The parts of an event a resolving trigger may refer to ("that player", "that much")."""
    view = {"kind": ev["kind"]}
    for k in ("player", "amount", "obj", "step"):
        if k in ev:
            view[k] = ev[k]
    if ev["kind"] == "damage":
        view["dealt"] = [list(d) for d in ev["dealt"]]
    return view


def check_condition(s, condition: str, src: Obj) -> bool:
    """Intervening "if" clauses the compiler emits (CR 603.4)."""
    from .conditions import evaluate

    return evaluate(s, condition, src)


def put_on_stack(ctx) -> bool:
    """CR 603.3b: put every pending trigger on the stack, APNAP; returns whether any was."""
    from .casting import choose_modes_and_targets
    from .state import StackItem

    s = ctx.s
    if not s.pending_triggers:
        return False
    pending = s.pending_triggers
    s.pending_triggers = []
    for player in s.apnap():
        mine = []
        for t in pending:
            if t.controller == player:
                mine.extend([t] * t.count)
        if not mine:
            continue
        order = _choose_order(ctx, player, mine)
        for t in order:
            src = s.objs.get(t.source) or _ghost(t)
            card = t.card
            ab = card.abilities[t.ability_index]
            item = StackItem(s.next_id, "triggered", t.source, player, card, t.ability_index, t.label)
            s.next_id += 1
            item.event = t.event
            if not choose_modes_and_targets(ctx, item, src, player, ab):
                s.add_log(f"{t.label} is removed: it has no legal targets", ("603.3d",), "trigger")
                continue
            s.stack.append(item)
            s.add_log(f"{t.label} is put on the stack{_targets_text(s, item)}", ("603.3", "603.3b"), "stack")
    return True


def _ghost(t: PendingTrigger) -> Obj:
    """The source as it last existed, for a trigger whose source has left (CR 603.10)."""
    return Obj(t.source, t.card, t.controller, "graveyard")


def _targets_text(s, item) -> str:
    from .casting import describe_target

    names = [describe_target(s, t) for group in item.targets for t in group]
    return f" targeting {', '.join(names)}" if names else ""


def _choose_order(ctx, player: int, mine: list[PendingTrigger]) -> list[PendingTrigger]:
    """CR 603.3b: the controller orders their own triggers. When all are instances of the same
    ability with nothing to tell them apart, the order can't matter and no one is asked."""
    if len({(t.source, t.ability_index) for t in mine}) <= 1:
        return mine
    s = ctx.s
    order: list[PendingTrigger] = []
    left = list(mine)
    while len(left) > 1:
        distinct = []
        seen = set()
        for i, t in enumerate(left):
            key = (t.source, t.ability_index)
            if key not in seen:
                seen.add(key)
                distinct.append((i, t))
        if len(distinct) == 1:
            break
        options = tuple(Action("order", (i,), f"put {t.label} on the stack next") for i, t in distinct)
        answer = ctx.ask(Decision(player, "order_triggers",
                                  "Choose the order of your triggered abilities (first chosen goes "
                                  "on the stack first, so resolves last; CR 603.3b)", options))
        order.append(left.pop(answer.args[0]))
    order.extend(left)
    if len(order) > 1:
        s.add_log(f"{s.players[player].name} orders triggers: "
                  + ", ".join(t.label for t in order), ("603.3b",), "choice")
    return order
