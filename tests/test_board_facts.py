"""Answers about single permanents kept while they are the same objects (engine/board_facts.py):
a permanent changed on the event road, or one a continuous effect changes, is looked at again."""
from __future__ import annotations

from manastack.engine import board_facts, events, sba
from manastack.engine.effect_records import ModifyPT
from manastack.engine.mana.abilities import mana_sources
from manastack.engine.runner import Ctx
from manastack.engine.state import Obj
from manastack.engine.zones import BATTLEFIELD

from .mana_helpers import board


def _alice_elves():
    s = board("""
  - name: Alice
    battlefield: [Forest, Llanowar Elves, Grizzly Bears]
  - name: Bob
""").current_state()
    return s.copy()         # every object shared with a copy: none changes in place again


def test_a_permanent_found_clean_is_checked_again_once_changed():
    s = _alice_elves()
    assert sba.find(s) == []
    kept = board_facts.kept(s, sba._CLEAN_KEY)
    assert kept is not None and len(kept) == 3          # the three found clean, each as it was
    bears = next(o for o in s.permanents(0) if o.card.name == "Grizzly Bears")
    mine = s.own(bears.id)                              # a change makes a new object
    mine.damage = 2
    s.version += 1
    assert [(kind, o.id, rule) for kind, o, _why, rule in sba.find(s)] == [("die", bears.id, "704.5g")]


def test_no_answer_is_kept_while_an_effect_changes_characteristics():
    s = _alice_elves()
    assert sba.find(s) == []
    elves = next(o for o in s.permanents(0) if o.card.name == "Llanowar Elves")
    # the same object, now -1/-1 until end of turn (CR 613.4c): toughness 0 (CR 704.5f)
    s.effects.append(ModifyPT(elves.id, -1, -1, "end_of_turn", s.new_timestamp(), "Grizzly Bears"))
    assert board_facts.kept(s, sba._CLEAN_KEY) is None
    assert [(kind, o.id, rule) for kind, o, _why, rule in sba.find(s)] == [("die", elves.id, "704.5f")]


def test_a_mana_source_tapped_is_no_longer_offered():
    s = _alice_elves()
    forest = next(o for o in s.permanents(0) if o.card.name == "Forest")
    assert forest.id in {o.id for o, _i, _ab in mana_sources(s, 0)}
    events.tap(Ctx(s, []), forest, quiet=True)
    assert forest.id not in {o.id for o, _i, _ab in mana_sources(s, 0)}
    c = s.copy()                                        # the tapped Forest, shared now
    c.add_log("something happens")
    assert forest.id not in {o.id for o, _i, _ab in mana_sources(c, 0)}
    events.untap(Ctx(c, []), c.objs[forest.id], quiet=True)
    assert forest.id in {o.id for o, _i, _ab in mana_sources(c, 0)}


def test_answers_outlast_a_permanent_entering_and_the_newcomer_is_checked():
    # a permanent entering makes a new battlefield; the answers found for those already there
    # are carried over (each still read only from its object), and the newcomer is judged
    s = _alice_elves()
    assert sba.find(s) == []
    before = dict(board_facts.kept(s, sba._CLEAN_KEY))
    c = s.copy()
    bears = next(o for o in c.permanents(0) if o.card.name == "Grizzly Bears")
    new = Obj(c.next_id, bears.card, 0, BATTLEFIELD)
    new.damage = 2                                      # lethal damage (CR 704.5g)
    c.next_id += 1
    c.objs[new.id] = new
    c.battlefield = c.battlefield + (new.id,)
    c.add_log("a creature enters")
    kept = board_facts.kept(c, sba._CLEAN_KEY)
    assert kept is not None and all(kept.get(i) == was for i, was in before.items())
    assert [(kind, o.id, rule) for kind, o, _why, rule in sba.find(c)] == [("die", new.id, "704.5g")]
    forest = next(o for o in c.permanents(0) if o.card.name == "Forest")
    c.battlefield = tuple(i for i in c.battlefield if i != forest.id)
    c.add_log("a land leaves")
    assert forest.id not in board_facts.kept(c, sba._CLEAN_KEY)     # only those still there stay
