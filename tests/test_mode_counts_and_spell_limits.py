"""How many modes may be chosen, and how many spells may be cast: the same mode more than once
(CR 700.2d, the Confluences), more modes only when the spell is kicked or its caster controls a
commander as it is cast (CR 601.2b: the Inscriptions, the Commander 2021 "Will" cycle), and "Each
player can't cast more than one spell each turn." (CR 101.2; Rule of Law), also for a spell cast
by a resolving ability. Real cards and their rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, names, pick, resolve

ALICE, BOB = 0, 1


def _modes_offered(g) -> list[str]:
    return [a.label for a in g.legal_actions() if a.kind == "mode"]


def test_the_confluences_read_as_three_modes_that_may_repeat(db):
    for name in ("Fiery Confluence", "Mystic Confluence", "Righteous Confluence", "Verdant Confluence",
                 "Wretched Confluence"):
        card = db.get(name)
        assert card.fully_supported, name
        modal = card.abilities[0].effects[0]
        assert type(modal) is ir.Modal and (modal.choose, modal.repeat) == (3, True), name


def test_a_confluence_with_one_mode_able_is_cast_choosing_it_three_times(db):
    """Only "Draw a card" has no target: the Confluence can still be cast, that mode three
    times (CR 700.2d, 601.2c)."""
    g = board(db, """
  - name: Alice
    hand: [Mystic Confluence]
    library: [Island, Island, Island]
    battlefield: [Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    pick(g, "cast Mystic Confluence")
    while g.pending.kind == "modes":        # a forced choice answers itself
        assert _modes_offered(g) == ["mode 3: Draw a card."]
        pick(g, "mode 3")
    assert "chooses Draw a card.; Draw a card.; Draw a card. for Mystic Confluence" in g.explain()
    while g.pending.kind != "priority":
        g.push(Action("autopay"))
    resolve(g)
    assert names(g, ALICE, "hand") == ["Island", "Island", "Island"]


def test_unkicked_inscription_has_one_mode(db):
    """Not kicked, Inscription of Ruin chooses one mode only: after the first no other is
    offered (CR 601.2b, 700.2)."""
    g = board(db, """
  - name: Alice
    hand: [Inscription of Ruin]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
    hand: [Island, Forest]
    battlefield: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Inscription of Ruin")
    assert g.pending.kind == "modes"        # kicker {2}{B}{B} can't be paid: not asked
    pick(g, "mode 1")
    assert g.pending.kind != "modes"


def test_akromas_will_without_a_commander_has_one_mode(db):
    """Akroma's Will cast by a player who controls no commander (here, not a Commander game):
    one mode only (CR 903.3d)."""
    g = board(db, """
  - name: Alice
    hand: [Akroma's Will]
    battlefield: [Plains, Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
""", turn=3)
    pick(g, "cast Akroma's Will")
    pick(g, "mode 2")
    assert g.pending.kind == "pay"


def test_rule_of_law_stops_a_cascade_cast(db):
    """Bloodbraid Elf is Alice's first spell this turn; its cascade would cast a second one,
    which Rule of Law forbids: the card isn't cast and goes to the bottom (CR 702.85a, 101.2)."""
    g = board(db, """
  - name: Alice
    hand: [Bloodbraid Elf]
    library: [Shock]
    battlefield: [Mountain, Mountain, Forest, Forest]
  - name: Bob
    battlefield: [Rule of Law]
""", turn=3)
    pick(g, "cast Bloodbraid Elf")
    while g.pending.kind != "priority":
        g.push(Action("autopay"))
    resolve(g)                          # the cascade trigger
    assert "Shock can't be cast: Rule of Law allows Alice one spell each turn" in g.explain()
    assert names(g, ALICE, "library") == ["Shock"]
    assert g.current_state().players[BOB].life == 20
