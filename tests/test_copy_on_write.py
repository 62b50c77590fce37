"""Copies of a state share their objects, permanents included, and a state copies an object
only when it is about to change it (State.own). A change made through one copy must never show
in another: tapping, damage, counters, control, attachment, combat status, and pop()."""
from __future__ import annotations

import json

import pytest

from manastack import Game, RandomAgent, fuzz
from manastack.engine import combat, events
from manastack.engine.runner import Ctx
from manastack.engine.serialize import state_to_data
from manastack.engine.state import Obj

from .mana_helpers import board


def _dump(s) -> str:
    return json.dumps(state_to_data(s), sort_keys=True)


def _game():
    return board("""
  - name: Alice
    battlefield: [Forest, {card: Wild Growth, attached_to: Forest}, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Hill Giant]
""")


def _named(s, name: str):
    return next(o for o in s.permanents() if o.card.name == name)


def _both_ways(change):
    """Apply ``change(ctx, state)`` to a copy, then to the original after a second copy: each
    time the other state must be exactly as it was."""
    s = _game().current_state()
    before = _dump(s)
    c = s.copy()
    assert _named(c, "Grizzly Bears") is _named(s, "Grizzly Bears")     # shared until changed
    change(Ctx(c, []), c)
    assert _dump(s) == before, "a change made through the copy shows in the original"
    assert _dump(c) != before
    d = s.copy()
    change(Ctx(s, []), s)
    assert _dump(d) == before, "a change made through the original shows in its copy"
    return s, c


def test_tapping_a_copy_leaves_the_original_untapped():
    s, c = _both_ways(lambda ctx, st: events.tap(ctx, _named(st, "Grizzly Bears")))
    assert _named(c, "Grizzly Bears").tapped and _named(s, "Grizzly Bears").tapped
    assert _named(c, "Grizzly Bears") is not _named(s, "Grizzly Bears")
    assert _named(c, "Llanowar Elves") is _named(s, "Llanowar Elves")   # unchanged: still shared


def test_damage_and_deathtouch_stay_in_their_copy():
    def hit(ctx, st):
        events.deal_damage(ctx, [(_named(st, "Hill Giant"), _named(st, "Grizzly Bears").id, 1)])
        events.deal_damage(ctx, [(_named(st, "Grizzly Bears"), _named(st, "Hill Giant").id, 2)])
    s, c = _both_ways(hit)
    assert _named(c, "Grizzly Bears").damage == 1 and _named(c, "Hill Giant").damage == 2


def test_counters_added_and_removed_stay_in_their_copy():
    def counters(ctx, st):
        o = events.add_counters(ctx, _named(st, "Grizzly Bears"), "+1/+1", 2)
        assert o is st.objs[o.id] and o.counters == {"+1/+1": 2}
        events.remove_counters(ctx, o, "+1/+1", 1)
    s, c = _both_ways(counters)
    assert _named(c, "Grizzly Bears").counters == {"+1/+1": 1}


def test_a_change_of_control_stays_in_its_copy():
    s, c = _both_ways(lambda ctx, st: events.set_controller(ctx, _named(st, "Hill Giant"), 0, "a test"))
    assert _named(c, "Hill Giant").controller == 0


def test_unattaching_stays_in_its_copy():
    """The Forest leaves: Wild Growth, attached to it, becomes unattached (CR 704.5m) in that
    copy only."""
    s = _game().current_state()
    growth = _named(s, "Wild Growth")
    assert growth.attached_to == _named(s, "Forest").id
    before = _dump(s)
    c = s.copy()
    events.destroy(Ctx(c, []), _named(c, "Forest"))
    assert _named(c, "Wild Growth").attached_to is None
    assert _dump(s) == before and growth.attached_to == _named(s, "Forest").id


def test_leaving_combat_stays_in_its_copy():
    s = _game().current_state()
    bears = s.own(_named(s, "Grizzly Bears").id)
    bears.attacking, bears.blocked = 1, True
    before = _dump(s)
    c = s.copy()
    combat.end_combat(Ctx(c, []))
    assert _named(c, "Grizzly Bears").attacking is None and not _named(c, "Grizzly Bears").blocked
    assert _dump(s) == before


