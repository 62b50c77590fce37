"""Staples of the combo decks (tests/data/staples.txt) made to compile: naming tutors (Demonic
Consultation, Spoils of the Vault), each played in a real game with its rulings from the corpus."""
from __future__ import annotations

from manastack.engine.decisions import Action, ActionKind
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, resolve


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


def _cast_and_name(g, spell: str, name: str) -> None:
    """cast ``spell``, let it resolve, and name ``name`` when asked (CR 201.3, 608.2d)."""
    cast_and_pay(g, spell)
    resolve(g)
    assert g.pending.kind == "choose_name", g.pending
    g.push(Action(ActionKind.NAME, (name,)))


def test_spoils_of_the_vault_finds_the_named_card_and_costs_a_life_for_each_exiled(db):
    """Spoils of the Vault: reveal until the named card, put it into the hand, exile the others
    and lose 1 life for each of them (CR 701.20a, 119.3)."""
    spoils = db.get("Spoils of the Vault")
    assert spoils.fully_supported
    assert spoils.abilities[0].effects[1] == ir.RevealUntil(ir.Filter(zone="library", name=ir.CHOSEN_NAME), rest="exile",
                                                            life_per_rest=1)
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Spoils of the Vault]
    library: [Island, Forest, Mountain, Tarmogoyf, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Spoils of the Vault", "Tarmogoyf")
    s = g.current_state()
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert names(g, 0, "exile") == ["Forest", "Island", "Mountain"]
    assert names(g, 0, "library") == ["Plains"]
    assert s.players[0].life == 17


def test_spoils_of_the_vault_naming_a_card_not_in_the_library_exiles_it_all(db):
    """The ruling: no card with the chosen name in the library, so the whole library is exiled
    and its controller loses 1 life for each card."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Spoils of the Vault]
    library: [Island, Forest, Mountain, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Spoils of the Vault", "Lightning Bolt")
    s = g.current_state()
    assert names(g, 0, "hand") == [] and names(g, 0, "library") == []
    assert len(names(g, 0, "exile")) == 4
    assert s.players[0].life == 16


def test_demonic_consultation_exiles_six_then_reveals_until_the_name(db):
    """Demonic Consultation exiles the top six cards first, then reveals until the named card:
    the cards between go to exile, no life is lost (CR 406.1, 701.20a)."""
    consult = db.get("Demonic Consultation")
    assert consult.fully_supported
    assert [type(e) for e in consult.abilities[0].effects] == [ir.ChooseCardName, ir.ExileTopCard, ir.RevealUntil]
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Demonic Consultation]
    library: [{card: Island, count: 6}, Forest, Tarmogoyf, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Demonic Consultation", "Tarmogoyf")
    s = g.current_state()
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert names(g, 0, "exile").count("Island") == 6 and "Forest" in names(g, 0, "exile")
    assert names(g, 0, "library") == ["Plains"]
    assert s.players[0].life == 20


def test_demonic_consultation_with_the_name_in_the_top_six_exiles_the_library(db):
    """The ruling: the named card among the top six is exiled with them, then the whole library
    is revealed and exiled; Alice doesn't lose then, but as she next draws (CR 704.5b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Demonic Consultation]
    library: [Island, Tarmogoyf, Island, Island, Island, Island, Forest, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Demonic Consultation", "Tarmogoyf")
    assert names(g, 0, "library") == [] and names(g, 0, "hand") == []
    assert len(names(g, 0, "exile")) == 8 and names(g, 0, "graveyard") == ["Demonic Consultation"]
    assert g.result is None
