"""Who damage goes to (CR 115.4, 601.2c, 608.2b), with real cards: "each of two targets",
"another target" after a first one, and a legendary sorcery's restriction (CR 205.4e)."""
from __future__ import annotations

from . import game_helpers
from .game_helpers import cast_and_pay, labels, names, pick, resolve
from .test_oracle_compiler import card


def _target_labels(g) -> list[str]:
    return [a.label for a in g.legal_actions() if a.kind == "target"]


def test_pinnacle_of_rage_deals_3_to_each_of_two_different_targets(db):
    """CR 601.2c: one "target" word, two different choices."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Pinnacle of Rage]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Centaur Courser]
""", turn=3)
    pick(g, "cast Pinnacle of Rage")
    pick(g, "target Bob")
    assert "target Bob" not in _target_labels(g) and "no more targets" not in labels(g)
    cast_and_pay(g, "target Centaur Courser")
    resolve(g)
    assert g.current_state().players[1].life == 17 and names(g, 1, "graveyard") == ["Centaur Courser"]


def test_arc_trails_other_target_excludes_the_first(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Arc Trail]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Arc Trail")
    pick(g, "target Grizzly Bears")
    assert "target Grizzly Bears" not in _target_labels(g)      # another target (CR 115.4)
    cast_and_pay(g, "target Alice")
    resolve(g)
    s = g.current_state()
    assert s.players[0].life == 19 and names(g, 1, "graveyard") == ["Grizzly Bears"]


def test_fall_of_the_hammer_needs_two_different_creatures(db):
    """Fall of the Hammer: "another target creature" is not the creature that deals the damage;
    with only one creature on the battlefield it can't be cast (CR 601.2c)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Fall of the Hammer]
    battlefield: [Mountain, Mountain, Centaur Courser]
  - name: Bob
""", turn=3)
    assert not any(lbl.startswith("cast Fall of the Hammer") for lbl in labels(g))
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Fall of the Hammer]
    battlefield: [Mountain, Mountain, Centaur Courser]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Fall of the Hammer")       # each target is the only one it can be
    s = g.current_state()
    assert [[s.objs[t].card.name for t in group] for group in s.stack[-1].targets] == [
        ["Centaur Courser"], ["Grizzly Bears"]]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"] and names(g, 0, "graveyard") == ["Fall of the Hammer"]


def test_another_target_first_in_an_ability_still_means_other_than_its_source():
    c = card("Foo", "{T}: Foo deals 1 damage to another target creature.")
    spec = c.abilities[0].targets[0]
    assert spec.filter.other and spec.other_than == ()
    c = card("Foo", "Foo deals 2 damage to any target and 1 damage to another target.", "Instant")
    first, second = c.abilities[0].targets
    assert second.other_than == (0,) and not second.filter.other and first.other_than == ()
    c = card("Foo", "Gain control of target creature until end of turn. Foo deals 2 damage to any other "
                    "target.", "Sorcery")       # Bond of Passion
    assert c.abilities[0].targets[1].other_than == (0,) and c.abilities[0].targets[1].kind == "any"


def test_a_legendary_sorcery_needs_a_legendary_creature_or_planeswalker(db):
    """CR 205.4e: Jaya's Immolating Inferno can't be cast without one."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Jaya's Immolating Inferno]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3)
    assert not any(lbl.startswith("cast Jaya") for lbl in labels(g))
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Jaya's Immolating Inferno]
    battlefield: [Mountain, Mountain, Mountain, Mountain, "Isamaru, Hound of Konda"]
  - name: Bob
""", turn=3)
    assert any(lbl.startswith("cast Jaya") for lbl in labels(g))
