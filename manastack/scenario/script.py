"""Playing a scenario's script: each step, in words close to a player's, becomes the engine's
actions (CR 117 priority, 305 lands, 601-602 casting and activating, 508-510 combat)."""
from __future__ import annotations

from manastack.engine.decisions import Action, ActionKind, DecisionKind, IllegalActionError
from manastack.engine.turn import STEPS
from manastack.limits import excerpt

from .combat_steps import CombatSteps
from .driver import MAX_PASSES, StepError, listify
from .errors import ScenarioError
from .expect import Outcome, result_text
from .play_steps import PlaySteps
from .yamlfile import Map, Seq

ACTIONS = ("play", "cast", "activate", "attack", "block", "assign", "order_triggers", "replacement",
           "may", "choose", "pass", "pass_until", "resolve", "action", "concede", "expect")
_SPELLISH = {"targets", "target", "modes", "x", "pay", "color", "choose", "replacement", "divide"}
MODIFIERS = {"cast": _SPELLISH | {"kicker", "buyback", "entwine", "replicate", "conspire", "assist", "flashback", "alternative", "adventure", "half",
                                  "fuse", "splice"}, "activate": _SPELLISH | {"ability", "remove"},
             "pass_until": {"turn"}, "attack": {"planeswalkers", "at"}}
PHASES = {"beginning": "upkeep", "precombat_main": "main1", "main": "main1", "first_main": "main1",
          "combat": "beginning_of_combat", "postcombat_main": "main2", "second_main": "main2",
          "ending": "end", "end_of_turn": "end"}


