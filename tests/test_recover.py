"""Recover (CR 702.59a): a triggered ability that works while the card is in its owner's
graveyard: when a creature is put into that graveyard from the battlefield, its owner may pay the
recover cost to return the card to their hand; otherwise the card is exiled. Real cards."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, resolve


def _bears_die(db, extra_lands: str = "Swamp, Swamp, Swamp"):
    """Alice shocks her own Grizzly Bears with Grim Harvest in her graveyard."""
    g = board(db, f"""
  - name: Alice
    battlefield: [Mountain, {extra_lands}, Grizzly Bears]
    hand: [Shock]
    graveyard: [Grim Harvest]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    return g


def test_the_card_compiles(db):
    for name in ("Grim Harvest", "Krovikan Rot", "Resize", "Icefall", "Controvert", "Sun's Bounty"):
        assert not db.get(name).unsupported, (name, db.get(name).unsupported)


def test_paying_the_cost_returns_the_card_to_its_owners_hand(db):
    g = _bears_die(db)
    assert [i.label for i in g.current_state().stack] == ["Grim Harvest's ability"]
    resolve(g)
    assert g.pending.kind == "may"
    g.push(Action("yes"))
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert names(g, 0, "hand") == ["Grim Harvest"]
    assert "Grim Harvest" not in names(g, 0, "exile")


def test_not_paying_exiles_the_card(db):
    g = _bears_die(db)
    resolve(g)
    g.push(Action("no"))
    assert names(g, 0, "exile") == ["Grim Harvest"]
    assert names(g, 0, "hand") == [] and "Grim Harvest" not in names(g, 0, "graveyard")


def test_an_opponents_creature_dying_doesnt_trigger_it(db):
    """"Put into your graveyard": Bob's Llanowar Elves going to Bob's graveyard sees nothing."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain]
    hand: [Shock]
    graveyard: [Grim Harvest]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Llanowar Elves")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Llanowar Elves"]
    assert not g.current_state().stack and names(g, 0, "graveyard") == ["Grim Harvest", "Shock"]
