"""Card names as people write them.

Decklists spell names their own way: in another case, without accents (``lim-dul's vault`` for
Lim-Dûl's Vault), with typographic apostrophes, with ``Fire/Ice`` for ``Fire // Ice``, or with the
front face alone for a card of several faces (a split, double-faced or adventurer card, CR 709,
712, 715). :class:`NameIndex` maps such spellings to the card's name in a card database.
"""
from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

_SAME_CHARS = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u2010": "-", "\u2011": "-",
                             "\u2013": "-", "\u2014": "-", "æ": "ae", "œ": "oe", "ß": "ss"})
MAX_NAME_CHARS = 200


def name_key(name: str) -> str:
    """The spelling-free form of a card name: case, accents, apostrophe and dash forms and spacing
    ignored, and ``A/B``, ``A // B`` both written ``a/b``."""
    plain = name
    for _ in range(2):       # case folding and compatibility decomposition each undo what the other left
        plain = unicodedata.normalize("NFKD", plain.casefold().translate(_SAME_CHARS))
        plain = "".join(c for c in plain if not unicodedata.combining(c))
    words = " ".join(plain.split())
    return "/".join(part.strip() for part in words.split("/") if part.strip())


class NameIndex:
    """Card names by :func:`name_key`, and multi-face cards also by their front face's key."""

    def __init__(self, names: Iterable[str]) -> None:
        self._by_key: dict[str, str] = {}
        multi = []
        for name in names:
            if "//" in name:
                multi.append(name)
            else:
                self._by_key.setdefault(name_key(name), name)
        for name in multi:   # a whole card wins over the halves a split card is also stored as
            self._by_key[name_key(name)] = name
        for name in multi:   # and its front face's name finds it, unless that is another card's name
            self._by_key.setdefault(name_key(name.split("//", 1)[0]), name)

    def find(self, name: str) -> str | None:
        """The card name ``name`` stands for, or None."""
        if len(name) > MAX_NAME_CHARS:
            return None
        return self._by_key.get(name_key(name))

    def close_matches(self, name: str, n: int = 3) -> list[str]:
        """Up to ``n`` real card names closest to ``name`` (difflib's ratio on the keys)."""
        keys = difflib.get_close_matches(name_key(name[:MAX_NAME_CHARS]), self._by_key, n=n)
        return [self._by_key[k] for k in keys]
