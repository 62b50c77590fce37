"""Commander decks: decklists as deck sites export them, color identity (CR 903.4), who may be a
commander (CR 903.3, 702.124) and the deck check with ``DeckFormat.COMMANDER`` (CR 903.5)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from manastack.cards.identity import can_be_commander, color_identity, partner_problem
from manastack.decks import (Deck, DeckFormat, Section, check_deck, commander_deck, commander_decks,
                             inspect_deck, parse_decklist, resolve)

AYULA = "Ayula, Queen Among Bears"


@pytest.mark.parametrize("name, identity", [
    ("Forest", ""),                              # its mana ability is reminder text (CR 903.4c)
    ("Syndic of Tithes", "W"),                   # extort's {W/B} is reminder text (CR 903.4c)
    ("Dryad Arbor", "G"),                        # color indicator (CR 903.4)
    ("Transguild Courier", "WUBRG"),             # "is all colors", a CDA (CR 903.4, 604.3)
    ("Boros Signet", "WR"),                      # symbols in rules text (CR 903.4)
    ("Godhead of Awe", "WU"),                    # hybrid symbols count both colors
    ("Gitaxian Probe", "U"),                     # a Phyrexian symbol counts its color
    ("Delver of Secrets", "U"),                  # the back face too (CR 903.4d)
    ("Kessig Prowler", "G"),
    ("Bonecrusher Giant", "R"),                  # the Adventure (CR 903.4e)
    ("Fire // Ice", "UR"),                       # both halves
    ("Sol Ring", ""),
])
def test_color_identity(db, name, identity):
    assert "".join(c for c in "WUBRG" if c in color_identity(db.get(db.resolve(name)))) == identity


def test_who_can_be_a_commander(db):
    assert can_be_commander(db.get(AYULA)) is None
    assert "not legendary" in can_be_commander(db.get("Llanowar Elves"))
    assert "not a creature" in can_be_commander(db.get("Sol Ring")) or "not legendary" in can_be_commander(db.get("Sol Ring"))
    assert "not a creature" in can_be_commander(db.get("Karn, Scion of Urza"))
    # CR 903.3a: a planeswalker that says it can be your commander
    assert can_be_commander(db.get("Daretti, Scrap Savant")) is None


def test_partners(db):
    """CR 702.124c: both with partner; 702.124j: "Partner with" naming each other."""
    kraum, rograkh = db.get("Kraum, Ludevic's Opus"), db.get("Rograkh, Son of Rohgahh")
    pir, toothy = db.get("Pir, Imaginative Rascal"), db.get("Toothy, Imaginary Friend")
    assert partner_problem(kraum, rograkh) is None
    assert partner_problem(pir, toothy) is None
    assert "702.124" in partner_problem(pir, kraum)
    assert "702.124" in partner_problem(db.get(AYULA), kraum)


def _lines(deck_text: str) -> dict[Section, list[str]]:
    out: dict[Section, list[str]] = {}
    for line in parse_decklist(deck_text).lines:
        out.setdefault(line.section, []).append(line.name)
    return out


def test_deck_site_exports():
    # Archidekt: categories in brackets, the commander's category marked {top}, foil marks, tags
    archidekt = ("1x Ayula, Queen Among Bears (c20) 150 *F* [Commander{top}]\n"
                 "1x Sol Ring (c21) 263 [Ramp] ^Have,#37d67a^\n"
                 "1x Lightning Bolt (2xm) 137 [Maybeboard{noDeck}{noPrice}]\n"
                 "40x Forest (znr) 381 [Land]\n")
    assert _lines(archidekt) == {Section.COMMANDER: [AYULA], Section.MAIN: ["Sol Ring", "Forest"],
                                 Section.SIDEBOARD: ["Lightning Bolt"]}
    # TappedOut / EDHREC: *CMDR*
    assert _lines("1x Ayula, Queen Among Bears *CMDR*\n1x Sol Ring\n") == \
        {Section.COMMANDER: [AYULA], Section.MAIN: ["Sol Ring"]}
    # Deckstats: a "# !Commander" comment
    assert _lines("1 Ayula, Queen Among Bears # !Commander\n1 Sol Ring\n") == \
        {Section.COMMANDER: [AYULA], Section.MAIN: ["Sol Ring"]}
    # Moxfield / Arena: a Commander section
    assert _lines("Commander\n1 Ayula, Queen Among Bears (C20) 150\n\nDeck\n1 Sol Ring (C21) 263\n") == \
        {Section.COMMANDER: [AYULA], Section.MAIN: ["Sol Ring"]}


def test_mtgo_keeps_the_commander_in_the_sideboard(db):
    deck, problems = resolve(parse_decklist("1 Sol Ring\n98 Forest\n\n1 Ayula, Queen Among Bears\n"), db)
    assert problems == [] and deck.sideboard == ((1, AYULA),) and not deck.commander
    assert commander_deck(deck).commander == ((1, AYULA),)
    assert check_deck(deck, db, DeckFormat.COMMANDER) == []


@pytest.mark.parametrize("name", commander_decks())
def test_bundled_commander_decks_pass_the_check(db, name):
    deck, problems = inspect_deck(name, db, DeckFormat.COMMANDER)
    assert problems == []
    assert len(deck) + sum(n for n, _ in deck.commander) == 100


BROKEN = """Commander
1 Llanowar Elves

