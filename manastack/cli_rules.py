"""``manastack rules``: search, show, define, diff, fetch and embed the Comprehensive Rules."""
from __future__ import annotations

import difflib
import json
import sys
import time
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape

from manastack.cards import CardError, load_db
from manastack.cli_lazy import LazyGroup
from manastack.cli_rules_text import highlight, load_doc, rules_option, short
from manastack.rules import PassageKind, Rule, RulesDoc, RulesError, RulesSearch, load_rules, open_search
from manastack.rules.query import Hit
from manastack.rules.diff import diff_rules
from manastack.rules.embedding import open_embedder
from manastack.rules.engine_links import judge_command, scenarios_for, sites_for
from manastack.rules.query import MAX_RESULTS
from manastack.rules.source import cache_dir

MAX_LISTED = 12
"""Code sites and scenarios listed under a rule before "and N more"."""

def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@click.group(cls=LazyGroup, lazy={
    "ask": ("manastack.cli_rules_ask", "ask",
            "Answer a question about cards together: their rulings, the rules they use, a scenario."),
    "fetch": ("manastack.cli_rules_fetch", "fetch",
              "Download the current Comprehensive Rules text from the publisher.")})
def rules() -> None:
    """The Comprehensive Rules: search them, ask about cards together, show a rule, define a
    term, compare versions, embed them for the search extra."""


@rules.command()
@click.argument("query")
@click.option("-n", "count", default=10, show_default=True, type=click.IntRange(1, MAX_RESULTS),
              help="How many results.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON (with QUERY '-', one line each).")
@click.option("--cards", multiple=True, type=click.Path(dir_okay=False),
              help="Card files whose rulings to search (MTGJSON AtomicCards or Scryfall Oracle Cards); "
                   "the bundled cards are always included.")
@rules_option
def search(query: str, count: int, as_json: bool, cards: tuple[str, ...], rules_path: str | None) -> None:
    """Search the rules, the glossary and card rulings for QUERY (words or a question).

    QUERY '-' reads one query a line from standard input and answers each as it comes, loading once."""
    doc = load_doc(rules_path)
    try:
        db = load_db(*cards)
        engine = open_search(doc, db)
    except (RulesError, CardError) as exc:
        raise click.ClickException(str(exc)) from None
    if query != "-":
        try:
            hits = engine.search(query, count)
        except RulesError as exc:
            raise click.ClickException(str(exc)) from None
        _print_hits(query, hits, doc, engine, as_json)
        return
    failed = 0
    for number, line in enumerate(click.get_text_stream("stdin"), 1):
        if not line.strip():
            continue
        try:
            hits = engine.search(line.strip(), count)
        except RulesError as exc:
            click.echo(f"Error: line {number}: {exc}", err=True)
            failed += 1
            continue
        _print_hits(line.strip(), hits, doc, engine, as_json, lines=True)
    if failed:
        sys.exit(1)


def _print_hits(query: str, hits: list[Hit], doc: RulesDoc, engine: RulesSearch, as_json: bool,
                lines: bool = False) -> None:
    """One search's results: as text, or as JSON (on one line when ``lines``)."""
    if as_json:
        data = {"query": query, "rules": doc.effective, "results": [h.to_json() for h in hits]}
        click.echo(json.dumps(data, ensure_ascii=False) if lines else json.dumps(data, indent=1, ensure_ascii=False))
        return
    console = _console()
    if lines:
        console.print(f"[bold]{escape(query)}[/bold]")
    if not hits:
        console.print("No rule, glossary entry or ruling matches.")
        return
    for hit in hits:
        if hit.kind is PassageKind.RULE:
            head = f"[bold cyan]{hit.ref}[/bold cyan]"
        elif hit.kind is PassageKind.GLOSSARY:
            head = f"[bold magenta]Glossary: {escape(hit.ref)}[/bold magenta]"
        else:
            head = f"[bold green]Ruling, {escape(hit.ref)}[/bold green]"
        console.print(f"{head}  [dim]{escape(', '.join(hit.reasons))}[/dim]")
        console.print("  " + highlight(hit.text, hit.stems, engine.stemmer))
        for more in hit.more:
            console.print("  " + highlight(more, hit.stems, engine.stemmer))
    console.print(f"[dim]Rules of {escape(doc.effective)}; `manastack rules show NUMBER` for a whole rule.[/dim]")


