"""The command line: agents' games, the human loop, bad decks."""
from __future__ import annotations

import json

from click.testing import CliRunner

from manastack.cli import main


def test_play_agents_prints_a_log_and_the_winner():
    result = CliRunner().invoke(main, ["play", "--agents", "random,random", "--seed", "7"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert any("[CR 103.1]" in line for line in lines)
    assert " wins" in lines[-1] or "Draw" in lines[-1]


def test_play_json_result():
    result = CliRunner().invoke(main, ["play", "--agents", "heuristic,first", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["result"]["reason"]
    assert all(entry["rules"] for entry in data["log"])


def test_human_sees_numbered_choices_and_can_quit():
    result = CliRunner().invoke(main, ["play", "--seed", "3"], input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    assert "  1. keep 7 cards" in result.output
    assert "  2. mulligan" in result.output


def test_human_bad_input_is_explained():
    result = CliRunner().invoke(main, ["play", "--seed", "3"], input="9\nq\n")
    assert "Type a number from 1 to 2." in result.output


def test_unknown_card_in_a_decklist_names_file_and_line(tmp_path):
    deck = tmp_path / "bad.txt"
    deck.write_text("20 Forest\n20 Grizzly Bear\n")
    result = CliRunner().invoke(main, ["play", "--agents", "random,random", "--decks", f"{deck},azorius-skies"])
    assert result.exit_code != 0
    assert f"{deck}:2: unknown card 'Grizzly Bear'" in result.output
    assert "Grizzly Bears" in result.output  # the suggestion
    assert "Traceback" not in result.output


def test_play_refuses_an_unknown_stop():
    result = CliRunner().invoke(main, ["play", "--stops", "upkeep,lunch"])
    assert result.exit_code == 2
    assert "unknown step 'lunch'" in result.output and "Traceback" not in result.output
