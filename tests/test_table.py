"""The terminal table (``manastack play`` with a human): the board, auto-pass, merged choices,
commands, and a game driven through a pseudo-terminal for several turns."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manastack import Action, HeuristicAgent
from manastack.scenario import Scenario
from manastack.table import (Command, Human, Table, TableSettings, auto_answer, board_lines, card_text, choices,
                             parse, rule_text, why_text)

ROOT = Path(__file__).resolve().parents[1]

BOARD = """
players:
  - name: Alice
    hand: [Forest, Forest, Giant Growth, Shock]
    battlefield: [Mountain, {card: Grizzly Bears, id: a}, {card: Grizzly Bears, id: b, tapped: true},
                  {card: Llanowar Elves, sick: true}]
  - name: Bob
    hand: [Cancel, Divination]
    battlefield: [Island, {card: Grizzly Bears, damage: 1}]
"""


def _game():
    return Scenario.from_text(BOARD).run().game


def _plain(game, viewer=0):
    return "\n".join(t.plain for t in board_lines(game, viewer))


def test_board_shows_your_hand_and_never_the_opponents():
    game = _game()
    mine, theirs = _plain(game, 0), _plain(game, 1)
    assert "your hand: Forest ×2, Giant Growth, Shock" in mine
    assert "Cancel" not in mine and "Divination" not in mine        # CR 400.2
    assert "Giant Growth" not in theirs and "Cancel" in theirs
    assert "Bob: life 20, poison 0, library 0, hand 2" in mine


def test_board_groups_permanents_with_their_status():
    text = _plain(_game())
    assert "lands: Mountain" in text
    assert "Grizzly Bears 2/2, Grizzly Bears 2/2 [tapped], Llanowar Elves 1/1 [summoning sick]" in text
    assert "Grizzly Bears 2/2 [1 damage]" in text
    assert "stack (top first): empty" in text


def test_identical_choices_merge_and_different_ones_do_not():
    game = _game()
    d = game.pending
    listed = [str(c) for c in choices(game, d, TableSettings())]
    assert listed.count("play Forest  (×2)") == 1
    assert not any(c.startswith("activate Mountain") for c in listed)         # mana: paid for you
    assert any(c.startswith("activate Mountain") for c in
               map(str, choices(game, d, TableSettings(pay_by_hand=True))))
    game.push(next(a for a in d.options if a.label == "cast Shock"))
    targets = [str(c) for c in choices(game, game.pending, TableSettings())]
    # the tapped Bears, the untapped Bears and the damaged Bears look different: three choices
    assert targets.count("target Grizzly Bears") == 3
    assert choices(game, game.pending, TableSettings()) == choices(game, game.pending, TableSettings())


def test_auto_pass_only_where_passing_is_all_you_could_do():
    game = Scenario.from_text("""
players:
  - name: Alice
    battlefield: [Forest]
  - name: Bob
