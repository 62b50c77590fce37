"""Mana, mana costs and paying them (CR 106, 107.4, 118, 601.2g-h).

Mana types are the one-letter symbols W, U, B, R, G (the five colors, CR 105.1) and C
(colorless, CR 106.1b). A cost is parsed from its Oracle form such as ``{2}{G/W}{X}{U/P}``.
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = COLORS + ("C",)
# CR 305.6: the basic land types and the mana of their intrinsic abilities.
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NAME_TO_COLOR = {v: k for k, v in COLOR_NAMES.items()}

_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaCostError(ValueError):
    """A mana cost string that is not made of mana symbols."""


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost (CR 107.4, 202.1).

    ``symbols`` keeps each symbol in its printed order: "3" (generic), "G", "C", "X",
    "G/W" (hybrid, CR 107.4e), "2/W" (monocolored hybrid), "G/P" (Phyrexian, CR 107.4f),
    "S" (snow).
    """

    symbols: tuple[str, ...] = ()

    @staticmethod
    def parse(text: str | None) -> "ManaCost":
        if not text:
            return ManaCost(())
        symbols = _SYMBOL.findall(text)
        if "".join("{%s}" % s for s in symbols) != text.replace(" ", ""):
            raise ManaCostError(f"not a mana cost: {text!r}")
        for s in symbols:
            if not _valid_symbol(s):
                raise ManaCostError(f"unknown mana symbol {{{s}}} in {text!r}")
        return ManaCost(tuple(symbols))

    @property
    def generic(self) -> int:
        return sum(int(s) for s in self.symbols if s.isdigit())

    @property
    def x_count(self) -> int:
        return sum(1 for s in self.symbols if s == "X")

    def mana_value(self, x: int = 0) -> int:
        """CR 202.3: generic amount plus one per other symbol; a hybrid "2/W" counts 2;
        X counts its value (0 except on the stack, CR 107.3e)."""
        total = 0
        for s in self.symbols:
            if s.isdigit():
                total += int(s)
            elif s == "X":
                total += x
            elif s.startswith("2/"):
                total += 2
            else:
                total += 1
        return total

    def least_mana(self) -> int:
        """The fewest mana that can pay this cost (X as 0): its mana value, but one for each
        monocolored hybrid symbol, which one mana of its color pays (CR 107.4e)."""
        return self.mana_value() - sum(1 for s in self.symbols if s.startswith("2/"))

    def colors(self) -> tuple[str, ...]:
        """CR 105.2: an object's colors come from the colored symbols of its mana cost."""
        found = {c for s in self.symbols for c in COLORS if c in s.split("/")}
        return tuple(c for c in COLORS if c in found)

    def with_x(self, x: int, each: str | None = None) -> "ManaCost":
        """The cost with each {X} replaced by generic ``x`` (CR 601.2f), or by ``x`` symbols
        ``each`` when only mana of that type may be spent on X ("Spend only black mana on X.")."""
        out = []
        extra = 0
        for s in self.symbols:
            if s == "X":
                extra += x
            else:
                out.append(s)
        if extra and each is not None:
            out.extend([each] * extra)
        elif extra:
            out.insert(0, str(extra))
        return ManaCost(tuple(out))

    def plus(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.symbols + other.symbols)

    def is_free(self) -> bool:
        return all(s == "0" for s in self.symbols)

    def __str__(self) -> str:
        return "".join("{%s}" % s for s in self.symbols) or "{0}"


def _valid_symbol(s: str) -> bool:
    if s.isdigit() or s in MANA_TYPES or s in ("X", "S"):
        return True
    parts = s.split("/")
    if len(parts) == 2:
        a, b = parts
        if b == "P" and a in MANA_TYPES:
            return True
        if a in COLORS + ("2", "C") and b in COLORS:
            return True
    return False


def format_mana(symbols) -> str:
    return "".join("{%s}" % s for s in symbols) or "no mana"


# ----------------------------------------------------------------------------- payment


