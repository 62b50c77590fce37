"""Effects that ask a player to pay or else (CR 118.12): "sacrifice it unless you pay" (echo,
CR 702.30a; cumulative upkeep, CR 702.24a), "counter it unless its controller pays" (ward,
CR 702.21a; Mana Leak) and "[effects] unless you pay" (Force of Nature's damage)."""
from __future__ import annotations

import dataclasses

from manastack.mana import ManaCost
from manastack.oracle import ir

from .. import events, exercise
from ..abilities import cost_text
from ..casting import cost_payable, pay_cost, pay_mana
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..mana.abilities import can_afford
from ..resolution import amount, execute, named_players, resolve_subject, source_obj
from ..state import Obj
from ..wording import possessive
from ..zones import BATTLEFIELD


UPKEEP_RULES = {"echo": "702.30a", "cumulative upkeep": "702.24a"}


def cost_times(cost: ir.Cost, n: int) -> ir.Cost:
    """``cost`` ``n`` times over, as one cost (CR 702.24a: {1} with three age counters is {3})."""
    mana = cost.mana
    if mana is not None:
        generic = mana.generic * n
        mana = ManaCost(((str(generic),) if generic else ())
                        + tuple(sym for sym in mana.symbols if not sym.isdigit()) * n)
    return ir.Cost(mana, tuple(_part_times(p, n) for p in cost.parts))


def _part_times(part: ir.CostPart, n: int) -> ir.CostPart:
    """A part of a cost ``n`` times over: so much more life or energy, so many more permanents or
    cards (CR 702.24a: cumulative upkeep's "sacrifice a creature" with two age counters is two)."""
    match part:
        case ir.PayLifeCost(amount=k) | ir.PayEnergyCost(amount=k):
            return dataclasses.replace(part, amount=k * n)
        case ir.DiscardCost(count=k) | ir.SacrificeCost(count=k) | ir.ReturnToHandCost(count=k):
            return dataclasses.replace(part, count=k * n)
    return part


def sacrifice_unless_pays(ctx, e: ir.SacrificeUnlessPays, rc) -> None:
    """Echo and cumulative upkeep (CR 702.30a, 702.24a): on resolution the controller chooses
    to pay the whole cost or not (CR 603.5, 118.12a); if not, they sacrifice the permanent
    (CR 701.21a). A cost they can't pay in full can't be chosen (CR 118.3, 119.4; Deepcavern
    Imp's ruling). Once the permanent is no longer theirs on the battlefield, nothing is asked."""
    s = ctx.s
    player = rc.controller
    p = s.players[player]
    rule = UPKEEP_RULES.get(e.keyword, "118.12a")
    label = f"{possessive(rc.card.name)} {e.keyword}"
    perms = [o for o in resolve_subject(ctx, e.what, rc) if isinstance(o, Obj) and s.objs.get(o.id) is o
             and o.zone == BATTLEFIELD and o.controller == player]
    if not perms:
        s.add_log(f"{label}: {rc.card.name} is no longer on the battlefield under {p.name}'s control, "
                  "so there is nothing to sacrifice", ("701.21a", "603.5"), "resolve")
        if e.keyword == "ability":
            cost = cost_times(e.cost, amount(ctx, e.times, rc))
            _pay_anyway(ctx, player, cost, cost_text(cost), label, rc)
        return
    perm = perms[0]
    n = amount(ctx, e.times, rc)
    cost = cost_times(e.cost, n)
    how = cost_text(cost)
    if isinstance(e.times, ir.CountersOn):
        how += f" for {n} age counter{'s' if n != 1 else ''}"
    options = [Action(ActionKind.DECLINE, (), f"don't pay: sacrifice {perm.card.name}")]
    if cost_payable(s, perm, cost, payer=player):
        options.insert(0, Action(ActionKind.PAY, (), f"{how} and keep {perm.card.name}"))
    answer = ctx.ask(Decision(player, DecisionKind.UNLESS, f"{label}: {how} or sacrifice {perm.card.name} "
                              f"(CR {rule})", tuple(options), {"obj": perm.id}))
    if answer.kind == ActionKind.DECLINE:
        if len(options) == 1:
            s.add_log(f"{p.name} can't pay {label} ({how})", (rule, "118.3"), "choice")
        else:
            s.add_log(f"{p.name} doesn't pay {label} ({how})", (rule, "118.12a"), "choice")
        events.sacrifice(ctx, perm)
        return
    if exercise.RECORD is not None:
        for aspect in ir.cost_aspects(e.cost):
            exercise.note("UNLESS_COST_PARTS", aspect, rc.card)
    pay_cost(ctx, player, perm, cost, label)
    s.add_log(f"{p.name} pays {label} ({how}): {perm.card.name} stays on the battlefield",
              (rule, "118.12a"), "choice")


