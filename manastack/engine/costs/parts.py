"""Each kind of cost part (CR 118.3, 602.2b, 601.2h): whether it can be paid now, when it is paid
among the others, how it reads, and paying it.

A cost is its mana and a tuple of parts, one record per kind (``ir.COST_PARTS``). :data:`PARTS`
holds the rules of every kind, looked up by the part's class; :mod:`.casting` checks and pays a
whole cost through it (``cost_payable``, ``pay_cost``), and the mana around the parts paid in
any order (CR 601.2g-h). A new kind of part is a record in ``ir``, its place in
``ir.COST_PARTS``, and one entry here.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from typing import Any

from manastack.oracle import ir

from .. import characteristics as ch
from .. import commanders
from .. import events
from ..mechanics import loyalty
from .checks import summoning_sick, tappable, untappable
from ..mechanics.crew import crew_payable, pay_crew
from ..decisions import Action, ActionKind, Decision
from ..filters import life_cant_change, matches, objects_matching
from ..runner import Ctx
from ..state import Obj, State
from ..zones import BATTLEFIELD, EXILE, HAND


class When(IntEnum):
    """When a part is paid among the others. The parts that use other permanents, cards, life or
    energy may be paid before, between or after mana abilities, in any order (CR 601.2g-h,
    605.3a: ``AROUND_MANA``); what the permanent itself does ({T}, {Q}, loyalty, its counters,
    exerting it) comes first, and the permanent leaving (sacrificed, exiled, returned,
    discarded) last: its own mana abilities can't pay either way (``casting.kept_by``), so
    their order changes nothing."""

    FIRST = 0
    AROUND_MANA = 1
    LAST = 2


@dataclass(frozen=True, slots=True)
class Payment:
    """A cost being paid: by ``player`` for ``what`` (the log's words); ``preset``: choices the
    auto-payer made in advance (``ir.TapUntappedCost``: the ids to tap); ``mana_ability``: the
    cost is a mana ability's; ``cycling``: discarding the card cycles it (CR 702.29a)."""

    ctx: Ctx
    player: int
    what: str
    preset: dict | None = None
    mana_ability: bool = False
    cycling: bool = False
    x: int | None = None      # the X of the activation whose cost this is (CR 107.3e)


@dataclass(frozen=True, slots=True)
class PartRules:
    """The rules of one kind of cost part.

    ``why_not(s, o, payer, part, cost)``: why ``payer`` can't pay ``part`` of ``cost`` for
    ``o`` (the spell, the permanent or the card whose cost it is) now, with the rules; None when
    they can. ``pay(payment, o, part)``: pay it, returning ``o`` as paying left it (tapped,
    counters: :meth:`State.own`). ``words(part)``: how it reads ("sacrifice a land").
    ``when``: see :class:`When`."""

    why_not: Callable[[State, Obj, int, Any, ir.Cost], str | None]
    pay: Callable[[Payment, Obj, Any], Obj]
    words: Callable[[Any], str]
    when: When


# ------------------------------------------------------------------------------ what paying uses


def discardable(s: State, player: int, o: Obj, part: ir.DiscardCost) -> list[int]:
    """The cards in ``player``'s hand that may be discarded for ``part``: not the card being paid
    for, and of the card type or subtype it names (retrace's land card, CR 702.81a; Snag's Forest
    card, CR 205.3)."""
    kind, sub = part.card_type, part.subtype
    return [c for c in s.players[player].hand if c != o.id and (kind is None or kind in s.objs[c].card.types)
            and (sub is None or sub in s.objs[c].card.subtypes)]


def _discards_payable(s: State, player: int, o: Obj, parts: list[ir.DiscardCost], used: frozenset[int] = frozenset()) -> bool:
    """Whether different cards of the hand can pay each of the discard ``parts`` of one cost (CR
    118.3): "discard an Island card and another card" needs two cards, one an Island."""
    if not parts:
        return True
    first, rest = parts[0], parts[1:]
    options = [c for c in discardable(s, player, o, first) if c not in used]
    if first.count > 1 or first.at_random:      # any cards: only how many are left matters
        return len(options) >= first.count and _discards_payable(s, player, o, rest, used | frozenset(options[:first.count]))
    return any(_discards_payable(s, player, o, rest, used | {c}) for c in options)


def _in_hand(s: State, player: int, o: Obj, f: ir.Filter) -> list[int]:
    """The cards in ``player``'s hand ``f`` describes, not the card being paid for."""
    return [c for c in s.players[player].hand if c != o.id and matches(s, s.objs[c], f, o, player)]


def _in_graveyard(s: State, player: int, o: Obj, f: ir.Filter) -> list[int]:
    """The cards in ``player``'s graveyard ``f`` describes (a card whose ability works from there
    may pay with itself, CR 118.3)."""
    return [c for c in s.players[player].graveyard if matches(s, s.objs[c], f, o, player)]


def _counter_takers(s: State, player: int, o: Obj, part: ir.PutCounterCost) -> list[int]:
    """The permanents ``part``'s counter may be put on: ``o`` itself on the battlefield, or those
    of ``player``'s its filter describes."""
    if part.filter is None:
        return [o.id] if o.zone == BATTLEFIELD else []
    return [p.id for p in objects_matching(s, part.filter, o, player)]


def last_known_stats(s: State, o: Obj) -> dict:
    """Power, toughness and mana value of a permanent about to leave (CR 608.2h)."""
    return {"power": ch.power(s, o), "toughness": ch.toughness(s, o), "mana_value": ch.mana_value(o)}


def _pick(pay: Payment, kind: str, prompt: str, choices: list[int]) -> int:
    s = pay.ctx.s
    answer = pay.ctx.ask(Decision(pay.player, kind, prompt,
                                  tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name) for c in choices)))
    return answer.args[0]