def pay_from_pool(cost: ManaCost, pool: dict[str, int], life_available: int = 0,
                  use_life: bool = False, first: dict[str, int] | None = None
                  ) -> tuple[dict[str, int], int] | None:
    """Find how to pay an X-free ``cost`` from ``pool`` alone.

    Returns (mana spent per type, life paid) or None when the pool cannot pay it.
    Colored and hybrid symbols are matched first, then generic mana takes colorless first and
    then the colors the pool holds most of.  Phyrexian symbols are paid with mana when possible,
    else with 2 life each when ``use_life``. ``first``: mana of the pool (per type) to spend
    before the rest, such as mana only some costs may use (CR 106.6).

    The answer depends on the amounts alone (not on the order of the pool's entries), so the
    common question, without life or mana to spend first, is answered once per cost and pool:
    the payment search asks it of every set of sources it tries.
    """
    if use_life and any(sym.endswith("/P") for sym in cost.symbols):
        return _pay_with_life(cost, pool, life_available, first)
    if use_life or first:
        return _pay_from_pool(cost, pool, life_available, use_life, first)
    found = _pay_plain(cost, tuple(sorted(item for item in pool.items() if item[1])))
    return None if found is None else (dict(found[0]), found[1])


def _pay_with_life(cost: ManaCost, pool: dict[str, int], life_available: int,
                   first: dict[str, int] | None) -> tuple[dict[str, int], int] | None:
    """CR 107.4f: pay ``cost`` from ``pool`` with as little life as will do: each Phyrexian
    symbol with its color's mana where the mana left still pays the rest, else with 2 life."""
    phyrexian = [i for i, sym in enumerate(cost.symbols) if sym.endswith("/P")]
    for k in range(len(phyrexian) + 1):
        if 2 * k > life_available:
            return None
        by_life = set(phyrexian[:k])
        rest = ManaCost(tuple(sym for i, sym in enumerate(cost.symbols) if i not in by_life))
        found = _pay_from_pool(rest, pool, 0, False, first)
        if found is not None:
            return found[0], 2 * k
    return None


@lru_cache(maxsize=65536)
def _pay_plain(cost: ManaCost, pool: tuple[tuple[str, int], ...]) -> tuple[dict[str, int], int] | None:
    """:func:`pay_from_pool` without life or mana to spend first, for a pool given as its
    (type, amount) pairs; the caller copies the dictionary (the answer is shared)."""
    return _pay_from_pool(cost, dict(pool), 0, False, None)


def _pay_from_pool(cost: ManaCost, pool: dict[str, int], life_available: int,
                   use_life: bool, first: dict[str, int] | None) -> tuple[dict[str, int], int] | None:
    left = dict(pool)
    spent = {t: 0 for t in MANA_TYPES}
    life = 0
    generic = 0
    for s in cost.symbols:
        if s.isdigit():
            generic += int(s)
        elif s == "S":
            generic += 1
    for s in cost.symbols:
        if s.isdigit() or s == "S":
            continue
        options: tuple[str, ...]
        if s in MANA_TYPES:
            options = (s,)
        elif s.endswith("/P"):
            options = (s[0],)
        elif s.startswith("2/"):
            options = (s[2],)
        else:
            options = tuple(s.split("/"))
        if first and len(options) > 1:       # a hybrid symbol: mana to spend first, if it can
            best = max(options, key=lambda t: (first.get(t, 0) > spent[t], left.get(t, 0)))
        else:
            best = max(options, key=lambda t: left.get(t, 0))
        if left.get(best, 0) > 0:
            left[best] -= 1
            spent[best] += 1
        elif s.endswith("/P") and use_life and life + 2 <= life_available:
            life += 2
        elif s.startswith("2/"):
            generic += 2
        else:
            return None
    for t, n in (first or {}).items():
        take = min(generic, n - spent[t], left.get(t, 0))
        if take > 0:
            left[t] -= take
            spent[t] += take
            generic -= take
    for t in ("C",) + tuple(sorted(COLORS, key=lambda c: -left.get(c, 0))):
        take = min(generic, left.get(t, 0))
        left[t] = left.get(t, 0) - take
        spent[t] += take
        generic -= take
    if generic:
        return None
    return {t: n for t, n in spent.items() if n}, life
