"""Decklists: plain text, one ``COUNT NAME`` per line, ``#`` comments.

Bundled decks live in ``manastack/cards/decks/`` and are named by their file stem.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from manastack.cards import DECK_DIR, CardDB, CardError, default_db

_LINE = re.compile(r"^\s*(\d+)\s*x?\s+(.+?)\s*$")


class DeckError(ValueError):
    """A decklist that can't be read or used; the message names the file and line."""


@dataclass(frozen=True)
class Deck:
    name: str
    entries: tuple[tuple[int, str], ...]

    @property
    def card_names(self) -> list[str]:
        return [name for count, name in self.entries for _ in range(count)]

    def __len__(self) -> int:
        return sum(c for c, _ in self.entries)

    @staticmethod
    def parse(text: str, name: str = "deck", where: str = "<deck>", db: CardDB | None = None,
              allow_partial: bool = False) -> "Deck":
        db = db or default_db()
        entries = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            m = _LINE.match(line)
            if not m:
                raise DeckError(f"{where}:{lineno}: expected 'COUNT CARD NAME', got {raw.strip()!r}")
            count, card = int(m.group(1)), m.group(2)
            try:
                cdef = db.get(card)
            except CardError as exc:
                raise DeckError(f"{where}:{lineno}: {exc}") from None
            if cdef.unsupported and not allow_partial:
                raise DeckError(f"{where}:{lineno}: {card} has Oracle text manastack can't run yet: "
                                + "; ".join(repr(u) for u in cdef.unsupported)
                                + " (allow partial cards to play it anyway)")
            entries.append((count, card))
        if not entries:
            raise DeckError(f"{where}: the deck has no cards")
        return Deck(name, tuple(entries))


def bundled_decks() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


def load_deck(spec: "str | Path | Deck | list[str]", db: CardDB | None = None,
              allow_partial: bool = False) -> Deck:
    """A deck from a bundled deck name, a file path, a list of card names, or a Deck."""
    if isinstance(spec, Deck):
        return spec
    if isinstance(spec, list):
        text = "\n".join(f"1 {n}" for n in spec)
        return Deck.parse(text, "custom", "<list>", db, allow_partial)
    path = Path(spec)
    if not path.exists():
        bundled = DECK_DIR / f"{spec}.txt"
        if bundled.exists():
            path = bundled
        else:
            raise DeckError(f"no deck file {spec!r}; bundled decks: {', '.join(bundled_decks())}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path}: can't read the decklist ({exc})") from None
    return Deck.parse(text, path.stem, str(path), db, allow_partial)
