"""The judge, the rules and the replays as the web table serves them: plain data from what
``manastack judge`` and ``manastack rules`` already compute (:func:`manastack.scenario.cli.judge_one`,
:mod:`manastack.rules`), and replays of games step by step. No web server here."""
from __future__ import annotations

import secrets
import tempfile
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from manastack.agents import AgentSpecError, parse_agent
from manastack.cards import CardDB, CardError
from manastack.decks import DeckError
from manastack.engine.commanders import COMMANDER
from manastack.game import FORMATS, MAX_SEED, MIN_SEED, Game, SaveError
from manastack.limits import MAX_SCENARIO_BYTES
from manastack.rules import RulesError, load_rules, open_search
from manastack.rules.engine_links import scenario_dir, scenarios_for, sites_for
from manastack.scenario import Scenario, ScenarioError, ScenarioErrors
from manastack.scenario.cli import judge_one

from . import present
from .tables import SEATS, deck_choices

MAX_REPLAY_STEPS = 5_000          # actions recorded in one replay
MAX_REPLAYS = 16                  # replays kept; the oldest goes first
MAX_QUERY_CHARS = 300             # a rules search
MAX_HITS = 25
MAX_LISTED = 50                   # code sites and scenarios listed under a rule


class ServiceError(ValueError):
    """A request refused, with the reason in words."""


# ----------------------------------------------------------------------------- judge


def scenario_names() -> list[str]:
    """The bundled scenario files (the project's ``scenarios/``, not those needing the corpus)."""
    return sorted(p.stem for p in scenario_dir().glob("*.yaml"))


def scenario_text(name: str) -> str:
    """A bundled scenario's YAML by its name in :func:`scenario_names` (never a path)."""
    if name not in scenario_names():
        raise ServiceError(f"no bundled scenario {name[:80]!r}")
    return (scenario_dir() / f"{name}.yaml").read_text(encoding="utf-8")


def _errors(exc: ScenarioError) -> list[dict[str, Any]]:
    errors = exc.errors if isinstance(exc, ScenarioErrors) else [exc]
    return [{"line": e.line, "step": e.step, "reason": e.reason} for e in errors]


def check_scenario(text: str) -> dict[str, Any]:
    """The schema, card-name and board errors of a scenario's YAML, each with its line."""
    _bounded(text)
    try:
        Scenario.from_text(text, "scenario")
    except ScenarioError as exc:
        return {"ok": False, "errors": _errors(exc)}
    return {"ok": True, "errors": []}


def judge_text(text: str) -> dict[str, Any]:
    """``manastack judge`` on the YAML ``text``: its report (status, narrated log with CR
    numbers, each expectation PASS or FAIL), with every error's line."""
    _bounded(text)
    with tempfile.TemporaryDirectory(prefix="manastack-judge-") as folder:
        path = Path(folder) / "scenario.yaml"
        path.write_text(text, encoding="utf-8")
        report = judge_one(path)
    report["file"] = "scenario"
    report["cards"] = _scenario_cards(text)
    if report.get("error"):
        err = report["error"]
        err["message"] = err.get("message", "").replace(str(path), "scenario")
        err["file"] = "scenario"
        err["errors"] = [{"line": e.get("line"), "step": e.get("step"), "reason": e.get("reason")}
                         for e in err.get("errors", [err])]
    return report


def _scenario_cards(text: str) -> list[dict[str, Any]]:
    """The printed facts of each card the scenario puts in the game, for card text on hover in
    its narrated log (a scenario hides nothing from the one who wrote it); none when it can't
    be read, which its report says."""
    try:
        state = Scenario.from_text(text, "scenario").state
    except ScenarioError:
        return []
    seen: dict[str, dict[str, Any]] = {}
    for o in state.objs.values():
        if o.card.name not in seen and not o.is_token:
            seen[o.card.name] = {"name": o.card.name} | present.card_facts(o)
    return list(seen.values())


def _bounded(text: str) -> None:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO_BYTES:
        raise ServiceError(f"a scenario is at most {MAX_SCENARIO_BYTES:,} bytes")


# ----------------------------------------------------------------------------- rules


@lru_cache(maxsize=1)
def _doc():
    return load_rules()


@lru_cache(maxsize=1)
def _search():
    return open_search(_doc())


def rules_doc():
    """The Comprehensive Rules text in use; :class:`ServiceError` when none is found."""
    try:
        return _doc()
    except (RulesError, OSError) as exc:
        raise ServiceError(f"the rules text can't be read: {str(exc)[:300]}") from None


def search_rules(query: str, n: int = 10) -> dict[str, Any]:
    """The rules search (rules, glossary, card rulings) as ``manastack rules search --json``."""
    if not query.strip() or len(query) > MAX_QUERY_CHARS:
        raise ServiceError(f"a search is 1 to {MAX_QUERY_CHARS} characters")
    doc = rules_doc()
    try:
        hits = _search().search(query, max(1, min(n, MAX_HITS)))
    except (RulesError, CardError) as exc:
        raise ServiceError(str(exc)[:300]) from None
    return {"query": query, "rules": doc.effective, "results": [h.to_json() for h in hits]}


def _rule_json(rule) -> dict[str, Any]:
    return {"number": rule.number, "text": rule.text, "examples": list(rule.examples),
            "subrules": [_rule_json(r) for r in rule.subrules]}


