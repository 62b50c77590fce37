"""What ``judge`` reports is what happened: steps the engine undid, every expectation checked
before an error, and a script that ends with a decision unanswered."""
from __future__ import annotations

import json

from manastack.game import Game
from manastack.scenario import Scenario
from manastack.scenario.script import ScriptRunner

from .test_scenario_errors import judge, write


def test_a_cancelled_cast_is_narrated_as_undone():
    sc = Scenario.from_text("players:\n  - name: Alice\n    battlefield: [Mountain]\n    hand: [Shock]\n"
                            "  - name: Bob\n")
    game = Game.from_state(sc.state.copy(), sc.db)
    runner = ScriptRunner(game, sc.refs.copy(), "x")
    runner.push(next(a for a in game.legal_actions() if a.kind == "cast"))
    runner.push(next(a for a in game.legal_actions() if a.label == "target Bob"))
    runner.flush()
    assert [n["text"] for n in runner.narrative] == ["Alice casts Shock", "Shock targets Bob"]
    runner.push(next(a for a in game.legal_actions() if a.kind == "cancel"))
    runner.push("pass priority")         # the log goes on after the undo: narrated from where it agrees
    runner.flush()
    texts = [n["text"] for n in runner.narrative]
    assert texts[2] == "Undone by the engine (cancel Shock): Alice casts Shock; Shock targets Bob"
    assert runner.narrative[2]["rules"] == ["601.2e", "732.1"]
    assert texts[3:] == [e.text for e in game.log]
    assert game.state.players[0].hand and not game.state.stack


FAIL_THEN_ERROR = """\
players:
  - name: Alice
    battlefield: [Mountain]
    hand: [Shock]
  - name: Bob
script:
  - expect:
      life: {Bob: 17}
  - cast: Shock
    target: Bob
  - cast: Shock
    target: Bob
"""


def test_expectations_checked_before_an_error_are_all_printed(tmp_path):
    path = write(tmp_path, FAIL_THEN_ERROR)
    result = judge(path)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    fail = next(i for i, x in enumerate(lines) if x.startswith("FAIL"))
    error = next(i for i, x in enumerate(lines) if x.startswith("ERROR"))
    assert "Bob's life = 17" in lines[fail] and "actual: 20" in lines[fail] and fail < error
    report = json.loads(judge(path, "--json").output)["files"][0]
    assert report["status"] == "error" and [e["passed"] for e in report["expectations"]] == [False]


PENDING_DISCARD = """\
cards:
  - name: Mind Rot
    mana_cost: "{2}{B}"
    type: Sorcery
    text: Target player discards two cards.
players:
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp]
    hand: [Mind Rot]
  - name: Bob
    hand: [Forest, Island, Mountain]
turn: 3
script:
  - cast: Mind Rot
    target: Bob
  - resolve
expect:
  hand: {Alice: 0}
"""


def test_a_script_that_ends_with_a_decision_pending_fails_and_says_so(tmp_path):
    result = judge(write(tmp_path, PENDING_DISCARD))
    assert result.exit_code == 1, result.output
    assert "FAIL the script leaves no decision unanswered = none  (actual: Bob must still answer" in result.output
    assert "The script ends while Bob must still answer" in result.output


HALF_READ = """\
allow_partial: true
cards:
  - name: Odd Bear
    mana_cost: "{1}{G}"
    type: Creature — Bear
    text: "When Odd Bear enters, frobnicate the widget. Then draw a card.\\nTrample"
    power: 2
    toughness: 2
players:
  - name: Alice
    battlefield: [Odd Bear]
  - name: Bob
expect:
  battlefield: {Alice: [Odd Bear]}
"""


def test_the_partial_card_warning_names_every_sentence_not_read(tmp_path):
    sc = Scenario.from_text(HALF_READ)
    assert sc.db.get("Odd Bear").unsupported == ("When Odd Bear enters, frobnicate the widget.", "Then draw a card.")
    result = judge(write(tmp_path, HALF_READ))
    warning = next(x for x in result.output.splitlines() if x.startswith("WARNING"))
    assert "frobnicate the widget" in warning and "Then draw a card." in warning and "Trample" not in warning


ROLLED_BACK = """\
turn: 3
cards:
  - name: Elf Drummer
    mana_cost: "{G}"
    type: Artifact
    text: "{G}, Tap an untapped Elf you control: Draw a card."
players:
  - name: Alice
    battlefield: [Elf Drummer, Llanowar Elves, Forest]
    library: [Forest, Forest]
  - name: Bob
script:
  - activate: Elf Drummer
    pay: [Llanowar Elves]
"""


def test_an_activation_the_engine_undid_is_reported_as_refused_with_what_was_undone(tmp_path):
    """Tapping the only Elf for mana leaves the cost's other part unpayable: the engine undoes
    the whole activation (CR 601.2e, 602.2b, 732.1), and judge says so rather than reporting
    the step done; an ``illegal:`` step passes on it and the game is as before."""
    result = judge(write(tmp_path, ROLLED_BACK + "expect:\n  hand: {Alice: 1}\n"))
    assert result.exit_code == 2
    error = next(x for x in result.output.splitlines() if x.startswith("ERROR"))
    assert "the engine undid this step, which could not be completed (CR 601.2e, 732.1)" in error
    assert "Llanowar Elves becomes tapped" in error
    run = Scenario.from_text(ROLLED_BACK + "    illegal: \"could not be completed\"\n"
                             "expect:\n  hand: {Alice: 0}\n  objects:\n    Llanowar Elves: {tapped: false}\n").run()
    assert run.passed, run.results
