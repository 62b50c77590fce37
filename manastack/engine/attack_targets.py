"""What each attacking creature attacks (CR 506.2-506.4, 508.1b): a defending player, or a
planeswalker that player controls. With more than two players every opponent of the active
player is a defending player, and each attacker attacks one of them (CR 802.2-802.3).

An attacker's ``attacking`` field holds the defending player (CR 506.2: the player attacked, or
the controller of the planeswalker attacked), so every rule about "the defending player" reads
it as before. The planeswalker an attacker attacks, if any, is kept in the combat record as
``combat["planeswalkers"]``: [attacker id, planeswalker id] pairs (plain lists, so a save keeps
them as they are).
"""
from __future__ import annotations

from . import characteristics as ch
from .influence import players_within
from .state import Obj
from .zones import BATTLEFIELD

KEY = "planeswalkers"


def is_planeswalker(s, o: Obj) -> bool:
    return o.zone == BATTLEFIELD and "Planeswalker" in ch.card_types(s, o)


def defending_players(s) -> list[int]:
    """The players the active player may attack: every opponent still in the game, the attack
    multiple players option being the default of a free-for-all game (CR 506.2, 802.2, 806.2b);
    with a limited range of influence, those within the active player's range (CR 801.3)."""
    return players_within(s, s.active, s.opponents(s.active))


def attacked_players(s) -> list[int]:
    """The defending players of this combat who are attacked, or whose planeswalkers are, in
    APNAP order: each declares their blockers in that order (CR 802.4)."""
    objs = s.objs
    attacked = {objs[i].attacking for i in s.combat.get("attackers", ()) if i in objs}
    return [p for p in s.apnap() if p in attacked]


def attackable(s, defender: int) -> list[Obj]:
    """CR 506.3, 508.1b: the planeswalkers the defending player controls, which can be attacked
    besides the player."""
    return [o for o in s.permanents(defender) if "Planeswalker" in ch.card_types(s, o)]


def declared_target(s, attacker_id: int) -> int | None:
    """The id of the planeswalker ``attacker_id`` was declared attacking (None: a player)."""
    for a, pw in s.combat.get(KEY, ()):
        if a == attacker_id:
            return pw
    return None


def set_target(s, attacker_id: int, planeswalker_id: int | None) -> None:
    """Record what ``attacker_id`` attacks (the combat record is replaced, never changed in place:
    copies of the state share it)."""
    pairs = [p for p in s.combat.get(KEY, ()) if p[0] != attacker_id]
    if planeswalker_id is not None:
        pairs.append([attacker_id, planeswalker_id])
    s.combat = dict(s.combat, **{KEY: pairs})


def attacked_planeswalker(s, a: Obj) -> Obj | None:
    """The planeswalker ``a`` attacks, while it is still a planeswalker on the battlefield under
    the defending player's control (CR 506.4: otherwise it is removed from combat)."""
    pw_id = declared_target(s, a.id)
    pw = s.objs.get(pw_id) if pw_id is not None else None
    if pw is None or not is_planeswalker(s, pw) or pw.controller != a.attacking:
        return None
    return pw


def recipient(s, a: Obj):
    """Who an unblocked (or trampling) attacker assigns its combat damage to (CR 510.1a-b): the
    player ("p0"/"p1") or the planeswalker's id; None when the planeswalker it attacked has been
    removed from combat, so that it deals no combat damage (CR 506.4c)."""
    if declared_target(s, a.id) is None:
        # CR 800.4e: combat damage isn't assigned to a player who has left the game
        return f"p{a.attacking}" if a.attacking is not None and not s.players[a.attacking].lost else None
    pw = attacked_planeswalker(s, a)
    return pw.id if pw is not None else None


def describe(s, a: Obj) -> str:
    """What ``a`` attacks, in words."""
    pw_id = declared_target(s, a.id)
    if pw_id is not None and pw_id in s.objs:
        return s.objs[pw_id].card.name
    return s.players[a.attacking].name if a.attacking is not None else "nothing"
