""""~ enters tapped unless [condition]" and "As ~ enters, you may [act]. If you don't, it enters
tapped." (CR 614.1c-d, 614.12): the condition and the action are parts the compiler composes,
checked with real cards and their rulings (cited by date, paraphrased)."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import play as run


def test_the_conditions_compile_from_their_parts(corpus_db):
    def unless(name):
        (ab,) = [a for a in corpus_db.get(name).abilities if type(a) is ir.ReplacementAbility]
        assert ab.kind == "enters_tapped"
        return ab.unless

    fortress = unless("Glacial Fortress")
    assert type(fortress) is ir.YouControl and fortress.at_least == 1 and fortress.at_most is None
    assert [f.subtypes for f in fortress.filters] == [("Plains",), ("Island",)]
    assert all(f.controller == "you" for f in fortress.filters)
    coast = unless("Seachrome Coast")
    assert (coast.at_least, coast.at_most) == (0, 2)
    assert coast.filters[0].types == ("Land",) and coast.filters[0].other
    vista = unless("Canopy Vista")
    assert vista.at_least == 2 and vista.filters[0].supertypes == ("Basic",)
    assert unless("Bountiful Promenade") == ir.OpponentCount(2)
    assert unless("Blood Crypt") == ir.PayLifeOption(2)
    assert unless("Sea Gate, Reborn") == ir.PayLifeOption(3)          # a modal double-faced back
    estuary = unless("Choked Estuary")
    assert type(estuary) is ir.RevealOption and estuary.filter.zone == "hand"
    assert estuary.filter.subtypes == ("Island", "Swamp")


def test_the_lands_of_each_template_are_fully_supported(corpus_db):
    for name in ("Glacial Fortress", "Clifftop Retreat", "Castle Ardenvale", "Seachrome Coast",
                 "Canopy Vista", "Bountiful Promenade", "Blood Crypt", "Steam Vents", "Choked Estuary",
                 "Gilt-Leaf Palace"):
        assert corpus_db.get(name).fully_supported, name


BLOOD_CRYPT = """
turn: 3
players:
  - name: Alice
    life: {life}
    hand: [Blood Crypt]
  - name: Bob
script:
  - play: Blood Crypt
{answer}
expect:
  life: {{Alice: {after}}}
  objects:
    Blood Crypt: {{tapped: {tapped}}}
"""


def test_declining_to_pay_life_leaves_the_land_tapped(corpus_db):
    run(BLOOD_CRYPT.format(life=20, answer="  - may: no", after=20, tapped="true"), corpus_db)


def test_paying_the_last_life_is_allowed_and_loses_the_game(corpus_db):
    """CR 119.4: a player with exactly 2 life may pay 2; at 0 life they lose (CR 704.5a)."""
    game = run(BLOOD_CRYPT.format(life=2, answer="  - may: yes", after=0, tapped="false"), corpus_db)
    assert game.result is not None and game.result.winner == 1


def test_revealing_needs_a_matching_card_in_hand(corpus_db):
    """With no Island or Swamp card in hand nothing is asked and Choked Estuary enters tapped;
    the Estuary itself is neither (ruling 2016-04-08)."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [{card: Choked Estuary, id: first}, Choked Estuary, Mountain]
  - name: Bob
script:
  - play: first
expect:
  hand: {Alice: [Choked Estuary, Mountain]}
  objects:
    first: {zone: battlefield, tapped: true}
"""
    run(text, corpus_db)


def test_the_condition_is_seen_as_the_land_enters(corpus_db):
    """Castle Ardenvale looks for a Plains its controller controls as it enters (CR 614.12):
    a basic Plains counts, a Plains in hand doesn't."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Castle Ardenvale, Plains]
    battlefield: [{castle}]
  - name: Bob
script:
  - play: Castle Ardenvale
expect:
  objects:
    Castle Ardenvale: {{zone: battlefield, tapped: {tapped}}}
"""
    run(text.format(castle="Plains", tapped="false"), corpus_db)
    run(text.format(castle="Swamp", tapped="true"), corpus_db)
