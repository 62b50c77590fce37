"""What every script step builds on: the narrated log, the pending decision, passing priority
(CR 117), and the errors a step can give."""
from __future__ import annotations

import re

from manastack.engine.decisions import Action, ActionKind, DecisionKind, IllegalActionError

from .expect import Checker, Outcome, result_text
from .yamlfile import Map
from manastack.engine.zones import HAND

MAX_PASSES = 400
_CR_AT_END = re.compile(r"\s*\(CR ([^()]*)\)$")


class StepError(Exception):
    """A step that can't be done now; the message says why."""


class Driver:
    """Drives a game for a script: narrates, reads the pending decision, pushes answers."""

    def __init__(self, game, refs, file: str) -> None:
        self.game = game
        self.refs = refs
        self.file = file
        self.checker = Checker(game, refs, file)
        self.narrative: list[dict] = []
        self.outcomes: list[Outcome] = []
        self._seen = 0
        self._last_seen = None          # the last log entry narrated
        self._last_action: Action | None = None
        self.undone: list[str] = []     # log lines the engine took back since the step began

    # ------------------------------------------------------------------ the log

    def flush(self) -> None:
        """Copy the game's new log lines (each with its CR numbers) into the narrative. When the
        engine has taken events back (a cast or activation that couldn't be completed, or was
        cancelled, is undone whole: CR 601.2e, 732.1), the narration says so, names what was
        undone, and goes on from where the log still agrees."""
        entries = self.game.log
        if self._seen and (len(entries) < self._seen or entries[self._seen - 1] != self._last_seen):
            self._note_undone(entries)
        for e in entries[self._seen:]:
            self.narrative.append({"kind": "event", "turn": e.turn, "step": e.step, "text": e.text,
                                   "rules": list(e.rules)})
        self._seen = len(entries)
        self._last_seen = entries[-1] if entries else None

    def _note_undone(self, entries) -> None:
        narrated = [n for n in self.narrative if n["kind"] == "event"]
        kept = 0
        while kept < min(len(narrated), len(entries)) and narrated[kept]["text"] == entries[kept].text \
                and (narrated[kept]["turn"], narrated[kept]["step"]) == (entries[kept].turn, entries[kept].step):
            kept += 1
        undone = [n["text"] for n in narrated[kept:]]
        self.undone += undone
        why = (f"{self._last_action.label}" if self._last_action is not None and self._last_action.kind == ActionKind.CANCEL
               else "it could not be completed")
        self._seen = kept
        s = self.state()
        self.narrative.append({"kind": "note", "turn": s.turn, "step": s.step,
                               "text": f"Undone by the engine ({why}): " + "; ".join(undone),
                               "rules": ["601.2e", "732.1"]})

    def note(self, text: str, rules: tuple[str, ...] = ()) -> None:
        self.flush()
        s = self.state()
        self.narrative.append({"kind": "note", "turn": s.turn, "step": s.step, "text": text,
                               "rules": list(rules)})

    def note_refusal(self, reason: str) -> None:
        """Narrate a refused step; the game is left as it was (CR 732.1)."""
        m = _CR_AT_END.search(reason)
        rules = tuple(m.group(1).split(", ")) if m else ()
        self.note(f"Not allowed: {reason[:m.start()] if m else reason}", rules + ("732.1",))

    def note_pass(self, player: int) -> None:
        """Narrate a pass; two passes in a row read as one line (CR 117.4)."""
        self.flush()
        last = self.narrative[-1] if self.narrative else None
        s = self.state()
        other = self.name(1 - player) if len(s.players) == 2 else None      # with more, one line each
        if other is not None and last and last["kind"] == "note" and last["text"] == f"{other} passes priority" \
                and (last["turn"], last["step"]) == (s.turn, s.step):
            last["text"] = f"{other} and {self.name(player)} pass priority in succession"
            last["rules"] = ["117.4"]
            return
        self.note(f"{self.name(player)} passes priority", ("117.3d",))

    # ------------------------------------------------------------------ helpers

    def state(self):
        return self.game.current_state()

    def pending(self):
        d = self.game.pending
        if d is None:
            raise StepError(f"the game is over ({result_text(self.game.state)})")
        return d

    def name(self, player: int) -> str:
        return self.game.state.players[player].name

    def waiting(self, d) -> StepError:
        options = ", ".join(str(o) for o in d.options[:12]) + (" ..." if len(d.options) > 12 else "")
        return StepError(f"the game is waiting for {self.name(d.player)} to answer "
                         f"{d.prompt!r} (options: {options}); answer that first")

    def push(self, action) -> None:
        self.flush()
        try:
            self.game.push(action)
        except IllegalActionError as exc:
            raise StepError(str(exc)) from None
        self._last_action = self.game.move_stack[-1] if self.game.move_stack else None

    def pass_once(self) -> None:
        d = self.pending()
        if d.kind != DecisionKind.PRIORITY:
            raise self.waiting(d)
        self.note_pass(d.player)
        self.push(Action(ActionKind.PASS))

    def in_progress(self) -> bool:
        """Whether the game is in the middle of an operation, such as a cast waiting for
        targets or payment (the game keeps the answers given within it)."""
        return self.game.in_progress

    def player_of(self, step: Map, ref: str, zone: str) -> int:
        if "by" in step:
            p = self.refs.player(step["by"])
            if p is None:
                raise StepError(f"{step['by']!r} is not a player here")
            return p
        s = self.state()
        found = [o for o in self.refs.find(s, ref, (zone,))]
        who = {o.owner if zone == HAND else o.controller for o in found}
        if len(who) == 1:
            return who.pop()
        d = self.pending()
        return d.player

    def choose_replacement(self, d, words: str) -> Action:
        """The replacement effect to apply first (CR 616.1), by words of its description."""
        for o in d.options:
            if words.lower() in o.label.lower():
                return o
        raise StepError(f"no replacement effect matches {words!r}: "
                        + "; ".join(o.label for o in d.options) + " (CR 616.1)")

    def choose_card(self, d, ref: str) -> Action:
        """A card to discard, sacrifice, keep, find...: by name or id."""
        s = self.state()
        for o in d.options:
            if o.args and isinstance(o.args[0], int) and o.args[0] in s.objs \
                    and self.refs.matches(s, ref, o.args[0]):
                return o
        raise StepError(f"{ref} can't be chosen: {d.prompt}; choices: " + ", ".join(o.label for o in d.options))

    def ensure_priority(self, player: int) -> None:
        """The player must hold priority; if the other player holds it and nobody has passed
        yet, that player passes first (as "Bob casts ... in response" implies)."""
        d = self.pending()
        if d.kind != DecisionKind.PRIORITY:
            raise self.waiting(d)
        if d.player == player:
            return
        if self.state().passes == 0:
            self.pass_once()
            d = self.pending()
            if d.kind == DecisionKind.PRIORITY and d.player == player:
                return
        raise StepError(f"{self.name(player)} doesn't have priority: {self.name(d.player)} has it, and "
                        "passing now would resolve the top of the stack or end the step; write the passes out")


def listify(v) -> list:
    if v is None:
        return []
    return [v] if isinstance(v, (str, int)) else list(v)
