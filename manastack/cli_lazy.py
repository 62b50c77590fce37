"""Command groups whose subcommands are imported only when they run.

A subcommand's module is named in a table (``{name: (module, attribute, summary)}``) and
imported by :class:`LazyGroup` the first time the subcommand is looked up, so a command line
loads what one command needs and no more. The group's ``--help`` lists each subcommand by the
summary in the table (the first paragraph of its docstring, which ``tests/test_cli_help.py``
keeps equal), so listing the subcommands imports none of them. This is the command line's one
import made inside a function; ``tests/test_import_layers.py`` allows it here alone and counts
each module a table names as an import of the module holding the table (see
docs/architecture.md, "Layers")."""
from __future__ import annotations

import importlib

import click
from click.utils import make_default_short_help


class LazyGroup(click.Group):
    """A click group with subcommands named in ``lazy`` and imported on first use."""

    def __init__(self, *args, lazy: dict[str, tuple[str, str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, attribute, _summary = self.lazy[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The subcommands and their short help, as click writes them, without importing those
        not imported yet (their summary comes from the table)."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(map(len, names))
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is None:
                rows.append((name, make_default_short_help(self.lazy[name][2], limit)))
            elif not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
