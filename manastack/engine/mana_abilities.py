"""Mana abilities (CR 605) and the types of mana a permanent could produce (CR 106.7).

Mana abilities don't use the stack: they resolve as they are activated (CR 605.3b), during
priority or while a cost is being paid (CR 601.2g). Tapping a permanent for mana (CR 106.12)
is activating one of its mana abilities with {T} in the cost; "is tapped for mana" triggers see
the mana it produced (CR 106.12a).
"""
from __future__ import annotations

from manastack.mana import COLORS, MANA_TYPES, ManaCost, can_pay_with_sources
from manastack.oracle import ir

from .decisions import Decision, Action
from .runner import Ctx
from .state import Obj, State


def mana_ability_indexes(o: Obj) -> list[int]:
    return [i for i, ab in enumerate(o.card.abilities) if type(ab) is ir.ActivatedAbility and ab.is_mana]


def mana_sources(s: State, player: int) -> list[tuple[Obj, int, ir.ActivatedAbility]]:
    """Every mana ability ``player`` could activate now (CR 605.3a)."""
    from .casting import cost_payable

    out = []
    for o in s.permanents(player):
        for i in mana_ability_indexes(o):
            ab = o.card.abilities[i]
            if cost_payable(s, o, ab.cost):
                out.append((o, i, ab))
    return out


def _produce(ab) -> ir.ManaProduce | None:
    for e in ab.effects:
        if type(e) is ir.AddMana:
            return e.produce
    return None


def _amount(s: State, amount, o: Obj) -> int:
    if isinstance(amount, int):
        return amount
    if isinstance(amount, ir.CountOf):
        from .filters import objects_matching

        return len(objects_matching(s, amount.filter, o, o.controller)) * amount.multiplier
    return 0


def outputs(s: State, o: Obj, ab, seen: frozenset = frozenset()) -> list[tuple[str, ...]]:
    """The alternative sets of mana one resolution of ``ab`` would add (CR 106.7, 605)."""
    produce = _produce(ab)
    if produce is None:
        return []
    n = _amount(s, produce.amount, o)
    if n <= 0:
        return []
    if produce.symbols:
        return [tuple(produce.symbols) * n]
    if produce.any_color:
        return [(c,) * (produce.any_color * n) for c in COLORS]
    if produce.choice:
        return [(c,) * n for c in produce.choice]
    if produce.like_land_could_produce:
        types = lands_could_produce(s, o, produce.like_land_could_produce, seen | {o.id})
        if produce.color_only:
            types = [t for t in types if t in COLORS]
        return [(t,) * n for t in types]
    return []


def could_produce(s: State, o: Obj, seen: frozenset = frozenset()) -> list[str]:
    """CR 106.7: the types of mana ``o`` could produce now, if its mana abilities resolved,
    ignoring whether their costs could be paid. ``seen`` holds the permanents already being
    asked about: asking one of them again adds nothing, so loops end (two Reflecting Pools
    and nothing else could produce no type of mana)."""
    if o.id in seen:
        return []
    found: set[str] = set()
    for i in mana_ability_indexes(o):
        for out in outputs(s, o, o.card.abilities[i], seen | {o.id}):
            found.update(out)
    return [t for t in MANA_TYPES if t in found]


def lands_could_produce(s: State, source: Obj, whose: str, seen: frozenset) -> list[str]:
    found: set[str] = set()
    for land in s.permanents():
        if "Land" not in land.card.types:
            continue
        if (whose == "you") != (land.controller == source.controller):
            continue
        found.update(could_produce(s, land, seen))
    return [t for t in MANA_TYPES if t in found]


# ------------------------------------------------------------------------------ activating


def activate(ctx: Ctx, player: int, o: Obj, idx: int, output: tuple[str, ...] | None = None) -> None:
    """Activate a mana ability and resolve it at once (CR 605.3a-b)."""
    from .casting import pay_cost
    from .effects import ResolutionContext, execute

    s = ctx.s
    ab = o.card.abilities[idx]
    s.add_log(f"{s.players[player].name} activates {o.card.name}'s mana ability: {ab.text}",
              ("605.3a", "106.12") if ab.cost.tap else ("605.3a",), "mana")
    card = o.card
    pay_cost(ctx, player, o, ab.cost, f"{o.card.name}'s mana ability")
    rc = ResolutionContext(player, o.id, card, [], 0, None, (), mana_output=output,
                           tapped_for_mana=ab.cost.tap)
    execute(ctx, ab.effects, rc)


