"""Split cards (CR 709), fuse (CR 702.102) and aftermath (CR 702.127).

A split card is one card with two halves (``CardDef.halves``); outside the stack it has both
halves' characteristics combined (CR 709.4). Its controller chooses which half to cast, and only
that half is checked and exists on the stack (CR 709.3-709.3b): the spell's ``card`` is the half.
As it leaves the stack it is the whole card again (``CardDef.main``).

Fuse: from the hand, both halves may be cast as one fused split spell, paying both mana costs,
with both halves' characteristics; it follows the left half's instructions, then the right
half's (CR 702.102a-d; the card database built that spell, ``CardDef.fused``).

Aftermath: the half with aftermath may be cast only from its owner's graveyard, and a spell cast
so is exiled instead of going anywhere else as it leaves the stack (CR 702.127a): the spell's
``cast_costs`` carry :data:`AFTERMATH` for ``replacement`` to see. The other half is cast from the
hand as usual.
"""
from __future__ import annotations

from manastack.oracle import ir

from ..state import Obj
from ..zones import GRAVEYARD, HAND

AFTERMATH = "aftermath"


def has_aftermath(half) -> bool:
    return any(type(ab) is ir.Keyword and ab.name == AFTERMATH for ab in half.abilities)


def as_half(o: Obj, index: int) -> Obj | None:
    """``o`` as the spell its half ``index`` would be (CR 709.3a); None when it has no such half."""
    halves = o.card.halves
    if not 0 <= index < len(halves) or o.printed is not None:
        return None
    spell = o.copy()
    spell.card = halves[index]
    return spell


def as_fused(o: Obj) -> Obj | None:
    """``o`` as a fused split spell (CR 702.102b); None when its halves can't be fused."""
    if o.card.fused is None or o.printed is not None:
        return None
    spell = o.copy()
    spell.card = o.card.fused
    return spell


def zone_problem(o: Obj, player: int, index: int | None) -> str | None:
    """Why ``o`` can't be cast from where it is as half ``index`` (None: fused), or None: a
    half with aftermath only from its owner's graveyard, the other half and a fused spell not
    from a graveyard, a fused spell only from the hand (CR 702.127a, 702.102a)."""
    if index is None:
        return None if o.zone == HAND and o.owner == player else \
            "a fused split spell can be cast only from its owner's hand (CR 702.102a)"
    half = o.card.halves[index]
    if has_aftermath(half):
        return None if o.zone == GRAVEYARD and o.owner == player else \
            f"{half.name} has aftermath: it can be cast only from its owner's graveyard (CR 702.127a)"
    if o.zone == GRAVEYARD:
        return f"{half.name} can't be cast from a graveyard (CR 601.3)"
    return None
