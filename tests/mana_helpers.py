"""Small helpers for the mana tests: a board from a few lines of scenario YAML, and ways to
tap, cast and read the pool through the public Game API."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.game import Game
from manastack.scenario import Scenario


def board(players_yaml: str, **top) -> Game:
    """A game at Alice's first main phase (unless ``top`` says otherwise) from the ``players:``
    part of a scenario."""
    head = "".join(f"{k}: {v}\n" for k, v in top.items())
    sc = Scenario.from_text(f"{head}players:\n{players_yaml}")
    return Game.from_state(sc.state, sc.db)


def obj(game: Game, name: str, player: int | None = None):
    s = game.current_state()
    found = [o for o in s.objs.values() if o.card.name == name and o.zone == "battlefield"
             and (player is None or o.controller == player)]
    assert found, f"no {name} on the battlefield"
    return found[0]


def mana_actions(game: Game, name: str) -> list[Action]:
    o = obj(game, name)
    return [a for a in game.legal_actions() if a.kind == "mana" and a.args[0] == o.id]


def tap_for_mana(game: Game, name: str, *choices: str) -> None:
    """Activate ``name``'s mana ability from priority, answering choices in order."""
    acts = mana_actions(game, name)
    assert acts, f"{name} has no mana ability to activate now: {[str(a) for a in game.legal_actions()]}"
    game.push(acts[0])
    answer(game, *choices)


def answer(game: Game, *choices: str) -> None:
    """Answer mana, color and replacement-order decisions by label or first argument."""
    todo = list(choices)
    while todo and game.pending is not None and game.pending.kind in ("choose_mana", "choose_color",
                                                                     "replacement_order", "tap_cost"):
        want = todo.pop(0)
        pick = [a for a in game.legal_actions()
                if a.label.startswith(want) or (a.args and str(a.args[0]) == want)]
        assert pick, f"{want!r} not among {[a.label for a in game.legal_actions()]}"
        game.push(pick[0])


def pool(game: Game, player: int = 0) -> dict:
    return {t: n for t, n in game.current_state().players[player].pool.items() if n}


def cast(game: Game, name: str, x: int | None = None) -> None:
    s = game.current_state()
    acts = [a for a in game.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name]
    assert acts, f"can't cast {name}: {[str(a) for a in game.legal_actions()]}"
    game.push(acts[0])
    if x is not None and game.pending.kind == "x":
        game.push(Action("x", (x,)))


def log_text(game: Game) -> str:
    return game.explain()
