"""``manastack judge``: play scenario files, narrate them with CR numbers, report expectations."""
from __future__ import annotations

import json
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from .errors import ScenarioError
from .scenario import Scenario

EXIT_PASS, EXIT_FAIL, EXIT_ERROR = 0, 1, 2


def judge_files(files, as_json: bool = False, quiet: bool = False,
                console: Console | None = None,
                rule_text: Callable[[str], str | None] | None = None) -> int:
    """Run each scenario file and report; returns the exit status: 0 when every expectation of
    every file passes, 1 when one fails, 2 when a file has an error. ``rule_text``
    (rule number -> its text or None), when given, prints under each log line the rules it cites."""
    console = console or Console(highlight=False)
    reports = [judge_one(f) for f in files]
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


def judge_one(path) -> dict:
    """One scenario's report as plain data."""
    report = {"file": str(path), "name": None, "status": "error", "error": None, "log": [],
              "expectations": []}
    try:
        scenario = Scenario.load(path)
        report["name"] = scenario.name
        report["cites"] = scenario.cites
        run = scenario.run()
    except ScenarioError as exc:
        report["error"] = exc.to_json() | {"message": str(exc)}
        report["log"] = exc.narrative
        return report
    except Exception as exc:  # never a traceback for a user's file
        report["error"] = {"file": str(path), "line": None, "step": None,
                           "reason": f"internal error: {type(exc).__name__}: {exc}",
                           "message": f"{path}: internal error: {type(exc).__name__}: {exc}"}
        return report
    report["log"] = run.narrative
    report["expectations"] = [r.to_json() for r in run.results]
    report["status"] = "pass" if run.passed else "fail"
    return report


def show(report: dict, console: Console, quiet: bool,
         rule_text: Callable[[str], str | None] | None = None) -> None:
    title = report["name"] or report["file"]
    console.rule(f"[bold]{escape(title)}[/bold]  ({escape(report['file'])})")
    if not quiet:
        for item in report["log"]:
            console.print(render(item), highlight=False)
            for number in item.get("rules", ()) if rule_text else ():
                text = rule_text(number) or "not in the rules text in use"
                console.print(f"      [dim]CR {escape(number)}: {escape(text)}[/dim]", highlight=False)
    for e in report["expectations"]:
        mark = "[green]PASS[/green]" if e["passed"] else "[red]FAIL[/red]"
        text = f"{mark} {escape(e['what'])} = {escape(_show(e['expected']))}"
        if not e["passed"]:
            text += f"  [red](actual: {escape(_show(e['actual']))})[/red]"
        console.print(text + f"  [dim](line {e['line']}, after {escape(e['after'])})[/dim]")
    if report["error"]:
        console.print(f"[bold red]ERROR[/bold red] {escape(report['error']['message'])}")


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
