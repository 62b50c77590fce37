"""A fixed-size action space: every answer of every decision as one index of ``Discrete(SIZE)``.

An index means the same kind of choice in every game: a block per action kind, and inside a
block a *slot* saying which object the answer is about, seen from the deciding player. Object
slots are, in order: the player's hand (in hand order), the battlefield (in the order
permanents arrived), the player's graveyard and the next opponent's (newest first), and exile
(the player's, then each opponent's in turn order, newest first). Target slots add the player,
the next opponent and the stack (top first). Other players are named by their *relative seat*:
1 for the next player in turn order from the deciding one (CR 101.4), up to 7 in a game of
eight; the ``attack_player`` and ``target_player`` blocks use it. With two players the next
opponent is the opponent. Answers that fit no block, or whose slot is full or beyond a zone's
slots, take the first free index of the ``other`` block in the order the decision lists them.
The layout is documented in ``docs/rl.md``.
"""
from __future__ import annotations

from dataclasses import dataclass

from manastack.engine.decisions import Action, Decision
from manastack.engine.state import State
from manastack.game import MAX_PLAYERS

HAND_SLOTS = 16
BATTLEFIELD_SLOTS = 32
GRAVEYARD_SLOTS = 16
EXILE_SLOTS = 8
STACK_SLOTS = 8
OBJECT_SLOTS = HAND_SLOTS + BATTLEFIELD_SLOTS + 2 * GRAVEYARD_SLOTS + EXILE_SLOTS
TARGET_SLOTS = OBJECT_SLOTS + 2 + STACK_SLOTS
ABILITY_SLOTS = 4
OTHER_SLOTS = 64

#: Answers with no arguments.
PLAIN_KINDS = ("pass", "done", "keep", "mulligan", "yes", "no", "autopay", "cancel", "decline",
               "pay", "default")
#: Answers about one object (its id first).
OBJECT_KINDS = ("play", "cast", "attack", "unblock", "choose", "turn_face_up", "cast_face_down",
                "suspend", "top", "bottom", "encode")
#: Answers about one ability of an object: (object id, ability index).
ABILITY_KINDS = ("activate", "mana")
#: Answers that are a small number, and how many values each block holds.
NUMBER_KINDS = {"mode": 16, "x": 33, "assign": 33, "order": 16, "kicker": 8, "multikicker": 8,
                "buyback": 8, "entwine": 8}
#: The block of ``attack(creature, planeswalker)``: a creature attacking a planeswalker (CR 508.1b).
ATTACK_PLANESWALKER = "attack_planeswalker"
#: The block of ``attack(creature, "p<n>")``: with more than two players, a creature attacking
#: one of the defending players (CR 802.3), by the player's relative seat.
ATTACK_PLAYER = "attack_player"
#: The block of ``target("p<n>")`` for the players at relative seats 2 and beyond (seats 0 and
#: 1 have their target slots).
TARGET_PLAYER = "target_player"
OPPONENT_SEATS = MAX_PLAYERS - 1       # relative seats 1..7
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
    sizes += [("target", TARGET_SLOTS), ("block", BATTLEFIELD_SLOTS * BATTLEFIELD_SLOTS)]
    sizes += list(NUMBER_KINDS.items())
    sizes += [(k, len(v)) for k, v in SYMBOL_KINDS.items()]
    sizes.append(("other", OTHER_SLOTS))
    # after "other", so that the indices of the blocks before stay as they were
    sizes.append((ATTACK_PLANESWALKER, BATTLEFIELD_SLOTS * BATTLEFIELD_SLOTS))
    sizes.append((ATTACK_PLAYER, BATTLEFIELD_SLOTS * OPPONENT_SEATS))
    sizes.append((TARGET_PLAYER, OPPONENT_SEATS - 1))
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
    """The object and target slots of one moment, seen from ``player``."""

    __slots__ = ("objects", "stack", "player", "relative")

    def __init__(self, s: State, player: int) -> None:
        order = seats(s, player)
        me, them = s.players[player], s.players[order[1]]
        self.player = player
        self.relative = {f"p{p}": k for k, p in enumerate(order)}   # "p<n>" -> relative seat
        self.objects: dict[int, int] = {}
        zones = ((me.hand, HAND_SLOTS), (s.battlefield, BATTLEFIELD_SLOTS),
                 (me.graveyard[::-1], GRAVEYARD_SLOTS), (them.graveyard[::-1], GRAVEYARD_SLOTS),
                 (exile_order(s, player), EXILE_SLOTS))
        start = 0
        for ids, size in zones:
            for k, oid in enumerate(ids[:size]):
                self.objects[oid] = start + k
            start += size
        self.stack = {item.id: k for k, item in enumerate(reversed(s.stack[-STACK_SLOTS:]))}

    def seat(self, ref) -> int:
        """The relative seat of the player ``ref`` ("p<n>"); -1 when ``ref`` names no player."""
        return self.relative.get(ref, -1) if isinstance(ref, str) else -1

    def object(self, oid) -> int | None:
        return self.objects.get(oid)

    def battlefield(self, oid) -> int | None:
        slot = self.objects.get(oid)
        if slot is None or not HAND_SLOTS <= slot < HAND_SLOTS + BATTLEFIELD_SLOTS:
            return None
        return slot - HAND_SLOTS

    def target(self, ref) -> int | None:
        """The target slot of ``ref``; None for a player at relative seat 2 or beyond (their
        block is ``target_player``) and for what has no slot."""
        seat = self.seat(ref)
        if seat >= 0:
            return OBJECT_SLOTS + seat if seat < 2 else None
        if isinstance(ref, str) and ref.startswith("s") and ref[1:].isdigit():
            k = self.stack.get(int(ref[1:]))
            return None if k is None else OBJECT_SLOTS + 2 + k
        return self.objects.get(ref)