def _pay_anyway(ctx, player: int, cost: ir.Cost, how: str, label: str, rc) -> None:
    """With the permanent gone, its controller may still pay the cost, to no end but the cost's
    own (CR 118.12; Hidden Horror's and Hecatomb's rulings: a creature card discarded, creatures
    sacrificed)."""
    o = source_obj(ctx, rc)
    if o is None or not cost_payable(ctx.s, o, cost, payer=player):
        return
    options = (Action(ActionKind.PAY, (), f"{how} anyway"), Action(ActionKind.DECLINE, (), "don't pay"))
    answer = ctx.ask(Decision(player, DecisionKind.UNLESS, f"{label}: {how} anyway? Nothing is left to "
                              "sacrifice (CR 118.12)", options))
    if answer.kind == ActionKind.PAY:
        pay_cost(ctx, player, o, cost, label)
        ctx.s.add_log(f"{ctx.s.players[player].name} pays {label} ({how}) anyway", ("118.12",), "choice")


def _counter_unless_parts(ctx, e: ir.CounterUnlessPays, rc, item, by: str, rule: str) -> None:
    """A cost of other parts than mana for not having ``item`` countered: its controller pays
    all of it, from the spell ("discard a card": a card of their hand, CR 118.12a), or not;
    one they can't pay can't be chosen (CR 118.3)."""
    s = ctx.s
    payer, spell = item.controller, s.objs.get(item.source)
    how = cost_text(e.cost)
    options = [Action(ActionKind.DECLINE, (), f"don't {how}: {item.label} is countered")]
    if spell is not None and cost_payable(s, spell, e.cost, payer=payer):
        options.insert(0, Action(ActionKind.PAY, (), f"{how} so {item.label} isn't countered"))
    answer = ctx.ask(Decision(payer, DecisionKind.UNLESS, f"{rc.card.name}: {how} or {item.label} is countered "
                              f"(CR {rule})", tuple(options), {"item": item.id}))
    if answer.kind == ActionKind.PAY and spell is not None:      # offered only with the spell
        pay_cost(ctx, payer, spell, e.cost, by)
        s.add_log(f"{s.players[payer].name} chooses to {how} for {rc.card.name}: {item.label} isn't countered",
                  (rule,), "choice")
        return
    refused = "can't" if len(options) == 1 else "doesn't"
    s.add_log(f"{s.players[payer].name} {refused} {how} for {rc.card.name}",
              (rule, "118.3") if len(options) == 1 else (rule,), "choice")
    events.counter_spell(ctx, item, by, rules=(rule, "701.6a"), exile=e.exile)


def unless_pays(ctx, e: ir.UnlessPays, rc) -> None:
    """CR 118.12, 608.2c: "[effects] unless you pay [cost]" / "unless they pay": as the ability
    resolves, the player it names may pay the whole cost (CR 603.5, 118.12a); a cost they can't
    pay can't be chosen (CR 118.3). If they don't pay, the effects happen (Hasran Ogress's
    ruling: the damage or the payment, during resolution). "Each opponent sacrifices a permanent
    unless they pay {2}": each opponent decides for themselves, in APNAP order (CR 101.4), and
    the effects happen to those who didn't pay, all at once."""
    s = ctx.s
    you = e.who == ir.Ref("you")
    players = [rc.controller] if you else named_players(ctx, e.who, rc)
    src = source_obj(ctx, rc)
    gone = [p for p in resolve_subject(ctx, e.who, rc) if isinstance(p, int) and s.players[p].lost] if not you else []
    if gone and not players:        # CR 800.4f: a cost a player who left would pay is not paid
        s.add_log(f"{s.players[gone[0]].name} has left the game: {cost_text(e.cost)} for {rc.card.name} "
                  "is not paid", ("800.4f", "118.12"), "choice")
    if not players or (src is None and not you):
        execute(ctx, e.effects, rc)
        return
    each = len(players) > 1
    unpaid = frozenset(p for p in s.apnap() if p in players and not _pays(ctx, e, rc, p, src, you, each))
    if not unpaid:
        return
    if not each:
        execute(ctx, e.effects, rc)
        return
    outer, rc.among = rc.among, unpaid      # "each opponent" now names those who didn't pay
    try:
        execute(ctx, e.effects, rc)
    finally:
        rc.among = outer


