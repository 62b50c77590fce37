"""Scenario files from outside are bounded and decoded with clear errors (docs/limits.md):
encodings, size, counts, YAML aliases and nesting depth."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.limits import MAX_DEPTH
from manastack.scenario import Scenario, ScenarioError, ScenarioErrors

BOARD = "players:\n  - name: Alice\n    battlefield: [Forest]\n  - name: Bob\n"


def error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        Scenario.from_text(text)
    assert "\n" not in err.value.render()
    return err.value


def test_utf16_and_invalid_utf8_files_are_refused_with_a_clear_error(tmp_path):
    utf16 = tmp_path / "utf16.yaml"
    utf16.write_bytes(BOARD.encode("utf-16"))
    with pytest.raises(ScenarioError, match="UTF-16 text; save it as UTF-8"):
        Scenario.load(utf16)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(BOARD.encode() + b"# caf\xe9\n")
    with pytest.raises(ScenarioError, match="not UTF-8 text: byte 0xe9 at line 5, column 6"):
        Scenario.load(bad)


def test_a_huge_count_is_refused_before_any_object_is_made():
    err = error("players:\n  - name: Alice\n    library: [{card: Forest, count: 1000000000000000000}]\n"
                "  - name: Bob\n")
    assert "100" in err.reason and err.line == 3


def test_counts_are_bounded_per_zone():
    entries = ", ".join(["{card: Forest, count: 100}"] * 11)
    err = error(f"players:\n  - name: Alice\n    library: [{entries}]\n  - name: Bob\n")
    assert "1,100 objects in Alice's library: at most 1,000 per zone" in err.reason


def test_a_yaml_alias_bomb_is_refused():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    err = error("\n".join(lines) + "\n" + BOARD)
    assert "aliases are expanded" in err.reason


def test_aliases_that_stay_small_still_work():
    sc = Scenario.from_text("description: &land Forest\n" + BOARD.replace("[Forest]", "[*land, *land]"))
    assert len(sc.state.battlefield) == 2


@pytest.mark.parametrize("text", ["a: " + "[" * 5000 + "]" * 5000, "a: " + "{a: " * 2000 + "}" * 2000,
                                  "".join(" " * i + "- x:\n" for i in range(0, 400, 2))],
                         ids=["lists", "mappings", "block style"])
def test_deep_nesting_is_refused(text):
    assert f"nested deeper than {MAX_DEPTH} levels" in error(text).reason


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(list("ab:-[]{}&*!|>'\"#\n 0123\t") + [
    "players:", "- name: ", "count: ", "Forest", "library:", "  ", "script:", "cast: ", "expect:"]),
    max_size=80).map("".join))
def test_any_text_loads_or_gives_a_scenario_error(text):
    try:
        Scenario.from_text(text)
    except ScenarioErrors as exc:           # several problems: one line each
        assert all("\n" not in e.render() for e in exc.errors)
        assert exc.render().count("\n") == len(exc.errors) - 1
    except ScenarioError as exc:
        assert "\n" not in exc.render()
