"""Choosing a card name (CR 201.3): as a permanent enters (Meddling Mage, Pithing Needle,
Phyrexian Revoker; CR 614.12) or as a spell resolves (Cabal Therapy; CR 608.2d), and what "the
chosen name" then does: spells that can't be cast (CR 101.2), activated abilities that can't be
activated in any zone (CR 602.5), cards discarded. The decision lists the names the chooser
knows of and takes any other card name too. Real cards and their rulings."""
from __future__ import annotations

import pytest

from manastack.engine import card_names, legality
from manastack.engine.abilities import hand_activated
from manastack.engine.decisions import Action, ActionKind, IllegalActionError
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, resolve


def _cast_and_name(g, spell: str, name: str, *targets: str) -> None:
    """cast ``spell``, let it resolve, and name ``name`` when asked."""
    cast_and_pay(g, spell, *targets)
    resolve(g)
    assert g.pending.kind == "choose_name", g.pending
    g.push(Action(ActionKind.NAME, (name,)))


def test_the_cards_compile(db):
    for name in ("Meddling Mage", "Pithing Needle", "Phyrexian Revoker", "Cabal Therapy", "Nevermore",
                 "Voidstone Gargoyle", "Council of the Absolute", "Declaration of Naught"):
        assert not db.get(name).unsupported, (name, db.get(name).unsupported)


def test_the_chosen_name_needs_a_choice():
    """"Spells with the chosen name ..." on a card that chooses none is set aside (CR 201.3)."""
    from .test_oracle_compiler import card

    c = card("Namer", "Spells with the chosen name can't be cast.", "Enchantment")
    assert c.unsupported and not c.abilities


def test_meddling_mage_stops_the_named_spell(db):
    """Meddling Mage naming Lightning Bolt: no player can cast Bolt (its own controller
    included), other spells still can be; the name is logged with CR 201.3."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Island, Mountain]
    hand: [Meddling Mage, Lightning Bolt]
  - name: Bob
    battlefield: [Mountain, Mountain]
    hand: [Lightning Bolt, Shock]
""", turn=3)
    _cast_and_name(g, "cast Meddling Mage", "Lightning Bolt")
    s = g.current_state()
    [mage] = on_battlefield(g, "Meddling Mage")
    assert mage.chosen == "Lightning Bolt"
    assert any("chooses the card name Lightning Bolt" in e.text and "201.3" in e.rules for e in s.log_entries())
    bolts = [o for o in s.objs.values() if o.card.name == "Lightning Bolt"]
    for bolt in bolts:
        assert legality.why_not_cast(s, bolt.owner, bolt) == \
            "Meddling Mage says Lightning Bolt can't be cast (CR 101.2, 601.2)"
    shock = next(o for o in s.objs.values() if o.card.name == "Shock")
    assert legality.why_not_cast(s, 1, shock) is None or "Meddling Mage" not in legality.why_not_cast(s, 1, shock)


def test_the_names_offered_are_those_the_chooser_knows(db):
    """The opponents' cards Alice can see come first, then her own; Bob's hand is hidden from
    her (CR 400.2) and lands are not offered for "a nonland card name"."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Island]
    hand: [Meddling Mage, Giant Growth]
  - name: Bob
    battlefield: [Forest, Llanowar Elves]
    hand: [Counterspell]
    graveyard: [Lightning Bolt]
""", turn=3)
    cast_and_pay(g, "cast Meddling Mage")
    resolve(g)
    offered = [a.args[0] for a in g.legal_actions()]
    assert offered[:2] == ["Llanowar Elves", "Lightning Bolt"] or offered[:2] == ["Lightning Bolt", "Llanowar Elves"]
    assert "Giant Growth" in offered and "Meddling Mage" in offered
    assert "Counterspell" not in offered and "Forest" not in offered and "Plains" not in offered
    assert len(offered) <= card_names.LISTED


