"""Card definitions and card databases in MTGJSON's AtomicCards shape.

A :class:`CardDef` is one card face as printed (CR 200-208) plus the abilities the Oracle
compiler read from its text.  A :class:`CardDB` maps names to definitions; it is built from the
project's own card files (``manastack/cards/data/*.json``), from any MTGJSON
``AtomicCards.json``/``.json.gz`` or Scryfall "Oracle Cards" file the user has, or from these
together.
"""
from __future__ import annotations

import difflib
import gzip
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from manastack.limits import (MAX_CARD_FILE_BYTES, MAX_CARDS, MAX_DEPTH, MAX_TEXT_CHARS, InputError,
                              decode_utf8, json_depth_ok)
from manastack.cards.mtgjson import printings_as_atomic
from manastack.cards.names import NameIndex
from manastack.mana import ManaCost, ManaCostError
from manastack.oracle import Gap, compile_card, ir

from .faces import CardError
from .scryfall import atomic_data

DATA_DIR = Path(__file__).parent / "data"
DECK_DIR = Path(__file__).parent / "decks"


def builtin_card_files() -> list[Path]:
    """The project's own card files: ``cards.json`` first, then the others by name (a later
    file's face replaces an earlier one of the same name)."""
    files = sorted(DATA_DIR.glob("*.json"), key=lambda p: (p.name != "cards.json", p.name))
    return files


@dataclass(frozen=True, eq=False)
class CardDef:
    """One card's characteristics and its compiled abilities."""

    name: str
    mana_cost: ManaCost
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    color_indicator: tuple[str, ...] | None = None
    rulings: tuple[tuple[str, str], ...] = ()
    abilities: tuple = field(default=(), repr=False)
    unsupported: tuple[str, ...] = ()
    face: dict = field(default_factory=dict, repr=False)
    gaps: tuple[Gap, ...] = field(default=(), repr=False)   # every part not compiled, and why

    @cached_property
    def colors(self) -> tuple[str, ...]:
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors()

    @cached_property
    def static_effects(self) -> tuple:
        """The effects of the card's static abilities (CR 604), looked up on every
        characteristic check, so kept ready."""
        return tuple(ab.effect for ab in self.abilities if type(ab) is ir.StaticAbility)

    @property
    def fully_supported(self) -> bool:
        return not self.unsupported

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent_card(self) -> bool:
        """CR 110.4: artifact, battle, creature, enchantment, land and planeswalker cards."""
        return not ("Instant" in self.types or "Sorcery" in self.types)

    @staticmethod
    def from_face(face: dict) -> "CardDef":
        """Build a definition from an MTGJSON atomic face and compile its Oracle text."""
        name = face["name"]
        if face.get("layout") == "split" and face.get("faceName"):
            name = face["faceName"]
        try:
            cost, bad_cost = ManaCost.parse(face.get("manaCost")), ()
        except ManaCostError as exc:
            cost, bad_cost = ManaCost(()), (f"mana cost: {exc}",)
        cost_gaps = tuple(Gap(f"mana cost {face.get('manaCost')}", b.removeprefix("mana cost: "))
                          for b in bad_cost)
        base = CardDef(
            name=name,
            mana_cost=cost,
            type_line=face.get("type", ""),
            supertypes=tuple(face.get("supertypes", ())),
            types=tuple(face.get("types", ())),
            subtypes=tuple(face.get("subtypes", ())),
            text=face.get("text") or "",
            power=face.get("power"),
            toughness=face.get("toughness"),
            loyalty=face.get("loyalty"),
            color_indicator=tuple(face["colorIndicator"]) if face.get("colorIndicator") else None,
            rulings=tuple((r.get("date", ""), r.get("text", "")) for r in face.get("rulings", ())),
            face={k: v for k, v in face.items() if k not in ("rulings", "printings", "foreignData")},
        )
        result = compile_card(base)
        abilities, unsupported = playable_parts(result.abilities)
        engine_gaps = tuple(Gap(*_split_reason(u)) for u in unsupported)
        object.__setattr__(base, "abilities", abilities)
        object.__setattr__(base, "unsupported", bad_cost + tuple(result.unsupported) + unsupported)
        object.__setattr__(base, "gaps", cost_gaps + tuple(result.gaps) + engine_gaps)
        return base