@rules.command()
@rules_option
def embed(rules_path: str | None) -> None:
    """Embed every rule and glossary entry with the model of the `search` extra, ahead of the
    searches (which otherwise embed each passage the first time it is a candidate)."""
    doc = load_doc(rules_path)
    embedder = open_embedder(doc, cache_dir())
    if embedder is None:
        raise click.ClickException("the search extra is not installed (pip install 'manastack[search]') "
                                   "or MANASTACK_EMBEDDINGS is off")
    start = time.perf_counter()
    done, total = embedder.fill()
    click.echo(f"{total} passages of the rules of {doc.effective}: {done} embedded now, "
               f"{total - done} already kept ({time.perf_counter() - start:.1f} s)")


@rules.command()
@click.argument("number")
@click.option("--json", "as_json", is_flag=True, help="Print the rule as JSON.")
@click.option("--cards", multiple=True, type=click.Path(dir_okay=False),
              help="Card files to name in the printed judge commands of scenarios that play cards "
                   "beyond the bundled ones (default: the corpus beside the project, if any).")
@rules_option
def show(number: str, as_json: bool, cards: tuple[str, ...], rules_path: str | None) -> None:
    """Show rule NUMBER (e.g. 106.12) with its subrules, examples, the rules it refers to, where
    the engine applies it and the scenarios that check it."""
    doc = load_doc(rules_path)
    rule = doc.get(number)
    if rule is None:
        raise click.ClickException(f"no rule {number!r} in the rules of {doc.effective} ({doc.path})")
    sites = sites_for(rule.number)
    scenarios = scenarios_for(rule.number)
    if as_json:
        click.echo(json.dumps({
            **rule_json(rule),
            "see_also": [{"number": n, "text": doc.rules[n].text} for n in rule.see_also if n in doc.rules],
            "engine": [{"kind": s.kind.value, "rule": s.rule, "path": s.path, "line": s.line} for s in sites],
            "scenarios": [{"rule": s.rule, "path": s.path, "name": s.name,
                           "command": judge_command([s], cards)} for s in scenarios]}, indent=1, ensure_ascii=False))
        return
    console = _console()
    _print_rule(console, rule, 0)
    refs = [n for n in _all_refs(rule) if n in doc.rules]
    if refs:
        console.print("\n[bold]Refers to[/bold]")
        for n in refs:
            console.print(f"  [cyan]→ {n}[/cyan] {escape(short(doc.rules[n].text))}  "
                          f"[dim](manastack rules show {n})[/dim]")
    console.print("\n[bold]Where the engine applies it[/bold]")
    if not sites:
        console.print("  [dim]no code cites it[/dim]")
    for s in sites[:MAX_LISTED]:
        console.print(f"  [dim]{s.kind.value:<4}[/dim] {escape(s.path)}:{s.line}  [dim](CR {s.rule})[/dim]")
    if len(sites) > MAX_LISTED:
        console.print(f"  [dim]... and {len(sites) - MAX_LISTED} more (--json lists all)[/dim]")
    console.print("\n[bold]Scenarios that check it[/bold]")
    if not scenarios:
        console.print("  [dim]none yet[/dim]")
    for ref in scenarios[:MAX_LISTED]:
        console.print(f"  {escape(ref.name)}  [dim](CR {ref.rule})[/dim]\n    {escape(judge_command([ref], cards))}")
    if len(scenarios) > MAX_LISTED:
        console.print(f"  [dim]... and {len(scenarios) - MAX_LISTED} more (--json lists all)[/dim]")
    if len(scenarios) > 1:
        console.print(f"  all of them: {escape(judge_command(scenarios, cards))}")


def rule_json(rule: Rule) -> dict:
    return {"number": rule.number, "text": rule.text, "examples": list(rule.examples),
            "see_also_numbers": list(rule.see_also), "subrules": [rule_json(r) for r in rule.subrules]}