def test_any_card_name_may_be_given_but_only_one_with_the_qualities(db):
    """CR 201.3: a name not listed is legal (a person types it); a land's name is not for "a
    nonland card name", and an answer that isn't a card's name is refused, nothing changed."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Island]
    hand: [Meddling Mage]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Meddling Mage")
    resolve(g)
    before = g.pending
    for bad in ("Forest", "No Such Card"):
        with pytest.raises(IllegalActionError):
            g.push(Action(ActionKind.NAME, (bad,)))
        assert g.pending == before
    g.push(Action(ActionKind.NAME, ("Counterspell",)))
    [mage] = on_battlefield(g, "Meddling Mage")
    assert mage.chosen == "Counterspell"


def test_pithing_needle_stops_all_but_mana_abilities(db):
    """Pithing Needle naming Mind Stone (rulings 2005-06-01): its mana ability can still be
    activated, its other ability can't; Phyrexian Revoker stops mana abilities too."""
    g = board(db, """
  - name: Alice
    battlefield: [Island]
    hand: [Pithing Needle]
  - name: Bob
    battlefield: [Mind Stone, Forest]
""", turn=3)
    _cast_and_name(g, "cast Pithing Needle", "Mind Stone")
    s = g.current_state()
    [stone] = on_battlefield(g, "Mind Stone")
    reasons = {ab.is_mana: legality.why_not_activate(s, 1, stone, ab)
               for ab in stone.card.abilities if type(ab) is ir.ActivatedAbility}
    assert reasons[True] is None
    assert reasons[False] == "Pithing Needle says the activated abilities of Mind Stone can't be activated (CR 602.5)"


def test_phyrexian_revoker_stops_mana_abilities_too(db):
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Phyrexian Revoker]
  - name: Bob
    battlefield: [Llanowar Elves, Forest]
""", turn=3)
    _cast_and_name(g, "cast Phyrexian Revoker", "Llanowar Elves")
    s = g.current_state()
    [elves] = on_battlefield(g, "Llanowar Elves")
    [mana] = [ab for ab in elves.card.abilities if type(ab) is ir.ActivatedAbility]
    assert legality.why_not_activate(s, 1, elves, mana) == \
        "Phyrexian Revoker says the activated abilities of Llanowar Elves can't be activated (CR 602.5)"


def test_the_named_source_is_stopped_in_every_zone(db):
    """Phyrexian Revoker's ruling (2020-08-07): a cycling ability of a card with the chosen
    name can't be activated from a hand."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Phyrexian Revoker]
  - name: Bob
    battlefield: [Plains, Plains, Plains]
    hand: [Renewed Faith]
""", turn=3)
    s = g.current_state()
    faith = next(o for o in s.objs.values() if o.card.name == "Renewed Faith")
    cycling = [ab for _i, ab in hand_activated(faith.card)]
    assert cycling and legality.why_not_activate(s, 1, faith, cycling[0]) is None
    _cast_and_name(g, "cast Phyrexian Revoker", "Renewed Faith")
    s = g.current_state()
    faith = s.objs[faith.id]
    assert "Phyrexian Revoker says" in (legality.why_not_activate(s, 1, faith, cycling[0]) or "")


def test_cabal_therapy_names_as_it_resolves_and_discards_every_copy(db):
    """Cabal Therapy (ruling 2016-06-08): the name is chosen as it resolves; the target player
    reveals their hand and discards all cards with that name."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Cabal Therapy]
  - name: Bob
    hand: [Lightning Bolt, Lightning Bolt, Shock]
""", turn=3)
    cast_and_pay(g, "cast Cabal Therapy", "Bob")
    assert g.pending.kind == "priority"          # nothing named on casting
    resolve(g)
    assert g.pending.kind == "choose_name" and g.pending.player == 0
    g.push(Action(ActionKind.NAME, ("Lightning Bolt",)))
    assert names(g, 1, "hand") == ["Shock"]
    assert names(g, 1, "graveyard") == ["Lightning Bolt", "Lightning Bolt"]


def test_memoricide_exiles_the_number_asked_of_each_zone(db):
    """Memoricide (ruling 2011-01-01): "any number" lets the searcher leave some; the cards of
    each zone found are counted, then that player shuffles (CR 701.23, 701.24a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp]
    hand: [Memoricide]
  - name: Bob
    hand: [Shock, Shock]
    graveyard: [Shock]
    library: [Shock, Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Memoricide", "Bob")
    resolve(g)
    g.push(Action(ActionKind.NAME, ("Shock",)))
    assert g.pending.kind == "search" and "graveyard" in g.pending.prompt
    assert [a.args[0] for a in g.legal_actions()] == [1, 0]
    g.push(Action(ActionKind.X, (0,)))              # the graveyard's Shock stays
    g.push(Action(ActionKind.X, (2,)))              # both from the hand
    g.push(Action(ActionKind.X, (1,)))              # the library's
    assert names(g, 1, "exile") == ["Shock", "Shock", "Shock"]
    assert names(g, 1, "graveyard") == ["Shock"] and names(g, 1, "hand") == []
    assert names(g, 1, "library") == ["Island", "Island"]


def test_cranial_extraction_exiles_every_card_with_the_name(db):
    """"For all cards with that name": none is left and nothing is asked but the name."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp]
    hand: [Cranial Extraction]
  - name: Bob
    hand: [Shock]
    graveyard: [Shock]
    library: [Shock, Island]
""", turn=3)
    cast_and_pay(g, "cast Cranial Extraction", "Bob")
    resolve(g)
    g.push(Action(ActionKind.NAME, ("Shock",)))
    assert g.pending.kind == "priority"
    assert names(g, 1, "exile") == ["Shock", "Shock", "Shock"]
    assert names(g, 1, "library") == ["Island"]
    s = g.current_state()
    assert any("searches Bob's graveyard, hand and library" in e.text for e in s.log_entries())


