"""The automatic payer, among payments of a cost with the fewest permanents, keeps the most of
the hand castable (CR 601.2g-h: which sources pay is the payer's choice): a dual land is left
untapped when a basic land pays as well. Real hands of corpus cards."""
from __future__ import annotations

from manastack.engine.mana import abilities as mana_abilities
from manastack.mana import ManaCost

from .game_helpers import board, cast_action, cast_and_pay, resolve


def _untapped(g) -> list[str]:
    return sorted(o.card.name for o in g.current_state().permanents(0) if not o.tapped)


def _game(db, hand: str, lands: str):
    return board(db, f"""
  - name: Alice
    hand: {hand}
    battlefield: {lands}
  - name: Bob
""")


def test_a_green_one_drop_is_paid_with_the_forest_not_the_dual_land(db):
    """Llanowar Elves with Lightning Bolt in hand, Taiga and Forest: the Forest pays, and the
    Taiga still casts the Bolt. Without the Bolt the first choice stays (the Taiga, listed
    first)."""
    g = _game(db, "[Llanowar Elves, Lightning Bolt]", "[Taiga, Forest]")
    cast_and_pay(g, "cast Llanowar Elves")
    assert _untapped(g) == ["Taiga"]
    assert cast_action(g, "Lightning Bolt") is not None
    g = _game(db, "[Llanowar Elves]", "[Taiga, Forest]")
    cast_and_pay(g, "cast Llanowar Elves")
    assert _untapped(g) == ["Forest"]


def test_forest_mountain_and_a_dual_land_keep_a_red_red_card_castable(db):
    """Forest, Mountain and Taiga, Llanowar Elves and Ash Zealot ({R}{R}) in hand: paying {G}
    with the Forest leaves {R}{R}; paying with the Taiga wouldn't."""
    g = _game(db, "[Llanowar Elves, Ash Zealot]", "[Taiga, Forest, Mountain]")
    cast_and_pay(g, "cast Llanowar Elves")
    assert _untapped(g) == ["Mountain", "Taiga"]
    resolve(g)
    assert cast_action(g, "Ash Zealot") is not None


def test_generic_mana_is_paid_with_the_color_the_hand_does_not_need(db):
    """Grizzly Bears ({1}{G}) with Lightning Bolt in hand: two Forests pay it, the Mountain
    stays for the Bolt, whatever the order of the lands."""
    for lands in ("[Mountain, Forest, Forest]", "[Taiga, Forest, Forest]"):
        g = _game(db, "[Grizzly Bears, Lightning Bolt]", lands)
        cast_and_pay(g, "cast Grizzly Bears")
        assert _untapped(g) == [lands[1:lands.index(",")]]
        assert cast_action(g, "Lightning Bolt") is not None


def test_payments_the_hand_cant_tell_apart_keep_the_first(db):
    """Lightning Bolt with Shock and Llanowar Elves in hand, Taiga, Mountain and Forest: the
    Taiga (listed first) or the Mountain leaves both castable, so the first payment found
    stays; one land pays, never more than the first payment found uses."""
    g = _game(db, "[Lightning Bolt, Shock, Llanowar Elves]", "[Taiga, Mountain, Forest]")
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    assert _untapped(g) == ["Forest", "Mountain"]
    assert cast_action(g, "Shock") is not None


def test_the_plan_is_unchanged_when_the_hand_is_empty(db):
    g = _game(db, "[]", "[Taiga, Forest]")
    s = g.current_state()
    plan = mana_abilities.plan_payment(s, 0, ManaCost(("G",)))
    assert mana_abilities.keep_hand_castable(s, 0, ManaCost(("G",)), mana_abilities.NO_ONE, None, plan) is plan