def _all_refs(rule: Rule) -> list[str]:
    out = list(rule.see_also)
    for sub in rule.subrules:
        out += _all_refs(sub)
    return list(dict.fromkeys(out))


def _print_rule(console: Console, rule: Rule, depth: int) -> None:
    pad = "  " * depth
    console.print(f"{pad}[bold cyan]{rule.number}[/bold cyan] {escape(rule.text)}")
    for example in rule.examples:
        console.print(f"{pad}  [italic dim]Example: {escape(example)}[/italic dim]")
    for sub in rule.subrules:
        _print_rule(console, sub, depth + 1)


@rules.command()
@click.argument("term")
@click.option("--json", "as_json", is_flag=True, help="Print the entry as JSON.")
@rules_option
def define(term: str, as_json: bool, rules_path: str | None) -> None:
    """Look TERM up in the glossary (e.g. "mana ability")."""
    doc = load_doc(rules_path)
    entry = doc.define(term)
    if entry is None:
        close = difflib.get_close_matches(term.lower(), list(doc.glossary), n=3)
        hint = f" (did you mean {', '.join(doc.glossary[c].term for c in close)}?)" if close else ""
        raise click.ClickException(f"{term!r} is not in the glossary{hint}; try `manastack rules search`")
    if as_json:
        click.echo(json.dumps({"term": entry.term, "text": entry.text, "see_also": [
            {"number": n, "text": doc.rules[n].text} for n in entry.see_also if n in doc.rules]},
            indent=1, ensure_ascii=False))
        return
    console = _console()
    console.print(f"[bold magenta]{escape(entry.term)}[/bold magenta]\n  {escape(entry.text)}")
    for n in entry.see_also:
        if n in doc.rules:
            console.print(f"  [cyan]→ {n}[/cyan] {escape(short(doc.rules[n].text))}")


@rules.command()
@click.argument("old", type=click.Path(dir_okay=False))
@click.argument("new", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the changes as JSON.")
def diff(old: str, new: str, as_json: bool) -> None:
    """What changed between two versions of the rules, rule by rule."""
    try:
        changes = diff_rules(load_rules(old), load_rules(new))
    except RulesError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(changes.to_json(), indent=1, ensure_ascii=False))
        return
    console = _console()
    console.print(f"[bold]{escape(changes.old)}[/bold] → [bold]{escape(changes.new)}[/bold]: "
                  f"{len(changes.added)} added, {len(changes.removed)} removed, "
                  f"{len(changes.changed)} changed rules; glossary: {len(changes.glossary_added)} added, "
                  f"{len(changes.glossary_removed)} removed, {len(changes.glossary_changed)} changed")
    for n, text in changes.added:
        console.print(f"[green]+ {n}[/green] {escape(short(text, 160))}")
    for n, text in changes.removed:
        console.print(f"[red]- {n}[/red] {escape(short(text, 160))}")
    for change in changes.changed:
        console.print(f"[yellow]~ {change.number}[/yellow] {word_diff(change.old, change.new)}")
    for term in changes.glossary_added:
        console.print(f"[green]+ glossary {escape(term)}[/green]")
    for term in changes.glossary_removed:
        console.print(f"[red]- glossary {escape(term)}[/red]")
    for term in changes.glossary_changed:
        console.print(f"[yellow]~ glossary {escape(term)}[/yellow]")


def word_diff(old: str, new: str) -> str:
    """Rich markup of ``old`` turned into ``new``: removed words as ``[-words-]`` (struck, red),
    added as ``{+words+}`` (green), so the markers survive where there is no colour (a pipe, a
    file)."""
    a, b = old.split(), new.split()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(escape(" ".join(a[i1:i2])))
        if op in ("replace", "delete"):
            out.append(f"[red strike]{escape('[-' + ' '.join(a[i1:i2]) + '-]')}[/red strike]")
        if op in ("replace", "insert"):
            out.append(f"[green]{escape('{+' + ' '.join(b[j1:j2]) + '+}')}[/green]")
    return " ".join(out)