_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_NUMBERS = ("", "a", "two", "three", "four", "five", "six", "seven")


def _noun(f: ir.Filter | None, n: int, adjective: str = "") -> str:
    """"a land", "three lands", "an untapped creature", "two creature cards": a filter of a
    cost, counted (None: cards)."""
    if f is None:
        words = [adjective, "card"]
    else:
        words = [adjective] + [w.lower() for w in f.supertypes] + [_COLORS.get(c, c) for c in f.colors] \
            + list(f.subtypes) + [t.lower() for t in f.types]
        if not words[1:]:
            words.append("permanent")
        if f.zone != BATTLEFIELD:
            words.append("card")
    noun = " ".join(w for w in words if w)
    count = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    if n == 1 and noun[0] in "aeiou":
        count = "an"
    return f"{count} {noun}{'s' * (n != 1)}"


_SICK = ("it is a creature that hasn't been under its controller's control since their most recent turn "
         "began (CR 302.6)")


# ------------------------------------------------------------------------------ {T}, {Q}, loyalty


def _tap_why_not(s: State, o: Obj, payer: int, part: ir.TapSymbol, cost: ir.Cost) -> str | None:
    if o.tapped:
        return "it is tapped, so it can't pay {T} (CR 107.5)"
    return _SICK if summoning_sick(s, o) else None


def _pay_tap(pay: Payment, o: Obj, part: ir.TapSymbol) -> Obj:
    return events.tap(pay.ctx, o, "cost {T}, CR 107.5", quiet=False)


def _untap_why_not(s: State, o: Obj, payer: int, part: ir.UntapSymbol, cost: ir.Cost) -> str | None:
    if not o.tapped:
        return "it is untapped, so it can't pay {Q} (CR 107.6)"
    return _SICK if summoning_sick(s, o) else None


def _pay_untap(pay: Payment, o: Obj, part: ir.UntapSymbol) -> Obj:
    return events.untap(pay.ctx, o, "cost {Q}, CR 107.6", quiet=False)


