"""Attaching, unattaching and removing counters go through ``events`` like every other change
(CR 701.3, 704.5n, 704.5q, 702.103f, 702.62a): each is logged with its rule and handed to
``triggers.collect`` as an event (``Attached``, ``Unattached``, ``CountersRemoved``), so that
triggered abilities can see it. Real cards, on boards written as scenarios."""
from __future__ import annotations

import pytest

from manastack.engine import events
from manastack.engine.decisions import Action
from manastack.engine.event_types import Attached, CountersRemoved, Unattached

from .game_helpers import board, cast_and_pay, on_battlefield, resolve

ALICE, BOB = 0, 1


@pytest.fixture
def seen(monkeypatch) -> list:
    """Every event handed to triggers.collect from events.py while the test runs."""
    found: list = []
    collect = events.collect

    def record(ctx, ev):
        found.append(ev)
        collect(ctx, ev)
    monkeypatch.setattr(events, "collect", record)
    return found


def _only(seen: list, kind: type) -> list[tuple]:
    """The events of ``kind`` seen, as tuples of their fields, each once: an operation that asks
    again is replayed from its start (docs/architecture.md), so an event may be seen twice."""
    return sorted({tuple(getattr(ev, f) for f in kind.__slots__) for ev in seen if type(ev) is kind})


def test_equip_attaches_through_events_with_a_new_timestamp(db, seen):
    """Bonesplitter's equip ability (CR 702.6a) attaches it to the Bears (CR 701.3a) with a new
    timestamp (CR 613.7e); the Bears get +2/+0."""
    g = board(db, """
  - name: Alice
    battlefield: [Bonesplitter, Grizzly Bears, Plains]
  - name: Bob
""")
    before = on_battlefield(g, "Bonesplitter")[0].timestamp
    cast_and_pay(g, "activate Bonesplitter", "Grizzly Bears")
    resolve(g)
    splitter, bears = on_battlefield(g, "Bonesplitter")[0], on_battlefield(g, "Grizzly Bears")[0]
    assert splitter.attached_to == bears.id and splitter.timestamp > before
    assert _only(seen, Attached) == [(splitter.id, bears.id)]
    line = next(e for e in g.current_state().log_entries() if "becomes attached" in e.text)
    assert line.text == "Bonesplitter becomes attached to Grizzly Bears" and "701.3a" in line.rules


def test_an_equipment_on_a_land_becomes_unattached_as_a_state_based_action(db, seen):
    """CR 704.5n: Bonesplitter equips Mutavault while it is a creature; when the effect that
    made it one ends (CR 514.2), Bonesplitter is attached to an illegal permanent, becomes
    unattached and stays on the battlefield."""
    g = board(db, """
  - name: Alice
    battlefield: [Mutavault, Bonesplitter, Plains, Plains]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    cast_and_pay(g, "activate Mutavault")
    resolve(g)
    cast_and_pay(g, "activate Bonesplitter", "Mutavault")
    resolve(g)
    vault = on_battlefield(g, "Mutavault")[0]
    assert on_battlefield(g, "Bonesplitter")[0].attached_to == vault.id
    while not _only(seen, Unattached):
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])   # no attack
    splitter = on_battlefield(g, "Bonesplitter")[0]
    assert splitter.attached_to is None and _only(seen, Unattached) == [(splitter.id, vault.id)]
    line = next(e for e in g.current_state().log_entries() if "becomes unattached" in e.text)
    assert line.text == "Bonesplitter becomes unattached (equipment attached to an illegal permanent)" and "704.5n" in line.rules


def test_plus_and_minus_counters_annihilate_through_events(db, seen):
    """CR 704.5q: two +1/+1 and one -1/-1 counter on Grizzly Bears leave one +1/+1 counter; both
    removals are events."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 2, "-1/-1": 1}}]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    g.push(Action("pass"))
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert bears.counters == {"+1/+1": 1}
    assert _only(seen, CountersRemoved) == [(bears.id, "+1/+1", 1), (bears.id, "-1/-1", 1)]
    assert "1 +1/+1 and -1/-1 counter pairs are removed from Grizzly Bears" in g.explain()


def test_a_time_counter_removed_by_suspend_is_an_event(db, seen):
    """CR 702.62a: at Alice's upkeep a time counter is removed from the suspended Lotus Bloom,
    as an event that triggers can see."""
    g = board(db, """
  - name: Alice
    exile: [{card: Lotus Bloom, counters: {time: 3}}]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island, Island]
""", turn=2, active="Bob", step="end")
    for _ in range(10):
        if _only(seen, CountersRemoved):
            break
        g.push(g.legal_actions()[0])
    bloom = next(o for o in g.current_state().objs.values() if o.card.name == "Lotus Bloom")
    assert bloom.counters == {"time": 2}
    assert _only(seen, CountersRemoved) == [(bloom.id, "time", 1)]
    assert "A time counter is removed from Lotus Bloom (2 left)" in g.explain()
