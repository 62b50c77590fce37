"""``manastack judge``: play out scenario files and check their expectations."""
from __future__ import annotations

import sys

import click
from rich.console import Console

from manastack.cli_cards import db_from_files
from manastack.rules import RulesError, load_rules
from manastack.scenario.cli import judge_files

console = Console(highlight=False, soft_wrap=True)


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Machine-readable results.")
@click.option("--quiet", is_flag=True, help="Only the expectations, no narrated log.")
@click.option("--cards", multiple=True, type=click.Path(),
              help="Extra card files: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--board", is_flag=True, help="Print the final position of each scenario.")
@click.option("--explain", is_flag=True, help="Print under each log line the text of the rules it cites.")
@click.option("--rules", "rules_path", type=click.Path(dir_okay=False),
              help="The Comprehensive Rules text for --explain (default: $MANASTACK_RULES, a fetched "
                   "copy, or ../shared/rules/).")
def judge(files, as_json, quiet, cards, board, explain, rules_path):
    """Play out scenario files and check their expectations."""
    rule_text = None
    if explain:
        try:
            doc = load_rules(rules_path)
        except RulesError as exc:
            raise click.ClickException(str(exc)) from None
        rule_text = doc.text_of
    sys.exit(judge_files(files, as_json=as_json, quiet=quiet, console=console, cards=db_from_files(cards) if cards else None,
                         board=board, rule_text=rule_text))