def _loyalty_why_not(s: State, o: Obj, payer: int, part: ir.LoyaltySymbol, cost: ir.Cost) -> str | None:
    if part.amount < 0 and loyalty.loyalty(o) < -part.amount:
        return f"it has fewer than the {-part.amount} loyalty counters to remove (CR 606.6)"
    return None


def _pay_loyalty(pay: Payment, o: Obj, part: ir.LoyaltySymbol) -> Obj:
    """CR 606.4: loyalty counters put on or removed ("-X" has its X by now: ``casting.activate``)."""
    if part.amount > 0:
        return events.add_counters(pay.ctx, o, loyalty.LOYALTY, part.amount, f"cost of {pay.what}, CR 606.4",
                                   by_effect=False)
    if part.amount < 0:
        return events.remove_counters(pay.ctx, o, loyalty.LOYALTY, -part.amount, f"cost of {pay.what}, CR 606.4")
    return o


def _loyalty_words(part: ir.LoyaltySymbol) -> str:
    return "-X" if part.x else f"{part.amount:+d}" if part.amount else "0"


# ------------------------------------------------------------------------------ the permanent itself


def _remove_counters_why_not(s: State, o: Obj, payer: int, part: ir.RemoveCountersCost,
                             cost: ir.Cost) -> str | None:
    if o.counters.get(part.kind, 0) < part.count:
        return f"it has fewer than {part.count} {part.kind} counter{'s' * (part.count != 1)} to remove (CR 118.3)"
    return None


def _pay_remove_counters(pay: Payment, o: Obj, part: ir.RemoveCountersCost) -> Obj:
    return events.remove_counters(pay.ctx, o, part.kind, part.count, f"cost of {pay.what}")


def _any_counters_why_not(s: State, o: Obj, payer: int, part: ir.RemoveAnyCountersCost,
                          cost: ir.Cost) -> str | None:
    return None         # any number, none included


def _pay_any_counters(pay: Payment, o: Obj, part: ir.RemoveAnyCountersCost) -> Obj:
    # only a mana ability has this part (support.gaps); mana_abilities.activate has its number
    # chosen and makes it a RemoveCountersCost before paying (CR 602.2b, 608.2c)
    raise TypeError(f"{o.card.name}: removing any number of counters is paid only by a mana ability")


def _on_battlefield(s: State, o: Obj, payer: int, part: ir.ExertCost | ir.ReturnSelfCost,
                    cost: ir.Cost) -> str | None:
    return None if o.zone == BATTLEFIELD else "it is not on the battlefield (CR 118.3)"


def _pay_exert(pay: Payment, o: Obj, part: ir.ExertCost) -> Obj:
    events.exert(pay.ctx, o, pay.player, ("701.43a", "118.3"))
    return o


def _nothing_to_check(s: State, o: Obj, payer: int, part: ir.SacrificeSelfCost, cost: ir.Cost) -> str | None:
    return None         # an ability of a permanent on the battlefield: it is there to sacrifice


def _pay_sacrifice_self(pay: Payment, o: Obj, part: ir.SacrificeSelfCost) -> Obj:
    events.sacrifice(pay.ctx, o)
    return o


def _discard_self_why_not(s: State, o: Obj, payer: int, part: ir.DiscardSelfCost, cost: ir.Cost) -> str | None:
    return None if o.zone == HAND else "it is not in a hand (CR 702.29a, 113.6k)"


def _pay_discard_self(pay: Payment, o: Obj, part: ir.DiscardSelfCost) -> Obj:
    if pay.cycling:
        events.cycle(pay.ctx, pay.player, o, pay.x)
    else:
        events.discard(pay.ctx, pay.player, o)
    return o