""").run().game
    d = game.pending
    assert d.kind == "priority" and {a.kind for a in d.options} == {"pass", "mana"}
    assert auto_answer(game, d, TableSettings()) == Action("pass")
    assert auto_answer(game, d, TableSettings(stops=frozenset({"main1"}))) is None
    assert auto_answer(_game(), _game().pending, TableSettings()) is None     # a land to play


def test_why_explains_with_rule_numbers():
    game = _game()
    assert why_text(game, 1, "Cancel") == "Cancel has no legal target now (CR 601.2c, 115)"
    assert "(CR 117.1a, 307.1)" in why_text(game, 1, "Divination")
    assert why_text(game, 0, "Shock").startswith("You can now: cast Shock")
    assert "no 'Serra Angel'" in why_text(game, 0, "Serra Angel")


@given(st.text(max_size=300))
def test_any_typed_line_is_read_or_refused_with_a_message(line):
    p = parse(line, 4)
    assert (p.command is None) == bool(p.error)
    if p.command is Command.CHOOSE:
        assert 1 <= int(p.arg) <= 4


def test_parse_examples():
    assert parse(" 2 ", 3).command is Command.CHOOSE
    assert "from 1 to 3" in parse("7", 3).error
    assert parse("card Grizzly Bears", 3).arg == "Grizzly Bears"
    assert "at most 500" not in parse("log 20", 3).error and parse("log 20", 3).command is Command.LOG
    assert "from 1 to 500" in parse("log 0", 3).error
    assert "too long" in parse("card " + "x" * 300, 3).error
    assert "needs an argument" in parse("why", 3).error


def test_rule_shows_the_rule_text():
    assert rule_text("704.5a").startswith("704.5a ")
    assert rule_text("999.9") == "there is no rule 999.9"


def test_undo_goes_back_to_your_last_choice_and_prints_only_the_change():
    game = _game()
    typed = iter(["2", "u", "q"])         # play Forest, take it back, quit

    class Out:
        lines: list[str] = []

        def print(self, *things, **_):
            self.lines.extend(str(getattr(t, "plain", t)) for t in things)

    out = Out()
    Table(game, [Human(), HeuristicAgent()], out, read=lambda _: next(typed)).run()
    text = "\n".join(out.lines)
    assert "Undone: play Forest" in text
    assert "was:  Alice: lands: Mountain, Forest" in text and "now:  Alice: lands: Mountain" in text
    assert "Bob" not in text.split("Undone: ")[1]         # only what changed
    assert game.move_stack == []


def test_a_game_through_a_pseudo_terminal():
    pexpect = pytest.importorskip("pexpect", reason="pexpect is in the test extra")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="140", TERM="dumb", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "manastack", "play", "--seed", "3"], cwd=str(ROOT), env=env,
                          encoding="utf-8", timeout=60)
    prompts = 0
    try:
        child.expect("hand 7, mana pool empty")
        child.expect("your hand: ")
        child.expect("keep 7 cards")
        child.expect("> ")
        child.sendline("?")
        child.expect("undo your last choice")
        child.sendline("card Llanowar Elves")
        child.expect(r"\{T\}: Add \{G\}")
        child.sendline("rule 704.5a")
        child.expect("704.5a|rules search is not available")
        child.sendline("1")                                          # keep
        while True:
            child.expect([r"Turn (\d+), (\w+)"])
            turn = int(child.match.group(1))
            child.expect("> ")
            prompts += 1
            if turn >= 6:
                break
            screen = child.before
            # the first choice after "pass priority" is an action (a land, a spell...)
            line = "2" if "1. pass priority\r\n   2." in screen and "play " in screen else "1"
            child.sendline(line)
        child.sendline("log 2")
        child.expect("CR ")
        child.sendline("why Charging Monstrosaur")
        child.expect("CR|You can now|You have no")
        child.sendline("u")
        child.expect("Undone: ")
        child.expect("> ")
        child.sendline("q")
        child.expect("The game was left unfinished")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    # six turns took a handful of prompts, not a dozen passes per turn
    assert prompts < 25, prompts


def test_rule_uses_the_rules_search_interface(monkeypatch):
    from types import SimpleNamespace

    import manastack.table as table

    rules = {"704.5a": SimpleNamespace(number="704.5a", text="(the rule's text)", subrules=())}
    monkeypatch.setattr(table, "load_rules", lambda path=None: SimpleNamespace(get=rules.get))
    table._rules.cache_clear()
    try:
        assert rule_text("704.5a") == "704.5a (the rule's text)"
        assert rule_text("999.9z") == "there is no rule 999.9z"
    finally:
        table._rules.cache_clear()


def test_card_and_why_find_a_card_whatever_its_case():
    game = _game()
    assert card_text(game, "grizzly BEARS").startswith("Grizzly Bears")
    assert "did you mean 'Grizzly Bears'" in card_text(game, "grizzly bear")
