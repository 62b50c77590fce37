"""Madness (CR 702.35) and suspend (CR 702.62), compiled from real cards' Oracle text and run,
with their official rulings (cited by date, paraphrased). The scenarios/ files cr-702-35a and
cr-702-62a play the main cases."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.cards import CardDef, default_db
from manastack.decks import Deck
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.abilities import keyword_trigger
from manastack.engine.legality import explain
from manastack.oracle import ir

from .game_helpers import labels, play, play_out_randomly

DB = default_db()


def named(game: Game, name: str):
    s = game.current_state()
    return next(o for o in s.objs.values() if o.card.name == name)


# ------------------------------------------------------------------------------ madness

def test_madness_compiles_to_its_trigger():
    """CR 702.35a: "Madness {R}" is a keyword whose trigger casts the exiled card."""
    kw = next(ab for ab in DB.get("Fiery Temper").abilities if type(ab) is ir.Keyword)
    assert (kw.name, str(kw.cost.mana)) == ("madness", "{R}")
    assert keyword_trigger(kw).effects == (ir.CastWithMadness(),)
    assert DB.get("Fiery Temper").fully_supported and DB.get("Arrogant Wurm").fully_supported


def test_madness_with_x_is_not_supported():
    """X in a madness cost would be chosen as the spell is cast: not run (Avacyn's Judgment)."""
    card = CardDef.from_face({"name": "Avacyn's Judgment", "manaCost": "{1}{R}", "type": "Sorcery",
                              "types": ["Sorcery"], "text": "Madness {X}{R}"})
    assert any("madness cost with X" in why for why in card.unsupported)


LOOTING = """
turn: 3
players:
  - name: Alice
    hand: [Faithless Looting]
    library: [Fiery Temper, Forest, Island]
    battlefield: [Mountain, Mountain]
  - name: Bob
script:
  - cast: Faithless Looting
  - resolve
  - action: Fiery Temper
  - expect:
      exile: {Alice: [Fiery Temper]}
      stack: ["Fiery Temper's ability"]
      graveyard: {Alice: [Forest, Faithless Looting]}
  - resolve
"""


def test_discarded_while_resolving_waits_in_exile_then_is_declined():
    """Fiery Temper rulings (2016-04-08): discarded while a spell resolves, the card moves to exile
    at once and its trigger goes on the stack after that spell has finished resolving; declined,
    it is put into the graveyard, with no later chance to cast it."""
    game = play(LOOTING + """
  - may: no
expect:
  graveyard: {Alice: [Forest, Faithless Looting, Fiery Temper]}
  exile: {Alice: 0}
  life: {Bob: 20}
""")
    assert "doesn't cast Fiery Temper for its madness cost {R}: it is put into their graveyard" in game.explain()


def test_madness_cast_pays_the_madness_cost_and_survives_saving():
    """CR 702.35b, 118.9: the madness cost {R} is paid rather than the mana cost {1}{R}{R}, here
    with the last Mountain; a save taken mid-cast replays to the same game."""
    game = play(LOOTING + """
  - may: yes
  - action: "target Bob"
""")
    assert game.pending.kind == "pay"
    saved = Game.from_json(game.to_json(), DB)
    saved.push(Action("autopay"))
    assert [i.label for i in saved.current_state().stack] == ["Fiery Temper"]
    assert "Fiery Temper's total cost is {R}: its madness cost {R}" in saved.explain()


def test_madness_cant_cast_without_the_mana():
    """CR 601.2h: with no mana for {R} the card isn't offered and goes to the graveyard."""
    game = play(LOOTING.replace("[Mountain, Mountain]", "[Mountain]") + """
expect:
  graveyard: {Alice: [Forest, Faithless Looting, Fiery Temper]}
""")
    assert "can't cast Fiery Temper" in game.explain()


def test_milled_or_graveyard_card_isnt_discarded():
    """Fiery Temper ruling (2016-04-08): only a card discarded from a hand is exiled by madness."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Tormenting Voice, Forest]
    library: [Fiery Temper, Island]
    battlefield: [Mountain, Mountain]
  - name: Bob
script:
  - cast: Tormenting Voice
    choose: [Forest]
  - resolve
expect:
  hand: {Alice: [Fiery Temper, Island]}
  graveyard: {Alice: [Forest, Tormenting Voice]}
""")
    assert "madness" not in game.explain()


# ------------------------------------------------------------------------------ suspend

def test_suspend_compiles_to_its_two_triggers():
    """CR 702.62a: "Suspend 1—{R}": an upkeep trigger, whose last removal triggers the cast."""
    kw = next(ab for ab in DB.get("Rift Bolt").abilities if type(ab) is ir.Keyword)
    assert (kw.name, kw.arg, str(kw.cost.mana)) == ("suspend", "1", "{R}")
    upkeep = keyword_trigger(kw)
    assert upkeep.trigger.step == "upkeep" and type(upkeep.effects[0]) is ir.RemoveTimeCounter
    assert upkeep.effects[0].ability.effects == (ir.CastSuspended(),)


