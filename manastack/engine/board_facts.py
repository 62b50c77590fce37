"""Per-permanent answers kept while the battlefield stays as it is (CR 613: while no continuous
effect changes characteristics, a permanent's own checks read only the permanent itself).

A state-based action check (CR 704.3) and the listing of mana abilities (CR 605.3a) look at
every permanent at each new state version; most permanents are the same objects as at the
last look. Copy on write makes "the same object" exact: an object shared with a copy of the
state is never changed in place (a change makes a new object, see ``State.own``), so an
answer found for it holds while it is the object of its id. The records live in
``continuous.board_memo`` (kept with the battlefield tuple, shared by copies; when a permanent
enters or leaves, the answers of those still there are carried over) and are used only
while no continuous effect changes any characteristic, so that the answer depends on the
object alone."""
from __future__ import annotations

from collections.abc import Callable

from manastack.cards import CardDef

from . import exercise, layers
from .continuous import KEPT_RECORDS, RECORD_LAYERS, board_memo, statics
from .state import Obj, State


def printed(s: State) -> bool:
    """Whether no continuous effect changes any permanent's characteristics now: no static
    ability of the layers on the battlefield, no effect record of the layers (CR 613.1)."""
    if statics(s)[1]:
        return False
    for e in s.effects:
        if type(e) in RECORD_LAYERS:
            return False
    return True


def kept(s: State, key: tuple) -> dict[int, tuple] | None:
    """The record of answers named ``key`` for this battlefield: object id to a tuple whose
    first item is the object the answer was found for. None while characteristics may differ
    from the printed ones (the answers would read more than the object), and while the
    exercise record is kept (its notes come from the checks themselves)."""
    if exercise.RECORD is not None or not printed(s):
        return None
    memo = board_memo(s)
    records = memo.get(KEPT_RECORDS)
    if records is None:
        records = memo[KEPT_RECORDS] = {}
    found = records.get(key)
    if found is None:
        found = records[key] = {}
    return found



def holding(s: State, test: Callable[[CardDef], bool]) -> list[Obj]:
    """The permanents that may have what ``test`` (a function of a card alone, such as "has a
    replacement effect of this kind") looks for, in battlefield order: those whose card passes
    it, found once per battlefield; every permanent while something may make definitions differ
    from cards (``layers.changers``, ``layers.any_granted``)."""
    if layers.changers(s) or layers.any_granted(s):
        return s.permanents()
    memo = board_memo(s)
    objs = s.objs
    ids = memo.get(test)
    if ids is None:
        ids = memo[test] = tuple(i for i in s.battlefield if test(objs[i].card))
    return [objs[i] for i in ids]
