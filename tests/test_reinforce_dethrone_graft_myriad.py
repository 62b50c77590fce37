"""Keyword abilities run with real cards from the card corpus: reinforce (CR 702.77) and
dethrone (CR 702.105)."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, names, resolve, stack_labels
from .test_permanent_keywords import attack

ALICE, BOB = 0, 1


def permanent(g: Game, name: str):
    return next(o for o in g.current_state().permanents() if o.card.name == name)


# ------------------------------------------------------------------------------ reinforce (CR 702.77)


def test_reinforce_discards_the_card_for_counters_on_target_creature_at_instant_speed(db):
    """Burrenton Bombardier (reinforce 2—{2}{W}): from the hand, paying {2}{W} and discarding it,
    two +1/+1 counters on target creature (CR 702.77a); an activated ability, so at any time
    Alice has priority, here with a spell on the stack."""
    g = board(db, """
  - name: Alice
    hand: [Burrenton Bombardier, Shock]
    battlefield: [Plains, Plains, Plains, Mountain, Grizzly Bears]
  - name: Bob
""", turn=3)
    label = "activate Burrenton Bombardier: Reinforce 2—{2}{W} (CR 702.77a)"
    assert label in labels(g)
    cast_and_pay(g, "cast Shock", "target Bob")
    assert g.current_state().stack and label in labels(g)
    cast_and_pay(g, label, "Grizzly Bears")
    assert names(g, ALICE, "graveyard") == ["Burrenton Bombardier"]
    resolve(g)
    s = g.current_state()
    bears = permanent(g, "Grizzly Bears")
    assert bears.counters.get("+1/+1") == 2 and (ch.power(s, bears), ch.toughness(s, bears)) == (4, 4)


def test_reinforce_works_only_from_the_hand(db):
    """Burrenton Bombardier on the battlefield has no reinforce to activate (CR 702.77a-b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Plains, Plains, Burrenton Bombardier]
  - name: Bob
""", turn=3)
    assert not any("Reinforce" in x for x in labels(g))


# ------------------------------------------------------------------------------ dethrone (CR 702.105)


def test_dethrone_counter_when_the_defender_has_the_most_life_or_is_tied(db):
    """Grenzo's Cutthroat (1/1 first strike, dethrone) attacks Bob at 20 life, tied with Alice:
    a +1/+1 counter on it (CR 702.105a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Grenzo's Cutthroat]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Grenzo's Cutthroat")
    assert stack_labels(g) == ["Grenzo's Cutthroat's ability"]
    resolve(g)
    s = g.current_state()
    rogue = permanent(g, "Grenzo's Cutthroat")
    assert rogue.counters.get("+1/+1") == 1 and ch.power(s, rogue) == 2


def test_dethrone_does_not_trigger_against_a_player_with_less_life(db):
    """Bob at 12 life, Alice at 20: Grenzo's Cutthroat attacking Bob doesn't trigger."""
    g = board(db, """
  - name: Alice
    battlefield: [Grenzo's Cutthroat]
  - name: Bob
    life: 12
""", step="beginning_of_combat", turn=3)
    attack(g, "Grenzo's Cutthroat")
    assert stack_labels(g) == []
    assert not permanent(g, "Grenzo's Cutthroat").counters.get("+1/+1")


# ------------------------------------------------------------------------------ graft (CR 702.58)


def test_graft_enters_with_counters_and_moves_one_onto_another_creature(db):
    """Simic Initiate (0/0, graft 1) enters with a +1/+1 counter; when Grizzly Bears enters, Alice
    may move that counter onto the Bears (CR 702.58a, 122.5); the Initiate, 0/0 now, is put into
    the graveyard (CR 704.5f)."""
    g = board(db, """
  - name: Alice
    hand: [Simic Initiate, Grizzly Bears]
    battlefield: [Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Simic Initiate")
    resolve(g)
    assert permanent(g, "Simic Initiate").counters == {"+1/+1": 1}
    assert stack_labels(g) == []            # it doesn't see itself enter ("another creature")
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == ["Simic Initiate's ability"]
    resolve(g)
    assert g.pending.kind == "may"
    g.push(Action("yes"))
    s = g.current_state()
    bears = permanent(g, "Grizzly Bears")
    assert bears.counters == {"+1/+1": 1} and (ch.power(s, bears), ch.toughness(s, bears)) == (3, 3)
    assert names(g, ALICE, "graveyard") == ["Simic Initiate"]


def test_graft_without_a_counter_does_not_trigger(db):
    """An intervening "if" (CR 603.4): Simic Initiate kept alive by Glorious Anthem, its counter
    moved away, doesn't trigger when an opponent's creature enters later."""
    g = board(db, """
  - name: Alice
    battlefield: [Simic Initiate, Glorious Anthem]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
""", turn=4, active="Bob")
    assert not permanent(g, "Simic Initiate").counters
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == [] and permanent(g, "Grizzly Bears").counters == {}


def test_graft_triggers_on_an_opponents_creature(db):
    """Graft sees any other creature enter: Bob's Grizzly Bears, Alice moves the counter onto it."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Simic Initiate, counters: {"+1/+1": 1}}, Glorious Anthem]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == ["Simic Initiate's ability"]
    resolve(g)
    assert g.pending.kind == "may" and g.pending.player == ALICE
    g.push(Action("yes"))
    assert permanent(g, "Grizzly Bears").counters == {"+1/+1": 1}
    assert not permanent(g, "Simic Initiate").counters


# ------------------------------------------------------------------------------ myriad (CR 702.116)


def test_myriad_makes_no_copy_with_a_single_opponent(db):
    """Warchief Giant (myriad) attacks Bob: the trigger goes on the stack and resolves, but the
    copies are for opponents other than the defending player, and Bob is the only one
    (CR 702.116a): no token."""
    g = board(db, """
  - name: Alice
    battlefield: [Warchief Giant]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Warchief Giant")
    assert stack_labels(g) == ["Warchief Giant's ability"]
    resolve(g)
    s = g.current_state()
    assert not s.stack and [o.card.name for o in s.permanents()] == ["Warchief Giant"]
