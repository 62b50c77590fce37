"""CR 602.5: restrictions on activating abilities. CR 602.5b: limits on how often an activated
ability may be activated ("Activate only once each turn"). Each activation of such an ability is
remembered by an :class:`.effect_records.ActivatedThisTurn` record on the state, which ends with
the turn's "until end of turn" effects in the cleanup step (CR 514.2). Static abilities that say
a permanent's activated abilities can't be activated (Arrest)."""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import characteristics as ch
from . import layers
from .effect_records import ActivatedThisTurn
from .state import Obj, State
from .zones import BATTLEFIELD

# "its activated abilities can't be activated" (Arrest), "... unless they're mana abilities"
# (Faith's Fetters): the static effects that forbid a mana ability, and a non-mana one
_FORBID_MANA: tuple[type[ir.StaticEffect], ...] = (ir.StaticCantActivate,)
_FORBID: tuple[type[ir.StaticEffect], ...] = (ir.StaticCantActivate, ir.StaticCantActivateNonmana)


def forbidden(s: State, o: Obj, ab) -> Obj | None:
    """The source of a static ability that says ``o``'s activated ability ``ab`` can't be
    activated (CR 602.5), if any: Arrest's or Null Rod's for every one of them, mana abilities
    included; Faith's Fetters' for all but its mana abilities (CR 605.1a)."""
    for kind in _FORBID_MANA if ab.is_mana else _FORBID:
        for src, eff in ch.static_effects(s, kind):
            # "of sources with the chosen name" (Pithing Needle): in every zone, so a card's
            # cycling too (its rulings); the others name permanents
            if (o.zone == BATTLEFIELD or type(eff.affected) is ir.Filter and eff.affected.zone == ir.ANY_ZONE) \
                    and layers.affected_by(s, src, eff, o):
                return src
    return None


def activated_this_turn(s: State, o: Obj, ab) -> bool:
    """Whether ``o``'s ability ``ab`` (one limited to once each turn) was activated this turn,
    by this object (CR 400.7: a permanent that left and returned is a new object)."""
    return any(type(e) is ActivatedThisTurn and e.affected == o.id and e.ability == ab.text
               for e in s.effects)


def note_activation(s: State, o: Obj, ab) -> None:
    """Remember that ``ab`` of ``o`` was activated, when it is limited (CR 602.5b)."""
    if ab.once_per_turn:
        s.effects.append(ActivatedThisTurn(o.id, ab.text, Duration.END_OF_TURN, s.new_timestamp(), o.card.name))
