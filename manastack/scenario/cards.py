"""Cards for a scenario: the bundled ones, plus cards the file defines from Oracle text."""
from __future__ import annotations

import difflib

from manastack.cards import CardDB, CardDef, CardError, default_db
from manastack.cards.faces import split_type_line
from manastack.cards.names import MAX_NAME_CHARS
from manastack.limits import excerpt
from manastack.mana import ManaCost, ManaCostError

from .errors import ScenarioError, raise_all
from .yamlfile import Map
from manastack.engine.zones import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY

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
        close = difflib.get_close_matches(name[:MAX_NAME_CHARS], self.names(), n=3)
        raise CardError(f"unknown card {excerpt(name)}" + (f" (did you mean {', '.join(map(repr, close))}?)"
                                                     if close else ""))


def card_db(faces: list, base: CardDB | None, file: str) -> ScenarioCards:
    """The database for one scenario; ``faces`` are the entries of its ``cards:`` list."""
    try:
        db = ScenarioCards(base or default_db())
    except CardError as exc:
        raise ScenarioError(f"can't load the card database: {exc}", file) from None
    for face in faces:
        try:
            db.add_atomic({"data": {face["name"]: [mtgjson_face(face, file)]}}, file)
        except CardError as exc:           # a field too long, or not Unicode text
            field = next((k for k in ("text", "type", "name") if repr(k) in str(exc)), "name")
            raise ScenarioError(str(exc).removeprefix(f"{file}: "), file, face.line_of(field)) from None
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


def check_cards(data: Map, db: CardDB, file: str) -> dict[str, list[str]]:
    """Look up every card the file puts in a zone or on the stack, reporting all unknown ones
    (and, without ``allow_partial``, all partly read ones) at once. Returns the partly read
    cards in use, each with the sentences manastack does not read."""
    allow = bool(data.get("allow_partial", False))
    errors, partial = [], {}
    for container, key in _card_refs(data):
        name, line = container[key], container.line_of(key)
        try:
            card = db.get(name)
        except CardError as exc:
            errors.append(ScenarioError(str(exc), file, line))
            continue
        if card.unsupported and not allow and card.name not in partial:
            errors.append(ScenarioError(f"{name}'s Oracle text is only partly supported "
                                        f"({'; '.join(card.unsupported)}); set allow_partial: true to use "
                                        "it anyway", file, line))
        if card.unsupported:
            partial[card.name] = list(card.unsupported)
    raise_all(errors)
    return partial


def _card_refs(data: Map):
    """(container, key) of each card name in the players' zones and the stack."""
    for pd in data.get("players", []):
        for zone in (LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD):
            entries = pd.get(zone, [])
            for i, entry in enumerate(entries):
                if isinstance(entry, Map):
                    yield from ((entry, k) for k in ("card", "face") if k in entry)
                else:
                    yield entries, i
    for entry in data.get("stack", []):
        yield entry, "card"
