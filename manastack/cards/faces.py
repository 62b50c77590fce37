"""What a card face says before any text is compiled: its type line (CR 205), and the error
for a card that is unknown or can't be used."""
from __future__ import annotations


SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")  # CR 205.4a


class CardError(ValueError):
    """An unknown card, or a card that cannot be used in a game."""


def split_type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """CR 205: a type line's supertypes, card types and subtypes ("Token" is left out)."""
    left, _, right = line.replace(" - ", " — ").partition("—")
    words = [w for w in left.split() if w != "Token"]
    supertypes = [w for w in words if w in SUPERTYPES]
    return supertypes, [w for w in words if w not in SUPERTYPES], right.split()
