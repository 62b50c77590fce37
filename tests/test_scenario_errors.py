"""Bad scenario input gives one clear error naming the file, the line and the step; never a
traceback. The ``manastack judge`` exit status: 0 all pass, 1 a failed expectation, 2 an error."""
from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from manastack.cli import main
from manastack.scenario import Scenario, ScenarioError

BOARD = """\
turn: 3
players:
  - name: Alice
    hand: [Forest, Mountain, Shock]
    battlefield: [Mountain]
  - name: Bob
"""


def write(tmp_path, text: str, name: str = "case.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def error_of(tmp_path, text: str) -> ScenarioError:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        Scenario.load(path).run()
    assert str(path) in str(info.value)
    return info.value


def judge(*args):
    return CliRunner().invoke(main, ["judge", *map(str, args)])


# ---------------------------------------------------------------------------- reading the file


def test_yaml_syntax_error_names_the_line(tmp_path):
    err = error_of(tmp_path, BOARD + "script:\n  - cast: [Shock\n")
    assert err.line == 9
    assert "YAML syntax error" in err.reason and "began on line 8" in err.reason


def test_unknown_key_suggests_the_right_one(tmp_path):
    err = error_of(tmp_path, BOARD.replace("  - name: Bob", "  - name: Bob\n    lfie: 3"))
    assert err.line == 7
    assert "unknown key 'lfie'" in err.reason and "'life'" in err.reason


def test_duplicate_key(tmp_path):
    err = error_of(tmp_path, BOARD + "turn: 4\n")
    assert err.line == 7 and "duplicate key 'turn'" in err.reason


def test_unknown_card_suggests_a_name(tmp_path):
    err = error_of(tmp_path, BOARD.replace("Shock]", "Shokc]"))
    assert err.line == 4
    assert "unknown card 'Shokc'" in err.reason and "Shock" in err.reason


def test_unknown_player(tmp_path):
    err = error_of(tmp_path, BOARD + "active: Carol\n")
    assert err.line == 7 and "'Carol' is not a player" in err.reason


# ---------------------------------------------------------------------------- impossible states


def test_one_card_in_two_zones(tmp_path):
    err = error_of(tmp_path, """\
        players:
          - name: Alice
            hand: [{card: Forest, id: f}]
            battlefield: [{card: Forest, id: f}]
          - name: Bob
        """)
    assert err.line == 4 and "two zones" in err.reason


def test_tapped_card_in_hand(tmp_path):
    err = error_of(tmp_path, """\
        players:
          - name: Alice
            hand:
              - {card: Grizzly Bears, tapped: true}
          - name: Bob
        """)
    assert err.line == 4 and "110.5d" in err.reason


def test_aura_attached_to_nothing(tmp_path):
    err = error_of(tmp_path, """\
        players:
          - name: Alice
            battlefield: [Grizzly Bears, Pacifism]
          - name: Bob
        """)
    assert err.line == 3 and "Aura" in err.reason and "704.5m" in err.reason


def test_aura_attached_to_a_missing_permanent(tmp_path):
    err = error_of(tmp_path, """\
        players:
          - name: Alice
            battlefield:
              - {card: Pacifism, attached_to: Serra Angel}
          - name: Bob
        """)
    assert err.line == 4 and "no permanent 'Serra Angel'" in err.reason


def test_instant_on_the_battlefield(tmp_path):
    err = error_of(tmp_path, """\
        players:
          - name: Alice
            battlefield: [Shock]
          - name: Bob
        """)
    assert "110.4" in err.reason


def test_partly_supported_card_needs_allow_partial(tmp_path):
    text = """\
        cards:
          - name: Odd Bird
            type: Creature — Bird
            power: 1
            toughness: 1
            text: Whenever the moon is full, you win the game.
        players:
          - name: Alice
            battlefield: [Odd Bird]
          - name: Bob
        """
    err = error_of(tmp_path, text)
    assert "allow_partial" in err.reason and err.line == 9
    Scenario.load(write(tmp_path, "allow_partial: true\n" + textwrap.dedent(text), "ok.yaml"))


def test_card_defined_in_the_file_with_a_bad_type_line(tmp_path):
    err = error_of(tmp_path, """\
        cards:
          - name: Odd Bird
            type: Creeture — Bird
        players: [{name: Alice}, {name: Bob}]
        """)
    assert err.line == 3 and "Creeture" in err.reason


# ---------------------------------------------------------------------------- script steps


def test_illegal_step_names_file_line_step_and_rule(tmp_path):
    err = error_of(tmp_path, BOARD + "script:\n  - play: Forest\n  - play: Mountain\n")
    assert (err.line, err.step) == (9, 2)
    assert "play: Mountain" in str(err) and "CR 305.2" in err.reason


def test_illegal_target(tmp_path):
    err = error_of(tmp_path, BOARD + "script:\n  - cast: Shock\n    targets: Carol\n")
    assert err.step == 1 and "Carol is not a legal target" in err.reason


def test_step_with_two_actions(tmp_path):
    err = error_of(tmp_path, BOARD + "script:\n  - play: Forest\n    cast: Shock\n")
    assert err.step == 1 and "exactly one action" in err.reason


def test_modifier_that_does_not_fit(tmp_path):
    err = error_of(tmp_path, BOARD + "script:\n  - play: Forest\n    x: 2\n")
    assert err.line == 9 and "'x' doesn't go with 'play'" in err.reason


def test_expected_illegal_step_that_is_legal_fails(tmp_path):
    path = write(tmp_path, BOARD + "script:\n  - play: Forest\n    illegal: '305.2'\n")
    run = Scenario.load(path).run()
    assert not run.passed
    assert run.game.state.players[0].lands_played == 0  # the step was undone


# ---------------------------------------------------------------------------- the command


def test_judge_exit_status_and_actual_values(tmp_path):
    good = write(tmp_path, BOARD + "expect:\n  life: {Bob: 20}\n", "good.yaml")
    bad = write(tmp_path, BOARD + "expect:\n  life: {Bob: 17}\n", "bad.yaml")
    broken = write(tmp_path, BOARD + "script:\n  - cast: Shokc\n", "broken.yaml")
    assert judge(good).exit_code == 0
    result = judge(good, bad)
    assert result.exit_code == 1
    assert "FAIL" in result.output and "actual: 20" in result.output
    result = judge(good, broken)
    assert result.exit_code == 2
    assert "broken.yaml:8: step 1" in result.output.replace("\n", "")
    assert "Traceback" not in result.output


def test_judge_json(tmp_path):
    bad = write(tmp_path, BOARD + "expect:\n  life: {Bob: 17}\n", "bad.yaml")
    result = judge("--json", bad)
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["passed"] is False
    (report,) = data["files"]
    assert report["status"] == "fail"
    assert report["expectations"][0] == {"what": "Bob's life", "expected": 17, "actual": 20,
                                         "passed": False, "line": 8, "after": "end of script",
                                         "relies_on_partial": []}


def test_judge_missing_file_and_syntax_error(tmp_path):
    broken = write(tmp_path, "players: [\n", "syntax.yaml")
    result = judge(tmp_path / "nope.yaml", broken)
    assert result.exit_code == 2
    assert "can't read the file" in result.output
    assert "YAML syntax error" in result.output
    assert "Traceback" not in result.output


def test_python_api_returns_game_and_results(tmp_path):
    path = write(tmp_path, BOARD + "script:\n  - cast: Shock\n    targets: Bob\n  - resolve\n"
                                   "expect:\n  life: {Bob: 18}\n")
    run = Scenario.load(path).run()
    assert run.passed and run.results[0].actual == 18
    assert run.game.state.players[1].life == 18


def test_pass_until_stops_at_a_question(tmp_path):
    err = error_of(tmp_path, """\
        turn: 3
        players:
          - name: Alice
            battlefield: [{card: Healer's Hawk, id: hawk}, {card: Curiosity, attached_to: hawk}]
          - name: Bob
        script:
          - attack: hawk
          - pass_until: end
        """)
    assert err.step == 2 and "must answer" in err.reason


def test_pass_until_a_step_that_does_not_come(tmp_path):
    err = error_of(tmp_path, """\
        turn: 3
        players:
          - name: Alice
            library: [{card: Forest, count: 5}]
          - name: Bob
            library: [{card: Forest, count: 5}]
        script:
          - pass_until: declare_blockers
        """)
    assert err.step == 1 and "508.8" in err.reason


def test_combat_step_with_a_spell_on_the_stack(tmp_path):
    err = error_of(tmp_path, """\
        turn: 3
        players:
          - name: Alice
            hand: [Shock]
            battlefield: [Mountain, Grizzly Bears]
          - name: Bob
        script:
          - cast: Shock
            targets: Bob
          - attack: Grizzly Bears
        """)
    assert err.step == 2 and "stack isn't empty" in err.reason


@pytest.mark.parametrize("entry, words", [
    ("hand: [{card: Forest, owner: Bob}]", "CR 400.3"),
    ("hand: [{card: Grizzly Bears, token: true}]", "CR 111.7"),
    ("graveyard: [{card: Grizzly Bears, counters: {'+1/+1': 1}}]", "CR 122.2"),
    ("battlefield: [{card: Grizzly Bears, attacking: true}]", "CR 506.2"),
    ("battlefield: [Forest, {card: Pacifism, attached_to: Forest}, {card: Forest, id: f2}]", "2 permanents"),
])
def test_impossible_states(tmp_path, entry, words):
    err = error_of(tmp_path, f"players:\n  - name: Alice\n    {entry}\n  - name: Bob\n")
    assert err.line == 3 and words in err.reason


def test_scenario_is_exported_from_the_package():
    import manastack

    assert manastack.Scenario is Scenario


@pytest.mark.parametrize("words, turn, step", [
    ("combat", 3, "beginning_of_combat"), ("postcombat main", 3, "main2"), ("end step", 3, "end"),
    ("next turn", 4, "upkeep"), ("Declare Attackers", 3, "declare_attackers"),
])
def test_pass_until_steps_and_phases(tmp_path, words, turn, step):
    path = write(tmp_path, f"""\
        turn: 3
        players:
          - name: Alice
            library: [Forest]
            battlefield: [Grizzly Bears]
          - name: Bob
            library: [Forest]
        script:
          - pass_until: {words}
        expect:
          turn: {turn}
          step: {step}
        """)
    run = Scenario.load(path).run()
    assert run.passed, [(r.what, r.actual) for r in run.failures]


JITTE = """\
turn: 3
players:
  - name: Alice
    battlefield: [Umezawa's Jitte, {card: Grizzly Bears, id: bears}, Plains, Plains]
  - name: Bob
script:
  - activate: Umezawa's Jitte
    ability: %s
    targets: bears
  - resolve
expect:
  objects:
    Umezawa's Jitte: {attached_to: bears}
"""


@pytest.mark.parametrize("which", ["Equip", "2"])
def test_equip_is_named_by_its_word_or_number(which):
    """Equip is a keyword standing for an activated ability (CR 702.6a): ``ability:`` names it
    by the word or by its number among the activated abilities, like a printed one."""
    run = Scenario.from_text(JITTE % which).run()
    assert run.passed, [(r.what, r.actual) for r in run.failures]


def test_an_ability_number_past_the_last_says_how_many(tmp_path):
    err = error_of(tmp_path, JITTE % "3")
    assert "has 2 activated abilities, not 3" in str(err)


SURGE = """\
turn: 3
players:
  - name: Alice
    hand: [Comparative Analysis]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
    library: [Island, Island]
script:
  - cast: Comparative Analysis
    target: Bob
    alternative: surge
expect:
  stack: 1
"""


def test_an_alternative_cost_that_cant_be_paid_is_an_error_not_ignored(corpus_db):
    """Only the mana cost can be paid (no other spell was cast this turn, CR 702.117a), so the
    engine asks nothing; the step still must not cast the spell for its mana cost instead."""
    with pytest.raises(ScenarioError) as info:
        Scenario.from_text(SURGE, cards=corpus_db).run()
    assert "alternative: surge was given, but its surge cost can't be paid now" in str(info.value)
    assert "118.9" in str(info.value)
    no = Scenario.from_text(SURGE.replace("alternative: surge", "alternative: no"), cards=corpus_db).run()
    assert no.passed


def test_more_counters_to_remove_than_there_are(corpus_db):
    """"remove: N" for a cost that removes any number of counters: N more than the permanent has
    is refused with the most it could be, and a number past the stated bound is refused as input."""
    board = textwrap.dedent("""\
    turn: 3
    players:
      - name: Alice
        battlefield: [{card: Dwarven Hold, counters: {storage: 3}}]
      - name: Bob
    script:
      - activate: Dwarven Hold
        remove: %s
    """)
    for n, words in ((5, "5 can't be removed, at most 3"), (5000, "1000")):
        with pytest.raises(ScenarioError) as info:
            Scenario.from_text(board % n, cards=corpus_db).run()
        assert info.value.line in (7, 8) and words in info.value.reason, info.value