def show_rule(number: str) -> dict[str, Any]:
    """A rule with its subrules, the rules it refers to, where the engine applies it and the
    scenarios that check it (as ``manastack rules show --json``)."""
    doc = rules_doc()
    rule = doc.get(number.strip()[:20])
    if rule is None:
        raise ServiceError(f"no rule {number[:20]!r} in the rules of {doc.effective}")
    sites = sites_for(rule.number)
    scenarios = scenarios_for(rule.number)
    return {**_rule_json(rule), "rules": doc.effective,
            "see_also": [{"number": n, "text": doc.rules[n].text} for n in rule.see_also if n in doc.rules],
            "engine": [{"kind": s.kind.value, "rule": s.rule, "path": s.path, "line": s.line}
                       for s in sites[:MAX_LISTED]], "engine_count": len(sites),
            "scenarios": [{"rule": s.rule, "path": s.path, "name": s.name,
                           "bundled": Path(s.path).stem in scenario_names() and not s.needs_cards}
                          for s in scenarios[:MAX_LISTED]], "scenario_count": len(scenarios)}


def define(term: str) -> dict[str, Any]:
    """A glossary entry."""
    entry = rules_doc().define(term.strip()[:100])
    if entry is None:
        raise ServiceError(f"no glossary entry {term[:60]!r}")
    return {"term": entry.term, "text": entry.text, "see_also": list(entry.see_also)}


# ----------------------------------------------------------------------------- replays


class Replay:
    """A game recorded action by action: the game after each one (copies share their states,
    so each costs little), to look at from any seat's view or a spectator's."""

    def __init__(self, games: list[Game], actions: list[str], title: str) -> None:
        self.id = secrets.token_urlsafe(9)
        self.games = games
        self.actions = actions
        self.title = title
        self.seats = len(games[0].peek().players)

    def step(self, n: int, viewer: int) -> dict[str, Any]:
        if not 0 <= n < len(self.games):
            raise ServiceError(f"step {n}: the replay has steps 0 to {len(self.games) - 1}")
        game = self.games[n]
        if not present.SPECTATOR <= viewer < self.seats:
            raise ServiceError(f"seat {viewer}: -1 (spectator) to {self.seats - 1}")
        lines, length = present.log_lines(game, 0)
        return {"replay": self.id, "title": self.title, "step": n, "steps": len(self.games),
                "action": self.actions[n], "board": present.board(game, viewer), "log": lines,
                "log_length": length, "result": present.result(game)}


def _record(game: Game, agents: list, title: str) -> Replay:
    games, actions = [game.copy()], ["start"]
    while game.pending is not None and len(games) <= MAX_REPLAY_STEPS:
        d = game.pending
        action = agents[d.player].choose(game, d)
        game.push(action)
        games.append(game.copy())
        actions.append(f"{d.prompt} → {action}")
    return Replay(games, actions, title)


def replay_seed(settings: dict[str, Any], cards: CardDB | None = None) -> Replay:
    """A simulated game by its ``seed``, ``format``, ``decks`` (bundled names) and ``agents``,
    recorded; dealt from ``cards`` when given (the Commander decks need the corpus)."""
    decks, specs, seed = settings.get("decks"), settings.get("agents"), settings.get("seed")
    game_format = settings.get("format", "normal")
    if game_format not in FORMATS:
        raise ServiceError(f"format: one of {', '.join(FORMATS)}")
    allowed = deck_choices(game_format)
    if not (isinstance(decks, list) and len(decks) in SEATS and all(d in allowed for d in decks)):
        raise ServiceError(f"decks: {SEATS[0]} to {SEATS[-1]} bundled deck names ({', '.join(allowed)})")
    if not (isinstance(specs, list) and len(specs) == len(decks) and all(isinstance(a, str) and len(a) <= 100 for a in specs)):
        raise ServiceError("agents: one agent spec per seat")
    if isinstance(seed, bool) or not isinstance(seed, int) or not MIN_SEED <= seed <= MAX_SEED:
        raise ServiceError(f"seed: a whole number from {MIN_SEED} to {MAX_SEED}")
    try:
        agents = [parse_agent(s, seed + 1 + i) for i, s in enumerate(specs)]
        game = Game.new(*decks, seed=seed, history=False, format=game_format, cards=cards)
    except (AgentSpecError, DeckError, CardError, ValueError) as exc:
        hint = "start the server with manastack serve --cards FILE for the Commander decks' cards. " \
            if game_format == COMMANDER and cards is None else ""
        raise ServiceError((hint + str(exc))[:400]) from None
    return _record(game, agents, " v ".join(f"{d} ({a})" for d, a in zip(decks, specs)) + f", seed {seed}")


def replay_save(text: str | bytes, agent: str = "heuristic", cards: CardDB | None = None) -> Replay:
    """A save (``Game.to_json``), checked as ``Game.from_json`` checks it (its cards from
    ``cards`` when given), played on from its pending decision by ``agent`` on every seat,
    recorded."""
    try:
        game = Game.from_json(text, cards=cards)
        agents = [parse_agent(agent, i) for i in range(len(game.peek().players))]
    except (SaveError, AgentSpecError) as exc:
        raise ServiceError(str(exc)[:600]) from None
    return _record(game.copy(), agents, f"a save played on by {agent}")


class Replays:
    def __init__(self) -> None:
        self._replays: dict[str, Replay] = {}
        self._lock = threading.Lock()

    def add(self, replay: Replay) -> None:
        with self._lock:
            while len(self._replays) >= MAX_REPLAYS:
                self._replays.pop(next(iter(self._replays)))
            self._replays[replay.id] = replay

    def get(self, replay_id: str) -> Replay:
        replay = self._replays.get(replay_id)
        if replay is None:
            raise ServiceError("no such replay (it may have ended with the server)")
        return replay
