"""Abilities that trigger on what a player does (CR 603.2): cycling (CR 702.29c), casting
(CR 601.2i), and the optional effects they bring ("you may have target creature get -1/-1",
"you may gain 1 life"; CR 608.2d), played with real cards and their rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve, stack_labels

ALICE, BOB = 0, 1


def test_an_instants_cycling_trigger_works_from_the_graveyard(corpus_db):
    """CR 702.29c: Stir the Sands (a sorcery) triggers from the graveyard it was cycled to; the
    trigger resolves before the cycling draw."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Stir the Sands]
    battlefield: [{card: Swamp, count: 4}]
    library: [Forest]
  - name: Bob
""")
    cast_and_pay(g, "activate Stir the Sands")
    assert stack_labels(g) == ["Stir the Sands' ability", "Stir the Sands' ability"]
    assert names(g, ALICE, "graveyard") == ["Stir the Sands"]
    resolve(g)
    [zombie] = on_battlefield(g, "Zombie Token")
    assert zombie.controller == ALICE and names(g, ALICE, "hand") == []
    resolve(g)
    assert names(g, ALICE, "hand") == ["Forest"]


def test_you_may_have_target_creature_get_minus_one(corpus_db):
    """Death Pulse: "When you cycle Death Pulse, you may have target creature get -1/-1 until end
    of turn." The target is chosen as the trigger goes on the stack (CR 603.3d); whether it
    happens is chosen as it resolves (CR 608.2d)."""
    def cycled(answer: str):
        g = board(corpus_db, """
  - name: Alice
    hand: [Death Pulse]
    battlefield: [{card: Swamp, count: 3}]
    library: [Forest]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
        cast_and_pay(g, "activate Death Pulse", "Llanowar Elves")
        resolve(g)
        assert g.pending.kind == "may" and g.pending.player == ALICE
        g.push(Action(answer))
        return g
    g = cycled("no")
    assert on_battlefield(g, "Llanowar Elves")
    g = cycled("yes")
    assert on_battlefield(g, "Llanowar Elves") == [] and names(g, BOB, "graveyard") == ["Llanowar Elves"]


def test_you_may_have_target_opponent_discard(corpus_db):
    """Brutal Nightstalker: its controller chooses, the targeted opponent discards (CR 701.9a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Brutal Nightstalker]
    battlefield: [{card: Swamp, count: 5}]
  - name: Bob
    hand: [Forest]
""")
    cast_and_pay(g, "cast Brutal Nightstalker")
    resolve(g)                               # the creature spell
    resolve(g)                               # its enters trigger, targeting Bob
    assert g.pending.kind == "may" and g.pending.player == ALICE
    pick(g, "yes")
    assert names(g, BOB, "hand") == [] and names(g, BOB, "graveyard") == ["Forest"]


def test_a_player_casts_a_blue_spell_you_may_gain_life(corpus_db):
    """Kraken's Eye: any player's blue spell; the life goes to Kraken's Eye's controller, who
    chooses (CR 603.2, 608.2d)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Kraken's Eye]
  - name: Bob
    hand: [Opt]
    battlefield: [Island]
""", turn=2)
    g.push(Action("pass"))
    while g.pending.player != BOB:
        g.push(Action("pass"))
    cast_and_pay(g, "cast Opt")
    assert stack_labels(g) == ["Opt", "Kraken's Eye's ability"]      # the trigger on top
    resolve(g)
    assert g.pending.kind == "may" and g.pending.player == ALICE
    pick(g, "yes")
    s = g.current_state()
    assert s.players[ALICE].life == 21 and s.players[BOB].life == 20


