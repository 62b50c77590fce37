"""Observations: one flat ``float32`` vector of what the observing player may know (CR 400.2).

Public zones are seen in full; of hidden zones the player sees their own hand and only the
sizes of the rest (every other player's hand, every library; a face-down permanent shows its
card only to its controller, CR 708.5). Other players are placed by their relative seat (1: the
next in turn order, CR 101.4), so the layout is the same for two to eight players: the sections
of the two-player game come first (their ``opponent`` is the next opponent), then sections
for the other opponents and every seat, zeros where no one sits. Cards are numbered by a stable index: 1 + the position of the
card's name among the sorted names of the game's card database (0: no card or an unseen face;
the last index: a card the database doesn't list, such as a token). The layout, section by
section, is :data:`SECTIONS` and is documented in ``docs/rl.md``.
"""
from __future__ import annotations

import numpy as np

from manastack.cards import CardDB
from manastack.engine import characteristics as ch
from manastack.engine import commanders, morph
from manastack.engine.state import Obj, Player, State
from manastack.engine.turn import STEPS

from .encoding import (BATTLEFIELD_SLOTS, EXILE_SLOTS, GRAVEYARD_SLOTS, HAND_SLOTS, OPPONENT_SEATS,
                       STACK_SLOTS, exile_order, seats)

#: Decision kinds with their own one-hot position; any other kind sets the last position.
DECISION_KINDS = ("priority", "mulligan", "bottom", "targets", "modes", "x", "kicker",
                  "multikicker", "buyback", "entwine", "pay", "attackers", "blockers", "damage",
                  "order_triggers", "replacement_order", "may", "choose_mana", "choose_color",
                  "choose_creature_type", "discard", "sacrifice", "legend_rule", "search", "scry",
                  "order_cards")
MANA = ("W", "U", "B", "R", "G", "C")
PLAYER_FEATURES = ("life", "poison", "hand", "library", "graveyard", "exile", "lands_played",
                   *(f"pool_{m}" for m in MANA))
HAND_FEATURES = ("present", "card", "mana_value", "land", "creature", "power", "toughness")
PERMANENT_FEATURES = ("present", "card", "mine", "tapped", "creature", "land", "power",
                      "toughness", "damage", "counters", "attacking", "blocking", "token",
                      "arrived_this_turn")
STACK_FEATURES = ("present", "card", "mine", "spell", "activated", "triggered")
SEAT_FEATURES = ("present", "left", "commander_casts", "commanders_in_command_zone",
                 "commander_damage_to_me", "commander_damage_from_me")
SEATS = OPPONENT_SEATS + 1

#: (name, number of values) in the order they appear in the vector.
SECTIONS: tuple[tuple[str, int], ...] = (
    ("decision_kind", len(DECISION_KINDS) + 1),
    ("step", len(STEPS)),
    ("turn", 3),                       # turn number, it is my turn, stack size
    ("me", len(PLAYER_FEATURES)),
    ("opponent", len(PLAYER_FEATURES)),
    ("hand", HAND_SLOTS * len(HAND_FEATURES)),
    ("battlefield", BATTLEFIELD_SLOTS * len(PERMANENT_FEATURES)),
    ("stack", STACK_SLOTS * len(STACK_FEATURES)),
    ("my_graveyard", GRAVEYARD_SLOTS),
    ("opponent_graveyard", GRAVEYARD_SLOTS),
    ("exile", EXILE_SLOTS),
    # beyond the two-player game (CR 800-806, 903)
    ("other_opponents", (OPPONENT_SEATS - 1) * len(PLAYER_FEATURES)),
    ("seats", SEATS * len(SEAT_FEATURES)),
    ("battlefield_controller", BATTLEFIELD_SLOTS),
    ("battlefield_attacks", BATTLEFIELD_SLOTS),
    ("stack_controller", STACK_SLOTS),
)
SIZE: int = sum(n for _, n in SECTIONS)
BOUND = 1e6                            # every value lies within [-BOUND, BOUND]


class CardIndex:
    """Stable card numbers for one card database (see the module docstring)."""

    def __init__(self, db: CardDB) -> None:
        names = db.names()
        self.numbers = {name: i + 1 for i, name in enumerate(names)}
        self.unknown = len(names) + 1

    def __call__(self, name: str) -> int:
        return self.numbers.get(name, self.unknown)


def _printed_pt(o: Obj) -> tuple[float, float]:
    def num(v):
        return float(v) if v is not None and v.lstrip("-").isdigit() else 0.0
    return num(o.card.power), num(o.card.toughness)


