"""Flanking (CR 702.25), soulshift (CR 702.46), cascade (CR 702.85), crew (CR 702.122) and
partner (CR 702.124): compiled from real cards' Oracle text and run, with their official rulings
(cited by date, paraphrased). The scenarios/ files cr-702-25, cr-702-46, cr-702-85 and cr-702-122
play the main cases."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.decks import Deck
from manastack.engine import characteristics as ch
from manastack.engine.abilities import keyword_trigger
from manastack.oracle import ir

from .game_helpers import labels, play, play_out_randomly


def names(game: Game, ids) -> list[str]:
    s = game.current_state()
    return [s.objs[i].card.name for i in ids]


# ------------------------------------------------------------------------------ compiling


def test_the_keywords_compile_to_what_the_rules_say(db):
    kami = db.get("Kami of the Palace Fields")
    soulshift = keyword_trigger(kami.abilities[-1])
    assert soulshift.trigger == ir.Trigger("dies")
    assert soulshift.effects == (ir.May((ir.ReturnToHand(ir.Target(0)),)),)
    assert soulshift.targets == (ir.TargetSpec("card", ir.Filter(
        subtypes=("Spirit",), controller="you", zone="graveyard", mana_value_at_most=5)),)
    # "Soulshift 4, soulshift 4": two abilities, each triggering separately (CR 702.46b)
    assert [ab.arg for ab in db.get("Forked-Branch Garami").abilities] == ["4", "4"]
    flanking = keyword_trigger(db.get("Benalish Cavalry").abilities[0])
    assert flanking.effects == (ir.ModifyPT(ir.Ref("triggering_object"), -1, -1),)
    assert keyword_trigger(db.get("Bloodbraid Elf").abilities[1]).effects == (ir.Cascade(),)
    for name in ("Bloodbraid Elf", "Enlisted Wurm", "Rograkh, Son of Rohgahh", "Tana, the Bloodsower",
                 "Kami of the Palace Fields", "Thief of Hope", "Shadow Rider", "Sky Skiff"):
        assert db.get(name).fully_supported, name
    assert ir.Keyword("partner") in db.get("Rograkh, Son of Rohgahh").abilities


def test_partner_with_a_name_stays_unsupported():
    """CR 702.124j: "Partner with [name]" also has an enters trigger the engine doesn't run."""
    from manastack.cards import CardDef

    card = CardDef.from_face({"name": "Blaring Captain", "manaCost": "{3}{B}", "type": "Creature — Human",
                              "types": ["Creature"], "text": "Partner with Blaring Recruiter",
                              "power": "3", "toughness": "3"})
    assert not card.fully_supported


@pytest.fixture(scope="module")
def db():
    from manastack import load_db

    return load_db()


# ------------------------------------------------------------------------------ flanking

FLANKING = """
turn: 3
players:
  - name: Alice
    battlefield: [{{card: Benalish Cavalry, id: cavalry}}]
  - name: Bob
    battlefield: [{blockers}]
script:
  - attack: cavalry
  - block: {block}
"""


def test_a_blocker_with_flanking_gets_nothing():
    """CR 702.25a: only a blocker without flanking triggers it; Shadow Rider has flanking."""
    game = play(FLANKING.format(blockers="{card: Shadow Rider, id: rider}", block="{rider: cavalry}"))
    assert not game.current_state().stack
    assert "Flanking" not in game.explain()


def test_flanking_triggers_once_for_each_blocker_without_it():
    """CR 702.25a, 603.2c: two blockers without flanking, two triggers, each shrinking its blocker."""
    game = play(FLANKING.format(blockers="{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}",
                                block="[{b1: cavalry}, {b2: cavalry}]") + """
  - action: "put the rest on the stack in the order they triggered"
  - expect:
      stack: 2
  - resolve
  - resolve
  - expect:
      objects:
        b1: {power: 1, toughness: 1}
        b2: {power: 1, toughness: 1}
""")
    assert "becoming blocked by Grizzly Bears" in game.explain()