SupportCheck = Callable[[object], tuple[str, ...]]
"""The parts of a compiled ability the engine has no rules code for (empty: it can run it)."""

_support_check: SupportCheck | None = None


def set_support_check(check: SupportCheck) -> None:
    """Called once by the engine (``manastack.engine.loop``) as it is imported: the card layer
    lies below the engine, so the engine tells it what it supports rather than being asked."""
    global _support_check
    _support_check = check


def _split_reason(missing: str) -> tuple[str, str]:
    """(text, reason) of one entry :func:`playable_parts` describes as "text [reason]"."""
    text, _, reason = missing.rpartition(" [")
    return (text, reason.rstrip("]")) if text else (missing, "the engine can't run it")


def playable_parts(abilities) -> tuple[tuple, tuple[str, ...]]:
    """Keep the compiled abilities the engine can run; describe the others as unsupported."""
    if abilities and _support_check is None:
        raise RuntimeError("manastack.engine.loop has not been imported: no engine says which abilities it supports")
    kept, missing = [], []
    for ab in abilities:
        found = _support_check(ab)
        if found:
            text = getattr(ab, "text", "") or getattr(ab, "name", type(ab).__name__)
            missing.append(f"{text} [the engine does not implement {', '.join(found)} yet]")
        else:
            kept.append(ab)
    return tuple(kept), tuple(missing)


class CardDB:
    """Card definitions by name; faces are compiled lazily, on first use."""

    def __init__(self) -> None:
        self._faces: dict[str, dict] = {}
        self._cards: dict[str, CardDef] = {}
        self._index: NameIndex | None = None
        self.sources: list[str] = []

    def add_atomic(self, data: dict, source: str) -> None:
        """Add every card of an AtomicCards document (``{"data": {name: [faces]}}``); a card
        whose faces or fields have the wrong JSON type is refused (:func:`check_faces`)."""
        cards = data.get("data", data)
        if len(cards) > MAX_CARDS:
            raise CardError(f"{source}: {len(cards):,} cards, more than the {MAX_CARDS:,} allowed")
        for name, faces in cards.items():
            check_faces(name, faces, source)
        for name, faces in cards.items():
            if not faces:
                continue
            face = faces[0]
            if face.get("layout") == "split":
                for f in faces:
                    self._faces[f.get("faceName", f["name"])] = f
            self._faces[name] = face
            self._cards.pop(name, None)
        self._index = None
        self.sources.append(source)

    def add_scryfall(self, cards: list, source: str) -> None:
        """Add every card of a Scryfall card list (the "Oracle Cards" bulk file)."""
        self.add_atomic(atomic_data(cards), source)

    def add_file(self, path: str | Path) -> None:
        """Add a card file, MTGJSON AtomicCards, set file or AllPrintings, or Scryfall Oracle
        Cards, gzipped or not: the format is told from the content."""
        path = Path(path)
        try:
            with open(path, "rb") as fh:
                gzipped = fh.read(2) == b"\x1f\x8b"
            with (gzip.open if gzipped else open)(path, "rb") as fh:
                raw = fh.read(MAX_CARD_FILE_BYTES + 1)
            if len(raw) > MAX_CARD_FILE_BYTES:
                raise CardError(f"{path}: larger than the {MAX_CARD_FILE_BYTES:,} bytes allowed for a card file")
            text = decode_utf8(raw, str(path))
            if not json_depth_ok(raw):
                raise CardError(f"{path}: lists and objects nested deeper than {MAX_DEPTH} levels")
            data = json.loads(text)
        except FileNotFoundError:
            raise CardError(f"{path}: card file not found") from None
        except InputError as exc:
            raise CardError(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise CardError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno}") from None
        except (OSError, EOFError) as exc:
            raise CardError(f"{path}: can't read the file ({exc})") from None
        try:
            data = printings_as_atomic(data)
        except ValueError as exc:
            raise CardError(f"{path}: {exc}") from None
        if isinstance(data, list):
            try:
                self.add_scryfall(data, str(path))
            except CardError as exc:
                raise CardError(f"{path}: {exc}") from None
        elif isinstance(data, dict) and isinstance(data.get("data"), dict):
            self.add_atomic(data, str(path))
        else:
            raise CardError(f"{path}: not a card file: expected an MTGJSON AtomicCards object "
                            "(with a \"data\" map of card names) or a Scryfall list of cards")

    def names(self) -> list[str]:
        return sorted(self._faces)

    def rulings(self, name: str) -> tuple[tuple[str, str], ...]:
        """Card ``name``'s rulings, (date, text), as its file gives them, without compiling it."""
        face = self._faces.get(name) or {}
        return tuple((r.get("date", ""), r.get("text", "")) for r in face.get("rulings", ())
                     if isinstance(r, dict))

    def __contains__(self, name: str) -> bool:
        return name in self._faces

    def __len__(self) -> int:
        return len(self._faces)

    def resolve(self, name: str) -> str:
        """The name of the card ``name`` stands for, matched ignoring case, accents and
        punctuation forms, and a multi-face card by its front face (``names.NameIndex``);
        raises :class:`CardError` listing the closest real names."""
        if self._index is None:
            self._index = NameIndex(self._faces)
        found = self._index.find(name)
        if found is None:
            close = self._index.close_matches(name)
            raise CardError(f"unknown card {name[:80]!r}"
                            + (f" (did you mean {', '.join(map(repr, close))}?)" if close else ""))
        return found

    def get(self, name: str) -> CardDef:
        card = self._cards.get(name)
        if card is None:
            face = self._faces.get(name)
            if face is None:
                raise CardError(f"unknown card {name!r}" + _suggest(name, self._faces))
            card = self._cards[name] = CardDef.from_face(face)
        return card


