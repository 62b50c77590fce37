"""MTGJSON printings files (one set's ``DOM.json``, or ``AllPrintings.json``) as AtomicCards data.

A printings file lists every printing of a card, one object per face (``side`` "a", "b", ...).
Each card name becomes one AtomicCards entry ``{name: [face, ...]}`` built from the first printing
met, faces in side order, keeping only the fields a card has in every printing (its Oracle
characteristics, CR 200-208, and rulings). Tokens (the sets' separate ``tokens`` lists) are left
out, as in AtomicCards.
"""
from __future__ import annotations

ATOMIC_FIELDS = ("name", "faceName", "layout", "manaCost", "type", "types", "supertypes", "subtypes",
                 "text", "power", "toughness", "loyalty", "defense", "colorIndicator", "colors",
                 "colorIdentity", "manaValue", "side", "rulings", "keywords", "legalities")


def printings_as_atomic(data):
    """``data`` in AtomicCards shape when it is an MTGJSON set file or AllPrintings; any other
    document is returned as it is. Raises ValueError naming the set and card of a malformed entry."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        return data
    body = data["data"]
    if _is_set(body):
        sets = [body]
    elif body and all(_is_set(v) for v in body.values()):
        sets = list(body.values())
    else:
        return data
    faces: dict[str, list[dict]] = {}
    first_set: dict[str, str] = {}
    for card_set in sets:
        code = str(card_set.get("code", "?"))[:20]
        for i, card in enumerate(card_set["cards"]):
            if not isinstance(card, dict) or not isinstance(card.get("name"), str):
                raise ValueError(f"set {code}: card {i} is not an MTGJSON card object "
                                 "(it needs a \"name\")")
            name = card["name"]
            if first_set.setdefault(name, code) != code:
                continue
            face = {k: card[k] for k in ATOMIC_FIELDS if card.get(k) is not None}   # null: absent
            same_face = [f for f in faces.get(name, ()) if f.get("side") == face.get("side")]
            if not same_face:
                faces.setdefault(name, []).append(face)
    return {"meta": data.get("meta", {}),
            "data": {name: sorted(fs, key=lambda f: str(f.get("side", ""))) for name, fs in faces.items()}}


def _is_set(obj) -> bool:
    return isinstance(obj, dict) and isinstance(obj.get("cards"), list)
