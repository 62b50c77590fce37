"""Decklists as people have them, and the deck check.

Read forms (told apart by content):

- plain ``COUNT NAME`` lines (``4 Shock``, ``4x Shock``), ``#`` starting a comment;
- MTG Arena exports: ``Deck``, ``Sideboard``, ``Commander``, ``Companion`` (and ``About`` /
  ``Name ...``) headers, card lines with a set and collector number (``4 Llanowar Elves (DOM) 168``);
- MTGO ``.txt``: the main deck, a blank line, the sideboard (two blocks of card lines and no header);
- MTGO ``.dek`` XML: ``<Cards Quantity="4" Sideboard="false" Name="..."/>`` elements;
- Commander decks as deck sites export them: a ``Commander`` header (Arena, Moxfield), a card
  line marked ``*CMDR*`` (TappedOut, EDHREC), an Archidekt line with its categories
  (``1x Sol Ring (c21) 263 [Ramp]``, the commander in ``[Commander{top}]``; ``*F*`` foil marks
  and ``^tag^`` labels dropped), a Deckstats ``# !Commander`` comment; MTGO keeps a Commander
  deck's commander in its sideboard (:func:`commander_deck` reads it from there).

Card names are matched through :meth:`CardDB.resolve` (case, accents, front faces). The deck check
(:func:`check_deck`) lists every problem at once: unknown cards, cards the engine supports only in
part, too few main-deck cards and too many copies for the format (CR 100.2a, 100.2b, 100.4a), and
for Commander decks the rules of CR 903.3-903.5 (``check_deck`` with :attr:`DeckFormat.COMMANDER`).

Bounds (:data:`LIMITS`): a decklist file or text of at most 1,000,000 bytes, 5,000 lines of at most
300 characters, a count of at most 3 digits and 250 per line, at most 1,000 cards in all sections.
Parsing is a single pass over the lines with string methods (no regular expressions).
Bundled decks (``manastack/cards/decks/``) are named by their file stem and only by it; the
bundled Commander decks (``decks/commander/``, :func:`commander_decks`) name cards of the full card
corpus, so they load with a card file that has them (``--cards``).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException

from manastack.cards import DECK_DIR, CardDB, CardError, default_db
from manastack.cards.identity import (LAND_TYPE_MANA, background_pair, can_be_commander, color_identity,
                                      in_order, partner_problem)


class DeckError(ValueError):
    """A decklist that can't be read or used; the message names the file and line. ``hint``,
    when there is one, says how to go on from Python (the last line of the message); a command
    line tool says it with its own options."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message + (f"\n{hint}" if hint else ""))
        self.message = message
        self.hint = hint


PARTIAL_HINT = "allow_partial=True plays partly supported cards anyway"


@dataclass(frozen=True)
class Limits:
    """The bounds on a decklist."""

    file_bytes: int = 1_000_000
    lines: int = 5_000
    line_chars: int = 300
    count_digits: int = 3
    count: int = 250
    cards: int = 1_000


LIMITS = Limits()
MAX_SUGGESTED = 5      # unknown names given the closest real names (each reads every name: 0.1 s in the corpus)
MAX_LISTED = 50        # unknown names listed one by one; the rest are counted


class Section(enum.Enum):
    """The part of a decklist a card line belongs to."""

    MAIN = "deck"
    SIDEBOARD = "sideboard"
    COMMANDER = "commander"
    COMPANION = "companion"


_HEADERS = {"deck": Section.MAIN, "main": Section.MAIN, "maindeck": Section.MAIN,
            "main deck": Section.MAIN, "mainboard": Section.MAIN, "sideboard": Section.SIDEBOARD,
            "side": Section.SIDEBOARD, "commander": Section.COMMANDER, "companion": Section.COMPANION}


class DeckFormat(enum.Enum):
    """The deck construction rules :func:`check_deck` applies."""

    CONSTRUCTED = "constructed"    # CR 100.2a: at least 60 cards, at most 4 of a card but basic lands
    LIMITED = "limited"            # CR 100.2b: at least 40 cards, any number of copies
    COMMANDER = "commander"        # CR 903.5: exactly 100 cards with the commander, singleton, color identity


