"""Log lines say what happened once, with the rule that applies."""
from __future__ import annotations

from manastack.scenario import Scenario


def test_declaring_no_blockers_is_narrated_once():
    run = Scenario.from_text("turn: 3\nplayers:\n  - name: Alice\n    battlefield: [Grizzly Bears]\n"
                             "  - name: Bob\n    battlefield: [Llanowar Elves]\n"
                             "script:\n  - attack: Grizzly Bears\n  - pass_until: end\n"
                             "expect:\n  life: {Bob: 18}\n").run()
    assert run.passed
    assert [n["text"] for n in run.narrative].count("Bob declares no blockers") == 1


def test_an_aura_spell_attaches_by_the_rule_for_aura_spells():
    run = Scenario.from_text(
        "turn: 3\ncards:\n  - name: Pacifism\n    mana_cost: \"{1}{W}\"\n    type: Enchantment — Aura\n"
        "    text: \"Enchant creature\\nEnchanted creature can't attack or block.\"\n"
        "players:\n  - name: Alice\n    battlefield: [Plains, Plains]\n    hand: [Pacifism]\n"
        "  - name: Bob\n    battlefield: [Grizzly Bears]\n"
        "script:\n  - cast: Pacifism\n    target: Grizzly Bears\n  - resolve\n"
        "expect:\n  battlefield: {Alice: [Plains, Plains, Pacifism]}\n").run()
    attach = next(n for n in run.narrative if n["text"] == "Pacifism is attached to Grizzly Bears")
    assert attach["rules"] == ["608.3c", "303.4b"]


def test_a_batched_trigger_names_every_creature_of_the_batch():
    run = Scenario.from_text(
        "turn: 3\ncards:\n  - name: Raid Bell\n    mana_cost: \"{2}\"\n    type: Artifact\n"
        "    text: Whenever one or more creatures you control deal combat damage to a player, you gain 1 life.\n"
        "players:\n  - name: Alice\n    battlefield: [Raid Bell, Grizzly Bears, Llanowar Elves]\n"
        "  - name: Bob\n"
        "script:\n  - attack: [Grizzly Bears, Llanowar Elves]\n  - pass_until: combat_damage\n"
        "expect:\n  life: {Bob: 17}\n").run()
    trigger = next(n["text"] for n in run.narrative if "triggers on" in n["text"])
    assert "on Grizzly Bears and Llanowar Elves dealing 3 combat damage to Bob" in trigger, trigger
