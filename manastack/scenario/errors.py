"""The one error a scenario file can give: it names the file, the line and the step."""
from __future__ import annotations


class ScenarioError(ValueError):
    """Bad scenario input, or a script step that can't be done at that moment.

    ``file``, ``line`` (1-based, or None) and ``step`` (1-based script step, or None) say
    where; ``reason`` says why. ``game`` and ``narrative`` hold the game and its narrated log as far as it got.
    """

    def __init__(self, reason: str, file: str = "<scenario>", line: int | None = None,
                 step: int | None = None, step_text: str = "") -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.step = step
        self.step_text = step_text
        self.game = None
        self.narrative: list[dict] = []
        super().__init__(self.render())

    def render(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        step = f" step {self.step}" + (f" ({self.step_text})" if self.step_text else "") if self.step else ""
        return f"{where}:{step}: {self.reason}" if step else f"{where}: {self.reason}"

    def to_json(self) -> dict:
        return {"file": self.file, "line": self.line, "step": self.step, "reason": self.reason}
