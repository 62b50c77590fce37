"""Copying a spell on the stack (CR 707.10): "Copy target instant or sorcery spell." (Twincast)."""
from __future__ import annotations

from manastack.oracle import ir

from .decisions import Action, Decision, DecisionKind
from .filters import legal_targets
from .resolution import resolve_subject
from .state import Obj, StackItem
from .targets import describe_target, item_target_specs
from .triggers import announce_targets


def copy_spell(ctx, e: ir.CopySpell, rc) -> None:
    """CR 707.10: the copy is created on the stack under the copier's control, not cast (no cast
    triggers); it keeps the original's modes, X, targets and the costs paid for it (CR 707.10).
    Being no card, it ceases to exist once it leaves the stack (CR 704.5e)."""
    s = ctx.s
    for t in resolve_subject(ctx, e.what, rc):
        original = next((i for i in s.stack if f"s{i.id}" == t), None)
        if original is None:
            continue
        copy = Obj(s.next_id, original.card, rc.controller, "stack")
        s.next_id += 1
        copy.is_token = True
        copy.cast_x = original.x
        # kicked stays kicked (CR 707.10); where the spell goes after it resolves doesn't matter
        copy.cast_costs = tuple(c for c in s.objs[original.source].cast_costs if c not in ("flashback", "buyback"))
        s.objs[copy.id] = copy
        item = StackItem(s.next_id, "spell", copy.id, rc.controller, original.card, original.index,
                         f"Copy of {original.card.name}")
        s.next_id += 1
        item.x, item.modes = original.x, original.modes
        item.targets = [list(g) for g in original.targets]
        if e.new_targets:
            _new_targets(ctx, item, copy)
        s.stack.append(item)
        s.add_log(f"{s.players[rc.controller].name} puts a copy of {original.card.name} on the stack "
                  "(a copy is not cast)", ("707.10",), "stack")
        announce_targets(ctx, item)


def _new_targets(ctx, item: StackItem, copy: Obj) -> None:
    """CR 707.10c: for each target, keep it (even if now illegal) or pick a new legal one."""
    s = ctx.s
    for spec, group in zip(item_target_specs(item), item.targets):
        for n, old in enumerate(group):
            legal = [t for t in legal_targets(s, spec, copy, item.controller, item.id)
                     if t != old and t not in group]
            if not legal:
                continue
            options = (Action("keep", (), f"keep {describe_target(s, old)}"),) + tuple(
                Action("target", (t,), f"target {describe_target(s, t)}") for t in legal)
            answer = ctx.ask(Decision(item.controller, DecisionKind.NEW_TARGET,
                                      f"Choose a new target for {item.label} instead of "
                                      f"{describe_target(s, old)}? (CR 707.10c)", options, {"item": item.id}))
            if answer.kind == "target":
                group[n] = answer.args[0]
                s.add_log(f"{s.players[item.controller].name} changes a target of {item.label} from "
                          f"{describe_target(s, old)} to {describe_target(s, group[n])}", ("707.10c",), "choice")
