"""Scenario ids that follow objects (CR 400.7): across a copy, face down, same-name objects
dying at once, and tokens made during the script; ``count`` and ``lacks`` expectations."""
from __future__ import annotations

import pytest

from manastack.scenario import Scenario, ScenarioError

from .game_helpers import play

PYROCLASM = """
cards:
  - name: Pyroclasm
    mana_cost: "{1}{R}"
    type: Sorcery
    text: Pyroclasm deals 2 damage to each creature.
players:
  - name: Alice
    hand: [Pyroclasm]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: first}, Island, {card: Grizzly Bears, id: second},
                  {card: Grizzly Bears, counters: {"+1/+1": 1}, id: big}]
script:
  - cast: Pyroclasm
  - resolve
expect:
  objects:
    first: {zone: graveyard}
    second: {zone: graveyard}
    big: {zone: battlefield, damage: 2}
  count: {Grizzly Bears: 1}
"""


def test_same_named_creatures_dying_at_once_keep_their_ids():
    play(PYROCLASM)


def test_a_clone_keeps_its_id_as_it_enters_as_a_copy_and_dies():
    play("""
turn: 3
players:
  - name: Alice
    hand: [{card: Clone, id: copy}]
    battlefield: [{card: Island, count: 4}]
  - name: Bob
    hand: [Shock]
    battlefield: [Llanowar Elves, Mountain]
script:
  - cast: Clone
  - resolve
  - choose: [Llanowar Elves]
  - expect:
      objects:
        copy: {zone: battlefield, controller: Alice, power: 1}
  - cast: Shock
    by: Bob
    targets: copy
  - resolve
expect:
  objects:
    copy: {zone: graveyard, owner: Alice}
  count: {Llanowar Elves: 1}
""")


def test_a_face_down_creature_keeps_its_id():
    play("""
turn: 3
players:
  - name: Alice
    hand: [{card: Sagu Mauler, id: mauler}]
    battlefield: [Forest, Forest, Island]
  - name: Bob
script:
  - action: "cast Sagu Mauler face down for {3}"
  - action: "pay automatically"
  - resolve
expect:
  objects:
    mauler: {zone: battlefield, power: 2, toughness: 2}
""")


TOKENS = """
turn: 3
players:
  - name: Alice
    hand: [Goblin War Party]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
script:
  - cast: Goblin War Party
    modes: 1
  - resolve:
    tokens: [g1, g2]
expect:
  count: {Goblin Token: 3, Grizzly Bears: 0}
  objects:
    g1: {zone: battlefield, sick: true}
    g2: {zone: battlefield, lacks: [flying, haste]}
    step 2 token 3: {zone: battlefield}
"""


def test_tokens_made_by_a_step_get_ids():
    play(TOKENS)


def test_count_and_lacks_can_fail():
    run = Scenario.from_text(TOKENS.replace("Goblin Token: 3", "Goblin Token: 2")
                             .replace("lacks: [flying, haste]", "lacks: [flying]")
                             .replace("sick: true", "sick: false")).run()
    failed = {o.what for o in run.failures}
    assert failed == {"number of Goblin Token on the battlefield", "g1: sick"}


def test_naming_more_tokens_than_the_step_made_is_an_error():
    with pytest.raises(ScenarioError, match=r"tokens: names 4 token\(s\), but this step created 3"):
        Scenario.from_text(TOKENS.replace("[g1, g2]", "[g1, g2, g3, g4]")).run()


def test_the_log_names_a_token_once():
    """CR 111.4: the token's name already ends in "Token"; the log says "a 1/1 Goblin Token"."""
    run = Scenario.from_text(TOKENS).run()
    created = [e.text for e in run.game.current_state().log_entries() if "creates" in e.text]
    assert created and all(t.endswith("creates a 1/1 Goblin Token") for t in created), created
