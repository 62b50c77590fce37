"""Effects of resolved spells and abilities are typed records (``engine/effect_records.py``): they
save and load field for field, delayed triggers keep their card, old saves are refused."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack import Game
from manastack.cards import default_db
from manastack.engine import effect_records as er
from manastack.engine.serialize import FORMAT, state_from_data, state_to_data

from .test_delayed_triggers import _until_main2

DB = default_db()
BASE = Game.new("gruul-stompy", "azorius-skies", seed=1).current_state()

ids = st.integers(0, 60)
until = st.sampled_from(["end_of_turn", "next_untap", "next_end_step", "next_upkeep"])
stamp = st.integers(0, 10_000)
name = st.sampled_from(["Giant Growth", "Fog", "High Tide"])
card = st.sampled_from(["High Tide", "Pale Moon", "Grizzly Bears"]).map(DB.get)
pt = st.integers(-20, 20)
records = st.one_of(
    st.builds(er.ModifyPT, ids, pt, pt, until, stamp, name),
    st.builds(er.SetPT, ids, pt, pt, until, stamp, name),
    st.builds(er.GrantKeywords, ids, st.lists(st.sampled_from(["flying", "haste", "trample"]),
                                              max_size=3).map(tuple), until, stamp, name),
    st.builds(er.BecomeCreature, ids, until, stamp, name),
    st.builds(er.AllCreatureTypes, ids, until, stamp, name),
    st.builds(er.SkipNextUntap, ids, until, stamp, name),
    st.builds(er.MayPlay, ids, until, stamp, name),
    st.builds(er.PreventionShield, st.one_of(st.none(), ids, st.sampled_from(["p0", "p1"])),
              st.integers(-1, 10), st.booleans(), until, stamp, name),
    st.builds(er.NoPrevention, st.none(), until, stamp, name),
    st.builds(er.RegenerationShield, ids, until, stamp, name),
    st.builds(er.ControlChange, ids, st.integers(0, 1), until, stamp, name),
    st.builds(er.ManaReplacementEffect, st.integers(0, 1), card, until, stamp, name),
    st.builds(er.DelayedTrigger, st.integers(0, 1), card, until, stamp, name),
    st.builds(er.OneShotDelayedTrigger, ids, st.integers(0, 1), card, st.integers(-3, -1),
              st.lists(st.lists(st.one_of(ids, st.sampled_from(["p0", "p1"])), max_size=2).map(tuple),
                       max_size=2).map(tuple), st.sampled_from(["next_end_step", "next_upkeep"]), stamp, name),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(records, max_size=6))
def test_effects_save_and_load_field_for_field(effects):
    s = BASE.copy()
    s.effects = list(effects)
    loaded = state_from_data(json.loads(json.dumps(state_to_data(s))), DB).effects
    assert [type(e) for e in loaded] == [type(e) for e in effects]
    for a, b in zip(loaded, effects):
        assert a.kind == b.kind
        for field in a.__dataclass_fields__:
            x, y = getattr(a, field), getattr(b, field)
            assert (x.face == y.face) if field == "card" else (x == y), field


def test_a_one_shot_delayed_trigger_keeps_its_card():
    game = _until_main2()
    (delayed,) = [e for e in game.state.effects if isinstance(e, er.OneShotDelayedTrigger)]
    assert delayed.card.name == "Mogg Cannon" and delayed.kind == "delayed_next_end"
    assert delayed.ability_index < 0 and delayed.until == "next_end_step"


def test_saves_of_another_format_are_refused():
    data = json.loads(Game.new("gruul-stompy", "azorius-skies", seed=1).to_json())
    data["state"]["format"] = FORMAT - 1
    with pytest.raises(ValueError, match=f"unsupported save format {FORMAT - 1}: this version reads format {FORMAT}"):
        Game.from_json(json.dumps(data))


def test_an_unknown_effect_type_is_refused_by_place():
    data = state_to_data(BASE)
    data["effects"] = [{"type": "Effect", "kind": "modify_pt"}]
    with pytest.raises(ValueError, match=r"effects\[0\]: unknown effect type 'Effect'"):
        state_from_data(data, DB)