def add_mana(ctx: Ctx, rc, produce: ir.ManaProduce) -> None:
    """CR 106.4: add the mana to the player's pool; say why when there is none (CR 106.5, 106.7)."""
    from .triggers import collect

    s = ctx.s
    src = s.objs.get(rc.source)
    options = outputs(s, src, _FakeAbility(produce)) if src is not None else []
    if rc.mana_output is not None and rc.mana_output in options:
        chosen = rc.mana_output
    elif not options:
        reason = "CR 106.5" if not produce.like_land_could_produce else "CR 106.7"
        s.add_log(f"{rc.card.name} adds no mana: there is no type of mana it could produce ({reason})",
                  ("106.7", "106.5") if produce.like_land_could_produce else ("106.5",), "mana")
        return
    elif len(options) == 1:
        chosen = options[0]
    else:
        answer = ctx.ask(Decision(rc.controller, "choose_mana", f"Choose the mana {rc.card.name} adds",
                                  tuple(Action("mana_type", (("".join(out)),), "".join("{%s}" % t for t in out))
                                        for out in options)))
        chosen = tuple(answer.args[0])
    pool = s.players[rc.controller].pool
    for t in chosen:
        pool[t] = pool.get(t, 0) + 1
    s.add_log(f"{rc.card.name} adds {''.join('{%s}' % t for t in chosen)} to "
              f"{s.players[rc.controller].name}'s mana pool", ("106.4",), "mana")
    if rc.tapped_for_mana:
        collect(ctx, {"kind": "tapped_for_mana", "obj": rc.source, "mana": chosen,
                      "player": rc.controller})


class _FakeAbility:
    """Lets :func:`outputs` read a bare ManaProduce."""

    __slots__ = ("effects",)

    def __init__(self, produce: ir.ManaProduce) -> None:
        self.effects = (ir.AddMana(produce),)


# ------------------------------------------------------------------------------ auto-payment


def _simple_sources(s: State, player: int, exclude: int | None):
    """Permanents whose mana abilities cost only {T} (or nothing): what the auto-payer uses.
    One entry per permanent: its alternatives as (ability index, output)."""
    from .casting import summoning_sick

    out = []
    for o in s.permanents(player):
        if o.id == exclude:
            continue
        alts = []
        for i in mana_ability_indexes(o):
            ab = o.card.abilities[i]
            c = ab.cost
            if c.mana is not None or c.untap or c.pay_life or c.sacrifice_self or c.sacrifice or c.discard:
                continue
            if len(ab.effects) != 1:
                continue  # abilities with other effects (damage, ...) are left to the player
            if c.tap and (o.tapped or summoning_sick(s, o)):
                continue
            for output in outputs(s, o, ab):
                alts.append((i, output))
        if alts:
            out.append((o.id, alts))
    return out


def plan_payment(s: State, player: int, cost: ManaCost, exclude: int | None = None):
    """A way to pay ``cost`` from the pool and untapped sources, as a list of
    (object id, ability index, output), or None when there is none."""
    pool = s.players[player].pool
    sources = _simple_sources(s, player, exclude)
    available = sum(pool.values()) + sum(max(len(o) for _, o in alts) for _, alts in sources)
    if available < cost.mana_value():
        return None
    picks = can_pay_with_sources(cost, pool, [[o for _, o in alts] for _, alts in sources])
    if picks is None:
        return None
    return [(oid, alts[p][0], alts[p][1]) for (oid, alts), p in zip(sources, picks) if p >= 0]


def can_afford(s: State, player: int, cost: ManaCost, exclude: int | None = None) -> bool:
    if cost.is_free():
        return True
    return plan_payment(s, player, cost, exclude) is not None
