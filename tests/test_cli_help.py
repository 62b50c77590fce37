"""``--help`` of a lazy command group lists its subcommands without importing them
(manastack.cli_lazy), and lists them exactly as their own docstrings would."""
from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from manastack.cli import COMMANDS, main
from manastack.cli_cards import cards
from manastack.cli_rules import rules

ROOT = Path(__file__).resolve().parent.parent
TABLES = [("manastack", COMMANDS), ("manastack cards", cards.lazy), ("manastack rules", rules.lazy)]


@pytest.mark.parametrize("group,table", TABLES)
def test_each_summary_is_the_first_paragraph_of_the_commands_own_help(group, table):
    for name, (module, attribute, summary) in table.items():
        command = getattr(importlib.import_module(module), attribute)
        assert command.help.split("\n\n")[0].split() == summary.split(), f"{group} {name}"
        for limit in (20, 45, 60, 80, 200):
            assert click.utils.make_default_short_help(summary, limit) == command.get_short_help_str(limit)


@pytest.mark.parametrize("args", [["--help"], ["cards", "--help"]])
def test_help_is_the_same_before_and_after_the_subcommands_are_imported(args):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80")
    lazy = subprocess.run([sys.executable, "-m", "manastack", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=300)
    assert lazy.returncode == 0, lazy.stderr
    for name in COMMANDS:                       # every subcommand imported, as running it would
        main.get_command(click.Context(main), name)
    for name in cards.lazy:
        cards.get_command(click.Context(cards), name)
    eager = CliRunner().invoke(main, args, prog_name="python -m manastack", terminal_width=78)
    assert eager.output == lazy.stdout
    assert "Commands:" in lazy.stdout
