""""Whenever a spell or ability you control counters a spell" (CR 701.6a): Baral, Chief of
Compliance, with its rulings: only "counter" counts; a spell whose targets all became illegal
doesn't resolve but is not countered (CR 608.2b)."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, names

ALICE, BOB = 0, 1


def test_baral_compiles(db):
    baral = db.get("Baral, Chief of Compliance")
    assert baral.fully_supported
    trigger = baral.abilities[1]
    assert isinstance(trigger, ir.TriggeredAbility) and trigger.trigger == ir.Trigger("counters_spell", whose="you")


def test_baral_loots_when_a_spell_alice_controls_counters_a_spell(db):
    """Alice counters her own Lightning Bolt with Counterspell: Baral triggers; she draws a card
    and discards one."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Counterspell, Forest]
    battlefield: ["Baral, Chief of Compliance", Mountain, Island, Island]
    library: [Plains, Swamp]
  - name: Bob
""")
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    cast_and_pay(g, "cast Counterspell", "Lightning Bolt")
    answer_until_stack_empty(g, "yes", "Forest")
    s = g.current_state()
    assert s.players[BOB].life == 20
    assert names(g, ALICE, "graveyard") == ["Counterspell", "Forest", "Lightning Bolt"]
    assert names(g, ALICE, "hand") == ["Plains"]      # the top card (listed first)
    assert any("Baral, Chief of Compliance's ability triggers" in e.text for e in s.log_entries())


def test_a_spell_that_fizzles_is_not_countered(db):
    """The ruling: Lightning Bolt whose target left doesn't resolve (CR 608.2b) but isn't
    countered, so Baral doesn't trigger."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Unsummon]
    battlefield: ["Baral, Chief of Compliance", Mountain, Island]
    library: [Plains, Swamp]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    cast_and_pay(g, "cast Unsummon", "Grizzly Bears")
    met = answer_until_stack_empty(g)
    assert "may" not in met
    assert names(g, BOB, "hand") == ["Grizzly Bears"]
    assert not any("Baral, Chief of Compliance's ability triggers" in e.text for e in g.current_state().log_entries())