MIN_CARDS = {DeckFormat.CONSTRUCTED: 60, DeckFormat.LIMITED: 40, DeckFormat.COMMANDER: 100}
MAX_COPIES = {DeckFormat.CONSTRUCTED: 4, DeckFormat.LIMITED: None, DeckFormat.COMMANDER: 1}
COMMANDER_CARDS = 100                                       # CR 903.5a, the commander included
MAX_SIDEBOARD = 15                                          # CR 100.4a, constructed
ANY_NUMBER = "A deck can have any number of cards named"   # CR 100.2a's exception, in Oracle text


class DeckLine(NamedTuple):
    """One card line as written: its count, the name as written, its section and line number."""

    count: int
    name: str
    section: Section
    line: int


@dataclass(frozen=True)
class DeckList:
    """A decklist as read, names not yet looked up."""

    name: str
    where: str
    lines: tuple[DeckLine, ...]
    xml: bool = False            # lines are numbered by .dek ``Cards`` element, not text line


class DeckEntry(NamedTuple):
    count: int
    name: str


@dataclass(frozen=True)
class DeckProblem:
    """One thing wrong with a deck, with where it is (``file:line`` or the file)."""

    where: str
    message: str
    partial: bool = False       # a card only partly supported (allowed with allow_partial)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True)
class Deck:
    """A deck of real card names: the main deck (``entries``) and the other sections apart."""

    name: str
    entries: tuple[tuple[int, str], ...]
    sideboard: tuple[tuple[int, str], ...] = ()
    commander: tuple[tuple[int, str], ...] = ()
    companion: tuple[tuple[int, str], ...] = ()

    @property
    def card_names(self) -> list[str]:
        """The main deck, one name per card: what a game's library is built from."""
        return [name for count, name in self.entries for _ in range(count)]

    def __len__(self) -> int:
        return sum(c for c, _ in self.entries)

    @staticmethod
    def parse(text: str, name: str = "deck", where: str = "<deck>", db: CardDB | None = None,
              allow_partial: bool = False) -> "Deck":
        """A deck from decklist text in any of the read forms; raises :class:`DeckError` listing
        every unknown card (and partly supported card unless ``allow_partial``)."""
        deck, problems = resolve(parse_decklist(text, where, name), db or default_db(), allow_partial)
        if problems:
            raise DeckError("\n".join(map(str, problems)))
        return deck


# ------------------------------------------------------------------------------ reading

def parse_decklist(text: str, where: str = "<deck>", name: str = "deck") -> DeckList:
    """Read decklist text (any of the forms above) into card lines; raises :class:`DeckError`
    naming ``where`` and the line for text it can't read or that breaks a bound."""
    if len(text) > LIMITS.file_bytes:
        raise DeckError(f"{where}: the decklist is {len(text)} characters long; "
                        f"the limit is {LIMITS.file_bytes}")
    head = text.lstrip("\ufeff \t\r\n")[:200]
    if head.startswith("<"):
        return DeckList(name, where, _parse_dek(text, where), xml=True)
    return DeckList(name, where, _parse_text(text, where))


