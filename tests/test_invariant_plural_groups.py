"""A creature type whose plural is the word itself, as the subject of a static ability: "Other
Merfolk get +1/+1 and have islandwalk." (Lord of Atlantis; CR 205.3, 613.4c, 702.14)."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, on_battlefield

ALICE, BOB = 0, 1


def test_lord_of_atlantis_pumps_every_other_merfolk(db):
    """Both players' Merfolk get +1/+1 and islandwalk; the Lord itself and a non-Merfolk don't."""
    g = board(db, """
  - name: Alice
    battlefield: [Lord of Atlantis, Merfolk Looter, Grizzly Bears]
  - name: Bob
    battlefield: [Merfolk of the Pearl Trident]
""")
    s = g.current_state()
    lord = on_battlefield(g, "Lord of Atlantis")[0]
    looter = on_battlefield(g, "Merfolk Looter")[0]
    pearl = on_battlefield(g, "Merfolk of the Pearl Trident")[0]
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power_toughness(s, looter) == (2, 2) and ch.has(s, looter, "islandwalk")
    assert ch.power_toughness(s, pearl) == (2, 2) and ch.has(s, pearl, "islandwalk")
    assert ch.power_toughness(s, lord) == (2, 2) and not ch.has(s, lord, "islandwalk")
    assert ch.power_toughness(s, bears) == (2, 2) and not ch.has(s, bears, "islandwalk")