def test_a_spell_of_one_of_two_colors_triggers(corpus_db):
    """Putrefaction: "Whenever a player casts a green or white spell, that player discards a
    card." A green spell is one of the two colors (CR 105.2); a blue one is neither."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Putrefaction, {card: Forest, count: 1}, {card: Island, count: 1}]
    hand: [Giant Growth, Opt, Plains]
    library: [Swamp]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Opt")
    assert stack_labels(g) == ["Opt"]
    resolve(g)
    while g.pending.kind != "priority":      # Opt's scry
        g.push(g.legal_actions()[0])
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    assert stack_labels(g) == ["Giant Growth", "Putrefaction's ability"]
    resolve(g)
    while g.pending.kind != "priority":      # Alice, the caster, discards (CR 701.9a)
        assert g.pending.player == ALICE
        g.push(g.legal_actions()[0])
    assert len(names(g, ALICE, "graveyard")) == 2 and len(names(g, ALICE, "hand")) == 1  # Opt and one card


def test_tap_or_untap_is_chosen_as_it_resolves(corpus_db):
    """Twiddle: "You may tap or untap target artifact, creature, or land." The choice is made on
    resolution (CR 608.2d, 701.26): here the land tapped for Twiddle is untapped again."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Twiddle]
    battlefield: [Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Twiddle", "Island")
    [island] = on_battlefield(g, "Island")
    assert island.tapped
    resolve(g)
    pick(g, "yes")
    assert g.pending.kind == "tap_or_untap" and g.pending.player == ALICE
    pick(g, "untap")
    [island] = on_battlefield(g, "Island")
    assert not island.tapped


def test_tap_or_untap_an_opponents_creature(corpus_db):
    """Pestermite: "When Pestermite enters the battlefield, you may tap or untap target
    permanent." Tapping Bob's untapped creature taps it."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Pestermite]
    battlefield: [{card: Island, count: 3}]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Pestermite")
    resolve(g)
    while g.pending.kind == "targets":
        pick(g, "target Grizzly Bears")
    resolve(g)
    pick(g, "yes")
    pick(g, "tap")
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert bears.tapped


def _bob_casts(corpus_db, alice: str, bob: str, alice_hand: str = "[]"):
    """Bob's turn, his first main phase: Bob has priority with Opt in hand."""
    g = board(corpus_db, f"""
  - name: Alice
    battlefield: {alice}
    hand: {alice_hand}
    library: [Forest, Forest]
  - name: Bob
    hand: [Opt]
    battlefield: {bob}
    library: [Swamp, Swamp]
""", turn=2, active="Bob")
    while not (g.pending.kind == "priority" and g.pending.player == BOB and g.current_state().step == "main1"):
        g.push(Action("pass"))
    return g


def test_rhystic_study_the_caster_chooses_first(corpus_db):
    """Rhystic Study rulings: the player who cast the spell chooses whether to pay {1} as the
    ability resolves; only if they don't does Rhystic Study's controller choose whether to draw."""
    g = _bob_casts(corpus_db, "[Rhystic Study]", "[Island, Island]")
    cast_and_pay(g, "cast Opt")
    resolve(g)                                          # Rhystic Study's ability
    assert g.pending.kind == "unless" and g.pending.player == BOB
    pick(g, "don't")
    assert g.pending.kind == "may" and g.pending.player == ALICE
    pick(g, "yes")
    assert names(g, ALICE, "hand") == ["Forest"]
    g = _bob_casts(corpus_db, "[Rhystic Study]", "[Island, Island]")
    cast_and_pay(g, "cast Opt")
    resolve(g)
    pick(g, "pay")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert g.pending.kind == "priority" and names(g, ALICE, "hand") == []   # no choice to draw


def test_nether_void_counters_the_spell_of_a_player_who_doesnt_pay(corpus_db):
    """Nether Void: "counter it unless that player pays {3}": Bob, with no mana left, can't pay
    (CR 118.3) and Opt is countered (CR 701.6a)."""
    g = _bob_casts(corpus_db, "[Nether Void]", "[Island]")
    cast_and_pay(g, "cast Opt")
    resolve(g)
    assert stack_labels(g) == [] and names(g, BOB, "graveyard") == ["Opt"]
    assert names(g, BOB, "hand") == []                 # Opt never resolved: no card drawn


def test_cast_during_an_opponents_turn(corpus_db):
    """Brineborn Cutthroat: a spell Alice casts during Bob's turn triggers it; one she casts
    during her own turn doesn't (CR 601.2i)."""
    g = _bob_casts(corpus_db, "[Brineborn Cutthroat, Island, Island]", "[Island]", "[Opt, Opt]")
    g.push(Action("pass"))                              # Bob passes: Alice has priority
    assert g.pending.player == ALICE
    cast_and_pay(g, "cast Opt")
    assert stack_labels(g) == ["Opt", "Brineborn Cutthroat's ability"]
    resolve(g)
    [cutthroat] = on_battlefield(g, "Brineborn Cutthroat")
    assert cutthroat.counters == {"+1/+1": 1}
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Brineborn Cutthroat, Island]
    hand: [Opt]
    library: [Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Opt")
    assert stack_labels(g) == ["Opt"]


def test_playing_a_land_triggers_for_that_player(corpus_db):
    """Horn of Greed: "Whenever a player plays a land, that player draws a card." Dirtcowl Wurm
    sees only an opponent's land (CR 305.1, 603.2)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Forest]
    battlefield: [Horn of Greed, Dirtcowl Wurm]
    library: [Island]
  - name: Bob
""")
    pick(g, "play Forest")
    assert stack_labels(g) == ["Horn of Greed's ability"]
    resolve(g)
    assert names(g, ALICE, "hand") == ["Island"]
    [wurm] = on_battlefield(g, "Dirtcowl Wurm")
    assert wurm.counters == {}
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Dirtcowl Wurm]
  - name: Bob
    hand: [Swamp]
""", turn=2, active="Bob")
    pick(g, "play Swamp")
    assert stack_labels(g) == ["Dirtcowl Wurm's ability"]
    resolve(g)
    [wurm] = on_battlefield(g, "Dirtcowl Wurm")
    assert wurm.counters == {"+1/+1": 1}


def test_you_gain_life_for_the_first_time_each_turn(corpus_db):
    """Cleric of Life's Bond: only the turn's first life gain triggers it (CR 119.3, 603.2)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Revitalize, Revitalize]
    battlefield: [Cleric of Life's Bond, {card: Plains, count: 4}]
    library: [Island, Island]
  - name: Bob
""")
    for _ in range(2):
        cast_and_pay(g, "cast Revitalize")
        resolve(g)                               # Revitalize: 3 life, a card
        if stack_labels(g):
            resolve(g)                           # the Cleric's ability
    [cleric] = on_battlefield(g, "Cleric of Life's Bond")
    assert cleric.counters == {"+1/+1": 1}
    assert g.current_state().players[ALICE].life == 26
