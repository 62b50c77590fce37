"""Morph and megamorph (CR 702.37) and face-down spells and permanents (CR 708).

A card with morph may be cast face down for {3} rather than its mana cost, an alternative cost
named "morph" in the spell's ``cast_costs`` (CR 702.37a, 702.37c). It is turned face down before
it goes on the stack (CR 708.4): its ``card`` becomes :data:`FACE_DOWN`, a 2/2 creature with no
name, text, subtypes or mana cost (CR 708.2a), and ``printed`` keeps the card, as for a copy
(CR 707.2). The permanent it becomes stays so; every rules module sees only the face-down
definition. Any time they have priority its controller may turn it face up, a special action
(CR 116.2b, 702.37e): they pay the morph cost and it becomes its card again, keeping its
counters, damage and status (CR 708.8); a megamorph cost adds a +1/+1 counter (CR 702.37b).
A face-down object that leaves the battlefield, or the stack for another zone, is revealed and is
its card again there; when the game ends, every face-down object is revealed (CR 708.9).
"""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.oracle import ir

from . import alt_costs, exercise
from .decisions import Action, IllegalActionError

MORPH = alt_costs.MORPH
FACE_DOWN = CardDef.from_face({"name": "Face-down creature", "type": "Creature", "types": ["Creature"],
                               "power": "2", "toughness": "2", "text": ""})


def keyword(card) -> ir.Keyword | None:
    """The card's morph or megamorph ability (a megamorph cost is a morph cost, CR 702.37b)."""
    return alt_costs.keyword(card, "morph") or alt_costs.keyword(card, "megamorph")


def is_face_down(o) -> bool:
    return MORPH in o.cast_costs and o.printed is not None


def turn_down(spell) -> None:
    """CR 708.4: the card becomes a face-down spell as it is cast."""
    spell.printed, spell.card = spell.card, FACE_DOWN


def castable_face_down(s, player: int) -> list:
    """Cards with morph ``player`` could cast face down now, from their hand or from exile when
    an effect lets them play it (CR 702.37c): a face-down creature spell has sorcery timing
    (CR 307.1) and costs {3} (CR 601.2f)."""
    from .casting import exiled_playable, sorcery_timing

    if not sorcery_timing(s, player):
        return []
    out = []
    for oid in s.players[player].hand + exiled_playable(s, player):
        o = s.objs[oid]
        if keyword(o.card) is None or not o.card.fully_supported:
            continue
        spell = o.copy()
        spell.cast_costs = (MORPH,)
        turn_down(spell)
        if alt_costs.affordable(s, player, spell, (MORPH,)):
            out.append(o)
    return out


def face_up_actions(s, player: int) -> list[Action]:
    """CR 116.2b, 702.37e: turning a face-down permanent face up for its morph cost."""
    from .mana_abilities import can_afford

    out = []
    for o in s.permanents(player):
        if is_face_down(o) and keyword(o.printed) is not None:
            cost = keyword(o.printed).cost.mana
            if can_afford(s, player, cost):
                out.append(Action("turn_face_up", (o.id,), f"turn {o.printed.name} face up for {cost}"))
    return out


def turn_face_up(ctx, player: int, oid: int) -> None:
    """CR 702.37e: show the morph cost, pay it, turn the permanent face up; no stack (CR 116.2b).
    It keeps counters, damage and status, and its enters abilities don't apply (CR 708.8)."""
    from . import events
    from .casting import pay_mana

    s = ctx.s
    o = s.objs.get(oid)
    if o is None or o.controller != player or not is_face_down(o) or keyword(o.printed) is None:
        raise IllegalActionError("only a face-down permanent you control with morph can be turned face up")
    card = o.printed
    kw = keyword(card)
    who = s.players[player].name
    s.add_log(f"{who} turns a face-down creature face up, showing its {kw.name} cost {kw.cost.mana}",
              ("116.2b", "702.37e"), "special")
    pay_mana(ctx, player, kw.cost.mana, f"turning {card.name} face up")
    o.card, o.printed = card, None
    s.battlefield = tuple(list(s.battlefield))   # its characteristics changed: board caches are stale
    s.layer_cache = None                # its definition changed on the battlefield (CR 708.8)
    s.add_log(f"the face-down creature is turned face up: it is {card.name}", ("702.37e", "708.8"), "special")
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", kw.name, card)
    if kw.name == "megamorph":
        events.add_counters(ctx, o, "+1/+1", 1, "megamorph, CR 702.37b")
    events.collect(ctx, {"kind": "turned_face_up", "obj": o.id, "player": player})


def reveal(s, o, to: str) -> None:
    """CR 708.9: a face-down object leaving for another zone is revealed as it moves."""
    s.add_log(f"the face-down {'spell' if o.zone == 'stack' else 'creature'} is revealed: it is "
              f"{o.printed.name}, going to its owner's {to}", ("708.9",), "zone")


def reveal_all(s) -> None:
    """CR 708.9: when the game ends, every face-down spell and permanent is revealed."""
    for o in [s.objs[i] for i in s.battlefield] + [s.objs[i.source] for i in s.stack
                                                    if i.kind == "spell" and i.source in s.objs]:
        if is_face_down(o):
            s.add_log(f"the game is over: {s.players[o.controller].name}'s face-down "
                      f"{'spell' if o.zone == 'stack' else 'creature'} is revealed: it is {o.printed.name}",
                      ("708.9",), "end")
