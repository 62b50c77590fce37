"""Mana with a spending restriction or a rider (CR 106.6, 106.6a).

Some spells and abilities say how the mana they add may be spent ("Spend this mana only to cast
a creature spell") or give it an additional effect on the spell it pays for ("that spell can't
be countered"). That doesn't change the mana's type (CR 106.6), but such mana stays apart in the
pool: each one is a :class:`PoolMana` in ``Player.special_mana`` with its rule and the name of
its source, while plain mana stays counted per type in ``Player.pool``, which is all the fast
path looks at. A replacement effect that increases the amount gives every mana made the rule,
and each mana has its own rider (CR 106.6a); mana that a triggered mana ability adds (Mana
Flare, Heartbeat of Spring) is that ability's own and has no rule (Mana Flare ruling 2007-09-16,
Heartbeat of Spring ruling 2020-08-07).

A payment knows what it pays for (:class:`ManaUse`); restricted mana is spent only where its
rule allows, and before the player's other mana, so it isn't left to empty from the pool.
"""
from __future__ import annotations

import dataclasses
from typing import NamedTuple

from manastack.mana import ManaCost, format_mana, pay_from_pool
from manastack.oracle import ir

from .. import exercise
from ..filters import matches
from ..runner import Ctx
from ..abilities import nested_index
from ..event_types import EventKind, Seen
from ..state import ItemKind, Obj, PendingTrigger, Player, State, card_named
from ..wording import possessive


class PoolMana(NamedTuple):
    """One mana in a pool with a rule (CR 106.6); the rule's "chosen" is already the choice
    made for its source (Cavern of Souls), so it holds when the source is gone."""

    type: str
    source: str
    rule: ir.SpendRule

    def describe(self) -> str:
        return f"{{{self.type}}} from {self.source} ({self.rule.text})"


@dataclasses.dataclass(frozen=True, slots=True)
class ManaUse:
    """What a cost is paid for: casting the spell ``oid`` (``ItemKind.SPELL``), activating an
    ability of the object ``oid`` (``ItemKind.ACTIVATED``), or anything else (None: a cost an
    effect asks for, ward).
    ``has_x``: the cost contains {X} (CR 107.3), whatever X is. ``convoke``: the spell has
    convoke, so creatures may be tapped to pay (CR 702.51a); ``improvise``: artifacts may be
    tapped for generic mana (CR 702.126a); ``delve``: cards in the graveyard may be exiled for
    generic mana (CR 702.66a)."""

    kind: ItemKind | None = None
    oid: int | None = None
    has_x: bool = False
    label: str = ""
    convoke: bool = False
    improvise: bool = False
    delve: bool = False

    @property
    def other_payers(self) -> bool:
        """Whether more than mana may pay: a mana bound alone can't rule the cost out."""
        return self.convoke or self.improvise or self.delve


def spell_use(o: Obj, cost: ManaCost | None = None) -> ManaUse:
    """Casting ``o`` (on the stack, or a card about to be cast) for ``cost``: its mana cost
    unless another is given (flashback, announced kicker)."""
    cost = o.card.mana_cost if cost is None else cost
    names = {ab.name for ab in o.card.abilities if type(ab) is ir.Keyword}
    return ManaUse(ItemKind.SPELL, o.id, bool(cost.x_count), o.card.name, "convoke" in names,
                   "improvise" in names, "delve" in names)


def ability_use(o: Obj, cost: ManaCost | None) -> ManaUse:
    """Activating an ability of ``o`` whose mana cost is ``cost`` (before X is chosen)."""
    return ManaUse(ItemKind.ACTIVATED, o.id, bool(cost and cost.x_count), f"an ability of {o.card.name}")


def made(rule: ir.SpendRule, chosen: str | None) -> ir.SpendRule:
    """The rule of mana made now by a source whose chosen color or type is ``chosen``."""
    def fix(f):
        if f is None or not ("chosen" in f.subtypes or "chosen" in f.colors):
            return f
        return dataclasses.replace(f, subtypes=tuple(chosen if t == "chosen" else t for t in f.subtypes),
                                   colors=tuple(chosen if c == "chosen" else c for c in f.colors))
    return dataclasses.replace(rule, spells=fix(rule.spells), abilities=fix(rule.abilities),
                               rider_spells=fix(rule.rider_spells))


