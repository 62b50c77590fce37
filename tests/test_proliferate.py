"""Proliferate (CR 701.34a): any number of permanents and players with counters, each getting
one more counter of every kind it already has."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, on_battlefield, pick, resolve

ALICE, BOB = 0, 1


def test_chosen_permanents_and_players_get_one_of_each_kind(db):
    """Steady Progress: Alice picks her Bears (two kinds of counters: one more of each; +1/+1 and
    -1/-1 would annihilate first, CR 704.5q) and Bob
    (poison); Bob's Elves, not picked, keep theirs. Then she draws (the spell's second part)."""
    g = board(db, """
  - name: Alice
    hand: [Steady Progress]
    library: [Island]
    battlefield: [Island, Island, Island, {card: Grizzly Bears, counters: {"+1/+1": 1, "charge": 1}}]
  - name: Bob
    poison: 3
    battlefield: [{card: Llanowar Elves, counters: {"+1/+1": 2}}]
""")
    cast_and_pay(g, "cast Steady Progress")
    resolve(g)
    assert g.pending.kind == "proliferate"
    labels = [a.label for a in g.legal_actions()]
    assert labels[0] == "proliferate the ones chosen" and len(labels) == 4     # Bears, Elves, Bob
    pick(g, "Grizzly Bears")
    pick(g, "Bob")
    assert [a.label for a in g.legal_actions()][1:] == ["Llanowar Elves (2 +1/+1)"]   # each once
    pick(g, "proliferate the ones chosen")
    s = g.current_state()
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {"+1/+1": 2, "charge": 2}
    assert on_battlefield(g, "Llanowar Elves")[0].counters == {"+1/+1": 2}
    assert s.players[BOB].poison == 4 and s.players[ALICE].poison == 0
    assert len(s.players[ALICE].hand) == 1


def test_nothing_with_counters_asks_nothing(db):
    """With no counters anywhere there is nothing to choose; the spell still draws."""
    g = board(db, """
  - name: Alice
    hand: [Steady Progress]
    library: [Island]
    battlefield: [Island, Island, Island, Grizzly Bears]
  - name: Bob
""")
    cast_and_pay(g, "cast Steady Progress")
    resolve(g)
    assert g.pending.kind == "priority" and len(g.current_state().players[ALICE].hand) == 1
