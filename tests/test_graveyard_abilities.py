"""Activated abilities that return their card from the graveyard (CR 113.6m: an ability that
moves its object out of a zone works only in that zone), with real cards from the corpus."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir
from manastack.scenario import Scenario

from . import game_helpers
from .game_helpers import labels, names, pick, resolve
from .test_oracle_compiler import card

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


def test_squee_returns_from_the_graveyard_at_its_owners_upkeep(db):
    """"At the beginning of your upkeep, you may return Squee, Goblin Nabob from your graveyard to
    your hand": the trigger works from the graveyard, and only there (CR 113.6k-m)."""
    trigger = next(a for a in db.get("Squee, Goblin Nabob").abilities if type(a) is ir.TriggeredAbility)
    assert trigger.from_graveyard
    sc = Scenario.from_text("""
turn: 2
active: Bob
step: end
players:
  - name: Alice
    graveyard: ["Squee, Goblin Nabob"]
    battlefield: ["Squee, Goblin Nabob"]
    library: [Mountain, Mountain]
  - name: Bob
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    while g.current_state().step != "upkeep" or not g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert len(g.current_state().stack) == 1          # the one in the graveyard, not the other
    g.push(Action("pass"))
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.label.startswith("yes")))
    assert names(g, 0, "hand") == ["Squee, Goblin Nabob"] and names(g, 0, "graveyard") == []


def test_aurora_eidolon_returns_when_its_owner_casts_a_multicolored_spell(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Lightning Helix]
    graveyard: [Aurora Eidolon]
    battlefield: [Mountain, Plains]
  - name: Bob
""", turn=3)
    pick(g, "cast Lightning Helix")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind == "autopay" or "Bob" in a.label))
    assert any(i.label.startswith("Aurora Eidolon") for i in g.current_state().stack), [i.label for i in g.current_state().stack]
    g.push(Action("pass"))
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.label.startswith("yes")))
    assert names(g, 0, "hand") == ["Aurora Eidolon"]


def test_a_trigger_of_the_card_itself_returning_it_from_the_graveyard_is_not_read():
    """"When ~ dies, return ~ from your graveyard": it would trigger as the permanent leaves, not
    from the graveyard, so it is refused rather than misread."""
    assert card("Test", "When ~ dies, return ~ from your graveyard to your hand.").unsupported