def _exile_self_why_not(s: State, o: Obj, payer: int, part: ir.ExileSelfCost, cost: ir.Cost) -> str | None:
    # CR 702.97a, 113.6k: "Exile ~ from your graveyard" works only from there
    return None if o.zone == part.zone else f"it is not in the {part.zone} to exile from (CR 118.3)"


def _pay_exile_self(pay: Payment, o: Obj, part: ir.ExileSelfCost) -> Obj:
    events.move(pay.ctx, o, EXILE, cause=f"cost of {pay.what}", rules=("118.3", "406.1"))
    return o


def _pay_return_self(pay: Payment, o: Obj, part: ir.ReturnSelfCost) -> Obj:
    events.move(pay.ctx, o, HAND, cause=f"cost of {pay.what}", rules=("118.3",))
    return o


# ------------------------------------------------------------------------------ other permanents


def _tap_untapped_why_not(s: State, o: Obj, payer: int, part: ir.TapUntappedCost, cost: ir.Cost) -> str | None:
    if len(tappable(s, o, part.filter, cost.tap)) < part.count:
        return f"there are fewer than {part.count} untapped permanents of the kind it must tap (CR 118.3)"
    return None


def _pay_tap_untapped(pay: Payment, o: Obj, part: ir.TapUntappedCost) -> Obj:
    s = pay.ctx.s
    planned = list((pay.preset or {}).get(ir.TapUntappedCost, ()))
    for _ in range(part.count):
        choices = [c.id for c in tappable(s, o, part.filter, False)]   # {T} is paid first: ``o`` is tapped
        picked = planned.pop(0) if planned and planned[0] in choices else _pick(
            pay, "tap_cost", f"Choose an untapped permanent to tap for {pay.what}", choices)
        events.tap(pay.ctx, s.objs[picked], f"cost of {pay.what}, CR 118.3", quiet=False)
    return o


def _untap_tapped_why_not(s: State, o: Obj, payer: int, part: ir.UntapTappedCost, cost: ir.Cost) -> str | None:
    if len(untappable(s, o, part.filter, cost.untap)) < part.count:
        return f"there are fewer than {part.count} tapped permanents of the kind it must untap (CR 118.3)"
    return None


def _pay_untap_tapped(pay: Payment, o: Obj, part: ir.UntapTappedCost) -> Obj:
    s = pay.ctx.s
    for _ in range(part.count):
        choices = [c.id for c in untappable(s, o, part.filter, False)]
        picked = _pick(pay, "untap_cost", f"Choose a tapped permanent to untap for {pay.what}", choices)
        events.untap(pay.ctx, s.objs[picked], f"cost of {pay.what}, CR 118.3", quiet=False)
    return o


def _crew_why_not(s: State, o: Obj, payer: int, part: ir.CrewCost, cost: ir.Cost) -> str | None:
    if not crew_payable(s, o, part.power):
        return f"the other untapped creatures have less than {part.power} total power (CR 702.122a)"
    return None


def _pay_crew(pay: Payment, o: Obj, part: ir.CrewCost) -> Obj:
    pay_crew(pay.ctx, pay.player, o, part.power)
    return o


def _sacrifice_why_not(s: State, o: Obj, payer: int, part: ir.SacrificeCost, cost: ir.Cost) -> str | None:
    if len(objects_matching(s, part.filter, o, payer)) < part.count:
        return f"there are fewer than {part.count} permanents of the kind it must sacrifice (CR 118.3, 701.21a)"
    return None


def _pay_sacrifice(pay: Payment, o: Obj, part: ir.SacrificeCost) -> Obj:
    ctx, s = pay.ctx, pay.ctx.s
    for _ in range(part.count):
        permanents = objects_matching(s, part.filter, o, pay.player)
        answer = ctx.ask(Decision(pay.player, "sacrifice", f"Choose a permanent to sacrifice for {pay.what}",
                                  tuple(Action(ActionKind.CHOOSE, (c.id,), c.card.name) for c in permanents)))
        gone = s.objs[answer.args[0]]
        if not pay.mana_ability:        # "the sacrificed creature's power" (CR 608.2h)
            ctx.sacrificed.append(last_known_stats(s, gone))
        events.sacrifice(ctx, gone)
    return o


