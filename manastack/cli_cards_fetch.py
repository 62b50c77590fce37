"""``manastack cards fetch``: download today's card file into the user's cache, with a progress
bar (:mod:`manastack.cards.fetch`)."""
from __future__ import annotations

import click
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

from manastack.cards.fetch import SOURCES, FetchError, fetch_cards


@click.command()
@click.option("--source", type=click.Choice(SOURCES), default="scryfall", show_default=True,
              help="Scryfall's Oracle Cards bulk data, or MTGJSON's AtomicCards (checked against "
                   "its published SHA-256).")
@click.option("--url", help="Fetch from this address instead (a mirror): for Scryfall its "
                            "bulk-data entry, for MTGJSON the AtomicCards.json.gz file.")
@click.option("--allow-http", is_flag=True, help="Also accept plain http URLs (a local mirror).")
def fetch(source: str, url: str | None, allow_http: bool) -> None:
    """Download today's card file, check it and keep it in the user's cache for --cards.

    The file kept is in MTGJSON AtomicCards shape, gzipped, with the fields the engine reads
    (and rulings, legalities); its path is printed, to pass as --cards PATH to any command."""
    console = Console(stderr=True)
    columns = (TextColumn("downloading"), BarColumn(), DownloadColumn(), TransferSpeedColumn())
    try:
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("download", total=None)
            kept = fetch_cards(source, url, allow_http=allow_http,
                               progress=lambda done, total: progress.update(task, completed=done, total=total))
    except FetchError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"{kept.cards:,} cards from {kept.source} ({kept.date}) kept in {kept.path}")
    click.echo(f"Use them with --cards {kept.path}")
