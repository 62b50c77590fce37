"""What the ``manastack rules`` commands share: the ``--rules`` option, loading the rules as a
command-line error, and printing rule text (shortened, or with the query's words marked)."""
from __future__ import annotations

import re

import click
from rich.markup import escape

from manastack.rules import RulesDoc, RulesError, load_rules
from manastack.rules.index import Stemmer
from manastack.rules.source import RULES_ENV

rules_option = click.option(
    "--rules", "rules_path", type=click.Path(dir_okay=False),
    help=f"The Comprehensive Rules text (default: ${RULES_ENV}, a fetched copy, or ../shared/rules/).")


def load_doc(rules_path: str | None) -> RulesDoc:
    """The rules text in use; a missing or bad file is a clean command-line error."""
    try:
        return load_rules(rules_path)
    except RulesError as exc:
        raise click.ClickException(str(exc)) from None


_TOKEN = re.compile(r"[^\W_]+|[\W_]+")


def highlight(text: str, stems: tuple[str, ...], stemmer: Stemmer) -> str:
    """``text`` as rich markup with the words whose stems are in ``stems`` in bold yellow; the
    rest is escaped a run at a time, so a bracketed placeholder ("[quality]") stays text."""
    parts = _TOKEN.findall(text)
    words = [i for i, p in enumerate(parts) if p[:1].isalnum()]
    wanted = set(stems)
    marked = {i for i, st in zip(words, stemmer.stems([parts[i] for i in words])) if st and st[0] in wanted}
    out: list[str] = []
    run: list[str] = []
    for i, p in enumerate(parts):
        if i in marked:
            out.append(escape("".join(run)) + f"[bold yellow]{escape(p)}[/bold yellow]")
            run = []
        else:
            run.append(p)
    out.append(escape("".join(run)))
    return "".join(out)


def short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"