def _return_why_not(s: State, o: Obj, payer: int, part: ir.ReturnToHandCost, cost: ir.Cost) -> str | None:
    if len(objects_matching(s, part.filter, o, payer)) < part.count:
        return f"there are fewer than {part.count} permanents of the kind it must return (CR 118.3)"   # Daze's Island
    return None


def _pay_return(pay: Payment, o: Obj, part: ir.ReturnToHandCost) -> Obj:
    """Daze's "return an Island you control to its owner's hand"."""
    ctx, s = pay.ctx, pay.ctx.s
    for _ in range(part.count):
        permanents = objects_matching(s, part.filter, o, pay.player)
        answer = ctx.ask(Decision(pay.player, "return_cost", f"Choose a permanent to return to its owner's hand "
                                  f"for {pay.what}", tuple(Action(ActionKind.CHOOSE, (c.id,), c.card.name)
                                                           for c in permanents)))
        events.move(ctx, s.objs[answer.args[0]], HAND, cause=f"cost of {pay.what}", rules=("118.3",))
    return o


def _return_words(part: ir.ReturnToHandCost) -> str:
    yours = " you control" if part.filter.controller == "you" else ""
    return f"return {_noun(part.filter, part.count)}{yours} to their owner's hand"


def _put_counter_why_not(s: State, o: Obj, payer: int, part: ir.PutCounterCost, cost: ir.Cost) -> str | None:
    return None if _counter_takers(s, payer, o, part) else "there is no permanent to put the counter on (CR 118.3)"


def _pay_put_counter(pay: Payment, o: Obj, part: ir.PutCounterCost) -> Obj:
    """"Put a -1/-1 counter on ~" / "on a creature you control"."""
    s = pay.ctx.s
    takers = _counter_takers(s, pay.player, o, part)
    picked = takers[0] if part.filter is None else _pick(
        pay, "choose_permanent", f"Choose a permanent to put a {part.kind} counter on for {pay.what}", takers)
    put_on = events.add_counters(pay.ctx, s.objs[picked], part.kind, 1, f"cost of {pay.what}, CR 118.3",
                                 by_effect=False)
    return put_on if picked == o.id else o


def _put_counter_words(part: ir.PutCounterCost) -> str:
    return f"put a {part.kind} counter on " + ("it" if part.filter is None else _noun(part.filter, 1))


# ------------------------------------------------------------------------------ cards, life, energy


def _life_amount(s: State, payer: int, part: ir.PayLifeCost) -> int | None:
    """The life ``part`` asks of ``payer``; None when it is undefined: the number of colors in
    the commanders' color identity of a player who has no commander (CR 903.4f)."""
    if not part.commander_colors:
        return part.amount
    colors = commanders.identity(s, payer)
    return None if colors is None else len(colors)


def _life_why_not(s: State, o: Obj, payer: int, part: ir.PayLifeCost, cost: ir.Cost) -> str | None:
    p = s.players[payer]
    amount = _life_amount(s, payer, part)
    if amount is None:
        return f"{p.name} has no commander, so a cost of their commanders' color identity can't be paid (CR 903.4f)"
    if amount == 0:        # CR 119.4: 0 life can always be paid ("pay X life" before X is announced)
        return None
    if p.life < amount:
        return f"{p.name} has less than {amount} life to pay (CR 119.4)"
    if life_cant_change(s, payer) is not None:
        return f"{p.name}'s life total can't change, so they can't pay life (CR 119.4, 119.8)"
    return None


def _pay_life(pay: Payment, o: Obj, part: ir.PayLifeCost) -> Obj:
    amount = _life_amount(pay.ctx.s, pay.player, part)
    rules = ("119.4", "903.4") if part.commander_colors else ("119.4",)
    events.lose_life(pay.ctx, pay.player, amount or 0, rules=rules)
    return o