def allows(s: State, rule: ir.SpendRule, use: ManaUse | None) -> bool:
    """CR 106.6: may mana with ``rule`` pay a cost for ``use``? Casting means every part of the
    spell's total cost (Ancient Ziggurat ruling 2009-02-01), not costs asked for later; an
    ability's source must be on the battlefield (Eldrazi Temple ruling 2016-04-08)."""
    if not rule.restricted:
        return True
    if use is None:
        return False
    if rule.x_costs and use.has_x:
        return True
    o = s.objs.get(use.oid) if use.oid is not None else None
    if o is None:
        return False
    if use.kind == ItemKind.SPELL and rule.spells is not None:
        return _is_spell(s, o, rule.spells)
    if use.kind == ItemKind.ACTIVATED and rule.abilities is not None:
        return matches(s, o, rule.abilities, None, o.controller)
    return False


def _is_spell(s: State, o: Obj, f: ir.Filter) -> bool:
    """A spell on the stack, or a card about to be cast, seen as that spell."""
    if o.zone != f.zone:
        f = dataclasses.replace(f, zone=o.zone)
    return matches(s, o, f, None, o.controller)


def _rider_applies(s: State, m: PoolMana, use: ManaUse | None) -> bool:
    rule = m.rule
    if not rule.rider or use is None or use.kind != ItemKind.SPELL:
        return False
    o = s.objs.get(use.oid) if use.oid is not None else None
    return o is not None and (rule.rider_spells is None or _is_spell(s, o, rule.rider_spells))


def _spend_first(s: State, m: PoolMana, use: ManaUse | None) -> bool:
    """Restricted mana, and mana whose rider would apply, goes before plain mana."""
    return m.rule.restricted or _rider_applies(s, m, use)


def usable(s: State, player: int, use: ManaUse | None) -> list[PoolMana]:
    return [m for m in s.players[player].special_mana if allows(s, m.rule, use)]


def pool_for(s: State, player: int, use: ManaUse | None) -> dict[str, int]:
    """The pool as amounts per type, counting only the special mana ``use`` may spend."""
    p = s.players[player]
    if not p.special_mana:
        return p.pool
    pool = dict(p.pool)
    for m in usable(s, player, use):
        pool[m.type] = pool.get(m.type, 0) + 1
    return pool


def pay(s: State, player: int, cost: ManaCost, use: ManaUse | None, use_life: bool = False):
    """How the pool pays the X-free ``cost`` for ``use``: (mana spent per type, life paid, the
    special mana among it), or None. Restricted mana the use allows goes first, for colored
    symbols and for generic mana alike (CR 601.2h: the player chooses what to spend)."""
    p = s.players[player]
    if not p.special_mana:
        paid = pay_from_pool(cost, p.pool, p.life, use_life)
        return None if paid is None else (paid[0], paid[1], ())
    ok = usable(s, player, use)
    early = [m for m in ok if _spend_first(s, m, use)]
    late = [m for m in ok if not _spend_first(s, m, use)]
    merged, first = dict(p.pool), dict[str, int]()
    for m in ok:
        merged[m.type] = merged.get(m.type, 0) + 1
    for m in early:
        first[m.type] = first.get(m.type, 0) + 1
    paid = pay_from_pool(cost, merged, p.life, use_life, first)
    if paid is None:
        return None
    spent, life = paid
    taken = []
    for t, n in spent.items():
        mine = [m for m in early if m.type == t]
        taken += mine[:n]
        n = max(0, n - len(mine) - p.pool.get(t, 0))
        taken += [m for m in late if m.type == t][:n]
    return spent, life, tuple(taken)


def remove(p: Player, spent: dict[str, int], taken: tuple[PoolMana, ...]) -> None:
    """Take the mana a payment spent out of the pool."""
    plain = dict(spent)
    left = list(p.special_mana)
    for m in taken:
        plain[m.type] -= 1
        left.remove(m)
    p.special_mana = tuple(left)
    for t, n in plain.items():
        if n:
            p.pool[t] -= n
            if not p.pool[t]:
                del p.pool[t]


RIDER_WORDS = {"cant_be_countered": "can't be countered",
               "plus_one_counter": "will enter with an additional +1/+1 counter",
               "trigger": "triggers an ability of the mana's source",
               "commander_counters": "will enter with an additional +1/+1 counter for each time it has been "
                                     "cast from the command zone"}