def test_suspend_only_when_it_could_be_cast():
    """Rift Bolt ruling (2013-06-07) and CR 702.62c: a sorcery can be suspended only when it could
    be cast: not on an opponent's turn, nor with a spell on the stack."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Rift Bolt]
    battlefield: [Mountain, Mountain]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""")
    assert "suspend Rift Bolt: pay {R} and exile it with a time counter" in labels(game)
    game.push(Action("pass"))
    assert not any(a.kind == "suspend" for a in game.legal_actions())


def test_no_mana_cost_can_only_be_suspended():
    """CR 118.6, 702.62a: Ancestral Vision has no mana cost, an unpayable one: it can't be cast
    from the hand, only suspended for {U}; four upkeeps later it is cast without paying it."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Ancestral Vision]
    battlefield: [Island]
    library: [{card: Island, count: 12}]
  - name: Bob
    library: [{card: Plains, count: 12}]
""")
    assert not any(a.kind == "cast" for a in game.legal_actions())
    why = explain(game.current_state(), 0, Action("cast", (named(game, "Ancestral Vision").id,)))
    assert "has no mana cost, an unpayable cost (CR 118.6)" in why
    game.push(next(a for a in game.legal_actions() if a.kind == "suspend"))
    game.push(Action("autopay"))
    assert named(game, "Ancestral Vision").counters == {"time": 4}
    for _ in range(400):
        d = game.pending
        if d.kind == "may":
            game.push(Action("yes"))
        elif d.kind == "targets":
            game.push(next(a for a in d.options if a.label == "target Alice"))
        else:
            game.push(d.options[0])
        if named(game, "Ancestral Vision").zone == "graveyard":
            break
    assert named(game, "Ancestral Vision").zone == "graveyard"
    log = game.explain()
    assert log.count("A time counter is removed from Ancestral Vision") == 4
    assert "Alice casts Ancestral Vision without paying its mana cost" in log


def test_undoing_a_time_counter_removal_restores_the_counter():
    """A suspended card is in exile, a zone whose objects earlier states share: removing a time
    counter (CR 702.62a) must not change the state before it, so pop() gives the counter back."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Ancestral Vision]
    battlefield: [Island]
    library: [{card: Island, count: 12}]
  - name: Bob
    library: [{card: Plains, count: 12}]
""")
    game.push(next(a for a in game.legal_actions() if a.kind == "suspend"))
    game.push(Action("autopay"))
    for _ in range(100):
        game.push(game.pending.options[0])
        if named(game, "Ancestral Vision").counters == {"time": 3}:
            break
    assert named(game, "Ancestral Vision").counters == {"time": 3}
    game.pop()
    assert named(game, "Ancestral Vision").counters == {"time": 4}


def test_haste_from_suspend_ends_when_control_changes():
    """Durkwood Baloth ruling (2013-06-07), CR 702.62a: the creature has haste until another player
    gains control of it; it doesn't come back when Alice gets it back."""
    game = play("""
turn: 3
players:
  - name: Alice
    exile: [{card: Durkwood Baloth, counters: {time: 1}}]
    library: [Forest, Forest]
  - name: Bob
    hand: [Act of Treason]
    battlefield: [Mountain, Mountain, Mountain]
    library: [Plains, Plains]
script:
  - pass_until: next turn
  - pass_until: next turn
  - pass_until: upkeep
  - resolve
  - resolve
  - may: yes
  - resolve
  - pass_until: next turn
  - pass_until: main1
  - cast: Act of Treason
    targets: Durkwood Baloth
  - resolve
  - pass_until: next turn
""")
    baloth = named(game, "Durkwood Baloth")
    assert baloth.controller == 0
    assert not ch.has(game.current_state(), baloth, "haste")
    assert "Durkwood Baloth loses the haste suspend gave it" in game.explain()


# ------------------------------------------------------------------------------ random games

@pytest.mark.parametrize("seed", range(4))
def test_random_agents_use_madness_and_suspend(seed):
    """Random agents discard, suspend and answer both keywords' choices in whole games."""
    spells = ["Fiery Temper", "Arrogant Wurm", "Faithless Looting", "Tormenting Voice", "Rift Bolt",
              "Durkwood Baloth", "Ancestral Vision", "Lotus Bloom", "Grizzly Bears", "Shock"]
    deck = Deck("madness", tuple((3, n) for n in spells) + ((4, "Mountain"), (3, "Forest"), (3, "Island")))
    game = Game.new(deck, deck, seed=seed)
    play_out_randomly(game, seed)
    log = game.explain()
    assert "suspends" in log or "(madness)" in log
