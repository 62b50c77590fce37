"""Loyalty (CR 306.5, 606) and limits on how often an activated ability may be activated
(CR 602.5b): what a planeswalker's loyalty is, when a loyalty ability may be activated, and the
record of the abilities of a permanent activated this turn that both limits read.

A permanent keeps the record itself (``Obj.activated``): a permanent that changes zones is a new
object (CR 400.7), so the record starts empty again, while a change of control keeps it
(CR 602.5b: the restriction stays with the object).
"""
from __future__ import annotations

from manastack.oracle import ir

from .. import characteristics as ch
from .. import exercise
from ..conditions import evaluate
from ..state import Obj
from ..timing import sorcery_timing
from ..wording import possessive

LOYALTY = "loyalty"     # the counter kind (CR 122.1a, 306.5c)
# CR 506.1: the steps of the combat phase
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
                "combat_damage", "end_of_combat")
CONDITION_WORDS = {"self_attacking_or_blocking": "while it is attacking or blocking",
                   "no_cards_in_hand": "while its controller has no cards in hand",
                   "end_of_combat_step": "during the end of combat step",
                   "opponent_upkeep": "during an opponent's upkeep"}


def is_loyalty_ability(ab) -> bool:
    """CR 606.2: an activated ability with a loyalty symbol in its cost."""
    return isinstance(ab, ir.ActivatedAbility) and ab.cost.part(ir.LoyaltySymbol) is not None


def loyalty(o: Obj) -> int:
    """CR 306.5c: the loyalty of a planeswalker on the battlefield is its loyalty counters."""
    return o.counters.get(LOYALTY, 0)


def printed_loyalty(card) -> int | None:
    """CR 306.5a-b: the loyalty number printed on a planeswalker card (None: not a number)."""
    text = card.loyalty
    return int(text) if "Planeswalker" in card.types and text is not None and text.isdigit() else None


# ------------------------------------------------------------------------------ the record


def _key(s, what: str) -> str:
    return f"{s.turn}:{what}"


def activated_this_turn(s, o: Obj, what: str) -> bool:
    """Whether ``what`` (an ability index, or "loyalty" for any loyalty ability) of ``o`` was
    activated this turn."""
    return _key(s, what) in o.activated


def times_this_turn(s, o: Obj, what: str) -> int:
    """How many times ``what`` of ``o`` was activated this turn."""
    return o.activated.count(_key(s, what))


def record_activation(s, o: Obj, idx: int, ab) -> None:
    """Note that ability ``idx`` of ``o`` was activated this turn, once more (entries of
    earlier turns are dropped: only this turn's count). ``o`` is changed: the caller passes
    the state's own object (State.own)."""
    now = f"{s.turn}:"
    keep = tuple(k for k in o.activated if k.startswith(now))
    o.activated = keep + (_key(s, str(idx)),) + ((_key(s, LOYALTY),) if is_loyalty_ability(ab) else ())


# ------------------------------------------------------------------------------ legality


def why_not_limited(s, player: int, o: Obj, idx: int, ab) -> str | None:
    """Why a limit on activating ``ab`` (ability ``idx`` of ``o``) rules it out now, or None:
    "Activate only once each turn" (CR 602.5b) and the rules of loyalty abilities (CR 606.3,
    606.6)."""
    if ab.once_per_turn and activated_this_turn(s, o, str(idx)):
        return f"{ab.text!r} was activated this turn and can be activated only once each turn (CR 602.5b)"
    if ab.times_per_turn and times_this_turn(s, o, str(idx)) >= ab.times_per_turn:
        return (f"{ab.text!r} was activated {ab.times_per_turn} times this turn, as many as it may be "
                "(CR 602.5b)")
    if ab.combat_only and s.step not in COMBAT_STEPS:
        return f"{ab.text!r} can be activated only during combat (CR 602.5b, 506.1)"
    if ab.condition is not None and not evaluate(s, ab.condition, o):
        return f"{ab.text!r} can be activated only {CONDITION_WORDS.get(ab.condition, 'while its condition holds')} (CR 602.5b)"
    if not is_loyalty_ability(ab):
        return None
    if not sorcery_timing(s, player) and not _as_instant(s, player):
        return (f"{possessive(o.card.name)} loyalty abilities can be activated only in a main phase of its "
                "controller's turn with the stack empty (CR 606.3)")
    if activated_this_turn(s, o, LOYALTY):
        return f"a loyalty ability of {o.card.name} was activated this turn already (CR 606.3)"
    symbol = ab.cost.part(ir.LoyaltySymbol)
    cost = symbol.amount if symbol is not None else 0
    if cost < 0 and loyalty(o) < -cost:
        return (f"{o.card.name} has {loyalty(o)} loyalty, fewer than the {-cost} loyalty counters "
                f"{ab.text.split(':')[0]} removes (CR 606.6, 118.3)")
    return None


def _as_instant(s, player: int) -> bool:
    """Whether an effect lets ``player`` activate their loyalty abilities any time they could cast
    an instant (Teferi, Temporal Archmage's emblem; CR 606.3); they have priority whenever this
    is asked."""
    src = next((src for src, _ in ch.static_effects(s, ir.StaticLoyaltyAsInstant) if src.controller == player), None)
    if src is not None and exercise.RECORD is not None:
        exercise.note("STATIC_KINDS", "loyalty_as_instant", src.card)
    return src is not None
