""""It explores, then it explores again." (Jadelight Ranger; CR 701.44): two explores one after
the other, each revealing the top card of the library as it is then."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, on_battlefield

ALICE, BOB = 0, 1


def test_jadelight_ranger_explores_twice(db):
    """A land first (to the hand), then a nonland (a +1/+1 counter; Alice leaves the card on
    top): Ranger is 3/2 with one counter, the Forest in hand, Grizzly Bears still on top."""
    g = board(db, """
  - name: Alice
    hand: [Jadelight Ranger]
    battlefield: [Forest, Forest, Island]
    library: [Forest, Grizzly Bears, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Jadelight Ranger")
    while g.current_state().stack or g.pending.kind != "priority":
        if g.pending.kind == "priority":
            g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
        else:       # keep the explored card on top
            acts = g.legal_actions()
            g.push(next((a for a in acts if "top" in a.label.lower() or "don't" in a.label.lower()
                         or a.label.lower().startswith("no")), acts[0]))
    s = g.current_state()
    ranger = on_battlefield(g, "Jadelight Ranger")[0]
    assert ranger.counters.get("+1/+1") == 1
    assert names(g, ALICE, "hand") == ["Forest"]
    assert s.objs[s.players[ALICE].library[-1]].card.name == "Grizzly Bears"
