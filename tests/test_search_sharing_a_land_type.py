"""Myriad Landscape: "{2}, {T}, Sacrifice Myriad Landscape: Search your library for up to two
basic land cards that share a land type, put them onto the battlefield tapped, then shuffle."
(CR 701.23a, 205.3i): once one is found, only cards sharing a land type with it may follow."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, labels, names, pick


def _activate(db):
    g = board(db, """
  - name: Alice
    battlefield: [Myriad Landscape, Plains, Plains]
    library: [Forest, Island, Forest, Snow-Covered Forest]
  - name: Bob
""", turn=3)
    pick(g, "activate Myriad Landscape: {2}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    return g


def test_the_second_land_must_share_the_first_ones_type(db):
    g = _activate(db)
    assert g.pending.kind == "search"
    assert {"Forest", "Island", "Snow-Covered Forest"} <= set(labels(g))
    g.push(next(a for a in g.legal_actions() if a.label == "Island"))
    # no Forest may follow an Island: the search ends with the Island alone
    assert g.pending.kind == "priority"
    assert sorted(o.card.name for o in g.current_state().permanents(0) if o.tapped and o.card.name != "Plains") == ["Island"]


def test_two_forests_enter_tapped(db):
    g = _activate(db)
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    assert set(labels(g)) == {"Forest", "Snow-Covered Forest", "find nothing more"}
    g.push(next(a for a in g.legal_actions() if a.label == "Snow-Covered Forest"))
    s = g.current_state()
    found = [o for o in s.permanents(0) if o.card.name in ("Forest", "Snow-Covered Forest")]
    assert len(found) == 2 and all(o.tapped for o in found)
    assert names(g, 0, "graveyard") == ["Myriad Landscape"]
