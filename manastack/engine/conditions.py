"""Conditions of intervening "if" clauses (CR 603.4) and other checks named by the compiler.

A condition is a short name from the fixed set below; the compiler emits only these.
"""
from __future__ import annotations

from . import exercise
from .state import Obj, State


def evaluate(s: State, condition: str, src: Obj) -> bool:
    check = _CONDITIONS.get(condition)
    if check is None:
        raise ValueError(f"unknown condition {condition!r}")
    if exercise.RECORD is not None:
        exercise.note("CONDITIONS", condition, src.card)
    return check(s, src)


def _gained_life_this_turn(s: State, src: Obj) -> bool:
    return s.players[src.controller].life_gained_this_turn > 0


def _no_counters(s: State, src: Obj) -> bool:
    return not any(src.counters.values())


def _no_minus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("-1/-1")


def _no_plus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("+1/+1")


_CONDITIONS = {
    "you_gained_life_this_turn": _gained_life_this_turn,
    "self_had_no_counters": _no_counters,
    "self_had_no_minus1_counters": _no_minus_counters,   # persist (CR 702.79a)
    "self_had_no_plus1_counters": _no_plus_counters,     # undying (CR 702.93a)
}

CONDITIONS = tuple(_CONDITIONS)
