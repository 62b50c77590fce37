"""Copying a spell on the stack (CR 707.10): "Copy target instant or sorcery spell." (Twincast);
the copies storm (CR 702.40a), replicate (CR 702.56a) and conspire (CR 702.78a) make."""
from __future__ import annotations

from manastack.oracle import ir

from .conditions import CAST_FROM
from .effect_records import EXILED_IF_GRAVEYARD, GRANTED_FLASHBACK
from .decisions import Action, ActionKind, Decision, DecisionKind
from .event_types import BecameTarget
from .filters import legal_targets
from .resolution import amount, resolve_subject
from .state import ItemKind, Obj, StackItem
from .targets import describe_target, item_target_specs, spell_ability_index
from .triggers import announce_targets, collect
from .zones import BATTLEFIELD, STACK


def copy_spell(ctx, e: ir.CopySpell, rc) -> None:
    """CR 707.10: the copy is created on the stack under the copier's control, not cast (no cast
    triggers); it keeps the original's modes, X, targets and the costs paid for it (CR 707.10).
    Being no card, it ceases to exist once it leaves the stack (CR 704.5e)."""
    s = ctx.s
    if e.what == ir.Ref("self"):    # "copy this spell" (Chain Lightning): the spell resolving, still on the stack
        found = [i for i in s.stack if i.source == rc.source and i.kind == ItemKind.SPELL]
    else:
        found = [i for t in resolve_subject(ctx, e.what, rc) for i in s.stack if f"s{i.id}" == t]
    for original in found:
        _put_copy(ctx, rc.controller, original.card, original.index, original.x, original.modes,
                  original.targets, s.objs[original.source].cast_costs, e.new_targets)


def _put_copy(ctx, controller: int, card, index: int, x: int, modes, targets, cast_costs,
              new_targets: bool, rules: tuple[str, ...] = ("707.10",)) -> None:
    """Put one copy of a spell on the stack (CR 707.10, 707.10c)."""
    s = ctx.s
    copy = Obj(s.next_id, card, controller, STACK)
    s.next_id += 1
    copy.is_token = True
    copy.cast_x = x
    # kicked stays kicked (CR 707.10); where the spell goes after it resolves doesn't matter, and
    # a copy was cast from nowhere
    copy.cast_costs = tuple(c for c in cast_costs if c not in ("flashback", GRANTED_FLASHBACK, EXILED_IF_GRAVEYARD, "jump-start", "buyback", "rebound", *CAST_FROM.values()))
    s.objs[copy.id] = copy
    item = StackItem(s.next_id, "spell", copy.id, controller, card, index, f"Copy of {card.name}")
    s.next_id += 1
    item.x, item.modes = x, tuple(modes)
    item.targets = [list(g) for g in targets]
    if new_targets:
        _new_targets(ctx, item, copy, controller, "707.10c")
    s.stack.append(item)
    s.add_log(f"{s.players[controller].name} puts a copy of {card.name} on the stack "
              "(a copy is not cast)", rules, "stack")
    announce_targets(ctx, item)


def storm_copies(ctx, e: ir.StormCopies, rc) -> None:
    """CR 702.40a: one copy for each other spell cast before the storm spell this turn (counted
    as it was cast: spells cast in response don't count), each with new targets if its
    controller wants. The copies aren't cast, so later storm spells don't count them; a storm
    spell that left the stack is still copied, as it was cast (Grapeshot rulings 2013-06-07)."""
    s = ctx.s
    ev = rc.event
    n = (ev.spells_before if ev is not None else None) or 0
    s.add_log(f"storm: {n} other spell{'s' * (n != 1)} were cast before {rc.card.name} this turn",
              ("702.40a",), "resolve")
    if ev is None or ev.cast_x is None:
        return
    original = next((i for i in s.stack if i.id == ev.item), None)
    cast_costs = s.objs[original.source].cast_costs if original is not None else ()
    for _ in range(n):
        _put_copy(ctx, rc.controller, rc.card, spell_ability_index(rc.card), ev.cast_x, ev.cast_modes or (),
                  ev.cast_targets or (), cast_costs, True, ("702.40a", "707.10"))


def copy_cast_spell(ctx, e: ir.CopyCastSpell, rc) -> None:
    """The commander Storms: copy the spell whose casting triggered this ability once for each
    time its controller has cast their commander from the command zone, counted as the ability
    resolves; the copies are made as the spell was cast, even if it was countered (CR 707.10,
    903.8; Empyrial Storm rulings 2018-07-13). The copies aren't cast (CR 707.10)."""
    s = ctx.s
    ev = rc.event
    n = amount(ctx, e.count, rc)
    s.add_log(f"{s.players[rc.controller].name} has cast their commander from the command zone {n} "
              f"time{'s' * (n != 1)} this game: {n} cop{'ies' if n != 1 else 'y'} of {rc.card.name}",
              ("903.8", "707.10"), "resolve")
    if not n or ev is None or ev.cast_x is None:
        return
    original = next((i for i in s.stack if i.id == ev.item), None)
    cast_costs = s.objs[original.source].cast_costs if original is not None else (ev.cast_costs or ())
    for _ in range(n):
        _put_copy(ctx, rc.controller, rc.card, spell_ability_index(rc.card), ev.cast_x, ev.cast_modes or (),
                  ev.cast_targets or (), cast_costs, e.new_targets, ("707.10",) + (("707.10c",) if e.new_targets else ()))


