"""The one error a scenario file can give: it names the file, the line and the step."""
from __future__ import annotations

from manastack.game import Game
from manastack.limits import clip

MAX_STEP_TEXT = 120         # characters of a step, as written, quoted in an error


class ScenarioError(ValueError):
    """Bad scenario input, or a script step that can't be done at that moment.

    ``file``, ``line`` (1-based, or None) and ``step`` (1-based script step, or None) say
    where; ``reason`` says why. ``game``, ``narrative`` and ``outcomes`` hold the game, its narrated
    log and the expectations checked, as far as it got.
    """

    def __init__(self, reason: str, file: str = "<scenario>", line: int | None = None,
                 step: int | None = None, step_text: str = "") -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.step = step
        self.step_text = step_text
        self.game: Game | None = None
        self.narrative: list[dict] = []
        self.outcomes: list = []           # expectations checked before the error (Outcome)
        super().__init__(self.render())

    def render(self) -> str:
        where = clip(self.file, 200) + (f":{self.line}" if self.line else "")   # a name may hold control characters
        step_text = clip(self.step_text, MAX_STEP_TEXT)
        step = f" step {self.step}" + (f" ({step_text})" if step_text else "") if self.step else ""
        return f"{where}:{step}: {self.reason}" if step else f"{where}: {self.reason}"

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "step": self.step, "reason": self.reason}


class ScenarioErrors(ScenarioError):
    """Several problems found in one file, reported together (``errors``, in file order)."""

    def __init__(self, errors: list[ScenarioError]) -> None:
        self.errors = errors
        first = errors[0]
        super().__init__(first.reason, first.file, first.line, first.step, first.step_text)

    def render(self) -> str:
        return "\n".join(e.render() for e in self.errors)

    def to_json(self) -> dict:
        return super().to_json() | {"errors": [e.to_json() for e in self.errors]}


def raise_all(errors: list[ScenarioError]) -> None:
    """Raise the one error, or all of them together; nothing when the list is empty."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ScenarioErrors(sorted(errors, key=lambda e: e.line or 0))
