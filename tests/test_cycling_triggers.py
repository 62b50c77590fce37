"""Abilities that trigger on cycling (CR 702.29c-d) and on discarding (CR 701.9a), with the
cards' rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, resolve, stack_labels


def trigger(db, name: str) -> ir.Trigger:
    return next(a.trigger for a in db.get(name).abilities if isinstance(a, ir.TriggeredAbility))


def test_cycling_trigger_conditions(corpus_db):
    assert trigger(corpus_db, "Avian Oddity") == ir.Trigger("cycled")
    assert trigger(corpus_db, "Drannith Healer") == ir.Trigger("cycles", "you")
    assert trigger(corpus_db, "Fleeting Aven") == ir.Trigger("cycles", "each")
    # CR 702.29d: "cycle or discard" is "discard" (cycling discards the card)
    assert trigger(corpus_db, "Archfiend of Ifnir") == ir.Trigger("discards", "you")
    assert trigger(corpus_db, "Abyssal Nocturnus") == ir.Trigger("discards", "opponent")
    assert [a.trigger.event for a in corpus_db.get("Bant Sojourners").abilities
            if isinstance(a, ir.TriggeredAbility)] == ["cycled", "dies"]


def test_avian_oddity_triggers_from_the_graveyard_before_the_draw(corpus_db):
    """Avian Oddity rulings (2020-04-17): the trigger resolves before the cycling draw; CR
    702.29c: it triggers from the zone the card went to."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Avian Oddity]
    battlefield: [{card: Island, count: 3}, Grizzly Bears]
    library: [Forest]
  - name: Bob
""")
    cast_and_pay(g, "activate Avian Oddity", "Grizzly Bears")
    assert stack_labels(g) == ["Avian Oddity's ability", "Avian Oddity's ability"]
    assert names(g, 0, "graveyard") == ["Avian Oddity"]
    resolve(g)                           # the trigger, on top
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {"flying": 1}
    assert names(g, 0, "hand") == []
    resolve(g)                           # the cycling ability
    assert names(g, 0, "hand") == ["Forest"]


def test_avian_oddity_cycles_without_a_target_for_its_trigger(corpus_db):
    """Avian Oddity ruling (2020-04-17): with no creature to target, it can still be cycled;
    the trigger is removed (CR 603.3d) and the card is drawn."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Avian Oddity]
    battlefield: [{card: Island, count: 3}]
    library: [Forest]
  - name: Bob
""")
    cast_and_pay(g, "activate Avian Oddity")
    assert stack_labels(g) == ["Avian Oddity's ability"]
    resolve(g)
    assert names(g, 0, "hand") == ["Forest"]


def test_cycle_or_discard_triggers_once_and_the_cycled_cards_own_doesnt(corpus_db):
    """Archfiend of Ifnir ruling (2017-04-18): cycling a card triggers "cycle or discard" once.
    The cycled Drannith Healer's "whenever you cycle another card" works only on the
    battlefield, so it doesn't trigger from the graveyard."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Drannith Healer]
    battlefield: [{card: Plains, count: 1}, Archfiend of Ifnir]
    library: [Forest]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant]
""")
    cast_and_pay(g, "activate Drannith Healer")
    assert stack_labels(g) == ["Drannith Healer's ability", "Archfiend of Ifnir's ability"]
    resolve(g)
    assert [o.counters for o in on_battlefield(g, "Grizzly Bears") + on_battlefield(g, "Hill Giant")] == \
        [{"-1/-1": 1}, {"-1/-1": 1}]
    assert g.current_state().players[0].life == 20


def test_drannith_healer_gains_life_for_another_cycled_card(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Avian Oddity]
    battlefield: [{card: Island, count: 3}, Drannith Healer]
    library: [Forest]
  - name: Bob
""")
    cast_and_pay(g, "activate Avian Oddity", "Drannith Healer")
    assert sorted(stack_labels(g)[1:]) == ["Avian Oddity's ability", "Drannith Healer's ability"]
    while g.current_state().stack:
        resolve(g)
    assert g.current_state().players[0].life == 21 and names(g, 0, "hand") == ["Forest"]


def test_fleeting_aven_returns_when_any_player_cycles(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Fleeting Aven]
  - name: Bob
    hand: [Drannith Healer]
    battlefield: [Plains]
    library: [Forest]
""", active="Bob")
    cast_and_pay(g, "activate Drannith Healer")
    resolve(g)
    assert names(g, 0, "hand") == ["Fleeting Aven"]


def test_abyssal_nocturnus_triggers_for_each_card_discarded(corpus_db):
    """Abyssal Nocturnus ruling (2006-02-01): two cards discarded to one effect trigger it twice;
    its controller's own discards don't."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Mind Rot]
    battlefield: [{card: Swamp, count: 3}, Abyssal Nocturnus]
  - name: Bob
    hand: [Forest, Island]
""")
    cast_and_pay(g, "cast Mind Rot", "Bob")
    resolve(g)
    g.push(0)                                # Bob discards both, one at a time
    assert g.pending.kind == "order_triggers" and labels(g)[1:] == [
        f"put Abyssal Nocturnus' ability (Bob discarding {card}) on the stack next" for card in ("Forest", "Island")]
    g.push(0)
    resolve(g)
    resolve(g)
    s = g.current_state()
    nocturnus = on_battlefield(g, "Abyssal Nocturnus")[0]
    assert ch.power_toughness(s, s.objs[nocturnus.id]) == (6, 6)
