"""Mana abilities (CR 605), the mana production event (CR 106.4, 106.12) and the auto-payer.

Mana abilities don't use the stack: an activated one resolves as soon as it is activated
(CR 605.3b), while a player has priority or while a cost is being paid (CR 601.2g, 605.3a); a
triggered one resolves right after the mana ability that triggered it (CR 605.4a). Tapping a
permanent for mana is activating one of its mana abilities with {T} in the cost (CR 106.12):
replacement effects then modify the mana it produces (CR 106.12b) and "is tapped for mana"
triggers see the mana it produced (CR 106.12a).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from manastack.mana import MANA_TYPES, ManaCost, format_mana, pay_from_pool
from manastack.oracle import ir

from .. import characteristics as ch
from .. import exercise, layers
from ..mechanics import loyalty
from . import replacement as mana_replacement, spend as mana_spend, payment_search
from ..abilities import ability_at, triggered_abilities
from ..activation_limits import forbidden
from ..board_facts import kept, printed
from ..continuous import board_memo
from ..characteristics import is_creature
from ..costs.checks import summoning_sick, tappable_for_cost
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..effect_records import DelayedTrigger
from ..filters import life_cant_change
from ..event_types import NOTHING, EventKind, Seen, TappedForMana
from .types import (
    _mana_abilities_of,
    commander_identity_words,
    could_produce_map,
    explain_could_produce,
    mana_abilities,
    mana_ability,
    fixed_options,
    produce_now,
    produce_of,
    produce_options,
)
from ..resolution import ResolutionContext, execute, resolve_subject, source_obj
from ..runner import Ctx
from ..state import Obj, PendingTrigger, State
from ..triggers import collect, instances
from ..upcalls import cost_payable, pay_cost, source_reports
from ..wording import possessive
from ..zones import BATTLEFIELD, STACK

__all__ = ["mana_sources", "activate", "resolve_mana_triggers", "add_mana", "triggered_bonus",
           "net_outputs", "net_outputs_for", "Alternative", "plan_payment", "can_afford",
           "why_unpayable", "sources_pay", "NO_ONE"]

NO_ONE: frozenset[int] = frozenset()   # no permanent kept from paying (see casting.pay_cost)


def mana_sources(s: State, player: int) -> list[tuple[Obj, int, ir.ActivatedAbility]]:
    """Every mana ability ``player`` could activate now (CR 605.3a, 602.5); found once per
    state version (:meth:`State.facts`)."""
    facts = s.facts()
    key = ("mana_sources", player)
    found = facts.get(key)
    if found is None:
        known = kept(s, _SOURCES_KEY)
        if known is not None and next(ch.static_effects(s, ir.StaticCantActivate), None) is None:
            found = facts[key] = _sources_kept(s, player, known)
        else:
            # with nothing that changes definitions on the battlefield, each card is itself
            plain = not (layers.changers(s) or layers.any_granted(s))
            found = facts[key] = tuple((o.id, i, ab) for o in s.permanents(player)
                                       for i, ab, status in _marked(o.card if plain else layers.card_now(s, o))
                                       if _payable(s, o, ab.cost, status) and not forbidden(s, o, ab)
                                       and not (limited(ab) and loyalty.why_not_limited(s, player, o, i, ab)))
    objs = s.objs
    return [(objs[oid], i, ab) for oid, i, ab in found]


_SOURCES_KEY = ("mana sources",)     # board_facts' record: what each permanent offers (below)
_PAY_SOURCES_KEY = ("pay sources",)  # board_facts' record: each plain source's entry in _sources
_MODIFIES_KEY = ("mana modified",)   # board_memo's key: whether a card on it modifies mana


def _sources_kept(s: State, player: int, known: dict) -> tuple:
    """:func:`mana_sources` while each card is itself and nothing forbids activating (no
    ``cant_activate`` static ability exists): a permanent whose mana abilities ask only for
    {T}, {Q} or sacrificing itself, and have no limit, offers what it offered when last looked
    at while it is the same object (board_facts) in the same turn of its controller (summoning
    sickness, CR 302.6, reads when that turn began)."""
    since = s.players[player].last_turn_start
    objs, cow = s.objs, s.cow
    out: list = []
    for i in s.battlefield:
        o = objs[i]
        if o.controller != player:
            continue
        was = known.get(i)
        if was is not None and was[0] is o and was[1] == since:
            out += was[2]
            continue
        marked = _marked(o.card)
        these = tuple((i, k, ab) for k, ab, status in marked if _payable(s, o, ab.cost, status)
                      and not (limited(ab) and loyalty.why_not_limited(s, player, o, k, ab)))
        if cow.get(i) is o and _plain_status(o.card):
            known[i] = (o, since, these)
        out += these
    return tuple(out)


@lru_cache(maxsize=8192)
def _plain_status(card) -> bool:
    """Whether every mana ability of a definition (:func:`_marked`) asks only for the status of
    its own permanent and has no limit: what it offers reads the permanent alone."""
    return all(status and not limited(ab) for _k, ab, status in _marked(card))


def _payable(s: State, o: Obj, c: ir.Cost, status_only: bool) -> bool:
    """:func:`cost_payable` for a mana ability's cost; a cost of only {T}, {Q} or sacrificing
    the permanent itself (``status_only``) is decided here from its status (CR 107.5-107.6,
    302.6)."""
    if not status_only:
        return cost_payable(s, o, c)
    if (c.tap and o.tapped) or (c.untap and not o.tapped):
        return False
    return not ((c.tap or c.untap) and summoning_sick(s, o))


_STATUS_PARTS = frozenset((ir.TapSymbol, ir.UntapSymbol, ir.SacrificeSelfCost))


def mana_limits(ab: ir.ActivatedAbility) -> tuple[str, ...]:
    """The limits on when or how often a mana ability may be activated, by kind: "condition"
    ("Activate only if you control a Swamp"), "once" ("... only once each turn"), "times" ("...
    no more than three times each turn"), "combat" ("... only during combat"). CR 602.5b
    applies to mana abilities as to others (CR 605.3a); engine.mechanics.loyalty checks them."""
    return tuple(k for k, on in (("condition", ab.condition is not None), ("once", ab.once_per_turn),
                                 ("times", bool(ab.times_per_turn)), ("combat", ab.combat_only)) if on)


def limited(ab: ir.ActivatedAbility) -> bool:
    """Whether a mana ability has a limit of :func:`mana_limits`."""
    return bool(ab.condition is not None or ab.once_per_turn or ab.times_per_turn or ab.combat_only)


@lru_cache(maxsize=8192)
def _marked(card) -> tuple[tuple[int, ir.ActivatedAbility, bool], ...]:
    """A definition's mana abilities (:func:`mana_abilities`), each with whether its cost asks
    for nothing but {T}, {Q} or sacrificing its own permanent; found once per definition."""
    return tuple((i, ab, ab.cost.mana is None and all(type(p) in _STATUS_PARTS for p in ab.cost.parts))
                 for i, ab in _mana_abilities_of(card))


# ------------------------------------------------------------------------------ activating


def activate(ctx: Ctx, player: int, o: Obj, idx: int, output: tuple[str, ...] | None = None,
             preset: dict | None = None) -> None:
    """Activate a mana ability and resolve it at once (CR 605.3a-b), then the triggered mana
    abilities it set off (CR 605.4a). ``output`` and ``preset`` carry choices made in advance
    by the auto-payer (the mana to add, a creature to tap for a cost)."""
    s = ctx.s
    ab = mana_ability(s, o, idx)
    if ab is None or o.zone != BATTLEFIELD or o.controller != player or forbidden(s, o, ab):
        raise ValueError(f"{o.card.name} has no mana ability {idx} that "
                         f"{s.players[player].name} can activate")
    if limited(ab):
        if (why := loyalty.why_not_limited(s, player, o, idx, ab)) is not None:
            raise ValueError(why)
        if exercise.RECORD is not None:
            for kind in mana_limits(ab):
                exercise.note("MANA_LIMITS", kind, o.card)
        o = s.own(o.id)                 # CR 602.5b: the record of its activations this turn
        loyalty.record_activation(s, o, idx, ab)
    s.add_log(f"{s.players[player].name} activates {possessive(o.card.name)} mana ability: {ab.text}",
              ("605.3a", "106.12") if ab.cost.tap else ("605.3a",), "mana")
    card = o.card
    before = could_produce_map(s) if ab.cost.part(ir.SacrificeCost) is not None else None
    cost, event = ab.cost, NOTHING
    storage = cost.part(ir.RemoveAnyCountersCost)
    if storage is not None:
        cost, event = _remove_any_counters(ctx, player, o, cost, storage)
    outer = ctx.activating
    ctx.activating = outer | {(o.id, idx)}          # CR 605.3c
    try:
        pay_cost(ctx, player, o, cost, f"{possessive(card.name)} mana ability", preset, mana_ability=True)
    finally:
        ctx.activating = outer
    if before is not None:
        # what the sacrificed permanent could produce as it last existed (Squandered Resources)
        gone = [i for i in before if i not in s.objs]
        made = [t for t in MANA_TYPES if any(t in before[i] for i in gone)]
        event = Seen(EventKind.SACRIFICED, sacrificed_could_produce=tuple(made))
    rc = ResolutionContext(player, o.id, card, [], 0, event, (), mana_output=output,
                           tapped_for_mana=ab.cost.tap, source_lki=o.copy())
    execute(ctx, ab.effects, rc)
    resolve_mana_triggers(ctx)


def _remove_any_counters(ctx: Ctx, player: int, o: Obj, cost: ir.Cost,
                         part: ir.RemoveAnyCountersCost) -> tuple[ir.Cost, Seen]:
    """"Remove any number of storage counters from ~": the player chooses how many, from none
    to all it has, as the cost is paid (CR 601.2h, 602.2b); the ability's "for each ... removed
    this way" counts them (:attr:`.EventKind.REMOVED_COUNTERS`). The cost paid has the number chosen
    (a :class:`ir.RemoveCountersCost`) instead of ``part``."""
    kind = part.kind
    options = tuple(Action(ActionKind.REMOVE, (n,), f"remove {n} {kind} counter{'s' if n != 1 else ''}")
                    for n in range(o.counters.get(kind, 0) + 1))
    n = ctx.ask(Decision(player, DecisionKind.REMOVE_COUNTERS,
                         f"Choose how many {kind} counters to remove from {o.card.name}", options)).args[0]
    if exercise.RECORD is not None:
        exercise.note("MANA_COST_PARTS", "RemoveAnyCountersCost", o.card)
    rest = tuple(p for p in cost.parts if p is not part)
    cost = ir.Cost(cost.mana, rest + ((ir.RemoveCountersCost(kind, n),) if n else ()))
    return cost, Seen(EventKind.REMOVED_COUNTERS, o.id, player, n)


def resolve_mana_triggers(ctx: Ctx) -> None:
    """CR 605.4a: triggered mana abilities waiting to be put on the stack resolve now, in the
    order they triggered; other triggers keep waiting for the next time a player would receive
    priority (CR 603.3), so Manabarbs' damage uses the stack."""
    s = ctx.s
    while True:
        i = next((n for n, t in enumerate(s.pending_triggers) if _is_mana_trigger(t)), None)
        if i is None:
            return
        t = s.pending_triggers[i]
        s.pending_triggers = s.pending_triggers[:i] + s.pending_triggers[i + 1:]
        ab = ability_at(t.card, t.ability_index)
        if exercise.RECORD is not None:
            exercise.triggered(t.card, ab)
        source = s.objs.get(t.source) or Obj(t.source, t.card, t.controller, STACK)
        for _ in range(t.count):
            s.add_log(f"{t.label} resolves at once: it is a triggered mana ability", ("605.1b", "605.4a"),
                      "mana")
            rc = ResolutionContext(t.controller, t.source, t.card, [], 0, t.event or NOTHING, (),
                                   source_lki=source)
            execute(ctx, ab.effects, rc)


def _is_mana_trigger(t) -> bool:
    ab = ability_at(t.card, t.ability_index)
    return type(ab) is ir.TriggeredAbility and ab.is_mana


def add_mana(ctx: Ctx, rc, e: ir.AddMana) -> None:
    """The mana production event: choose the mana (CR 106.5 when no type can be defined), let
    replacement effects modify it if a permanent was tapped for mana (CR 106.12b), add it to the
    player's pool (CR 106.4), and tell "is tapped for mana" triggers (CR 106.12a)."""
    s = ctx.s
    src = source_obj(ctx, rc)
    who = [p for p in resolve_subject(ctx, e.who, rc) if isinstance(p, int)]
    if src is None or not who:
        s.add_log(f"{rc.card.name} adds no mana: nobody to add it for", ("106.4",), "mana")
        return
    player = who[0]
    options = produce_options(s, src, e.produce, rc.event)
    if not options:
        if type(e.produce.amount) is ir.CountersRemoved:      # none were removed: no mana
            s.add_log(f"{rc.card.name} adds no mana: no {e.produce.amount.kind} counters were removed",
                      ("106.4",), "mana")
            return
        rules: tuple[str, ...]
        if e.produce.like_land_could_produce:
            why, rules = explain_could_produce(s, src), ("106.7", "106.5")
        elif e.produce.commander_identity:
            why = f"{rc.card.name} adds no mana: {commander_identity_words(s, src.controller)}"
            rules = ("903.4f", "106.5")
        else:
            why = f"{rc.card.name} adds no mana: no type of mana is defined for it"
            rules = ("106.5",)
        s.add_log(f"{why}; it adds no mana" if e.produce.like_land_could_produce else why, rules, "mana")
        return
    if rc.mana_output is not None and tuple(rc.mana_output) in options:
        chosen = tuple(rc.mana_output)
    elif len(options) == 1:
        chosen = options[0]
    else:  # the player who gets the mana chooses (Mana Flare ruling 2004-10-04)
        answer = ctx.ask(Decision(player, DecisionKind.CHOOSE_MANA, f"Choose the mana {rc.card.name} adds",
                                  tuple(Action(ActionKind.MANA_TYPE, ("".join(out),), format_mana(out))
                                        for out in options)))
        chosen = tuple(answer.args[0])
    mana = chosen
    if rc.tapped_for_mana and src.zone == BATTLEFIELD:
        mana = mana_replacement.replace_production(ctx, src, rc.controller, chosen)
    p = s.players[player]
    rules = ("106.4", "106.12b") if mana != chosen else ("106.4",)
    if e.spend is None:
        for t in mana:
            p.pool[t] = p.pool.get(t, 0) + 1
        s.add_log(f"{rc.card.name} adds {format_mana(mana)} to {p.name}'s mana pool", rules, "mana")
    else:   # CR 106.6; 106.6a: every mana made carries the rule, however many were made
        rule = mana_spend.made(e.spend, src.chosen)
        p.special_mana += tuple(mana_spend.PoolMana(t, rc.card.name, rule) for t in mana)
        each = "each " if len(mana) > 1 else ""
        s.add_log(f"{rc.card.name} adds {format_mana(mana)} to {p.name}'s mana pool, {each}with the "
                  f'rule "{rule.text}"', rules + (("106.6", "106.6a") if mana != chosen else ("106.6",)),
                  "mana")
    if rc.tapped_for_mana and mana:
        event = TappedForMana(rc.source, tuple(mana), rc.controller)
        collect(ctx, event)
        _collect_delayed(ctx, event)


def delayed_mana_triggers(s: State) -> list[Obj]:
    """The delayed triggered mana abilities resolved spells created for a while (CR 603.7b:
    High Tide). Each is given as a stand-in for its source, the spell (CR 603.7d), whose only
    ability is that triggered ability. Being mana abilities, they resolve within the operation
    that triggers them (CR 605.4a), so the stand-in is never saved."""
    out = []
    for e in s.effects:
        if type(e) is not DelayedTrigger:
            continue
        for ab in e.card.abilities:
            for created in getattr(ab, "effects", ()):
                if type(created) is ir.CreateDelayedTrigger:
                    out.append(Obj(-1, replace(e.card, abilities=(created.ability,)), e.controller, STACK))
    return out


def _collect_delayed(ctx: Ctx, event: TappedForMana) -> None:
    """CR 603.2 for delayed triggered mana abilities: they wait beside the others, to resolve
    right after the mana ability (CR 605.4a)."""
    s = ctx.s
    for spell in delayed_mana_triggers(s):
        ab = spell.card.abilities[0]
        for view in instances(s, ab.trigger, spell, event):
            label = f"{possessive(spell.card.name)} delayed ability"
            s.pending_triggers.append(PendingTrigger(spell.id, spell.card, 0, spell.controller, view,
                                                     1, "", label))
            s.add_log(f"{label} triggers: {ab.text}", ("603.2", "603.7"), "trigger")


# ------------------------------------------------------------------------------ what sources add


def triggered_bonus(s: State, tapped: Obj, player: int, mana: tuple[str, ...]) -> list[tuple[str, ...]]:
    """What triggered mana abilities would add when ``tapped`` is tapped for ``mana``
    (CR 605.4a: Wild Growth, Mana Flare), as alternatives; [()] when none would."""
    if not mana:
        return [()]
    event = TappedForMana(tapped.id, mana, player)
    results: list[tuple[str, ...]] = [()]
    for perm in s.permanents() + delayed_mana_triggers(s):
        for _i, ab in triggered_abilities(perm.card):
            if not ab.is_mana:
                continue
            for view in instances(s, ab.trigger, perm, event):
                for e in ab.effects:
                    if type(e) is ir.AddMana:
                        opts = produce_options(s, perm, e.produce, view) or [()]
                        results = [r + o for r in results for o in opts]
    return sorted(set(results))


def net_outputs(s: State, player: int, o: Obj, ab) -> list[tuple[str, ...]]:
    """The mana one activation of ``ab`` would leave in the pool, replacement effects (in every
    order) and triggered mana abilities included; one entry per base choice and outcome."""
    produce = produce_now(s, o, ab)
    if produce is None:
        return []
    out: set[tuple[str, ...]] = set()
    for base in produce_options(s, o, produce):
        out.update(net_outputs_for(s, player, o, ab, base))
    return sorted(out, key=lambda m: (-len(m), m))


def net_outputs_for(s: State, player: int, o: Obj, ab, base: tuple[str, ...],
                    own: bool = True) -> list[tuple[str, ...]]:
    """:func:`net_outputs` for one base choice ``base``; without the ability's own mana when
    ``own`` is false (it can't pay the cost in question, CR 106.6), only what triggered mana
    abilities would add beside it, which carries no restriction (Mana Flare ruling 2007-09-16)."""
    finals = mana_replacement.all_results(s, o, player, base) if ab.cost.tap else {base}
    out: set[tuple[str, ...]] = set()
    for final in finals:
        extra = triggered_bonus(s, o, player, final) if ab.cost.tap else [()]
        out.update((final if own else ()) + x for x in extra)
    return sorted(out, key=lambda m: (-len(m), m))


# ------------------------------------------------------------------------------ auto-payment


@dataclass(frozen=True)
class Alternative:
    """One way to use one permanent's mana ability in a payment."""

    oid: int
    idx: int
    base: tuple[str, ...]        # the choice made as it resolves
    net: tuple[str, ...]         # what the pool gains in the end
    cost: ManaCost | None        # mana the ability itself costs (a filter land, Pili-Pala)
    taps_creature: int           # how many to tap: "Tap an untapped creature you control"
    sacrifices: bool
    restricted: bool = False     # its mana may pay only some costs, this one included (CR 106.6)


CONVOKE = -1     # the "ability index" of tapping a creature to convoke a spell (CR 702.51a)
IMPROVISE = -2   # ... of tapping an artifact to improvise (CR 702.126a)
DELVE = -3       # ... of exiling a card from the graveyard to delve (CR 702.66a)
HELPERS = (CONVOKE, IMPROVISE, DELVE)    # ways to pay that are no mana ability


def convoke_types(s: State, o: Obj) -> tuple[str, ...]:
    """What tapping ``o`` to convoke can pay: one mana of any of its colors, or generic mana
    ("C" here, as a colorless creature pays only generic mana)."""
    return ch.colors(s, o) or ("C",)


@dataclass(frozen=True, slots=True)
class _Way:
    """One mana ability of a source as the auto-payer may use it, before asking what the cost
    is for: its choices (``bases``) and, per choice, what the pool would gain."""

    idx: int
    cost: ir.Cost
    ability: ir.ActivatedAbility
    spend: ir.SpendRule | None
    bases: tuple[tuple[str, ...], ...]
    nets: tuple[tuple[tuple[str, ...], ...], ...]


def _sources(s: State, player: int, exclude: frozenset[int]) -> tuple[bool, list[tuple]]:
    """Whether anything modifies what sources add, and per permanent of ``player``: its id,
    whether to keep it for later, the ways the auto-payer may use its mana abilities, and its
    alternatives when they don't depend on what is paid for (else None); found once per state
    version (:meth:`State.facts`: a priority decision asks once per card in hand and per
    ability to activate)."""
    facts = s.facts()
    key = ("pay_sources", player, exclude)
    found = facts.get(key)
    if found is not None:
        return found
    if exclude:
        # the excluded permanents can't pay (each is tapped, untapped or sacrificed by a cost
        # being paid), and nothing else changes: the sources without them
        modified, every = _sources(s, player, NO_ONE)
        found = facts[key] = (modified, [x for x in every if x[0] not in exclude])
        return found
    modified = _mana_is_modified(s)
    known = None if modified else kept(s, _PAY_SOURCES_KEY)
    if known is not None and next(ch.static_effects(s, ir.StaticCantActivate), None) is not None:
        known = None
    since = s.players[player].last_turn_start
    cow = s.cow
    out = []
    for o in s.permanents(player):
        if known is not None:
            # each card is itself and nothing forbids activating: a plain source's entry reads
            # only the permanent and when its controller's turn began (board_facts)
            was = known.get(o.id)
            if was is not None and was[0] is o and was[1] == since:
                out.append(was[2])
                continue
        card = layers.card_now(s, o)
        taps = None if modified else _plain_abilities(card)
        if taps is not None:
            # nothing on the board changes what it offers: found once per definition, id and
            # status (see _plain_source)
            ways, plain = _plain_source(card, o.id, o.tapped, taps and summoning_sick(s, o))
        else:
            ways, plain = _source_ways(s, player, o, modified)
        if ways and any(forbidden(s, o, ab) for _i, ab in _mana_abilities_of(card)):
            ways, plain = [], []      # Arrest: its mana abilities can't be activated (CR 602.5)
        entry = (o.id, _keep_for_later(s, o) if ways else (), ways, plain)
        if known is not None and taps is not None and cow.get(o.id) is o:
            known[o.id] = (o, since, entry)
        out.append(entry)
    found = facts[key] = (modified, out)
    return found


def _kept_by_sources(ab) -> bool:
    """Whether the auto-payer may use the mana ability ``ab`` at all: its only effect adds mana,
    its cost has {T}, {Q} or sacrificing the source, and no life, discard, other sacrifice,
    untapping of others or energy."""
    c = ab.cost
    return (len(ab.effects) == 1 and bool(c.tap or c.untap or c.sacrifice_self)
            and not any(type(p) in _NOT_AUTOPAID for p in c.parts))


# the cost parts a mana ability the auto-payer uses may not have
_NOT_AUTOPAID = frozenset((ir.PayLifeCost, ir.DiscardCost, ir.DiscardHandCost, ir.SacrificeCost, ir.UntapTappedCost, ir.PayEnergyCost,
                           ir.RemoveAnyCountersCost))


def _source_ways(s: State, player: int, o: Obj, modified: bool) -> tuple[list[_Way], list[Alternative] | None]:
    """The ways the auto-payer may use ``o``'s mana abilities (those whose only effect adds
    mana and whose costs beyond mana, {T}, {Q} or sacrificing it can be paid now), and its
    alternatives when they don't depend on what is paid for (else None)."""
    ways = []
    for i, ab in mana_abilities(s, o):
        if not _kept_by_sources(ab):
            continue
        c = ab.cost
        if not cost_payable(s, o, c, include_mana=False) or \
                limited(ab) and loyalty.why_not_limited(s, player, o, i, ab):
            continue
        produce = produce_now(s, o, ab)
        if produce is None:
            continue
        types = could_produce_map(s) if produce.like_land_could_produce else None   # CR 106.7
        bases = tuple(produce_options(s, o, produce, None, types))
        nets = tuple(tuple(net_outputs_for(s, player, o, ab, base)) if modified else (base,)
                     for base in bases)
        ways.append(_Way(i, c, ab, getattr(ab.effects[0], "spend", None), bases, nets))
    # without spending rules, the alternatives don't depend on what is paid for
    plain = (_ordered(_from_ways(s, player, o, ways, None, modified))
             if all(w.spend is None for w in ways) else None)
    return ways, plain


_PLAIN_COST_PARTS = frozenset((ir.TapSymbol, ir.UntapSymbol, ir.SacrificeSelfCost))


@lru_cache(maxsize=8192)
def _plain_abilities(card) -> bool | None:
    """Whether what each mana ability of a definition offers the auto-payer depends on nothing
    but the definition and the permanent's own status: every ability :func:`_sources` keeps
    costs only mana, {T}, {Q} or sacrificing itself, and adds a fixed amount of mana chosen
    from a fixed list. True if one of them has {T} or {Q} (summoning sickness matters,
    CR 302.6), False if none does, None if some ability isn't plain."""
    taps = False
    for _i, ab in _mana_abilities_of(card):
        if not _kept_by_sources(ab):
            continue
        c = ab.cost
        if limited(ab) or any(type(p) not in _PLAIN_COST_PARTS for p in c.parts):
            return None
        produce = produce_of(ab)
        if produce is None or type(produce.amount) is not int or \
                not (produce.symbols or produce.any_color or produce.choice or produce.combos):
            return None
        taps = taps or c.tap or c.untap
    return taps


@lru_cache(maxsize=16384)
def _plain_source(card, oid: int, tapped: bool, sick: bool) -> tuple[list[_Way], list[Alternative] | None]:
    """The ways and plain alternatives :func:`_sources` finds for a permanent ``oid`` with a
    definition of :func:`_plain_abilities`, tapped or not, summoning sick or not, while no
    replacement effect or triggered mana ability changes what sources add: a function of
    these alone (CR 107.5-107.6, 302.6 for which costs can be paid)."""
    ways = []
    for i, ab in _mana_abilities_of(card):
        if not _kept_by_sources(ab):
            continue
        c = ab.cost
        if (c.tap and tapped) or (c.untap and not tapped) or ((c.tap or c.untap) and sick):
            continue
        produce = produce_of(ab)
        assert produce is not None      # _plain_abilities checked it
        bases = tuple(fixed_options(produce))
        ways.append(_Way(i, c, ab, getattr(ab.effects[0], "spend", None), bases, tuple((b,) for b in bases)))
    if any(w.spend is not None for w in ways):
        return ways, None
    return ways, _ordered([Alternative(oid, w.idx, base, base, w.cost.mana, 0, w.cost.sacrifice_self, False)
                           for w in ways for base in w.bases if base])


def _from_ways(s: State, player: int, o: Obj, ways: list[_Way], use, modified: bool) -> list[Alternative]:
    """The alternatives of one source's ways when paying for ``use``."""
    alts = []
    for w in ways:
        c = w.cost
        own = w.spend is None or mana_spend.allows(s, mana_spend.made(w.spend, o.chosen), use)
        if not own and not modified:
            continue    # its own mana can't pay, and nothing would add other mana beside it
        restricted = own and w.spend is not None and w.spend.restricted
        for base, nets in zip(w.bases, w.nets):
            for net in nets if own else net_outputs_for(s, player, o, w.ability, base, own):
                if net:
                    taps = c.part(ir.TapUntappedCost)
                    alts.append(Alternative(o.id, w.idx, base, net, c.mana, taps.count if taps is not None else 0,
                                            c.sacrifice_self, restricted))
    return alts


def _ordered(alts: list[Alternative]) -> list[Alternative]:
    """A source's alternatives in the order the auto-payer tries them."""
    return sorted(alts, key=lambda a: (a.sacrifices, a.cost is not None, a.taps_creature, -len(a.net),
                                       not a.restricted))


def _alternatives(s: State, player: int, exclude: frozenset[int],
                  use: mana_spend.ManaUse | None = None) -> list[list[Alternative]]:
    """Per permanent, the ways its mana abilities could help pay: abilities whose only effect
    is adding mana and whose non-mana costs can be paid now. Abilities that could be activated
    again and again (no {T}, {Q} or sacrifice) are left to the player. Mana that can't pay
    for ``use`` doesn't count (CR 106.6); sources of restricted mana that can come first.
    Found once per state version and, where it matters (convoke, spending rules), per use:
    callers only read it."""
    convoke = use is not None and use.convoke
    modified, sources = _sources(s, player, exclude)
    # convoke, improvise and delve add ways to pay that depend on the spell (CR 702.51a,
    # 702.126a, 702.66a), as do spending rules
    matters = use is not None and (convoke or use.improvise or use.delve) \
        or any(plain is None for _oid, _keep, _ways, plain in sources)
    facts = s.facts()
    key = ("alternatives", player, exclude, use if matters else None)
    found = facts.get(key)
    if found is None:
        found = facts[key] = _find_alternatives(s, player, exclude, use, convoke, modified, sources)
    return found


def _find_alternatives(s: State, player: int, exclude: frozenset[int], use, convoke: bool, modified: bool,
                       sources: list[tuple]) -> list[list[Alternative]]:
    improvise = use is not None and use.improvise
    out: list[tuple[object, bool, int, list[Alternative]]] = []
    objs = s.objs
    for oid, keep, ways, plain in sources:
        o = objs[oid]
        helpers = []
        if convoke and not o.tapped and o.id not in exclude and is_creature(s, o):
            # CR 702.51a: any untapped creature, summoning sick or not (CR 302.6 is about {T})
            helpers = [Alternative(o.id, CONVOKE, (t,), (t,), None, 0, False) for t in convoke_types(s, o)]
        if improvise and not o.tapped and o.id not in exclude and ch.is_type(s, o, "Artifact") and not helpers:
            helpers = [Alternative(o.id, IMPROVISE, ("C",), ("C",), None, 0, False)]   # generic only (CR 702.126a)
        if helpers:
            alts = _ordered(helpers + _from_ways(s, player, o, ways, use, modified))
        elif plain is not None:
            alts = plain
        else:
            alts = _ordered(_from_ways(s, player, o, ways, use, modified))
        if alts:
            out.append((keep or _keep_for_later(s, o), not alts[0].restricted, len(out), alts))
    if use is not None and use.delve:
        # CR 702.66a: each card exiled from the graveyard pays {1}; the auto-payer delves last
        for oid in s.players[player].graveyard:
            out.append(((True, True), True, len(out), [Alternative(oid, DELVE, ("C",), ("C",), None, 0, False)]))
    out.sort(key=lambda x: x[:3])
    return [x[-1] for x in out]


def _keep_for_later(s: State, o: Obj) -> tuple:
    """Sources the auto-payer would rather not tap: creatures (they could attack or block) and
    permanents with other abilities to use (Mutavault, Order of Whiteclay)."""
    others = any(type(ab) is ir.ActivatedAbility and not ab.is_mana for ab in layers.card_now(s, o).abilities)
    return (ch.is_creature(s, o), others)


def _mana_is_modified(s: State) -> bool:
    """Whether any replacement effect or triggered mana ability could change what a source
    adds (when none does, what it adds is what its ability says); found once per state
    version."""
    facts = s.facts()
    found = facts.get("mana_modified")
    if found is None:
        found = facts["mana_modified"] = _find_mana_modified(s)
    return found


def _find_mana_modified(s: State) -> bool:
    objs = s.objs
    if printed(s):          # each card is itself: looked for once per battlefield
        memo = board_memo(s)
        on_board = memo.get(_MODIFIES_KEY)
        if on_board is None:
            on_board = memo[_MODIFIES_KEY] = any(_modifies_mana(objs[i].card) for i in s.battlefield)
    else:
        found = layers.changers(s)
        on_board = any(_modifies_mana(layers.card_now(s, objs[i], found)) for i in s.battlefield)
    if on_board:
        return True
    # the effects resolved spells created for a while (the permanents have none, see above)
    return bool(s.effects) and (any(mana_replacement.mana_replacement_effects(s))
                                or bool(delayed_mana_triggers(s)))


@lru_cache(maxsize=8192)
def _modifies_mana(card) -> bool:
    """Whether a definition has a mana replacement effect (CR 106.12b) or a triggered mana
    ability (CR 605.1b); found once per definition."""
    return any(type(ab) is ir.ManaReplacement or type(ab) is ir.TriggeredAbility and ab.is_mana
               for ab in card.abilities)


def plan_payment(s: State, player: int, cost: ManaCost, exclude: frozenset[int] = NO_ONE,
                 use: mana_spend.ManaUse | None = None):
    """A way to pay ``cost`` with the pool and the mana abilities ``player`` can activate now,
    as a list of (object id, ability index, output, preset choices), or None when there is none.

    Tries to use as few permanents as it can, and sacrifices permanents only when nothing else
    works. Mana the chosen abilities cost themselves is added to what must be paid. ``use``
    says what the cost is for: mana with a spending restriction counts only where it may be
    spent (CR 106.6), and is used before other mana.
    """
    found = _plan(s, player, cost, exclude, use)
    phyrexian = sum(1 for sym in cost.symbols if sym.endswith("/P"))
    if found is None and phyrexian and s.players[player].life >= 2 * phyrexian \
            and life_cant_change(s, player) is None:
        # CR 107.4f: the Phyrexian symbols paid with 2 life each, the rest with mana (the pool
        # pays them with life once the mana is in it, ``casting._from_pool``)
        found = _plan(s, player, ManaCost(tuple(sym for sym in cost.symbols if not sym.endswith("/P"))),
                      exclude, use)
    return found


def _plan(s: State, player: int, cost: ManaCost, exclude: frozenset[int], use: mana_spend.ManaUse | None):
    """:func:`plan_payment` with mana alone."""
    pool = mana_spend.pool_for(s, player, use)
    if pay_from_pool(cost, pool) is not None:
        return []
    groups = _alternatives(s, player, exclude, use)
    if use is not None and use.other_payers and "C" in cost.symbols:   # these pay generic mana, never {C}
        groups = [alts for alts in ([a for a in g if a.idx not in HELPERS or a.net != ("C",)] for g in groups) if alts]
    most = sum(pool.values()) + sum(max(len(a.net) for a in alts) for alts in groups)
    if most < cost.least_mana():
        return None
    for allow_sacrifice in (False, True):
        usable = [[a for a in alts if allow_sacrifice or not a.sacrifices] for alts in groups]
        usable = [alts for alts in usable if alts]
        found = payment_search.search(cost, pool, usable, _mana, _signature,
                                      lambda picks: _check(s, player, cost, pool, picks))
        if found is not None:
            return found
    return None


#: How many payments of one size the auto-payer compares for what they leave the hand.
HAND_PLANS = 8
_STOP = object()


def keep_hand_castable(s: State, player: int, cost: ManaCost, exclude: frozenset[int],
                       use: mana_spend.ManaUse | None, plan: list) -> list:
    """Among the payments of ``cost`` with as many permanents as ``plan`` (the first payment
    :func:`plan_payment` finds; at most :data:`HAND_PLANS` of them, found by the same bounded
    search), the one after which the mana left in the pool and the sources left untapped
    could still pay the mana costs of the most cards in ``player``'s hand: tapping the Forest
    rather than the Taiga for Llanowar Elves keeps the Lightning Bolt castable. The first
    payment wins ties, so the order of preference of :func:`plan_payment` stays; the hand's
    cards are judged by their mana costs alone, X as 0 (CR 601.2f-h for what a payment leaves),
    and only those the sources could still pay after some payment of ``cost``. The plans
    compared don't sacrifice, convoke, improvise or delve."""
    if not plan or (use is not None and (use.convoke or use.improvise or use.delve)):
        return plan
    pool = mana_spend.pool_for(s, player, use)
    groups = [alts for alts in ([a for a in g if not a.sacrifices] for g in _alternatives(s, player, exclude, use))
              if alts]
    spare = sum(pool.values()) + sum(max(len(a.net) for a in alts) for alts in groups) - cost.least_mana()
    objs = s.objs
    wanted: dict[ManaCost, int] = {}
    for i in s.players[player].hand:
        card = objs[i].card
        c = card.mana_cost.with_x(0) if card.mana_cost is not None and "Land" not in card.types else None
        if c is not None and not c.is_free() and c.least_mana() <= spare:
            wanted[c] = wanted.get(c, 0) + 1
    if not wanted:
        return plan
    every = sum(wanted.values())
    ways = {(a.oid, a.idx, a.base): a for alts in groups for a in alts}
    first = []
    for oid, idx, base, _p in plan:
        way = ways.get((oid, idx, base))
        if way is None:
            return plan     # it sacrifices
        first.append(way)
    if _castable_after(s, player, cost, pool, groups, first, wanted) == every:
        return plan         # it leaves the whole hand castable
    found: list[tuple[list, list[Alternative]]] = []

    def collect(picks: list[Alternative]):
        if found and len(picks) > len(found[0][1]):
            return _STOP
        paid = _check(s, player, cost, pool, picks)
        if paid is not None:
            found.append((paid, list(picks)))
        return _STOP if len(found) >= HAND_PLANS else None

    payment_search.search(cost, pool, groups, _mana, _signature, collect)
    if len(found) < 2 or [(oid, idx, base) for oid, idx, base, _p in found[0][0]] != \
            [(oid, idx, base) for oid, idx, base, _p in plan]:
        return plan
    best, most = plan, -1
    for paid, picks in found:
        n = _castable_after(s, player, cost, pool, groups, picks, wanted)
        if n > most:
            best, most = paid, n
        if most == every:
            break
    return best


def _castable_after(s: State, player: int, cost: ManaCost, pool: dict, groups: list[list[Alternative]],
                    picks: list[Alternative], wanted: dict[ManaCost, int]) -> int:
    """How many cards of mana costs ``wanted`` (cost -> copies) the pool and the untapped
    sources could still pay after ``cost`` is paid with ``picks``."""
    total, need = _with_picks(pool, cost, picks)
    paid = pay_from_pool(need, total)
    if paid is None:
        return 0
    left = {t: n - paid[0].get(t, 0) for t, n in total.items()}
    used = {a.oid for a in picks}
    rest = [alts for alts in groups if alts[0].oid not in used]
    # a quick "yes" first: the first way of every source that asks nothing more pays
    simple = [alts[0] for alts in rest if alts[0].cost is None and not alts[0].taps_creature]
    n = 0
    for c, copies in wanted.items():
        if _check(s, player, c, left, simple) is not None or \
                payment_search.search(c, left, rest, _mana, _signature,
                                      lambda p, c=c: _check(s, player, c, left, p)) is not None:
            n += copies
    return n


def _signature(alts: list[Alternative]) -> tuple:
    return tuple((a.net, a.cost, a.taps_creature, a.sacrifices, a.restricted) for a in alts)


def _mana(a: Alternative) -> tuple[tuple[str, ...], ManaCost | None]:
    return a.net, a.cost


def _with_picks(pool: dict, cost: ManaCost, picks: list[Alternative]) -> tuple[dict, ManaCost]:
    """The pool once ``picks`` have made their mana, and ``cost`` with what they cost added."""
    total = dict(pool)
    need = cost
    for a in picks:
        for t in a.net:
            total[t] = total.get(t, 0) + 1
        if a.cost is not None:
            need = need.plus(a.cost)
    return total, need


def _check(s: State, player: int, cost: ManaCost, pool: dict, picks: list[Alternative]):
    total, need = _with_picks(pool, cost, picks)
    if pay_from_pool(need, total) is None or not _own_costs_payable(s, player, cost, total, picks):
        return None
    used = {a.oid for a in picks}      # permanents the plan taps for their own abilities
    plan = []
    for a in sorted(picks, key=lambda a: (a.cost is not None, a.taps_creature)):
        preset = {}
        if a.taps_creature:
            o = s.objs[a.oid]
            ab = mana_ability(s, o, a.idx)
            assert ab is not None       # the alternative was found among o's mana abilities
            spare = [c.id for c in tappable_for_cost(s, o, ab.cost) if c.id not in used]
            if len(spare) < a.taps_creature:
                return None
            preset[ir.TapUntappedCost] = spare[:a.taps_creature]
            used.update(spare[:a.taps_creature])
        plan.append((a.oid, a.idx, a.base, preset))
    return plan


def _own_costs_payable(s: State, player: int, cost: ManaCost, total: dict, picks) -> bool:
    """Mana restricted to what is being paid for can't pay the sources' own costs (Guildmages'
    Forum's {1}, CR 106.6): those are paid with plain mana, and the rest must still pay ``cost``."""
    own = [sym for a in picks if a.cost is not None for sym in a.cost.symbols]
    if not own or not (s.players[player].special_mana or any(a.restricted for a in picks)):
        return True
    plain = dict(s.players[player].pool)
    for a in picks:
        if not a.restricted:
            for t in a.net:
                plain[t] = plain.get(t, 0) + 1
    paid = pay_from_pool(ManaCost(tuple(own)), plain)
    if paid is None:
        return False
    left = dict(total)
    for t, n in paid[0].items():
        left[t] -= n
    return pay_from_pool(cost, left) is not None


def can_afford(s: State, player: int, cost: ManaCost, exclude: frozenset[int] = NO_ONE,
               use: mana_spend.ManaUse | None = None) -> bool:
    """Whether ``player`` could pay ``cost`` now (CR 601.2g-h); found once per state version
    and pool."""
    if cost.is_free():
        return True
    p = s.players[player]
    facts = s.facts()
    key = ("afford", player, cost, exclude, use, tuple(p.pool.items()), p.special_mana, p.life)
    found = facts.get(key)
    if found is None:
        found = facts[key] = _can_afford(s, player, cost, exclude, use)
    return found


def _can_afford(s: State, player: int, cost: ManaCost, exclude: frozenset[int],
                use: mana_spend.ManaUse | None) -> bool:
    if _every_source_pays(s, player, cost, exclude, use) or \
            plan_payment(s, player, cost, exclude, use) is not None:
        return True
    phyrexian = sum(1 for sym in cost.symbols if sym.endswith("/P"))
    if phyrexian and s.players[player].life >= 2 * phyrexian \
            and life_cant_change(s, player) is None:           # CR 107.4f: 2 life each; CR 119.8
        rest = ManaCost(tuple(sym for sym in cost.symbols if not sym.endswith("/P")))
        return rest.is_free() or plan_payment(s, player, rest, exclude, use) is not None
    return False


def sources_pay(s: State, player: int, cost: ManaCost, exclude: frozenset[int] = NO_ONE,
                use: mana_spend.ManaUse | None = None) -> bool:
    """The quick "yes" of :func:`_every_source_pays` where it is exact for the auto-payer:
    when it holds, :func:`plan_payment` finds a payment (none of the spell's creatures,
    artifacts or cards in a graveyard may help pay, so both look at the same sources)."""
    return (use is None or not use.other_payers) and _every_source_pays(s, player, cost, exclude, use)


def _every_source_pays(s: State, player: int, cost: ManaCost, exclude: frozenset[int],
                       use: mana_spend.ManaUse | None) -> bool:
    """A quick "yes": the pool and the first way of every source that asks nothing more
    ({T}: add mana, no mana cost, no creature to tap, no sacrifice) pay ``cost``. The search
    of :func:`plan_payment` tries every set of sources that could pay, this one too, with the
    same check, so it would find a payment: only which one is left to it."""
    if use is not None and use.convoke:
        return False
    picks = [alts[0] for alts in _alternatives(s, player, exclude, use)
             if alts[0].cost is None and not alts[0].taps_creature and not alts[0].sacrifices]
    return _check(s, player, cost, mana_spend.pool_for(s, player, use), picks) is not None


def why_unpayable(s: State, player: int, cost: ManaCost, exclude: frozenset[int] = NO_ONE,
                  use: mana_spend.ManaUse | None = None) -> str:
    """Why no payment of ``cost`` exists now: what the pool and each source could add, which
    mana can't pay for ``use`` (CR 106.6), and which mana abilities can't be activated (and the
    rule that says so)."""
    pool = s.players[player].pool
    parts = [f"the mana pool holds {format_mana([t for t in MANA_TYPES for _ in range(pool.get(t, 0))])}"]
    parts += mana_spend.why_not(s, player, use)
    usable, blocked = [], []
    for rep in source_reports(s, player):
        if rep.oid in exclude and rep.taps:
            continue
        if rep.can_activate:
            line = (f"{rep.name}: " + " or ".join(format_mana(m) for m in rep.outputs)
                    if rep.outputs else f"{rep.name}: no mana ({rep.why})")
            if rep.rule is not None and not mana_spend.allows(s, rep.rule, use):
                line += f" (its mana can't pay this cost: {rep.rule.text} CR 106.6)"
            usable.append(line)
        else:
            blocked.append(f"{rep.name} ({rep.why})")
    parts.append("sources: " + ("; ".join(usable) if usable else "none that can be activated"))
    if blocked:
        parts.append("can't be activated: " + "; ".join(blocked))
    return f"no way to pay {cost}: " + ", ".join(parts)
