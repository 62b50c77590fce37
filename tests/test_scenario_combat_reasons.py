"""Combat steps of a scenario that the rules refuse are refused with the reason and the source
of the effect: a creature that can't attack alone, Lure's requirement, Pacifism."""
from __future__ import annotations

import pytest

from manastack.scenario import Scenario, ScenarioError

CARDS = """\
cards:
  - name: Mogg Flunkies
    mana_cost: "{2}{R}"
    type: Creature — Goblin
    text: Mogg Flunkies can't attack or block alone.
    power: 3
    toughness: 3
  - name: Lure
    mana_cost: "{1}{G}{G}"
    type: Enchantment — Aura
    text: "Enchant creature\\nAll creatures able to block enchanted creature do so."
  - name: Pacifism
    mana_cost: "{1}{W}"
    type: Enchantment — Aura
    text: "Enchant creature\\nEnchanted creature can't attack or block."
turn: 3
"""


def refusal(board: str, steps: str) -> str:
    """The reason the last step is refused (it is written with ``illegal: ""``, which any reason
    mentions)."""
    run = Scenario.from_text(CARDS + board + "script:\n" + steps + "    illegal: \"\"\n").run()
    outcome = run.results[-1]
    assert outcome.passed, outcome
    return outcome.actual


def test_a_creature_that_cant_attack_alone_declared_alone_is_refused_not_crashed():
    board = ("players:\n  - name: Alice\n    battlefield: [Mogg Flunkies, Grizzly Bears]\n"
             "  - name: Bob\n")
    assert refusal(board, "  - attack: Mogg Flunkies\n") == "Mogg Flunkies can't attack alone (CR 506.5, 508.1c)"


def test_the_only_creature_that_could_attack_cant_attack_alone():
    board = "players:\n  - name: Alice\n    battlefield: [Mogg Flunkies]\n  - name: Bob\n"
    assert "Mogg Flunkies can't attack alone" in refusal(board, "  - attack: Mogg Flunkies\n")


@pytest.mark.parametrize("blockers", ["[Llanowar Elves]", "[{card: Llanowar Elves, count: 2}]"])
def test_no_block_against_a_lure_is_refused_naming_lure(blockers):
    board = ("players:\n  - name: Alice\n    battlefield: [Grizzly Bears, {card: Lure, attached_to: Grizzly Bears}]\n"
             f"  - name: Bob\n    battlefield: {blockers}\n")
    reason = refusal(board, "  - attack: Grizzly Bears\n  - block: none\n")
    assert "Lure says all creatures able to block Grizzly Bears do so (CR 509.1c)" in reason


def test_a_refused_attack_names_pacifism():
    board = ("players:\n  - name: Alice\n    battlefield: [Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}]\n"
             "  - name: Bob\n")
    assert refusal(board, "  - attack: Grizzly Bears\n") == "Pacifism says Grizzly Bears can't attack (CR 508.1c)"


def test_a_refused_block_names_pacifism():
    board = ("players:\n  - name: Alice\n    battlefield: [Grizzly Bears]\n"
             "  - name: Bob\n    battlefield: [Llanowar Elves, {card: Pacifism, attached_to: Llanowar Elves}]\n")
    reason = refusal(board, "  - attack: Grizzly Bears\n  - block: {Llanowar Elves: Grizzly Bears}\n")
    assert reason == "Pacifism says Llanowar Elves can't block (CR 509.1b)"


def test_without_illegal_the_refusal_is_an_error_with_the_reason():
    board = ("players:\n  - name: Alice\n    battlefield: [Mogg Flunkies, Grizzly Bears]\n"
             "  - name: Bob\n")
    with pytest.raises(ScenarioError, match="Mogg Flunkies can't attack alone"):
        Scenario.from_text(CARDS + board + "script:\n  - attack: Mogg Flunkies\n"
                           "expect:\n  life: {Bob: 20}\n").run()


def test_when_no_creature_can_attack_each_one_named_says_why():
    """Mogg Flunkies can't attack alone and the Bears are tapped: the refusal names both
    reasons, not only the first creature's (CR 506.5, 508.1a)."""
    board = ("players:\n  - name: Alice\n    battlefield: [Mogg Flunkies, {card: Grizzly Bears, tapped: true}]\n"
             "  - name: Bob\n")
    reason = refusal(board, "  - attack: [Mogg Flunkies, Grizzly Bears]\n")
    assert "Mogg Flunkies can't attack alone" in reason
    assert "Grizzly Bears" in reason and "tapped" in reason, reason