# The fields of an AtomicCards face that are read, by the JSON type they must have.
_TEXT_FIELDS = ("name", "faceName", "text", "manaCost", "type", "layout", "power", "toughness",
                "loyalty", "side")
_LIST_FIELDS = ("types", "subtypes", "supertypes", "colorIndicator", "colors")


def check_faces(name, faces, source: str) -> None:
    """Refuse a card whose faces, or a field read from them, have the wrong JSON type, whose
    text is longer than allowed, or that holds a lone surrogate (text that isn't Unicode)."""
    where = f"{source}: card {str(name)[:80]!r}"
    if not isinstance(name, str):
        raise CardError(f"{where}: a card name must be a string")
    _check_text(name, f"{where}: its name")
    if not isinstance(faces, list) or not all(isinstance(f, dict) for f in faces):
        raise CardError(f"{where}: must be a list of faces (JSON objects), not {_json_type(faces)}")
    for face in faces:
        for field in _TEXT_FIELDS:
            if field in face:
                value = face[field]
                if not isinstance(value, str):
                    raise CardError(f"{where}: field {field!r} must be a string, not {_json_type(value)}")
                _check_text(value, f"{where}: field {field!r}")
        if not isinstance(face.get("name"), str):
            raise CardError(f"{where}: a face has no 'name'")
        for field in _LIST_FIELDS:
            value = face.get(field)
            if field in face and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise CardError(f"{where}: field {field!r} must be a list of strings, not {_json_type(value)}")
        rulings = face.get("rulings")
        if "rulings" in face:
            if not isinstance(rulings, list) or not all(
                    isinstance(r, dict) and isinstance(r.get("date", ""), str) and isinstance(r.get("text", ""), str)
                    for r in rulings):
                raise CardError(f"{where}: field 'rulings' must be a list of objects with a string "
                                "date and text")
            for r in rulings:
                _check_text(r.get("text", ""), f"{where}: a ruling")


def _check_text(value: str, where: str) -> None:
    if len(value) > MAX_TEXT_CHARS:
        raise CardError(f"{where} is longer than the {MAX_TEXT_CHARS:,} characters allowed")
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise CardError(f"{where} holds a lone surrogate, which is not Unicode text") from None


def _json_type(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _suggest(name: str, known) -> str:
    close = difflib.get_close_matches(name, list(known), n=3)
    return f" (did you mean {', '.join(map(repr, close))}?)" if close else ""


_DEFAULT: CardDB | None = None


def default_db() -> CardDB:
    """The project's own card files, loaded once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_db()
    return _DEFAULT


def load_db(*paths: str | Path, builtin: bool = True) -> CardDB:
    """A database of the built-in cards (unless ``builtin=False``) plus the given files."""
    db = CardDB()
    if builtin:
        for p in builtin_card_files():
            db.add_file(p)
    for p in paths:
        db.add_file(p)
    return db
