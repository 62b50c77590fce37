"""Decisions are data (design notes §3): the engine stops at a :class:`Decision` and lists the
legal :class:`Action` answers; an agent, a test or a scenario picks one."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Action:
    """One legal answer to a decision.

    ``kind`` names the answer ("pass", "cast", "activate", "play_land", "target", "attack",
    "block", "done", "choose", "yes", "no", "keep", "mulligan", "autopay", "mana", "cancel",
    "order", ...); ``args`` are plain ints and strings that identify it, so actions compare by
    value and survive a JSON round trip; ``label`` is for people.
    """

    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or " ".join([self.kind, *map(str, self.args)])

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": list(self.args), "label": self.label}

    @staticmethod
    def from_json(data: dict) -> "Action":
        return Action(data["kind"], tuple(data.get("args", ())), data.get("label", ""))


class Decision:
    """What the game waits for: ``player`` must pick one of ``options``.

    ``kind``: "priority", "mulligan", "bottom", "targets", "modes", "x", "kicker",
    "multikicker", "buyback", "entwine" (how many times to pay that optional cost), "pay", "attackers",
    "blockers", "order_triggers", "replacement_order", "may", "choose_color",
    "choose_creature_type", "discard", "legend_rule", "search", "choose_discard" (a card from a
    revealed hand), "reveal" (a card looked at), "order_cards", ... ``prompt`` says it in words;
    ``context`` holds the ids involved (for example the spell being cast).

    ``options`` may be given as a function that lists them: they are then built only when first
    read, so replaying an answer that was already checked against them costs nothing.
    """

    __slots__ = ("player", "kind", "prompt", "_options", "_build", "context")

    def __init__(self, player: int, kind: str, prompt: str,
                 options: "tuple[Action, ...] | Callable[[], Iterable[Action]]",
                 context: dict | None = None) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        if callable(options):
            self._options, self._build = None, options
        else:
            self._options, self._build = tuple(options), None
        self.context = {} if context is None else context

    @property
    def options(self) -> tuple[Action, ...]:
        """The legal answers, in a stable order."""
        if self._options is None:
            self._options = tuple(self._build())
            self._build = None
        return self._options

    def find(self, action: Action) -> Action | None:
        for o in self.options:
            if o == action:
                return o
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player, self.kind, self.prompt, self.options) == \
            (other.player, other.kind, other.prompt, other.options)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, kind={self.kind!r}, prompt={self.prompt!r}, "
                f"options={self.options!r})")


class IllegalActionError(ValueError):
    """An action that is not legal now. The game is left exactly as it was."""
