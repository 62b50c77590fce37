"""Scryfall card objects (the "Oracle Cards" bulk data file) as MTGJSON AtomicCards data.

Each card becomes an entry ``{name: [face, ...]}`` with one face per ``card_faces`` entry (named
by ``faceName``), so :meth:`CardDef.from_face` compiles both sources the same way.  Objects that
are not traditional Magic cards are skipped: tokens (CR 108.2b), emblems (CR 114.1), art-series
cards, and planes, phenomena, schemes and vanguards (CR 108.2a).  The two sides of a reversible
card are read as the cards they are.  Scryfall serves rulings separately, so these cards have none.
"""
from __future__ import annotations

from .faces import CardError, split_type_line

SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series",
                             "planar", "scheme", "vanguard"})
_FIELDS = (("power", "power"), ("toughness", "toughness"), ("loyalty", "loyalty"),
           ("defense", "defense"), ("color_indicator", "colorIndicator"))


def atomic_data(cards: list) -> dict:
    """``{"data": {name: [face]}}`` for a list of Scryfall cards; the first card of a name wins."""
    data: dict[str, list[dict]] = {}
    for i, card in enumerate(cards):
        if not _is_card(card):
            raise CardError(f"item {i} is not a Scryfall card object: it needs a \"name\", "
                            "and so does each of its \"card_faces\"")
        for face in [card] + list(card.get("card_faces") or ()):
            for field in ("type_line", "oracle_text", "mana_cost", "layout"):
                if face.get(field) is not None and not isinstance(face[field], str):
                    raise CardError(f"item {i} ({card['name'][:80]!r}): field {field!r} must be a string")
        sides = card["card_faces"] if card.get("layout") == "reversible_card" else [card]
        for side in sides:
            if side.get("layout") not in SKIPPED_LAYOUTS:
                data.setdefault(side["name"], [atomic_face(side, f)
                                               for f in side.get("card_faces") or [side]])
    return {"data": data}


def atomic_face(card: dict, face: dict) -> dict:
    """The AtomicCards face for ``face``, one of ``card``'s faces or the card itself."""
    type_line = face.get("type_line") or ""
    supertypes, types, subtypes = split_type_line(type_line)
    out = {"name": card["name"], "layout": card.get("layout", "normal"), "type": type_line,
           "supertypes": supertypes, "types": types, "subtypes": subtypes,
           "text": face.get("oracle_text") or ""}
    if face is not card:
        out["faceName"] = face["name"]
    if face.get("mana_cost"):
        out["manaCost"] = face["mana_cost"]
    out.update({key: face[src] for src, key in _FIELDS if face.get(src) is not None})
    return out


def _is_card(obj) -> bool:
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return False
    faces = obj.get("card_faces") or []
    return isinstance(faces, list) and all(map(_is_card, faces))
