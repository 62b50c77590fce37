"""Facts about a moment of a game are cached against the state's version (State.facts): every
change starts a new record, copies share one until either changes, and the answers are the
ones found from scratch."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.engine import events, sba
from manastack.engine.mana.abilities import _every_source_pays, can_afford, mana_sources, plan_payment
from manastack.engine.runner import Ctx
from manastack.engine.costs.spell_costs import total_cost
from manastack.engine.turn import priority_actions
from manastack.mana import ManaCost

from .game_helpers import board as game_board
from .mana_helpers import board


def _alice_forests():
    return board("""
  - name: Alice
    battlefield: [Forest, Forest, Llanowar Elves]
  - name: Bob
""")


def test_a_change_on_the_event_road_starts_new_facts():
    s = _alice_forests().current_state()
    forest = next(o for o in s.permanents(0) if o.card.name == "Forest")
    assert forest.id in {o.id for o, _i, _ab in mana_sources(s, 0)}
    assert can_afford(s, 0, ManaCost.parse("{G}{G}"))
    version = s.version
    events.tap(Ctx(s, []), forest, quiet=True)      # no log line, still a change
    assert s.version > version
    assert forest.id not in {o.id for o, _i, _ab in mana_sources(s, 0)}
    events.untap(Ctx(s, []), forest, quiet=True)
    assert forest.id in {o.id for o, _i, _ab in mana_sources(s, 0)}


def test_copies_share_facts_until_one_changes():
    s = _alice_forests().current_state()
    mana_sources(s, 0)
    c = s.copy()
    assert c.facts() is s.facts()
    c.add_log("something happens")
    assert c.facts() is not s.facts()
    assert ("mana_sources", 0) in s.facts()       # the original keeps what it found


def test_a_snapshot_starts_without_facts():
    g = _alice_forests()
    s = g.current_state()
    mana_sources(s, 0)
    snap = s.snapshot()
    assert snap.facts_cache is None
    forest = next(o for o in snap.permanents(0) if o.card.name == "Forest")
    forest.tapped = True                            # changed by hand, not on the event road
    assert forest.id not in {o.id for o, _i, _ab in mana_sources(snap, 0)}


def test_objects_in_facts_are_the_copys_own():
    """Facts hold ids: each state reads its own objects from them, also once a shared object
    was copied on write (State.own) without a new version."""
    s = _alice_forests().current_state()
    mana_sources(s, 0)
    c = s.copy()
    for o, _i, _ab in mana_sources(c, 0):
        c.own(o.id)
    for o, _i, _ab in mana_sources(c, 0):
        assert c.objs[o.id] is o and s.objs[o.id] is not o
    for o, _i, _ab in mana_sources(s, 0):
        assert s.objs[o.id] is o and c.objs[o.id] is not o


@pytest.mark.parametrize("seed", [1, 2])
def test_priority_actions_are_those_found_from_scratch(seed):
    """At every priority decision of random games, the actions offered (with facts carried over
    from earlier states) are those a snapshot without any facts gives."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 5)]
    compared = 0
    for _ in range(700):
        if game.pending is None:
            break
        if game.pending.kind == "priority":
            fresh = priority_actions(game.current_state(), game.pending.player)
            assert list(game.legal_actions()) == fresh
            compared += 1
        game.push(agents[game.pending.player].choose(game, game.pending))
    assert compared > 100


@pytest.mark.parametrize("seed", [3, 4])
def test_the_quick_yes_is_never_wrong(seed):
    """When the first way of every plain source pays a spell's cost, the payment search finds a
    payment too (CR 601.2g-h)."""
    game = Game.new("mono-green", "red-green", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 9)]
    yes = 0
    for _ in range(600):
        if game.pending is None:
            break
        s = game.current_state()
        player = game.pending.player
        for oid in s.players[player].hand:
            o = s.objs[oid]
            cost, _why = total_cost(s, player, o)
            if _every_source_pays(s, player, cost, None, None):
                yes += 1
                assert plan_payment(s, player, cost) is not None, o.card.name
        game.push(agents[player].choose(game, game.pending))
    assert yes > 20


def test_deathtouch_marks_are_forgotten_once_per_version_in_every_copy(db):
    # CR 704.5h looks back only to the last check: the mark of deathtouch damage on an
    # indestructible creature (CR 702.12b) is forgotten when a player next gets priority
    s = game_board(db, """
  - name: Alice
    battlefield: [Darksteel Myr]
  - name: Bob
    battlefield: [Typhoid Rats]
""").current_state()
    myr = next(o for o in s.permanents(0) if o.card.name == "Darksteel Myr")
    rats = next(o for o in s.permanents(1) if o.card.name == "Typhoid Rats")
    events.deal_damage(Ctx(s, []), [(rats, myr.id, 1)])
    assert s.objs[myr.id].deathtouched and s.objs[myr.id].zone == "battlefield"
    assert sba.none_apply(s)                        # indestructible: no action applies
    c = s.copy()                                    # shares the record of this version
    sba.forget_deathtouch(c)
    assert not c.objs[myr.id].deathtouched
    assert s.objs[myr.id].deathtouched              # copy on write: the original keeps its mark
    sba.forget_deathtouch(s)                        # the copy's look is not taken for its own
    assert not s.objs[myr.id].deathtouched
    version = s.version
    sba.forget_deathtouch(s)                        # nothing left: nothing changes
    assert s.version == version
