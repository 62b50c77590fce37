"""Damage divided among targets (CR 601.2d, 603.3d, 608.2b), with real cards and their rulings:
the division is announced as the spell is cast or the ability put on the stack, each target gets
at least 1, and an illegal target's share is not dealt."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import labels, names, pick, resolve


def _targets(g: Game) -> list[str]:
    return [a.label for a in g.legal_actions() if a.kind == "target"]


def test_forked_bolt_deals_2_to_a_single_target_without_a_division(db):
    """Forked Bolt ruling 2010-06-15: 2 damage to one target, or 1 to each of two."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Forked Bolt]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Forked Bolt")
    assert "no more targets" not in labels(g)        # at least one target (CR 601.2d)
    pick(g, "target Grizzly Bears")
    pick(g, "no more targets")
    assert g.pending.kind == "pay"                    # one target gets it all: nothing asked
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].division == ((2,),)
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]


def test_forked_bolt_one_to_each_of_two_targets(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Forked Bolt]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    pick(g, "cast Forked Bolt")
    pick(g, "target Llanowar Elves")
    pick(g, "target Bob")
    assert g.pending.kind == "pay"        # two targets and 2 damage: 1 each, nothing to choose
    g.push(Action("autopay"))
    resolve(g)
    s = g.current_state()
    assert s.players[1].life == 19 and names(g, 1, "graveyard") == ["Llanowar Elves"]
    assert "Alice divides 2 damage: 1 to Llanowar Elves, 1 to Bob" in g.explain()


def test_boulderfall_has_at_most_as_many_targets_as_damage(db):
    """Boulderfall: 5 damage among any number of targets, each at least 1 (CR 601.2d): the
    sixth target can't be chosen, and the shares asked leave 1 for each later target."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Boulderfall]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves, Savannah Lions, Centaur Courser, Raging Goblin, Goblin Piker]
""", turn=3)
    pick(g, "cast Boulderfall")
    for name in ["Grizzly Bears", "Llanowar Elves", "Savannah Lions", "Centaur Courser", "Raging Goblin"]:
        pick(g, f"target {name}")
    assert g.pending.kind != "targets"    # five targets: no sixth
    g2 = game_helpers.board(db, """
  - name: Alice
    hand: [Boulderfall]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Centaur Courser, Grizzly Bears]
""", turn=3)
    pick(g2, "cast Boulderfall")
    pick(g2, "target Centaur Courser")
    pick(g2, "target Grizzly Bears")
    pick(g2, "no more targets")
    assert g2.pending.kind == "divide"
    assert [a.args[0] for a in g2.legal_actions()] == [1, 2, 3, 4]
    pick(g2, "3 to Centaur Courser")
    g2.push(Action("autopay"))
    assert g2.current_state().stack[-1].division == ((3, 2),)
    resolve(g2)
    assert names(g2, 1, "graveyard") == ["Centaur Courser", "Grizzly Bears"]


def test_an_illegal_targets_share_is_lost_not_moved(db):
    """Boulderfall ruling: the division can't change; damage for an illegal target isn't dealt."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Boulderfall]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Centaur Courser, Island]
""", turn=3)
    pick(g, "cast Boulderfall")
    pick(g, "target Centaur Courser")
    pick(g, "target Bob")
    pick(g, "no more targets")
    pick(g, "4 to Centaur Courser")
    g.push(Action("autopay"))
    g.push(Action("pass"))
    pick(g, "cast Unsummon")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Centaur Courser" in a.label or a.kind == "autopay"))
    resolve(g)
    resolve(g)
    assert g.current_state().players[1].life == 19      # only Bob's 1; the Courser's 4 are lost
    assert names(g, 1, "hand") == ["Centaur Courser"]


def test_rolling_thunder_x_is_at_least_the_number_of_targets(db):
    """Rolling Thunder: X divided among any number of targets; with three targets X is at
    least 3, so each gets 1 (CR 601.2d)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Rolling Thunder]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves]
""", turn=3)
    pick(g, "cast Rolling Thunder")
    pick(g, "target Grizzly Bears")
    pick(g, "target Llanowar Elves")
    pick(g, "target Bob")
    pick(g, "no more targets")
    assert g.pending.kind == "x"
    assert [a.args[0] for a in g.legal_actions()] == [3, 4]
    pick(g, "X = 4")
    pick(g, "2 to Grizzly Bears")
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].division == ((2, 1, 1),)
    resolve(g)
    assert g.current_state().players[1].life == 19
    assert names(g, 1, "graveyard") == ["Grizzly Bears", "Llanowar Elves"]


def test_bogardan_hellkite_divides_as_its_trigger_goes_on_the_stack(db):
    """Bogardan Hellkite ruling 2017-11-17: targets and division are chosen as the triggered
    ability is put on the stack (CR 603.3d); a save keeps the division."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Bogardan Hellkite]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Centaur Courser]
""", turn=3)
    pick(g, "cast Bogardan Hellkite")
    g.push(Action("autopay"))
    resolve(g)
    pick(g, "target Centaur Courser")
    pick(g, "target Bob")
    pick(g, "no more targets")
    assert g.pending.kind == "divide"
    pick(g, "3 to Centaur Courser")
    item = g.current_state().stack[-1]
    assert item.label.startswith("Bogardan Hellkite") and item.division == ((3, 2),)
    loaded = Game.from_json(g.to_json())
    assert loaded.current_state().stack[-1].division == ((3, 2),)
    resolve(loaded)
    assert loaded.current_state().players[1].life == 18
    assert names(loaded, 1, "graveyard") == ["Centaur Courser"]