def _offset(action: Action, slots: Slots) -> int | None:
    """The index of ``action`` inside its kind's block, or None when it has no fixed place."""
    kind, args = action.kind, action.args
    if kind in PLAIN_KINDS:
        return 0 if not args else None
    if kind in OBJECT_KINDS and len(args) == 1:
        return slots.object(args[0])
    if kind == "attack" and len(args) == 2 and isinstance(args[1], str):     # ATTACK_PLAYER
        a, seat = slots.battlefield(args[0]), slots.seat(args[1])
        return None if a is None or seat <= 0 else a * OPPONENT_SEATS + seat - 1
    if kind == "attack" and len(args) == 2:          # the ATTACK_PLANESWALKER block
        a, w = slots.battlefield(args[0]), slots.battlefield(args[1])
        return None if a is None or w is None else a * BATTLEFIELD_SLOTS + w
    if kind in ABILITY_KINDS and len(args) == 2:
        slot, j = slots.object(args[0]), args[1]
        if slot is None or not isinstance(j, int) or not 0 <= j < ABILITY_SLOTS:
            return None
        return slot * ABILITY_SLOTS + j
    if kind == "target" and len(args) == 1:          # a player at seat 2+: TARGET_PLAYER
        seat = slots.seat(args[0])
        return seat - 2 if seat >= 2 else slots.target(args[0])
    if kind == "block" and len(args) == 2:
        b, a = slots.battlefield(args[0]), slots.battlefield(args[1])
        return None if b is None or a is None else b * BATTLEFIELD_SLOTS + a
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


def _block(action: Action, slots: Slots) -> Block | None:
    """The block an answer belongs in, by its kind and arguments."""
    kind, args = action.kind, action.args
    if kind == "attack" and len(args) == 2:
        return BLOCKS[ATTACK_PLAYER if isinstance(args[1], str) else ATTACK_PLANESWALKER]
    if kind == "target" and len(args) == 1 and slots.seat(args[0]) >= 2:
        return BLOCKS[TARGET_PLAYER]
    return BLOCKS.get(kind)


def encode(decision: Decision, options: tuple[Action, ...], s: State) -> Encoded:
    """Give each of ``options`` (answers of ``decision``) its index."""
    slots = Slots(s, decision.player)
    actions: dict[int, Action] = {}
    leftover: list[Action] = []
    for action in options:
        block = _block(action, slots)
        offset = _offset(action, slots) if block is not None else None
        if block is None or offset is None or block.start + offset in actions:
            leftover.append(action)
        else:
            actions[block.start + offset] = action
    other = BLOCKS["other"]
    for k, action in enumerate(leftover[:other.size]):
        actions[other.start + k] = action
    return Encoded(actions, tuple(leftover[other.size:]))
