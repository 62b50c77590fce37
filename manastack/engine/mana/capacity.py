"""An upper bound on the mana a player could make now (CR 106, 605): a quick, exact "no" for
costs that no payment could meet, so that listing castable spells (CR 601.2f-h) runs the full
payment search only for the spells that might be paid for.

The bound counts, for every mana ability the player could activate now, the most mana one
activation adds and the types it could add, as if every ability could be activated once. It
overestimates (an object with two {T} abilities uses only one), never underestimates; where no
simple bound holds (abilities that can be activated again and again, replacement effects or
triggered mana abilities that change what a source adds) there is no bound and the search
decides alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from manastack.mana import MANA_TYPES, ManaCost
from manastack.oracle import ir

from .abilities import _mana_is_modified, mana_sources
from .types import fixed_options, produce_now, produce_options
from ..state import State


@dataclass(frozen=True, slots=True)
class Capacity:
    """At most ``total`` mana, and at most ``by_type[t]`` mana of type ``t``."""

    total: int
    by_type: dict[str, int]

    def cannot_pay(self, cost: ManaCost) -> bool:
        """Whether no payment of ``cost`` (X at 0) can exist. A symbol that can be paid in
        more than one way counts for the least it could take: a hybrid one (CR 107.4e) as one
        mana of no set type, a Phyrexian one (CR 107.4f) as none, since life may pay it."""
        least = 0
        need: dict[str, int] = {}
        for sym in cost.symbols:
            if sym.isdigit():
                least += int(sym)
            elif sym in MANA_TYPES:
                least += 1
                need[sym] = need.get(sym, 0) + 1
            elif "/" in sym and not sym.endswith("/P"):
                least += 1
            elif sym != "X" and "/" not in sym:
                least += 1                  # snow and the like: one mana of some type
        if least > self.total:
            return True
        return any(n > self.by_type.get(t, 0) for t, n in need.items())


def capacity(s: State, player: int, sources: list | None = None) -> Capacity | None:
    """The bound for ``player`` now, or None where no simple bound holds. ``sources``: the
    player's :func:`mana_sources`, when the caller has them already. Found once per state
    version and pool (:meth:`State.facts`)."""
    p = s.players[player]
    facts = s.facts()
    key = ("capacity", player, tuple(p.pool.items()), p.special_mana)
    if key not in facts:
        facts[key] = _capacity(s, player, sources)
    return facts[key]


def _capacity(s: State, player: int, sources: list | None) -> Capacity | None:
    if _mana_is_modified(s):
        return None
    p = s.players[player]
    by_type = dict(p.pool)
    total = sum(p.pool.values())
    for m in p.special_mana:            # CR 106.6: restricted mana still counts toward a bound
        by_type[m.type] = by_type.get(m.type, 0) + 1
        total += 1
    for o, _idx, ab in mana_sources(s, player) if sources is None else sources:
        c = ab.cost
        produce = produce_now(s, o, ab)
        if produce is None or len(ab.effects) != 1 or not (c.tap or c.untap or c.sacrifice_self):
            return None
        found = _fixed_most(produce)
        if found is None:
            found = _most(produce_options(s, o, produce))
        longest, most = found
        total += longest
        for t, n in most:
            by_type[t] = by_type.get(t, 0) + n
    return Capacity(total, by_type)


def _most(options: list[tuple[str, ...]]) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The most mana one resolution adds, and the most of each type, over its choices."""
    if not options:
        return 0, ()
    most: dict[str, int] = {}
    for out in options:
        for t in set(out):
            most[t] = max(most.get(t, 0), out.count(t))
    return max(len(x) for x in options), tuple(most.items())


@lru_cache(maxsize=4096)
def _fixed_most(produce: ir.ManaProduce) -> tuple[int, tuple[tuple[str, int], ...]] | None:
    """:func:`_most` of what adds a fixed amount from a fixed list of choices (no board
    involved), found once per description; None for any other."""
    if type(produce.amount) is not int or not (produce.symbols or produce.any_color or produce.choice
                                               or produce.combos):
        return None
    return _most(fixed_options(produce))
