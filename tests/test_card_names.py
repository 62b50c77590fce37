"""Card names as people write them (CardDB.resolve), and MTGJSON printings files as card files."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.cards import CardDB, CardError, load_db
from manastack.cards.names import name_key
from manastack.decks import Deck


def _face(name, **extra):
    face = {"name": name, "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"],
            "manaCost": "{1}{G}", "power": "2", "toughness": "2", "text": "", "layout": "normal"}
    face.update(extra)
    return face


ATOMIC = {"data": {
    "Lim-Dûl's Vault": [_face("Lim-Dûl's Vault")],
    "Æther Vial": [_face("Æther Vial")],
    "Delver of Secrets // Insectile Aberration": [
        _face("Delver of Secrets // Insectile Aberration", faceName="Delver of Secrets", layout="transform", side="a"),
        _face("Delver of Secrets // Insectile Aberration", faceName="Insectile Aberration", layout="transform", side="b")],
    "Fire // Ice": [_face("Fire // Ice", faceName="Fire", layout="split", side="a"),
                    _face("Fire // Ice", faceName="Ice", layout="split", side="b")],
    "Bonecrusher Giant // Stomp": [_face("Bonecrusher Giant // Stomp", faceName="Bonecrusher Giant",
                                         layout="adventure", side="a")],
}}


@pytest.fixture(scope="module")
def db() -> CardDB:
    db = CardDB()
    db.add_atomic(json.loads(json.dumps(ATOMIC)), "test")
    return db


@pytest.mark.parametrize("written, real", [
    ("lim-dul's vault", "Lim-Dûl's Vault"),
    ("LIM-DÛL’S VAULT", "Lim-Dûl's Vault"),
    ("aether vial", "Æther Vial"),
    ("Delver of Secrets", "Delver of Secrets // Insectile Aberration"),
    ("fire/ice", "Fire // Ice"),
    ("Fire", "Fire // Ice"),
    ("Fire  //  Ice", "Fire // Ice"),
    ("bonecrusher giant", "Bonecrusher Giant // Stomp"),
])
def test_resolve_ignores_case_accents_and_finds_front_faces(db, written, real):
    assert db.resolve(written) == real


def test_unknown_name_lists_the_closest_real_names(db):
    with pytest.raises(CardError, match=r"unknown card 'Delver of Secret' \(did you mean "
                                        r"'Delver of Secrets // Insectile Aberration'"):
        db.resolve("Delver of Secret")


def test_resolve_sees_cards_added_later(db):
    extra = CardDB()
    extra.add_atomic(ATOMIC, "a")
    with pytest.raises(CardError):
        extra.resolve("Grizzly Bears")
    extra.add_atomic({"data": {"Grizzly Bears": [_face("Grizzly Bears")]}}, "b")
    assert extra.resolve("grizzly bears") == "Grizzly Bears"


def test_decklist_with_front_faces_and_accents(db):
    deck = Deck.parse("4 Delver of Secrets (ISD) 51\n2 lim-dul's vault\n", db=db)
    assert deck.entries == ((4, "Delver of Secrets // Insectile Aberration"), (2, "Lim-Dûl's Vault"))


def test_real_corpus_names(corpus_db):
    assert corpus_db.resolve("lim-dul's vault") == "Lim-Dûl's Vault"
    assert corpus_db.resolve("JÖTUN GRUNT") == "Jötun Grunt"
    assert corpus_db.resolve("delver of secrets") == "Delver of Secrets"


def test_a_card_named_like_another_cards_front_face_is_itself(corpus_db):
    # Invasion's Bind is a card of its own; the corpus also has a playtest split card whose
    # left half is named Bind: the exact name wins, the front face finds only what has no card
    assert corpus_db.resolve("Bind") == "Bind"
    assert corpus_db.get("Bind").fully_supported
    assert corpus_db.resolve("Bind // Liberate") == "Bind//Liberate"
    assert corpus_db.resolve("Fire") == "Fire // Ice"


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300))
def test_name_key_is_total_and_stable(text):
    key = name_key(text)
    assert name_key(key) == key


# ------------------------------------------------------------------------------ MTGJSON printings

def _printing(name, code, **extra):
    face = _face(name, setCode=code, uuid=f"{code}-{name}", number="1", artist="someone")
    face.update(extra)
    return face


SET_FILE = {"meta": {"version": "5"}, "data": {"code": "ISD", "name": "Innistrad", "tokens": [
    {"name": "Zombie", "type": "Token Creature — Zombie", "layout": "token"}], "cards": [
    _printing("Delver of Secrets // Insectile Aberration", "ISD", faceName="Delver of Secrets",
              layout="transform", side="a", manaCost="{U}", power="1", toughness="1"),
    _printing("Delver of Secrets // Insectile Aberration", "ISD", faceName="Insectile Aberration",
              layout="transform", side="b", manaCost=None, power="3", toughness="2", colorIndicator=["U"]),
    _printing("Grizzly Bears", "ISD"),
    _printing("Grizzly Bears", "ISD", number="2"),
]}}


def test_a_set_file_loads_as_a_card_file(tmp_path):
    path = tmp_path / "ISD.json"
    path.write_text(json.dumps(SET_FILE))
    db = load_db(path, builtin=False)
    assert db.names() == ["Delver of Secrets // Insectile Aberration", "Grizzly Bears"]
    card = db.get(db.resolve("delver of secrets"))
    assert (card.power, card.toughness) == ("1", "1") and "artist" not in card.face
    assert db.get("Grizzly Bears").subtypes == ("Bear",)


def test_all_printings_loads_every_set_first_printing_first(tmp_path):
    later = {"code": "M10", "cards": [_printing("Grizzly Bears", "M10", power="9"),
                                     _printing("Llanowar Elves", "M10")]}
    path = tmp_path / "AllPrintings.json"
    path.write_text(json.dumps({"meta": {}, "data": {"ISD": SET_FILE["data"], "M10": later}}))
    db = load_db(path, builtin=False)
    assert len(db) == 3
    assert db.get("Grizzly Bears").power == "2"       # the first printing met wins


def test_a_malformed_printing_names_the_file_set_and_card(tmp_path):
    bad = {"data": {"code": "ISD", "cards": [_printing("Grizzly Bears", "ISD"), "Forest"]}}
    path = tmp_path / "ISD.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(CardError, match=r"ISD\.json: set ISD: card 1 is not an MTGJSON card object"):
        load_db(path, builtin=False)
