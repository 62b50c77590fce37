"""Commanders (CR 903): which objects are commanders, their color identity, commander tax and
commander damage, read from the game state.

A player's commanders are named on their :class:`Player` (``commanders``) as the game begins,
with their color identity (``commander_identity``, CR 903.4a: established before the game
begins). Being a commander is an attribute of the card, kept through every change of zone
(CR 903.3): an object is a commander when it is its owner's card of that name, neither a token
nor a copy of a spell (a token, CR 707.10); a permanent copying one is its own card (CR 707.2). What the rules do with commanders lives
where those rules do: the command zone's state-based action in ``sba`` (CR 704.6c-d), the
replacement in ``events.move`` (CR 903.9b), casting from the command zone in ``legality`` and
``casting``, the tax in ``spell_costs`` (CR 903.8).
"""
from __future__ import annotations

from .state import Obj, Player, State
from .zones import COMMAND, EXILE, GRAVEYARD

COMMANDER = "commander"           # State.variant of a Commander game (CR 903)
FROM_COMMAND = "from_command"     # Obj.cast_costs: cast from the command zone (CR 903.8)
TAX = 2                           # CR 903.8: {2} more for each previous cast from the command zone
LETHAL_DAMAGE = 21                # CR 903.10a, 704.6c
START_LIFE = 40                   # CR 903.7


def card_name(o: Obj) -> str:
    """The name of the card ``o`` represents (its own card when it is a copy, the main face)."""
    return (o.printed or o.card).main.name


def is_commander(s: State, o: Obj) -> bool:
    """CR 903.3: ``o`` is the card its owner designated as a commander, in any zone."""
    return not o.is_token and card_name(o) in s.players[o.owner].commanders


def commanders_in(s: State, player: int, zone: str) -> list[Obj]:
    """``player``'s commanders in one of their zones (CR 903.3d)."""
    p = s.players[player]
    if not p.commanders:
        return []
    objs = s.objs
    return [objs[i] for i in p.zone(zone) if is_commander(s, objs[i])]


def all_of(s: State, player: int) -> list[Obj]:
    """``player``'s commanders wherever they are (CR 903.3e: "your commander" is found in any
    zone); a commander on the stack or the battlefield is the object there."""
    p = s.players[player]
    if not p.commanders:
        return []
    return [o for o in s.objs.values() if o.owner == player and is_commander(s, o)]


def identity(s: State, player: int) -> str | None:
    """The colors of ``player``'s commanders' color identity ("WG"; "" for colorless ones), or
    None when they have no commander: that quality is then undefined (CR 903.4f)."""
    p = s.players[player]
    return p.commander_identity if p.commanders else None


def casts(p: Player, name: str) -> int:
    """How many times ``p`` has cast the commander ``name`` from the command zone (CR 903.8)."""
    return dict(p.commander_casts).get(name, 0)


def total_casts(p: Player) -> int:
    """How many times ``p`` has cast their commanders from the command zone this game, both of
    two partners (CR 903.8; Empyrial Storm ruling 2018-10-05)."""
    return sum(n for _, n in p.commander_casts)


def tax(s: State, player: int, o: Obj) -> int:
    """CR 903.8: the generic mana added to the cost of ``o`` when ``player`` casts it from the
    command zone, {2} for each previous time they did: ``o`` in the command zone, or the spell
    cast from there."""
    if not s.players[o.owner].commanders or not is_commander(s, o):
        return 0
    if o.zone != COMMAND and FROM_COMMAND not in o.cast_costs:
        return 0
    return TAX * casts(s.players[player], card_name(o))


def note_cast(s: State, player: int, o: Obj) -> None:
    """Count one more cast of the commander ``o`` from the command zone by ``player``."""
    p = s.players[player]
    name = card_name(o)
    counts = dict(p.commander_casts)
    counts[name] = counts.get(name, 0) + 1
    p.commander_casts = tuple(sorted(counts.items()))


def damage_from(p: Player, owner: int, name: str) -> int:
    """The combat damage the commander ``name`` of ``owner`` has dealt to ``p`` this game."""
    return next((n for o, c, n in p.commander_damage if o == owner and c == name), 0)


def note_combat_damage(s: State, source: Obj, player: int, amount: int) -> None:
    """CR 903.10a: remember combat damage a commander dealt to ``player``, per commander."""
    if amount <= 0 or not is_commander(s, source):
        return
    p = s.players[player]
    name = card_name(source)
    total = damage_from(p, source.owner, name) + amount
    p.commander_damage = tuple(sorted([e for e in p.commander_damage if (e[0], e[1]) != (source.owner, name)]
                                      + [(source.owner, name, total)]))
    s.add_log(f"{p.name} has been dealt {total} combat damage by {name}, {s.players[source.owner].name}'s "
              "commander", ("903.10a",), "damage")


def lethal_commander(p: Player) -> tuple[int, str, int] | None:
    """CR 704.6c: a commander that has dealt ``p`` 21 or more combat damage, if one has."""
    return next((e for e in p.commander_damage if e[2] >= LETHAL_DAMAGE), None)


def returnable(s: State) -> list[Obj]:
    """CR 704.6d: commanders in a graveyard or in exile put there since state-based actions were
    last checked, whose owners haven't yet answered whether to put them into the command zone:
    an object is put into a zone as a new object (CR 400.7), so one answered is remembered by id."""
    out = []
    for p in s.players:
        if not p.commanders:
            continue
        for zone in (GRAVEYARD, EXILE):
            out += [o for o in commanders_in(s, p.index, zone) if o.id not in p.commander_left]
    return out


def log_start(s: State) -> None:
    """CR 903.6: each player's commanders begin the game face up in the command zone."""
    for p in s.players:
        if p.commanders:
            s.add_log(f"{p.name}'s commander{'s' * (len(p.commanders) > 1)} {' and '.join(p.commanders)} "
                      f"start{'s' * (len(p.commanders) == 1)} in the command zone (color identity "
                      f"{p.commander_identity or 'colorless'})", ("903.6", "903.4"), "start")
        else:
            s.add_log(f"{p.name} has no commander: what refers to their commander's color identity does "
                      "nothing (CR 903.4f)", ("903.4f",), "start")


def set_up(s: State, player: int, cards: list, identity: str) -> None:
    """Put ``player``'s commander cards (CR 903.3) into the command zone before the game begins
    (CR 903.6), with their color identity (CR 903.4a) as the deck check found it."""
    p = s.players[player]
    p.commanders = tuple(card.main.name for card in cards)
    p.commander_identity = identity
    for card in cards:
        o = Obj(s.next_id, card, player, COMMAND)
        s.next_id += 1
        s.objs[o.id] = o
        p.command.append(o.id)
