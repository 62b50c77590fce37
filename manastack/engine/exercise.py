"""Which supported parts of card text actually ran: a record kept only while asked for.

Rules code calls :func:`note` behind ``if exercise.RECORD is not None``, so nothing is paid while
recording is off. A part is named by its support list (``"KEYWORDS"``, ``"STATIC_KINDS"``, ... of
:mod:`.support`, ``"CONDITIONS"``, ``"EFFECTS"``) and its member there. The record keeps, for each
part, the name of one card whose ability ran it, preferring a card to a token.
"""
from __future__ import annotations

from contextlib import contextmanager

from manastack.oracle.ir import PLAYER_EVENTS

RECORD: dict[str, dict] | None = None


def note(part: str, member, card) -> None:
    """``member`` of the list ``part`` ran for an ability of ``card`` (a CardDef)."""
    assert RECORD is not None       # callers look at RECORD first
    seen = RECORD.setdefault(part, {})
    token = card.type_line.startswith("Token")
    if member not in seen or (not token and seen[member].endswith(" (token)")):
        seen[member] = card.name + (" (token)" if token else "")


def triggered(card, ab) -> None:
    """A triggered ability of ``card`` triggered: its event and subject ran."""
    trig = ab.trigger
    note("TRIGGER_EVENTS", trig.event, card)
    if isinstance(trig.subject, str):
        note("PLAYER_SUBJECTS" if trig.event in PLAYER_EVENTS else "TRIGGER_SUBJECTS", trig.subject, card)


class ReadKeywords(set):
    """An object's keyword names, noting each one rules code asks about and finds."""

    __slots__ = ("card",)

    def __init__(self, names, card) -> None:
        super().__init__(names)
        self.card = card

    def __contains__(self, name) -> bool:
        found = set.__contains__(self, name)
        if found and RECORD is not None:
            note("KEYWORDS", name, self.card)
        return found


@contextmanager
def recording():
    """Record while the block runs; yields the record ({list: {member: card name}})."""
    global RECORD
    outer, RECORD = RECORD, {}
    try:
        yield RECORD
    finally:
        RECORD = outer
