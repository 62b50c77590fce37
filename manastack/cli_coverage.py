"""``manastack cards coverage``: how much of a card file the Oracle compiler reads fully."""
from __future__ import annotations

import json

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from manastack.cards import CardError
from manastack.cards.coverage import coverage as run_coverage


@click.command()
@click.option("--corpus", "corpus", required=True, type=click.Path(exists=True, dir_okay=False),
              help="A card file: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--top", default=30, show_default=True, help="How many templates to list.")
def coverage(corpus: str, as_json: bool, top: int) -> None:
    """Compile every card of CORPUS; report the share compiled and the commonest gaps."""
    console = Console(stderr=as_json)
    try:
        with Progress(console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task("compiling", total=None)
            report = run_coverage(corpus, top=top, progress=lambda done, total: progress.update(
                task, completed=done, total=total))
    except CardError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(report.to_dict(), indent=2))
        return
    console.print(f"{report.compiled} of {report.total} cards compile fully "
                  f"({report.share:.1%}).", highlight=False)
    table = Table(title=f"Top {len(report.top)} unsupported sentence templates")
    table.add_column("count", justify="right")
    table.add_column("template")
    for template, count in report.top:
        table.add_row(str(count), template)
    console.print(table)
    if report.errors:
        console.print(f"{len(report.errors)} card(s) could not be read, e.g. "
                      f"{report.errors[0][0]}: {report.errors[0][1]}", highlight=False)
