"""Staples paid for with another card: tutors that find a creature by the mana value of the one
sacrificed to pay for them (Neoform, Prime Speaker Vannifar, Birthing Pod; CR 608.2h), and Mox
Diamond's discard as it would enter (CR 614.1c), each played in a real game with its rulings."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pick, resolve


def _search_options(g) -> list[str]:
    assert g.pending.kind == "search", g.pending
    return sorted(labels(g))


def test_neoform_finds_a_creature_of_one_more_mana_value_with_a_counter(db):
    """Neoform: the sacrificed creature's mana value plus 1, as it last existed (CR 608.2h); the
    creature found enters with an additional +1/+1 counter (CR 614.1c)."""
    neoform = db.get("Neoform")
    assert neoform.fully_supported
    search = neoform.abilities[0].effects[0]
    assert search.counter == "+1/+1"
    assert search.filter.mana_value_equals == ir.Plus(ir.StatOf(ir.Ref(ir.SACRIFICED), "mana_value"), 1)
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Island, Llanowar Elves]
    hand: [Neoform]
    library: [Serra Angel, Grizzly Bears, Tarmogoyf, Birds of Paradise, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Neoform", "Llanowar Elves")
    assert names(g, 0, "graveyard") == ["Llanowar Elves"]     # sacrificed as it was cast
    resolve(g)
    assert _search_options(g) == ["Grizzly Bears", "Tarmogoyf", "find nothing more"]
    pick(g, "Grizzly Bears")
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert bears.counters == {"+1/+1": 1}
    assert sorted(names(g, 0, "library")) == ["Birds of Paradise", "Forest", "Serra Angel", "Tarmogoyf"]


def test_neoform_cant_be_cast_without_a_creature_to_sacrifice(db):
    """The ruling: exactly one creature must be sacrificed to cast it (CR 601.2b, 601.2h)."""
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Island]
    hand: [Neoform]
    library: [Grizzly Bears]
  - name: Bob
""", turn=3)
    assert not any(label.startswith("cast Neoform") for label in labels(g))


def test_prime_speaker_vannifar_counts_x_as_zero_in_the_library(db):
    """Vannifar's ruling: a card with {X} in its mana cost has mana value 0 in the library (CR
    202.3b): sacrificing a 0-drop finds a 1-drop, not Hangarback Walker, and the creature found
    enters without a counter."""
    vannifar = db.get("Prime Speaker Vannifar")
    assert vannifar.fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Prime Speaker Vannifar, Memnite]
    library: [Hangarback Walker, Birds of Paradise, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Prime Speaker Vannifar", "Memnite")
    resolve(g)
    assert _search_options(g) == ["Birds of Paradise", "find nothing more"]
    pick(g, "Birds of Paradise")
    assert on_battlefield(g, "Birds of Paradise")[0].counters == {}
    assert names(g, 0, "graveyard") == ["Memnite"]


def test_birthing_pod_paid_with_life_for_its_phyrexian_symbol(db):
    """Birthing Pod, in the Oracle text's older spelling {GP} of the Phyrexian symbol: without
    green mana its {G/P} is paid with 2 life (CR 107.4f), and the creature sacrificed for the cost
    sets the mana value searched for (CR 608.2h)."""
    pod = db.get("Birthing Pod")
    assert pod.fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Birthing Pod, Plains, Grizzly Bears]
    library: [Birds of Paradise, Serra Angel, Wall of Omens, Centaur Courser]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Birthing Pod", "Grizzly Bears")
    assert g.current_state().players[0].life == 18
    resolve(g)
    assert _search_options(g) == ["Centaur Courser", "find nothing more"]
    pick(g, "Centaur Courser")
    assert on_battlefield(g, "Centaur Courser")[0].counters == {}


def test_mox_diamond_enters_when_a_land_card_is_discarded(db):
    """Mox Diamond: as it would enter, its controller may discard a land card instead; if they do,
    it enters (CR 614.1c) and taps for mana of any color."""
    assert db.get("Mox Diamond").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Reckless Fireweaver]
    hand: [Mox Diamond, Forest, Lightning Bolt]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Mox Diamond")
    resolve(g)
    assert g.pending.kind == "may", g.pending
    assert sorted(labels(g)) == ["discard Forest", "put Mox Diamond into the graveyard"]
    pick(g, "discard Forest")
    assert names(g, 0, "graveyard") == ["Forest"]
    assert names(g, 0, "hand") == ["Lightning Bolt"]
    assert len(on_battlefield(g, "Mox Diamond")) == 1
    resolve(g)      # Reckless Fireweaver saw an artifact enter
    assert g.current_state().players[1].life == 19


def test_mox_diamond_without_a_land_discarded_never_enters(db):
    """The ruling: without a land card discarded, Mox Diamond never enters, so abilities that look
    for something entering don't trigger; it goes to its owner's graveyard (CR 614.1c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Reckless Fireweaver]
    hand: [Mox Diamond, Lightning Bolt]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Mox Diamond")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Mox Diamond"]
    assert names(g, 0, "hand") == ["Lightning Bolt"]
    assert not on_battlefield(g, "Mox Diamond")
    assert not g.current_state().stack
    assert g.current_state().players[1].life == 20


def test_mox_diamond_may_keep_the_land(db):
    """"You may discard": with a land card in hand its controller may still decline, and the Mox
    goes to the graveyard."""
    g = board(db, """
  - name: Alice
    hand: [Mox Diamond, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Mox Diamond")
    resolve(g)
    pick(g, "put Mox Diamond into the graveyard")
    assert names(g, 0, "graveyard") == ["Mox Diamond"]
    assert names(g, 0, "hand") == ["Forest"]
