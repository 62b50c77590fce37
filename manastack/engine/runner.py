"""What an operation of the engine loop (:mod:`.loop`) works with: :class:`Ctx`, and the
exceptions that stop it when someone must decide or when it must be undone.

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

from .decisions import Action, ActionKind, Decision, DecisionKind, IllegalActionError
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

    __slots__ = ("s", "answers", "pos", "checked", "moved", "lki", "together", "moved_with", "together_known", "paying",
                 "activating", "sacrificed", "entered")

    def __init__(self, s: State, answers: list[Action], checked: int = 0) -> None:
        self.s = s
        self.answers = answers
        self.pos = 0
        self.checked = checked   # the first ``checked`` answers were found legal when given
        # CR 400.7j, 608.2h: objects that changed zones while the object on top of the stack
        # resolves (reset as each resolution begins): the new object each became (old id ->
        # new id) and each as it last existed in the zone it left
        self.moved: dict[int, int] = {}
        self.lki: dict = {}
        # CR 729.3c: when a merged permanent left, the new objects of its other cards, by the
        # new object of its topmost card (the one ``moved`` names)
        self.moved_with: dict[int, tuple[int, ...]] = {}
        # CR 603.10a: while one event moves several permanents (see events.together), each as it
        # last existed on the battlefield once it has left
        self.together: list | None = None
        # CR 603.10a, 608.2h: the characteristics of the permanents as that event began (a
        # continuous.Board, or False until the first of them leaves), each one's last known
        # information, whichever leaves first
        self.together_known: object = False
        # CR 603.6a, 614.12: while one event puts several permanents onto the battlefield, the
        # zone changes of those that have entered, whose triggers wait until all have entered
        self.entered: list | None = None
        # CR 601.2g, 605.3a: while costs are paid, mana abilities may be activated, and their
        # costs paid in turn: the permanents the activations under way keep from paying (see
        # casting.pay_cost), and the mana abilities being activated (CR 605.3c: not again
        # until they have resolved), as (object id, ability index)
        self.paying: frozenset[int] = frozenset()
        self.activating: frozenset[tuple[int, int]] = frozenset()
        # CR 608.2h: the permanents sacrificed to pay the cost of the spell or ability being
        # cast or activated, as they last existed (power, toughness, mana value)
        self.sacrificed: list[dict] = []

    def ask(self, decision: Decision) -> Action:
        if self.s.left and decision.player in self.s.left and decision.kind != DecisionKind.PRIORITY:
            return self._in_place_of(decision)      # CR 800.4f-h (a player who left: seldom)
        if decision.kind == DecisionKind.PRIORITY:
            # a priority decision always offers a pass (CR 117.3d), so it is never empty and
            # never forced: its options are listed only when someone reads them
            if self.pos < self.checked:    # replaying a checked answer: no need to list options
                self.pos += 1
                return self.answers[self.pos - 1]
            # passing is always an option (CR 117.3d): the options are listed only when read
        elif len(decision.options) == 1:
            return decision.options[0]  # a forced choice is nobody's decision
        elif not decision.options:
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

    def checked_answer(self, options: int) -> Action | None:
        """The next answer when it was checked already (by :meth:`Game.push`, against this
        same decision in the run that reached it), as :meth:`ask` would return it, for a
        decision of ``options`` options: the caller needn't build one. None when it must be
        asked: no checked answer is left, or the decision would answer itself (one option)
        or fail (none). A priority decision counts as two: it always offers a pass and is
        never forced."""
        if self.pos < self.checked and options > 1:
            self.pos += 1
            return self.answers[self.pos - 1]
        return None

    def _in_place_of(self, decision: Decision) -> Action:
        """A decision for a player who has left the game (CR 800.4f-h). Whether to pay a cost:
        it is not paid (800.4f). Another choice an object asks for: its controller chooses
        another player to make it, another opponent where the player who left was their
        opponent, if there is one (800.4g). A choice a rule asks for: the next player in turn
        order makes it (800.4h)."""
        s = self.s
        gone = s.players[decision.player]
        if decision.kind == DecisionKind.UNLESS:
            refuse = next((o for o in decision.options if o.kind == ActionKind.DECLINE), None)
            if refuse is not None:
                s.add_log(f"{gone.name} has left the game: the cost is not paid", ("800.4f",), "choice")
                return refuse
        controller = self._object_controller(decision)
        if controller is None or s.players[controller].lost:
            who = s.next_player(decision.player)
            s.add_log(f"{gone.name} has left the game: {s.players[who].name}, the next player in turn order, "
                      "makes their choice", ("800.4h",), "choice")
        else:
            others = [p.index for p in s.players if not p.lost]
            opponents = [p for p in others if p != controller]      # every other player (CR 102.2)
            pool = opponents if decision.player != controller and opponents else others
            pick = self.ask(Decision(controller, DecisionKind.CHOOSE_PLAYER,
                                     f"{gone.name} has left the game: choose who makes their choice (CR 800.4g)",
                                     tuple(Action(ActionKind.PLAYER, (f"p{p}",), s.players[p].name) for p in pool)))
            who = int(pick.args[0][1:])
            s.add_log(f"{gone.name} has left the game: {s.players[controller].name} has "
                      f"{s.players[who].name} make their choice", ("800.4g",), "choice")
        return self.ask(Decision(who, decision.kind, decision.prompt, decision.options, decision.context))

    def _object_controller(self, decision: Decision) -> int | None:
        """The controller of the spell or ability a decision is asked for, when it says which."""
        ctx = decision.context
        if "controller" in ctx:
            return ctx["controller"]
        item = next((i for i in self.s.stack if i.id == ctx.get("item")), None) if "item" in ctx else None
        return item.controller if item is not None else None
