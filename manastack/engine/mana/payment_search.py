"""Choosing which mana sources pay a cost, with bounded work (CR 601.2g-h, 605.3a).

The auto-payer (:func:`manastack.engine.mana.abilities.plan_payment`) looks for the smallest set
of permanents whose mana abilities pay a cost, trying sets in a fixed order of preference:
fewer permanents first; among sets of one size, more of the kinds listed first; for each
permanent its ways of paying in order. Permanents offering the same ways (four Forests) are
one *kind*, so only how many of each kind are used is tried.

That order is kept exactly, but whole branches are skipped when no completion could pay: a
counting bound (Hall's condition for matching mana to symbols) over every set of mana types.
For each set T of types, the symbols that only mana of T can pay must not outnumber the mana of
T that the chosen sources, the pool and the best of the sources still to choose could add; and
all mana together must cover the cost plus the sources' own mana costs. The bound never rejects
a set that pays, so the first set found is the one a full search would find; it rejects almost
every set that doesn't, so the work grows with the number of kinds, not with the number of ways
to pick permanents.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from dataclasses import dataclass

from manastack.mana import MANA_TYPES, ManaCost

# A set of mana types is a bit mask over MANA_TYPES (W U B R G C).
_BIT = {t: 1 << i for i, t in enumerate(MANA_TYPES)}


def _least_mana(symbol: str) -> int:
    """The least mana that can pay one symbol of an X-free cost ({2/W} with one {W})."""
    return int(symbol) if symbol.isdigit() else 1


def _options(symbol: str) -> int:
    """The mana types that alone can pay ``symbol`` as a bit mask, 0 when any mana can
    (generic, snow, and {2/W} which two generic mana can pay)."""
    if symbol.isdigit() or symbol == "S" or symbol.startswith("2/"):
        return 0
    if symbol.endswith("/P"):
        return _BIT[symbol[0]]
    return sum(_BIT[t] for t in symbol.split("/"))


@dataclass(frozen=True, slots=True)
class Demand:
    """What a cost asks of the mana that pays it: the sets of types that matter (``sets``: every
    union of the sets its colored and hybrid symbols allow); ``need``: the least mana in all,
    then per such set how many symbols only mana of that set can pay."""

    sets: tuple[int, ...]
    need: tuple[int, ...]

    @staticmethod
    def of(cost: ManaCost) -> "Demand":
        masks = [_options(s) for s in cost.symbols]
        sets: set[int] = set()
        for m in set(masks) - {0}:
            sets |= {m} | {m | u for u in sets}
        order = tuple(sorted(sets))
        need = tuple(sum(1 for m in masks if m and m & ~t == 0) for t in order)
        return Demand(order, (sum(_least_mana(s) for s in cost.symbols),) + need)

    def supply(self, net: Sequence[str], own_cost: ManaCost | None) -> tuple[int, ...]:
        """What mana ``net`` adds toward this demand: at index 0 its amount less the least its
        own mana cost takes, then per set of types its mana of a type in the set."""
        masks = [_BIT[t] for t in net]
        own = sum(_least_mana(s) for s in own_cost.symbols) if own_cost is not None else 0
        return (len(net) - own,) + tuple(sum(1 for m in masks if m & t) for t in self.sets)

    def met(self, have: tuple[int, ...]) -> bool:
        """The counting bound: could mana bounded by ``have`` pay this demand?"""
        return all(h >= n for h, n in zip(have, self.need))


def best_of(supplies: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The most any of several ways adds, per column (an upper bound for the source)."""
    return tuple(max(col) for col in zip(*supplies))


def _add(a: tuple[int, ...], b: tuple[int, ...], times: int = 1) -> tuple[int, ...]:
    return tuple(x + times * y for x, y in zip(a, b))


