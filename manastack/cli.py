"""The ``manastack`` command line.

Each subcommand lives in its own module, imported only when that subcommand runs (or when
``--help`` lists them all; :mod:`manastack.cli_lazy`): ``manastack cards show`` never loads the
search agents, the simulator, the scenario files' schema or the rules index."""
from __future__ import annotations

import click

from manastack.cli_lazy import LazyGroup

# subcommand -> (module, command, its docstring's first paragraph, listed by ``--help``)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "cards": ("manastack.cli_cards", "cards", "Card definitions and the Oracle-text compiler."),
    "judge": ("manastack.cli_judge", "judge", "Play out scenario files and check their expectations."),
    "play": ("manastack.cli_play", "play", "Play a game: agents against each other, or you against an agent."),
    "rules": ("manastack.cli_rules", "rules",
              "The Comprehensive Rules: search them, ask about cards together, show a rule, define a "
              "term, compare versions, embed them for the search extra."),
    "serve": ("manastack.cli_serve", "serve",
              "Serve the web table in the browser: play, watch and replay, judge scenarios, look rules up."),
    "simulate": ("manastack.cli_simulate", "simulate_command",
                 "Play many games of two to eight decks (bundled names or decklist files: plain, MTG Arena, "
                 "MTGO .txt or .dek), each deck seated in turn in every seat, and report win rates per deck "
                 "and per seat with 95% intervals."),
}


@click.group(cls=LazyGroup, lazy=COMMANDS)
@click.version_option(package_name="manastack")
def main() -> None:
    """manastack: a Magic: The Gathering rules engine that explains its rulings."""
