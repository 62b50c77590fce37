"""Observations: one flat ``float32`` vector of what the observing player may know (CR 400.2).

Public zones are seen in full; of hidden zones the player sees their own hand and only the
sizes of the rest (every other player's hand, every library; a face-down permanent shows its
card only to its controller, CR 708.5). Players are placed by their relative seat (0: the
observer, 1: the next in turn order, CR 101.4), and the layout is padded to eight seats, zeros
where no one sits, so that it is the same for two to eight players. Each seat has its own
block of :data:`~manastack.rl.encoding.SEAT_PERMANENTS` battlefield slots and its own
graveyard slots; a seat's permanents beyond its block are not shown, and the seat's
``permanents_unseen`` value counts them. Cards are numbered by a stable index: 1 + the position
of the card's name among the sorted names of the game's card database (0: no card or an unseen
face; the last index: a card the database doesn't list, such as a token). The layout, section
by section, is :data:`SECTIONS` and is documented in ``docs/rl.md``.
"""
from __future__ import annotations

import numpy as np

from manastack.cards import CardDB, CardDef
from manastack.engine import characteristics as ch
from manastack.engine import commanders
from manastack.engine.mechanics import morph
from manastack.engine.state import ItemKind, Obj, Player, State
from manastack.engine.turn import STEPS

from .encoding import (EXILE_SLOTS, GRAVEYARD_SLOTS, HAND_SLOTS, SEAT_PERMANENTS, SEATS, STACK_SLOTS,
                       Slots, exile_order)

#: Decision kinds with their own one-hot position; any other kind sets the last position.
DECISION_KINDS = ("priority", "mulligan", "bottom", "targets", "modes", "x", "kicker",
                  "multikicker", "buyback", "entwine", "pay", "attackers", "blockers", "damage",
                  "order_triggers", "replacement_order", "may", "choose_mana", "choose_color",
                  "choose_creature_type", "discard", "sacrifice", "legend_rule", "search", "scry",
                  "order_cards")
MANA = ("W", "U", "B", "R", "G", "C")
PLAYER_FEATURES = ("life", "poison", "hand", "library", "graveyard", "exile", "lands_played",
                   *(f"pool_{m}" for m in MANA))
SEAT_FEATURES = ("present", "left", "commander_casts", "commanders_in_command_zone",
                 "commander_damage_to_me", "commander_damage_from_me", "permanents",
                 "permanents_unseen")
HAND_FEATURES = ("present", "card", "mana_value", "land", "creature", "power", "toughness")
PERMANENT_FEATURES = ("present", "card", "tapped", "creature", "land", "power", "toughness",
                      "damage", "counters", "attacks", "blocking", "token", "arrived_this_turn")
STACK_FEATURES = ("present", "card", "controller", "spell", "activated", "triggered")

#: (name, number of values) in the order they appear in the vector.
SECTIONS: tuple[tuple[str, int], ...] = (
    ("decision_kind", len(DECISION_KINDS) + 1),
    ("step", len(STEPS)),
    ("turn", 3),                       # turn number, it is my turn, stack size
    ("players", SEATS * len(PLAYER_FEATURES)),
    ("seats", SEATS * len(SEAT_FEATURES)),
    ("hand", HAND_SLOTS * len(HAND_FEATURES)),
    ("battlefield", SEATS * SEAT_PERMANENTS * len(PERMANENT_FEATURES)),
    ("stack", STACK_SLOTS * len(STACK_FEATURES)),
    ("graveyards", SEATS * GRAVEYARD_SLOTS),
    ("exile", EXILE_SLOTS),
)
SIZE: int = sum(n for _, n in SECTIONS)
BOUND = 1e6                            # every value lies within [-BOUND, BOUND]
SECTION_SIZE: dict[str, int] = dict(SECTIONS)
START: dict[str, int] = {name: sum(n for _, n in SECTIONS[:k]) for k, (name, _) in enumerate(SECTIONS)}
_KIND_POSITION = {k: i for i, k in enumerate(DECISION_KINDS)}
_STEP_POSITION: dict[str, int] = {step: i for i, step in enumerate(STEPS)}     # Step is a str enum


class CardIndex:
    """Stable card numbers for one card database (see the module docstring), with the printed
    facts a hand slot shows, kept per card definition."""

    def __init__(self, db: CardDB) -> None:
        names = db.names()
        self.numbers = {name: i + 1 for i, name in enumerate(names)}
        self.unknown = len(names) + 1
        self._printed: dict[int, tuple[CardDef, tuple[float, ...]]] = {}

    def __call__(self, name: str) -> int:
        return self.numbers.get(name, self.unknown)

    def hand_row(self, card: CardDef) -> tuple[float, ...]:
        """A hand slot's values for ``card``: present, card index, mana value, land, creature,
        printed power and toughness."""
        kept = self._printed.get(id(card))
        if kept is None or kept[0] is not card:
            power, toughness = _printed(card.power), _printed(card.toughness)
            row = (1.0, float(self(card.name)), float(card.mana_cost.mana_value()), float("Land" in card.types),
                   float("Creature" in card.types), power, toughness)
            kept = self._printed[id(card)] = (card, row)
        return kept[1]