class _Best:
    """For the kinds from index i on, the most r more permanents could add: per column, the sum
    of the r largest members' bounds (each column on its own, so it stays an upper bound)."""

    def __init__(self, bounds: list[tuple[int, ...]], sizes: list[int], width: int) -> None:
        # per column, (bound, kind, members) from the largest bound down
        self.columns = [sorted(((b[c], k, n) for k, (b, n) in enumerate(zip(bounds, sizes))), reverse=True)
                        for c in range(width)]
        self.memo: dict[tuple[int, int], tuple[int, ...]] = {}

    def top(self, i: int, r: int) -> tuple[int, ...]:
        key = (i, r)
        found = self.memo.get(key)
        if found is None:
            out = []
            for col in self.columns:
                left, total = r, 0
                for v, k, n in col:
                    if left == 0 or v <= 0:
                        break
                    if k >= i:
                        take = min(left, n)
                        total += take * v
                        left -= take
                out.append(total)
            found = self.memo[key] = tuple(out)
        return found


def search(cost: ManaCost, pool: dict[str, int], groups: list[list], mana: Callable,
           signature: Callable, check: Callable) -> Any:
    """The first set of ways, in the order of preference above, that ``check(picks)`` accepts
    (it returns the plan, or None; whatever else it returns, such as a mark to stop, ends the
    search too and is handed back). ``groups``: per permanent, its ways of paying in order;
    ``mana(way)``: (mana it adds, its own mana cost or None); ``signature(ways)``: equal for
    permanents that are interchangeable."""
    demand = Demand.of(cost)
    base = demand.supply([t for t, n in pool.items() for _ in range(n)], None)
    kinds: dict[tuple, list[list]] = {}
    for alts in groups:
        kinds.setdefault(signature(alts), []).append(alts)
    members = [gs for gs in kinds.values()]
    supplies = [[demand.supply(*mana(a)) for a in gs[0]] for gs in members]
    bounds = [best_of(sp) for sp in supplies]
    best = _Best(bounds, [len(gs) for gs in members], len(base))
    for k in range(0, len(groups) + 1):
        if not demand.met(_add(base, best.top(0, k))):
            continue
        for counts in _counts(members, bounds, best, demand, base, k):
            chosen = [(g, sp) for gs, sp, c in zip(members, supplies, counts) for g in gs[:c]]
            sigs = [i for i, c in enumerate(counts) for _ in range(c)]
            rest = [best_of(sp) for _g, sp in chosen]
            tail = [(0,) * len(base)]
            for b in reversed(rest):
                tail.append(_add(tail[-1], b))
            tail.reverse()
            found = _assign(demand, chosen, sigs, tail, check, base, [], 0)
            if found is not None:
                return found
    return None


def _counts(members: list[list], bounds: list[tuple[int, ...]], best: _Best, demand: Demand,
            have: tuple[int, ...], k: int, i: int = 0):
    """Every way to take ``k`` permanents as a count per kind, most of the first kinds first,
    leaving out counts the bound rules out."""
    if i == len(members):
        if k == 0:
            yield ()
        return
    for c in range(min(k, len(members[i])), -1, -1):
        now = _add(have, bounds[i], c)
        if not demand.met(_add(now, best.top(i + 1, k - c))):
            continue
        for rest in _counts(members, bounds, best, demand, now, k - c, i + 1):
            yield (c,) + rest


def _assign(demand: Demand, chosen: list, sigs: list[int], tail: list, check: Callable,
            have: tuple[int, ...], picks: list, start: int):
    """A way for each chosen permanent; for permanents of one kind in a row the ways are taken
    in order (``start``), so no permutation is tried twice."""
    n = len(picks)
    if n == len(chosen):
        return check(picks)
    alts, supplies = chosen[n]
    for j in range(start, len(alts)):
        now = _add(have, supplies[j])
        if not demand.met(_add(now, tail[n + 1])):
            continue
        nxt = j if n + 1 < len(chosen) and sigs[n + 1] == sigs[n] else 0
        found = _assign(demand, chosen, sigs, tail, check, now, picks + [alts[j]], nxt)
        if found is not None:
            return found
    return None
