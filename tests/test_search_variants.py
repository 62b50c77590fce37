"""Searching a library (CR 701.23) for more destinations and qualities: on top of the library
after the shuffle, into the graveyard, and "with mana value N or greater"."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, pick, resolve


def test_vampiric_tutor_puts_the_card_on_top_after_shuffling(corpus_db):
    """The shuffle and the card put on top are one action (ruling 2016-06-08): whatever the
    shuffle did, the card found is the top card, and Alice loses 2 life."""
    spell = corpus_db.get("Vampiric Tutor").abilities[0]
    assert spell.effects[0] == ir.SearchLibrary(ir.Filter(zone="library"), "library_top")
    for seed in (1, 2, 3):
        g = board(corpus_db, """
  - name: Alice
    hand: [Vampiric Tutor]
    library: [Island, Island, Shock, Island, Island, Island]
    battlefield: [Swamp]
  - name: Bob
""", turn=3, seed=seed)
        cast_and_pay(g, "cast Vampiric Tutor")
        resolve(g)
        pick(g, "Shock")
        s = g.current_state()
        library = s.players[0].library
        assert s.objs[library[-1]].card.name == "Shock" and len(library) == 6
        assert s.players[0].life == 18


def test_entomb_puts_the_card_into_the_graveyard(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Entomb]
    library: [Island, Krosan Tusker, Island]
    battlefield: [Swamp]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Entomb")
    resolve(g)
    pick(g, "Krosan Tusker")
    assert names(g, 0, "graveyard") == ["Entomb", "Krosan Tusker"]
    assert len(g.current_state().players[0].library) == 2


def test_treasure_mage_finds_only_mana_value_six_or_more(corpus_db):
    """An {X} in a library card's cost counts as 0 (ruling 2020-08-07): not offered."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Treasure Mage]
    library: [Darksteel Colossus, Ornithopter, Everflowing Chalice, Meteor Golem]
    battlefield: [{card: Island, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Treasure Mage")
    resolve(g)
    resolve(g)
    pick(g, "yes")
    offered = [a.label for a in g.legal_actions()]
    assert sorted(offered) == ["Darksteel Colossus", "Meteor Golem", "find nothing more"]
    pick(g, "Meteor Golem")
    assert names(g, 0, "hand") == ["Meteor Golem"]
