"""One-shot delayed triggered abilities (CR 603.7c): they wait across saves and fire once."""
from __future__ import annotations

from pathlib import Path

from manastack import Game
from manastack.scenario import Scenario

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "cr-603-7c-delayed-next-end-step.yaml"


def _until_main2() -> Game:
    text = SCENARIO.read_text(encoding="utf-8")
    text = text.split("  - expect:\n      life:")[0].rsplit("\nexpect:", 1)[0]
    return Scenario.from_text(text).run().game


def _pass_until_stack(game: Game) -> None:
    for _ in range(20):
        if game.current_state().stack:
            return
        game.push(next(a for a in game.legal_actions() if a.kind == "pass"))


def test_a_waiting_delayed_trigger_survives_save_and_load_and_fires_once():
    game = _until_main2()
    assert [e.kind for e in game.state.effects].count("delayed_next_end") == 1
    loaded = Game.from_json(game.to_json(), cards=game.db)
    for g in (game, loaded):
        _pass_until_stack(g)
        s = g.current_state()
        assert s.step == "end"
        assert [i.label for i in s.stack] == ["Mogg Cannon's delayed ability"]
        assert not any(e.kind == "delayed_next_end" for e in s.effects)   # once (CR 603.7c)
    assert loaded.explain() == game.explain()