def _life_words(p: ir.PayLifeCost) -> str:
    if p.commander_colors:
        return "pay life equal to the number of colors in your commanders' color identity"
    return f"pay {'X' if p.x else p.amount} life"


def _energy_why_not(s: State, o: Obj, payer: int, part: ir.PayEnergyCost, cost: ir.Cost) -> str | None:
    p = s.players[payer]
    if p.energy < part.amount:
        return f"{p.name} has fewer than {part.amount} energy counters (CR 107.14, 118.3)"
    return None


def _pay_energy(pay: Payment, o: Obj, part: ir.PayEnergyCost) -> Obj:
    events.pay_energy(pay.ctx, pay.player, part.amount, f"cost of {pay.what}")
    return o


def _discard_why_not(s: State, o: Obj, payer: int, part: ir.DiscardCost, cost: ir.Cost) -> str | None:
    # a card in the hand can't be discarded to pay for casting itself
    if len(discardable(s, payer, o, part)) < part.count:
        return "there are not enough cards in hand to discard (CR 118.3)"
    together = [p for p in cost.parts if type(p) is ir.DiscardCost]
    if len(together) > 1 and not _discards_payable(s, payer, o, sorted(together, key=_narrowest)):
        return "there are not enough cards in hand to discard (CR 118.3)"
    return None


def _narrowest(part: ir.DiscardCost) -> int:
    """The discards of one cost that name a kind of card are matched first."""
    return 0 if part.card_type or part.subtype else 1


def _pay_discard(pay: Payment, o: Obj, part: ir.DiscardCost) -> Obj:
    ctx, s = pay.ctx, pay.ctx.s
    which = f"{part.subtype} card" if part.subtype else f"{part.card_type.lower()} card" if part.card_type else "card"
    for _ in range(part.count):
        hand = discardable(s, pay.player, o, part)
        if part.at_random:              # CR 701.9b: the game's generator picks the card
            picked = hand[s.rng.below(len(hand))]
        else:
            picked = ctx.ask(Decision(pay.player, "discard", f"Choose a {which} to discard for {pay.what}",
                                      tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name)
                                            for c in hand))).args[0]
        events.discard(ctx, pay.player, s.objs[picked])
    return o


def _pay_discard_hand(pay: Payment, o: Obj, part: ir.DiscardHandCost) -> Obj:
    """CR 701.9a: every card of the payer's hand but the one paid for, none when it is empty."""
    ctx, s = pay.ctx, pay.ctx.s
    hand = [c for c in s.players[pay.player].hand if c != o.id]
    s.add_log(f"{s.players[pay.player].name} discards their hand ({len(hand)} card{'s' * (len(hand) != 1)}) "
              f"for {pay.what}", ("118.3", "701.9a"))
    for c in hand:
        events.discard(ctx, pay.player, s.objs[c])
    return o


def _discard_words(part: ir.DiscardCost) -> str:
    kind = part.subtype or (part.card_type.lower() if part.card_type else "")
    if part.x:
        return f"discard X {kind + ' ' if kind else ''}cards" + (" at random" if part.at_random else "")
    return f"discard {_noun(None, part.count, kind)}" + (" at random" if part.at_random else "")


def _exile_hand_why_not(s: State, o: Obj, payer: int, part: ir.ExileFromHandCost, cost: ir.Cost) -> str | None:
    if len(_in_hand(s, payer, o, part.filter)) < part.count:
        return f"there are fewer than {part.count} cards of the kind it must exile in hand (CR 118.3)"
    return None


