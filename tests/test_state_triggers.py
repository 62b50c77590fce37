"""State triggers (CR 603.8): "When you control no Islands, sacrifice ~" triggers once the state
holds, as a player would receive priority, and not again while it waits or is on the stack."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, resolve, stack_labels


def test_read_as_a_state_trigger(corpus_db):
    ability = next(a for a in corpus_db.get("Sea Serpent").abilities if isinstance(a, ir.TriggeredAbility))
    assert ability.trigger == ir.Trigger("control_none", ir.Filter(subtypes=("Island",), controller="you"))
    assert corpus_db.get("Barbarian Outcast").fully_supported


def test_sea_serpent_goes_when_its_last_island_does(corpus_db):
    """With an Island nothing triggers; once Stone Rain destroys it, the ability triggers once,
    stays a single instance while it is on the stack (CR 603.8), and sacrifices the Serpent."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Sea Serpent, Island]
  - name: Bob
    hand: [Stone Rain]
    battlefield: [{card: Mountain, count: 3}]
""", active="Bob", turn=3)
    assert stack_labels(g) == []
    cast_and_pay(g, "cast Stone Rain", "Island")
    resolve(g)
    assert stack_labels(g) == ["Sea Serpent's ability"]
    g.push(Action("pass"))
    assert stack_labels(g) == ["Sea Serpent's ability"]     # not again while it waits
    g.push(Action("pass"))
    assert names(g, 0, "graveyard") == ["Island", "Sea Serpent"]
    assert "CR 603.8" in g.explain()


def test_no_islands_from_the_start_triggers_at_once(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Barbarian Outcast, Mountain]
  - name: Bob
""", turn=3)
    assert stack_labels(g) == ["Barbarian Outcast's ability"]
    resolve(g)
    assert names(g, 0, "graveyard") == ["Barbarian Outcast"]
