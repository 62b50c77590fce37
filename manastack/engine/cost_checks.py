"""Whether permanents can pay the tapping parts of a cost: {T} and {Q} need a creature that is
ready (CR 107.5-107.6, 302.6), and "tap an untapped creature you control" which ones
(CR 118.3). The parts of a cost that may be paid in any order around its mana, and what the
mana must leave them (CR 601.2g-h)."""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from manastack.oracle import ir

from . import characteristics as ch
from .filters import objects_matching
from .mana_types import mana_abilities
from .state import Obj

_NO_ONE: frozenset[int] = frozenset()


def tappable_for_cost(s, o: Obj, cost: ir.Cost) -> list[Obj]:
    """Untapped permanents that could pay "Tap an untapped creature you control" (Springleaf
    Drum). CR 302.6 doesn't apply: only {T} and {Q} need the creature to be ready (Springleaf
    Drum ruling 2020-08-07, Crackleburr ruling 2008-08-01)."""
    f = cost.tap_untapped
    if f is None:
        return []
    return [c for c in objects_matching(s, f, o, o.controller) if not c.tapped and not (cost.tap and c.id == o.id)]


def untappable_for_cost(s, o: Obj, cost: ir.Cost) -> list[Obj]:
    """Tapped permanents that could pay "Untap two tapped blue creatures you control"."""
    f = cost.untap_tapped
    if f is None:
        return []
    return [c for c in objects_matching(s, f, o, o.controller) if c.tapped and not (cost.untap and c.id == o.id)]


def summoning_sick(s, o: Obj) -> bool:
    """CR 302.6: a creature's {T}/{Q} abilities and attacking need continuous control since its
    controller's most recent turn began; haste lifts that (CR 702.10b)."""
    if o.control_since < s.players[o.controller].last_turn_start:
        return False    # the cheap test first: most permanents have been there since the turn began
    if not ch.is_creature(s, o):
        return False
    return not ch.has(s, o, "haste")


# The parts of a total cost that use other permanents, cards, life or energy: the payer may pay
# them before, between or after activating mana abilities (CR 601.2g-h, 605.3a). {T}, {Q},
# loyalty, counters on the source and exerting it are paid first, and the source leaving
# (sacrificed, exiled, returned, discarded) last: the source's own mana abilities can't pay
# either way (``casting.kept_by``), so their order changes nothing.
_PART_FIELDS: tuple[tuple[str, ...], ...] = (
    ("tap_untapped", "tap_count"), ("untap_tapped", "untap_count"), ("crew",), ("pay_life",), ("energy",),
    ("sacrifice", "sacrifice_count"), ("return_to_hand", "return_count"),
    ("discard", "discard_type", "discard_random"), ("exile_from_hand", "exile_count"), ("put_counter",),
    ("reveal_from_hand",), ("exile_from_graveyard", "exile_graveyard_count"))
_PART_NAMES = frozenset(f for group in _PART_FIELDS for f in group)
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(ir.Cost)}
_CLEARED: dict[str, Any] = {f: _DEFAULTS[f] for f in _PART_NAMES}
_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_NUMBERS = ("", "a", "two", "three", "four", "five", "six", "seven")


@lru_cache(maxsize=4096)
def cost_parts(cost: ir.Cost) -> tuple[ir.Cost, ...]:
    """The parts of ``cost`` that may be paid in any order around its mana (see above), each
    as a cost of its own, in the order they are paid when the player doesn't choose (a cost
    never changes: kept per cost)."""
    return tuple(ir.Cost(**{f: getattr(cost, f) for f in group}) for group in _PART_FIELDS
                 if getattr(cost, group[0]) != _DEFAULTS[group[0]])


def without_parts(cost: ir.Cost) -> ir.Cost:
    """``cost`` without its :func:`cost_parts` and its mana."""
    return dataclasses.replace(cost, mana=None, **_CLEARED)


