"""``manastack judge``: play scenario files, narrate them with CR numbers, report expectations."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from manastack.cards import CardDB
from manastack.engine.decisions import DecisionKind

from .errors import ScenarioError
from .expect import Outcome
from .scenario import Scenario
from manastack.engine.zones import EXILE, GRAVEYARD, HAND

EXIT_PASS, EXIT_FAIL, EXIT_ERROR = 0, 1, 2


def judge_files(files, as_json: bool = False, quiet: bool = False,
                console: Console | None = None, cards: CardDB | None = None, board: bool = False,
                rule_text: Callable[[str], str | None] | None = None) -> int:
    """Run each scenario file and report; returns the exit status: 0 when every expectation of
    every file passes, 1 when one fails, 2 when a file has an error. ``cards`` is the base
    card database (the bundled cards by default); ``board`` adds the final position;
    ``rule_text`` (rule number -> its text or None), when given, prints under each log line the
    rules it cites."""
    console = console or Console(highlight=False)
    reports = [judge_one(f, cards) for f in files]
    if not board:
        for r in reports:
            r.pop("board", None)
    if quiet:
        for r in reports:
            r["log"] = []
    if as_json:
        print(json.dumps({"passed": all(r["status"] == "pass" for r in reports), "files": reports}, indent=1))
    else:
        for r in reports:
            show(r, console, quiet, rule_text)
        totals = {k: sum(1 for r in reports if r["status"] == k) for k in ("pass", "fail", "error")}
        console.print(f"[bold]{len(reports)} scenario(s):[/bold] {totals['pass']} passed, "
                      f"{totals['fail']} failed, {totals['error']} with errors")
    if any(r["status"] == "error" for r in reports):
        return EXIT_ERROR
    return EXIT_FAIL if any(r["status"] == "fail" for r in reports) else EXIT_PASS


def judge_one(path, cards: CardDB | None = None) -> dict:
    """One scenario's report as plain data. ``partial`` names the partly read cards the
    scenario uses, with their unread sentences; a scenario that checks nothing is an error."""
    report: dict[str, Any] = {"file": str(path), "name": None, "status": "error", "error": None, "log": [],
              "expectations": [], "partial": {}, "board": []}
    try:
        scenario = Scenario.load(path, cards)
        report["name"] = scenario.name
        report["cites"] = scenario.cites
        report["partial"] = scenario.partial
        run = scenario.run()
    except ScenarioError as exc:
        report["error"] = exc.to_json() | {"message": str(exc)}
        report["log"] = exc.narrative
        report["expectations"] = [r.to_json() | {"relies_on_partial": sorted(report["partial"])}
                                  for r in exc.outcomes]
        if exc.game is not None:
            report["board"] = position(exc.game)
        return report
    except Exception as exc:  # never a traceback for a user's file
        report["error"] = {"file": str(path), "line": None, "step": None,
                           "reason": f"internal error: {type(exc).__name__}: {exc}",
                           "message": f"{path}: internal error: {type(exc).__name__}: {exc}"}
        return report
    report["log"] = run.narrative
    report["board"] = position(run.game)
    if not run.results:
        message = f"{path}: nothing to check: the scenario has no expect: and no illegal: steps"
        report["error"] = {"file": str(path), "line": None, "step": None, "message": message,
                           "reason": "nothing to check: the scenario has no expect: and no illegal: steps"}
        return report
    report["expectations"] = [r.to_json() | {"relies_on_partial": sorted(scenario.partial)} for r in run.results]
    if (left := unanswered(run)) is not None:
        report["expectations"].append(left.to_json() | {"relies_on_partial": []})
        report["log"].append({"kind": "note", "turn": run.game.state.turn, "step": run.game.state.step,
                              "text": f"The script ends while {left.actual}", "rules": []})
    report["status"] = "pass" if all(e["passed"] for e in report["expectations"]) else "fail"
    return report


def unanswered(run) -> Outcome | None:
    """A failed check when the script ends while a player must still answer something other
    than priority or the declaration that begins a combat step (a card to discard, a target, a
    payment): part of its last action is undone, and the scenario must not pass silently.
    (From Python, a script may stop there on purpose, to look at the game mid-decision.)"""
    d = run.game.pending
    if d is None or d.kind in _AT_REST:
        return None
    steps = run.scenario.data.get("script", [])
    line = steps.line_of(len(steps) - 1) if steps else None
    who = run.game.state.players[d.player].name
    return Outcome("the script leaves no decision unanswered", "none",
                   f"{who} must still answer {d.prompt!r}", False, line, "end of script")


_AT_REST = {DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS}  # nothing half done (CR 117, 508.1, 509.1)


def position(game) -> list[str]:
    """The final position in words: the board, then each player's hand, graveyard and exile."""
    s = game.current_state()
    lines = game.describe().splitlines()
    for p in s.players:
        for zone in (HAND, GRAVEYARD, EXILE):
            names = [s.objs[i].card.name for i in p.zone(zone)]
            if names or zone == HAND:
                lines.append(f"{p.name}'s {zone}: {', '.join(names) or '-'}")
    return lines


def show(report: dict, console: Console, quiet: bool,
         rule_text: Callable[[str], str | None] | None = None) -> None:
    title = report["name"] or report["file"]
    console.rule(f"[bold]{escape(title)}[/bold]  ({escape(report['file'])})")
    for name, sentences in report["partial"].items():
        console.print(f"[bold yellow]WARNING[/bold yellow] {escape(name)} is read only in part; not read: "
                      + "; ".join(f"{escape(repr(x))}" for x in sentences))
    if not quiet:
        for item in report["log"]:
            console.print(render(item), highlight=False)
            if rule_text is None:
                continue
            for number in item.get("rules", ()):
                text = rule_text(number) or "not in the rules text in use"
                console.print(f"      [dim]CR {escape(number)}: {escape(text)}[/dim]", highlight=False)
    for e in report["expectations"]:
        mark = "[green]PASS[/green]" if e["passed"] else "[red]FAIL[/red]"
        text = f"{mark} {escape(e['what'])} = {escape(_show(e['expected']))}"
        if not e["passed"]:
            text += f"  [red](actual: {escape(_show(e['actual']))})[/red]"
        elif e["relies_on_partial"]:
            text += f"  [yellow](depends on partly read {escape(', '.join(e['relies_on_partial']))})[/yellow]"
        console.print(text + f"  [dim](line {e['line']}, after {escape(e['after'])})[/dim]")
    if report.get("board"):
        console.print("[bold]Final position[/bold]")
        for line in report["board"]:
            console.print("  " + escape(line))
    if report["error"]:
        for message in report["error"]["message"].splitlines():
            console.print(f"[bold red]ERROR[/bold red] {escape(message)}")


def render(item: dict) -> str:
    """One narrated line: a script step, or a game event with its CR numbers."""
    if item["kind"] == "step":
        return f"[bold cyan]▶ step {item['number']}[/bold cyan] [dim](line {item['line']})[/dim] {escape(item['text'])}"
    where = f"T{item['turn']} {item['step']:<19}"
    cr = f" [dim]\\[CR {escape(', '.join(item['rules']))}][/dim]" if item["rules"] else ""
    text = escape(item["text"])
    if item["kind"] == "note":
        text = f"[italic]{text}[/italic]"
    return f"  [dim]{where}[/dim] {text}{cr}"


def _show(v) -> str:
    if isinstance(v, str):
        return v
    return json.dumps(v)
