"""Flashback's and madness's exile are replacement effects (CR 614.1a) found and applied by the
one replacement road (replacement.apply_all, CR 616.1), not special cases of moving a card."""
from __future__ import annotations

from manastack.cards import default_db
from manastack.engine.event_types import ZoneChange
from manastack.engine.replacement import _leaving
from manastack.engine.state import Obj


def _event(o: Obj, to: str) -> ZoneChange:
    return ZoneChange(o.id, o.zone, to, o.controller, o.owner)


def test_a_spell_cast_with_flashback_is_exiled_instead_of_going_anywhere_else():
    o = Obj(1, default_db().get("Think Twice"), 0, "stack")
    assert _leaving(o, _event(o, "graveyard"), False) == []          # cast from the hand
    o.cast_costs = ("flashback",)
    for to in ("graveyard", "hand", "library"):
        ev = _event(o, to)
        (r,) = _leaving(o, ev, False)
        assert r.rules == ("702.34a", "614.1a") and r.pure
        r.apply(ev)
        assert ev.to == "exile"


def test_madness_replaces_a_discard_only():
    o = Obj(1, default_db().get("Fiery Temper"), 0, "hand")
    assert _leaving(o, _event(o, "graveyard"), False) == []          # put there, not discarded
    ev = _event(o, "graveyard")
    (r,) = _leaving(o, ev, True)
    r.apply(ev)
    assert ev.to == "exile" and ev.madness and r.rules == ("702.35a", "614.1a")
    plain = Obj(2, default_db().get("Shock"), 0, "hand")
    assert _leaving(plain, _event(plain, "graveyard"), True) == []
