"""The payment search (engine/mana/payment_search.py): the same plan as trying every set of sources
in order of preference, with few checks however many sources there are."""
from __future__ import annotations

from typing import NamedTuple

from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.engine.mana import payment_search
from manastack.mana import ManaCost, pay_from_pool


class Way(NamedTuple):
    net: tuple[str, ...]
    cost: ManaCost | None


def mana(w: Way):
    return w.net, w.cost


def signature(ways: list[Way]) -> tuple:
    return tuple(ways)


def checker(cost: ManaCost, pool: dict, calls: list):
    def check(picks):
        calls.append(1)
        total = dict(pool)
        need = cost
        for w in picks:
            for t in w.net:
                total[t] = total.get(t, 0) + 1
            if w.cost is not None:
                need = need.plus(w.cost)
        return list(picks) if pay_from_pool(need, total) is not None else None
    return check


def every_set(cost, pool, groups):
    """The reference: every number of permanents, every count per kind, every way, in order."""
    kinds: dict = {}
    for g in groups:
        kinds.setdefault(signature(g), []).append(g)
    members = list(kinds.values())
    check = checker(cost, pool, [])

    def counts(i, k):
        if i == len(members):
            if k == 0:
                yield ()
            return
        for c in range(min(k, len(members[i])), -1, -1):
            for rest in counts(i + 1, k - c):
                yield (c,) + rest

    def assign(chosen, sigs, picks, start):
        n = len(picks)
        if n == len(chosen):
            return check(picks)
        for j in range(start, len(chosen[n])):
            nxt = j if n + 1 < len(chosen) and sigs[n + 1] == sigs[n] else 0
            found = assign(chosen, sigs, picks + [chosen[n][j]], nxt)
            if found is not None:
                return found
        return None

    for k in range(len(groups) + 1):
        for cs in counts(0, k):
            chosen = [g for gs, c in zip(members, cs) for g in gs[:c]]
            sigs = [i for i, c in enumerate(cs) for _ in range(c)]
            found = assign(chosen, sigs, [], 0)
            if found is not None:
                return found
    return None


TYPES = ("W", "U", "B", "R", "G", "C")
way = st.builds(Way, st.lists(st.sampled_from(TYPES), min_size=1, max_size=3).map(tuple),
                st.sampled_from([None, None, None, ManaCost(("1",)), ManaCost(("G/W",))]))
symbol = st.sampled_from(["1", "2", "W", "U", "G", "C", "G/W", "U/B", "2/R", "B/P", "S"])


@settings(max_examples=150, deadline=None)
@given(cost=st.lists(symbol, min_size=1, max_size=5).map(lambda s: ManaCost(tuple(s))),
       pool=st.dictionaries(st.sampled_from(TYPES), st.integers(1, 2), max_size=2),
       kinds=st.lists(st.lists(way, min_size=1, max_size=3), min_size=1, max_size=4),
       copies=st.lists(st.integers(1, 3), min_size=4, max_size=4))
def test_the_plan_is_the_one_every_set_in_order_finds(cost, pool, kinds, copies):
    groups = [list(ws) for ws, n in zip(kinds, copies) for _ in range(n)]
    expected = every_set(cost, pool, groups)
    found = payment_search.search(cost, pool, groups, mana, signature, checker(cost, pool, []))
    assert found == expected


def test_sixty_varied_sources_need_few_checks():
    basics = [[Way((t,), None)] for t in "WUBRG" for _ in range(10)]
    others = [[Way((t,), None) for t in "WUBRG"]] * 4 + [[Way(("C", "C"), None)]] * 3 \
        + [[Way(("U", "U"), ManaCost(("U/B",))), Way(("B", "B"), ManaCost(("U/B",)))]] * 3
    groups = basics + others
    for text in ("{4}{G}{G}", "{W}{U}{B}{R}{G}", "{6}{U}{U}{U}", "{X}{U}"):
        cost = ManaCost.parse(text).with_x(7)
        calls: list = []
        found = payment_search.search(cost, {}, groups, mana, signature, checker(cost, {}, calls))
        assert found is not None and len(found) == cost.mana_value() - sum(
            len(w.net) - 1 for w in found if w.cost is None)
        assert len(calls) <= 10, (text, len(calls))


def test_a_cost_no_set_can_pay_is_refused_without_checking():
    groups = [[Way(("G",), None)]] * 30 + [[Way(("C", "C"), None)]] * 10
    calls: list = []
    cost = ManaCost.parse("{W}{G}")
    assert payment_search.search(cost, {}, groups, mana, signature, checker(cost, {}, calls)) is None
    assert calls == []
