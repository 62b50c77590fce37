"""Triggers on what creatures and other permanents do (CR 603.2, 603.6, 603.10), and the
effects those abilities bring ("you may gain 1 life", the objects the event names)."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, cast_and_pay, names, pass_until, pick, resolve, stack_labels


def test_soul_attendant_may_gain_life_as_another_creature_enters(corpus_db):
    """"you may gain 1 life": the controller chooses as it resolves (CR 603.5, 608.2d)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Llanowar Elves, Elvish Mystic]
    battlefield: [Soul's Attendant, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == ["Soul's Attendant's ability"]
    resolve(g)
    pick(g, "yes")
    assert g.current_state().players[0].life == 21
    cast_and_pay(g, "cast Elvish Mystic")
    resolve(g)
    resolve(g)
    pick(g, "no")
    assert g.current_state().players[0].life == 21


def test_ondu_cleric_gains_life_equal_to_the_allies(corpus_db):
    """"you may gain life equal to the number of Allies you control", counted on resolution."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ondu Cleric]
    battlefield: [Kazandu Blademaster, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ondu Cleric")
    resolve(g)
    pick(g, "put Kazandu Blademaster's ability")     # first on the stack: it resolves last
    assert stack_labels(g) == ["Kazandu Blademaster's ability", "Ondu Cleric's ability"]
    resolve(g)
    pick(g, "yes")
    assert g.current_state().players[0].life == 22


def test_close_quarters_and_battle_strain_see_blocks(corpus_db):
    """"Whenever a creature you control becomes blocked" (CR 509.1h) and "Whenever a creature
    blocks": once for each such creature; "that creature's controller" is the blocker's."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Close Quarters, Grizzly Bears]
  - name: Bob
    battlefield: [Battle Strain, Hill Giant]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Grizzly Bears")
    pass_until(g, "blockers")
    pick(g, "Hill Giant blocks Grizzly Bears")
    pick(g, "target Bob")                     # Close Quarters' "any target" (CR 603.3d)
    assert sorted(stack_labels(g)) == ["Battle Strain's ability", "Close Quarters' ability"]
    while g.current_state().stack:
        resolve(g)
    assert g.current_state().players[1].life == 18      # 1 from Battle Strain (his blocker), 1 from Close Quarters


def test_judge_of_currents_sees_a_merfolk_become_tapped(corpus_db):
    """"Whenever a Merfolk you control becomes tapped" (CR 701.26a): tapping the Judge itself
    for its attack counts; a non-Merfolk doesn't."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Judge of Currents, Grizzly Bears]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Judge of Currents")
    pick(g, "attack with Grizzly Bears")
    assert stack_labels(g) == ["Judge of Currents' ability"]
    resolve(g)
    pick(g, "yes")
    assert g.current_state().players[0].life == 21


def test_cowardice_returns_a_creature_that_becomes_a_target(corpus_db):
    """"Whenever a creature becomes the target of a spell or ability, return that creature to
    its owner's hand" (CR 115.1): it resolves first, so Shock's target is gone (CR 608.2b)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Cowardice, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    assert stack_labels(g) == ["Shock", "Cowardice's ability"]
    resolve(g)
    assert names(g, 1, "hand") == ["Grizzly Bears"]
    resolve(g)
    assert names(g, 0, "graveyard") == ["Shock"]


def test_vela_sees_itself_or_another_creature_leave(corpus_db):
    """"Whenever ~ or another creature you control leaves the battlefield" looks back at the
    battlefield (CR 603.6c, 603.10a): Pyroclasm kills Vela's friend, not Vela (4/4)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Pyroclasm]
    battlefield: [Vela the Night-Clad, Grizzly Bears, Mountain, Mountain]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Pyroclasm")
    resolve(g)
    assert stack_labels(g) == ["Vela the Night-Clad's ability"]     # not for Bob's Elves
    resolve(g)
    assert g.current_state().players[1].life == 19


def test_hissing_iguanar_may_have_itself_deal_damage(corpus_db):
    """"you may have ~ deal 1 damage to target player": the target is chosen as the ability is
    put on the stack, the choice made as it resolves (CR 603.3d, 603.5)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Hissing Iguanar, Mountain]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Llanowar Elves")
    resolve(g)
    pick(g, "target Bob")
    assert stack_labels(g) == ["Hissing Iguanar's ability"]
    resolve(g)
    pick(g, "yes")
    assert g.current_state().players[1].life == 19


def test_repercussion_damages_the_controller_of_a_creature_that_died(corpus_db):
    """"Whenever a creature is dealt damage, Repercussion deals that much damage to that
    creature's controller": the Elves die of Shock's 2 damage, and Bob, who controlled them as
    they were dealt it, is dealt 2 (CR 603.10, 608.2h)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Repercussion, Mountain]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Llanowar Elves")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Llanowar Elves"]
    assert stack_labels(g) == ["Repercussion's ability"]
    resolve(g)
    assert g.current_state().players[1].life == 18


def test_belltower_sphinx_mills_the_source_controller(corpus_db):
    """"Whenever a source deals damage to ~, that source's controller mills that many cards":
    a spell is a source too (CR 120.1); Alice's Shock makes her mill 2."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock]
    library: [Island, Island, Island]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Belltower Sphinx]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Belltower Sphinx")
    resolve(g)
    assert stack_labels(g) == ["Belltower Sphinx's ability"]
    resolve(g)
    assert sorted(names(g, 0, "graveyard")) == ["Island", "Island", "Shock"]


def test_tokens_in_descriptions(corpus_db):
    """"a creature token", "creature tokens you control" (CR 111.1): Raise the Alarm's two
    Soldiers trigger Anointer Priest twice and get Intangible Virtue's +1/+1; the Elves, no token,
    get nothing."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Raise the Alarm]
    battlefield: [Anointer Priest, Intangible Virtue, Llanowar Elves, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Raise the Alarm")
    resolve(g)
    pick(g, "put the rest on the stack")       # one instance for each token (CR 603.2c)
    assert stack_labels(g) == ["Anointer Priest's ability"] * 2
    resolve(g)
    resolve(g)
    s = g.current_state()
    assert s.players[0].life == 22
    soldiers = [o for o in s.permanents(0) if o.card.name == "Soldier Token"]
    assert [ch.power_toughness(s, o) for o in soldiers] == [(2, 2), (2, 2)]
    elves = next(o for o in s.permanents(0) if o.card.name == "Llanowar Elves")
    assert ch.power_toughness(s, elves) == (1, 1)


def test_soaring_thought_thief_one_trigger_for_the_attack(corpus_db):
    """"Whenever one or more Rogues you control attack, each opponent mills two cards": once for
    the declaration (CR 603.2c), and only when a Rogue is among the attackers."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Soaring Thought-Thief, Grizzly Bears]
  - name: Bob
    library: [{card: Island, count: 5}]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Soaring Thought-Thief")
    pick(g, "attack with Grizzly Bears")
    assert stack_labels(g) == ["Soaring Thought-Thief's ability"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Island", "Island"]


def test_no_batched_trigger_without_a_matching_attacker(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Soaring Thought-Thief, Grizzly Bears]
  - name: Bob
    library: [{card: Island, count: 5}]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Grizzly Bears")
    pick(g, "no more")
    assert stack_labels(g) == []