def test_a_chain_of_copies_keeps_every_generation():
    """A copy of a copy: changes at the end of the chain reach no earlier state, and a change
    made in the middle after it was copied reaches neither end."""
    a = _game().current_state()
    b = a.copy()
    events.tap(Ctx(b, []), _named(b, "Forest"))
    c = b.copy()
    first = _dump(a)
    events.add_counters(Ctx(c, []), _named(c, "Forest"), "charge", 1)
    events.untap(Ctx(b, []), _named(b, "Forest"))
    assert _dump(a) == first
    assert _named(c, "Forest").tapped and _named(c, "Forest").counters == {"charge": 1}
    assert not _named(b, "Forest").tapped and not _named(b, "Forest").counters
    assert not _named(a, "Forest").tapped


def test_own_copies_a_shared_object_once_and_a_new_one_never():
    s = _game().current_state()
    c = s.copy()
    oid = _named(c, "Grizzly Bears").id
    first = c.own(oid)
    assert first is not s.objs[oid] and c.own(oid) is first and c.objs[oid] is first
    new = Obj(c.next_id, first.card, 0, "battlefield")      # made after the copy: the copy's own
    c.objs[new.id] = new
    assert c.own(new.id) is new


def test_game_copies_and_pop_restore_exactly():
    game = _game()
    before = _dump(game.state)
    other = game.copy()
    while other.pending is not None and other.state.turn < 4:
        other.push(RandomAgent(3).choose(other, other.pending))
    assert _dump(game.state) == before
    pushed = 0
    while game.pending is not None and game.state.turn < 3:
        game.push(RandomAgent(4).choose(game, game.pending))
        pushed += 1
    assert _dump(game.state) != before
    for _ in range(pushed):
        game.pop()
    assert _dump(game.state) == before


def _kept_states_unchanged(game: Game, seed: int, most: int) -> int:
    """Play ``game`` randomly for at most ``most`` actions keeping every tenth state as a copy;
    each must still read as it did when it was current (a change in place would leak into
    older generations too, not only into the state just before). Returns the actions taken."""
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    kept = []
    n = 0
    while game.pending is not None and n < most:
        if n % 10 == 0:
            kept.append((game.copy(), _dump(game.current_state())))
        game.push(agents[game.pending.player].choose(game, game.pending))
        n += 1
    assert len(kept) > 10
    for i, (copy, dump) in enumerate(kept):
        assert _dump(copy.current_state()) == dump, f"kept state {i} (after {10 * i} actions) changed"
    return n


@pytest.mark.parametrize("seed", [2, 9])
def test_no_earlier_state_of_a_game_ever_changes(seed):
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    _kept_states_unchanged(game, seed, 100_000)
    assert game.is_over


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_no_earlier_state_of_a_corpus_game_ever_changes(corpus_db, playable, seed):
    """The same over random decks of fully supported corpus cards, whose mechanics change
    objects in many more ways than the bundled decks do."""
    assert _kept_states_unchanged(fuzz.new_game(corpus_db, playable, seed), seed, 600) > 100


def test_current_gives_the_copy_made_on_write_and_leaves_views_alone():
    """A caller may still hold the shared original of a permanent the state has copied on write
    since: State.current gives the state's copy (events.move starts from it); a view made for a
    moment (a copy of the object) stays itself."""
    s = _game().current_state()
    c = s.copy()
    original = _named(c, "Grizzly Bears")
    events.tap(Ctx(c, []), original)
    assert not original.tapped and c.current(original) is c.objs[original.id]
    assert c.current(original).tapped and s.current(original) is original
    view = original.copy()
    assert c.current(view) is view
    events.move(Ctx(c, []), original, "graveyard")
    assert original.id not in c.objs and s.objs[original.id] is original and not original.tapped
