"""CR 612: what a text-changing effect changes in compiled abilities.

A text change ("replacing all instances of one color word with another") changes a word only
where it is used as what it is (CR 612.2): a color word as a color, a basic land type or a
creature type as a subtype; never a card name. The compiled IR keeps each of those uses in
fields of their own, so the change is made there, on every node of an ability:

- colors, as the letters of :data:`manastack.mana.COLORS`, in the fields of
  :data:`COLOR_FIELDS` (a filter's "nonblack", a token's "red", "is black", "devotion to
  green"), and by name in the argument of a keyword ("protection from red", "hexproof from
  blue"); mana symbols ("Add {R}") are symbols, not words, and stay;
- subtypes in the fields of :data:`SUBTYPE_FIELDS` ("other Goblins", "Sacrifice a Swamp",
  "Nonbasic lands are Mountains", a token's creature types and the name made of them,
  CR 612.2a), and a landwalk keyword's land type ("swampwalk", CR 702.14).

:func:`change_words` rewrites a tuple of abilities; :func:`change_text` the same words in the
text a player reads. Both are pure, so their results are kept by the caller.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from manastack.mana import COLOR_NAMES, COLORS, NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


class WordKind(StrEnum):
    """What kind of word a text change replaces (CR 612.2)."""

    COLOR = "color word"
    LAND_TYPE = "basic land type"
    CREATURE_TYPE = "creature type"


@dataclass(frozen=True, slots=True)
class WordChange:
    """Every instance of ``old`` used as a ``kind`` replaced by ``new``: colors by name
    ("red"), subtypes as the type line spells them ("Swamp", "Goblin")."""

    kind: WordKind
    old: str
    new: str


# The IR fields holding colors (letters) and subtypes.
COLOR_FIELDS = frozenset({"colors", "non_colors", "all_colors", "color"})
SUBTYPE_FIELDS = frozenset({"subtypes", "non_subtypes", "all_subtypes", "land_type", "land_types", "subtype"})
# Keywords whose argument names a quality that may be a color (CR 702.16a, 702.11d).
_QUALITY_KEYWORDS = frozenset({"protection", "hexproof from"})


def change_words(abilities: tuple, changes: tuple[WordChange, ...]) -> tuple:
    """``abilities`` with each change made in order (a later change reads the text an earlier
    one left, CR 613.7)."""
    for ch in changes:
        abilities = tuple(_node(ab, ch) for ab in abilities)
    return abilities


def _node(n: Any, ch: WordChange) -> Any:
    if isinstance(n, tuple):
        items = tuple(_node(x, ch) for x in n)
        return n if all(a is b for a, b in zip(items, n)) else items
    if not dataclasses.is_dataclass(n) or isinstance(n, type):
        return n
    new: dict = {}
    kw = n if type(n) is ir.Keyword else None
    token = n if type(n) is ir.TokenSpec else None
    for f in dataclasses.fields(n):
        value = getattr(n, f.name)
        if f.name in COLOR_FIELDS and ch.kind is WordKind.COLOR:
            changed = _swap(value, NAME_TO_COLOR[ch.old], NAME_TO_COLOR[ch.new])
        elif f.name in SUBTYPE_FIELDS and ch.kind is not WordKind.COLOR:
            changed = _swap(value, ch.old, ch.new)
        elif kw is not None and f.name == "name" and ch.kind is WordKind.LAND_TYPE:
            changed = f"{ch.new.lower()}walk" if value == f"{ch.old.lower()}walk" else value
        elif kw is not None and f.name == "arg" and ch.kind is WordKind.COLOR and kw.name in _QUALITY_KEYWORDS:
            changed = ch.new if value == ch.old else value
        elif token is not None and f.name == "name" and ch.kind is not WordKind.COLOR and ch.old in token.subtypes:
            # a token named for its creature types: the name changes with them (CR 612.2a)
            changed = " ".join(ch.new if w == ch.old else w for w in value.split())
        elif f.name == "text" and isinstance(value, str):
            changed = change_text(value, (ch,))
        else:
            changed = _node(value, ch)
        if changed is not value and changed != value:
            new[f.name] = changed
    return dataclasses.replace(n, **new) if new else n


def _swap(value, old: str, new: str):
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, tuple):
        return tuple(new if v == old else v for v in value) if old in value else value
    return value


# ----------------------------------------------------------------------------- the text read


_IRREGULAR_PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
                      "Fungus": "Fungi", "Mouse": "Mice"}


def plural(subtype: str) -> str:
    """A subtype's plural as the rules text writes it ("Goblins", "Elves")."""
    return _IRREGULAR_PLURALS.get(subtype, subtype if subtype.endswith("s") else subtype + "s")


def change_text(text: str, changes: tuple[WordChange, ...], name: str = "") -> str:
    """``text`` with the words of ``changes`` replaced where they stand alone or as part of a
    word that uses them ("nonred", "swampwalk", "Goblins"), leaving the card's ``name`` as it
    is (CR 612.2)."""
    keep = "\x00"
    if name:
        text = text.replace(name, keep)
    for ch in changes:
        if ch.kind is WordKind.COLOR:
            pairs = [(ch.old, ch.new), (ch.old.capitalize(), ch.new.capitalize())]
        else:
            pairs = [(plural(ch.old), plural(ch.new)), (ch.old, ch.new)]
            if ch.kind is WordKind.LAND_TYPE:
                pairs += [(ch.old.lower() + "walk", ch.new.lower() + "walk")]
        for old, new in pairs:
            text = _replace_word(text, old, new)
    return text.replace(keep, name) if name else text


def _replace_word(text: str, old: str, new: str) -> str:
    """``old`` replaced by ``new`` as a whole word or after "non" ("nonred", "non-Goblin")."""
    return re.sub(rf"\b([Nn]on-?)?{re.escape(old)}\b", lambda m: (m.group(1) or "") + new, text)


def words(kind: WordKind) -> tuple[str, ...]:
    """The words a change of ``kind`` may name (CR 612.2); creature types are read from the
    compiler's list of them."""
    if kind is WordKind.COLOR:
        return tuple(COLOR_NAMES[c] for c in COLORS)
    if kind is WordKind.LAND_TYPE:
        return BASIC_LAND_TYPES
    return tuple(sorted(CREATURE_TYPES))
