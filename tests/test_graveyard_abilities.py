"""Activated abilities that return their card from the graveyard (CR 113.6m: an ability that
moves its object out of a zone works only in that zone), with real cards from the corpus."""
from __future__ import annotations

from manastack.oracle import ir

from . import game_helpers
from .game_helpers import labels, names, pick, resolve

SWAMPS = "[Swamp, Swamp, Swamp, Swamp, Swamp]"


def _return_actions(g, name: str) -> list[str]:
    return [label for label in labels(g) if label.startswith(f"activate {name}") and "graveyard" in label]


def test_durable_coilbug_returns_from_the_graveyard_to_the_hand(db):
    ability = next(a for a in db.get("Durable Coilbug").abilities if type(a) is ir.ActivatedAbility)
    assert ability.from_graveyard and ability.effects == (ir.ReturnToHand(ir.Ref("self"), from_graveyard=True),)
    g = game_helpers.board(db, f"""
  - name: Alice
    graveyard: [Durable Coilbug]
    battlefield: {SWAMPS}
  - name: Bob
""", turn=3)
    pick(g, "activate Durable Coilbug")
    g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    assert names(g, 0, "graveyard") == ["Durable Coilbug"]     # the ability is on the stack
    resolve(g)
    assert names(g, 0, "hand") == ["Durable Coilbug"] and names(g, 0, "graveyard") == []


def test_the_ability_doesnt_work_on_the_battlefield_or_from_an_opponents_graveyard(db):
    """CR 113.6m: only from the graveyard; CR 602.2: only its owner's (Bob's Coilbug is not
    Alice's to return)."""
    g = game_helpers.board(db, f"""
  - name: Alice
    battlefield: [Durable Coilbug, Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
    graveyard: [Durable Coilbug]
""", turn=3)
    assert _return_actions(g, "Durable Coilbug") == []
    assert not any(label.startswith("activate Durable Coilbug") for label in labels(g))


def test_eternal_dragon_returns_only_during_its_owners_upkeep(db):
    """"Activate only during your upkeep" (CR 602.5b) limits the graveyard ability too."""
    text = f"""
  - name: Alice
    graveyard: [Eternal Dragon]
    battlefield: [Plains, Plains, Plains, Plains, Plains]
  - name: Bob
"""
    main = game_helpers.board(db, text, turn=3)
    assert not any(label.startswith("activate Eternal Dragon") for label in labels(main))
    upkeep = game_helpers.board(db, text, turn=3, step="upkeep")
    pick(upkeep, "activate Eternal Dragon")
    upkeep.push(next(a for a in upkeep.legal_actions() if a.kind == "autopay"))
    resolve(upkeep)
    assert names(upkeep, 0, "hand") == ["Eternal Dragon"]


def test_a_sorcerys_graveyard_ability_returns_it(db):
    """Hammer of Bogardan is a sorcery: its "{2}{R}{R}{R}: Return ~ from your graveyard to your
    hand" works from the graveyard, during its owner's upkeep."""
    hammer = db.get("Hammer of Bogardan")
    assert type(hammer.abilities[0]) is ir.SpellAbility and hammer.abilities[1].from_graveyard
    g = game_helpers.board(db, """
  - name: Alice
    graveyard: [Hammer of Bogardan]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3, step="upkeep")
    pick(g, "activate Hammer of Bogardan")
    g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)
    assert names(g, 0, "hand") == ["Hammer of Bogardan"]


def test_a_card_exiled_in_response_stays_in_exile(db):
    """CR 400.7: once Cremate exiles the Coilbug, it is a new object the ability doesn't know,
    and the ability does nothing."""
    g = game_helpers.board(db, f"""
  - name: Alice
    graveyard: [Durable Coilbug]
    battlefield: {SWAMPS}
  - name: Bob
    hand: [Cremate]
    battlefield: [Swamp]
    library: [Swamp]
""", turn=3)
    pick(g, "activate Durable Coilbug")
    g.push(next(a for a in g.legal_actions() if a.kind == "autopay"))
    pick(g, "pass")
    pick(g, "cast Cremate")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Durable Coilbug" in a.label or a.kind == "autopay"))
    resolve(g)                                  # Cremate: exile the Coilbug, Bob draws
    resolve(g)                                  # the Coilbug's ability
    assert names(g, 0, "exile") == ["Durable Coilbug"] and names(g, 0, "hand") == []


def test_triggers_and_spells_that_return_their_card_from_a_graveyard_are_not_read(db):
    """A trigger that works from the graveyard (CR 113.6k) isn't run there, so "you may return ~
    from your graveyard" in one is refused rather than half compiled."""
    for name in ("Squee, Goblin Nabob", "Aurora Eidolon"):
        card = db.get(name)
        assert not card.fully_supported and not any(type(a) is ir.TriggeredAbility for a in card.abilities), name
