"""Permanents that one event puts onto the battlefield enter at the same time (CR 101.4: the
choices in APNAP order, then the actions at once), with real cards: Show and Tell. Each enters
as though the others weren't there yet (CR 614.12: the replacement effects and choices are those
of the battlefield before the event), and once all have entered, every permanent on the
battlefield, the newcomers included, sees each of them enter (CR 603.6a)."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, labels, on_battlefield, pick, resolve, stack_labels

BOARD = """
  - name: Alice
    hand: [Show and Tell, Craw Wurm, Authority of the Consuls]
    battlefield: [Island, Island, Island]
  - name: Bob
    hand: [Clone, Soul Warden]
    battlefield: [Grizzly Bears]
"""


def _show_and_tell(db, alice: str, bob: str):
    for name in ("Show and Tell", "Clone", "Soul Warden", "Authority of the Consuls"):
        assert db.get(name).fully_supported, name
    g = board(db, BOARD, turn=3)
    cast_and_pay(g, "cast Show and Tell")
    resolve(g)
    assert g.pending.kind == "put_from_hand" and g.pending.player == 0     # Alice first (CR 101.4)
    pick(g, alice)
    assert g.pending.kind == "put_from_hand" and g.pending.player == 1
    pick(g, bob)
    return g


def test_an_enters_ability_sees_a_permanent_entering_with_it(db):
    """CR 603.6a: Bob's Soul Warden ("Whenever another creature enters, you gain 1 life")
    enters with Alice's Craw Wurm, after it in the engine's order, and still sees it enter."""
    g = _show_and_tell(db, "Craw Wurm", "Soul Warden")
    assert stack_labels(g) == ["Soul Warden's ability"]
    resolve(g)
    assert g.current_state().players[1].life == 21


def test_a_clone_cant_copy_a_creature_entering_with_it(db):
    """CR 614.12, 707.2: as Bob's Clone enters, Alice's Craw Wurm entering with it isn't on the
    battlefield yet: Clone may copy only Bob's Grizzly Bears."""
    g = _show_and_tell(db, "Craw Wurm", "Clone")
    assert g.pending.kind == "copy" and g.pending.player == 1
    assert labels(g) == ["copy Grizzly Bears", "enter as Clone itself"]


def test_an_enters_tapped_effect_entering_at_the_same_time_doesnt_apply(db):
    """CR 614.12: Authority of the Consuls ("Creatures your opponents control enter tapped")
    enters with Bob's Soul Warden, so it doesn't apply to it; its own trigger ("Whenever a
    creature enters under an opponent's control, you gain 1 life") sees the Warden enter
    (CR 603.6a)."""
    g = _show_and_tell(db, "Authority of the Consuls", "Soul Warden")
    assert not on_battlefield(g, "Soul Warden")[0].tapped
    assert stack_labels(g) == ["Authority of the Consuls' ability"]
    resolve(g)
    assert g.current_state().players[0].life == 21