def _parse_text(text: str, where: str) -> tuple[DeckLine, ...]:
    raw_lines = text.split("\n", LIMITS.lines)
    if len(raw_lines) > LIMITS.lines:
        raise DeckError(f"{where}: more than {LIMITS.lines} lines")
    out: list[DeckLine] = []
    section = Section.MAIN
    headers = about = False
    block_open = False
    block_starts: list[int] = []    # where each block of card lines begins, for the MTGO .txt form
    for lineno, raw in enumerate(raw_lines, 1):
        if len(raw) > LIMITS.line_chars:
            raise DeckError(f"{where}:{lineno}: the line is {len(raw)} characters long; "
                            f"the limit is {LIMITS.line_chars}")
        line, comment = _comment(raw)
        line = line.strip().lstrip("\ufeff")
        marked = comment.strip().lower() == "!commander"        # Deckstats: "1 Name # !Commander"
        if not line:
            if not raw.strip():
                block_open = False
            continue
        header = line.rstrip(":").strip().lower()
        if header in _HEADERS:
            section, headers, about, block_open = _HEADERS[header], True, False, False
            continue
        if header == "about":
            headers, about = True, True
            continue
        if about and line.lower().startswith("name "):
            continue
        about = False
        count, card, own = _card_line(line, where, lineno, raw)
        if not block_open:
            block_open = True
            block_starts.append(len(out))
        if marked:
            own, headers = Section.COMMANDER, True
        elif own is not None:
            headers = True
        out.append(DeckLine(count, card, own or section, lineno))
    if not headers and len(block_starts) == 2:      # MTGO .txt: main deck, blank line, sideboard
        out[block_starts[1]:] = [d._replace(section=Section.SIDEBOARD) for d in out[block_starts[1]:]]
    return tuple(out)


def _comment(raw: str) -> tuple[str, str]:
    """A line and its comment: ``#`` starts one at the line's start or after a space (an
    Archidekt tag's color, ``^Have,#37d67a^``, is no comment)."""
    at = raw.find("#")
    while at > 0 and not raw[at - 1].isspace():
        at = raw.find("#", at + 1)
    return (raw, "") if at == -1 else (raw[:at], raw[at + 1:])


def _card_line(line: str, where: str, lineno: int, raw: str) -> tuple[int, str, Section | None]:
    """``COUNT[x] NAME [(SET) [NUMBER]] [marks]``, and the section its marks put it in
    (None: the section it is written in)."""
    first, rest = (line.split(None, 1) + [""])[:2]
    digits = first[:-1] if first[-1:] in ("x", "X") else first
    if not digits.isdigit() or not digits.isascii() or not rest.strip():
        raise DeckError(f"{where}:{lineno}: expected 'COUNT CARD NAME', got {_short(raw)}")
    if len(digits) > LIMITS.count_digits or int(digits) > LIMITS.count:
        raise DeckError(f"{where}:{lineno}: a count of {digits[:10]}{'...' if len(digits) > 10 else ''} "
                        f"is more than the limit of {LIMITS.count} copies per line")
    name, section = _marks(rest.strip())
    if not name:
        raise DeckError(f"{where}:{lineno}: expected 'COUNT CARD NAME', got {_short(raw)}")
    return int(digits), _strip_printing(name), section


_FOIL_MARKS = ("*F*", "*E*", "*f*", "*e*")


def _marks(text: str) -> tuple[str, Section | None]:
    """Take the deck sites' marks off the end of a card line: ``*CMDR*`` (the commander),
    ``*F*``/``*E*`` (foil, etched), ``^tag^`` labels and an Archidekt ``[Category,...]`` list,
    whose ``Commander`` category names the commander and ``Sideboard`` or ``Maybeboard`` (or
    any category marked ``{noDeck}``) keeps the card out of the main deck."""
    section = None
    while True:
        text = text.rstrip()
        if text.endswith("*CMDR*"):
            text, section = text[:-6], Section.COMMANDER
        elif text[-3:] in _FOIL_MARKS:
            text = text[:-3]
        elif text.endswith("^") and text.count("^") >= 2:
            text = text[:text.rindex("^", 0, len(text) - 1)]
        elif text.endswith("]") and "[" in text:
            start = text.rindex("[")
            categories = [c.strip() for c in text[start + 1:-1].split(",")]
            text = text[:start]
            for category in categories:
                plain = category.split("{", 1)[0].strip().lower()
                if plain == "commander":
                    section = Section.COMMANDER
                elif section is None and (plain in ("sideboard", "maybeboard") or "{nodeck}" in category.lower()):
                    section = Section.SIDEBOARD
        else:
            return text.strip(), section


