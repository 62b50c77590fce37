"""Helpers shared by the keyword and template tests: a scenario written inline, a board from a
scenario's players, the labels of the legal actions, and a whole game played out by random agents with the invariants checked."""
from __future__ import annotations

from manastack import Game, RandomAgent
from manastack.engine.decisions import Action, ActionKind, DecisionKind
from manastack.scenario import Scenario

from .test_random_games import check_invariants


def play(text: str, cards=None) -> Game:
    """Run a scenario written in the test (with the card database ``cards``, or the bundled
    cards); its expectations must pass."""
    run = Scenario.from_text(text, cards=cards).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in run.results if not o.passed]
    assert not failed, failed
    return run.game


def board(db, players: str, **top) -> Game:
    """A game from a scenario's ``players:`` part and top-level keys given as ``top`` (``turn=3``);
    without ``turn``, at Alice's first main phase."""
    head = "".join(f"{k}: {v}\n" for k, v in top.items())
    sc = Scenario.from_text(f"{head}players:\n{players}", cards=db)
    return Game.from_state(sc.state, sc.db)


def labels(game: Game) -> list[str]:
    return [a.label for a in game.legal_actions()]


def pick(g: Game, label: str) -> None:
    """Take the legal action whose label starts with ``label``."""
    g.push(next(a for a in g.legal_actions() if a.label.startswith(label)))


def resolve(g: Game) -> None:
    """Both players pass: the top of the stack resolves (CR 608.1)."""
    g.push(Action("pass"))
    g.push(Action("pass"))


def pass_to_end_step_trigger(g: Game) -> None:
    """Pass (answering other decisions with their last option) until the end step has something
    on the stack: an "at the beginning of the next end step" ability (CR 513.1a, 603.7)."""
    for _ in range(60):
        s = g.current_state()
        if s.step == "end" and s.stack:
            return
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    raise AssertionError("never reached the end step with something on the stack")


def cast_and_pay(g: Game, label: str, *targets: str) -> None:
    """Cast or activate (the action whose label starts with ``label``), choose each target whose
    label names one of ``targets`` (forced choices answer themselves), and pay automatically."""
    pick(g, label)
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next(a for a in g.legal_actions() if any(t in a.label for t in targets)))


def pass_until(g: Game, kind: str) -> None:
    """Both players pass priority until a decision of ``kind`` ("attackers", "blockers")."""
    while g.pending.kind != kind:
        g.push(Action("pass"))


def cast_action(g: Game, name: str) -> Action | None:
    """The legal action that casts the card named ``name``, if any."""
    s = g.current_state()
    return next((a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name), None)


def names(g: Game, player: int, zone: str) -> list[str]:
    s = g.current_state()
    return sorted(s.objs[i].card.name for i in s.players[player].zone(zone))


def on_battlefield(g: Game, name: str):
    s = g.current_state()
    return [o for o in s.objs.values() if o.zone == "battlefield" and o.card.name == name]


def stack_labels(g: Game) -> list[str]:
    return [i.label for i in g.current_state().stack]


def play_out_randomly(game: Game, seed: int, actions: int = 20_000) -> Game:
    """Random agents play ``game`` to its end; the invariants hold throughout and it ends."""
    agents = [RandomAgent(seed), RandomAgent(seed + 100)]
    for n in range(actions):
        if game.pending is None:
            break
        game.push(agents[game.pending.player].choose(game, game.pending))
        if n % 200 == 0:
            check_invariants(game)
    assert game.result is not None
    check_invariants(game)
    return game


def answer_until_stack_empty(g: Game, *labels: str, limit: int = 80) -> list[str]:
    """Pass priority and answer each other decision with the first legal action whose label
    contains the next of ``labels`` (else the first action; a payment is paid automatically),
    until the stack is empty; returns the kinds of the decisions met."""
    todo, met = list(labels), []
    for _ in range(limit):
        if g.pending.kind == DecisionKind.PRIORITY:
            if not g.current_state().stack:
                return met
            g.push(Action(ActionKind.PASS))
            continue
        met.append(g.pending.kind)
        if g.pending.kind == DecisionKind.PAY:
            g.push(Action(ActionKind.AUTOPAY))
            continue
        options = g.legal_actions()
        chosen = next((a for a in options if todo and todo[0] in a.label), None)
        if chosen is not None:
            todo.pop(0)
        g.push(chosen or options[0])
    raise AssertionError("the stack never emptied")
