"""Sagas (CR 714): lore counters, chapter abilities and the sacrifice after the last chapter.

A chapter symbol is a triggered ability (CR 714.2b): "I, II — [effect]" compiles to one ability
per numeral, with trigger event "chapter" and its number; it triggers when lore counters put on
the Saga bring their number from below N to N or more (``triggers.instances``). A Saga enters
with a lore counter (CR 714.3a, in ``events.move``, a counter put on it as it enters, CR 122.6),
gets another as its controller's precombat main phase begins (CR 714.3b, :func:`add_lore`), and
is sacrificed once its lore counters reach its final chapter number while none of its chapter
abilities waits or is on the stack (CR 714.4, :func:`to_sacrifice`, a state-based action).
"""
from __future__ import annotations

from manastack.oracle import ir

from .. import events
from ..state import ItemKind, Obj

LORE = "lore"


def chapters(card) -> list[int]:
    """The chapter numbers of ``card``'s chapter abilities (CR 714.2a)."""
    return [ab.trigger.chapter for ab in card.abilities
            if type(ab) is ir.TriggeredAbility and ab.trigger.event == ir.TriggerEvent.CHAPTER]


def final_chapter(card) -> int:
    """CR 714.2d: the greatest chapter number, 0 without chapter abilities."""
    return max(chapters(card), default=0)


def add_lore(ctx, player: int) -> None:
    """CR 714.3b: as ``player``'s precombat main phase begins, a lore counter on each Saga they
    control with one or more chapter abilities; a turn-based action, no stack."""
    for o in ctx.s.permanents(player):
        if "Saga" in o.card.subtypes and chapters(o.card):
            events.add_counters(ctx, o, LORE, 1, "precombat main phase, CR 714.3b", by_effect=False)


def _chapter_pending(s, o: Obj) -> bool:
    """Whether a chapter ability of ``o`` has triggered and not yet left the stack."""
    def is_chapter(card, index) -> bool:
        ab = card.abilities[index] if 0 <= index < len(card.abilities) else None
        return type(ab) is ir.TriggeredAbility and ab.trigger.event == ir.TriggerEvent.CHAPTER
    return any(t.source == o.id and is_chapter(t.card, t.ability_index) for t in s.pending_triggers) or \
        any(i.kind == ItemKind.TRIGGERED and i.source == o.id and is_chapter(i.card, i.index) for i in s.stack)


def to_sacrifice(s) -> list[Obj]:
    """CR 714.4: Sagas whose lore counters reached their final chapter number, none of whose
    chapter abilities is waiting to be put on the stack or on it."""
    out = []
    for o in s.permanents():
        if "Saga" not in o.card.subtypes:
            continue
        final = final_chapter(o.card)
        if final and o.counters.get(LORE, 0) >= final and not _chapter_pending(s, o):
            out.append(o)
    return out