def _strip_printing(name: str) -> str:
    """``Llanowar Elves (DOM) 168`` -> ``Llanowar Elves``: drop an Arena set code and number."""
    body, _, number = name.rpartition(" ")
    if body.endswith(")") and number.replace("-", "").replace("★", "").isalnum():
        name = body
    if name.endswith(")"):
        before, _, code = name[:-1].rpartition(" (")
        if before and 2 <= len(code) <= 6 and code.isalnum():
            return before.strip()
    return name


def _parse_dek(text: str, where: str) -> tuple[DeckLine, ...]:
    """MTGO's ``.dek`` XML: each ``Cards`` element's ``Quantity``, ``Name`` and ``Sideboard``."""
    try:
        root = ElementTree.fromstring(text)
    except (ElementTree.ParseError, DefusedXmlException) as exc:
        raise DeckError(f"{where}: not a readable .dek (XML) decklist: {exc}") from None
    out = []
    for i, el in enumerate(root.iter("Cards"), 1):
        if i > LIMITS.lines:
            raise DeckError(f"{where}: more than {LIMITS.lines} Cards elements")
        quantity, card = el.get("Quantity", ""), el.get("Name", "")
        place = f"{where}: Cards element {i}"
        if not quantity.isdigit() or not quantity.isascii() or not card.strip():
            raise DeckError(f"{place}: expected Quantity and Name attributes")
        if len(quantity) > LIMITS.count_digits or int(quantity) > LIMITS.count:
            raise DeckError(f"{place}: a Quantity of {quantity[:10]} is more than the limit of "
                            f"{LIMITS.count}")
        if len(card) > LIMITS.line_chars:
            raise DeckError(f"{place}: the Name is {len(card)} characters long; "
                            f"the limit is {LIMITS.line_chars}")
        side = Section.SIDEBOARD if el.get("Sideboard", "false").lower() == "true" else Section.MAIN
        out.append(DeckLine(int(quantity), card.strip(), side, i))
    return tuple(out)


def _short(raw: str) -> str:
    raw = raw.strip()
    return repr(raw if len(raw) <= 60 else raw[:60] + "...")


# ------------------------------------------------------------------------------ names

def resolve(deck_list: DeckList, db: CardDB, allow_partial: bool = False) -> tuple[Deck, list[DeckProblem]]:
    """The deck with real card names, and every problem found on the way: unknown names (with
    the closest real ones), cards only partly supported (unless ``allow_partial``), a deck of no
    cards, and the bound on cards in all. Unknown cards are left out of the deck."""
    problems: list[DeckProblem] = []
    sections: dict[Section, dict[str, int]] = {s: {} for s in Section}
    where = deck_list.where
    unknown = 0
    for count, written, section, line in deck_list.lines:
        at = where if not line else f"{where}: Cards element {line}" if deck_list.xml else f"{where}:{line}"
        try:
            real = db.resolve(written, suggest=unknown < MAX_SUGGESTED)
            card = db.get(real)
        except CardError as exc:
            unknown += 1
            if unknown <= MAX_LISTED:
                problems.append(DeckProblem(at, str(exc)))
            continue
        if card.unsupported and not allow_partial and count:
            problems.append(DeckProblem(at, f"{real} has Oracle text manastack can't run yet: "
                                        + "; ".join(repr(u) for u in card.unsupported), partial=True))
        if count:
            sections[section][real] = sections[section].get(real, 0) + count
    if unknown > MAX_LISTED:
        problems.append(DeckProblem(where, f"and {unknown - MAX_LISTED:,} more unknown cards"))
    total = sum(sum(cards.values()) for cards in sections.values())
    if total > LIMITS.cards:
        problems.append(DeckProblem(where, f"{total} cards; the limit is {LIMITS.cards}"))
    if not deck_list.lines:
        problems.append(DeckProblem(where, "the deck has no cards"))
    elif not any(d.count for d in deck_list.lines):
        problems.append(DeckProblem(where, "every count is 0: the deck has no cards"))
    elif not sections[Section.MAIN] and not problems:
        problems.append(DeckProblem(where, "the main deck has no cards"))

    def entries(s: Section) -> tuple[DeckEntry, ...]:
        return tuple(DeckEntry(n, name) for name, n in sections[s].items())

    return Deck(deck_list.name, entries(Section.MAIN), entries(Section.SIDEBOARD),
                entries(Section.COMMANDER), entries(Section.COMPANION)), problems


