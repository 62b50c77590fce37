"""Color identity and who may be a commander (CR 903.3, 903.4, 702.124).

A card's color identity is the colors of the mana symbols in its mana cost and rules text,
reminder text left out (CR 903.4c), plus the colors its color indicator or a
characteristic-defining ability gives it ("~ is all colors", CR 604.3), over every face: the
back of a double-faced card (CR 903.4d), an adventurer's Adventure and a split card's halves
(CR 903.4e). It is established before the game begins (CR 903.4a) and read from the printed
card alone, so it is a property of the card definition here.

Partner and its relatives (CR 702.124) are read from the card's own lines: they matter only
while building a deck, before any game begins (CR 702.124a).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.oracle import ir

if TYPE_CHECKING:
    from manastack.cards import CardDef

COLORS = ("W", "U", "B", "R", "G")
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# CR 903.5d: a basic land type and the mana its intrinsic ability makes (CR 305.6)
LAND_TYPE_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def without_reminder(text: str) -> str:
    """``text`` with parenthesized reminder text taken out (CR 207.2, 903.4c): one scan."""
    out, depth = [], 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def symbol_colors(text: str) -> set[str]:
    """The colors of the mana symbols written in ``text``: ``{W}``, hybrid ``{W/U}``, Phyrexian
    ``{W/P}`` and ``{2/W}`` alike (CR 107.4, 903.4)."""
    found: set[str] = set()
    start = text.find("{")
    while start != -1:
        end = text.find("}", start)
        if end == -1:
            break
        found.update(c for c in text[start + 1:end].split("/") if c in COLORS)
        start = text.find("{", end)
    return found


def _defined_colors(card: "CardDef", text: str) -> set[str]:
    """Colors a characteristic-defining ability gives the card (CR 604.3): "[this] is all
    colors" or "[this] is [color] and [color]" as a sentence of its own about the card."""
    found: set[str] = set()
    for sentence in text.replace("\n", ". ").split(". "):
        sentence = sentence.strip().rstrip(".")
        for subject in (card.name, "~", "This card", "This creature"):
            if sentence.startswith(subject + " is "):
                rest = sentence[len(subject) + 4:]
                if rest == "all colors":
                    found.update(COLORS)
                else:
                    words = rest.replace(",", " ").split()
                    if words and all(w in COLOR_WORDS or w == "and" for w in words):
                        found.update(COLOR_WORDS[w] for w in words if w != "and")
    return found


def _faces(card: "CardDef") -> list["CardDef"]:
    main = card.front or card
    faces = [main] + [f for f in (main.back, main.adventure) if f is not None] + list(main.halves)
    return faces


def color_identity(card: "CardDef") -> frozenset[str]:
    """CR 903.4: the card's color identity, every face included (903.4d-e)."""
    found: set[str] = set()
    for face in _faces(card):
        found.update(face.mana_cost.colors())
        if face.color_indicator:
            found.update(face.color_indicator)
        # a card file's colors beyond its mana cost's come from a color indicator or a CDA
        # (CR 202.2, 204): MTGJSON writes Dryad Arbor's green there alone
        found.update(c for c in face.face.get("colors") or () if c in COLORS)
        text = without_reminder(face.text)
        found |= symbol_colors(text)
        found |= _defined_colors(face, text)
    return frozenset(found)


def commanders_identity(cards) -> str:
    """The color identity of a deck's commanders together, in WUBRG order ("" for colorless)."""
    found = frozenset().union(*(color_identity(c) for c in cards))
    return "".join(c for c in COLORS if c in found)


def in_order(colors) -> str:
    """Colors in WUBRG order as one string ("WG"), "colorless" for none."""
    return "".join(c for c in COLORS if c in colors) or "colorless"


def lines(card: "CardDef") -> list[str]:
    """The card's lines of rules text, reminder text out."""
    return [line.strip() for line in without_reminder(card.text).split("\n") if line.strip()]


def can_be_commander(card: "CardDef") -> str | None:
    """Why ``card`` can't be a commander by itself, or None (CR 903.3, 903.3a): a legendary
    creature or Vehicle (or a Spacecraft with power and toughness), or a card whose compiled
    abilities say so ("~ can be your commander.", :class:`ir.CanBeCommander`)."""
    if any(type(ab) is ir.CanBeCommander for ab in card.abilities):
        return None
    if "Legendary" not in card.supertypes:
        return f"{card.name} is not legendary"
    if "Creature" in card.types or "Vehicle" in card.subtypes \
            or ("Spacecraft" in card.subtypes and card.power is not None):
        return None
    return f"{card.name} is not a creature, a Vehicle or a Spacecraft with power and toughness"


def partner_problem(a: "CardDef", b: "CardDef") -> str | None:
    """Why ``a`` and ``b`` can't be two commanders together, or None (CR 702.124): both have
    partner (702.124c); each has "Partner with" the other (702.124j); both have "Friends forever"
    (702.124i); one has "Choose a Background" and the other is a legendary Background
    (702.124k)."""
    la, lb = lines(a), lines(b)
    if "Partner" in la and "Partner" in lb:
        return None
    if f"Partner with {b.name}" in la and f"Partner with {a.name}" in lb:
        return None
    if "Friends forever" in la and "Friends forever" in lb:
        return None
    for one, other, lo in ((a, b, la), (b, a, lb)):
        if "Choose a Background" in lo and "Background" in other.subtypes and "Legendary" in other.supertypes:
            return None
    return (f"{a.name} and {b.name} can't be commanders together: two commanders need partner on both, "
            "\"Partner with\" naming each other, \"Friends forever\" on both, or \"Choose a Background\" "
            "with a Background (CR 702.124)")


def background_pair(a: "CardDef", b: "CardDef") -> bool:
    """One of the two is a Background chosen by the other's "Choose a Background" (702.124k)."""
    return ("Background" in b.subtypes and "Choose a Background" in lines(a)) or \
        ("Background" in a.subtypes and "Choose a Background" in lines(b))
