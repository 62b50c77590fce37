"""A fixed-size action space: every answer of every decision as one index of ``Discrete(SIZE)``.

An index means the same kind of choice in every game: a block per action kind, and inside a
block a *slot* saying which object the answer is about, seen from the deciding player. Other
players are named by their *relative seat*: 0 for the deciding player, 1 for the next player in
turn order (CR 101.4), up to 7 in a game of eight. Object slots are, in order: the player's hand
(in hand order); the battlefield, a block of :data:`SEAT_PERMANENTS` slots per relative seat
holding the permanents that seat's player controls in the order they arrived; a graveyard block
per relative seat (newest first); and exile (the player's, then each opponent's in turn order,
newest first). Target slots add the players by relative seat and the stack (top first). Answers
that fit no block, or whose slot is taken or beyond a zone's slots (a seat's 41st permanent),
take the first free index of the ``other`` block in the order the decision lists them. The
layout is documented in ``docs/rl.md``.
"""
from __future__ import annotations

from dataclasses import dataclass

from manastack.engine.decisions import Action, Decision
from manastack.engine.state import State
from manastack.game import MAX_PLAYERS

SEATS = MAX_PLAYERS                     # the layout is padded to the largest table
HAND_SLOTS = 16
SEAT_PERMANENTS = 40                    # battlefield slots of each relative seat
BATTLEFIELD_SLOTS = SEATS * SEAT_PERMANENTS
GRAVEYARD_SLOTS = 16                    # per relative seat
EXILE_SLOTS = 8
STACK_SLOTS = 8
BATTLEFIELD_START = HAND_SLOTS
GRAVEYARD_START = BATTLEFIELD_START + BATTLEFIELD_SLOTS
EXILE_START = GRAVEYARD_START + SEATS * GRAVEYARD_SLOTS
OBJECT_SLOTS = EXILE_START + EXILE_SLOTS
TARGET_SLOTS = OBJECT_SLOTS + SEATS + STACK_SLOTS
ABILITY_SLOTS = 4
OTHER_SLOTS = 64

#: Answers with no arguments.
PLAIN_KINDS = ("pass", "done", "keep", "mulligan", "yes", "no", "autopay", "cancel", "decline",
               "pay", "default")
#: Answers about one object (its id first).
OBJECT_KINDS = ("play", "cast", "attack", "choose", "turn_face_up", "cast_face_down",
                "suspend", "top", "bottom", "encode")
#: Answers about one ability of an object: (object id, ability index).
ABILITY_KINDS = ("activate", "mana")
#: Answers that are a small number, and how many values each block holds.
NUMBER_KINDS = {"mode": 16, "x": 33, "assign": 33, "order": 16, "kicker": 8, "multikicker": 8,
                "buyback": 8, "entwine": 8}
#: The block of ``attack(creature, planeswalker or battle)`` (CR 508.1b).
ATTACK_PLANESWALKER = "attack_planeswalker"
#: The block of ``attack(creature, "p<n>")``: with more than two players, a creature attacking
#: one of the defending players (CR 802.3), by the player's relative seat.
ATTACK_PLAYER = "attack_player"
OPPONENT_SEATS = SEATS - 1              # relative seats 1..7
#: Answers that name a mana type or a color.
SYMBOL_KINDS = {"mana_type": ("W", "U", "B", "R", "G", "C"), "color": ("W", "U", "B", "R", "G")}


@dataclass(frozen=True, slots=True)
class Block:
    """A contiguous range of indices for one action kind."""

    kind: str
    start: int
    size: int


def _layout() -> dict[str, Block]:
    sizes: list[tuple[str, int]] = [(k, 1) for k in PLAIN_KINDS]
    sizes += [(k, OBJECT_SLOTS) for k in OBJECT_KINDS]
    sizes += [(k, OBJECT_SLOTS * ABILITY_SLOTS) for k in ABILITY_KINDS]
    sizes += [("target", TARGET_SLOTS), ("block", SEAT_PERMANENTS * SEAT_PERMANENTS)]
    sizes += list(NUMBER_KINDS.items())
    sizes += [(k, len(v)) for k, v in SYMBOL_KINDS.items()]
    sizes.append(("other", OTHER_SLOTS))
    sizes.append((ATTACK_PLANESWALKER, SEAT_PERMANENTS * BATTLEFIELD_SLOTS))
    sizes.append((ATTACK_PLAYER, SEAT_PERMANENTS * OPPONENT_SEATS))
    blocks, start = {}, 0
    for kind, size in sizes:
        blocks[kind] = Block(kind, start, size)
        start += size
    return blocks


BLOCKS: dict[str, Block] = _layout()
SIZE: int = sum(b.size for b in BLOCKS.values())


def seats(s: State, player: int) -> list[int]:
    """Every player's seat in turn order from ``player`` (CR 101.4): ``player`` first, then the
    next player, and so on; index k is the player at relative seat k. Players who left keep
    their seat."""
    n = len(s.players)
    return [(player + k) % n for k in range(n)]


def exile_order(s: State, player: int) -> list[int]:
    """Exile as its slots see it: ``player``'s, then each opponent's in turn order, newest first."""
    return [i for p in seats(s, player) for i in s.players[p].exile[::-1]]


