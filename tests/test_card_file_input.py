"""Card files from outside are checked at load: wrong JSON types are refused naming the card
and the field, text that isn't Unicode or UTF-8 is refused, and sizes and nesting are bounded
(docs/limits.md)."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.cards import CardError, load_db
from manastack.cli_cards import cards as cards_cli
from manastack.limits import MAX_DEPTH

GOOD = {"name": "Probe", "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"],
        "manaCost": "{1}{G}", "text": "Trample", "power": "2", "toughness": "2"}


def write(tmp_path, data, name="cards.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("field, value, words", [
    ("text", 7, "field 'text' must be a string, not a number"),
    ("manaCost", ["{G}"], "field 'manaCost' must be a string, not a list"),
    ("types", "Creature", "field 'types' must be a list of strings, not a string"),
    ("rulings", [{"date": "2020-01-01", "text": 3}], "field 'rulings' must be a list of objects"),
    ("rulings", "none", "field 'rulings' must be a list of objects"),
    ("name", None, "a face has no 'name'"),
])
def test_a_field_of_the_wrong_type_is_refused_at_load(tmp_path, field, value, words):
    face = dict(GOOD)
    if value is None:
        del face[field]
    else:
        face[field] = value
    with pytest.raises(CardError, match="card 'Probe'") as err:
        load_db(write(tmp_path, {"data": {"Probe": [face]}}), builtin=False)
    assert words in str(err.value)


def test_faces_that_are_not_a_list_of_objects_are_refused(tmp_path):
    with pytest.raises(CardError, match="card 'Probe': must be a list of faces"):
        load_db(write(tmp_path, {"data": {"Probe": {"name": "Probe"}}}), builtin=False)


def test_a_lone_surrogate_in_card_text_is_refused(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('{"data": {"Probe": [{"name": "Probe", "type": "Instant", "text": "Draw \\ud800"}]}}',
                    encoding="utf-8")
    with pytest.raises(CardError, match="field 'text' holds a lone surrogate"):
        load_db(path, builtin=False)


def test_utf16_and_invalid_utf8_card_files_are_refused(tmp_path):
    utf16 = tmp_path / "utf16.json"
    utf16.write_bytes(json.dumps({"data": {"Probe": [GOOD]}}).encode("utf-16"))
    with pytest.raises(CardError, match="UTF-16 text; save it as UTF-8"):
        load_db(utf16, builtin=False)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"data": {"Probe": [{"name": "Pr\xffobe"}]}}')
    with pytest.raises(CardError, match="not UTF-8 text: byte 0xff at line 1"):
        load_db(bad, builtin=False)


def test_deeply_nested_json_is_refused_before_parsing(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"data": {"Probe": [' + "[" * 5000 + "]" * 5000 + "]}}", encoding="utf-8")
    with pytest.raises(CardError, match=f"nested deeper than {MAX_DEPTH} levels"):
        load_db(path, builtin=False)


def test_scryfall_fields_of_the_wrong_type_are_refused(tmp_path):
    with pytest.raises(CardError, match="item 0 \\('Probe'\\): field 'type_line' must be a string"):
        load_db(write(tmp_path, [{"name": "Probe", "type_line": 5}]), builtin=False)


def test_cards_show_with_a_bad_card_file_prints_one_line(tmp_path):
    path = write(tmp_path, {"data": {"Probe": [dict(GOOD, text=7)]}})
    result = CliRunner().invoke(cards_cli, ["show", "Probe", "--cards", path])
    assert result.exit_code != 0
    assert "Traceback" not in result.output and "field 'text' must be a string" in result.output


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                     max_leaves=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(face=st.dictionaries(st.sampled_from(sorted(GOOD) + ["rulings", "layout", "faceName"]), _json, max_size=6))
def test_any_face_loads_and_compiles_or_is_refused_with_a_card_error(tmp_path, face):
    face = dict(GOOD, **face)
    try:
        db = load_db(write(tmp_path, {"data": {"Probe": [face]}}), builtin=False)
    except CardError as exc:
        assert "\n" not in str(exc)
        return
    for name in db.names():
        db.get(name)
