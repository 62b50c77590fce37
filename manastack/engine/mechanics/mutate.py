"""Mutate (CR 702.140): a creature spell cast for its mutate cost targets a non-Human creature
with the same owner (the target is added in ``targets``, the cost in ``alt_costs``). As it
resolves with that target still legal, it merges with the creature, over or under it as its
controller chooses (CR 702.140c, 729.2): the permanent stays the same object, now represented by
one more card (``merged``); "whenever this creature mutates" triggers (CR 702.140d). With the
target gone or illegal, it resolves as a plain creature spell (CR 702.140b).
"""
from __future__ import annotations

from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..event_types import Mutated
from .merged import component_of, components, merged_card
from .morph import is_face_down
from ..runner import Ctx
from ..triggers import collect
from ..zones import BATTLEFIELD

MUTATE = "mutate"


def is_mutating(spell) -> bool:
    """Whether ``spell`` is a mutating creature spell: cast for its mutate cost (CR 702.140a)."""
    return MUTATE in spell.cast_costs


def resolve_merging(ctx: Ctx, item, spell, targets) -> bool:
    """CR 702.140b-c: as a mutating creature spell resolves, merge it with its target when that
    target is still legal and say True; otherwise it ceases to be a mutating creature spell and
    the caller puts it onto the battlefield (False). ``targets``: its targets rechecked
    (CR 608.2b), the mutate target last."""
    s = ctx.s
    chosen = targets[-1][0] if targets and targets[-1] else None
    if chosen is None or chosen not in s.objs or s.objs[chosen].zone != BATTLEFIELD:
        spell = s.own(spell.id)
        spell.cast_costs = tuple(c for c in spell.cast_costs if c != MUTATE)
        s.add_log(f"{spell.card.name}'s mutate target is illegal: it is no longer a mutating creature spell and "
                  "resolves as a creature spell", ("702.140b",), "resolve")
        return False
    target = s.objs[chosen]
    name = spell.card.name
    options: tuple[Action, ...] = (Action(ActionKind.OVER, (), f"put {name} on top of {target.card.name}"),)
    if not is_face_down(target):      # a face-down merged permanent (CR 729.2e-f) isn't modelled
        options += (Action(ActionKind.UNDER, (), f"put {name} under {target.card.name}"),)
    answer = ctx.ask(Decision(item.controller, DecisionKind.MUTATE,
                              f"Put {name} over or under {target.card.name}? (CR 702.140c)", options))
    over = answer.kind == ActionKind.OVER
    before = target.card.name
    new_part = component_of(spell)
    parts = (new_part,) + components(target) if over else components(target) + (new_part,)
    # CR 729.2b: the spell leaves the stack and becomes part of the permanent, which doesn't enter
    s.stack[:] = [i for i in s.stack if i.id != item.id]
    ctx.lki[spell.id] = spell.copy()
    del s.objs[spell.id]
    ctx.moved[spell.id] = target.id          # CR 702.140f: the spell is now that permanent
    o = s.own(target.id)
    o.merged = parts
    o.card = merged_card(parts)              # CR 729.2a, 702.140e
    o.printed = None                         # its components keep their own cards
    o.is_token = parts[0].token              # CR 729.2d
    o.token_face = parts[0].token_face
    s.battlefield = tuple(s.battlefield)     # its characteristics changed: board caches are stale
    s.layer_cache = None
    s.static_cache = None
    where = "on top of" if over else "under"
    s.add_log(f"{name} mutates {where} {before}: one creature, {o.card.name}, with the abilities of "
              + ", ".join(p.card.name for p in parts) + f"; it has mutated {len(parts) - 1} "
              + ("time" if len(parts) == 2 else "times"), ("702.140c", "702.140e", "729.2"), "resolve")
    collect(ctx, Mutated(o.id, o.controller))    # CR 702.140d
    return True
