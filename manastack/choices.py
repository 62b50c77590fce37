"""Which answers of a decision are worth a player's attention (as in Arena's auto-pass).

Activating a mana ability while holding priority (CR 605.3a) only floats mana that a cost
could have had from the auto-payer, and a payment (CR 601.2g-h) is best left to the
auto-payer, so both are left out; what remains is what search and learning agents choose
among. A decision left with one answer is forced and needs no one to decide.
"""
from __future__ import annotations

from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind


def candidates(decision: Decision) -> tuple[Action, ...]:
    """The answers worth considering: no idle mana abilities at priority, the auto-payer for a
    payment when it is offered; all answers otherwise."""
    options = decision.options
    if decision.kind == DecisionKind.PRIORITY:
        return tuple(o for o in options if o.kind != ActionKind.MANA) or options
    if decision.kind == DecisionKind.PAY:
        return tuple(o for o in options if o.kind == ActionKind.AUTOPAY) or options
    return options


def forced(decision: Decision) -> Action | None:
    """The answer to take without asking (a pure priority pass, the auto-payer, a single
    legal answer), or None when there is a real choice."""
    options = candidates(decision)
    return options[0] if len(options) == 1 else None