# ------------------------------------------------------------------------------ the check

def commander_deck(deck: Deck) -> Deck:
    """``deck`` with its commander where a Commander game looks for it: a deck with no commander
    section whose sideboard holds one or two cards (MTGO keeps a Commander deck's commander in
    its sideboard, CR 903.5e leaving no other use for one) has them as its commanders."""
    if deck.commander or not 1 <= sum(n for n, _ in deck.sideboard) <= 2:
        return deck
    return Deck(deck.name, deck.entries, (), deck.sideboard, deck.companion)


def check_deck(deck: Deck, db: CardDB, fmt: DeckFormat, where: str | None = None,
               places: dict[str, str] | None = None) -> list[DeckProblem]:
    """The construction problems of ``deck`` under ``fmt``: too few main-deck cards and, in
    constructed, a sideboard of more than 15 cards and more than four copies of a card other than
    a basic land, main deck and sideboard together (CR 100.2a, 100.4a). A Commander deck is
    checked by :func:`check_commander_deck`. ``places`` names where each card is written."""
    where = where or deck.name
    if fmt is DeckFormat.COMMANDER:
        return check_commander_deck(deck, db, where, places or {})
    problems = []
    if len(deck) < MIN_CARDS[fmt]:
        problems.append(DeckProblem(where, f"{len(deck)} main-deck cards; {fmt.value} decks need "
                                    f"at least {MIN_CARDS[fmt]} (CR 100.2)"))
    sideboard = sum(n for n, _ in deck.sideboard)
    if fmt is DeckFormat.CONSTRUCTED and sideboard > MAX_SIDEBOARD:
        problems.append(DeckProblem(where, f"{sideboard} sideboard cards; at most {MAX_SIDEBOARD} "
                                    "(CR 100.4a)"))
    limit = MAX_COPIES[fmt]
    if limit is not None:
        copies: dict[str, int] = {}
        for count, name in deck.entries + deck.sideboard + deck.commander + deck.companion:
            copies[name] = copies.get(name, 0) + count
        for name, n in copies.items():
            card = db.get(name)
            if n > limit and "Basic" not in card.supertypes and ANY_NUMBER not in card.text:
                problems.append(DeckProblem(where, f"{n} copies of {name}; at most {limit} of a "
                                            "card other than a basic land (CR 100.2a)"))
    return problems


