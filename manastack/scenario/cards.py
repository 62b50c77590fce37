"""Cards for a scenario: the bundled ones, plus cards the file defines from Oracle text."""
from __future__ import annotations

import difflib

from manastack.cards import CardDB, CardDef, CardError, default_db
from manastack.cards.faces import split_type_line
from manastack.mana import ManaCost, ManaCostError

from .errors import ScenarioError

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker",
              "Sorcery", "Kindred", "Tribal")


class ScenarioCards(CardDB):
    """A card database that looks in the scenario's own cards first, then in a base one."""

    def __init__(self, base: CardDB) -> None:
        super().__init__()
        self.base = base

    def __contains__(self, name: str) -> bool:
        return super().__contains__(name) or name in self.base

    def names(self) -> list[str]:
        return sorted(set(super().names()) | set(self.base.names()))

    def get(self, name: str) -> CardDef:
        if super().__contains__(name):
            return super().get(name)
        if name in self.base:
            return self.base.get(name)
        close = difflib.get_close_matches(name, self.names(), n=3)
        raise CardError(f"unknown card {name!r}" + (f" (did you mean {', '.join(map(repr, close))}?)"
                                                     if close else ""))


def card_db(faces: list, base: CardDB | None, file: str) -> ScenarioCards:
    """The database for one scenario; ``faces`` are the entries of its ``cards:`` list."""
    try:
        db = ScenarioCards(base or default_db())
    except CardError as exc:
        raise ScenarioError(f"can't load the card database: {exc}", file) from None
    for face in faces:
        db.add_atomic({"data": {face["name"]: [mtgjson_face(face, file)]}}, file)
    return db


def mtgjson_face(face, file: str) -> dict:
    """An MTGJSON atomic face from a scenario's card definition (CR 205: the type line)."""
    line = face.line
    cost = face.get("mana_cost", face.get("manaCost"))
    try:
        ManaCost.parse(cost)
    except ManaCostError as exc:
        raise ScenarioError(f"card {face['name']!r}: {exc}", file, face.line_of("mana_cost")) from None
    supertypes, types, subtypes = split_type_line(face["type"])
    unknown = [w for w in types if w not in CARD_TYPES]
    if unknown or not types:
        raise ScenarioError(f"card {face['name']!r}: the type line {face['type']!r} needs card types "
                            f"from {', '.join(CARD_TYPES)}" + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                            + " (CR 205.2)", file, face.line_of("type"))
    out = {"name": face["name"], "type": face["type"], "supertypes": supertypes, "types": types,
           "subtypes": subtypes, "text": face.get("text", ""), "layout": "normal"}
    if cost:
        out["manaCost"] = cost
    for key in ("power", "toughness", "loyalty"):
        if key in face:
            out[key] = str(face[key])
    if "Creature" in types and ("power" not in out or "toughness" not in out):
        raise ScenarioError(f"card {face['name']!r}: a creature needs power and toughness (CR 208.1)",
                            file, line)
    if face.get("colors"):
        out["colorIndicator"] = list(face["colors"])
    return out
