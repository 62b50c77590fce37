"""Morph and megamorph (CR 702.37) and face-down spells and permanents (CR 708).

A card with morph may be cast face down for {3} rather than its mana cost, an alternative cost
named "morph" in the spell's ``cast_costs`` (CR 702.37a, 702.37c). It is turned face down before
it goes on the stack (CR 708.4): its ``card`` becomes :data:`FACE_DOWN`, a 2/2 creature with no
name, text, subtypes or mana cost (CR 708.2a), and ``printed`` keeps the card, as for a copy
(CR 707.2). The permanent it becomes stays so; every rules module sees only the face-down
definition. Any time they have priority its controller may turn it face up, a special action
(CR 116.2b, 702.37e; :mod:`.face_up`): they pay the morph cost and it becomes its card again,
keeping its counters, damage and status (CR 708.8); a megamorph cost adds a +1/+1 counter
(CR 702.37b).
A face-down object that leaves the battlefield, or the stack for another zone, is revealed and is
its card again there; when the game ends, every face-down object is revealed (CR 708.9).
"""
from __future__ import annotations

from manastack.oracle import ir

from ..costs import alternative as alt_costs
from ..state import FACE_DOWN, ItemKind
from ..timing import exiled_playable, sorcery_timing

MORPH = alt_costs.MORPH


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


def reveal(s, o, to: str) -> None:
    """CR 708.9: a face-down object leaving for another zone is revealed as it moves."""
    s.add_log(f"the face-down {'spell' if o.zone == 'stack' else 'creature'} is revealed: it is "
              f"{o.printed.name}, going to its owner's {to}", ("708.9",), "zone")


def reveal_all(s) -> None:
    """CR 708.9: when the game ends, every face-down spell and permanent is revealed."""
    for o in [s.objs[i] for i in s.battlefield] + [s.objs[i.source] for i in s.stack
                                                    if i.kind == ItemKind.SPELL and i.source in s.objs]:
        if is_face_down(o):
            s.add_log(f"the game is over: {s.players[o.controller].name}'s face-down "
                      f"{'spell' if o.zone == 'stack' else 'creature'} is revealed: it is {o.printed.name}",
                      ("708.9",), "end")
