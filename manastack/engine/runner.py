"""The engine loop: runs the game forward until someone must decide.

The rules code is written straight through: where a player must choose, it calls
:meth:`Ctx.ask`. The game is advanced in *operations* (the turn-based actions of a step, one
priority decision with everything it sets off, the resolution of one object). Before each
operation the state is copied; if an operation needs an answer nobody has given yet, the loop
stops and returns that copy, the answers given so far within the operation, and the pending
:class:`Decision`. Giving the next answer runs the operation again from the copy with one more
answer. So the engine never calls an agent while it changes the game, any pending decision can
be copied or saved, and an illegal answer or a cancelled cast leaves the game exactly as it was.
"""
from __future__ import annotations

from .decisions import Action, Decision, IllegalActionError
from .state import State


class NeedDecision(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class Rollback(Exception):
    """Abandon the current operation: the game returns to the moment it began, as CR 732
    (handling illegal actions) and CR 601.2e ask when a cast or activation can't be completed."""


class Ctx:
    """One operation in progress: the state it changes and the answers it may consume."""

    __slots__ = ("s", "answers", "pos", "checked")

    def __init__(self, s: State, answers: list[Action], checked: int = 0) -> None:
        self.s = s
        self.answers = answers
        self.pos = 0
        self.checked = checked   # the first ``checked`` answers were found legal when given

    def ask(self, decision: Decision) -> Action:
        if decision.kind == "priority":
            if self.pos < self.checked:    # replaying a checked answer: no need to list options
                self.pos += 1
                return self.answers[self.pos - 1]
        elif len(decision.options) == 1:
            return decision.options[0]  # a forced choice is nobody's decision
        if not decision.options:
            raise RuntimeError(f"decision with no options: {decision.prompt}")
        if self.pos < len(self.answers):
            answer = self.answers[self.pos]
            self.pos += 1
            found = decision.find(answer)
            if found is None:
                legal = ", ".join(str(o) for o in decision.options[:12])
                more = " ..." if len(decision.options) > 12 else ""
                raise IllegalActionError(
                    f"{answer} is not a legal answer to {decision.prompt!r} "
                    f"({self.s.players[decision.player].name} to decide); legal: {legal}{more}")
            return found
        raise NeedDecision(decision)


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
    from .turn import asks_first, never_asks, run_operation

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
