"""Soulbond (CR 702.95): pairing two creatures, and their becoming unpaired.

The keyword's two triggered abilities (CR 702.95a) are read as one, "Whenever a creature you
control enters, if ...": this creature entering, or another one (:func:`.abilities.keyword_trigger`,
with the intervening "if" of :mod:`.conditions`). A pairing is a :class:`Paired` record among
the state's effects; :func:`.continuous.partner_of` reads it for "as long as ~ is paired with
another creature" and "each of those creatures" (CR 702.95b). It ends when either creature
leaves the battlefield, comes under another player's control or stops being a creature
(CR 702.95e): :func:`refresh`, run with the state-based actions, removes it then.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from .. import characteristics as ch
from ..conditions import unpaired_creature
from ..continuous import partner_of
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..effect_records import Paired
from ..runner import Ctx


def pair(ctx: Ctx, e: ir.Pair, rc) -> None:
    """CR 702.95a, 702.95c: pair the soulbond creature with the creature that entered, or, when
    it entered itself, with another unpaired creature its controller chooses. Neither becomes
    paired when either is no longer an unpaired creature on the battlefield under the ability's
    controller."""
    s = ctx.s
    me = rc.controller
    src = s.objs.get(rc.source)
    entered = rc.event.obj if rc.event is not None else None
    if not unpaired_creature(s, src, me):
        s.add_log(f"{rc.card.name} is no longer an unpaired creature you control: nothing is paired",
                  ("702.95c",), "resolve")
        return
    assert src is not None
    if entered != src.id:
        other = s.objs.get(entered) if entered is not None else None
    else:
        choices = [o for o in s.permanents(me) if o.id != src.id and unpaired_creature(s, o, me)]
        if not choices:
            s.add_log(f"there is no other unpaired creature to pair {src.card.name} with", ("702.95c",), "resolve")
            return
        answer = ctx.ask(Decision(me, DecisionKind.SOULBOND, f"Choose a creature to pair with {src.card.name} (CR 702.95a)",
                                  tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in choices)))
        other = s.objs[answer.args[0]]
    if other is None or other.id == src.id or not unpaired_creature(s, other, me):
        s.add_log(f"the creature that entered is no longer an unpaired creature you control: "
                  f"{src.card.name} isn't paired", ("702.95c",), "resolve")
        return
    s.effects.append(Paired(src.id, other.id, me, Duration.PERMANENT, s.new_timestamp(), src.card.name))
    s.add_log(f"{src.card.name} is paired with {other.card.name}", ("702.95a", "702.95b"), "effect")


def refresh(ctx: Ctx) -> bool:
    """CR 702.95e: end each pairing of which a creature left the battlefield, came under another
    player's control or stopped being a creature. Returns whether any ended."""
    s = ctx.s
    if not any(type(e) is Paired for e in s.effects):
        return False
    ended = [e for e in s.effects if type(e) is Paired and not _holds(s, e)]
    if not ended:
        return False
    s.effects = [e for e in s.effects if not any(e is x for x in ended)]
    for e in ended:
        s.add_log(f"{e.source} and the creature paired with it become unpaired: one of them left the battlefield, "
                  "came under another player's control or stopped being a creature", ("702.95e",), "effect")
    return True


def _holds(s, e: Paired) -> bool:
    return partner_of(s, e.affected) == e.partner and all(ch.is_creature(s, s.objs[i]) for i in (e.affected, e.partner))


HANDLERS: dict[type, Callable[[Any, Any, Any], None]] = {ir.Pair: pair}