def check_commander_deck(deck: Deck, db: CardDB, where: str, places: dict[str, str]) -> list[DeckProblem]:
    """Every problem of a Commander deck (CR 903.3-903.5, 702.124), each with where it is written:
    one commander (two with partner) that may be a commander; exactly 100 cards with the
    commander; one copy of each card but basic lands and cards that say a deck can have any
    number; every card's color identity within the commander's (and a card with a basic land
    type making only mana of those colors); no sideboard."""
    deck = commander_deck(deck)
    problems: list[DeckProblem] = []

    def at(name: str) -> str:
        return places.get(name, where)

    commanders = [db.get(name) for count, name in deck.commander for _ in range(count)]
    if not commanders:
        problems.append(DeckProblem(where, "no commander: name it in a Commander section or mark its line "
                                    "(*CMDR*, [Commander]) (CR 903.3)"))
    elif len(commanders) > 2:
        problems.append(DeckProblem(where, f"{len(commanders)} commanders; a deck has one, or two with "
                                    "partner (CR 903.3, 702.124)"))
    for card in commanders:
        why = can_be_commander(card)
        if why is not None and not (len(commanders) == 2 and background_pair(*commanders)
                                    and "Background" in card.subtypes):
            problems.append(DeckProblem(at(card.name), f"{why}, so it can't be a commander (CR 903.3)"))
    if len(commanders) == 2:
        why = partner_problem(*commanders)
        if why is not None:
            problems.append(DeckProblem(at(commanders[1].name), why))
    total = len(deck) + len(commanders)
    if total != COMMANDER_CARDS:
        problems.append(DeckProblem(where, f"{total} cards with the commander; a Commander deck has exactly "
                                    f"{COMMANDER_CARDS} (CR 903.5a)"))
    copies: dict[str, int] = {}
    for count, name in deck.entries + deck.commander:
        copies[name] = copies.get(name, 0) + count
    for name, n in copies.items():
        card = db.get(name)
        if n > 1 and "Basic" not in card.supertypes and ANY_NUMBER not in card.text:
            problems.append(DeckProblem(at(name), f"{n} copies of {name}; a Commander deck has one of each "
                                        "card other than basic lands (CR 903.5b)"))
    identity = frozenset().union(*(color_identity(c) for c in commanders)) if commanders else None
    if identity is not None:
        for _, name in deck.entries:
            card = db.get(name)
            outside = color_identity(card) - identity
            if outside:
                problems.append(DeckProblem(at(name), f"{name}'s color identity {in_order(color_identity(card))} "
                                            f"is not within the commander's, {in_order(identity)} (CR 903.5c)"))
                continue
            makes = {LAND_TYPE_MANA[t] for t in card.subtypes if t in LAND_TYPE_MANA} - identity
            if makes:
                problems.append(DeckProblem(at(name), f"{name} has a basic land type and could make {in_order(makes)} "
                                            f"mana, outside the commander's color identity {in_order(identity)} "
                                            "(CR 903.5d)"))
    if deck.sideboard:
        n = sum(c for c, _ in deck.sideboard)
        problems.append(DeckProblem(where, f"{n} sideboard cards; Commander games use no sideboard (CR 903.5e)"))
    return problems


def card_places(deck_list: DeckList, db: CardDB) -> dict[str, str]:
    """Where each real card name of a decklist is first written (``file:line``)."""
    places: dict[str, str] = {}
    for line in deck_list.lines:
        try:
            real = db.resolve(line.name, suggest=False)
        except CardError:
            continue
        if line.line and real not in places:
            places[real] = (f"{deck_list.where}: Cards element {line.line}" if deck_list.xml
                            else f"{deck_list.where}:{line.line}")
    return places


def inspect_deck(spec: "str | Path | Deck | list[str]", db: CardDB | None = None,
                 fmt: DeckFormat | None = DeckFormat.LIMITED,
                 allow_partial: bool = False) -> tuple[Deck, list[DeckProblem]]:
    """Load a deck (as :func:`load_deck`) and list every problem at once: unknown and partly
    supported cards, then the format's construction rules (none when ``fmt`` is None).
    Raises :class:`DeckError` only for a decklist that can't be read at all."""
    db = db or default_db()
    deck_list = read_decklist(spec)
    deck, problems = resolve(deck_list, db, allow_partial)
    if fmt is not None and deck.entries:
        problems += check_deck(deck, db, fmt, deck_list.where, card_places(deck_list, db))
    return deck, problems


