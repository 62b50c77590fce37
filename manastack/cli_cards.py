"""``manastack cards``: look at compiled cards and measure the Oracle compiler's coverage.

``show`` needs only the card layer and click, so that it answers at once, and looks a card up in
a large ``--cards`` file through that file's index (:mod:`manastack.cards.file_index`);
``coverage`` (with its progress bar and table) is imported only when it runs."""
from __future__ import annotations

import click

from manastack.cards import CardError, default_db, load_db
from manastack.cards.file_index import db_for_card
from manastack.cli_lazy import LazyGroup
from manastack.oracle.render import render_abilities


def db_from_files(paths) -> object:
    """The card database of ``--cards`` files; a bad file is a clean command-line error."""
    try:
        return load_db(*paths)
    except CardError as exc:
        raise click.ClickException(str(exc)) from None


@click.group(cls=LazyGroup, lazy={"coverage": (
    "manastack.cli_coverage", "coverage",
    "Compile every card of CORPUS; report the share compiled and the commonest gaps."), "fetch": (
    "manastack.cli_cards_fetch", "fetch",
    "Download today's card file, check it and keep it in the user's cache for --cards.")})
def cards() -> None:
    """Card definitions and the Oracle-text compiler."""


@cards.command()
@click.argument("name")
@click.option("--cards", "cards_path", type=click.Path(exists=True, dir_okay=False),
              help="An extra card file to look the card up in: MTGJSON AtomicCards or "
                   "Scryfall Oracle Cards (.json/.json.gz).")
def show(name: str, cards_path: str | None) -> None:
    """Show card NAME: its Oracle text and the abilities compiled from it."""
    try:
        db = db_for_card(name, cards_path) if cards_path else default_db()
        card = db.get(db.resolve(name))      # any case, no accents, a front face
    except (CardError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    pt = f"  {card.power}/{card.toughness}" if card.power is not None else ""
    cost = str(card.mana_cost) if card.mana_cost.symbols else ""
    click.echo(click.style(card.name, bold=True) + f"  {cost}")
    click.echo(f"{card.type_line}{pt}")
    if card.text:
        click.echo(card.text)
    click.echo()
    click.echo(render_abilities(card))
    status = "fully compiled" if card.fully_supported else \
        f"{len(card.gaps or card.unsupported)} part(s) not compiled"
    click.echo("\n" + click.style(status, dim=True))
