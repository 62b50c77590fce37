"""Casting spells (CR 601), activating abilities (CR 602) and paying costs (CR 118, 601.2f-h)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from manastack.mana import ManaCost, format_mana
from manastack.oracle import ir

from . import characteristics as ch
from . import layers
from .costs import alternative as alt_costs
from . import commanders, events, exercise
from .mechanics import loyalty, morph
from .mana import abilities as mana_abilities
from .activation_limits import note_activation
from .commanders import FROM_COMMAND
from .conditions import CAST_FROM
from .mechanics import adventure as adventure_rules
from .mechanics import splice, split_cards
from .abilities import ability_at
from .costs.checks import kept_for_parts
from .costs.parts import WHY_NOT, Payment, When, around_mana, describe_cost, last_known_stats, pay_parts
from .decisions import Action, ActionKind, Decision, IllegalActionError
from .event_types import AbilityActivated, Seen, SpellCast
from .filters import life_cant_change
from .runner import Ctx, Rollback
from .mana import spend as mana_spend
from .mana.spend import ability_use, spell_use
from .costs.spell_costs import total_cost
from .state import Obj, StackItem
from .zones import Zone, BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, STACK
from .targets import (casting_ability, choose_division, choose_modes_and_targets, describe_target, division_least, x_fits,
                      extra_targets, spell_ability_index)
from .timing import exiled_playable, sorcery_timing
from .triggers import announce_targets
from .wording import possessive

# the kinds of the answers the payment loop reads at every answer, bound once: under Python 3.11
# reading an enum member costs several times a module global (docs/architecture.md, "Types")
_AUTOPAY, _PAY_POOL, _COST_PART, _MANA = ActionKind.AUTOPAY, ActionKind.PAY_POOL, ActionKind.COST_PART, ActionKind.MANA
_CANCEL, _CONVOKE, _IMPROVISE, _DELVE = ActionKind.CANCEL, ActionKind.CONVOKE, ActionKind.IMPROVISE, ActionKind.DELVE

MAX_X = 20


# ------------------------------------------------------------------------------ costs


def cost_payable(s, o: Obj, cost: ir.Cost, include_mana: bool = True, payer: int | None = None) -> bool:
    """Whether the non-mana parts of a cost can be paid (CR 602.5, 118.3; each part by its
    class: :data:`.cost_parts.PARTS`), and the mana part with the mana the payer (by default
    the controller) could make."""
    payer = o.controller if payer is None else payer
    for part in cost.parts:
        if WHY_NOT[type(part)](s, o, payer, part, cost) is not None:
            return False
    mana = cost.mana
    if include_mana and mana is not None and not mana.is_free():
        # CR 601.2g-h: the mana may be made first, with the permanents the other parts use
        # (a land tapped for mana can still be sacrificed), except those they must keep
        return mana_abilities.can_afford(s, payer, mana.with_x(0),
                                         exclude=kept_by(s, o, cost) | kept_for_parts(s, o, around_mana(cost), payer),
                                         use=ability_use(o, mana))
    return True


def kept_by(s, o: Obj, cost: ir.Cost, mana_ability: bool = False) -> frozenset[int]:
    """The permanent that paying ``cost`` keeps from paying that cost's mana: ``o`` when the
    cost taps or untaps it (CR 118.3: it can't pay twice), or when the cost is a mana
    ability's (which could otherwise pay for itself forever). A cost that sacrifices, exiles
    or returns ``o`` keeps it only when one of its mana abilities would do that too: mana
    abilities come before costs are paid (CR 601.2g), so Heart Warden taps for {G} toward its
    own "{2}, Sacrifice Heart Warden"."""
    if cost.tap or cost.untap or mana_ability:
        return frozenset((o.id,))
    if cost.source_leaves and o.zone == BATTLEFIELD and \
            any(ab.cost.source_leaves for _i, ab in mana_abilities.mana_abilities(s, o)):
        return frozenset((o.id,))
    return mana_abilities.NO_ONE


# ------------------------------------------------------------------------------ parts of a cost

@dataclasses.dataclass
class PartsLeft:
    """The parts of a total cost paid around its mana (:func:`.cost_parts.around_mana`) not
    paid yet while its mana is being paid, each a cost of its own, and how to pay one of them
    (CR 601.2h: in any order)."""

    left: list[ir.Cost]
    source: Obj                 # the spell or the permanent whose cost it is
    pay: Callable[[ir.Cost], object]

    def payable(self, s, player: int, part: ir.Cost) -> bool:
        return cost_payable(s, s.objs.get(self.source.id, self.source), part, include_mana=False, payer=player)

    def kept(self, s, player: int) -> frozenset[int]:
        return kept_for_parts(s, s.objs.get(self.source.id, self.source), tuple(self.left), player)

    def pay_rest(self, s, player: int) -> None:
        """Pay the parts left, in order; a part the mana abilities activated made unpayable
        (the creature to tap was tapped for mana) undoes the whole cast or activation
        (CR 601.2e, 732)."""
        while self.left:
            part = self.left.pop(0)
            if not self.payable(s, player, part):
                raise Rollback()
            self.pay(part)


# ------------------------------------------------------------------------------ paying


def pay_mana(ctx: Ctx, player: int, cost: ManaCost, what: str, exclude: frozenset[int] = mana_abilities.NO_ONE,
             use: mana_spend.ManaUse | None = None, parts: PartsLeft | None = None) -> dict:
    """CR 601.2g-h: activate mana abilities, then pay the total cost, its mana from the pool.

    The player may activate mana abilities one at a time, let the auto-payer find a payment,
    or cancel, which undoes the whole cast or activation (CR 601.2e, 732). ``parts``: the other
    parts of the total cost (a sacrifice, a discard, life). Mana abilities come before any cost
    is paid (CR 601.2g), so a land tapped for mana can still be sacrificed; once the pool holds
    the mana, the player pays the parts and the mana in the order they choose (CR 601.2h), one
    "first ..." answer at a time, and "pay automatically" pays the rest in the order listed.
    Mana abilities stay offered until a part is paid. The auto-payer leaves the other parts
    what they need (:func:`kept_for_parts`). ``use`` says what
    the cost is for: mana with a spending restriction pays only where it may (CR 106.6); a
    source whose mana can't pay is still offered, labelled so, as activating it is legal.
    A spell with convoke may also tap creatures, each paying one mana of the cost (CR 702.51a).
    ``exclude``: permanents whose own activation is being paid for (see :func:`pay_cost`); the
    mana abilities that would tap, untap or sacrifice one of them aren't offered, nor a mana
    ability whose activation is under way (CR 605.3c).
    """
    s = ctx.s
    p = s.players[player]
    left = parts.left if parts is not None else []
    spent: dict | None = {} if cost.is_free() else None
    window = True          # CR 601.2g: no cost paid yet, mana abilities may still be activated
    auto = False           # the auto-payer pays the rest in the order listed
    while True:
        paid = _from_pool(s, player, cost, use) if spent is None else None
        if paid is not None and (auto or not left):
            spent = _spend(ctx, player, cost, what, use, paid)
        if spent is not None and (auto or len(left) <= 1):
            if parts is not None:
                parts.pay_rest(s, player)
            return spent
        ready = spent is not None or paid is not None      # CR 601.2h: the total cost can be paid now
        options: list[Action] = []
        plan = None
        keep = exclude
        payable = ready
        if spent is None and window and not ready:
            keep = exclude | parts.kept(s, player) if parts is not None and left else exclude
            # the quick "yes" says a payment exists without finding it: which one is searched
            # for only when the player asks for it (answering "autopay", below)
            payable = mana_abilities.sources_pay(s, player, cost, keep, use) or \
                (plan := mana_abilities.plan_payment(s, player, cost, keep, use)) is not None
        if payable:
            options.append(Action(_AUTOPAY, (), "pay automatically"))
        if ready:
            if spent is None:
                options.append(Action(_PAY_POOL, (), f"first pay {cost} from the mana pool"))
            options += [Action(_COST_PART, (i,), f"first {describe_cost(part)}")
                        for i, part in enumerate(left) if parts is not None and parts.payable(s, player, part)]
        if spent is None and window:
            for o, idx, ab in mana_abilities.mana_sources(s, player):
                # "Activate only any time you could cast an instant": not in the middle of
                # casting or paying (CR 117.1a, 605.3a; Lion's Eye Diamond's ruling)
                if o.id in exclude and (ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self) \
                        or (o.id, idx) in ctx.activating or ab.instant_speed:
                    continue
                options.append(Action(_MANA, (o.id, idx), f"activate {o.card.name}: {ab.text or 'mana'}"
                                      + mana_spend.source_note(s, o, ab, use)))
        if spent is None and use is not None and use.convoke:
            options += _convoke_options(s, player, cost)
        if spent is None and use is not None and (use.improvise or use.delve) and _convoke_paid(cost, "C") is not None:
            options += _improvise_delve_options(s, player, use, options)
        options.append(Action(_CANCEL, (), f"cancel {what}"))
        context = {"cost": str(cost)}
        if not payable:
            context["why"] = mana_abilities.why_unpayable(s, player, cost, exclude, use)
        also = ", ".join(describe_cost(part) for part in left)
        if ready:
            prompt = (f"Pay the total cost of {what} in any order (CR 601.2h): "
                      + (f"{cost} from the mana pool ({mana_spend.pool_text(p)}), " if spent is None else "") + also)
        else:
            prompt = f"Pay {cost} for {what}; mana pool: {mana_spend.pool_text(p)}" + (f"; also to pay: {also}" if also else "")
        answer = ctx.ask(Decision(player, "pay", prompt, tuple(options), context))
        if answer.kind == _CANCEL:
            raise Rollback()
        if answer.kind == _PAY_POOL and paid is not None:
            spent = _spend(ctx, player, cost, what, use, paid)
        elif answer.kind == _COST_PART and parts is not None:
            window = False
            parts.pay(left.pop(answer.args[0]))
        elif answer.kind == _AUTOPAY:
            auto = True
            if ready:
                continue
            if plan is None:
                plan = mana_abilities.plan_payment(s, player, cost, keep, use)
            for oid, idx, output, preset in mana_abilities.keep_hand_castable(s, player, cost, keep, use, plan or []):
                if idx == mana_abilities.CONVOKE:
                    cost = _convoke(ctx, player, s.objs[oid], output[0], cost, use)
                elif idx in mana_abilities.HELPERS:
                    cost = _improvise_or_delve(ctx, player, s.objs[oid], cost, use)
                else:
                    mana_abilities.activate(ctx, player, s.objs[oid], idx, output=output, preset=preset)
        elif answer.kind == _CONVOKE:
            cost = _convoke(ctx, player, s.objs[answer.args[0]], answer.args[1], cost, use)
        elif answer.kind in (_IMPROVISE, _DELVE):
            cost = _improvise_or_delve(ctx, player, s.objs[answer.args[0]], cost, use)
        else:
            oid, idx = answer.args
            mana_abilities.activate(ctx, player, s.objs[oid], idx)


def _from_pool(s, player: int, cost: ManaCost, use) -> tuple | None:
    """How the pool alone pays ``cost``: Phyrexian symbols with mana when it can, else with
    life (CR 107.4f) unless their life total can't change (CR 119.8); None when it can't."""
    paid = mana_spend.pay(s, player, cost, use)
    if paid is None and any(sym.endswith("/P") for sym in cost.symbols) and life_cant_change(s, player) is None:
        paid = mana_spend.pay(s, player, cost, use, use_life=True)
    return paid


def _spend(ctx: Ctx, player: int, cost: ManaCost, what: str, use, paid: tuple) -> dict:
    """CR 601.2h: pay ``cost`` from the pool as :func:`_from_pool` found; the mana spent."""
    s = ctx.s
    p = s.players[player]
    spent, life, taken = paid
    mana_spend.remove(p, spent, taken)
    if life:
        events.lose_life(ctx, player, life, rules=("107.4f", "119.4"))
    s.add_log(f"{p.name} pays {cost} for {what} with "
              f"{format_mana([t for t, n in spent.items() for _ in range(n)])}"
              + (f" and {life} life" if life else ""), ("601.2h",), "pay")
    if p.special_mana or taken:
        mana_spend.spent(ctx, player, taken, use, what)
    return spent


def pay_spell_costs(ctx: Ctx, player: int, spell, total: ManaCost, others: list[ir.Cost],
                    use: mana_spend.ManaUse) -> dict:
    """CR 601.2g-h: pay a spell's total cost: its mana and ``others``, the parts of its
    announced costs that aren't mana (a sacrifice, a discard, life), which the caster may pay
    before or between mana abilities; those not paid so are paid after the mana. Returns the
    mana spent."""
    left = PartsLeft(list(others), spell, lambda cost: alt_costs.pay_other(ctx, player, spell, cost))
    paid = pay_mana(ctx, player, total, spell.card.name, use=use, parts=left)
    return paid


def _convoke_options(s, player: int, cost: ManaCost) -> list[Action]:
    """CR 702.51a: each untapped creature may pay one mana of its colors, or generic mana."""
    out = []
    for o in s.permanents(player):
        if o.tapped or not ch.is_creature(s, o):
            continue
        for t in mana_abilities.convoke_types(s, o):
            found = _convoke_paid(cost, t)
            if found is not None:
                out.append(Action(ActionKind.CONVOKE, (o.id, t), f"convoke: tap {o.card.name} to pay {found[1]}"))
    return out


def _convoke_paid(cost: ManaCost, t: str) -> tuple[ManaCost, str] | None:
    """What a creature convoking one mana of type ``t`` ("C": generic only) pays, and the cost
    left: a symbol of its color first, else a hybrid or Phyrexian one it can pay, else {1}."""
    symbols = list(cost.symbols)
    if t != "C":
        for i, sym in enumerate(symbols):
            if sym == t or (len(sym) > 1 and t in sym.split("/")):
                return ManaCost(tuple(symbols[:i] + symbols[i + 1:])), f"{{{sym}}}"
    for i, sym in enumerate(symbols):
        if sym.isdigit() and int(sym) > 0:
            rest = [str(int(sym) - 1)] if int(sym) > 1 else []
            return ManaCost(tuple(symbols[:i] + rest + symbols[i + 1:])), "{1}"
    return None


def _convoke(ctx: Ctx, player: int, o: Obj, t: str, cost: ManaCost, use) -> ManaCost:
    """Tap ``o`` to convoke the spell: it pays one mana of the cost (CR 702.51a, 702.51c)."""
    s = ctx.s
    found = _convoke_paid(cost, t)
    assert found is not None            # offered only where it pays (convoke_actions)
    left, paid = found
    events.tap(ctx, o, "convoke, CR 702.51a", quiet=True)
    s.add_log(f"{s.players[player].name} taps {o.card.name} to convoke {use.label}, paying {paid}",
              ("702.51a", "702.51c"), "pay")
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "convoke", s.objs[use.oid].card)
    return left


# Improvise (CR 702.126) and delve (CR 702.66): like convoke, they pay part of the total cost
# after it is determined, each tapped artifact or exiled card paying {1} of its generic mana.


def _improvise_delve_options(s, player: int, use, options: list[Action]) -> list[Action]:
    """The artifacts ``player`` may tap to improvise (not one already offered to convoke) and
    the cards they may exile from their graveyard to delve, each for {1}."""
    out = []
    if use.improvise:
        convoking = {a.args[0] for a in options if a.kind == ActionKind.CONVOKE}
        out += [Action(ActionKind.IMPROVISE, (o.id,), f"improvise: tap {o.card.name} to pay {{1}}")
                for o in s.permanents(player)
                if not o.tapped and ch.is_type(s, o, "Artifact") and o.id not in convoking]
    if use.delve:
        out += [Action(ActionKind.DELVE, (oid,), f"delve: exile {s.objs[oid].card.name} from the graveyard to pay {{1}}")
                for oid in s.players[player].graveyard]
    return out


def _improvise_or_delve(ctx: Ctx, player: int, o: Obj, cost: ManaCost, use) -> ManaCost:
    """Tap the artifact ``o`` (improvise, CR 702.126a) or exile the card ``o`` from the
    graveyard (delve, CR 702.66a): it pays {1} of the cost."""
    s = ctx.s
    found = _convoke_paid(cost, "C")
    assert found is not None            # offered only while generic mana is left to pay
    left, _ = found
    spell = s.objs[use.oid].card
    who = s.players[player].name
    if o.zone == GRAVEYARD:
        events.move(ctx, o, EXILE, quiet=True)
        s.add_log(f"{who} exiles {o.card.name} from their graveyard to delve {use.label}, paying {{1}}",
                  ("702.66a", "702.66b"), "pay")
        name = "delve"
    else:
        events.tap(ctx, o, "improvise, CR 702.126a", quiet=True)
        s.add_log(f"{who} taps {o.card.name} to improvise {use.label}, paying {{1}}", ("702.126a", "702.126b"),
                  "pay")
        name = "improvise"
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", name, spell)
    return left


def pay_cost(ctx: Ctx, player: int, o: Obj, cost: ir.Cost, what: str,
             preset: dict | None = None, mana_ability: bool = False,
             use: mana_spend.ManaUse | None = None, cycling: bool = False, x: int | None = None) -> None:
    """CR 602.2b, 118: pay every part of a cost, each by its class (:data:`.cost_parts.PARTS`).
    {T}, {Q}, loyalty and counters on the source first; then mana abilities, before the other
    parts (:func:`.cost_parts.around_mana`) are paid (CR 601.2g: a land tapped for mana may
    then be sacrificed), and the mana and those parts in the order the player chooses
    (:func:`pay_mana`, CR 601.2h); the source leaving last. Without mana to pay, the parts are
    paid in their order (``ir.COST_PARTS``).
    ``preset`` may hold choices made in advance by the auto-payer (``ir.TapUntappedCost``: ids).
    The mana is never paid with a permanent this cost or an outer one (a mana ability paying
    for another's cost) taps, untaps or sacrifices (:func:`kept_by`). ``use`` defaults to an
    ability of ``o``; ``cycling``: the cost is a cycling cost, whose discard cycles the card,
    with ``x`` the X chosen for it."""
    s = ctx.s
    pay = Payment(ctx, player, what, preset, mana_ability, cycling, x)
    parts = around_mana(cost) if cost.mana is not None and not cost.mana.is_free() else ()
    o = pay_parts(pay, o, cost, _FIRST if parts else _BEFORE_LEAVING)
    if cost.mana is not None:
        # an outer activation's permanents stay kept while this one's mana is paid: a
        # sacrifice paid below (Rith's Attendant) can't be paid by sacrificing it first
        left = PartsLeft(list(parts), o, lambda part: pay_parts(pay, s.objs.get(o.id, o), part, _AROUND))
        outer = ctx.paying
        ctx.paying = outer | kept_by(s, o, cost, mana_ability)
        try:
            pay_mana(ctx, player, cost.mana, what, exclude=ctx.paying, use=use or ability_use(o, cost.mana),
                     parts=left if parts else None)
        finally:
            ctx.paying = outer
        o = s.objs.get(o.id, o)
    pay_parts(pay, o, cost, _LAST)


_FIRST = frozenset((When.FIRST,))
_AROUND = frozenset((When.AROUND_MANA,))
_BEFORE_LEAVING = frozenset((When.FIRST, When.AROUND_MANA))
_LAST = frozenset((When.LAST,))


def _assist(ctx: Ctx, player: int, spell: Obj, total: ManaCost, use) -> ManaCost:
    """CR 702.132a: before paying, the caster may choose another player, who may then pay any
    part of the generic mana of the total cost, activating their own mana abilities; the caster
    pays the rest. Only amounts the helper could pay are offered."""
    s = ctx.s
    helpers = [p for p in s.in_turn_order(player)[1:]
               if mana_abilities.can_afford(s, p, ManaCost(("1",)), use=use)]
    if not helpers:
        return total
    who = s.players[player].name
    if len(s.players) == 2:                   # the other player, the only one who could help
        answer = ctx.ask(Decision(player, "assist", f"Assist: choose {s.players[helpers[0]].name} to help pay "
                                  f"the generic mana of {spell.card.name}? (CR 702.132a)",
                                  (Action(ActionKind.NO, (), "no"), Action(ActionKind.YES, (), f"choose {s.players[helpers[0]].name}"))))
    else:
        answer = ctx.ask(Decision(player, "assist", f"Assist: choose another player to help pay the generic "
                                  f"mana of {spell.card.name}? (CR 702.132a)",
                                  (Action(ActionKind.NO, (), "no"),) + tuple(Action(ActionKind.YES, (p,), f"choose {s.players[p].name}")
                                                                    for p in helpers)))
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "assist", spell.card)
    if answer.kind != ActionKind.YES:
        return total
    helper = answer.args[0] if answer.args else helpers[0]
    other = s.players[helper].name
    s.add_log(f"{who} chooses {other} to assist with {spell.card.name}", ("702.132a",), "choice")
    top = 0
    while top < total.generic and mana_abilities.can_afford(s, helper, ManaCost((str(top + 1),)), use=use):
        top += 1
    answer = ctx.ask(Decision(helper, "assist_pay", f"Pay how much of the generic mana of {possessive(spell.card.name)} "
                              f"total cost {total} for {who}? (CR 702.132a)",
                              tuple(Action(ActionKind.ASSIST_PAY, (n,), f"pay {{{n}}}" if n else "pay nothing")
                                    for n in range(top + 1))))
    n = answer.args[0]
    if not n:
        s.add_log(f"{other} pays none of {possessive(spell.card.name)} cost", ("702.132a",), "choice")
        return total
    pay_mana(ctx, helper, ManaCost((str(n),)), f"{spell.card.name} (assist)", use=use)
    rest = tuple(sym for sym in total.symbols if not sym.isdigit())
    left = total.generic - n
    return ManaCost(((str(left),) if left else ()) + rest)


# ------------------------------------------------------------------------------ casting


def choose_x(ctx: Ctx, player: int, cost: ManaCost, label: str, exclude: frozenset[int] = mana_abilities.NO_ONE,
             total=None, use=None, least: int = 0, fits=None) -> int:
    """CR 601.2b, 107.3a: announce X. Offered values are those the player could pay: ``total``
    gives the cost to pay for an X, when it isn't just the cost with that X (CR 601.2f);
    ``least``: X divided among that many targets is at least that (CR 601.2d); ``fits``: the
    values the targets chosen allow (:func:`targets.x_fits`)."""
    if not cost.x_count:
        return 0
    s = ctx.s
    top = 0
    for x in range(1, MAX_X + 1):
        if not mana_abilities.can_afford(s, player, total(x) if total else cost.with_x(x), exclude, use):
            break
        top = x
    if top < least:
        raise Rollback()        # CR 601.2d: too little to give each target 1; never cast
    options = tuple(Action(ActionKind.X, (x,), f"X = {x}") for x in range(least, top + 1) if fits is None or fits(x))
    if not options:
        raise Rollback()        # CR 601.2c: no X the player can pay makes the targets legal
    answer = ctx.ask(Decision(player, "x", f"Choose X for {label} (CR 107.3a)", options))
    return answer.args[0]


def _choose_life_x(ctx: Ctx, player: int, label: str, least: int = 0) -> int:
    """CR 601.2b, 107.3a: X of an additional cost "pay X life", announced even when the spell is
    cast without paying its mana cost (it is no mana cost). A player may pay at most their life
    total, and 0 whatever it is or when it can't change (CR 119.4, 119.8); ``least``: X divided
    among that many targets is at least that (CR 601.2d)."""
    s = ctx.s
    top = 0 if life_cant_change(s, player) is not None else max(0, min(s.players[player].life, MAX_X))
    if top < least:
        raise Rollback()        # CR 601.2d: too little to give each target 1; never cast
    options = tuple(Action(ActionKind.X, (x,), f"X = {x}") for x in range(least, top + 1))
    answer = ctx.ask(Decision(player, "x", f"Choose X for {label}: pay X life (CR 107.3a, 119.4)", options))
    return answer.args[0]


def _life_x_paid(cost: ir.Cost, x: int) -> ir.Cost:
    """``cost`` with its "pay X life" made "pay ``x`` life" once X is announced."""
    return ir.Cost(cost.mana, tuple(ir.PayLifeCost(x) if type(p) is ir.PayLifeCost and p.x else p
                                    for p in cost.parts))


def _choose_loyalty_x(ctx: Ctx, player: int, o: Obj, label: str, fits=None) -> int:
    """CR 107.3, 606.6: X of a "-X" loyalty cost, at most the loyalty counters ``o`` has, and
    one the targets chosen allow (``fits``, :func:`targets.x_fits`)."""
    options = tuple(Action(ActionKind.X, (x,), f"X = {x}") for x in range(loyalty.loyalty(o) + 1)
                    if fits is None or fits(x))
    if not options:
        raise Rollback()
    answer = ctx.ask(Decision(player, "x", f"Choose X for {label} (CR 107.3a, 606.6)", options))
    ctx.s.add_log(f"X is {answer.args[0]}", ("107.3a", "602.2b"), "choice")
    return answer.args[0]


def cast(ctx: Ctx, player: int, oid: int, face_down: bool = False, adventure: bool = False,
         half: int | None = None, fused: bool = False) -> None:
    """CR 601.2a-i; ``face_down``: with morph, as a face-down 2/2 for {3} (CR 702.37c);
    ``adventure``: an adventurer card from the hand as its Adventure (CR 715.3); ``half``: one
    half of a split card (CR 709.3), ``fused``: both halves of one with fuse (CR 702.102a)."""
    s = ctx.s
    o = s.objs[oid]
    if adventure and (o.zone != HAND or o.owner != player or adventure_rules.as_adventure(o) is None):
        raise IllegalActionError(f"{o.card.name} can't be cast as an Adventure now (CR 715.3)")
    if face_down and o not in morph.castable_face_down(s, player):
        raise IllegalActionError(f"{o.card.name} can't be cast face down now (CR 702.37d)")
    split = half is not None or fused
    as_split = split_cards.as_fused(o) if fused else split_cards.as_half(o, half) if half is not None else None
    if split:
        problem = "it has no such half" if as_split is None else split_cards.zone_problem(o, player, None if fused else half)
        if problem:
            raise IllegalActionError(f"{o.card.name} can't be cast so: {problem}")
    elif (o.zone != HAND or o.owner != player) and oid not in exiled_playable(s, player) \
            and oid not in alt_costs.flashback_cards(s, player) \
            and not (o.zone == COMMAND and o.owner == player and commanders.is_commander(s, o)):
        raise IllegalActionError(f"{o.card.name} is not in {s.players[player].name}'s hand")
    if as_split is not None:
        card = as_split.card
    elif adventure:
        assert o.card.adventure is not None      # checked by as_adventure above
        card = o.card.adventure
    else:
        card = o.card
    from_graveyard = o.zone == GRAVEYARD
    from_hand = o.zone == HAND
    origin = CAST_FROM.get(o.zone)        # where it is cast from (conditions.CAST_FROM)
    rebound = o.zone == HAND and alt_costs.keyword(o.card, "rebound") is not None
    late = "Instant" not in o.card.types and not sorcery_timing(s, player)   # CR 307.1: a time a sorcery couldn't
    tax = alt_costs.flash_tax(s, player, o) is not None     # "if you pay {2} more" (Ghitu Fire)
    flash_needed = not ch.has(s, o, "flash")   # cast by the card's own "as though it had flash" (its rulings)
    costs = () if split else alt_costs.cast_from(o, s)
    s.add_log(f"{s.players[player].name} casts {card.name}" + (" face down" if face_down else "")
              + (f", the Adventure of {o.card.name}" if adventure else "")
              + (" as a fused split spell" if fused else "")
              + (" from the graveyard (aftermath)" if split and from_graveyard else ""),
              ("601.2a", "702.37c") if face_down else ("601.2a", "715.3") if adventure else
              ("601.2a", "702.102a") if fused else ("601.2a", "709.3", "702.127a") if split and from_graveyard
              else ("601.2a", "709.3") if split else ("601.2a",), "cast")
    spell = events.move(ctx, o, STACK, controller=player, quiet=True)
    assert spell is not None           # a card cast is never replaced on its way to the stack
    if adventure:                      # only the Adventure's characteristics on the stack (CR 715.3b)
        adventure_rules.turn_to_adventure(spell)
    if split:                          # only the half cast, or both fused (CR 709.3b, 702.102b)
        spell.card = card
    if face_down:                      # turned face down before it is put on the stack (CR 708.4)
        morph.turn_down(spell)
        card, costs = spell.card, (morph.MORPH,)
    item = StackItem(s.next_id, "spell", spell.id, player, card, spell_ability_index(card), card.name)
    s.next_id += 1
    s.stack.append(item)
    emerging = alt_costs.announce(ctx, player, spell, costs, from_hand)     # CR 601.2b: kicker, buyback, ...
    if "overload" in spell.cast_costs and card.overloaded is not None:
        spell.printed, spell.card = card, card.overloaded      # its text changed (CR 702.96b)
        card = item.card = card.overloaded
        item.index = spell_ability_index(card)
        s.add_log(f"{card.name} is overloaded: every \"target\" in its text becomes \"each\"", ("702.96b",), "cast")
    if "bestow" in spell.cast_costs and card.bestowed is not None:
        spell.printed, spell.card = card, card.bestowed      # an Aura spell (CR 702.103b)
        card = item.card = card.bestowed
        item.index = spell_ability_index(card)
        s.add_log(f"{card.name} is cast bestowed: it is an Aura spell with enchant creature", ("702.103b",), "cast")
    spliced: tuple = ()
    if not split and not face_down and card.subtypes:      # reveal cards to splice (CR 702.47a)
        new, spliced = splice.choose(ctx, player, spell, card, alt_costs.parts(card, spell.cast_costs)[0])
        if spliced:
            spell.printed, spell.card = card, new
            card = item.card = new
            item.index = spell_ability_index(card)
    if split and from_graveyard:       # exiled as it leaves the stack (CR 702.127a)
        spell.cast_costs += (split_cards.AFTERMATH,)
    if rebound:                        # cast from the hand: exiled as it resolves (CR 702.88a)
        spell.cast_costs += ("rebound",)
    if origin is not None:
        spell.cast_costs += (origin,)
    if late and flash_needed and any(type(ab) is ir.CastAsThoughFlash and ab.then for ab in card.abilities):
        spell.cast_costs += ("flash_timing",)      # Armor of Thorns: sacrificed at the next cleanup
    if tax:
        spell.cast_costs += (alt_costs.FLASH_TAX,)
    if exercise.RECORD is not None:
        exercise.note("LAYOUTS", card.layout.value, card)
        if fused or (split and from_graveyard):
            exercise.note("KEYWORDS", "fuse" if fused else "aftermath", card)
    ab = casting_ability(card)
    if (ab is not None or extra_targets(spell)) and not choose_modes_and_targets(ctx, item, spell, player, ab):
        raise Rollback()  # CR 601.2c, 601.2e: the cast can't be completed; it never happened
    base, others = alt_costs.parts(card, spell.cast_costs)
    for cost in spliced:               # splice costs are additional costs (CR 702.47a, 601.2f)
        base = alt_costs.plus(base, cost)
    base = alt_costs.per_target(s, card, item.targets, base)     # strive (CR 601.2f)
    base = alt_costs.per_mode(s, card, item.modes, base)         # escalate (CR 702.120a)
    others = others + alt_costs.per_mode_parts(card, item.modes)  # its parts that aren't mana
    item.x = choose_x(ctx, player, base, card.name,
                      total=lambda x: total_cost(s, player, spell, x, base)[0], use=spell_use(spell, base),
                      least=division_least(item, ab), fits=x_fits(s, item, spell, player))
    spell.cast_x = item.x              # CR 202.3e: X counts in its mana value on the stack
    if not base.x_count and any(p.x for c in others for p in c.parts if type(p) is ir.PayLifeCost):
        item.x = _choose_life_x(ctx, player, card.name, division_least(item, ab))   # not in the mana value
        others = [_life_x_paid(c, item.x) for c in others]
        if exercise.RECORD is not None:       # paid as "pay N life" from here on (alt_costs.pay_other)
            for aspect in ("PayLifeCost", "PayLifeCost.x"):
                exercise.note("ADDITIONAL_COST_PARTS", aspect, card)
    if item.x:
        s.add_log(f"X is {item.x}", ("107.3a", "601.2b"), "choice")
    if item.targets:
        s.add_log(f"{card.name} targets " + ", ".join(describe_target(s, t) for g in item.targets for t in g),
                  ("601.2c",), "cast")
    if not choose_division(ctx, item, player, ab):       # CR 601.2d
        raise Rollback()
    total, why = total_cost(s, player, spell, item.x, base, tuple(t for g in item.targets for t in g))
    if emerging is not None:           # CR 702.119a: less the mana value of the creature to sacrifice
        fodder = s.objs[emerging]
        total = alt_costs.emerge_reduced(total, fodder)
        why = why + [f"minus {ch.mana_value(fodder)} for sacrificing {fodder.card.name} (emerge, CR 702.119a)"]
    alt_costs.log_total(s, card, spell.cast_costs, base.with_x(item.x), total, why)
    if alt_costs.keyword(card, "assist") is not None and total.generic:
        total = _assist(ctx, player, spell, total, spell_use(spell, base))
    ctx.sacrificed = []
    item.paid = pay_spell_costs(ctx, player, spell, total, others, spell_use(spell, base))
    if emerging is not None:
        _sacrifice_for_emerge(ctx, player, emerging)
    _remember_sacrificed(ctx, item)
    count_cast(s, player, spell)
    if FROM_COMMAND in spell.cast_costs and commanders.is_commander(s, spell):
        commanders.note_cast(s, player, spell)          # the next cast from there costs {2} more (CR 903.8)
    s.add_log(f"{card.name} is cast", ("601.2i",), "cast")
    events.collect(ctx, SpellCast(player, spell.id, item.id))
    announce_targets(ctx, item)        # CR 702.21a: ward sees what became a target


def _sacrifice_for_emerge(ctx: Ctx, player: int, oid: int) -> None:
    """CR 702.119c, 601.2h: the creature chosen as the emerge cost was announced is sacrificed as
    the total cost is paid; gone or no longer theirs by then (a mana ability used it up), the
    cost can't be paid and the cast is undone."""
    s = ctx.s
    fodder = s.objs.get(oid)
    if fodder is None or fodder.zone != BATTLEFIELD or fodder.controller != player or not ch.is_creature(s, fodder):
        raise Rollback()
    ctx.sacrificed.append(last_known_stats(s, fodder))    # "the sacrificed creature" (CR 608.2h)
    events.sacrifice(ctx, fodder)


def _remember_sacrificed(ctx: Ctx, item: StackItem) -> None:
    """CR 608.2h: the permanent sacrificed to pay the cost, as it last existed, for "the
    sacrificed creature's power" as the spell or ability resolves."""
    if ctx.sacrificed:
        item.event = dataclasses.replace(item.event or Seen(), sacrificed=ctx.sacrificed[0])
        ctx.sacrificed = []


def activate(ctx: Ctx, player: int, oid: int, idx: int) -> None:
    """CR 602.2: announce, choose targets and X, pay; the ability goes on the stack."""
    s = ctx.s
    o = s.objs[oid]
    card = layers.card_now(s, o) if o.zone == BATTLEFIELD else o.card   # granted ones too (CR 613.1f)
    ab = ability_at(card, idx)
    label = f"{possessive(o.card.name)} ability"
    item = StackItem(s.next_id, "activated", o.id, player, card, idx, label)
    s.next_id += 1
    if o.zone in (Zone.HAND, Zone.LIBRARY):     # CR 602.2a: activated from a hidden zone, it is revealed
        s.add_log(f"{s.players[player].name} reveals {o.card.name} from their {o.zone} and activates it: "
                  f"{ab.text}", ("602.2a", "701.20a"), "activate")
    else:
        s.add_log(f"{s.players[player].name} activates {o.card.name}: {ab.text}", ("602.2a",), "activate")
    if not choose_modes_and_targets(ctx, item, o, player, ab):
        raise Rollback()  # CR 602.2b, 732: the activation can't be completed
    if ab.cost.mana is not None:
        mana = ab.cost.mana
        item.x = choose_x(ctx, player, mana, label, exclude=kept_by(s, o, ab.cost),
                          total=(lambda x: mana.with_x(x, ab.x_mana)) if ab.x_mana else None,
                          use=ability_use(o, ab.cost.mana), least=division_least(item, ab),
                          fits=x_fits(s, item, o, player))
    cost = ab.cost
    symbol = cost.part(ir.LoyaltySymbol)
    if symbol is not None and symbol.x:  # "-X": X up to the loyalty it has (CR 107.3, 606.6)
        item.x = _choose_loyalty_x(ctx, player, o, label, x_fits(s, item, o, player))
        cost = ir.Cost(cost.mana, tuple(ir.LoyaltySymbol(-item.x) if p is symbol else p for p in cost.parts))
    if not choose_division(ctx, item, player, ab):       # CR 601.2d
        raise Rollback()
    if o.zone == BATTLEFIELD:         # CR 602.5b, 606.3 (objects in a hand are shared, never changed)
        o = s.own(o.id)                 # changed below: the state's own (copy on write)
        loyalty.record_activation(s, o, idx, ab)
    if cost.mana is not None and cost.mana.x_count:
        cost = dataclasses.replace(cost, mana=cost.mana.with_x(item.x, ab.x_mana))   # CR 107.3
    s.stack.append(item)
    if cost.source_leaves:
        # CR 608.2h: the source that left to pay the cost is seen as it last existed
        item.event = Seen(counters=dict(o.counters), attached_to=o.attached_to)
    ctx.sacrificed = []
    pay_cost(ctx, player, o, cost, label, use=ability_use(o, ab.cost.mana), cycling=ab.cycling, x=item.x)
    _remember_sacrificed(ctx, item)
    before, o = o, s.objs.get(oid, o)  # as paying the cost left it (tapped, counters: State.own)
    note_activation(s, o, ab)          # CR 602.5b: "Activate only once each turn"
    s.add_log(f"{label} is put on the stack", ("602.2", "405.1"), "stack")
    # CR 602.2b, 601.2i: it became activated (a mana ability never gets here, CR 605.3a)
    events.collect(ctx, AbilityActivated(player, oid, item.id, None if oid in s.objs else before))
    announce_targets(ctx, item)        # CR 702.21a: ward sees what became a target


def count_cast(s, player: int, spell: Obj) -> None:
    """CR 601.2i: the spell became cast; counted for the turn and the game (Once Upon a Time's
    "the first spell you've cast this game"), and apart if it is a creature spell (Vengevine's
    "the second creature spell you cast this turn")."""
    p = s.players[player]
    p.spells_cast_this_turn += 1
    p.spells_cast_this_game += 1
    if ch.is_creature(s, spell):
        p.creature_spells_cast_this_turn += 1
