"""Command groups whose subcommands are imported only when they run.

A subcommand's module is named in a table (``{name: (module, attribute)}``) and imported by
:class:`LazyGroup` the first time the subcommand is looked up, so a command line loads what
one command needs and no more. This is the command line's one import made inside a function;
``tests/test_import_layers.py`` allows it here alone and counts each module a table names as an
import of the module holding the table (see docs/architecture.md, "Layers")."""
from __future__ import annotations

import importlib

import click


class LazyGroup(click.Group):
    """A click group with subcommands named in ``lazy`` and imported on first use."""

    def __init__(self, *args, lazy: dict[str, tuple[str, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, attribute = self.lazy[cmd_name]
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)
