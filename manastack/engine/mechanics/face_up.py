"""Turning a face-down permanent face up (CR 702.37e, 708.8): a special action (CR 116.2b) its
controller may take any time they have priority, paying its morph or megamorph cost."""
from __future__ import annotations

from manastack.mana import ManaCost
from manastack.oracle import ir

from .. import events, exercise
from ..casting import pay_mana
from ..decisions import Action, ActionKind, IllegalActionError
from ..event_types import TurnedFaceUp
from ..mana.abilities import can_afford
from .morph import is_face_down, keyword


def face_up_actions(s, player: int) -> list[Action]:
    """CR 116.2b, 702.37e: turning a face-down permanent face up for its morph cost."""
    out = []
    for o in s.permanents(player):
        if o.printed is not None and is_face_down(o) and (kw := keyword(o.printed)) is not None:
            cost = _morph_cost(kw)
            if can_afford(s, player, cost):
                out.append(Action(ActionKind.TURN_FACE_UP, (o.id,), f"turn {o.printed.name} face up for {cost}"))
    return out


def _morph_cost(kw: ir.Keyword) -> ManaCost:
    """The cost a morph or megamorph keyword shows: a mana cost alone (``support`` accepts no other)."""
    assert kw.cost is not None and kw.cost.mana is not None
    return kw.cost.mana


def turn_face_up(ctx, player: int, oid: int) -> None:
    """CR 702.37e: show the morph cost, pay it, turn the permanent face up; no stack (CR 116.2b).
    It keeps counters, damage and status, and its enters abilities don't apply (CR 708.8)."""
    s = ctx.s
    o = s.objs.get(oid)
    card = o.printed if o is not None else None
    kw = keyword(card) if card is not None else None
    if o is None or o.controller != player or not is_face_down(o) or card is None or kw is None:
        raise IllegalActionError("only a face-down permanent you control with morph can be turned face up")
    cost = _morph_cost(kw)
    who = s.players[player].name
    s.add_log(f"{who} turns a face-down creature face up, showing its {kw.name} cost {cost}",
              ("116.2b", "702.37e"), "special")
    pay_mana(ctx, player, cost, f"turning {card.name} face up")
    o = s.own(o.id)
    o.card, o.printed = card, None
    s.battlefield = tuple(list(s.battlefield))   # its characteristics changed: board caches are stale
    s.layer_cache = None                # its definition changed on the battlefield (CR 708.8)
    s.add_log(f"the face-down creature is turned face up: it is {card.name}", ("702.37e", "708.8"), "special")
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", kw.name, card)
    if kw.name == "megamorph":
        events.add_counters(ctx, o, "+1/+1", 1, "megamorph, CR 702.37b")
    events.collect(ctx, TurnedFaceUp(o.id, player))