def test_a_blocking_flanker_does_not_trigger():
    """Flanking triggers on becoming blocked, not on blocking (CR 702.25a)."""
    game = play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}]
  - name: Bob
    battlefield: [{card: Benalish Cavalry, id: cavalry}]
script:
  - attack: bears
  - block: {cavalry: bears}
  - expect:
      stack: 0
""")
    assert "Flanking" not in game.explain()


# ------------------------------------------------------------------------------ soulshift

SOULSHIFT = """
turn: 3
players:
  - name: Alice
    graveyard: [{graveyard}]
    battlefield: [{{card: {dier}, id: kami, damage: {damage}}}]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
script:
  - cast: Shock
    by: Bob
    targets: kami
  - resolve
"""


def test_soulshift_can_target_only_spirits_with_small_enough_mana_value():
    """CR 702.46a: Kami of the Palace Fields (mana value 6, soulshift 5) can't return itself;
    Grizzly Bears is no Spirit; Thief of Hope (3) and Gibbering Kami (4) can be returned."""
    game = play(SOULSHIFT.format(graveyard="Grizzly Bears, Thief of Hope, Gibbering Kami",
                                 dier="Kami of the Palace Fields", damage=0))
    assert game.pending.kind == "targets"
    assert sorted(label for label in labels(game) if label.startswith("target")) == [
        "target Gibbering Kami", "target Thief of Hope"]


def test_soulshift_without_a_target_is_removed():
    """CR 603.3d: with no Spirit card it could target, the ability is removed from the stack."""
    game = play(SOULSHIFT.format(graveyard="Grizzly Bears", dier="Kami of the Palace Fields", damage=0) + """
  - expect:
      stack: 0
""")
    assert game.current_state().players[0].hand == []


def test_forked_branch_garami_returns_two_spirits():
    """Forked-Branch Garami rulings (2005-02-01): both soulshift abilities trigger, each returning
    one Spirit card (CR 702.46b)."""
    play(SOULSHIFT.format(graveyard="Thief of Hope, Gibbering Kami", dier="Forked-Branch Garami", damage=2) + """
  - action: "put the rest on the stack in the order they triggered"
  - action: "target Thief of Hope"
  - action: "target Gibbering Kami"
  - expect:
      stack: 2
  - resolve
  - may: yes
  - resolve
  - may: yes
expect:
  hand: {Alice: [Gibbering Kami, Thief of Hope]}
""")


def test_forked_branch_garami_both_on_one_spirit_the_second_does_nothing():
    """Forked-Branch Garami rulings (2005-02-01): both abilities may target the same Spirit; the
    second finds its target gone and does nothing (CR 608.2b)."""
    game = play(SOULSHIFT.format(graveyard="Thief of Hope", dier="Forked-Branch Garami", damage=2) + """
  - action: "put the rest on the stack in the order they triggered"
  - expect:
      stack: 2
  - resolve
  - may: yes
  - resolve
expect:
  hand: {Alice: [Thief of Hope]}
  stack: 0
""")
    assert game.pending.kind == "priority"


# ------------------------------------------------------------------------------ cascade

CASCADE = """
turn: 3
players:
  - name: Alice
    hand: [Bloodbraid Elf]
    library: [{library}]
    battlefield: [Mountain, Mountain, Forest, Forest]
  - name: Bob
script:
  - cast: Bloodbraid Elf
  - resolve
"""


def test_cascade_puts_the_other_cards_on_the_bottom():
    """CR 702.85a: Forest and Hill Giant (not less than 4) are exiled on the way to Shock; they go
    under the Island, in an order the game's random generator picks."""
    game = play(CASCADE.format(library="Forest, Hill Giant, Shock, Island") + """
  - may: yes
  - action: "target Bob"
""")
    s = game.current_state()
    assert names(game, s.players[0].library)[-1] == "Island"       # the top stays on top
    assert sorted(names(game, s.players[0].library)[:2]) == ["Forest", "Hill Giant"]
    assert "exiled cards on the bottom of their library in a random order" in game.explain()