Deck
2 Sol Ring
1 Lightning Bolt
1 Mountain
1 Relentless Rats
1 Relentless Rats
90 Forest

Sideboard
1 Giant Growth
"""


def test_every_problem_is_listed_with_where(db):
    """CR 903.3, 903.5a-e at once, each problem on its line."""
    _, problems = inspect_deck_text(db, BROKEN)
    text = [str(p) for p in problems]
    assert any(t.startswith("broken.txt:2: ") and "Llanowar Elves is not legendary" in t and "903.3" in t
               for t in text)
    assert any("97 cards with the commander" in t and "903.5a" in t for t in text)
    assert any(t.startswith("broken.txt:5: ") and "2 copies of Sol Ring" in t and "903.5b" in t for t in text)
    assert any(t.startswith("broken.txt:6: ") and "Lightning Bolt" in t and "903.5c" in t for t in text)
    assert any(t.startswith("broken.txt:7: ") and "Mountain" in t and "903.5d" in t for t in text)
    assert any("sideboard" in t and "903.5e" in t for t in text)
    assert not any("copies of Relentless Rats" in t for t in text)    # "any number of cards named"
    assert any(t.startswith("broken.txt:8: ") and "Relentless Rats's color identity B" in t for t in text)
    assert not any("Forest" in t for t in text)                # basic lands
    assert len(problems) == 7


def inspect_deck_text(db, text: str):
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "broken.txt"
        path.write_text(text)
        deck, problems = inspect_deck(str(path), db, DeckFormat.COMMANDER, allow_partial=True)
    return deck, [type(p)(p.where.replace(str(path), "broken.txt"), p.message) for p in problems]


def test_no_commander_and_too_many_commanders(db):
    main = tuple([(1, "Sol Ring"), (98, "Forest")])
    problems = check_deck(Deck("d", main), db, DeckFormat.COMMANDER)
    assert [p.message for p in problems if "903.3" in p.message][0].startswith("no commander")
    three = Deck("d", ((96, "Forest"),), commander=((1, "Kraum, Ludevic's Opus"), (1, "Rograkh, Son of Rohgahh"),
                                                     (1, AYULA)))
    assert any("3 commanders" in p.message for p in check_deck(three, db, DeckFormat.COMMANDER))
    partners = Deck("d", ((98, "Mountain"),), commander=((1, "Kraum, Ludevic's Opus"),
                                                         (1, "Rograkh, Son of Rohgahh")))
    assert check_deck(partners, db, DeckFormat.COMMANDER) == []      # identity UR from both (CR 903.4)
    mismatched = Deck("d", ((98, "Forest"),), commander=((1, "Pir, Imaginative Rascal"), (1, AYULA)))
    assert any("702.124" in p.message for p in check_deck(mismatched, db, DeckFormat.COMMANDER))


_NAME = st.text(st.characters(whitelist_categories=("Lu", "Ll"), whitelist_characters=" ,'-"),
                min_size=1, max_size=30).map(str.strip).filter(lambda n: n and n[0].isalpha()
                                                                and not n.lower().startswith(("about", "name ")))
_MARK = st.sampled_from([" *CMDR*", " [Commander{top}]", " (c20) 150 *F* [Commander{top}]", " # !Commander"])
_PLAIN_MARK = st.sampled_from(["", " (abc) 12", " *F*", " [Ramp]", " [Ramp,Draw] ^Have,#37d67a^"])


@given(st.lists(st.tuples(st.integers(1, 99), _NAME, st.booleans()), min_size=1, max_size=20),
       st.data())
def test_marked_lines_read_back(lines, data):
    """Any card line with any of the sites' marks reads back as its count, its name and, for a
    commander's mark, the Commander section."""
    text = []
    for count, name, is_commander in lines:
        mark = data.draw(_MARK if is_commander else _PLAIN_MARK)
        text.append(f"{count}x {name}{mark}")
    read = parse_decklist("\n".join(text)).lines
    assert [(d.count, d.name) for d in read] == [(c, n) for c, n, _ in lines]
    for d, (_, _, is_commander) in zip(read, lines):
        assert (d.section is Section.COMMANDER) == is_commander


_CARDS = st.sampled_from(["Forest", "Island", "Sol Ring", "Lightning Bolt", "Llanowar Elves", AYULA,
                          "Kraum, Ludevic's Opus", "Rograkh, Son of Rohgahh", "Relentless Rats", "Dryad Arbor"])


@given(st.lists(st.tuples(st.integers(0, 120), _CARDS), max_size=12),
       st.lists(st.tuples(st.integers(0, 3), _CARDS), max_size=4),
       st.lists(st.tuples(st.integers(0, 2), _CARDS), max_size=3))
def test_the_commander_check_never_fails_and_names_where(db, main, side, commander):
    """Any deck: the check answers with a list of problems, each naming where and a rule."""
    deck = Deck("d", tuple(main), tuple(side), tuple(commander))
    problems = check_deck(deck, db, DeckFormat.COMMANDER)
    assert all(p.where and "CR " in p.message for p in problems)
    total = sum(n for n, _ in main) + sum(n for n, _ in commander) \
        + (sum(n for n, _ in side) if not commander and 1 <= sum(n for n, _ in side) <= 2 else 0)
    assert any("903.5a" in p.message for p in problems) == (total != 100)
