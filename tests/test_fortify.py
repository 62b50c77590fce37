"""Fortifications and fortify (CR 301.6, 702.67): a Fortification is to lands what an Equipment is
to creatures. Darksteel Garrison, the corpus's Fortification, and its rulings; and "protection
from all colors. This effect doesn't remove Auras." (Spectra Ward, CR 702.16n)."""
from __future__ import annotations

import pytest

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir
from manastack.scenario import Scenario
from manastack.scenario.errors import ScenarioError

from .game_helpers import board, cast_and_pay, labels, on_battlefield, pick, resolve

ALICE, BOB = 0, 1


def _garrison(g):
    return on_battlefield(g, "Darksteel Garrison")[0]


def test_darksteel_garrison_compiles_fully(db):
    card = db.get("Darksteel Garrison")
    assert not card.unsupported
    assert any(type(ab) is ir.Keyword and ab.name == "fortify" for ab in card.abilities)


def test_fortify_attaches_to_a_land_you_control_as_a_sorcery(db):
    """Fortify {3} (CR 702.67a): only lands Alice controls are targets, not her creature nor Bob's
    land; then the land has indestructible, and Bob's Beast Within doesn't destroy it."""
    g = board(db, """
  - name: Alice
    battlefield: [Darksteel Garrison, Plains, Plains, Plains, Forest, Grizzly Bears]
  - name: Bob
    hand: [Beast Within]
    battlefield: [Taiga, Taiga, Taiga]
""", turn=3)
    pick(g, "activate Darksteel Garrison")
    found = labels(g)
    assert any("Forest" in t for t in found) and not any("Grizzly Bears" in t or "Taiga" in t for t in found)
    g.pop()
    cast_and_pay(g, "activate Darksteel Garrison", "Forest")
    resolve(g)
    s = g.current_state()
    forest = next(o for o in s.objs.values() if o.card.name == "Forest")
    assert _garrison(g).attached_to == forest.id
    assert ch.has(s, forest, "indestructible")
    pick(g, "pass")
    assert g.pending.player == BOB
    assert not any(a.startswith("activate Darksteel Garrison") for a in labels(g))   # Alice's, and not now
    cast_and_pay(g, "cast Beast Within", "Forest")
    resolve(g)
    assert any(o.id == forest.id for o in on_battlefield(g, "Forest"))     # indestructible (CR 702.12b)


def test_fortify_is_not_offered_at_instant_speed(db):
    """CR 702.67a: "Fortify only as a sorcery": not with a spell on the stack."""
    g = board(db, """
  - name: Alice
    battlefield: [Darksteel Garrison, Plains, Plains, Plains, Forest, Mountain]
    hand: [Shock]
  - name: Bob
""", turn=3)
    assert any(a.startswith("activate Darksteel Garrison") for a in labels(g))
    cast_and_pay(g, "cast Shock", "Bob")
    assert not any(a.startswith("activate Darksteel Garrison") for a in labels(g))


def test_the_fortified_land_becoming_tapped_triggers(db):
    """Darksteel Garrison's ruling (2007-05-01): the ability triggers whenever the fortified land
    becomes tapped, also for mana; Grizzly Bears gets +1/+1."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Darksteel Garrison, attached_to: Forest}, Forest, Grizzly Bears]
    hand: [Giant Growth]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    while g.pending.kind != "priority" or g.current_state().stack:
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power_toughness(g.current_state(), bears) == (6, 6)
    assert "Darksteel Garrison" in g.explain() and "gets +1/+1" in g.explain()


def test_a_fortification_stays_when_its_land_leaves(db):
    """The reminder text of fortify: it stays on the battlefield if the land leaves. Boomerang
    returns the fortified Forest; Darksteel Garrison stays, attached to nothing (CR 301.6,
    704.5n)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Darksteel Garrison, attached_to: Forest}, Forest]
  - name: Bob
    hand: [Boomerang]
    battlefield: [Island, Island]
""", turn=3, active="Bob")
    cast_and_pay(g, "cast Boomerang", "Forest")
    resolve(g)
    assert _garrison(g).attached_to is None


def test_a_scenario_cant_fortify_a_creature(db):
    with pytest.raises(ScenarioError, match="a Fortification can be attached only to a land"):
        Scenario.from_text("""
players:
  - name: Alice
    battlefield: [{card: Darksteel Garrison, attached_to: Grizzly Bears}, Grizzly Bears]
  - name: Bob
""", cards=db)


def test_spectra_ward_keeps_every_aura_and_stops_colored_auras(db):
    """Spectra Ward's rulings (2014-07-18): its protection from all colors makes no Aura fall off,
    itself and Rancor included (CR 702.16n), and the creature can't be targeted by Lightning
    Bolt nor by a colored Aura spell (Pacifism)."""
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears, {card: Spectra Ward, attached_to: Grizzly Bears},
                  {card: Rancor, attached_to: Grizzly Bears}]
  - name: Bob
    hand: [Lightning Bolt, Pacifism]
    battlefield: [Mountain, Plains, Plains, Hill Giant]
""", turn=3, active="Bob")
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert on_battlefield(g, "Spectra Ward")[0].attached_to == bears.id
    assert on_battlefield(g, "Rancor")[0].attached_to == bears.id
    assert ch.power_toughness(g.current_state(), bears) == (6, 4)
    for spell in ("Lightning Bolt", "Pacifism"):
        pick(g, f"cast {spell}")
        assert not any("Grizzly Bears" in t for t in labels(g)), spell
        g.pop()


def test_spectra_ward_falls_off_for_protection_from_white_from_elsewhere(db):
    """Spectra Ward's ruling (2014-07-18): once Sword of War and Peace gives the creature
    protection from white in another way, Spectra Ward (white) is put into the graveyard
    (CR 702.16c, 704.5m); Rancor (green) stays."""
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears, {card: Spectra Ward, attached_to: Grizzly Bears},
                  {card: Rancor, attached_to: Grizzly Bears}, Sword of War and Peace, Plains, Plains]
  - name: Bob
""", turn=3)
    bears = on_battlefield(g, "Grizzly Bears")[0]
    cast_and_pay(g, "activate Sword of War and Peace", "Grizzly Bears")
    resolve(g)
    assert not on_battlefield(g, "Spectra Ward")
    assert on_battlefield(g, "Rancor")[0].attached_to == bears.id
