"""A run without the deck check names the partly supported cards each deck played, with what of
their text isn't read, in the table, the JSON and the CSV; a failed check's hint names options
``simulate`` has."""
from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from manastack.cards import load_db
from manastack.cli import main
from manastack.decks import DeckError
from manastack.game import Game
from manastack.sim import simulate

ODD_BEAR = {"name": "Odd Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
            "subtypes": ["Bear"], "power": "2", "toughness": "2",
            "text": "Trample\nOdd Bear can't be countered by blue spells unless it's Tuesday."}
UNREAD = "Odd Bear can't be countered by blue spells unless it's Tuesday."


def _files(tmp_path):
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps({"data": {"Odd Bear": [ODD_BEAR]}}), encoding="utf-8")
    deck = tmp_path / "bears.txt"
    deck.write_text("20 Odd Bear\n20 Forest\n", encoding="utf-8")
    return cards, deck


def test_the_result_names_the_partly_supported_cards_per_deck(tmp_path):
    cards, deck = _files(tmp_path)
    result = simulate(str(deck), "gruul-stompy", games=2, workers=1, cards=(str(cards),), check=False)
    assert result.partial == ({"Odd Bear": (UNREAD,)}, {})
    result.write_json(tmp_path / "run.json")
    data = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert data["partly_supported"] == {"bears": {"Odd Bear": [UNREAD]}, "gruul-stompy": {}}
    result.write_csv(tmp_path / "run.csv")
    rows = list(csv.reader((tmp_path / "run.csv").open(encoding="utf-8")))
    header = next(r for r in rows if r and r[0] == "deck")
    after = rows[rows.index(header) + 1:]
    summary = {r[0]: dict(zip(header, r)) for r in after[:after.index([])]}
    assert summary["bears"]["partly_supported"] == f"Odd Bear: {UNREAD!r}"
    assert summary["gruul-stompy"]["partly_supported"] == ""


def test_a_pod_names_them_for_each_deck_that_played_them(tmp_path):
    cards, deck = _files(tmp_path)
    result = simulate("gruul-stompy", str(deck), "azorius-skies", str(deck), games=1, workers=1, agents="first",
                      cards=(str(cards),), check=False, max_turns=2)
    assert result.deck_names == ("gruul-stompy", "bears (B)", "azorius-skies", "bears (D)")
    assert result.partial == ({}, {"Odd Bear": (UNREAD,)}, {}, {"Odd Bear": (UNREAD,)})
    assert list(result.to_json()["partly_supported"]) == list(result.deck_names)


def test_the_table_names_them_and_the_hint_names_existing_options(tmp_path):
    cards, deck = _files(tmp_path)
    res = CliRunner().invoke(main, ["simulate", str(deck), "gruul-stompy", "-n", "1", "--workers", "1",
                                    "--quiet", "--cards", str(cards)])
    assert res.exit_code == 1 and "pass --no-check to play anyway" in res.output
    assert "allow partial" not in res.output and "allow_partial" not in res.output     # no such option here
    res = CliRunner().invoke(main, ["simulate", str(deck), "gruul-stompy", "-n", "1", "--workers", "1",
                                    "--quiet", "--cards", str(cards), "--no-check"])
    assert res.exit_code == 0, res.output
    assert "bears played partly supported cards" in res.output and UNREAD in res.output


def test_unknown_cards_are_pointed_to_cards(tmp_path):
    _, deck = _files(tmp_path)
    res = CliRunner().invoke(main, ["simulate", str(deck), "gruul-stompy", "-n", "1", "--quiet"])
    assert res.exit_code == 1 and "unknown card 'Odd Bear'" in res.output
    assert "add the card file that has the unknown cards with --cards FILE" in res.output


def test_play_and_the_python_api_each_name_their_own_way_to_allow_partial_cards(tmp_path):
    cards, deck = _files(tmp_path)
    res = CliRunner().invoke(main, ["play", "--agents", "random,random", "--decks", f"{deck},gruul-stompy",
                                    "--cards", str(cards), "--quiet"])
    assert res.exit_code == 1 and UNREAD in res.output
    assert res.output.rstrip().endswith("pass --allow-partial to play partly supported cards anyway")
    assert "allow_partial=True" not in res.output
    with pytest.raises(DeckError) as err:
        Game.new(str(deck), "gruul-stompy", cards=load_db(cards))
    assert err.value.hint == "allow_partial=True plays partly supported cards anyway"
    assert str(err.value).endswith(err.value.hint) and UNREAD in str(err.value)
    assert Game.new(str(deck), "gruul-stompy", cards=load_db(cards), allow_partial=True).pending is not None
