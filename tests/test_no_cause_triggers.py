""""Creatures entering the battlefield or dying don't cause abilities to trigger." (Hushbringer)
and "Creatures entering the battlefield don't cause abilities to trigger." (Torpor Orb): CR 603.2,
with Hushbringer's rulings: a creature's own triggers and others' are stopped, a creature
entering or dying with Hushbringer counts, a trigger on what caused the death ("whenever a player
sacrifices a permanent") still triggers, and a noncreature permanent entering still triggers."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, pick, resolve


def _hand_size(g, player: int) -> int:
    return len(g.current_state().players[player].hand)


def test_hushbringer_stops_an_enters_trigger(db):
    g = board(db, """
  - name: Alice
    hand: [Elvish Visionary]
    battlefield: [Hushbringer, Forest, Forest]
    library: [Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Elvish Visionary")
    resolve(g)
    assert _hand_size(g, 0) == 0 and not g.current_state().stack
    assert ("Elvish Visionary's ability doesn't trigger: Hushbringer says creatures entering the "
            "battlefield don't cause abilities to trigger") in g.explain()


def test_torpor_orb_stops_an_enters_trigger_but_not_a_land(db):
    g = board(db, """
  - name: Alice
    hand: [Elvish Visionary, Forest]
    battlefield: [Torpor Orb, Soul Warden, Forest, Forest]
    library: [Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Elvish Visionary")
    resolve(g)
    assert _hand_size(g, 0) == 1 and g.current_state().players[0].life == 20
    g.push(next(a for a in g.legal_actions() if a.label.startswith("play Forest")))
    assert not g.current_state().stack        # Soul Warden sees creatures only


def test_hushbringer_entering_doesnt_trigger_soul_warden(db):
    """The ruling: a creature entering at the same time as Hushbringer, Hushbringer itself
    included, causes no ability to trigger."""
    g = board(db, """
  - name: Alice
    hand: [Hushbringer]
    battlefield: [Soul Warden, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Hushbringer")
    resolve(g)
    assert not g.current_state().stack and g.current_state().players[0].life == 20


def test_creatures_dying_with_hushbringer_trigger_nothing(db):
    """The ruling: a creature dying at the same time as Hushbringer causes no ability to
    trigger; Blood Artist's look back (CR 603.10a) sees Hushbringer leave with them."""
    g = board(db, """
  - name: Alice
    hand: [Wrath of God]
    battlefield: [Hushbringer, Plains, Plains, Plains, Plains]
  - name: Bob
    battlefield: [Blood Artist, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Wrath of God")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Blood Artist", "Grizzly Bears"]
    assert not g.current_state().stack and g.current_state().players[0].life == 20


def test_without_hushbringer_blood_artist_triggers(db):
    g = board(db, """
  - name: Alice
    hand: [Wrath of God]
    battlefield: [Grizzly Bears, Plains, Plains, Plains, Plains]
  - name: Bob
    battlefield: [Blood Artist]
""", turn=3)
    cast_and_pay(g, "cast Wrath of God")
    resolve(g)
    assert "Blood Artist's ability triggers" in g.explain()


def test_a_sacrifice_still_triggers_under_hushbringer(db):
    """The ruling: an ability that triggers on what causes the death (a sacrifice) still
    triggers; Blood Artist's dies trigger doesn't."""
    g = board(db, """
  - name: Alice
    battlefield: [Hushbringer, Viscera Seer, Grizzly Bears, Blood Artist]
  - name: Bob
    battlefield: [Mayhem Devil]
""", turn=3)
    pick(g, "activate Viscera Seer")
    g.push(next(a for a in g.legal_actions() if a.label == "Grizzly Bears"))
    assert g.pending.kind == "targets"          # Mayhem Devil's trigger, put on the stack
    g.push(next(a for a in g.legal_actions() if a.label == "target Alice"))
    stack = [i.label for i in g.current_state().stack]
    assert any("Mayhem Devil" in label for label in stack)
    assert not any("Blood Artist" in label for label in stack)
    assert "Blood Artist's ability doesn't trigger: Hushbringer says creatures dying" in g.explain()
