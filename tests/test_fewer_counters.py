"""Vizier of Remedies: "If one or more -1/-1 counters would be put on a creature you control,
that many -1/-1 counters minus one are put on it instead." (CR 614.1a), with its rulings: a cost
that puts the counters (Devoted Druid) is changed too, and wither damage from several sources at
once is one event of counters (CR 120.3d), so it loses one counter in all."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, on_battlefield, pick


def test_devoted_druid_untaps_without_getting_a_counter(db):
    """The card's ruling: the Druid's cost may be paid even though no counter is put on it."""
    g = board(db, """
  - name: Alice
    battlefield: [Vizier of Remedies, {card: Devoted Druid, tapped: true}]
  - name: Bob
""", turn=3)
    for _ in range(3):
        pick(g, "activate Devoted Druid: Put a -1/-1 counter")
        g.push(Action("pass"))
        g.push(Action("pass"))
        druid = on_battlefield(g, "Devoted Druid")[0]
        assert not druid.tapped and not druid.counters.get("-1/-1")
        pick(g, "activate Devoted Druid: {T}")
    assert "Replacement: Vizier of Remedies (minus 1 -1/-1 counters)" in g.explain()


def test_without_the_vizier_the_druid_gets_its_counter(db):
    g = board(db, """
  - name: Alice
    battlefield: [{card: Devoted Druid, tapped: true}]
  - name: Bob
""", turn=3)
    pick(g, "activate Devoted Druid: Put a -1/-1 counter")
    assert on_battlefield(g, "Devoted Druid")[0].counters.get("-1/-1") == 1


def test_two_wither_blockers_put_one_counter_fewer_in_all(db):
    """The card's ruling: several creatures with wither dealing damage to one creature at once
    make one event of counters, which Vizier of Remedies changes once: 2 + 2 - 1 = 3."""
    g = board(db, """
  - name: Alice
    battlefield:
      - Vizier of Remedies
      - {card: Craw Wurm, attacking: true, tapped: true}
  - name: Bob
    battlefield:
      - {card: Rendclaw Trow, blocking: Craw Wurm}
      - {card: Sickle Ripper, blocking: Craw Wurm}
""", turn=5, step="declare_blockers")
    g.push(Action("pass"))
    g.push(Action("pass"))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    wurm = on_battlefield(g, "Craw Wurm")[0]
    assert wurm.counters.get("-1/-1") == 3 and wurm.damage == 0
