"""Emblems (CR 114): "[Player] gets an emblem with [ability]" puts an emblem into the command
zone (CR 114.2), owned and controlled by that player.

An emblem is an object (``Obj``) in the command zone, listed in its owner's ``command`` list.
Its card is built from the quoted ability alone, compiled like any card text: it has no name
printed (the log calls it after the source that made it), no types, no mana cost and no color
(CR 114.3). Its static abilities are read by ``characteristics``, its triggered abilities by
``triggers.collect`` and its activated abilities by ``legality.activatable`` from the command
zone (CR 114.4); it never leaves it. It is neither a card
nor a permanent (CR 114.5).
"""
from __future__ import annotations

from functools import lru_cache

from manastack.cards import CardDef
from manastack.oracle import ir

from .resolution import named_players
from .state import Obj
from .zones import COMMAND


@lru_cache(maxsize=256)
def emblem_card(source_name: str, text: str) -> CardDef:
    """The card of an emblem with the ability ``text`` ("~" read back as "this emblem"), named
    after the object that made it (CR 114.3: most emblems have no name; the name is for the log)."""
    face = {"name": f"{source_name} emblem", "type": "Emblem", "types": [], "supertypes": [],
            "subtypes": [], "text": text.replace("~", "this emblem"), "layout": "normal"}
    return CardDef.from_face(face)


def emblems(s) -> list[Obj]:
    """Every emblem in the command zone, its owner's list by its owner's list (CR 114.4): the
    objects there with no card type (CR 114.3), not a commander card (CR 903.6)."""
    objs = s.objs
    return [objs[i] for p in s.players for i in p.command if not objs[i].card.types]


def create_emblem(ctx, e: ir.CreateEmblem, rc) -> None:
    """CR 114.2: each player named gets an emblem with the ability."""
    s = ctx.s
    card = emblem_card(rc.card.name, e.text)
    for player in named_players(ctx, e.who, rc):
        o = Obj(s.next_id, card, player, COMMAND)
        s.next_id += 1
        o.timestamp = s.new_timestamp()
        s.objs[o.id] = o
        s.players[player].command.append(o.id)
        # board facts kept against the battlefield tuple (static abilities) must be found again
        s.battlefield = tuple(list(s.battlefield))
        s.static_cache = None
        s.add_log(f"{s.players[player].name} gets an emblem with \"{card.text}\"", ("114.1", "114.2"),
                  "emblem")