def _pays(ctx, e: ir.UnlessPays, rc, player: int, src: Obj | None, you: bool, each: bool) -> bool:
    """:func:`unless_pays`'s question to ``player``: whether they pay the cost (and they pay it)."""
    s = ctx.s
    name = s.players[player].name
    how = cost_text(e.cost)
    options = [Action(ActionKind.DECLINE, (), "don't pay" if you else f"don't {how}")]
    if src is not None and cost_payable(s, src, e.cost, payer=player):
        options.insert(0, Action(ActionKind.PAY, (), how))
    question = f"{how}? If not, its effect happens" if you else \
        f"{how}, or its effect happens{' to you' if each else ''}"
    answer = ctx.ask(Decision(player, DecisionKind.UNLESS, f"{rc.card.name}: {question} (CR 118.12)",
                              tuple(options)))
    rules = ("118.12", "101.4") if each else ("118.12",)
    if answer.kind == ActionKind.PAY:
        if exercise.RECORD is not None:
            parts = "UNLESS_COST_PARTS" if you else "PLAYER_UNLESS_COST_PARTS"
            for aspect in ir.cost_aspects(e.cost):
                exercise.note(parts, aspect, rc.card)
        assert src is not None      # paying is offered only with a source
        pay_cost(ctx, player, src, e.cost, rc.card.name)
        s.add_log(f"{name} chooses to {how} for {rc.card.name}: its effect doesn't happen"
                  + (f" to {name}" if each else ""), rules, "choice")
        return True
    refused = "can't" if len(options) == 1 else "doesn't"
    s.add_log(f"{name} {refused} {how} for {rc.card.name}", rules + (("118.3",) if len(options) == 1 else ()),
              "choice")
    return False


def counter_unless_pays(ctx, e: ir.CounterUnlessPays, rc) -> None:
    """CR 118.12a: the controller of the spell or ability named (the target of Mana Leak, the
    one that targeted a ward permanent, CR 702.21a) may pay; if they don't, it is countered
    (CR 701.6a)."""
    s = ctx.s
    sids = [int(t[1:]) for t in resolve_subject(ctx, e.what, rc) if isinstance(t, str) and t.startswith("s")]
    item = next((i for i in s.stack if i.id in sids), None)
    if item is None:
        s.add_log(f"{rc.card.name}: the spell or ability to counter is gone already",
                  ("118.12a",), "resolve")
        return
    payer = item.controller
    cost = e.cost.mana
    if cost is not None and cost.x_count:
        cost = cost.with_x(rc.x)          # "unless its controller pays {X}": the X chosen (CR 107.3a)
    if e.times != 1:                      # "{1} for each card in your graveyard": counted now (CR 608.2h)
        n = amount(ctx, e.times, rc)
        cost = cost_times(dataclasses.replace(e.cost, mana=cost), n).mana
    ward = e.ward                         # names the spell that triggered it
    by, rule = (f"{possessive(rc.card.name)} ward", "702.21a") if ward else (rc.card.name, "118.12a")
    if e.cost.parts:                      # "unless its controller discards a card" (CR 118.12a)
        _counter_unless_parts(ctx, e, rc, item, by, rule)
        return
    options = [Action(ActionKind.DECLINE, (), f"don't pay {cost}: {item.label} is countered")]
    if cost is not None and can_afford(s, payer, cost):
        options.insert(0, Action(ActionKind.PAY, (), f"pay {cost} so {item.label} isn't countered"))
    answer = ctx.ask(Decision(payer, DecisionKind.UNLESS, f"{'Ward' if ward else rc.card.name}: pay {cost} or "
                              f"{item.label} is countered (CR {rule})", tuple(options), {"item": item.id}))
    if answer.kind == ActionKind.PAY and cost is not None:      # offered only with a cost
        pay_mana(ctx, payer, cost, by)
        s.add_log(f"{s.players[payer].name} pays {cost} for {'ward' if ward else rc.card.name}: "
                  f"{item.label} isn't countered", (rule,), "choice")
        return
    events.counter_spell(ctx, item, by, rules=(rule, "701.6a"), exile=e.exile, by_player=rc.controller)