def _printed(value: str | None) -> float:
    return float(value) if value is not None and value.lstrip("-").isdigit() else 0.0


def observe(s: State, player: int, decision_kind: str | None, cards: CardIndex,
            slots: Slots | None = None) -> np.ndarray:
    """The vector ``player`` observes in ``s``; ``decision_kind`` is the kind of the decision
    they face (None when they face none); ``slots`` are ``player``'s slots of ``s`` when the
    caller has them already."""
    if slots is None:
        slots = Slots(s, player)
    out = np.zeros(SIZE, dtype=np.float32)
    if decision_kind is not None:
        out[START["decision_kind"] + _KIND_POSITION.get(decision_kind, len(DECISION_KINDS))] = 1
    step = _STEP_POSITION.get(s.step)
    if step is not None:
        out[START["step"] + step] = 1
    start = START["turn"]
    out[start:start + 3] = (s.turn, s.active == player, len(s.stack))
    order, field, players, objs = slots.order, slots.field, s.players, s.objs
    relative = {p: k for k, p in enumerate(order)}
    me = players[player]
    rows: list[float] = []
    table: list[float] = []
    for k, p in enumerate(order):
        rows += _player_features(players[p])
        table += _seat_features(s, players[p], me, len(field[k]))
    _put(out, "players", rows)
    _put(out, "seats", table)
    hand: list[float] = []
    for oid in me.hand[:HAND_SLOTS]:
        hand += cards.hand_row(objs[oid].card)
    _put(out, "hand", hand)
    turn, width = s.turn, len(PERMANENT_FEATURES)
    for k, ids in enumerate(field):
        block: list[float] = []
        for oid in ids[:SEAT_PERMANENTS]:
            o = objs[oid]
            types = ch.card_types(s, o)
            creature = "Creature" in types
            power, toughness = ch.power_toughness(s, o) if creature else (0, 0)
            # the player it attacks, or whose planeswalker or battle (CR 506.2), by relative seat
            attacks = 0 if o.attacking is None else 1 + relative[o.attacking]
            block += (1, _card_seen(o, player, cards), o.tapped, creature, "Land" in types, power,
                      toughness, o.damage, sum(o.counters.values()), attacks, bool(o.blocking),
                      o.is_token, o.control_since == turn)
        _put(out, "battlefield", block, k * SEAT_PERMANENTS * width)
    stack: list[float] = []
    for item in reversed(s.stack[-STACK_SLOTS:]):
        source = objs.get(item.source)
        seen = _card_seen(source, player, cards) if item.kind == ItemKind.SPELL and source is not None \
            else cards(item.card.name)
        stack += (1, seen, relative[item.controller],
                  item.kind == ItemKind.SPELL, item.kind == ItemKind.ACTIVATED, item.kind == ItemKind.TRIGGERED)
    _put(out, "stack", stack)
    for k, p in enumerate(order):
        _put(out, "graveyards", [_card_seen(objs[oid], player, cards)     # newest first
                                 for oid in players[p].graveyard[:-GRAVEYARD_SLOTS - 1:-1]], k * GRAVEYARD_SLOTS)
    _put(out, "exile", [_card_seen(objs[oid], player, cards) for oid in exile_order(s, player)[:EXILE_SLOTS]])
    return np.clip(out, -BOUND, BOUND, out=out)


def _put(out: np.ndarray, section: str, values: list[float], offset: int = 0) -> None:
    """Write ``values`` into ``section`` of ``out`` from its ``offset``-th value on."""
    if values:
        start = START[section] + offset
        out[start:start + len(values)] = values


def _player_features(p: Player) -> list[float]:
    """What everyone may know of a player (CR 400.2: of hidden zones, only their sizes)."""
    return [p.life, p.poison, len(p.hand), len(p.library), len(p.graveyard), len(p.exile),
            p.lands_played, *(p.pool.get(m, 0) for m in MANA)]


def _seat_features(s: State, p: Player, me: Player, permanents: int) -> list[float]:
    """A seat's public facts beyond one player's: whether they left (CR 800.4a), their
    commanders' casts from the command zone and how many wait there (CR 903.8), the most combat
    damage one of their commanders dealt ``me`` and one of ``me``'s dealt them (CR 903.10a), the
    permanents they control, and how many of those are beyond the seat's battlefield slots."""
    to_me = max((n for owner, _c, n in me.commander_damage if owner == p.index), default=0)
    from_me = max((n for owner, _c, n in p.commander_damage if owner == me.index), default=0)
    in_command = len(commanders.commanders_in(s, p.index, "command"))
    return [1.0, float(p.index in s.left or p.lost), sum(n for _c, n in p.commander_casts), in_command,
            to_me, from_me, permanents, max(0, permanents - SEAT_PERMANENTS)]


def _card_seen(o: Obj, player: int, cards: CardIndex) -> int:
    """The card number ``player`` sees for an object: a face-down one shows its card to its
    controller only (CR 708.5), 0 to the other players."""
    if morph.is_face_down(o):
        return cards(o.printed.name) if o.controller == player else 0
    return cards(o.card.name)
