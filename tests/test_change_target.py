"""Changing the target of a spell with a single target (CR 115.7a): Deflection, Shunt, Swerve."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, cast_and_pay, labels, names, on_battlefield, pick


def _life(g, player: int) -> int:
    return g.current_state().players[player].life


def _bolt_then(g, answer: str, *targets: str) -> None:
    """Alice casts Lightning Bolt at Bob; Bob answers with ``answer`` aimed at the Bolt."""
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    g.push(Action("pass"))                  # Bob receives priority (CR 117.3c)
    cast_and_pay(g, f"cast {answer}", *targets)


def test_deflection_changes_the_bolts_target_chosen_on_resolution(corpus_db):
    """Deflection targets only the spell; its new target is chosen as Deflection resolves, among
    the other legal targets of the Bolt (rulings), and becomes what the Bolt deals damage to."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Grizzly Bears]
  - name: Bob
    hand: [Deflection]
    battlefield: [Island, Island, Island, Island]
""", turn=3)
    _bolt_then(g, "Deflection", "Lightning Bolt")
    g.push(Action("pass"))
    g.push(Action("pass"))                  # Deflection resolves
    assert g.pending.kind == "new_target"
    # another legal target, never the one it has (the rulings): Bob is not offered
    assert sorted(labels(g)) == ["target Alice", "target Grizzly Bears"]
    pick(g, "target Grizzly Bears")
    g.push(Action("pass"))
    g.push(Action("pass"))                  # the Bolt resolves
    assert _life(g, 1) == 20 and not on_battlefield(g, "Grizzly Bears")
    assert "Grizzly Bears" in names(g, 0, "graveyard")


def test_a_target_with_no_other_legal_choice_stays(corpus_db):
    """Swerve on a Bolt whose only other possible target can't be targeted: "If there is no
    other legal target for the spell, this does not change the target" (ruling; CR 115.7a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Giant Growth]
    battlefield: [Forest, Grizzly Bears]
  - name: Bob
    hand: [Swerve]
    battlefield: [Island, Mountain]
""", turn=3)
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Swerve", "Giant Growth")
    g.push(Action("pass"))
    g.push(Action("pass"))                  # Swerve resolves: no other creature to choose
    assert g.pending.kind == "priority"
    assert any("no other legal target" in e.text and "115.7a" in e.rules for e in g.log)
    g.push(Action("pass"))
    g.push(Action("pass"))
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.power(g.current_state(), bears) == 5     # the Giant Growth still resolved on it


def test_only_a_spell_with_a_single_target_can_be_targeted(corpus_db):
    """A spell with two targets, or none, can't be the target of Shunt (rulings; CR 115.7a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Divination]
    battlefield: [Island, Island, Island]
  - name: Bob
    hand: [Shunt]
    battlefield: [Mountain, Mountain, Mountain]
""", turn=3)
    cast_and_pay(g, "cast Divination")
    g.push(Action("pass"))
    assert cast_action(g, "Shunt") is None


def test_misdirection_for_its_alternative_cost_sends_the_bolt_back(corpus_db):
    """Misdirection cast by exiling a blue card (CR 118.9): the Bolt's only other legal target is
    its caster, and the target must change when it can (Swerve's ruling; CR 115.7a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    hand: [Misdirection, Counterspell]
""", turn=3)
    _bolt_then(g, "Misdirection", "Lightning Bolt")
    assert names(g, 1, "exile") == ["Counterspell"]
    for _ in range(4):                      # Misdirection resolves, then the Bolt
        g.push(Action("pass"))
    assert (_life(g, 0), _life(g, 1)) == (17, 20)
    assert any(e.text == "Bob changes the target of Lightning Bolt from Bob to Alice" and "115.7a" in e.rules
               for e in g.log)


def test_swerve_moves_an_aura_spell_to_another_creature(corpus_db):
    """An Aura spell targets what it will enchant, so it has a single target: Swerve changes it
    and the Aura enters attached to the new one (Swerve's ruling; CR 115.7a, 303.4a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Pacifism]
    battlefield: [Plains, Plains, Savannah Lions]
  - name: Bob
    hand: [Swerve]
    battlefield: [Island, Mountain, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Pacifism", "Grizzly Bears")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Swerve", "Pacifism")
    for _ in range(4):                      # Swerve resolves (one other creature: no choice), then Pacifism
        g.push(Action("pass"))
    [pacifism] = on_battlefield(g, "Pacifism")
    assert g.current_state().objs[pacifism.attached_to].card.name == "Savannah Lions"