def _pay_exile_hand(pay: Payment, o: Obj, part: ir.ExileFromHandCost) -> Obj:
    """Force of Will's "exile a blue card from your hand"."""
    ctx, s = pay.ctx, pay.ctx.s
    for _ in range(part.count):
        answer = ctx.ask(Decision(pay.player, "exile_cost", f"Choose a card to exile from your hand for {pay.what}",
                                  tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name)
                                        for c in _in_hand(s, pay.player, o, part.filter))))
        events.move(ctx, s.objs[answer.args[0]], EXILE, cause=f"cost of {pay.what}", rules=("118.3", "406.1"))
    return o


def _reveal_why_not(s: State, o: Obj, payer: int, part: ir.RevealFromHandCost, cost: ir.Cost) -> str | None:
    return None if _in_hand(s, payer, o, part.filter) else "there is no card of the kind it must reveal in hand (CR 118.3)"


def _pay_reveal(pay: Payment, o: Obj, part: ir.RevealFromHandCost) -> Obj:
    """"Reveal a Pirate card from your hand": it stays there (CR 701.16a)."""
    ctx, s = pay.ctx, pay.ctx.s
    answer = ctx.ask(Decision(pay.player, "reveal_cost", f"Choose a card to reveal from your hand for {pay.what}",
                              tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name)
                                    for c in _in_hand(s, pay.player, o, part.filter))))
    s.add_log(f"{s.players[pay.player].name} reveals {s.objs[answer.args[0]].card.name} from their hand "
              f"(cost of {pay.what})", ("118.3", "701.16a"), "pay")
    return o


def _exile_graveyard_why_not(s: State, o: Obj, payer: int, part: ir.ExileFromGraveyardCost,
                             cost: ir.Cost) -> str | None:
    if len(_in_graveyard(s, payer, o, part.filter)) < part.count:
        return f"there are fewer than {part.count} cards of the kind it must exile in the graveyard (CR 118.3)"
    return None


def _pay_exile_graveyard(pay: Payment, o: Obj, part: ir.ExileFromGraveyardCost) -> Obj:
    """"Exile a creature card from your graveyard"."""
    ctx, s = pay.ctx, pay.ctx.s
    for _ in range(part.count):
        answer = ctx.ask(Decision(pay.player, "exile_cost", f"Choose a card to exile from your graveyard for {pay.what}",
                                  tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name)
                                        for c in _in_graveyard(s, pay.player, o, part.filter))))
        events.move(ctx, s.objs[answer.args[0]], EXILE, cause=f"cost of {pay.what}", rules=("118.3", "406.1"))
    return o


# ------------------------------------------------------------------------------ the table


_F, _A, _L = When.FIRST, When.AROUND_MANA, When.LAST

