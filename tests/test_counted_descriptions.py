"""Descriptions counted by characteristic-defining abilities (CR 604.3, 613.4a): "creatures on the
battlefield" (everyone's), "cards in all graveyards", "snow" permanents (CR 205.4a)."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, cast_and_pay, on_battlefield, resolve


def _pt(g, name):
    s = g.current_state()
    return ch.power_toughness(s, on_battlefield(g, name)[0])


def test_beast_of_burden_counts_every_creature_itself_included(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Beast of Burden, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, Forest]
""", turn=3)
    assert _pt(g, "Beast of Burden") == (3, 3)


def test_mortivore_counts_creature_cards_in_every_graveyard(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    graveyard: [Grizzly Bears, Shock]
    battlefield: [Mortivore]
  - name: Bob
    graveyard: [Hill Giant, Ornithopter, Forest]
""", turn=3)
    assert _pt(g, "Mortivore") == (3, 3)


def test_drift_of_the_dead_counts_snow_lands(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Drift of the Dead, Snow-Covered Swamp, Snow-Covered Island, Swamp]
  - name: Bob
    battlefield: [Snow-Covered Forest]
""", turn=3)
    assert _pt(g, "Drift of the Dead") == (2, 2)


def test_golgari_grave_troll_enters_with_a_counter_per_creature_card(corpus_db):
    """Counted as it enters (CR 614.1c): three creature cards in the graveyard, three counters."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Golgari Grave-Troll]
    graveyard: [Grizzly Bears, Hill Giant, Savannah Lions, Shock]
    battlefield: [{card: Forest, count: 5}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Golgari Grave-Troll")
    resolve(g)
    troll = on_battlefield(g, "Golgari Grave-Troll")[0]
    assert troll.counters == {"+1/+1": 3} and _pt(g, "Golgari Grave-Troll") == (3, 3)


def test_grave_strength_chooses_its_target_first(corpus_db):
    """"Choose target creature." names the target (CR 601.2c) that "that creature" means later:
    the top three cards milled (an Island and two creatures) and the creature card already there
    make three counters; the spell itself is still on the stack."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grave Strength]
    graveyard: [Grizzly Bears]
    library: [Island, Hill Giant, Savannah Lions, Runeclaw Bear]
    battlefield: [{card: Swamp, count: 2}, Llanowar Elves]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grave Strength", "Llanowar Elves")
    resolve(g)
    assert on_battlefield(g, "Llanowar Elves")[0].counters == {"+1/+1": 3}
