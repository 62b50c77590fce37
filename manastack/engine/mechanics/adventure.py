"""Adventurer cards (CR 715).

An adventurer card is one card with a second set of characteristics, its Adventure, tied to it
by the card database (:attr:`CardDef.adventure`; the Adventure's ``front`` is the card). From
the hand its owner may cast it as the Adventure instead (CR 715.3): only the Adventure's
characteristics are looked at to see whether it can be cast (CR 715.3a), and on the stack it has
only those (CR 715.3b): its ``card`` is the Adventure. In every other zone it is the card with
its normal characteristics (CR 715.4; ``events.move`` gives a new object the card's main face).

As an Adventure spell resolves it is exiled rather than put into the graveyard, and for as long
as it stays exiled its controller may cast it -- as the creature, not as the Adventure again
(CR 715.3d). A spell cast as an Adventure that is countered, or doesn't resolve because its
targets are gone, goes to the graveyard as usual and gives no such permission (rulings).
"""
from __future__ import annotations

from manastack.cards.multiface import Layout

from .. import events
from ..effect_records import MayPlay
from ..state import Obj
from ..zones import EXILE

WHILE_EXILED = "while_exiled"     # how long the permission lasts: while the card stays in exile


def is_adventure(o: Obj) -> bool:
    """Whether ``o`` is a spell cast as an Adventure (or a copy of one, CR 715.3c)."""
    return o.card.layout is Layout.ADVENTURE and o.card.front is not None


def as_adventure(o: Obj) -> Obj | None:
    """``o`` with its Adventure's characteristics, to check whether it may be cast so
    (CR 715.3a); None when it has no Adventure."""
    if o.card.adventure is None or o.printed is not None:
        return None
    spell = o.copy()
    spell.card = o.card.adventure
    return spell


def turn_to_adventure(spell: Obj) -> None:
    """CR 715.3b: a spell cast as an Adventure has only the Adventure's characteristics."""
    adventure = spell.card.adventure
    assert adventure is not None        # cast so only when it has one (as_adventure)
    spell.card = adventure


def exile_resolved(ctx, spell: Obj, controller: int) -> None:
    """CR 715.3d: exile the resolved Adventure spell; its controller may cast the card from exile
    for as long as it stays there (not as an Adventure: only cards in hand are cast so here)."""
    s = ctx.s
    name = spell.card.name
    new = events.move(ctx, spell, EXILE, cause=f"{name} was cast as an Adventure", rules=("715.3d",))
    if new is None:                      # a copy of an Adventure spell ceases to exist
        return
    s.effects.append(MayPlay(new.id, WHILE_EXILED, s.new_timestamp(), new.card.name))
    s.add_log(f"{s.players[controller].name} may cast {new.card.name} from exile for as long as it "
              "remains exiled", ("715.3d",), "effect")
