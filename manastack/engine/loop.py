"""The engine loop (CR 117, 732): runs operations from a state with the answers given so far
until a decision nobody has answered, or the end of the game. See docs/architecture.md.

This is the top of the engine: importing it wires the few calls that go up the layers
(:mod:`.upcalls`) and tells the card layer which compiled abilities the engine can run
(:func:`manastack.cards.set_support_check`)."""
from __future__ import annotations

from manastack import cards

from . import casting, conditions, effects, filters, support, upcalls
from .mana import query as mana_query
from .decisions import Action, Decision, IllegalActionError
from .runner import Ctx, NeedDecision, Rollback
from .state import State
from .turn import asks_first, never_asks, run_operation

upcalls.install(upcalls.Upcalls(
    matches=filters.matches,
    cost_payable=casting.cost_payable,
    pay_cost=casting.pay_cost,
    source_reports=mana_query.source_reports,
    effect_handlers=effects.HANDLERS,
    condition_holds=conditions.evaluate,
))
cards.set_support_check(support.gaps, support.LAYOUTS)


def advance(base: State, answers: list[Action],
            checked: int = 0) -> tuple[State, list[Action], Decision | None]:
    """Run from ``base`` (a state at the start of an operation) with ``answers`` until the next
    decision nobody has answered, or the end of the game.

    Returns a state at the start of an operation, the answers to replay from it, and the
    pending decision (None when the game is over). Copies are the main cost of the engine, so
    the state is copied only before an operation that may change the game and then ask:
    operations that never ask run without a copy (should one ask after all, the earlier copy
    and the answers since it are returned, which replays to the same point), and an operation
    that asks before it changes anything needs no copy at all. The first ``checked`` answers
    were already found legal (by :meth:`Game.push`), so replaying them lists no options again.
    """
    s = base.copy()
    ctx = Ctx(s, answers, checked)
    anchor, anchor_pos = base, 0
    while s.result is None:
        start = ctx.pos
        replaying = start < len(answers)
        if not replaying and not never_asks(s):
            if asks_first(s):
                try:
                    run_operation(ctx)
                except NeedDecision as nd:
                    return s, [], nd.decision
                continue  # a forced choice answered itself; replaying from the anchor still holds
            anchor, anchor_pos = s.copy(), start
        try:
            run_operation(ctx)
        except NeedDecision as nd:
            if ctx.pos < len(answers):
                raise IllegalActionError("answers were left over when a new decision came") from None
            return anchor, list(answers[anchor_pos:]), nd.decision
        except Rollback:
            return advance(anchor, list(answers[anchor_pos:start]), max(0, min(checked, start) - anchor_pos))
    if ctx.pos < len(answers):
        raise IllegalActionError(f"{answers[ctx.pos]} was given but the game is over")
    return s, [], None