def _spent_trigger(ctx: Ctx, player: int, m: PoolMana) -> None:
    """A "trigger" rider (Path of Ancestry): the triggered ability of the mana's source linked
    to the mana ability that made it triggers, once per mana spent (CR 106.6, 603.2); it is put
    on the stack the next time a player would receive priority (CR 603.3)."""
    s = ctx.s
    card = card_named(s, m.source)
    found = [a.spent_trigger for ab in (card.abilities if card is not None else ())
             for a in getattr(ab, "effects", ()) if type(a) is ir.AddMana and a.spend == m.rule
             and a.spent_trigger is not None] if card is not None else []
    if card is None or not found:
        return
    source = next((o.id for o in s.objs.values() if o.card is card), -1)
    label = f"{possessive(card.name)} ability"
    s.pending_triggers.append(PendingTrigger(source, card, nested_index(card, found[0]), player,
                                             Seen(EventKind.MANA, player=player), 1, "", label))
    s.add_log(f"{label} triggers: {found[0].text}", ("106.6", "603.2"), "trigger")


def spent(ctx: Ctx, player: int, taken: tuple[PoolMana, ...], use: ManaUse | None, what: str) -> None:
    """Log the special mana a payment spent, and give the spell the riders of that mana, one per
    mana (CR 106.6a); then say which special mana stays in the pool because it can't pay."""
    s = ctx.s
    name = s.players[player].name
    for m in taken:
        s.add_log(f"{name} spends {m.describe()} on {what}", ("106.6",), "pay")
        rider = m.rule.rider
        if rider and use is not None and _rider_applies(s, m, use):
            item = next((i for i in s.stack if i.kind == ItemKind.SPELL and i.source == use.oid), None)
            if item is not None:
                item.riders += ((m.rule.rider, m.source),)
                if exercise.RECORD is not None:
                    exercise.note("MANA_RIDERS", m.rule.rider, card_named(s, m.source) or item.card)
                s.add_log(f"{what} {RIDER_WORDS[rider]}: mana from {m.source} was spent on it",
                          ("106.6",), "pay")
                if rider == "trigger":
                    _spent_trigger(ctx, player, m)
    for m in s.players[player].special_mana:
        if not allows(s, m.rule, use):
            s.add_log(f"{m.describe()} stays in {name}'s mana pool: it can't pay for {what}",
                      ("106.6",), "pay")


def why_not(s: State, player: int, use: ManaUse | None) -> list[str]:
    """The special mana in the pool that can't pay for ``use``, with its rule."""
    what = use.label if use is not None and use.label else "this cost"
    return [f"{m.describe()} can't pay for {what} (CR 106.6)"
            for m in s.players[player].special_mana if not allows(s, m.rule, use)]


def source_note(s: State, o: Obj, ab, use: ManaUse | None) -> str:
    """Words for a mana ability offered while paying, when the mana it adds can't pay."""
    rule = next((e.spend for e in ab.effects if type(e) is ir.AddMana and e.spend), None)
    if rule is None or allows(s, made(rule, o.chosen), use):
        return ""
    return f" (its mana can't pay this cost: {rule.text} CR 106.6)"


def pool_text(p: Player) -> str:
    """The whole pool in words: plain mana, then each special mana with its rule."""
    plain = format_mana([t for t, n in p.pool.items() for _ in range(n)])
    if not p.special_mana:
        return plain
    special = ", ".join(m.describe() for m in p.special_mana)
    return special if not p.pool else f"{plain}, {special}"


def totals(p: Player) -> dict[str, int]:
    """How much mana of each type the pool holds, special mana included."""
    out = dict(p.pool)
    for m in p.special_mana:
        out[m.type] = out.get(m.type, 0) + 1
    return out


# ------------------------------------------------------------------------------ saves


def to_data(m: PoolMana) -> list:
    return [m.type, m.source, _encode(m.rule)]


def from_data(d) -> PoolMana:
    return PoolMana(d[0], d[1], _decode(d[2]))


def _encode(node):
    if dataclasses.is_dataclass(node):
        return {"ir": type(node).__name__, **{f.name: _encode(getattr(node, f.name))
                                              for f in dataclasses.fields(node)}}
    return [_encode(x) for x in node] if isinstance(node, tuple) else node


# The IR classes a saved rule may hold, by name: nothing else is made from a save.
DECODABLE = {cls.__name__: cls for cls in (ir.SpendRule, ir.Filter)}


def _decode(v):
    if isinstance(v, dict):
        cls = DECODABLE.get(v.get("ir"))
        fields = {f.name for f in dataclasses.fields(cls)} if cls is not None else set()
        if cls is None or not set(v) - {"ir"} <= fields:
            raise ValueError(f"a saved mana rule may hold only {', '.join(DECODABLE)} with their own fields, "
                             f"not {str(v.get('ir'))[:40]!r}")
        return cls(**{k: _decode(x) for k, x in v.items() if k != "ir"})
    return tuple(_decode(x) for x in v) if isinstance(v, list) else v
