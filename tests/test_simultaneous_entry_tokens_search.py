"""The permanents one instruction puts onto the battlefield enter at the same time (CR 101.4),
like those of Show and Tell (tests/test_simultaneous_entry.py): the tokens one instruction
creates (CR 111.1) and the cards one search puts onto the battlefield (CR 701.23a). Each enters
as though the others weren't there yet (CR 614.12), and once all have entered each permanent
sees every one of them enter (CR 603.6a)."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, labels, on_battlefield, pick, resolve, stack_labels


def _supported(db, *names: str) -> None:
    for name in names:
        assert db.get(name).fully_supported, name


def _valakut_board(db, spell: str):
    return board(db, f"""
  - name: Alice
    hand: [{spell}]
    library: [Island, Mountain, Mountain]
    battlefield: ["Valakut, the Molten Pinnacle", Forest, Forest, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3)


def test_valakut_sees_each_mountain_with_the_other_one_searched_with_it(db):
    """Valakut's ruling (2009-10-01): when several Mountains enter at the same time, each trigger
    counts the others that entered with it. With four Mountains out, Explosive Vegetation puts
    two more onto the battlefield at once: each has five other Mountains, so Valakut triggers
    twice (one at a time, the first would have seen only four)."""
    _supported(db, "Explosive Vegetation", "Valakut, the Molten Pinnacle")
    g = _valakut_board(db, "Explosive Vegetation")
    cast_and_pay(g, "cast Explosive Vegetation")
    resolve(g)
    pick(g, "Mountain")
    pick(g, "Mountain")
    assert g.pending.kind == "order_triggers"       # two, both Alice's (CR 603.3b)
    pick(g, "put the rest on the stack")
    pick(g, "target Bob")
    pick(g, "target Bob")
    assert stack_labels(g) == ["Valakut, the Molten Pinnacle's ability"] * 2
    assert len(on_battlefield(g, "Mountain")) == 6 and all(o.tapped for o in on_battlefield(g, "Mountain")[4:])


def test_two_soul_wardens_searched_together_see_each_other(db):
    """CR 603.6a: Samut, the Tested's -7 puts two Soul Wardens ("Whenever another creature
    enters, you gain 1 life") onto the battlefield with one search: each sees the other enter."""
    _supported(db, "Samut, the Tested", "Soul Warden")
    g = board(db, """
  - name: Alice
    library: [Soul Warden, Soul Warden, Island]
    battlefield: [{card: "Samut, the Tested", counters: {loyalty: 7}}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Samut, the Tested: −7")
    resolve(g)
    pick(g, "Soul Warden")
    pick(g, "Soul Warden")
    assert g.pending.kind == "order_triggers"       # two, both Alice's (CR 603.3b)
    pick(g, "put the rest on the stack")
    assert stack_labels(g) == ["Soul Warden's ability"] * 2
    resolve(g)
    resolve(g)
    assert g.current_state().players[0].life == 22


def test_a_clone_searched_with_a_creature_cant_copy_it(db):
    """CR 614.12, 707.2: as Clone enters with Craw Wurm from one search, the Wurm isn't on the
    battlefield yet: Clone may copy only Bob's Grizzly Bears."""
    _supported(db, "Samut, the Tested", "Clone")
    g = board(db, """
  - name: Alice
    library: [Clone, Craw Wurm, Island]
    battlefield: [{card: "Samut, the Tested", counters: {loyalty: 7}}]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "activate Samut, the Tested: −7")
    resolve(g)
    pick(g, "Craw Wurm")
    pick(g, "Clone")
    assert g.pending.kind == "copy"
    assert labels(g) == ["copy Grizzly Bears", "enter as Clone itself"]


def test_tokens_of_one_instruction_each_seen_and_each_tapped(db):
    """Raise the Alarm's two Soldiers enter together (CR 101.4, 111.1) under Bob's Authority of
    the Consuls: the replacement applies to each (CR 614.12) and both its trigger and Soul
    Warden's trigger once for each token (CR 603.6a), once both are there."""
    _supported(db, "Raise the Alarm", "Authority of the Consuls", "Soul Warden")
    g = board(db, """
  - name: Alice
    hand: [Raise the Alarm]
    battlefield: [Plains, Plains]
  - name: Bob
    battlefield: [Authority of the Consuls, Soul Warden]
""", turn=3)
    cast_and_pay(g, "cast Raise the Alarm")
    resolve(g)
    tokens = [o for o in g.current_state().permanents(0) if o.is_token]
    assert len(tokens) == 2 and all(o.tapped for o in tokens)
    while g.pending.kind == "order_triggers":
        pick(g, "put the rest on the stack")
    assert sorted(stack_labels(g)) == ["Authority of the Consuls' ability"] * 2 + ["Soul Warden's ability"] * 2
