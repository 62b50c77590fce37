"""Conditions of intervening "if" clauses (CR 603.4) and other checks named by the compiler.

A condition is a short name from the fixed set below, or a typed condition on the game state
(``ir.YouControl``, ``ir.OpponentCount``: "unless you control two or fewer other lands",
CR 614.1d) built from the parts the compiler reads.
"""
from __future__ import annotations

from manastack.oracle import ir

from . import exercise, upcalls
from .state import Obj, State


def evaluate(s: State, condition, src: Obj) -> bool:
    if not isinstance(condition, str):
        return holds(s, condition, src)
    check = _CONDITIONS.get(condition)
    if check is None:
        raise ValueError(f"unknown condition {condition!r}")
    if exercise.RECORD is not None:
        exercise.note("CONDITIONS", condition, src.card)
    return check(s, src)


def _no_minus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("-1/-1")


def _no_plus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("+1/+1")


def _new_since_last_upkeep(s: State, src: Obj) -> bool:
    """Echo (CR 702.30a): it entered, or its controller gained control of it, since the
    beginning of their last upkeep (Orcish Hellraiser's ruling) -- that is, since their previous
    turn began, as nothing changes control during an untap step (CR 502.4)."""
    return src.control_since >= s.players[src.controller].previous_turn_start


def _on_battlefield(s: State, src: Obj) -> bool:
    return src.zone == "battlefield"


def _kicked(s: State, src: Obj) -> bool:
    """CR 702.33d-e: the spell, or the spell that became this permanent, was kicked."""
    return "kicker" in src.cast_costs


_CONDITIONS = {
    "kicked": _kicked,
    "self_had_no_minus1_counters": _no_minus_counters,   # persist (CR 702.79a)
    "self_had_no_plus1_counters": _no_plus_counters,     # undying (CR 702.93a)
    "came_under_control_since_last_upkeep": _new_since_last_upkeep,   # echo (CR 702.30a)
    "self_on_battlefield": _on_battlefield,              # cumulative upkeep (CR 702.24a)
}

CONDITIONS = tuple(_CONDITIONS)


# ------------------------------------------------------------ conditions on the game state


def holds(s: State, condition: "ir.StateCondition", src: Obj) -> bool:
    """A typed condition, seen from ``src`` and its controller ("you")."""
    if type(condition) is ir.YouControl:
        n = sum(1 for o in s.permanents() if o.controller == src.controller
                and any(upcalls.matches(s, o, f, src) for f in condition.filters))
        return n >= condition.at_least and (condition.at_most is None or n <= condition.at_most)
    if type(condition) is ir.OpponentCount:
        return len(s.players) - 1 >= condition.at_least     # two-player games: one opponent
    raise ValueError(f"unknown condition {condition!r}")

