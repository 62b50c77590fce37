"""Static abilities' effects as one record per kind (CR 604, 611.3, 613): each kind a class of
its own with only its fields, built by name through ``ir.static_effect``, read by class through
``characteristics.static_effects``; and the records resolved effects leave for a player
(CR 611.2), which share one base and survive a save."""
from __future__ import annotations

import dataclasses

import pytest

from manastack import Game
from manastack.engine import characteristics as ch, events, support
from manastack.engine.effect_records import LifeCantChange, PlayerKeywords, PlayerProtection, PlayerRule
from manastack.oracle import ir

from . import game_helpers


def test_every_supported_kind_has_its_record_and_each_record_names_its_kind():
    assert set(support.STATIC_KINDS) == set(ir.STATIC_EFFECTS)
    for kind, cls in ir.STATIC_EFFECTS.items():
        assert cls.kind == kind and issubclass(cls, ir.StaticEffect)
        assert dataclasses.fields(cls)[:2] == dataclasses.fields(ir.StaticEffect)


def test_a_kind_or_field_the_records_lack_is_refused_by_name():
    with pytest.raises(TypeError, match="'cant_fly'"):
        ir.static_effect("cant_fly", "self")
    with pytest.raises(TypeError, match="power"):
        ir.static_effect("cant_block", "self", power=1)


def test_real_cards_compile_to_the_records_of_their_kinds(db):
    """Glorious Anthem's "+1/+1", Pacifism's "can't attack or block", Stasis's skipped untap
    step: each record holds what its kind says and nothing else."""
    [anthem] = db.get("Glorious Anthem").static_effects
    assert type(anthem) is ir.StaticModifyPT and (anthem.power, anthem.toughness, anthem.count) == (1, 1, None)
    assert anthem.affected == ir.Filter(types=("Creature",), controller="you")
    pacifism = db.get("Pacifism").static_effects
    assert [type(e) for e in pacifism] == [ir.StaticCantAttack, ir.StaticCantBlock]
    assert all([f.name for f in dataclasses.fields(e)] == ["affected", "condition"] for e in pacifism)
    [stasis] = db.get("Stasis").static_effects
    assert stasis == ir.StaticSkipStep("each_player", step="untap")
    assert not hasattr(stasis, "power")


def test_static_effects_are_found_by_their_class(db):
    """Pacifism on Bob's Grizzly Bears: its "can't block" is found by class, with its source,
    and stops the Bears blocking (CR 509.1b); nothing of another class is found."""
    g = game_helpers.board(db, """
  - name: Alice
  - name: Bob
    battlefield: [Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}]
""")
    s = g.state
    [(src, eff)] = list(ch.static_effects(s, ir.StaticCantBlock))
    assert src.card.name == "Pacifism" and type(eff) is ir.StaticCantBlock
    assert list(ch.static_effects(s, ir.StaticSkipStep)) == []


def test_player_records_share_one_base_and_survive_a_save(db):
    """A player's protection, shroud and fixed life total (Teferi's Protection, CR 702.16b,
    702.18a, 119.7) are PlayerRules; a save names each by class and its fields by name."""
    g = game_helpers.board(db, """
  - name: Alice
  - name: Bob
""")
    s = g.state
    alice_next = events.next_turn_of(0)
    made = [PlayerProtection("p0", alice_next, s.new_timestamp(), "Teferi's Protection", protection=("everything",)),
            PlayerKeywords("p1", ir.Duration.END_OF_TURN, s.new_timestamp(), "Gilded Light", keywords=("shroud",)),
            LifeCantChange("p0", alice_next, s.new_timestamp(), "Teferi's Protection")]
    assert all(isinstance(e, PlayerRule) for e in made)
    s.effects.extend(made)
    g = Game.from_state(s, db)
    loaded = Game.from_json(g.to_json(), db)
    assert [e for e in loaded.state.effects if isinstance(e, PlayerRule)] == made
