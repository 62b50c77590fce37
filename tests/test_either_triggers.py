"""Trigger conditions joined by "or" (CR 603.2): "When ~ enters or dies", "Whenever ~ attacks or
blocks", and "Whenever ~ or another creature dies" (CR 603.10a: both look back), with the
cards' rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, pass_until, pick, resolve


def triggers(db, name: str) -> list[ir.Trigger]:
    return [a.trigger for a in db.get(name).abilities if isinstance(a, ir.TriggeredAbility)]


def test_either_event_is_one_trigger_each(corpus_db):
    assert [t.event for t in triggers(corpus_db, "Crow of Dark Tidings")] == ["enters", "dies"]
    assert [t.event for t in triggers(corpus_db, "Howling Golem")] == ["attacks", "blocks"]
    assert [t.event for t in triggers(corpus_db, "Aetherwind Basker")] == ["enters", "attacks"]
    (artist,) = triggers(corpus_db, "Blood Artist")
    assert artist.event == "dies" and artist.subject.or_self and artist.subject.other
    (butcher,) = triggers(corpus_db, "Butcher of Malakir")
    assert butcher.subject.controller == "you" and butcher.subject.or_self


def test_crow_of_dark_tidings_mills_as_it_enters_and_as_it_dies(corpus_db):
    """Crow of Dark Tidings ruling (2020-11-10): it triggers on both, not one of them."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Crow of Dark Tidings]
    battlefield: [{card: Swamp, count: 3}]
    library: [Island, Island, Island, Island, Island]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""")
    cast_and_pay(g, "cast Crow of Dark Tidings")
    resolve(g)
    resolve(g)
    assert names(g, 0, "graveyard") == ["Island", "Island"]
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "Crow of Dark Tidings")
    resolve(g)
    resolve(g)
    assert names(g, 0, "graveyard") == ["Crow of Dark Tidings", "Island", "Island", "Island", "Island"]


def test_aetherwind_basker_gets_energy_as_it_enters_and_as_it_attacks(corpus_db):
    """Aetherwind Basker ruling (2017-02-09): both events trigger it; {E} for each creature you
    control as the ability resolves."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Aetherwind Basker]
    battlefield: [{card: Forest, count: 7}, Grizzly Bears]
  - name: Bob
""")
    cast_and_pay(g, "cast Aetherwind Basker")
    resolve(g)
    resolve(g)
    assert g.current_state().players[0].energy == 2
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Aetherwind Basker, Grizzly Bears, Llanowar Elves]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Aetherwind Basker")
    pick(g, "no more attackers")
    resolve(g)
    assert g.current_state().players[0].energy == 3


def test_blood_artist_triggers_for_itself_and_each_creature_dying_with_it(corpus_db):
    """Blood Artist ruling (2016-06-08): dying at the same time as other creatures, it triggers
    for each of them and for itself (CR 603.10a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Day of Judgment]
    battlefield: [{card: Plains, count: 4}, Blood Artist, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    cast_and_pay(g, "cast Day of Judgment")
    resolve(g)
    assert g.pending.kind == "order_triggers"          # CR 603.3b: one for each creature
    assert sorted(a.label for a in g.legal_actions() if a.label.startswith("put Blood Artist's")) == [
        f"put Blood Artist's ability ({who} leaving the battlefield) on the stack next"
        for who in ("Blood Artist", "Grizzly Bears", "Hill Giant")]


def test_butcher_of_malakir_sees_only_creatures_you_control(corpus_db):
    """Butcher of Malakir ruling (2010-03-01): it and other creatures of its controller dying
    together trigger it once each; an opponent's creature doesn't."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Day of Judgment]
    battlefield: [{card: Plains, count: 4}, Butcher of Malakir, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, Llanowar Elves]
""")
    cast_and_pay(g, "cast Day of Judgment")
    resolve(g)
    assert g.pending.kind == "order_triggers"
    assert sorted(a.label for a in g.legal_actions() if a.label.startswith("put Butcher")) == [
        f"put Butcher of Malakir's ability ({who} leaving the battlefield) on the stack next"
        for who in ("Butcher of Malakir", "Grizzly Bears")]
