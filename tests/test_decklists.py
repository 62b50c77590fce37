"""Decklists as people have them (plain, MTG Arena, MTGO .txt and .dek), their bounds, and the
deck check (CR 100.2a-b)."""
from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.cards import DECK_DIR, CardDB, default_db
from manastack.decks import (LIMITS, Deck, DeckError, DeckFormat, Section, check_deck, inspect_deck,
                             load_deck, parse_decklist, resolve)

ARENA = """About
Name Stompy

Deck
4 Llanowar Elves (DOM) 168
4 Grizzly Bears (M10) 181
24 Forest (ANB) 112
4 Shock (M19) 156

Sideboard
3 Giant Growth (M10) 185
"""

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <NetDeckID>0</NetDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Shock" Annotation="0" />
  <Cards CatID="2" Quantity="20" Sideboard="false" Name="Mountain" />
  <Cards CatID="3" Quantity="3" Sideboard="true" Name="Giant Growth" />
</Deck>
"""

PARTIAL = {"name": "Flibbering Oddity", "type": "Creature — Horror", "types": ["Creature"],
           "subtypes": ["Horror"], "manaCost": "{1}{G}", "power": "2", "toughness": "2",
           "text": "Flibber the jabberwock twice each moon.", "layout": "normal"}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return default_db()


def test_arena_export_keeps_sections_apart_and_drops_set_codes(db):
    deck, problems = resolve(parse_decklist(ARENA, "stompy.txt"), db)
    assert problems == []
    assert dict((n, c) for c, n in deck.entries) == {"Llanowar Elves": 4, "Grizzly Bears": 4,
                                                     "Forest": 24, "Shock": 4}
    assert deck.sideboard == ((3, "Giant Growth"),)
    assert len(deck) == 36 and "Giant Growth" not in deck.card_names


def test_arena_commander_and_companion_sections(db):
    text = "Commander\n1 Grizzly Bears\n\nCompanion\n1 Llanowar Elves\n\nDeck\n30 Forest\n"
    deck = Deck.parse(text, db=db)
    assert deck.commander == ((1, "Grizzly Bears"),) and deck.companion == ((1, "Llanowar Elves"),)
    assert deck.entries == ((30, "Forest"),)


def test_mtgo_dek_xml_keeps_the_sideboard_apart(db):
    listed = parse_decklist(DEK, "deck.dek")
    assert [(d.count, d.name, d.section) for d in listed.lines] == [
        (4, "Shock", Section.MAIN), (20, "Mountain", Section.MAIN), (3, "Giant Growth", Section.SIDEBOARD)]
    deck, problems = resolve(listed, db)
    assert problems == [] and len(deck) == 24 and deck.sideboard == ((3, "Giant Growth"),)


def test_mtgo_dek_unknown_card_is_named_by_element(db):
    _, problems = resolve(parse_decklist(DEK.replace('Name="Mountain"', 'Name="Mountian"'), "deck.dek"), db)
    assert [str(p) for p in problems] == [
        "deck.dek: Cards element 2: unknown card 'Mountian' (did you mean 'Mountain'?)"]


@pytest.mark.parametrize("text", ["<Deck><Cards Quantity='x' Name='Shock'/></Deck>", "<Deck><Cards",
                                  '<!DOCTYPE d [<!ENTITY a "aaaa">]><Deck>&a;</Deck>'])
def test_bad_dek_files_are_refused_with_the_file_named(text):
    with pytest.raises(DeckError, match=r"^deck\.dek: "):
        parse_decklist(text, "deck.dek")


def test_mtgo_txt_blank_line_starts_the_sideboard(db):
    deck = Deck.parse("4 Shock\n20 Mountain\n\n2 Giant Growth\n1 Forest\n", db=db)
    assert deck.entries == ((4, "Shock"), (20, "Mountain"))
    assert deck.sideboard == ((2, "Giant Growth"), (1, "Forest"))


def test_plain_list_in_several_blocks_is_all_main_deck(db):
    deck = Deck.parse("# burn\n4 Shock\n\n4x Grizzly Bears\n\n12\tForest\n", db=db)
    assert len(deck) == 20 and deck.sideboard == ()


def test_names_match_ignoring_case_and_typographic_apostrophes(db):
    deck = Deck.parse("4 GRIZZLY BEARS\n4 healer\u2019s hawk\n", db=db)
    assert deck.entries == ((4, "Grizzly Bears"), (4, "Healer's Hawk"))


def test_every_unknown_card_is_listed_at_once_with_close_matches(db):
    with pytest.raises(DeckError) as err:
        Deck.parse("4 Shokc\n4 Grizzly Bares\n10 Forest\n", where="mine.txt", db=db)
    lines = str(err.value).splitlines()
    assert lines == ["mine.txt:1: unknown card 'Shokc' (did you mean 'Shock'?)",
                     "mine.txt:2: unknown card 'Grizzly Bares' (did you mean 'Grizzly Bears'?)"]


def test_deck_check_lists_every_problem_at_once():
    db = default_db()
    db2 = CardDB()
    db2.add_atomic({"data": {n: [db.get(n).face] for n in ("Shock", "Forest", "Grizzly Bears")}}, "t")
    db2.add_atomic({"data": {PARTIAL["name"]: [PARTIAL]}}, "partial")
    text = "6 Shock\n20 Forest\n2 Flibbering Oddity\n1 Grizly Bears\n"
    deck, problems = inspect_deck_text(text, db2, DeckFormat.CONSTRUCTED)
    messages = [p.message for p in problems]
    assert len(messages) == 4, messages
    assert messages[0].startswith("Flibbering Oddity has Oracle text manastack can't run yet")
    assert messages[1].startswith("unknown card 'Grizly Bears' (did you mean 'Grizzly Bears'?)")
    assert messages[2] == "28 main-deck cards; constructed decks need at least 60 (CR 100.2)"
    assert messages[3].startswith("6 copies of Shock; at most 4")
    assert [p.where for p in problems] == ["t.txt:3", "t.txt:4", "t.txt", "t.txt"]


def inspect_deck_text(text, db, fmt):
    deck, problems = resolve(parse_decklist(text, "t.txt"), db)
    return deck, problems + check_deck(deck, db, fmt, "t.txt")


def test_limited_has_no_copy_limit_and_basic_lands_are_exempt(db):
    deck = Deck.parse("30 Forest\n10 Shock\n", db=db)
    assert check_deck(deck, db, DeckFormat.LIMITED) == []
    assert [p.message for p in check_deck(deck, db, DeckFormat.CONSTRUCTED)] == [
        "40 main-deck cards; constructed decks need at least 60 (CR 100.2)",
        "10 copies of Shock; at most 4 of a card other than a basic land (CR 100.2a)"]


def test_constructed_sideboard_holds_at_most_fifteen_cards(db):
    deck = Deck.parse("Deck\n60 Forest\nSideboard\n4 Shock\n12 Mountain\n", db=db)
    assert [p.message for p in check_deck(deck, db, DeckFormat.CONSTRUCTED)] == [
        "16 sideboard cards; at most 15 (CR 100.4a)"]
    assert check_deck(deck, db, DeckFormat.LIMITED) == []


def test_bundled_decks_pass_the_limited_check(db):
    for name in ("gruul-stompy", "azorius-skies"):
        deck, problems = inspect_deck(name, db, DeckFormat.LIMITED)
        assert problems == [] and len(deck) == 40


def test_all_counts_zero_is_refused(db):
    with pytest.raises(DeckError, match="every count is 0"):
        Deck.parse("0 Shock\n0 Forest\n", db=db)


def test_a_bundled_deck_name_cannot_reach_outside_the_bundled_folder(tmp_path, monkeypatch, db):
    (tmp_path / "evil.txt").write_text("40 Forest\n")
    outside = os.path.relpath(tmp_path / "evil", DECK_DIR)     # climbs out of the bundled folder
    monkeypatch.chdir(tmp_path.parent)
    with pytest.raises(DeckError, match="no deck file"):
        load_deck(outside, db)
    with pytest.raises(DeckError, match="no deck file"):
        load_deck("../decks/gruul-stompy", db)


def test_a_real_file_path_still_loads(tmp_path, db):
    (tmp_path / "mine.txt").write_text("40 Forest\n")
    assert len(load_deck(str(tmp_path / "mine.txt"), db)) == 40


@pytest.mark.parametrize("text, message", [
    ("1 " + "x" * (LIMITS.line_chars + 10), f"t.txt:1: the line is {LIMITS.line_chars + 12} characters long"),
    ("4 Shock\n" * (LIMITS.lines + 1), f"t.txt: more than {LIMITS.lines} lines"),
    ("1000 Shock", "t.txt:1: a count of 1000 is more than the limit of 250"),
    ("251 Shock", "t.txt:1: a count of 251 is more than the limit of 250"),
    ("4 Shock\nShock", "t.txt:2: expected 'COUNT CARD NAME', got 'Shock'"),
    ("x" * (LIMITS.file_bytes + 1), "t.txt: the decklist is"),
])
def test_bounds_are_stated_and_enforced(text, message):
    with pytest.raises(DeckError) as err:
        parse_decklist(text, "t.txt")
    assert str(err.value).startswith(message)
    assert len(str(err.value)) < 200          # a huge line is never quoted whole


def test_cards_per_deck_bound(db):
    text = "\n".join(["250 Forest"] * 5)
    with pytest.raises(DeckError, match=f"1250 cards; the limit is {LIMITS.cards}"):
        Deck.parse(text, where="t.txt", db=db)


def test_oversized_file_is_refused_before_reading(tmp_path, db):
    path = tmp_path / "big.txt"
    path.write_text("4 Shock\n" + "#" * LIMITS.file_bytes)
    with pytest.raises(DeckError, match=r"big\.txt: the file is \d+ bytes; the limit is 1000000"):
        load_deck(str(path), db)


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_text_reads_or_fails_with_a_deck_error(text):
    try:
        listed = parse_decklist(text, "t.txt")
    except DeckError as exc:
        assert str(exc).startswith("t.txt")
    else:
        assert all(0 <= d.count <= LIMITS.count and d.name for d in listed.lines)


_NAMES = ("Shock", "Forest", "Grizzly Bears", "Llanowar Elves", "Giant Growth", "Serra Angel")


@settings(max_examples=40, deadline=None)
@given(main=st.dictionaries(st.sampled_from(_NAMES), st.integers(1, 250), min_size=1),
       side=st.dictionaries(st.sampled_from(_NAMES), st.integers(1, 15)),
       arena=st.booleans())
def test_written_lists_read_back(main, side, arena):
    def lines(part):
        return [f"{n} {name}" + (" (M10) 12" if arena else "") for name, n in part.items()]

    if arena:
        text = "\n".join(["Deck", *lines(main), "", "Sideboard", *lines(side)])
    else:
        text = "\n".join([*lines(main), *([""] + lines(side) if side else [])])
    listed = parse_decklist(text, "t.txt")
    got_main = {d.name: d.count for d in listed.lines if d.section is Section.MAIN}
    got_side = {d.name: d.count for d in listed.lines if d.section is Section.SIDEBOARD}
    assert (got_main, got_side) == (main, side)
