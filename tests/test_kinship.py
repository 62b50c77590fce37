"""Kinship (an ability word, CR 207.2c): at the beginning of your upkeep you may look at the top
card of your library; if it shares a creature type with the permanent (CR 205.3, changeling
702.73a), you may reveal it, and if you do, the effect happens. Real cards from the corpus."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir
from manastack.scenario import Scenario

from .game_helpers import on_battlefield


def _at_upkeep(db, top: str) -> Game:
    """Alice's Wolf-Skull Shaman (an Elf Shaman) with ``top`` on top of her library, at the
    start of her upkeep, its kinship trigger on the stack."""
    sc = Scenario.from_text(f"""
turn: 2
active: Bob
step: end
players:
  - name: Alice
    library: [{top}, Forest]
    battlefield: [Wolf-Skull Shaman]
  - name: Bob
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    while g.current_state().step != "upkeep" or not g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    g.push(Action("pass"))
    g.push(Action("pass"))      # the trigger resolves
    return g


def test_the_wolf_skull_shaman_compiles_to_one_kinship_effect(db):
    [trigger] = db.get("Wolf-Skull Shaman").abilities
    assert trigger.trigger.step == "upkeep" and type(trigger.effects[0]) is ir.RevealTopIfShares


def test_a_card_sharing_a_creature_type_may_be_revealed_for_the_effect(db):
    g = _at_upkeep(db, "Llanowar Elves")           # an Elf Druid: shares Elf
    assert g.pending.kind == "reveal"
    assert [a.label for a in g.legal_actions()] == ["reveal Llanowar Elves", "reveal nothing"]
    g.push(next(a for a in g.legal_actions() if a.label == "reveal Llanowar Elves"))
    assert len(on_battlefield(g, "Wolf Token")) == 1
    assert "Alice reveals Llanowar Elves" in g.explain()


def test_declining_to_reveal_does_nothing(db):
    g = _at_upkeep(db, "Llanowar Elves")
    g.push(next(a for a in g.legal_actions() if a.label == "reveal nothing"))
    assert not on_battlefield(g, "Wolf Token")


def test_a_card_without_a_shared_creature_type_gives_no_choice(db):
    g = _at_upkeep(db, "Grizzly Bears")            # a Bear
    assert g.pending.kind == "priority" and not on_battlefield(g, "Wolf Token")


def test_a_changeling_shares_every_creature_type(db):
    g = _at_upkeep(db, "Avian Changeling")
    assert g.pending.kind == "reveal"