def test_council_of_the_absolute_stops_only_the_opponents(db):
    """"Your opponents can't cast spells with the chosen name.": its controller still can, for
    {2} less (a noncreature, nonland card name)."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Plains, Island, Island, Mountain]
    hand: [Council of the Absolute, Lightning Bolt]
  - name: Bob
    battlefield: [Mountain]
    hand: [Lightning Bolt]
""", turn=3)
    cast_and_pay(g, "cast Council of the Absolute")
    resolve(g)
    assert "Grizzly Bears" not in [a.args[0] for a in g.legal_actions()]
    with pytest.raises(IllegalActionError):
        g.push(Action(ActionKind.NAME, ("Grizzly Bears",)))     # a creature card's name
    g.push(Action(ActionKind.NAME, ("Lightning Bolt",)))
    s = g.current_state()
    mine, theirs = (next(o for o in s.objs.values() if o.card.name == "Lightning Bolt" and o.owner == p) for p in (0, 1))
    assert legality.why_not_cast(s, 1, theirs) == "Council of the Absolute says Lightning Bolt can't be cast (CR 101.2, 601.2)"
    assert legality.why_not_cast(s, 0, mine) is None


def test_gideons_intervention_prevents_damage_from_sources_with_the_name(db):
    """Gideon's Intervention naming Shock: Shock can't be cast by its opponents, and damage a
    source with that name would deal to its controller is prevented (CR 615)."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Plains, Plains, Plains, Mountain]
    hand: [Gideon's Intervention, Shock]
  - name: Bob
    hand: [Shock]
""", turn=3)
    _cast_and_name(g, "cast Gideon's Intervention", "Shock")
    s = g.current_state()
    theirs = next(o for o in s.objs.values() if o.card.name == "Shock" and o.owner == 1)
    assert "can't be cast" in (legality.why_not_cast(s, 1, theirs) or "")
    cast_and_pay(g, "cast Shock", "Alice")
    resolve(g)
    assert g.current_state().players[0].life == 20


def test_a_creature_card_name(db):
    """Infinite Obliteration: "Choose a creature card name." offers and takes creature names only."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp]
    hand: [Infinite Obliteration]
  - name: Bob
    battlefield: [Llanowar Elves]
    hand: [Llanowar Elves, Shock]
""", turn=3)
    cast_and_pay(g, "cast Infinite Obliteration", "Bob")
    resolve(g)
    offered = [a.args[0] for a in g.legal_actions()]
    assert "Llanowar Elves" in offered and "Infinite Obliteration" not in offered
    with pytest.raises(IllegalActionError):
        g.push(Action(ActionKind.NAME, ("Shock",)))
    g.push(Action(ActionKind.NAME, ("Llanowar Elves",)))
    g.push(Action(ActionKind.X, (1,)))          # the one in Bob's hand
    assert names(g, 1, "exile") == ["Llanowar Elves"] and names(g, 1, "hand") == ["Shock"]
    assert len(on_battlefield(g, "Llanowar Elves")) == 1      # a permanent isn't searched for


def test_random_agents_play_these_cards_to_the_end(db):
    """Random agents answer every name, search, reveal and encore decision these cards ask,
    with the invariants checked, until the game ends."""
    from .game_helpers import play_out_randomly

    deck = ("[Meddling Mage, Pithing Needle, Cabal Therapy, Memoricide, Canopy Crawler, Glowering Rogon, "
            "Grizzly Bears, Shock, Mind Stone, Llanowar Elves]")
    lands = "[Plains, Island, Swamp, Forest, Mountain, Plains, Island, Swamp, Forest, Mountain]"
    library = deck[:-1] + ", Plains, Island, Swamp, Forest, Mountain, Plains, Island, Swamp]"    # 40 cards each
    for seed in (1, 2):
        g = board(db, f"""
  - name: Alice
    battlefield: {lands}
    hand: {deck}
    graveyard: [Grim Harvest, Fin-Clade Fugitives]
    library: {library}
  - name: Bob
    battlefield: {lands}
    hand: {deck}
    graveyard: [Grim Harvest, Fin-Clade Fugitives]
    library: {library}
""", turn=3)
        play_out_randomly(g, seed, actions=3000)
