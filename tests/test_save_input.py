"""Saves are checked before they are decoded: a JSON Schema for their shape, then the states no
game reaches; each refusal names the JSON path, and nothing of a save is set by name."""
from __future__ import annotations

import copy
import json
from dataclasses import fields
from importlib.resources import files

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack import Game, RandomAgent, SaveError
from manastack.engine.event_types import EventKind, Seen
from manastack.engine.save_check import _records_ok
from manastack.engine.state import Obj, PendingTrigger, Player, StackItem
from manastack.limits import json_depth_ok


@pytest.fixture(scope="module")
def save() -> dict:
    """A game in its second turn, with cards in every public zone."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=4)
    agents = [RandomAgent(1), RandomAgent(2)]
    while game.pending is not None and game.state.turn < 4:
        game.push(agents[game.pending.player].choose(game, game.pending))
    return game.to_data()


def refused(data, where: str, words: str = "") -> str:
    with pytest.raises(SaveError) as err:
        Game.from_json(json.dumps(data))
    message = str(err.value)
    assert message.startswith(where), message
    assert words in message and "\n" not in message
    return message


def changed(save, change) -> dict:
    data = copy.deepcopy(save)
    change(data["state"])
    return data


def test_a_good_save_loads(save):
    assert Game.from_json(json.dumps(save)).to_data() == save


def test_a_good_save_passes_the_fast_checks(save):
    """The hand-written record checks must know every field a save has, or every load would
    fall back to the slow full schema check."""
    assert _records_ok(json.loads(json.dumps(save)))


def test_missing_keys_and_wrong_types_name_the_path(save):
    refused(changed(save, lambda s: s.pop("objects")), "$.state", "'objects' is a required property")
    refused(changed(save, lambda s: s["scalars"].update(turn="three")), "$.state.scalars.turn", "'three'")
    refused(changed(save, lambda s: s["players"][1].update(life="x")), "$.state.players[1].life")
    refused(changed(save, lambda s: s["scalars"].update(active=7)), "$.state.scalars.active", "7")
    refused({"state": save["state"]}, "$", "'answers' is a required property")


def test_log_entries_object_records_and_id_lists_name_the_path(save):
    """These are checked by hand before the schema (they are most of a save): every kind of
    wrong value is still refused with its place."""
    refused(changed(save, lambda s: s["log"][3].__setitem__(3, ["x" * 21])), "$.state.log[3][3][0]")
    refused(changed(save, lambda s: s["log"][0].__setitem__(0, -1)), "$.state.log[0][0]")
    refused(changed(save, lambda s: s["log"][1].pop()), "$.state.log[1]", "is too short")
    refused(changed(save, lambda s: s["log"][2].__setitem__(2, {"text": "x"})), "$.state.log[2][2]")
    refused(changed(save, lambda s: s["objects"][2].update(zone=["hand"])), "$.state.objects[2].zone")
    refused(changed(save, lambda s: s["objects"][0].update(owner=True)), "$.state.objects[0].owner")
    refused(changed(save, lambda s: s["objects"][1].update(colour="red")), "$.state.objects[1]", "colour")
    refused(changed(save, lambda s: s["objects"][1]["counters"].update(p1=-2)), "$.state.objects[1].counters.p1")
    refused(changed(save, lambda s: s["players"][0]["hand"].append(0)), "$.state.players[0].hand[")
    refused(changed(save, lambda s: s["battlefield"].append("7")), "$.state.battlefield[")


def test_who_has_priority_is_named_at_a_priority_stage(save):
    refused(changed(save, lambda s: s["scalars"].update(priority=None)), "$.state.scalars.priority")


def test_the_type_of_restricted_mana_is_checked(save):
    refused(changed(save, lambda s: s["players"][0].update(special_mana=[["Q", "x", {"ir": "SpendRule"}]])),
            "$.state.players[0].special_mana[0][0]")


def test_one_player_is_refused(save):
    refused(changed(save, lambda s: s["players"].pop()), "$.state.players")


def test_an_unknown_step_is_refused(save):
    refused(changed(save, lambda s: s["scalars"].update(step="brunch")), "$.state.scalars.step", "unknown step")


def test_an_unknown_stage_is_refused(save):
    refused(changed(save, lambda s: s["stage"].__setitem__(0, None)), "$.state.stage[0]", "not one of")
    refused(changed(save, lambda s: s["stage"].__setitem__(0, "brunch")), "$.state.stage[0]", "'brunch'")


def test_a_trigger_view_with_an_unknown_field_is_refused(save):
    def add(s):
        s["pending_triggers"].append({"source": 1, "card": next(iter(s["cards"])), "ability_index": 0,
                                      "controller": 0, "event": {"kind": "draw", "colour": 3}, "count": 1,
                                      "why": "", "label": "x"})
    refused(changed(save, add), "$.state.pending_triggers[0].event", "colour")


def test_a_trigger_view_with_an_unknown_event_kind_is_refused(save):
    def add(s):
        s["pending_triggers"].append({"source": 1, "card": next(iter(s["cards"])), "ability_index": 0,
                                      "controller": 0, "event": {"kind": "brunch"}, "count": 1,
                                      "why": "", "label": "x"})
    refused(changed(save, add), "$.state.pending_triggers[0].event.kind", "unknown event kind 'brunch'")


def test_a_trigger_views_event_kind_loads_as_its_member_and_saves_as_its_name():
    """A save names the kind of occurrence a trigger saw by its value; loaded, it is the
    EventKind member (compared by identity); an older save's "" for none loads as none."""
    seen = Seen.from_data(json.loads(json.dumps(Seen(EventKind.GAIN_LIFE, player=1, amount=3).to_data())), "x")
    assert seen.kind is EventKind.GAIN_LIFE and seen == Seen(EventKind.GAIN_LIFE, player=1, amount=3)
    assert json.dumps(seen.to_data()) == '{"kind": "gain_life", "player": 1, "amount": 3}'
    assert Seen.from_data({"kind": "", "obj": 4}, "x") == Seen(obj=4)
    assert "kind" not in Seen(obj=4).to_data()


