"""Action kinds and durations are enums (docs/architecture.md, "Types"): every answer the engine
offers is named by an :class:`ActionKind`, every record a resolved spell or ability leaves lasts
for one of the :class:`ir.Duration` values, and a member equals its string, so saves keep their
format."""
from __future__ import annotations

import json

import pytest

from manastack import Game, RandomAgent, SaveError
from manastack.engine.decisions import Action, ActionKind
from manastack.oracle.ir import Duration


def _play(game: Game, seed: int, limit: int = 1500):
    """Answer with random agents, yielding each decision before it is answered."""
    agents = [RandomAgent(seed + i) for i in range(len(game.state.players))]
    for _ in range(limit):
        d = game.pending
        if d is None:
            return
        yield d
        game.push(agents[d.player].choose(game, d))


@pytest.mark.parametrize("decks, records", [(("gruul-stompy", "azorius-skies"), True),   # records: some are made
                                            (("mono-green", "red-green", "gruul-stompy", "azorius-skies"), False)])
def test_every_offered_answer_is_an_action_kind_and_every_record_lasts_a_duration(decks, records):
    game = Game.new(*decks, seed=11)
    kinds, untils = set(), set()
    for d in _play(game, 11):
        kinds.update(type(a.kind) for a in d.options)
        # a control effect's is "<duration>:<object id>"; the compiler's durations are strings
        untils.update(e.until.partition(":")[0] for e in game.state.effects)
    assert kinds == {ActionKind}
    assert untils <= set(Duration) and (bool(untils) or not records)


def test_a_member_equals_its_string_so_actions_compare_and_save_as_before():
    assert Action(ActionKind.PASS) == Action("pass") and hash(Action(ActionKind.PASS)) == hash(Action("pass"))
    assert json.dumps(Action(ActionKind.CAST, (3,)).to_json()) == '{"kind": "cast", "args": [3], "label": ""}'
    assert type(Action.from_json({"kind": "cast", "args": [3]}).kind) is ActionKind
    assert f"{Duration.END_OF_TURN}:4" == "end_of_turn:4"


def test_a_save_naming_an_unknown_action_kind_is_refused_with_its_place():
    game = Game.new("gruul-stompy", "azorius-skies", seed=5)
    for _ in zip(range(30), _play(game, 5)):
        pass
    data = json.loads(game.to_json())
    data["answers"].append({"kind": "flourish", "args": []})
    with pytest.raises(SaveError, match=r"\$\.answers.*flourish"):
        Game.from_json(json.dumps(data))


def test_a_web_client_naming_an_unknown_action_kind_is_told_so():
    tables = pytest.importorskip("manastack.web.tables")
    assert tables.parse_action({"kind": "cast", "args": [3]}) == Action(ActionKind.CAST, (3,))
    with pytest.raises(tables.TableError, match="no action is called 'flourish'"):
        tables.parse_action({"kind": "flourish", "args": []})
