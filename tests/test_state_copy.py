"""Copying a state copies every field (a field left out would leak between games)."""
from __future__ import annotations

from manastack import Game
from manastack.engine.state import SHARED_ZONES, Obj, Player, State


def test_obj_copy_copies_every_slot():
    game = Game.new("gruul-stompy", "azorius-skies", seed=1)
    o = next(iter(game.state.objs.values())).copy()
    for i, name in enumerate(Obj.__slots__):
        if name not in ("card",):
            setattr(o, name, {"+1/+1": i} if name == "counters" else f"value-{i}")
    c = o.copy()
    for name in Obj.__slots__:
        assert getattr(c, name) == getattr(o, name), name
    assert c.counters is not o.counters


def test_state_copy_shares_no_mutable_part():
    game = Game.new("gruul-stompy", "azorius-skies", seed=1)
    s = game.state
    c = s.copy()
    # State.copy spells out every slot: one it leaves out is unset on the copy (a slot is
    # always in dir(), so only reading it tells)
    assert [name for name in State.__slots__ if not hasattr(c, name)] == []
    for p, q in zip(s.players, c.players):
        assert p is not q
        for name in ("library", "hand", "graveyard", "exile", "pool"):
            assert getattr(p, name) == getattr(q, name) and getattr(p, name) is not getattr(q, name)
    # objects that may change (permanents, the stack) are copied; the rest are shared, since
    # they never change in place (tests/test_states_unchanged.py)
    assert all((s.objs[k] is c.objs[k]) == (o.zone in SHARED_ZONES) for k, o in s.objs.items())
    assert c.stack is not s.stack
    assert isinstance(c.battlefield, tuple)  # immutable: replaced, never changed, so shared
    assert [name for q in c.players for name in Player.__slots__ if not hasattr(q, name)] == []


def test_a_slot_left_out_of_a_copy_is_found():
    """The check above sees a slot a copy leaves unset."""
    s = Game.new("gruul-stompy", "azorius-skies", seed=1).state.copy()
    del s.version
    assert [name for name in State.__slots__ if not hasattr(s, name)] == ["version"]


def test_player_copy_copies_every_slot():
    p = Player(0, "Alice")
    for i, name in enumerate(Player.__slots__):
        setattr(p, name, [i] if name in ("library", "hand", "graveyard", "exile") else
                {"G": i} if name == "pool" else f"value-{i}")
    c = p.copy()
    for name in Player.__slots__:
        assert getattr(c, name) == getattr(p, name), name
    assert c.library is not p.library and c.pool is not p.pool
