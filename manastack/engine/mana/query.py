"""Questions about mana, for tools and judges, each answered with its reasons and rules.

* :func:`could_produce`: the types of mana a permanent could produce now (CR 106.7);
* :func:`source_reports`: each mana ability a player controls, whether it can be activated now
  (CR 107.5, 107.6, 302.6, 602.5) and what it would add (replacement effects and triggered mana
  abilities included, CR 106.12a-b, 605.4a);
* :func:`available_mana`: the mana a player could make available now, with the choices involved
  and how any of it is restricted (CR 106.6);
* :func:`explain_payment`: how the auto-payer would pay a cost, or why it can't be paid.

Nothing here changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from manastack.mana import MANA_TYPES, ManaCost, format_mana
from manastack.oracle import ir

from ..casting import cost_payable
from ..costs.parts import why_not_part
from .abilities import CONVOKE, DELVE, IMPROVISE, net_outputs, plan_payment, why_unpayable
from .spend import PoolMana, made, spell_use
from .types import could_produce_map, explain_could_produce, mana_abilities, mana_ability
from ..state import Obj, State
from ..zones import BATTLEFIELD


@dataclass(frozen=True)
class CouldProduce:
    types: tuple[str, ...]
    why: str


def could_produce(s: State, oid: int) -> CouldProduce:
    """CR 106.7 for the permanent ``oid``."""
    o = _permanent(s, oid)
    types = could_produce_map(s)
    mine = tuple(t for t in MANA_TYPES if t in types.get(o.id, frozenset()))
    return CouldProduce(mine, explain_could_produce(s, o, types))


@dataclass(frozen=True)
class SourceReport:
    """One mana ability of a permanent: ``outputs`` lists what the pool would gain, one entry
    per outcome the player could choose; ``why`` says why it can't be activated now, or what
    choices it involves; ``rule`` is how the mana it adds may be spent, or its rider (CR 106.6;
    mana triggered mana abilities add beside it has none)."""

    oid: int
    name: str
    idx: int
    text: str
    taps: bool
    can_activate: bool
    outputs: tuple[tuple[str, ...], ...]
    why: str
    rule: ir.SpendRule | None = None

    def describe(self) -> str:
        made = " or ".join(format_mana(m) for m in self.outputs) if self.outputs else "no mana"
        state = "can be activated" if self.can_activate else "can't be activated"
        rule = f"; {self.rule.text} (CR 106.6)" if self.rule is not None else ""
        return f"{self.name} [{self.text}]: {state}; adds {made}{rule}" + (f" ({self.why})" if self.why else "")


def blockers(s: State, o: Obj, cost: ir.Cost) -> list[str]:
    """Why the non-mana parts of ``cost`` can't be paid now, with the rules (empty: they can)."""
    return [why for part in cost.parts if (why := why_not_part(s, o, o.controller, part, cost)) is not None]


def source_reports(s: State, player: int) -> list[SourceReport]:
    """Every mana ability of every permanent ``player`` controls."""
    out = []
    for o in s.permanents(player):
        for i, ab in mana_abilities(s, o):
            problems = blockers(s, o, ab.cost)
            if not problems and ab.cost.mana is not None and not cost_payable(s, o, ab.cost):
                problems.append(f"its controller can't make the {ab.cost.mana} it costs (CR 118.3)")
            outputs = tuple(net_outputs(s, player, o, ab))
            why = "; ".join(problems)
            if not problems and not outputs:
                why = explain_could_produce(s, o)
            elif not problems and len(outputs) > 1:
                why = "its controller chooses one of these as it resolves (CR 605.3b, 106.7)"
            spend = next((e.spend for e in ab.effects if type(e) is ir.AddMana and e.spend), None)
            out.append(SourceReport(o.id, o.card.name, i, ab.text, ab.cost.tap, not problems,
                                    outputs, why, spend and made(spend, o.chosen)))
    return out


@dataclass(frozen=True)
class Availability:
    """The mana ``player`` could make available now: the pool (``special``: its mana with a
    restriction or rider, CR 106.6), each source, the most mana in total and every type that
    could be among it."""

    pool: dict
    sources: tuple[SourceReport, ...]
    most: int
    types: tuple[str, ...]
    special: tuple[PoolMana, ...] = ()

    def describe(self) -> str:
        lines = [f"mana pool: {format_mana([t for t in MANA_TYPES for _ in range(self.pool.get(t, 0))])}"]
        lines += [f"mana pool: {m.describe()} (CR 106.6)" for m in self.special]
        lines += [r.describe() for r in self.sources]
        lines.append(f"at most {self.most} mana, of the types {format_mana(self.types)}")
        return "\n".join(lines)


def available_mana(s: State, player: int) -> Availability:
    """What ``player`` could add now by activating each usable mana ability once. Abilities with
    a mana cost count what they add less what they cost."""
    pool = dict(s.players[player].pool)
    special = s.players[player].special_mana
    reports = source_reports(s, player)
    best: dict[int, int] = {}
    types = {t for t, n in pool.items() if n} | {m.type for m in special}
    for r in reports:
        if not r.can_activate or not r.outputs:
            continue
        ab = mana_ability(s, _permanent(s, r.oid), r.idx)
        if ab is None:
            continue
        paid = ab.cost.mana.mana_value() if ab.cost.mana is not None else 0
        best[r.oid] = max(best.get(r.oid, 0), max(len(m) for m in r.outputs) - paid)
        for m in r.outputs:
            types.update(m)
    most = sum(pool.values()) + len(special) + sum(max(v, 0) for v in best.values())
    return Availability(pool, tuple(reports), most, tuple(t for t in MANA_TYPES if t in types), special)


@dataclass(frozen=True)
class PaymentReport:
    cost: str
    plan: tuple | None
    text: str


def explain_payment(s: State, player: int, cost: str | ManaCost, spell: int | None = None) -> PaymentReport:
    """How the auto-payer would pay ``cost`` for ``player`` now, or why nobody could. ``spell``:
    the card (in hand or on the stack) the cost is for, which decides where mana with a
    spending restriction may go (CR 106.6); without it the cost is for nothing in particular."""
    mc = ManaCost.parse(cost) if isinstance(cost, str) else cost
    if mc.x_count:
        raise ValueError(f"choose X first: {mc} still has an X (CR 107.3a)")
    use = spell_use(s.objs[spell]) if spell is not None else None
    plan = plan_payment(s, player, mc, use=use)
    if plan is None:
        return PaymentReport(str(mc), None, why_unpayable(s, player, mc, use=use))
    how = {CONVOKE: " tapped to convoke", IMPROVISE: " tapped to improvise", DELVE: " exiled to delve"}
    steps = [f"{s.objs[oid].card.name}{how.get(i, '')} for {format_mana(out)}"
             for oid, i, out, _p in plan]
    text = f"pay {mc} with " + (", ".join(steps) + " and the mana pool" if steps else "the mana pool")
    return PaymentReport(str(mc), tuple(plan), text + " (CR 601.2g-h)")


def _permanent(s: State, oid: int) -> Obj:
    o = s.objs.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        raise ValueError(f"no permanent with id {oid!r} on the battlefield")
    return o


__all__ = ["could_produce", "source_reports", "available_mana", "explain_payment", "blockers",
           "CouldProduce", "SourceReport", "Availability", "PaymentReport"]