PARTS: dict[type, PartRules] = {
    ir.TapSymbol: PartRules(_tap_why_not, _pay_tap, lambda p: "{T}", _F),
    ir.UntapSymbol: PartRules(_untap_why_not, _pay_untap, lambda p: "{Q}", _F),
    ir.LoyaltySymbol: PartRules(_loyalty_why_not, _pay_loyalty, _loyalty_words, _F),
    ir.RemoveCountersCost: PartRules(
        _remove_counters_why_not, _pay_remove_counters,
        lambda p: f"remove {_NUMBERS[p.count] if p.count < len(_NUMBERS) else p.count} {p.kind} "
                  f"counter{'s' * (p.count != 1)} from it", _F),
    ir.RemoveAnyCountersCost: PartRules(_any_counters_why_not, _pay_any_counters,
                                        lambda p: f"remove any number of {p.kind} counters from it", _F),
    ir.ExertCost: PartRules(_on_battlefield, _pay_exert, lambda p: "exert it", _F),
    ir.TapUntappedCost: PartRules(_tap_untapped_why_not, _pay_tap_untapped,
                                  lambda p: f"tap {_noun(p.filter, p.count, 'untapped')} you control", _A),
    ir.UntapTappedCost: PartRules(_untap_tapped_why_not, _pay_untap_tapped,
                                  lambda p: f"untap {_noun(p.filter, p.count, 'tapped')} you control", _A),
    ir.CrewCost: PartRules(_crew_why_not, _pay_crew, lambda p: f"crew {p.power}", _A),
    ir.PayLifeCost: PartRules(_life_why_not, _pay_life, _life_words, _A),
    ir.PayEnergyCost: PartRules(_energy_why_not, _pay_energy, lambda p: f"pay {'{E}' * p.amount}", _A),
    ir.SacrificeCost: PartRules(_sacrifice_why_not, _pay_sacrifice,
                                lambda p: f"sacrifice {_noun(p.filter, p.count)}", _A),
    ir.ReturnToHandCost: PartRules(_return_why_not, _pay_return, _return_words, _A),
    ir.DiscardCost: PartRules(_discard_why_not, _pay_discard, _discard_words, _A),
    ir.DiscardHandCost: PartRules(lambda s, o, payer, part, cost: None, _pay_discard_hand,
                                  lambda p: "discard your hand", _A),
    ir.ExileFromHandCost: PartRules(_exile_hand_why_not, _pay_exile_hand,
                                    lambda p: f"exile {_noun(p.filter, p.count)} from your hand", _A),
    ir.PutCounterCost: PartRules(_put_counter_why_not, _pay_put_counter, _put_counter_words, _A),
    ir.RevealFromHandCost: PartRules(_reveal_why_not, _pay_reveal,
                                     lambda p: f"reveal {_noun(p.filter, 1)} from your hand", _A),
    ir.ExileFromGraveyardCost: PartRules(_exile_graveyard_why_not, _pay_exile_graveyard,
                                         lambda p: f"exile {_noun(p.filter, p.count)} from your graveyard", _A),
    ir.SacrificeSelfCost: PartRules(_nothing_to_check, _pay_sacrifice_self, lambda p: "sacrifice it", _L),
    ir.DiscardSelfCost: PartRules(_discard_self_why_not, _pay_discard_self, lambda p: "discard it", _L),
    ir.ExileSelfCost: PartRules(_exile_self_why_not, _pay_exile_self, lambda p: "exile it", _L),
    ir.ReturnSelfCost: PartRules(_on_battlefield, _pay_return_self, lambda p: "return it to its owner's hand", _L),
}
"""The rules of every kind of cost part, by its class."""

WHY_NOT = {kind: rules.why_not for kind, rules in PARTS.items()}
"""``PARTS[kind].why_not`` by class: the check at every priority looks up one table."""


def why_not_part(s: State, o: Obj, payer: int, part: ir.CostPart, cost: ir.Cost) -> str | None:
    """Why ``payer`` can't pay ``part`` of ``cost`` for ``o`` now (None: they can)."""
    return WHY_NOT[type(part)](s, o, payer, part, cost)


@lru_cache(maxsize=4096)
def around_mana(cost: ir.Cost) -> tuple[ir.Cost, ...]:
    """The parts of ``cost`` that may be paid in any order around its mana (:class:`When`),
    each as a cost of its own, in the order they are paid when the player doesn't choose (a
    cost never changes: kept per cost)."""
    return tuple(ir.Cost(parts=(p,)) for p in cost.parts if PARTS[type(p)].when is When.AROUND_MANA)


def describe_cost(cost: ir.Cost) -> str:
    """How the parts of ``cost`` paid around its mana read: "sacrifice a land and pay 2 life"."""
    return " and ".join(PARTS[type(p)].words(p) for c in around_mana(cost) for p in c.parts) or "its other costs"


def pay_parts(pay: Payment, o: Obj, cost: ir.Cost, when: frozenset[When]) -> Obj:
    """Pay the parts of ``cost`` paid at one of ``when``, in their order; ``o`` as paying them
    left it."""
    for part in cost.parts:
        rules = PARTS[type(part)]
        if rules.when in when:
            o = rules.pay(pay, o, part)
    return o
