"""What one player may see (CR 400.2): public zones in full, their own hand, and only the sizes
of hidden zones (libraries, every other player's hand); phased-out permanents apart (CR 702.26b).
Plain data, for agents and interfaces."""
from __future__ import annotations

from . import characteristics as ch
from .mana import spend as mana_spend
from .mechanics import morph
from .state import ItemKind, Obj, PlayerRef, State
from .zones import BATTLEFIELD


def _public(s: State, o: Obj, viewer: int) -> dict:
    d = {"id": o.id, "name": o.card.name, "owner": o.owner, "controller": o.controller}
    if morph.is_face_down(o):      # CR 708.5: only its controller may look at it
        d["face_down"] = True
        if viewer == o.controller or s.result is not None:     # revealed when the game ends
            d["card"] = (o.printed or o.card).name
    if o.zone == BATTLEFIELD:
        a = o.attached_to
        d.update(tapped=o.tapped, counters=dict(o.counters), damage=o.damage,
                 attached_to=None if type(a) is PlayerRef else a, token=o.is_token)
        if type(a) is PlayerRef:        # an Aura that enchants a player (CR 303.4b)
            d["attached_to_player"] = a.index
        if o.phased_out:                # CR 702.26b: there, but treated as though it doesn't exist
            d["phased_out"] = True
            return d
        if ch.is_creature(s, o):
            d["power"], d["toughness"] = ch.power_toughness(s, o)
            d["attacking"] = o.attacking is not None
            d["blocking"] = list(o.blocking)
    return d


def player_view(s: State, viewer: int) -> dict:
    """The game as ``viewer`` sees it."""
    players = []
    for p in s.players:
        seen = {
            "name": p.name, "life": p.life, "poison": p.poison, "energy": p.energy,
            "left": p.index in s.left,                  # has left the game (CR 800.4a)
            "city_blessing": p.city_blessing,           # a public designation (CR 702.131c)
            "library_count": len(p.library), "hand_count": len(p.hand),
            "graveyard": [_public(s, s.objs[i], viewer) for i in p.graveyard],
            "exile": [_public(s, s.objs[i], viewer) for i in p.exile],
            "emblems": [s.objs[i].card.text for i in p.command if not s.objs[i].card.types],  # public (CR 114.2, 400.2)
            "mana_pool": mana_spend.totals(p),
            "special_mana": [m.describe() for m in p.special_mana],   # CR 106.6
        }
        if s.variant:                   # Commander (CR 903): all of it public
            seen["commanders"] = list(p.commanders)
            seen["command_zone"] = [_public(s, s.objs[i], viewer) for i in p.command if s.objs[i].card.types]
            seen["commander_casts"] = [list(e) for e in p.commander_casts]
            seen["commander_damage"] = [list(e) for e in p.commander_damage]
        if p.index == viewer:
            seen["hand"] = [_public(s, s.objs[i], viewer) for i in p.hand]
        players.append(seen)
    return {
        "viewer": viewer, "turn": s.turn, "step": s.step, "active": s.active,
        "priority": s.priority, "players": players,
        "battlefield": [_public(s, s.objs[i], viewer) for i in s.battlefield],
        # CR 702.26b: phased-out permanents, apart from the permanents that exist
        "phased_out": [_public(s, s.objs[i], viewer) for i in s.phased_out],
        "stack": [_item(s, i, viewer) for i in s.stack],
    }


def _item(s: State, item, viewer: int) -> dict:
    d = {"id": item.id, "label": item.label, "controller": item.controller,
         "targets": [list(g) for g in item.targets]}
    spell = s.objs.get(item.source) if item.kind == ItemKind.SPELL else None
    if spell is not None and morph.is_face_down(spell):      # CR 708.5
        d["face_down"] = True
        if viewer == item.controller or s.result is not None:
            d["card"] = (spell.printed or spell.card).name
    return d