class ScriptRunner(PlaySteps, CombatSteps):
    """Runs script steps against a game, narrating as it goes."""

    # ------------------------------------------------------------------ running

    def run(self, steps: Seq) -> None:
        for i, raw in enumerate(steps):
            line = steps.line_of(i)
            step = raw if isinstance(raw, Map) else _word_step(raw, line)
            self.run_step(i + 1, step, line)

    def run_step(self, n: int, step: Map, line: int) -> None:
        key = self._action_key(step, n, line)
        text = describe(step)
        self.flush()
        self.narrative.append({"kind": "step", "number": n, "line": line, "text": text})
        if key == "expect":
            self.outcomes.extend(self.checker.check(step["expect"], f"step {n} (line {line})"))
            return
        pushes, narrated = len(self.game.move_stack), len(self.narrative)
        before = self.game.current_state()
        self.undone = []
        try:
            getattr(self, f"do_{key}")(step)
            self.flush()
            if self.undone and (self._last_action is None or self._last_action.kind != ActionKind.CANCEL):
                raise StepError("the engine undid this step, which could not be completed (CR 601.2e, "
                                "732.1); undone: " + "; ".join(self.undone))
        except StepError as exc:
            self._undo(pushes, narrated)
            if "illegal" not in step:
                raise ScenarioError(str(exc), self.file, line, n, text) from None
            words = step["illegal"]
            self.outcomes.append(Outcome(f"step {n} ({_action_text(step)}) is refused; the reason mentions",
                                         words, str(exc), words.lower() in str(exc).lower(),
                                         step.line_of("illegal"), f"step {n} (line {line})"))
            self.note_refusal(str(exc))
            return
        except (ScenarioError, KeyboardInterrupt):
            raise
        except Exception as exc:  # an engine bug must still name the step, not print a traceback
            raise ScenarioError(f"the engine failed on this step: {type(exc).__name__}: {exc}",
                                self.file, line, n, text) from exc
        if "illegal" in step:
            self._undo(pushes, narrated)
            self.outcomes.append(Outcome(f"step {n} ({_action_text(step)}) is refused; the reason mentions",
                                         step["illegal"], "the step was legal (undone)", False,
                                         step.line_of("illegal"), f"step {n} (line {line})"))
            return
        self.flush()
        named = listify(step.get("tokens"))
        made = self.refs.follow(before, self.game.current_state(), n, named)
        if len(named) > len(made):
            raise ScenarioError(f"tokens: names {len(named)} token(s), but this step created {len(made)}",
                                self.file, step.line_of("tokens"), n, text)

    def _undo(self, pushes: int, narrated: int) -> None:
        while len(self.game.move_stack) > pushes:
            self.game.pop()
        del self.narrative[narrated:]
        log = self.game.log
        self._seen, self._last_seen = len(log), (log[-1] if log else None)

    def _action_key(self, step: Map, n: int, line: int) -> str:
        keys = [k for k in step if k in ACTIONS]
        main = [k for k in keys if k in MODIFIERS]
        if len(main) == 1 and all(k in MODIFIERS[main[0]] for k in keys if k != main[0]):
            keys = main     # e.g. cast with choose: the choose answers a question of the cast
        if len(keys) != 1:
            what = "no action" if not keys else f"{len(keys)} actions ({', '.join(keys)})"
            raise ScenarioError(f"a step needs exactly one action, this one has {what}; actions: "
                                + ", ".join(ACTIONS), self.file, line, n, describe(step))
        key = keys[0]
        allowed = MODIFIERS.get(key, set()) | ({"by", "illegal", "tokens"} if key != "expect" else set())
        for k in step:
            if k != key and k not in allowed:
                raise ScenarioError(f"{k!r} doesn't go with {key!r}"
                                    + (f" (it may go with: {', '.join(sorted(allowed))})" if allowed else ""),
                                    self.file, step.line_of(k), n, describe(step))
        return key

    # ------------------------------------------------------------------ other answers

    def answer_kinds(self, kinds: tuple[str, ...], what: str):
        d = self.pending()
        if d.kind not in kinds:
            if d.kind == DecisionKind.PRIORITY:
                raise StepError(f"no {what} is asked for now ({self.name(d.player)} has priority)")
            raise self.waiting(d)
        return d

    def do_order_triggers(self, step: Map) -> None:
        for ref in listify(step["order_triggers"]):
            d = self.answer_kinds(("order_triggers",), "ordering of triggered abilities")
            found = [o for o in d.options if ref.lower() in o.label.lower()]
            if not found:
                raise StepError(f"{ref} is not among the triggers to order: "
                                + "; ".join(o.label for o in d.options) + " (CR 603.3b)")
            self.push(found[0])

    def do_replacement(self, step: Map) -> None:
        for words in listify(step["replacement"]):
            d = self.pending()
            if d.kind != DecisionKind.REPLACEMENT_ORDER:
                if d.kind == DecisionKind.PRIORITY:
                    raise StepError("no choice of replacement effects is asked for now")
                break
            self.push(self.choose_replacement(d, words))

    def do_may(self, step: Map) -> None:
        self.answer_kinds(("may",), "\"you may\" answer")
        self.push(Action(ActionKind.YES if step["may"] else ActionKind.NO))

    def do_choose(self, step: Map) -> None:
        for ref in listify(step["choose"]):
            d = self.pending()
            if d.kind == DecisionKind.PRIORITY:
                raise StepError(f"no choice of cards is asked for now ({self.name(d.player)} has priority)")
            self.push(self.choose_card(d, ref))

    def do_action(self, step: Map) -> None:
        """An action by its label; objects of the same name are interchangeable here, so a
        label shared by several actions picks the first."""
        d = self.pending()
        label = step["action"]
        self.push(next((o for o in d.options if o.label == label), label))

    # ------------------------------------------------------------------ passing

    def do_pass(self, step: Map) -> None:
        for _ in range(step["pass"] or 1):
            d = self.pending()
            if "by" in step and d.kind == DecisionKind.PRIORITY and self.refs.player(step["by"]) != d.player:
                raise StepError(f"{step['by']} doesn't have priority: {self.name(d.player)} has it")
            self.pass_once()

    def do_concede(self, step: Map) -> None:
        """CR 104.3a: the player concedes, whoever is deciding now."""
        who = self.refs.player(step["concede"])
        if who is None:
            raise StepError(f"{step['concede']!r} is not a player here (players: {', '.join(self.refs.names)})")
        try:
            self.game.concede(who)
        except IllegalActionError as exc:
            raise StepError(str(exc)) from None
        self.note(f"{self.name(who)} concedes", ("104.3a",))

    def do_resolve(self, step: Map) -> None:
        """All players pass in succession until the top object of the stack resolves (CR 117.4)."""
        d, s = self.pending(), self.state()
        if d.kind != DecisionKind.PRIORITY:
            raise self.waiting(d)
        if not s.stack:
            raise StepError("the stack is empty: there is nothing to resolve")
        top = s.stack[-1].id
        for _ in range(len(s.players)):         # each player passes once (CR 117.4)
            self.pass_once()
            if self.game.pending is None or self.game.pending.kind != DecisionKind.PRIORITY:
                return
            if all(i.id != top for i in self.state().stack):
                return
        raise StepError("the top of the stack didn't resolve")

    def do_pass_until(self, step: Map) -> None:
        target, turn = self.parse_until(step["pass_until"], step.get("turn"))
        start, moved = self.state().turn, False
        for _ in range(MAX_PASSES):
            d = self.game.pending
            s = self.state()
            if d is None:
                if target == "game_over":
                    return
                raise StepError(f"the game ended ({result_text(s)}) before reaching {step['pass_until']}")
            if moved and s.step == target and (turn is None or s.turn == turn):
                return
            if turn is not None and s.turn > turn:
                raise StepError(f"turn {turn} ended without reaching {step['pass_until']}")
            if turn is None and target != "game_over" and s.turn > start + 1:
                raise StepError(f"{step['pass_until']} was not reached this turn or the next (a step can be "
                                "skipped, e.g. combat damage when no creature attacks, CR 508.8)")
            if d.kind == DecisionKind.ATTACKERS and any(a.kind == ActionKind.DONE for a in d.options):
                self.push(next(a for a in d.options if a.kind == ActionKind.DONE))    # the engine logs it (CR 508.1)
            elif d.kind == DecisionKind.BLOCKERS and any(a.kind == ActionKind.DONE for a in d.options):
                self.push(next(a for a in d.options if a.kind == ActionKind.DONE))    # the engine logs it (CR 509.1)
            elif d.kind == DecisionKind.PRIORITY:
                self.pass_once()
            else:
                raise StepError(f"stopped in the {s.step} step of turn {s.turn}: {self.name(d.player)} must "
                                f"answer {d.prompt!r} first; add a step for it")
            moved = True
        raise StepError(f"{step['pass_until']} was not reached after {MAX_PASSES} passes")

    def parse_until(self, words: str, turn):
        w = words.strip().lower().replace("-", "_").replace(" ", "_")
        for suffix in ("_step", "_phase"):
            w = w.removesuffix(suffix)
        if w in ("game_over", "end_of_game"):
            return "game_over", None
        if w == "next_turn":
            return "upkeep", self.state().turn + 1
        w = PHASES.get(w, w)
        if w in ("untap", "cleanup"):
            raise StepError(f"no player gets priority in the {w} step (CR 502.4, 514.3): pick another step")
        if w not in STEPS:
            raise StepError(f"{excerpt(words)} is not a step or phase; steps: {', '.join(STEPS)}; phases: "
                            + ", ".join(PHASES))
        return w, turn

# ---------------------------------------------------------------------------- small helpers


def _word_step(word: str, line: int) -> Map:
    m = Map({word: None})
    m.line = line
    m.key_lines = {word: line}
    return m


def _fmt(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_fmt(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    return "" if v is None else str(v)


def _action_text(step: Map, skip: tuple[str, ...] = ("illegal",)) -> str:
    return ", ".join(f"{k}: {_fmt(v)}" if v is not None else k for k, v in step.items() if k not in skip)


def describe(step: Map) -> str:
    """A step in one line, as written."""
    if "expect" in step:
        return "expect: " + ", ".join(step["expect"])
    return _action_text(step, ())