def read_decklist(spec: "str | Path | Deck | list[str]") -> DeckList:
    """The card lines of a bundled deck name, a decklist file, a :class:`Deck` or a list of
    card names; anything else is refused."""
    if isinstance(spec, Deck):
        return _deck_lines(spec)
    if isinstance(spec, list):
        if len(spec) > LIMITS.cards:
            raise DeckError(f"<list>: {len(spec)} cards; the limit is {LIMITS.cards}")
        if not all(isinstance(n, str) for n in spec):
            raise DeckError("<list>: a list of card names must hold only strings")
        return DeckList("custom", "<list>", tuple(DeckLine(1, n, Section.MAIN, i)
                                                  for i, n in enumerate(spec, 1)))
    if not isinstance(spec, (str, Path)):
        raise DeckError(f"a deck is a bundled deck name, a decklist path, a Deck or a list of card "
                        f"names, not {type(spec).__name__}")
    path, where = Path(spec), str(spec)
    try:
        is_file, exists = path.is_file(), path.exists()
    except (OSError, ValueError):       # a name too long, or with a NUL byte
        is_file = exists = False
    if not is_file:
        if str(spec) in commander_decks():
            path, where = COMMANDER_DECK_DIR / f"{spec}.txt", f"{spec} (bundled Commander deck)"
        elif str(spec) in bundled_decks():      # a bundled deck is named, never reached by a path
            path, where = DECK_DIR / f"{spec}.txt", f"{spec} (bundled deck)"
        elif exists:                    # a pipe (which would block) or a device (which may never end)
            raise DeckError(f"{_short(where)}: not a regular file")
        else:
            raise DeckError(f"no deck file {_short(where)}; bundled decks: "
                            f"{', '.join(bundled_decks() + commander_decks())}")
    try:
        size = path.stat().st_size
        if size > LIMITS.file_bytes:
            raise DeckError(f"{where}: the file is {size} bytes; the limit is {LIMITS.file_bytes}")
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{where}: can't read the decklist ({exc})") from None
    return parse_decklist(text, where, path.stem)


def _deck_lines(deck: Deck) -> DeckList:
    """The lines of a :class:`Deck` made in Python, checked like a decklist's: each section a
    tuple or list of (count, name) pairs within the decklist bounds (a count from 0 to the
    bound on cards in all, a name of at most a line's length, at most as many entries as lines)."""
    if not isinstance(deck.name, str):
        raise DeckError(f"a Deck's name must be a string, not {type(deck.name).__name__}")
    where = f"Deck {_short(deck.name)}"
    lines: list[DeckLine] = []
    for section, part in ((Section.MAIN, deck.entries), (Section.SIDEBOARD, deck.sideboard),
                          (Section.COMMANDER, deck.commander), (Section.COMPANION, deck.companion)):
        if not isinstance(part, (tuple, list)):
            raise DeckError(f"{where}: its {section.value} must be a tuple of (count, name) pairs, "
                            f"not {type(part).__name__}")
        if len(part) + len(lines) > LIMITS.lines:
            raise DeckError(f"{where}: more than {LIMITS.lines} entries")
        for i, entry in enumerate(part, 1):
            at = f"{where}: {section.value} entry {i}"
            if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
                raise DeckError(f"{at}: expected a (count, name) pair")
            count, name = entry
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= LIMITS.cards:
                raise DeckError(f"{at}: the count must be an integer from 0 to {LIMITS.cards}, "
                                f"not {repr(count)[:40]}")
            if not isinstance(name, str) or not name.strip() or len(name) > LIMITS.line_chars:
                raise DeckError(f"{at}: the name must be a card name of 1 to {LIMITS.line_chars} "
                                f"characters, not {repr(name)[:60]}")
            lines.append(DeckLine(count, name, section, 0))
    return DeckList(deck.name, where, tuple(lines))


def bundled_decks() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


COMMANDER_DECK_DIR = DECK_DIR / "commander"


def commander_decks() -> list[str]:
    """The bundled Commander decks (100 cards of the card corpus each, CR 903.5)."""
    return sorted(p.stem for p in COMMANDER_DECK_DIR.glob("*.txt"))


def load_deck(spec: "str | Path | Deck | list[str]", db: CardDB | None = None,
              allow_partial: bool = False) -> Deck:
    """A deck from a bundled deck name, a file path, a list of card names, or a Deck; raises
    :class:`DeckError` listing every unknown (or, unless ``allow_partial``, partly supported) card."""
    deck, problems = resolve(read_decklist(spec), db or default_db(), allow_partial)
    if problems:
        raise DeckError("\n".join(map(str, problems)), PARTIAL_HINT if any(p.partial for p in problems) else "")
    return deck