def test_next_id_not_above_every_id_is_refused(save):
    refused(changed(save, lambda s: s["scalars"].update(next_id=1)), "$.state.scalars.next_id",
            "is not above the largest object id")


def test_an_object_in_two_zones_is_refused(save):
    def twice(s):
        s["players"][0]["hand"].append(s["players"][0]["library"][0])
    refused(changed(save, twice), "$.state.players[0].hand", "is also at $.state.players[0].library[0]")


def test_a_card_listed_twice_in_one_zone_is_refused(save):
    def twice(s):
        s["players"][0]["library"].append(s["players"][0]["library"][0])
    refused(changed(save, twice), "$.state.players[0].library", "is also at $.state.players[0].library[0]")


def test_a_zone_mismatch_is_refused(save):
    def swap(s):
        s["players"][0]["library"].append(s["players"][1]["library"].pop())
    refused(changed(save, swap), "$.state.players[0].library", "is listed in player 0's library but is in player 1's")


def test_an_id_that_is_no_object_is_refused(save):
    refused(changed(save, lambda s: s["battlefield"].append(99999)), "$.state.battlefield", "id 99999 is no saved object")


def test_an_object_in_no_zone_is_refused(save):
    refused(changed(save, lambda s: s["players"][1]["library"].pop()), "$.state.objects", "is in no zone list")


def test_duplicate_object_ids_are_refused(save):
    def dup(s):
        s["objects"].append(dict(s["objects"][0]))
    refused(changed(save, dup), "$.state.objects", "is also the id of")


def test_scalars_cannot_set_other_attributes(save):
    refused(changed(save, lambda s: s["scalars"].update(db=None)), "$.state.scalars", "'db'")


def test_ir_is_decoded_only_from_the_table_of_allowed_classes(save):
    def evil(s):
        s["players"][0]["special_mana"] = [["G", "Evil", {"ir": "Destroy", "what": None}]]
    refused(changed(save, evil), "$.state", "may hold only SpendRule, Filter")


def test_bad_json_and_deep_nesting_are_refused():
    with pytest.raises(SaveError, match=r"^\$: not valid JSON"):
        Game.from_json("{")
    with pytest.raises(SaveError, match="nested deeper than"):
        Game.from_json("[" * 100_000 + "]" * 100_000)


_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.integers(), st.text(max_size=5),
                  st.just([]), st.just({}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_one_field_replaced_gives_a_game_or_a_save_error(save, data):
    """Replace one value anywhere in the save by another: loading gives a game or SaveError."""
    doc = copy.deepcopy(save)
    node, path = doc, []
    for _ in range(data.draw(st.integers(1, 6))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if not isinstance(node[key], (dict, list)) or data.draw(st.booleans()):
            node[key] = data.draw(_leaf)
            break
        node, path = node[key], path + [key]
    try:
        game = Game.from_json(json.dumps(doc))
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("$")
        return
    game.legal_actions()


def test_depth_is_counted_outside_strings_whatever_they_escape():
    """Brackets in strings don't count, and a string ending in an escape (a newline, a non-ASCII
    letter written as \\uXXXX) still ends at its quote: the brackets after it count."""
    def nested(n):
        return [nested(n - 1)] if n else []
    assert json_depth_ok(json.dumps(["[[[[" * 50, "\\\"{"]))
    assert not json_depth_ok(json.dumps(["line\n", nested(70)]))
    assert not json_depth_ok(json.dumps(["caf\u00e9", nested(70)]))
    assert json_depth_ok(json.dumps(["caf\u00e9\\", nested(60)]))
    with pytest.raises(SaveError, match="nested deeper than"):
        Game.from_json(json.dumps({"state": {"log": ["end\n", nested(70)]}, "answers": []}))


@pytest.mark.parametrize("record, cls", [("seen", Seen), ("object_record", Obj), ("player_record", Player),
                                         ("stack_item", StackItem), ("pending_trigger", PendingTrigger)])
def test_the_schema_names_every_saved_field_of_each_record(record, cls):
    """A field added to a record and not to the schema would make every save holding it
    unloadable (a trigger that saw the tokens it created once was)."""
    schema = json.loads(files("manastack.engine").joinpath("save.schema.json").read_text())
    saved = {f.name for f in fields(cls)} if cls is Seen else set(cls.__slots__)
    assert set(schema["$defs"][record]["properties"]) == saved


@pytest.mark.parametrize("where", [("players", 0, "commander_left"), ("players", 1, "hand"), ("phased_out",),
                                   ("battlefield",)])
def test_every_list_of_ids_is_checked(save, where):
    """Each field the schema types as a list of ids, the fast check's included, refuses a value
    that is no list with its place, instead of failing as the game is rebuilt."""
    doc = copy.deepcopy(save)
    node = doc["state"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = None
    path = "$.state" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in where)
    refused(doc, path, "is not of type 'array'")
