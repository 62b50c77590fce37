"""CR 602.5b: limits on how often an activated ability may be activated ("Activate only once
each turn"). Each activation of such an ability is remembered by an
:class:`.effect_records.ActivatedThisTurn` record on the state, which ends with the turn's
"until end of turn" effects in the cleanup step (CR 514.2)."""
from __future__ import annotations

from .effect_records import ActivatedThisTurn
from .state import Obj, State


def activated_this_turn(s: State, o: Obj, ab) -> bool:
    """Whether ``o``'s ability ``ab`` (one limited to once each turn) was activated this turn,
    by this object (CR 400.7: a permanent that left and returned is a new object)."""
    return any(type(e) is ActivatedThisTurn and e.affected == o.id and e.ability == ab.text
               for e in s.effects)


def note_activation(s: State, o: Obj, ab) -> None:
    """Remember that ``ab`` of ``o`` was activated, when it is limited (CR 602.5b)."""
    if ab.once_per_turn:
        s.effects.append(ActivatedThisTurn(o.id, ab.text, "end_of_turn", s.new_timestamp(), o.card.name))
