"""'If you do, it ...' and 'that creature' after another object was named (CR 201.5, 603.2,
608.2c): real corpus cards that crashed with an unresolved reference."""
from __future__ import annotations

import pytest

from manastack.cards import CardDef

from .game_helpers import play as run


def test_if_you_do_it_is_the_attacking_creature(corpus_db):
    card = corpus_db.get("Order of the Golden Cricket")
    assert card.fully_supported
    run("""
turn: 3
players:
  - name: Alice
    battlefield: [Plains, {card: Order of the Golden Cricket, id: order}]
  - name: Bob
    battlefield: [Forest]
script:
  - attack: [Order of the Golden Cricket]
  - resolve
  - may: yes
  - action: "pay automatically"
  - expect:
      objects: {order: {keywords: [flying]}}
      battlefield: {Alice: 2}
""", corpus_db)


def test_that_creature_is_the_one_that_entered_not_the_sacrificed_source(corpus_db):
    assert corpus_db.get("Grave Peril").fully_supported
    run("""
players:
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Grave Peril]
  - name: Bob
    battlefield: [Forest]
script:
  - cast: Grizzly Bears
  - resolve
  - resolve
  - expect:
      graveyard: {Alice: [Grave Peril, Grizzly Bears]}
      battlefield: {Alice: 2}
""", corpus_db)


@pytest.mark.parametrize("text", [
    "When this creature enters, you may pay {1}. If you do, it gets +1/+1 until end of turn.",
])
def test_no_reference_is_left_unresolved(text):
    card = CardDef.from_face({"name": "Probe", "type": "Creature — Bear", "types": ["Creature"],
                              "manaCost": "{1}", "text": text, "power": "1", "toughness": "1"})
    for ab in card.abilities:
        assert "_Marker" not in repr(ab)
