"""``manastack judge``: --cards, --board, partly read cards, scenarios that check nothing, and
every error of a file reported at once."""
from __future__ import annotations

import json

from .test_scenario_errors import judge, write

ODD_BEAR = """\
allow_partial: true
cards:
  - name: Odd Bear
    mana_cost: "{1}{G}"
    type: Creature — Bear
    text: "Odd Bear can't be countered by blue spells unless it's Tuesday."
    power: 2
    toughness: 2
players:
  - name: Alice
    battlefield: [Odd Bear]
  - name: Bob
expect:
  battlefield: {Alice: [Odd Bear]}
"""


def test_a_partly_read_card_is_warned_about_and_its_passes_say_so(tmp_path):
    result = judge(write(tmp_path, ODD_BEAR))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    warning = next(i for i, x in enumerate(lines) if x.startswith("WARNING"))
    assert "Odd Bear is read only in part" in lines[warning] and "unless it's Tuesday" in lines[warning]
    passed = next(i for i, x in enumerate(lines) if x.startswith("PASS"))
    assert warning < passed and "depends on partly read Odd Bear" in lines[passed]


def test_a_scenario_that_checks_nothing_is_an_error(tmp_path):
    plain = "players:\n  - name: Alice\n  - name: Bob\nscript:\n  - pass\n"
    result = judge(write(tmp_path, plain))
    assert result.exit_code == 2
    assert "nothing to check" in result.output and "1 with errors" in result.output
    refused = plain.replace("  - pass\n", "  - play: Forest\n    illegal: \"305.1\"\n").replace(
        "  - name: Alice\n", "  - name: Alice\n    hand: [Forest]\n    lands_played: 1\n")
    result = judge(write(tmp_path, refused.replace("305.1", "305.2")))
    assert result.exit_code == 0, result.output


def test_every_unknown_card_and_schema_error_is_reported(tmp_path):
    cards = judge(write(tmp_path, "players:\n  - name: Alice\n    hand: [Shokc]\n  - name: Bob\n"
                                  "    battlefield: [Grizzly Bear]\nexpect: {turn: 1}\n"))
    assert "unknown card 'Shokc'" in cards.output and "unknown card 'Grizzly Bear'" in cards.output
    schema = judge(write(tmp_path, "players:\n  - name: Alice\n    lief: 3\n  - name: Bob\n    life: many\n"))
    assert ":3: in players[1]: unknown key 'lief'" in schema.output
    assert ":5: in players[2].life: expected a whole number" in schema.output
    assert schema.exit_code == 2 and "Traceback" not in schema.output


def test_board_prints_the_final_position(tmp_path):
    text = ("players:\n  - name: Alice\n    hand: [Shock]\n    battlefield: [Mountain]\n  - name: Bob\n"
            "script:\n  - cast: Shock\n    targets: Bob\n  - resolve\nexpect:\n  life: {Bob: 18}\n")
    result = judge("--board", "--quiet", write(tmp_path, text))
    assert result.exit_code == 0, result.output
    after = result.output.split("Final position", 1)[1]
    assert "Bob: 18 life" in after and "Mountain (tapped)" in after and "Alice's graveyard: Shock" in after
    assert "Final position" not in judge("--quiet", write(tmp_path, text)).output


def test_cards_adds_a_card_file(tmp_path):
    face = {"name": "Tiny Giant", "type": "Creature — Giant", "types": ["Creature"], "subtypes": ["Giant"],
            "supertypes": [], "manaCost": "{G}", "text": "", "power": "5", "toughness": "5", "layout": "normal"}
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"data": {"Tiny Giant": [face]}}), encoding="utf-8")
    scenario = write(tmp_path, "players:\n  - name: Alice\n    battlefield: [Tiny Giant]\n  - name: Bob\n"
                               "expect:\n  objects: {Tiny Giant: {power: 5}}\n")
    assert "unknown card 'Tiny Giant'" in judge(scenario).output
    result = judge("--cards", cards, scenario)
    assert result.exit_code == 0, result.output
    missing = judge("--cards", tmp_path / "nope.json", scenario)
    assert missing.exit_code != 0 and "nope.json" in missing.output and "Traceback" not in missing.output


def test_every_impossible_card_entry_is_reported(tmp_path):
    result = judge(write(tmp_path, "players:\n  - name: Alice\n    hand: [{card: Shock, tapped: true}]\n"
                                   "    graveyard: [{card: Forest, token: true}]\n  - name: Bob\n"
                                   "    battlefield: [Shock]\nexpect: {turn: 1}\n"))
    assert result.exit_code == 2
    errors = [x for x in result.output.splitlines() if x.startswith("ERROR")]
    assert len(errors) == 3, result.output
    assert ":3: " in errors[0] and "'tapped' applies only to permanents" in errors[0]
    assert ":4: " in errors[1] and "a token in a graveyard ceases to exist" in errors[1]
    assert ":6: " in errors[2] and "can't be on the battlefield" in errors[2]
