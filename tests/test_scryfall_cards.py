"""Scryfall "Oracle Cards" files load as the same cards as MTGJSON AtomicCards files."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cards import CardDB, CardError, default_db, load_db
from manastack.cards.faces import split_type_line
from manastack.cli import main

FIXTURE = Path(__file__).parent / "data" / "scryfall-oracle-cards.json"
BUNDLED = ["Lightning Bolt", "Llanowar Elves", "Forest", "Dryad Arbor", "Kitchen Finks",
           "Felix Five-Boots"]
# The fixture's two-face cards as an MTGJSON AtomicCards document.
ATOMIC = {"data": {
    "Fire // Ice": [
        {"name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split",
         "manaCost": "{1}{R}", "manaValue": 4.0, "colors": ["R"], "type": "Instant",
         "supertypes": [], "types": ["Instant"], "subtypes": [],
         "text": "Fire deals 2 damage divided as you choose among one or two targets."},
        {"name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split",
         "manaCost": "{1}{U}", "manaValue": 4.0, "colors": ["U"], "type": "Instant",
         "supertypes": [], "types": ["Instant"], "subtypes": [],
         "text": "Tap target permanent.\nDraw a card."}],
    "Delver of Secrets // Insectile Aberration": [
        {"name": "Delver of Secrets // Insectile Aberration", "faceName": "Delver of Secrets",
         "side": "a", "layout": "transform", "manaCost": "{U}", "manaValue": 1.0,
         "colors": ["U"], "type": "Creature — Human Wizard", "supertypes": [],
         "types": ["Creature"], "subtypes": ["Human", "Wizard"], "power": "1", "toughness": "1",
         "text": "At the beginning of your upkeep, look at the top card of your library. You may "
                 "reveal that card. If an instant or sorcery card is revealed this way, transform "
                 "Delver of Secrets."},
        {"name": "Delver of Secrets // Insectile Aberration", "faceName": "Insectile Aberration",
         "side": "b", "layout": "transform", "manaValue": 1.0, "colors": ["U"],
         "colorIndicator": ["U"], "type": "Creature — Human Insect", "supertypes": [],
         "types": ["Creature"], "subtypes": ["Human", "Insect"], "power": "3",
         "toughness": "2", "text": "Flying"}]}}


def characteristics(card):
    return (card.name, card.mana_cost, card.type_line, card.supertypes, card.types,
            card.subtypes, card.text, card.power, card.toughness, card.loyalty,
            card.color_indicator, card.colors, card.abilities, card.unsupported)


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_db(FIXTURE, builtin=False)


@pytest.mark.parametrize("name", BUNDLED)
def test_card_compiles_as_the_bundled_atomic_card(db, name):
    assert characteristics(db.get(name)) == characteristics(default_db().get(name))
    assert db.get(name).rulings == ()


def test_two_face_cards_load_as_from_atomic_cards(db):
    atomic = CardDB()
    atomic.add_atomic(ATOMIC, "inline")
    assert set(atomic.names()) == set(db.names()) - set(BUNDLED)
    for name in atomic.names():
        assert characteristics(db.get(name)) == characteristics(atomic.get(name)), name
    assert db.get("Ice").mana_cost == atomic.get("Ice").mana_cost
    # CR 709.4: the split card as a whole has both names; each half is cast on its own
    assert db.get("Fire // Ice").name == "Fire // Ice"
    assert [h.name for h in db.get("Fire // Ice").halves] == ["Fire", "Ice"]


def test_tokens_are_not_cards(db):
    assert "Soldier" not in db
    assert len(db) == len(BUNDLED) + 4  # Fire, Ice, Fire // Ice, Delver of Secrets // ...


@pytest.mark.parametrize("file_name", ["oracle-cards.json.gz", "oracle-cards.json"])
def test_gzipped_file_is_read_whatever_its_name(tmp_path, db, file_name):
    path = tmp_path / file_name
    path.write_bytes(gzip.compress(FIXTURE.read_bytes()))
    gz = load_db(path, builtin=False)
    assert gz.names() == db.names()
    assert gz.sources == [str(path)]


def test_reversible_card_sides_are_cards():
    side = {"object": "card_face", "name": "Llanowar Elves", "layout": "normal", "mana_cost": "{G}",
            "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.",
            "power": "1", "toughness": "1"}
    db = CardDB()
    db.add_scryfall([{"object": "card", "name": "Llanowar Elves // Llanowar Elves",
                      "layout": "reversible_card", "card_faces": [side, side]}], "inline")
    assert db.names() == ["Llanowar Elves"]
    assert characteristics(db.get("Llanowar Elves")) == \
        characteristics(default_db().get("Llanowar Elves"))


def test_type_line_split():
    assert split_type_line("Legendary Snow Artifact Creature — Golem Construct") == \
        (["Legendary", "Snow"], ["Artifact", "Creature"], ["Golem", "Construct"])
    assert split_type_line("Token Creature — Soldier") == ([], ["Creature"], ["Soldier"])


@pytest.mark.parametrize("content, message", [
    ('[{"name": "A",\n  "layout": }]', "not valid JSON: Expecting value at line 2, column 13"),
    ('{"meta": {}}', "not a card file"),
    ('"Forest"', "not a card file"),
    ('[{"name": "A"}, 7]', "item 1 is not a Scryfall card object"),
    ('[{"name": "A", "card_faces": [{"type_line": "Instant"}]}]', "item 0 is not a Scryfall"),
])
def test_bad_files_name_the_file_and_the_problem(tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CardError) as exc:
        load_db(path, builtin=False)
    assert str(exc.value).startswith(f"{path}: ")
    assert message in str(exc.value)


def test_cli_show_and_coverage_read_scryfall_files():
    result = CliRunner().invoke(main, ["cards", "show", "Ice", "--cards", str(FIXTURE)])
    assert result.exit_code == 0, result.output
    assert "Tap target permanent." in result.output
    result = CliRunner().invoke(main, ["cards", "coverage", "--corpus", str(FIXTURE), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == len(BUNDLED) + 4


def test_cli_bad_card_file_is_an_error_not_a_traceback(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("[1, 2]", encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "coverage", "--corpus", str(path)])
    assert result.exit_code == 1
    assert "item 0 is not a Scryfall card object" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
