"""``manastack cards coverage``: how much of a card file the Oracle compiler reads fully, and why
the rest is not."""
from __future__ import annotations

import json

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from manastack.cards import CardError
from manastack.cards.coverage import coverage as run_coverage
from manastack.cards.coverage import load, read_staples, staples_coverage


@click.command()
@click.option("--corpus", "corpus", required=True, type=click.Path(exists=True, dir_okay=False),
              help="A card file: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--top", default=30, show_default=True, help="How many templates to list.")
@click.option("--per-card", "per_card", is_flag=True,
              help="Also list every card not compiled fully, each part not compiled and why "
                   "(the JSON report always has them).")
@click.option("--staples", "staples_path", type=click.Path(dir_okay=False),
              help="A staples list ('card | formats | decks' per line, e.g. tests/data/staples.txt): "
                   "also report how many of its cards compile fully, per format.")
def coverage(corpus: str, as_json: bool, top: int, per_card: bool, staples_path: str | None) -> None:
    """Compile every card of CORPUS; report the share compiled and the commonest gaps."""
    console = Console(stderr=as_json)
    try:
        staples = read_staples(staples_path) if staples_path else None
        db = load(corpus)
        with Progress(console=console, transient=True, disable=as_json) as progress:
            task = progress.add_task("compiling", total=None)
            report = run_coverage(db, top=top, progress=lambda done, total: progress.update(
                task, completed=done, total=total))
        staples_report = staples_coverage(db, staples) if staples is not None else None
    except CardError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        out = report.to_dict()
        if staples_report is not None:
            out["staples"] = staples_report.to_dict()
        click.echo(json.dumps(out, indent=2))
        return
    console.print(f"{report.compiled} of {report.total} cards compile fully "
                  f"({report.share:.1%}).", highlight=False)
    table = Table(title=f"Top {len(report.top)} unsupported sentence templates")
    table.add_column("count", justify="right")
    table.add_column("template")
    for template, count in report.top:
        table.add_row(str(count), escape(template))
    console.print(table)
    if report.cards:
        _print_gaps(console, report, per_card)
    if staples_report is not None:
        _print_staples(console, staples_report)


def _print_gaps(console: Console, report, per_card: bool) -> None:
    """The templates that block cards alone, the reasons, and the cards not compiled."""
    console.print(f"{report.single} card(s) are blocked by one template alone.", highlight=False)
    table = Table(title=f"Top {len(report.sole)} templates by the cards they alone block")
    table.add_column("cards", justify="right")
    table.add_column("template")
    for template, count in report.sole:
        table.add_row(str(count), escape(template))
    console.print(table)
    table = Table(title="Why parts of cards are not compiled")
    table.add_column("parts", justify="right")
    table.add_column("reason")
    for reason, count in report.reasons:
        table.add_row(str(count), escape(reason))
    console.print(table)
    if per_card:
        for name, gaps in report.cards:
            console.print(name, style="bold", highlight=False, markup=False)
            for gap in gaps:
                console.print(f"  {gap.text}\n      why: {gap.reason}", highlight=False, markup=False)
    else:
        console.print(f"{len(report.cards)} card(s) have parts not compiled: --per-card lists "
                      "them with each part and why.", highlight=False)
    if report.errors:
        console.print(f"{len(report.errors)} card(s) could not be read, e.g. "
                      f"{report.errors[0][0]}: {report.errors[0][1]}", highlight=False)


def _print_staples(console: Console, report) -> None:
    console.print(f"Staples: {report.compiled} of {report.total} compile fully ({report.share:.1%}).",
                  highlight=False)
    table = Table(title="Staples compiled fully, per format")
    table.add_column("format")
    table.add_column("compiled", justify="right")
    table.add_column("share", justify="right")
    for fmt, (done, total) in sorted(report.by_format.items()):
        table.add_row(fmt, f"{done} of {total}", f"{done / total:.1%}")
    console.print(table)
    if report.missing:
        console.print(f"Not in the card file: {', '.join(report.missing)}", highlight=False, markup=False)
    table = Table(title="Staples not compiled fully")
    table.add_column("card")
    table.add_column("first part not compiled")
    for name, gaps in report.not_compiled:
        table.add_row(escape(name), escape(gaps[0].text if gaps else ""))
    console.print(table)