class Slots:
    """The object and target slots of one moment, seen from ``player``. ``field[k]`` lists every
    permanent the player at relative seat k controls, in the order they arrived, also those
    beyond the seat's :data:`SEAT_PERMANENTS` slots (which have no slot)."""

    __slots__ = ("objects", "stack", "player", "order", "relative", "field")

    def __init__(self, s: State, player: int) -> None:
        n = len(s.players)
        self.player = player
        self.order = order = [(player + k) % n for k in range(n)]
        self.relative = {f"p{p}": k for k, p in enumerate(order)}   # "p<n>" -> relative seat
        seat_of = {p: k for k, p in enumerate(order)}
        objs = s.objs
        field: list[list[int]] = [[] for _ in order]
        for oid in s.battlefield:
            field[seat_of[objs[oid].controller]].append(oid)
        self.field = field
        objects = {oid: k for k, oid in enumerate(s.players[player].hand[:HAND_SLOTS])}
        for k, ids in enumerate(field):
            start = BATTLEFIELD_START + k * SEAT_PERMANENTS
            for j, oid in enumerate(ids[:SEAT_PERMANENTS]):
                objects[oid] = start + j
        for k, p in enumerate(order):
            start = GRAVEYARD_START + k * GRAVEYARD_SLOTS
            for j, oid in enumerate(s.players[p].graveyard[:-GRAVEYARD_SLOTS - 1:-1]):
                objects[oid] = start + j
        for j, oid in enumerate(exile_order(s, player)[:EXILE_SLOTS]):
            objects[oid] = EXILE_START + j
        self.objects = objects
        self.stack = {item.id: k for k, item in enumerate(reversed(s.stack[-STACK_SLOTS:]))}

    def seat(self, ref) -> int:
        """The relative seat of the player ``ref`` ("p<n>"); -1 when ``ref`` names no player."""
        return self.relative.get(ref, -1) if isinstance(ref, str) else -1

    def object(self, oid) -> int | None:
        return self.objects.get(oid)

    def battlefield(self, oid) -> int | None:
        """The permanent's battlefield slot (its object slot minus the hand's), or None."""
        slot = self.objects.get(oid)
        if slot is None or not BATTLEFIELD_START <= slot < GRAVEYARD_START:
            return None
        return slot - BATTLEFIELD_START

    def own(self, oid) -> int | None:
        """The position of one of the player's own permanents in their block (relative seat 0)."""
        slot = self.battlefield(oid)
        return slot if slot is not None and slot < SEAT_PERMANENTS else None

    def target(self, ref) -> int | None:
        """The target slot of ``ref``: a player by relative seat, a stack item, an object."""
        seat = self.seat(ref)
        if seat >= 0:
            return OBJECT_SLOTS + seat
        if isinstance(ref, str) and ref.startswith("s") and ref[1:].isdigit():
            k = self.stack.get(int(ref[1:]))
            return None if k is None else OBJECT_SLOTS + SEATS + k
        return self.objects.get(ref)


def _offset(action: Action, slots: Slots) -> int | None:
    """The index of ``action`` inside its kind's block, or None when it has no fixed place."""
    kind, args = action.kind, action.args
    if kind in PLAIN_KINDS:
        return 0 if not args else None
    if kind in OBJECT_KINDS and len(args) == 1:
        return slots.object(args[0])
    if kind == "attack" and len(args) == 2 and isinstance(args[1], str):     # ATTACK_PLAYER
        a, seat = slots.own(args[0]), slots.seat(args[1])
        return None if a is None or seat <= 0 else a * OPPONENT_SEATS + seat - 1
    if kind == "attack" and len(args) == 2:          # the ATTACK_PLANESWALKER block
        a, w = slots.own(args[0]), slots.battlefield(args[1])
        return None if a is None or w is None else a * BATTLEFIELD_SLOTS + w
    if kind in ABILITY_KINDS and len(args) == 2:
        slot, j = slots.object(args[0]), args[1]
        if slot is None or not isinstance(j, int) or not 0 <= j < ABILITY_SLOTS:
            return None
        return slot * ABILITY_SLOTS + j
    if kind == "target" and len(args) == 1:
        return slots.target(args[0])
    if kind == "block" and len(args) == 2:           # the blocker is the player's own
        b, a = slots.own(args[0]), slots.battlefield(args[1])
        return None if b is None or a is None else b * SEAT_PERMANENTS + a % SEAT_PERMANENTS
    if kind in NUMBER_KINDS and len(args) == 1 and isinstance(args[0], int):
        return args[0] if 0 <= args[0] < NUMBER_KINDS[kind] else None
    if kind in SYMBOL_KINDS and len(args) == 1 and args[0] in SYMBOL_KINDS[kind]:
        return SYMBOL_KINDS[kind].index(args[0])
    return None


@dataclass(frozen=True, slots=True)
class Encoded:
    """The answers of one decision by index: ``actions[i]`` is the answer at index ``i``."""

    actions: dict[int, Action]
    unreachable: tuple[Action, ...]     # answers beyond the ``other`` block (none in practice)


def _block(action: Action) -> Block | None:
    """The block an answer belongs in, by its kind and arguments."""
    kind, args = action.kind, action.args
    if kind == "attack" and len(args) == 2:
        return BLOCKS[ATTACK_PLAYER if isinstance(args[1], str) else ATTACK_PLANESWALKER]
    return BLOCKS.get(kind)


def encode(decision: Decision, options: tuple[Action, ...], s: State, slots: Slots | None = None) -> Encoded:
    """Give each of ``options`` (answers of ``decision``) its index; ``slots`` are the deciding
    player's slots of ``s`` when the caller has them already."""
    if slots is None:
        slots = Slots(s, decision.player)
    actions: dict[int, Action] = {}
    leftover: list[Action] = []
    for action in options:
        block = _block(action)
        offset = _offset(action, slots) if block is not None else None
        if block is None or offset is None or block.start + offset in actions:
            leftover.append(action)
        else:
            actions[block.start + offset] = action
    other = BLOCKS["other"]
    for k, action in enumerate(leftover[:other.size]):
        actions[other.start + k] = action
    return Encoded(actions, tuple(leftover[other.size:]))
