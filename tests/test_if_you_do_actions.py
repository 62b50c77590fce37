""""If you do" (CR 608.2c) after more kinds of optional actions: exiling the object itself from
where it went, sacrificing a permanent you choose, drawing several cards."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve, stack_labels


def test_academy_rector_exiles_itself_to_search(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Glorious Anthem, Island]
    battlefield: [Academy Rector]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""", active="Bob", turn=4)
    cast_and_pay(g, "cast Shock", "Academy Rector")
    resolve(g)
    assert stack_labels(g) == ["Academy Rector's ability"]
    resolve(g)
    pick(g, "yes")
    pick(g, "Glorious Anthem")
    state = g.current_state()
    assert names(g, 0, "exile") == ["Academy Rector"] and names(g, 0, "graveyard") == []
    assert [o.card.name for o in state.permanents(0)] == ["Glorious Anthem"]


def test_academy_rector_gone_from_the_graveyard_finds_nothing(corpus_db):
    """Once the Rector has left the graveyard it can't be exiled, so there is no search."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Glorious Anthem, Island]
    battlefield: [Academy Rector]
  - name: Bob
    hand: [Shock, Coffin Purge]
    battlefield: [{card: Mountain, count: 1}, {card: Swamp, count: 1}]
""", active="Bob", turn=4)
    cast_and_pay(g, "cast Shock", "Academy Rector")
    resolve(g)
    cast_and_pay(g, "cast Coffin Purge", "Academy Rector")
    resolve(g)
    assert names(g, 0, "exile") == ["Academy Rector"]
    resolve(g)
    pick(g, "yes")
    assert g.pending.kind == "priority" and not on_battlefield(g, "Glorious Anthem")


def test_springbloom_druid_sacrifices_one_land_for_two(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Springbloom Druid]
    library: [Forest, Island, Forest]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Springbloom Druid")
    resolve(g)
    resolve(g)
    pick(g, "yes")
    pick(g, "Forest")            # the land to sacrifice
    pick(g, "Forest")
    pick(g, "Island")
    assert names(g, 0, "graveyard") == ["Forest"]
    lands = [o for o in g.current_state().permanents(0) if o.card.name in ("Forest", "Island")]
    assert len(lands) == 4 and sum(o.tapped for o in lands) >= 2
