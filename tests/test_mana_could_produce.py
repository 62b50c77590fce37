"""CR 106.5 and 106.7: undefined mana types, and the types of mana a permanent could produce,
with loops (Reflecting Pools, Exotic Orchards facing each other) and replacement effects."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.engine.mana import query as mq

from .mana_helpers import board, obj, pool, tap_for_mana


def could(game, name, player=None):
    return mq.could_produce(game.current_state(), obj(game, name, player).id).types


def test_reflecting_pool_alone_adds_no_mana_but_is_still_activated():
    """CR 106.7 and 605.2; ruling 2008-05-01: a Reflecting Pool with no other lands that produce
    mana may still be activated, and adds nothing."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool]
  - name: Bob
""")
    assert could(g, "Reflecting Pool") == ()
    tap_for_mana(g, "Reflecting Pool")
    assert pool(g) == {}
    assert obj(g, "Reflecting Pool").tapped
    assert "Reflecting Pool could produce no type of mana (CR 106.7)" in g.explain()


def test_two_reflecting_pools_do_not_help_each_other():
    """Ruling 2008-05-01: multiple Reflecting Pools won't help each other produce mana."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Reflecting Pool]
  - name: Bob
""")
    s = g.current_state()
    assert [mq.could_produce(s, o.id).types for o in s.permanents()] == [(), ()]
    tap_for_mana(g, "Reflecting Pool")
    assert pool(g) == {}


def test_reflecting_pool_beside_a_forest_adds_green():
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Reflecting Pool, Forest]
  - name: Bob
""")
    s = g.current_state()
    assert [mq.could_produce(s, o.id).types for o in s.permanents()] == [("G",), ("G",), ("G",)]
    tap_for_mana(g, "Reflecting Pool")
    assert pool(g) == {"G": 1}


def test_reflecting_pool_offers_each_type_its_lands_could_produce():
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Forest, Island, Wastes]
  - name: Bob
""")
    assert could(g, "Reflecting Pool") == ("U", "G", "C")
    tap_for_mana(g, "Reflecting Pool", "C")
    assert pool(g) == {"C": 1}


def test_exotic_orchard_without_opposing_lands_adds_no_mana():
    """CR 106.7 example: no lands on the other side, no mana."""
    g = board("""
  - name: Alice
    battlefield: [Exotic Orchard, Forest]
  - name: Bob
""")
    assert could(g, "Exotic Orchard") == ()
    tap_for_mana(g, "Exotic Orchard")
    assert pool(g) == {}


def test_exotic_orchard_never_adds_colorless():
    """Ruling 2009-02-01: Exotic Orchard can't be tapped for {C} even if an opponent's land
    could produce it."""
    g = board("""
  - name: Alice
    battlefield: [Exotic Orchard]
  - name: Bob
    battlefield: [Wastes, Mountain]
""")
    assert could(g, "Exotic Orchard") == ("R",)
    tap_for_mana(g, "Exotic Orchard")
    assert pool(g) == {"R": 1}


def test_exotic_orchards_facing_each_other_the_cr_example():
    """CR 106.7 example: with Exotic Orchards on both sides and no other lands, neither adds
    mana; a Forest beside one of them lets each produce {G}."""
    g = board("""
  - name: Alice
    battlefield: [Exotic Orchard]
  - name: Bob
    battlefield: [Exotic Orchard]
""")
    assert could(g, "Exotic Orchard", 0) == could(g, "Exotic Orchard", 1) == ()
    g = board("""
  - name: Alice
    battlefield: [Exotic Orchard, Forest]
  - name: Bob
    battlefield: [Exotic Orchard]
""")
    assert could(g, "Exotic Orchard", 0) == could(g, "Exotic Orchard", 1) == ("G",)


def test_fellwar_stone_reads_opposing_lands_and_colors_only():
    g = board("""
  - name: Alice
    battlefield: [Fellwar Stone]
  - name: Bob
    battlefield: [Reflecting Pool, Swamp, Wastes]