def observe(s: State, player: int, decision_kind: str | None, cards: CardIndex) -> np.ndarray:
    """The vector ``player`` observes in ``s``; ``decision_kind`` is the kind of the decision
    they face (None when they face none)."""
    out = np.zeros(SIZE, dtype=np.float32)
    pos = 0

    def put(values) -> None:
        nonlocal pos
        out[pos:pos + len(values)] = values
        pos += len(values)

    kinds = np.zeros(len(DECISION_KINDS) + 1, dtype=np.float32)
    if decision_kind is not None:
        kinds[DECISION_KINDS.index(decision_kind) if decision_kind in DECISION_KINDS else -1] = 1
    put(kinds)
    steps = np.zeros(len(STEPS), dtype=np.float32)
    if s.step in STEPS:
        steps[STEPS.index(s.step)] = 1
    put(steps)
    put([s.turn, float(s.active == player), len(s.stack)])
    order = seats(s, player)
    relative = {p: k for k, p in enumerate(order)}
    for p in order[:2]:
        put(_player_features(s.players[p]))
    hand = np.zeros((HAND_SLOTS, len(HAND_FEATURES)), dtype=np.float32)
    for k, oid in enumerate(s.players[player].hand[:HAND_SLOTS]):
        o = s.objs[oid]
        power, toughness = _printed_pt(o)
        hand[k] = (1, cards(o.card.name), o.card.mana_cost.mana_value(), "Land" in o.card.types,
                   "Creature" in o.card.types, power, toughness)
    put(hand.ravel())
    field = np.zeros((BATTLEFIELD_SLOTS, len(PERMANENT_FEATURES)), dtype=np.float32)
    for k, oid in enumerate(s.battlefield[:BATTLEFIELD_SLOTS]):
        o = s.objs[oid]
        creature = ch.is_creature(s, o)
        power, toughness = ch.power_toughness(s, o) if creature else (0, 0)
        field[k] = (1, _card_seen(o, player, cards), o.controller == player, o.tapped, creature,
                    ch.is_type(s, o, "Land"), power, toughness, o.damage, sum(o.counters.values()),
                    o.attacking is not None, bool(o.blocking), o.is_token,
                    o.control_since == s.turn)
    put(field.ravel())
    stack = np.zeros((STACK_SLOTS, len(STACK_FEATURES)), dtype=np.float32)
    for k, item in enumerate(reversed(s.stack[-STACK_SLOTS:])):
        source = s.objs.get(item.source)
        seen = _card_seen(source, player, cards) if item.kind == "spell" and source is not None \
            else cards(item.card.name)
        stack[k] = (1, seen, item.controller == player,
                    item.kind == "spell", item.kind == "activated", item.kind == "triggered")
    put(stack.ravel())
    me, them = s.players[player], s.players[order[1]]
    for ids, size in ((me.graveyard[::-1], GRAVEYARD_SLOTS), (them.graveyard[::-1], GRAVEYARD_SLOTS),
                      (exile_order(s, player), EXILE_SLOTS)):
        shown = [_card_seen(s.objs[i], player, cards) for i in ids[:size]]
        put(shown + [0] * (size - len(shown)))
    others = np.zeros((OPPONENT_SEATS - 1, len(PLAYER_FEATURES)), dtype=np.float32)
    for k, p in enumerate(order[2:]):
        others[k] = _player_features(s.players[p])
    put(others.ravel())
    table = np.zeros((SEATS, len(SEAT_FEATURES)), dtype=np.float32)
    for k, p in enumerate(order):
        table[k] = _seat_features(s, s.players[p], s.players[player])
    put(table.ravel())
    controller = np.zeros(BATTLEFIELD_SLOTS, dtype=np.float32)
    attacks = np.zeros(BATTLEFIELD_SLOTS, dtype=np.float32)
    for k, oid in enumerate(s.battlefield[:BATTLEFIELD_SLOTS]):
        o = s.objs[oid]
        controller[k] = relative[o.controller]
        if o.attacking is not None:          # the player it attacks, or whose planeswalker (CR 506.2)
            attacks[k] = 1 + relative[o.attacking]
    put(controller)
    put(attacks)
    on_stack = [relative[item.controller] for item in reversed(s.stack[-STACK_SLOTS:])]
    put(on_stack + [0] * (STACK_SLOTS - len(on_stack)))
    return np.clip(out, -BOUND, BOUND)


def _player_features(p: Player) -> list[float]:
    """What everyone may know of a player (CR 400.2: of hidden zones, only their sizes)."""
    return [p.life, p.poison, len(p.hand), len(p.library), len(p.graveyard), len(p.exile),
            p.lands_played, *(p.pool.get(m, 0) for m in MANA)]


def _seat_features(s: State, p: Player, me: Player) -> list[float]:
    """A seat's public facts beyond the two-player game: whether they left (CR 800.4a), their
    commanders' casts from the command zone and how many wait there (CR 903.8), and the most
    combat damage one of their commanders dealt ``me`` and one of ``me``'s dealt them (CR 903.10a)."""
    to_me = max((n for owner, _c, n in me.commander_damage if owner == p.index), default=0)
    from_me = max((n for owner, _c, n in p.commander_damage if owner == me.index), default=0)
    in_command = len(commanders.commanders_in(s, p.index, "command"))
    return [1.0, float(p.index in s.left or p.lost), sum(n for _c, n in p.commander_casts), in_command,
            to_me, from_me]


def _card_seen(o: Obj, player: int, cards: CardIndex) -> int:
    """The card number ``player`` sees for an object: a face-down one shows its card to its
    controller only (CR 708.5), 0 to the other player."""
    if morph.is_face_down(o):
        return cards(o.printed.name) if o.controller == player else 0
    return cards(o.card.name)
