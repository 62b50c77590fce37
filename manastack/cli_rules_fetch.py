"""``manastack rules fetch``: download the current Comprehensive Rules text (imported only
when it runs, so the other ``rules`` commands don't load the network modules)."""
from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from manastack.rules import RulesError, load_rules
from manastack.rules.fetch import RULES_PAGE, fetch_rules


@click.command()
@click.option("--url", default=RULES_PAGE, show_default=True,
              help="The rules page that links to the plain-text Comprehensive Rules.")
@click.option("--into", type=click.Path(file_okay=False), default=None,
              help="Directory to keep the text in (default: the cache, where the other commands look).")
@click.option("--allow-http", is_flag=True, help="Also fetch over plain http (only https otherwise).")
def fetch(url: str, into: str | None, allow_http: bool) -> None:
    """Download the current Comprehensive Rules text from the publisher."""
    try:
        path = fetch_rules(url, Path(into) if into else None, allow_http)
        doc = load_rules(path)
    except RulesError as exc:
        raise click.ClickException(str(exc)) from None
    Console(highlight=False, soft_wrap=True).print(
        f"Saved the rules of {escape(doc.effective)} ({len(doc.rules)} rules, "
        f"{len(doc.glossary)} glossary entries) to {escape(str(path))}")