def test_declining_puts_the_hit_on_the_bottom_too():
    """Bloodbraid Elf ruling (2009-05-01): casting the last exiled card is the only optional part;
    declined, it goes to the bottom with the rest."""
    game = play(CASCADE.format(library="Shock, Island") + """
  - may: no
""")
    s = game.current_state()
    assert names(game, s.players[0].library) == ["Shock", "Island"]
    assert [i.label for i in s.stack] == ["Bloodbraid Elf"]


def test_cascade_with_no_hit_exiles_the_whole_library_and_returns_it():
    """CR 702.85a: with only lands (and a card of equal mana value) nothing can be cast."""
    game = play(CASCADE.format(library="Forest, Hill Giant, Island"))
    s = game.current_state()
    assert sorted(names(game, s.players[0].library)) == ["Forest", "Hill Giant", "Island"]
    assert not s.players[0].exile
    assert "exiles no nonland card with mana value less than 4" in game.explain()


def test_cascade_still_resolves_when_its_spell_is_countered():
    """Bloodbraid Elf ruling (2009-05-01): countering the spell doesn't stop its cascade. Bob
    counters the Elf in response to the trigger; Alice still gets her Shock."""
    play("""
turn: 3
players:
  - name: Alice
    hand: [Bloodbraid Elf]
    library: [Shock]
    battlefield: [Mountain, Mountain, Forest, Forest]
  - name: Bob
    hand: [Cancel]
    battlefield: [Island, Island, Island]
script:
  - cast: Bloodbraid Elf
  - cast: Cancel
    by: Bob
    targets: Bloodbraid Elf
  - resolve
  - resolve
  - may: yes
  - action: "target Bob"
  - resolve
expect:
  life: {Bob: 18}
  graveyard: {Alice: [Bloodbraid Elf, Shock], Bob: [Cancel]}
""")


def test_a_cascaded_spell_with_cascade_cascades_again():
    """Bloodbraid Elf ruling (2009-05-01): a cast card with cascade triggers its own cascade.
    Enlisted Wurm (6) hits Bloodbraid Elf (4), which hits Shock (1)."""
    play("""
turn: 3
players:
  - name: Alice
    hand: [Enlisted Wurm]
    library: [Bloodbraid Elf, Shock]
    battlefield: [Plains, Plains, Forest, Forest, Forest, Forest]
  - name: Bob
script:
  - cast: Enlisted Wurm
  - resolve
  - may: yes
  - expect:
      stack: ["Bloodbraid Elf's ability", Bloodbraid Elf, Enlisted Wurm]
  - resolve
  - may: yes
  - action: "target Bob"
  - expect:
      stack: [Shock, Bloodbraid Elf, Enlisted Wurm]
""")


def test_cascade_decision_saves_and_loads_mid_choice():
    """Decisions are data: a game waiting for the cascade choice loads and goes on the same way."""
    game = play(CASCADE.format(library="Shock, Island"))
    loaded = Game.from_json(game.to_json(), cards=game.db)
    assert loaded.pending.kind == game.pending.kind == "may"
    for g in (game, loaded):
        g.push(next(a for a in g.legal_actions() if a.kind == "yes"))
        g.push(next(a for a in g.legal_actions() if a.label == "target Bob"))
    assert loaded.to_json() == game.to_json()


# ------------------------------------------------------------------------------ crew

CREW = """
turn: 3
players:
  - name: Alice
    battlefield:
      - {{card: Sky Skiff, id: skiff}}
      - {{card: Renegade Freighter, id: freighter}}
      {creatures}
  - name: Bob
script:
"""


def test_an_uncrewed_vehicle_is_no_creature():
    """Sky Skiff ruling (2017-09-29): a Vehicle isn't a creature until it is crewed; it can't attack."""
    game = play(CREW.format(creatures="- {card: Grizzly Bears, id: bears}") + """
  - attack: skiff
    illegal: "506.3"
""")
    s = game.current_state()
    skiff = next(o for o in s.permanents(0) if o.card.name == "Sky Skiff")
    assert not ch.is_creature(s, skiff)


