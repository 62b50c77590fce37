"""``manastack rules ask``: a question about cards together, answered with the cards' rulings,
the rules their abilities use and a scenario skeleton that ``--run`` plays out with the judge."""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from manastack.cards import CardError, load_db
from manastack.cli_rules_text import highlight, load_doc, rules_option, short
from manastack.rules import PassageKind, RulesDoc, RulesError, RulesSearch, open_search
from manastack.rules.ask import Answer
from manastack.rules.ask import ask as answer_question
from manastack.scenario.cli import EXIT_ERROR, EXIT_FAIL, EXIT_PASS, judge_files, judge_one


@click.command()
@click.argument("question")
@click.option("-n", "count", default=5, show_default=True, type=click.IntRange(1, 30),
              help="How many rules the search adds.")
@click.option("--cards", multiple=True, type=click.Path(dir_okay=False),
              help="Card files to find the named cards and their rulings in (MTGJSON AtomicCards or "
                   "Scryfall Oracle Cards); the bundled cards are always included.")
@click.option("--run", "run_it", is_flag=True, help="Play the scenario skeleton out with the judge.")
@click.option("--save", type=click.Path(dir_okay=False), help="Write the scenario skeleton to this file.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the answer as JSON (with --run, the judge's report under \"run\").")
@rules_option
def ask(question: str, count: int, cards: tuple[str, ...], run_it: bool, save: str | None, as_json: bool,
        rules_path: str | None) -> None:
    """Answer a question about cards together: their rulings, the rules they use, a scenario.

    QUESTION '-' reads one question a line from standard input and answers each as it comes."""
    if question == "-" and (run_it or save):
        raise click.ClickException("--run and --save take one question, not '-'")
    doc = load_doc(rules_path)
    try:
        db = load_db(*cards)
        engine = open_search(doc, db)
        if question == "-":
            _answer_lines(engine, doc, count, as_json)
            return
        answer = answer_question(engine, question, count)
    except (RulesError, CardError) as exc:
        raise click.ClickException(str(exc)) from None
    if save and answer.scenario:
        try:
            Path(save).write_text(answer.scenario, encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"{save}: can't write the scenario ({exc.strerror})") from None
    if run_it and not answer.scenario:
        raise click.ClickException("the question names no card, so there is no scenario to run")
    if not run_it:
        if as_json:
            click.echo(json.dumps(answer.to_json(), indent=1, ensure_ascii=False))
        else:
            _print(answer, doc, engine)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(save) if save else Path(tmp) / "question.yaml"
        if not save:
            path.write_text(answer.scenario, encoding="utf-8")
        if as_json:            # one JSON document: the answer, and the judge's report under "run"
            report = judge_one(str(path), db)
            click.echo(json.dumps({**answer.to_json(), "run": report}, indent=1, ensure_ascii=False))
            status = EXIT_PASS if report["status"] == "pass" else EXIT_FAIL if report["status"] == "fail" \
                else EXIT_ERROR
        else:
            _print(answer, doc, engine)
            status = judge_files([str(path)], console=Console(highlight=False, soft_wrap=True), cards=db)
    sys.exit(status)


def _answer_lines(engine: RulesSearch, doc: RulesDoc, count: int, as_json: bool) -> None:
    """Answer each line of standard input in turn (one JSON object a line with ``as_json``); a
    line that is no valid question is an error naming it, and the exit status is then 1."""
    failed = 0
    for number, line in enumerate(click.get_text_stream("stdin"), 1):
        if not line.strip():
            continue
        try:
            answer = answer_question(engine, line.strip(), count)
        except (RulesError, CardError) as exc:
            click.echo(f"Error: line {number}: {exc}", err=True)
            failed += 1
            continue
        if as_json:
            click.echo(json.dumps(answer.to_json(), ensure_ascii=False))
        else:
            Console(highlight=False, soft_wrap=True).print(f"[bold]{escape(line.strip())}[/bold]")
            _print(answer, doc, engine)
    if failed:
        sys.exit(1)


def _print(answer: Answer, doc: RulesDoc, engine: RulesSearch) -> None:
    console = Console(highlight=False, soft_wrap=True)
    if not answer.cards:
        console.print("[dim]No card named in the question (card names as printed; --cards FILE for cards "
                      "beyond the bundled ones). The rules that answer it:[/dim]")
    for card in answer.cards:
        console.print(f"[bold green]{escape(card.name)}[/bold green]  [dim]{escape(card.type_line)}[/dim]")
        if card.rulings:
            more = f" (the {len(card.rulings)} best of {card.rulings_total})" if card.rulings_total > len(card.rulings) else ""
            console.print(f"  [bold]Rulings[/bold]{more}")
            for text in card.rulings:
                console.print(f"    • {escape(text)}")
        elif card.rulings_total == 0:
            console.print("  [dim]no rulings in the card files in use[/dim]")
        if card.rules or card.engine:
            console.print("  [bold]Rules its abilities use[/bold]")
            for n in (*card.rules, *card.engine):
                console.print(f"    [cyan]{n}[/cyan] {escape(short(doc.rules[n].text))}")
        for sentence in card.unread:
            console.print(f"  [yellow]not read by the compiler:[/yellow] {escape(sentence)}")
    if answer.rules:
        console.print("[bold]Rules for the question[/bold]")
        for hit in answer.rules:
            head = f"[cyan]{hit.ref}[/cyan]" if hit.kind is PassageKind.RULE else \
                f"[magenta]Glossary: {escape(hit.ref)}[/magenta]"
            console.print(f"  {head} " + highlight(short(hit.text, 240), hit.stems, engine.stemmer))
    if answer.scenario:
        console.print("[bold]A scenario to check it[/bold] [dim](--save FILE to keep it, --run to play it "
                      "out with the judge)[/dim]")
        console.print(escape(answer.scenario), end="")
