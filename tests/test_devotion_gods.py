"""Gods that aren't creatures while their controller's devotion is low (CR 700.5, 613.1d,
506.4), played with real cards and checked against the Theros rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, pass_until

ALICE, BOB = 0, 1


def _heliod(g):
    return on_battlefield(g, "Heliod, God of the Sun")[0]


def test_heliod_is_an_enchantment_only_while_devotion_to_white_is_below_five(db):
    """Heliod ({3}{W}) and Elite Vanguard ({W}) give two: Heliod is a legendary enchantment
    without the creature type God (ruling 2013-09-15). With Boros Reckoner's three hybrid
    {R/W} symbols the devotion is five: a 5/6 God creature."""
    g = board(db, """
  - name: Alice
    battlefield: ["Heliod, God of the Sun", Elite Vanguard]
  - name: Bob
""")
    s = g.current_state()
    h = _heliod(g)
    assert not ch.is_creature(s, h)
    assert ch.card_types(s, h) == ("Enchantment",) and "God" not in layers.card_now(s, h).subtypes
    g = board(db, """
  - name: Alice
    battlefield: ["Heliod, God of the Sun", Elite Vanguard, Boros Reckoner]
  - name: Bob
""")
    s = g.current_state()
    h = _heliod(g)
    assert ch.is_creature(s, h) and "God" in layers.card_now(s, h).subtypes
    assert (ch.power(s, h), ch.toughness(s, h)) == (5, 6)


def test_a_god_that_stops_being_a_creature_leaves_combat(db):
    """Heliod attacks with a devotion of five; Alice then shocks her own Elite Vanguard, the
    devotion falls to four and Heliod, no longer a creature, is removed from combat (ruling:
    it won't rejoin it), so Bob takes no damage from it."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: ["Heliod, God of the Sun", Elite Vanguard, Boros Reckoner, Mountain]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.kind == "attack" and a.args[0] == _heliod(g).id))
    g.push(Action("done"))
    cast_and_pay(g, "cast Shock", "Elite Vanguard")
    while g.current_state().stack:
        g.push(Action("pass"))
    assert not ch.is_creature(g.current_state(), _heliod(g)) and _heliod(g).attacking is None
    while g.current_state().step not in ("end_of_combat", "main2"):
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    assert g.current_state().players[BOB].life == 20