def _noun(f: ir.Filter | None, n: int, adjective: str = "") -> str:
    """"a land", "three lands", "an untapped creature", "two creature cards": a filter of a
    cost, counted (None: cards)."""
    if f is None:
        words = [adjective, "card"]
    else:
        words = [adjective] + [w.lower() for w in f.supertypes] + [_COLORS.get(c, c) for c in f.colors] \
            + list(f.subtypes) + [t.lower() for t in f.types]
        if not words[1:]:
            words.append("permanent")
        if f.zone != "battlefield":
            words.append("card")
    noun = " ".join(w for w in words if w)
    count = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    if n == 1 and noun[0] in "aeiou":
        count = "an"
    return f"{count} {noun}{'s' * (n != 1)}"


def describe_part(part: ir.Cost) -> str:
    """How a part of :func:`cost_parts` reads: "sacrifice a land", "pay 2 life"."""
    if part.tap_untapped is not None:
        return f"tap {_noun(part.tap_untapped, part.tap_count, 'untapped')} you control"
    if part.untap_tapped is not None:
        return f"untap {_noun(part.untap_tapped, part.untap_count, 'tapped')} you control"
    if part.crew:
        return f"crew {part.crew}"
    if part.pay_life:
        return f"pay {part.pay_life} life"
    if part.energy:
        return f"pay {'{E}' * part.energy}"
    if part.sacrifice is not None:
        return f"sacrifice {_noun(part.sacrifice, part.sacrifice_count)}"
    if part.return_to_hand is not None:
        yours = " you control" if part.return_to_hand.controller == "you" else ""
        return f"return {_noun(part.return_to_hand, part.return_count)}{yours} to their owner's hand"
    if part.discard:
        kind = part.discard_type.lower() if part.discard_type else ""
        return f"discard {_noun(None, part.discard, kind)}" + (" at random" if part.discard_random else "")
    if part.exile_from_hand is not None:
        return f"exile {_noun(part.exile_from_hand, part.exile_count)} from your hand"
    if part.put_counter is not None:
        return f"put a {part.put_counter[0]} counter on " + (
            "it" if part.put_counter[1] is None else _noun(part.put_counter[1], 1))
    if part.reveal_from_hand is not None:
        return f"reveal {_noun(part.reveal_from_hand, 1)} from your hand"
    return f"exile {_noun(part.exile_from_graveyard, part.exile_graveyard_count)} from your graveyard"


def describe_cost(cost: ir.Cost) -> str:
    """How the parts of ``cost`` other than its mana read: "sacrifice a land and pay 2 life"."""
    return " and ".join(describe_part(part) for part in cost_parts(cost)) or "its other costs"


def kept_for_parts(s, o: Obj, parts: tuple[ir.Cost, ...], payer: int) -> frozenset[int]:
    """CR 601.2g-h: the permanents the mana of a cost must not be made with, so that its other
    ``parts`` (costs without mana) can still be paid after it. A land tapped for mana can
    still be sacrificed or returned to its owner's hand, so nothing is kept for that; but a
    permanent that a mana ability sacrifices (a Treasure) can't be sacrificed again, nor a
    creature tapped for mana tapped for "tap an untapped creature you control". Permanents no
    mana ability would use up are counted first; the rest needed are kept, the first ones on
    the battlefield."""
    kept: set[int] = set()
    for part in (p for cost in parts for p in cost_parts(cost)):
        if part.tap_untapped is not None:
            n = part.tap_count
            fits = [c for c in tappable_for_cost(s, o, part) if c.id not in kept]
            used = [c for c in fits if any((ab.cost.tap and not summoning_sick(s, c)) or ab.cost.sacrifice_self
                                           for _i, ab in mana_abilities(s, c))]
        else:
            if part.sacrifice is not None:
                f, n = part.sacrifice, part.sacrifice_count
            elif part.return_to_hand is not None:
                f, n = part.return_to_hand, part.return_count
            else:
                continue
            fits = [c for c in objects_matching(s, f, o, payer) if c.id not in kept]
            used = [c for c in fits if any(ab.cost.sacrifice_self or ab.cost.exile_source or ab.cost.return_self
                                           for _i, ab in mana_abilities(s, c))]
        if used and len(fits) - len(used) < n:
            kept.update(c.id for c in used[:n - (len(fits) - len(used))])
    return frozenset(kept) if kept else _NO_ONE
