""""Whenever a creature dealt damage by ~ this turn dies" (Sengir Vampire): the creatures a
permanent dealt damage to this turn are remembered for it, with real cards from the corpus."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers
from .game_helpers import cast_and_pay, on_battlefield, resolve


def _vampire_counters(g) -> int:
    return on_battlefield(g, "Sengir Vampire")[0].counters.get("+1/+1", 0)


def test_sengir_vampire_grows_when_a_creature_it_damaged_dies(db):
    trigger = db.get("Sengir Vampire").abilities[-1].trigger
    assert trigger == ir.Trigger("dies", ir.Filter(types=("Creature",), damaged_by_self=True))
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Prey Upon]
    battlefield: [Sengir Vampire, Forest]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Prey Upon", "Sengir Vampire", "Grizzly Bears")
    resolve(g)      # the fight: 4 to the Bears
    resolve(g)                                                     # the Vampire's trigger
    assert _vampire_counters(g) == 1


def test_a_creature_it_damaged_earlier_in_the_turn_counts_when_it_dies_later(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Prey Upon, Flame Slash, Lightning Bolt]
    battlefield: [Sengir Vampire, Forest, Mountain, Mountain]
  - name: Bob
    battlefield: [Wall of Stone, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Prey Upon", "Sengir Vampire", "Wall of Stone")
    resolve(g)       # 4 damage: the 0/8 wall lives
    assert len(on_battlefield(g, "Wall of Stone")) == 1 and _vampire_counters(g) == 0
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)                    # never damaged by the Vampire
    assert _vampire_counters(g) == 0
    cast_and_pay(g, "cast Flame Slash", "Wall of Stone")
    resolve(g)                        # 4 more: it dies
    resolve(g)
    assert _vampire_counters(g) == 1


def test_the_memory_ends_with_the_turn(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Prey Upon]
    battlefield: [Sengir Vampire, Forest]
    library: [Forest, Forest]
  - name: Bob
    battlefield: [Wall of Stone]
    library: [Mountain, Mountain]
""", turn=3)
    cast_and_pay(g, "cast Prey Upon", "Sengir Vampire", "Wall of Stone")
    resolve(g)
    assert [e.kind for e in g.current_state().effects if e.kind == "damaged_by"] == ["damaged_by"]
    while g.current_state().turn == 3:           # no attack, nothing cast: on to Bob's turn
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert not [e for e in g.current_state().effects if e.kind == "damaged_by"]


def test_damage_is_remembered_only_for_cards_that_ask(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Wall of Stone]
""", turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Wall of Stone")
    resolve(g)
    assert not [e for e in g.current_state().effects if e.kind == "damaged_by"]