""")
    assert could(g, "Fellwar Stone") == ("B",)
    # the opponent's Reflecting Pool could produce {B} and {C} through the Swamp and Wastes
    assert could(g, "Reflecting Pool") == ("B", "C")


def test_naga_vitalist_type_versus_harvester_druid_color():
    """"any type" includes colorless (CR 106.1b); "any color" does not (CR 106.1a)."""
    g = board("""
  - name: Alice
    battlefield: [Naga Vitalist, Harvester Druid, Wastes]
  - name: Bob
""", turn=3)
    assert could(g, "Naga Vitalist") == ("C",)
    assert could(g, "Harvester Druid") == ()
    tap_for_mana(g, "Naga Vitalist")
    tap_for_mana(g, "Harvester Druid")
    assert pool(g) == {"C": 1}


def test_contamination_makes_lands_produce_black_and_reflecting_pool_sees_it():
    """CR 106.7 takes replacement effects into account (ruling 2004-10-04 on Reflecting Pool):
    under Contamination a Forest produces {B}, so the Pool beside it can choose only {B}."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Forest, Contamination]
  - name: Bob
""")
    assert could(g, "Forest") == ("B",)
    assert could(g, "Reflecting Pool") == ("B",)
    tap_for_mana(g, "Forest")
    assert pool(g) == {"B": 1}
    tap_for_mana(g, "Reflecting Pool")
    assert pool(g) == {"B": 2}
    assert "Replacement: Contamination" in g.explain()


def test_exotic_orchard_sees_contamination_on_the_other_side():
    """Ruling 2009-02-01 on Exotic Orchard: replacement effects on the opponents' lands count."""
    g = board("""
  - name: Alice
    battlefield: [Exotic Orchard]
  - name: Bob
    battlefield: [Forest, Contamination]
""")
    assert could(g, "Exotic Orchard") == ("B",)


def test_every_order_of_replacement_effects_is_considered():
    """CR 106.7 "in any possible order", CR 616.1: Contamination and Mana Reflection give {B}
    in either order, {B}{B} when Contamination applies first; the tapping player chooses."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Contamination, Mana Reflection]
  - name: Bob
""")
    assert could(g, "Forest") == ("B",)
    first = g.copy()
    tap_for_mana(first, "Forest", "Contamination")
    assert pool(first) == {"B": 2}
    tap_for_mana(g, "Forest", "Mana Reflection")
    assert pool(g) == {"B": 1}


BASIC_TYPES = {"Forest": "G", "Island": "U", "Wastes": "C"}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["Forest", "Island", "Wastes", "Reflecting Pool", "Exotic Orchard"]),
                max_size=4),
       st.lists(st.sampled_from(["Forest", "Island", "Wastes", "Reflecting Pool", "Exotic Orchard"]),
                max_size=4))
def test_could_produce_matches_a_closed_form_on_any_board(mine, theirs):
    """CR 106.7 on random boards of basics, Reflecting Pools and Exotic Orchards, against the
    closed form of the least fixed point: an Orchard gets the colors of the other side's basics,
    and those of its own side's basics when the other side has an Orchard too; a Pool gets its
    side's basics and, if its side has an Orchard, what that Orchard gets."""
    def listing(cards):
        return "[" + ", ".join(cards) + "]" if cards else "[]"

    g = board(f"""
  - name: Alice
    battlefield: {listing(mine)}
  - name: Bob
    battlefield: {listing(theirs)}
""")
    sides = {0: mine, 1: theirs}
    basics = {p: {BASIC_TYPES[c] for c in cards if c in BASIC_TYPES} for p, cards in sides.items()}
    orchard = {p: "Exotic Orchard" in cards for p, cards in sides.items()}

    def orchard_gets(p):
        q = 1 - p
        got = basics[q] | (basics[p] if orchard[q] else set())
        return {t for t in got if t != "C"}

    s = g.current_state()
    for o in s.permanents():
        p = o.controller
        expected = {"Forest": {"G"}, "Island": {"U"}, "Wastes": {"C"},
                    "Exotic Orchard": orchard_gets(p),
                    "Reflecting Pool": basics[p] | (orchard_gets(p) if orchard[p] else set())}[o.card.name]
        assert set(mq.could_produce(s, o.id).types) == expected, (o.card.name, p, mine, theirs)