def test_not_enough_power_and_a_vehicle_cant_crew_itself():
    """CR 702.122a: Renegade Freighter (crew 2) can't be crewed by Llanowar Elves (power 1); the
    legality check says why. A crewed Sky Skiff (power 2) can crew the Freighter, but not itself
    ("other untapped creatures")."""
    game = play(CREW.format(creatures="- {card: Llanowar Elves, id: elves}") + """
  - activate: freighter
    illegal: "702.122a"
  - activate: skiff
    choose: [elves]
  - resolve
  - activate: freighter
    choose: [skiff]
  - resolve
  - expect:
      objects:
        skiff: {tapped: true}
        freighter: {power: 4, toughness: 3, tapped: false}
""")
    s = game.current_state()
    freighter = next(o for o in s.permanents(0) if o.card.name == "Renegade Freighter")
    assert ch.is_creature(s, freighter)
    assert not [a for a in game.legal_actions() if a.kind == "activate" and a.args[0] == freighter.id]


def test_more_creatures_than_needed_may_crew():
    """Sky Skiff ruling (2017-09-29): you may tap more creatures than necessary."""
    game = play(CREW.format(creatures="- {card: Grizzly Bears, id: b1}\n      - {card: Llanowar Elves, id: e1}")
                + "  - pass_until: beginning_of_combat\n")
    s = game.current_state()
    skiff = next(o for o in s.permanents(0) if o.card.name == "Sky Skiff")
    game.push(next(a for a in game.legal_actions() if a.kind == "activate" and a.args[0] == skiff.id))
    game.push(next(a for a in game.legal_actions() if a.label.startswith("tap Grizzly Bears")))
    assert game.pending.kind == "crew"
    assert sorted(labels(game)) == ["crew with these (total power 2)", "tap Llanowar Elves (power 1)"]
    game.push(next(a for a in game.legal_actions() if a.kind == "choose"))
    assert all(o.tapped for o in game.current_state().permanents(0) if o.card.name != "Sky Skiff"
               and o.card.name != "Renegade Freighter")


def test_the_crewed_vehicle_stops_being_a_creature_at_end_of_turn():
    """CR 702.122a, 514.2: "until end of turn" ends in the cleanup step."""
    game = play(CREW.format(creatures="- {card: Grizzly Bears, id: bears}") + """
  - activate: skiff
    choose: [bears]
  - resolve
  - pass_until: next turn
""")
    s = game.current_state()
    skiff = next(o for o in s.objs.values() if o.card.name == "Sky Skiff")
    assert not ch.is_creature(s, skiff)


# ------------------------------------------------------------------------------ partner


def test_partner_does_nothing_in_a_two_player_game():
    """CR 702.124a: partner matters only when choosing commanders, before the game begins; the
    game says so at the start, naming no card (they are in libraries, CR 400.2), and plays the
    cards as any others."""
    deck = Deck("partner", ((4, "Rograkh, Son of Rohgahh"), (4, "Tana, the Bloodsower"), (12, "Forest"),
                            (12, "Mountain")))
    game = Game.new(deck, deck, seed=3)
    assert "Partner matters only when choosing commanders: it does nothing in this game" in game.explain()
    assert "Rograkh" not in game.explain()


# ------------------------------------------------------------------------------ random games


@pytest.mark.parametrize("seed", range(4))
def test_random_agents_play_decks_of_these_cards(seed):
    """Random agents answer every decision these keywords ask (cascade's cast, soulshift's
    targets and "you may", the creatures that crew) in whole games."""
    spells = ["Bloodbraid Elf", "Enlisted Wurm", "Benalish Cavalry", "Shadow Rider", "Thief of Hope",
              "Kami of the Palace Fields", "Gibbering Kami", "Forked-Branch Garami", "Shock",
              "Grizzly Bears", "Rograkh, Son of Rohgahh", "Tana, the Bloodsower", "Sky Skiff",
              "Renegade Freighter"]
    lands = ["Plains", "Forest", "Mountain", "Swamp"]
    deck = Deck("keywords", tuple((2, n) for n in spells) + tuple((3, n) for n in lands))
    game = Game.new(deck, deck, seed=seed)
    play_out_randomly(game, seed)
