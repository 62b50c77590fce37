"""The monarch (CR 724): a designation one player at most has (``State.monarch``).

Its two inherent triggered abilities (CR 724.2) have no source and are controlled by the player
who is the monarch as they trigger. They are read like any card text, from a card-shaped
description written for the engine (not a printed card), so they go on the stack, resolve,
save and explain like printed triggered abilities. :func:`source` gives the object that stands
for them while a player is the monarch; its id is :data:`SOURCE_ID`, which no object in the game
has.
"""
from __future__ import annotations

from functools import cache

from manastack.cards import CardDef

from .state import Obj, State
from .zones import COMMAND

SOURCE_ID = -724
NAME = "The monarch"
_FACE = {"name": NAME, "type": "Designation", "types": [], "subtypes": [], "supertypes": [],
         "layout": "normal",
         "text": "At the beginning of your end step, draw a card.\n"
                 "Whenever a creature deals combat damage to you, its controller becomes the monarch."}


@cache
def card() -> CardDef:
    """The two inherent abilities of CR 724.2, compiled from their text once."""
    return CardDef.from_face(_FACE)


def source(s: State) -> Obj | None:
    """The object standing for the monarch's inherent abilities, or None with no monarch
    (CR 724.1)."""
    if s.monarch is None:
        return None
    return Obj(SOURCE_ID, card(), s.monarch, COMMAND)
