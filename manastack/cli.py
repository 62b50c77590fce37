"""The ``manastack`` command line.

Each subcommand lives in its own module, imported only when that subcommand runs (or when
``--help`` lists them all; :mod:`manastack.cli_lazy`): ``manastack cards show`` never loads the
search agents, the simulator, the scenario files' schema or the rules index."""
from __future__ import annotations

import click

from manastack.cli_lazy import LazyGroup

COMMANDS: dict[str, tuple[str, str]] = {
    "cards": ("manastack.cli_cards", "cards"),
    "judge": ("manastack.cli_judge", "judge"),
    "play": ("manastack.cli_play", "play"),
    "rules": ("manastack.cli_rules", "rules"),
    "simulate": ("manastack.cli_simulate", "simulate_command"),
}


@click.group(cls=LazyGroup, lazy=COMMANDS)
@click.version_option(package_name="manastack")
def main() -> None:
    """manastack: a Magic: The Gathering rules engine that explains its rulings."""