def copy_per_payment(ctx, e: ir.CopyPerPayment, rc) -> None:
    """Replicate (CR 702.56a) and conspire (CR 702.78a): one copy of the spell for each time the
    named additional cost was paid for it, as it was cast (the trigger saw its costs, X, modes
    and targets), each with new targets if its controller wants. A spell that left the stack is
    still copied, like storm's (CR 702.56a: the trigger needs only the payments)."""
    s = ctx.s
    ev = rc.event
    n = (ev.cast_costs or ()).count(e.cost) if ev is not None else 0
    rule = "702.56a" if e.cost == "replicate" else "702.78a"
    s.add_log(f"{e.cost}: its cost was paid {n} time{'s' * (n != 1)} for {rc.card.name}", (rule,), "resolve")
    if not n or ev.cast_x is None:
        return
    for _ in range(n):
        _put_copy(ctx, rc.controller, rc.card, spell_ability_index(rc.card), ev.cast_x, ev.cast_modes or (),
                  ev.cast_targets or (), ev.cast_costs, True, (rule, "707.10"))


def _new_targets(ctx, item: StackItem, source: Obj, chooser: int, rule: str) -> list:
    """For each target of ``item``, ``chooser`` keeps it (even if now illegal) or picks a new
    legal one, for ``source`` as the item's controller would (a copy's new targets, CR 707.10c;
    "choose new targets for target spell", CR 115.7d). The new targets, in order."""
    s = ctx.s
    changed = []
    for spec, group in zip(item_target_specs(item, s), item.targets):
        for n, old in enumerate(group):
            legal = [t for t in legal_targets(s, spec, source, item.controller, item.id, item.x)
                     if t != old and t not in group]
            if not legal:
                continue
            options = (Action(ActionKind.KEEP, (), f"keep {describe_target(s, old)}"),) + tuple(
                Action(ActionKind.TARGET, (t,), f"target {describe_target(s, t)}") for t in legal)
            answer = ctx.ask(Decision(chooser, DecisionKind.NEW_TARGET,
                                      f"Choose a new target for {item.label} instead of "
                                      f"{describe_target(s, old)}? (CR {rule})", options, {"item": item.id}))
            if answer.kind == ActionKind.TARGET:
                group[n] = answer.args[0]
                changed.append(group[n])
                s.add_log(f"{s.players[chooser].name} changes a target of {item.label} from "
                          f"{describe_target(s, old)} to {describe_target(s, group[n])}", (rule,), "choice")
    return changed


def change_target(ctx, e: ir.ChangeTarget, rc) -> None:
    """"Change the target of target spell with a single target" (CR 115.7a): the effect's
    controller must change it to another legal target, chosen as the effect resolves (a spell
    can't target itself); with none, the target stays, even if it is illegal now. The new target
    becomes a target of the spell (CR 115.1, 702.21a)."""
    s = ctx.s
    for t in resolve_subject(ctx, e.what, rc):
        item = next((i for i in s.stack if f"s{i.id}" == t), None) if isinstance(t, str) else None
        source = s.objs.get(item.source) if item is not None else None
        if item is None or source is None or sum(map(len, item.targets)) != 1:
            s.add_log(f"{rc.card.name}: that spell has no single target to change", ("115.7a",), "resolve")
            continue
        [(spec, group)] = [(spec, g) for spec, g in zip(item_target_specs(item, s), item.targets) if g]
        old = group[0]
        legal = [x for x in legal_targets(s, spec, source, item.controller, item.id, item.x) if x != old]
        if not legal:
            s.add_log(f"{rc.card.name}: {item.label} has no other legal target; its target stays "
                      f"{describe_target(s, old)}", ("115.7a",), "resolve")
            continue
        options = tuple(Action(ActionKind.TARGET, (x,), f"target {describe_target(s, x)}") for x in legal)
        new = ctx.ask(Decision(rc.controller, DecisionKind.NEW_TARGET,
                               f"Choose the new target for {item.label} instead of "
                               f"{describe_target(s, old)} (CR 115.7a)", options, {"item": item.id})).args[0]
        group[0] = new
        s.add_log(f"{s.players[rc.controller].name} changes the target of {item.label} from "
                  f"{describe_target(s, old)} to {describe_target(s, new)}", ("115.7a",), "choice")
        if isinstance(new, int) and new in s.objs and s.objs[new].zone == BATTLEFIELD:
            collect(ctx, BecameTarget(new, item.id, item.controller))


def choose_new_targets(ctx, e: ir.ChooseNewTargets, rc) -> None:
    """"You may choose new targets for target spell or ability" (CR 115.7d): the effect's
    controller may leave any of its targets as they are, even if illegal, or change them to
    other legal ones; the division of damage stays (CR 115.7f). Each permanent that becomes a
    target becomes the target of it (CR 115.1, 702.21a)."""
    s = ctx.s
    for t in resolve_subject(ctx, e.what, rc):
        item = next((i for i in s.stack if f"s{i.id}" == t), None) if isinstance(t, str) else None
        source = s.objs.get(item.source) if item is not None else None
        if item is None or source is None or not any(item.targets):
            s.add_log(f"{rc.card.name}: that spell or ability has no targets to change", ("115.7d",), "resolve")
            continue
        for oid in _new_targets(ctx, item, source, rc.controller, "115.7d"):
            if isinstance(oid, int) and oid in s.objs and s.objs[oid].zone == BATTLEFIELD:
                collect(ctx, BecameTarget(oid, item.id, item.controller))
