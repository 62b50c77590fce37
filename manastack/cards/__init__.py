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
import re
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from manastack.limits import (MAX_CARD_FILE_BYTES, MAX_CARD_FILE_VALUES, MAX_CARDS, MAX_DEPTH,
                              MAX_TEXT_CHARS, InputError, clip, decode_utf8, json_shape)
from manastack.cards.levelers import LevelBlock, level_faces
from manastack.cards.mtgjson import printings_as_atomic
from manastack.cards.multiface import (KIND_WORDS, Layout, face_name, fused_spell, is_pair_entry,
                                       layout_of_entry, layout_of_pair, main_first, split_whole)
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
    # A card of several faces (CR 709, 712, 715), tied together by :func:`link_faces`: its
    # layout, the main face (a double-faced card's front, an adventurer's creature) on every
    # other face, a transforming card's back face and an adventurer's Adventure on the main
    # face. ``unsupported`` then also names what the other faces can't do, as the card is
    # playable only when all of it is; ``face_unsupported`` is this face's part alone, as the
    # compiler blames it: the sentence a line's reading stopped in, without the sentences
    # dropped with it (``unsupported`` names those too; coverage counts the blamed templates).
    layout: Layout = Layout.NORMAL
    front: "CardDef | None" = field(default=None, repr=False)
    back: "CardDef | None" = field(default=None, repr=False)
    adventure: "CardDef | None" = field(default=None, repr=False)
    face_unsupported: tuple[str, ...] = ()
    # A leveler (CR 711): on its card, the face it has at each level block; on such a face,
    # ``leveled`` is the card it belongs to.
    levels: tuple[tuple[LevelBlock, "CardDef"], ...] = field(default=(), repr=False)
    leveled: "CardDef | None" = field(default=None, repr=False)
    # A split card as a whole (CR 709.4): its two halves, each cast on its own (CR 709.3)
    halves: tuple["CardDef", ...] = field(default=(), repr=False)
    fused: "CardDef | None" = field(default=None, repr=False)    # both halves as one spell (CR 702.102)
    # A spell with overload (CR 702.96): the card with its text changed as overload changes it,
    # "target" replaced by "each" (CR 702.96b), cast for its overload cost.
    overloaded: "CardDef | None" = field(default=None, repr=False)
    # A card with bestow (CR 702.103): the card as a bestowed Aura, "an Aura enchantment with
    # enchant creature" (CR 702.103b), on the stack and on the battlefield while bestowed.
    bestowed: "CardDef | None" = field(default=None, repr=False)
    # A flip card (CR 710): on its normal face, the alternative characteristics a flipped
    # permanent has (CR 710.1b, 710.2); that face's ``front`` is the normal face.
    flipped: "CardDef | None" = field(default=None, repr=False)

    @cached_property
    def colors(self) -> tuple[str, ...]:
        if self.color_indicator is not None:
            return self.color_indicator
        return self.mana_cost.colors()

    @cached_property
    def static_effects(self) -> tuple[ir.StaticEffect, ...]:
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
        """Build a definition from an MTGJSON atomic face and compile its Oracle text; a
        leveler's level blocks each give a face of their own (CR 711, :mod:`.levelers`)."""
        leveler = level_faces(face)
        if leveler is None:
            return _with_bestow(_with_overload(CardDef._compiled(face), face), face)
        base_face, blocks = leveler
        card = CardDef._compiled(base_face)
        object.__setattr__(card, "face", {k: v for k, v in face.items()
                                          if k not in ("rulings", "printings", "foreignData")})
        object.__setattr__(card, "text", face.get("text") or "")
        levels = []
        missing = list(card.unsupported)
        for block, block_face in blocks:
            level = CardDef._compiled(block_face)
            object.__setattr__(level, "leveled", card)
            levels.append((block, level))
            missing += [f"{block.label}: {u}" for u in level.unsupported if u not in card.unsupported]
        object.__setattr__(card, "levels", tuple(levels))
        object.__setattr__(card, "unsupported", tuple(missing))
        object.__setattr__(card, "face_unsupported", tuple(missing))
        return card

    @staticmethod
    def _compiled(face: dict) -> "CardDef":
        """One face's definition, its Oracle text compiled."""
        name = face_name(face)
        bad_cost: tuple[str, ...]
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
        # every part of the text that gave no ability: the sentence the parser stopped in and
        # the rest of its line, dropped with it (a line is one ability, CR 113.2)
        unread = tuple(dict.fromkeys([g.text for g in result.gaps] + list(result.unsupported)))
        object.__setattr__(base, "unsupported", bad_cost + unread + unsupported)
        object.__setattr__(base, "gaps", cost_gaps + tuple(result.gaps) + engine_gaps)
        object.__setattr__(base, "face_unsupported", bad_cost + tuple(result.unsupported) + unsupported)
        return base

    @property
    def main(self) -> "CardDef":
        """The card's main face: itself unless it is another face of a card (CR 712.8a, 715.4)
        or a leveler's face at some level (CR 711.6)."""
        return self.front or self.leveled or self

    @property
    def unflipped(self) -> "CardDef":
        """A flip card's normal face, also when this is its flipped face: what a copy of a flipped
        permanent copies, the copy being unflipped (CR 707.3, 110.5b); any other card itself."""
        return self.front if self.layout is Layout.FLIP and self.front is not None else self


_OVERLOAD = re.compile(r"^Overload\b", re.M)
_TARGET = re.compile(r"\b([Tt])arget\b")


def overload_text(text: str) -> str:
    """CR 702.96b: the text with every "target" replaced by "each"."""
    return _TARGET.sub(lambda m: "Each" if m.group(1) == "T" else "each", text)


_BESTOW = re.compile(r"^Bestow\b", re.M)


def _with_bestow(card: CardDef, face: dict) -> CardDef:
    """A card with bestow gets ``bestowed``: itself as a bestowed Aura spell and permanent, an
    Aura enchantment with enchant creature instead of its card types and subtypes (CR 702.103b,
    205.1a), without power and toughness (CR 208.3). Both must be playable."""
    if not _BESTOW.search(face.get("text") or "") or not card.is_type("Creature"):
        return card
    aura_face = {k: v for k, v in face.items() if k not in ("power", "toughness")}
    aura_face.update(type=" ".join(list(face.get("supertypes", ())) + ["Enchantment", "—", "Aura"]),
                     types=["Enchantment"], subtypes=["Aura"],
                     text="Enchant creature\n" + (face.get("text") or ""))
    aura = CardDef._compiled(aura_face)
    object.__setattr__(card, "bestowed", aura)
    missing = tuple(f"bestowed: {u}" for u in aura.unsupported if u not in card.unsupported)
    if missing:
        object.__setattr__(card, "unsupported", card.unsupported + missing)
        object.__setattr__(card, "face_unsupported", card.face_unsupported + missing)
        object.__setattr__(card, "gaps", card.gaps + tuple(Gap(f"bestowed: {g.text}", g.reason)
                                                           for g in aura.gaps if g not in card.gaps))
    return card


def _with_overload(card: CardDef, face: dict) -> CardDef:
    """A card with overload (CR 702.96) gets its overloaded text compiled as ``overloaded``; the
    card is playable only when that text is too. A face already overloaded has no "target" left
    to change and gets none."""
    text = face.get("text") or ""
    changed = overload_text(text)
    if not _OVERLOAD.search(text) or changed == text:
        return card
    over = CardDef._compiled({**face, "text": changed})
    object.__setattr__(card, "overloaded", over)
    if over.unsupported:
        missing = tuple(f"overloaded: {u}" for u in over.unsupported)
        object.__setattr__(card, "unsupported", card.unsupported + missing)
        object.__setattr__(card, "face_unsupported", card.face_unsupported + missing)
        object.__setattr__(card, "gaps", card.gaps + tuple(Gap(f"overloaded: {g.text}", g.reason)
                                                           for g in over.gaps))
    return card


def link_faces(layout: Layout, main: CardDef, other: CardDef) -> CardDef:
    """Tie the two faces of one card together (CR 709, 712, 715) and return the card as a whole:
    its main face, or for a split card the card with both halves' characteristics combined
    (:func:`split_card`). A kind the engine can't play yet (:data:`_playable_layouts`) makes
    every face unsupported, saying so."""
    for card in (main, other):
        object.__setattr__(card, "layout", layout)
    object.__setattr__(other, "front", main)
    if layout is Layout.FLIP:
        # CR 710.1c: flipping changes neither color nor mana cost; the flipped face has the card's
        object.__setattr__(other, "mana_cost", main.mana_cost)
        object.__setattr__(other, "color_indicator", main.color_indicator)
        object.__setattr__(main, "flipped", other)
    if other.color_indicator is None and not other.mana_cost.symbols and other.face.get("colors"):
        # CR 204, 712.8e: a back face has no mana cost; the 2021 corpus gives its color indicator
        # only as the face's colors
        object.__setattr__(other, "color_indicator", tuple(other.face["colors"]))
    if layout in (Layout.TRANSFORM, Layout.MODAL_DFC):
        object.__setattr__(main, "back", other)
    elif layout is Layout.ADVENTURE:
        object.__setattr__(main, "adventure", other)
    missing: tuple[str, ...] = () if layout.value in _playable_layouts else (
        f"{KIND_WORDS[layout]} [the engine does not implement this layout yet]",)
    if layout is Layout.MODAL_DFC and "Land" not in other.types and not missing:
        missing = (f"{KIND_WORDS[layout]} whose back face is not a land [the engine does not implement "
                   "casting a back face yet]",)
    own = {id(card): card.face_unsupported for card in (main, other)}
    own_gaps = {id(card): card.gaps for card in (main, other)}
    for card, rest in ((main, other), (other, main)):
        object.__setattr__(card, "face_unsupported", own[id(card)] + missing)
        object.__setattr__(card, "unsupported", own[id(card)] + missing + tuple(
            f"{rest.name}: {u}" for u in own[id(rest)]))
        # every part not compiled, the other face's too: the card plays only as a whole
        object.__setattr__(card, "gaps", own_gaps[id(card)] + tuple(Gap(*_split_reason(m)) for m in missing)
                           + tuple(Gap(f"{rest.name}: {g.text}", g.reason) for g in own_gaps[id(rest)]))
    if layout not in (Layout.SPLIT, Layout.AFTERMATH):
        return main
    whole = split_card(layout, main, other)
    fuse = [any(type(ab) is ir.Keyword and ab.name == "fuse" for ab in h.abilities) for h in (main, other)]
    if any(fuse) and whole.fused is None:      # CR 702.102: the fused spell must be playable too
        missing += ("fuse [these halves can't be cast as one fused spell yet]",)
        for card in (main, other):
            object.__setattr__(card, "face_unsupported", card.face_unsupported + missing[-1:])
            object.__setattr__(card, "unsupported", card.unsupported + missing[-1:])
    object.__setattr__(whole, "unsupported", missing + tuple(
        f"{half.name}: {u}" for half in (main, other) for u in own[id(half)]))
    object.__setattr__(whole, "face_unsupported", whole.unsupported)
    for half in (main, other):
        object.__setattr__(half, "front", whole)
    return whole


def split_card(layout: Layout, left: CardDef, right: CardDef) -> CardDef:
    """CR 709.4: a split card outside the stack has both halves' characteristics combined: both
    names, both mana costs (so the sum of their mana values, CR 709.4b), every card type and
    subtype (CR 709.4c). It is cast only as one half (CR 709.3, :attr:`CardDef.halves`)."""
    def union(field: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(getattr(left, field) + getattr(right, field)))
    name = f"{left.name} // {right.name}"
    type_line, text = f"{left.type_line} // {right.type_line}", f"{left.text}\n//\n{right.text}"
    face = {"name": name, "layout": layout.value, "type": type_line,
            "supertypes": list(union("supertypes")), "types": list(union("types")),
            "subtypes": list(union("subtypes")), "text": text,
            "manaCost": (left.face.get("manaCost") or "") + (right.face.get("manaCost") or "")}
    whole = CardDef(name=name, mana_cost=ManaCost(left.mana_cost.symbols + right.mana_cost.symbols),
                    type_line=type_line, supertypes=union("supertypes"), types=union("types"),
                    subtypes=union("subtypes"), text=text, rulings=left.rulings,
                    face=face, layout=layout)
    object.__setattr__(whole, "halves", (left, right))
    if all(any(type(ab) is ir.Keyword and ab.name == "fuse" for ab in half.abilities) for half in (left, right)):
        spell = fused_spell(left, right)
        if spell is not None:
            fused = CardDef(name=name, mana_cost=whole.mana_cost, type_line=whole.type_line,
                            supertypes=whole.supertypes, types=whole.types, subtypes=whole.subtypes,
                            text=whole.text, rulings=whole.rulings, face=dict(face, fused=True),
                            layout=layout, abilities=(spell,) + tuple(
                                ab for ab in left.abilities if type(ab) is not ir.SpellAbility))
            object.__setattr__(fused, "front", whole)
            object.__setattr__(whole, "fused", fused)
    return whole


SupportCheck = Callable[[object], Sequence[str]]
"""The parts of a compiled ability the engine has no rules code for (empty: it can run it)."""

_support_check: SupportCheck | None = None
_playable_layouts: frozenset[str] = frozenset({"normal"})


def set_support_check(check: SupportCheck, layouts: frozenset[str] = frozenset({"normal"})) -> None:
    """Called once by the engine (``manastack.engine.loop``) as it is imported: the card layer
    lies below the engine, so the engine tells it what it supports rather than being asked:
    which abilities (``check``) and which layouts of cards with several faces (``layouts``)."""
    global _support_check, _playable_layouts
    _support_check = check
    _playable_layouts = frozenset(layouts)


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
        self._groups: dict[str, list[dict]] = {}   # every face of a card of several faces, in order
        self._split_keys: dict[str, str] = {}      # "Left // Right" -> its left half's entry (corpus)
        self._face_keys: set[str] = set()          # faces found by their own name, not cards listed
        self._cards: dict[str, CardDef] = {}
        self._index: NameIndex | None = None
        self.sources: list[str] = []

    def add_atomic(self, data: dict, source: str) -> dict:
        """Add every card of an AtomicCards document (``{"data": {name: [faces]}}``); a card
        whose faces or fields have the wrong JSON type is refused (:func:`check_faces`).
        Returns the cards added, ``{name: [faces]}``."""
        cards = data.get("data", data)
        if len(cards) > MAX_CARDS:
            raise CardError(f"{source}: {len(cards):,} cards, more than the {MAX_CARDS:,} allowed")
        for name, faces in cards.items():
            check_faces(name, faces, source)
        for name, faces in cards.items():
            if not faces:
                continue
            face = faces[0]
            self._groups.pop(name, None)       # a later file's card replaces an earlier one
            self._face_keys.discard(name)
            if face.get("layout") == "split":
                for f in faces:
                    self._faces[f.get("faceName", f["name"])] = f
                    self._cards.pop(f.get("faceName", f["name"]), None)
            if len(faces) > 1:         # every face by its own name too (CR 712.8, 715.4)
                for f in faces:
                    key = f.get("faceName", f["name"])
                    self._groups[key] = faces
                    if key != name:
                        if face.get("layout") != "split":
                            self._face_keys.add(key)
                        self._faces[key] = f
                        self._cards.pop(key, None)
                self._groups[name] = faces
            self._faces[name] = face
            self._cards.pop(name, None)
            whole = split_whole(face)
            if whole is not None:
                self._split_keys[whole[0]] = whole[1]
                self._cards.pop(whole[0], None)
        self._index = None
        self.sources.append(source)
        return cards

    def add_scryfall(self, cards: list, source: str) -> dict:
        """Add every card of a Scryfall card list (the "Oracle Cards" bulk file); returns them
        in AtomicCards shape, ``{name: [faces]}``."""
        return self.add_atomic(atomic_data(cards), source)

    def add_file(self, path: str | Path) -> dict:
        """Add a card file, MTGJSON AtomicCards, set file or AllPrintings, or Scryfall Oracle
        Cards, gzipped or not: the format is told from the content. Returns the cards added in
        AtomicCards shape, ``{name: [faces]}``."""
        if not isinstance(path, (str, Path)):
            raise CardError(f"a card file is named by a path (str or pathlib.Path), not {type(path).__name__}")
        path = Path(path)
        where = clip(str(path), 120)         # a name is quoted with its control characters escaped
        try:
            mode = path.stat().st_mode
        except FileNotFoundError:
            raise CardError(f"{where}: card file not found") from None
        except (OSError, ValueError) as exc:            # a name too long, or with a NUL byte
            raise CardError(f"{_excerpt(str(path))}: can't read the file ({getattr(exc, 'strerror', None) or exc})") from None
        if not stat.S_ISREG(mode):                      # a pipe would block, a device never end
            raise CardError(f"{where}: not a regular file")
        try:
            with open(path, "rb") as fh:
                gzipped = fh.read(2) == b"\x1f\x8b"
            with (gzip.open if gzipped else open)(path, "rb") as fh:
                raw = fh.read(MAX_CARD_FILE_BYTES + 1)
            if len(raw) > MAX_CARD_FILE_BYTES:
                raise CardError(f"{where}: larger than the {MAX_CARD_FILE_BYTES:,} bytes allowed for a card file")
            text = decode_utf8(raw, where)
            depth, values = json_shape(raw, MAX_DEPTH, MAX_CARD_FILE_VALUES)
            if depth > MAX_DEPTH:
                raise CardError(f"{where}: lists and objects nested deeper than {MAX_DEPTH} levels")
            if values > MAX_CARD_FILE_VALUES:
                raise CardError(f"{where}: more than the {MAX_CARD_FILE_VALUES:,} JSON values allowed "
                                "for a card file")
            data = json.loads(text)
        except FileNotFoundError:
            raise CardError(f"{where}: card file not found") from None
        except InputError as exc:
            raise CardError(str(exc)) from None
        except json.JSONDecodeError as exc:
            raise CardError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno}") from None
        except CardError:
            raise
        except ValueError:          # an integer of more digits than Python converts
            limit = sys.get_int_max_str_digits()
            raise CardError(f"{where}:{_long_number_line(raw, limit)}: a number of more than "
                            f"{limit:,} digits") from None
        except (OSError, EOFError) as exc:
            raise CardError(f"{where}: can't read the file ({getattr(exc, 'strerror', None) or exc})") from None
        try:
            data = printings_as_atomic(data)
        except ValueError as exc:
            raise CardError(f"{where}: {exc}") from None
        if not (isinstance(data, list) or isinstance(data, dict) and isinstance(data.get("data"), dict)):
            raise CardError(f"{where}: not a card file: expected an MTGJSON AtomicCards object "
                            "(with a \"data\" map of card names) or a Scryfall list of cards")
        try:
            if isinstance(data, list):
                return self.add_scryfall(data, str(path))
            return self.add_atomic(data, str(path))
        except CardFieldError as exc:           # a card's field: said with the card's line
            raise CardFieldError(exc.card, _with_line(str(exc), str(path), exc.card, raw)) from None
        except CardError as exc:                # a Scryfall item that is no card
            raise CardError(f"{where}: {exc}") from None

    def names(self) -> list[str]:
        """The cards listed, each once (a face of a card of several faces is found by its own
        name but is not listed apart)."""
        return sorted(k for k in self._faces if k not in self._face_keys)

    def rulings(self, name: str) -> tuple[tuple[str, str], ...]:
        """Card ``name``'s rulings, (date, text), as its file gives them, without compiling it."""
        face = self._faces.get(name) or {}
        return tuple((r.get("date", ""), r.get("text", "")) for r in face.get("rulings", ())
                     if isinstance(r, dict))

    def __contains__(self, name: str) -> bool:
        return name in self._faces or name in self._split_keys

    def __len__(self) -> int:
        return len(self._faces) - len(self._face_keys)

    def resolve(self, name: str, suggest: bool = True) -> str:
        """The name of the card ``name`` stands for, matched ignoring case, accents and
        punctuation forms, and a multi-face card by its front face (``names.NameIndex``);
        raises :class:`CardError` listing the closest real names (unless not ``suggest``:
        finding them reads every name, about 15 ms a name with the bundled cards)."""
        if self._index is None:
            self._index = NameIndex(list(self._faces) + list(self._split_keys))
        found = self._index.find(name)
        group = self._groups.get(found) if found is not None else None
        if group is not None and found != group[0]["name"]:
            found = group[0]["name"]       # a card of several faces named by another face
        elif found is not None and found in self._faces \
                and (split := split_whole(self._faces[found])) is not None and split[0] in self._split_keys:
            found = split[0]          # a split card by one half's entry
        elif found is not None and found in self._faces and is_pair_entry(self._faces[found]):
            face = self._faces[found]
            other = self._faces.get(face["otherFaceName"])
            layout = layout_of_pair(face, other)
            if layout is not Layout.NORMAL and main_first(layout, face, other)[0] is not face:
                found = other["name"]
        if found is None:
            close = self._index.close_matches(name) if suggest else []
            close = list(dict.fromkeys(self.resolve(c, suggest=False) for c in close))   # whole cards
            raise CardError(f"unknown card {name[:80]!r}"
                            + (f" (did you mean {', '.join(map(repr, close))}?)" if close else ""))
        return found

    def get(self, name: str) -> CardDef:
        card = self._cards.get(name)
        if card is None and name in self._split_keys and name not in self._faces:
            left = self._split_keys[name]            # a corpus split card, by its halves' entries
            self.get(left)
            card = self._cards.get(name)
            if card is None:
                raise CardError(f"{name!r}: its halves are not both in the card file")
        if card is None:
            face = self._faces.get(name)
            if face is None:
                raise CardError(f"unknown card {name!r}" + _suggest(name, self._faces))
            card = self._build(name, face)
        return card

    def _build(self, name: str, face: dict) -> CardDef:
        """Compile the card ``name`` stands for; a card of several faces has all its faces
        compiled and tied together (:func:`link_faces`), each face kept under its own name."""
        group = self._groups.get(name)
        other = None
        if group is not None:
            layout = layout_of_entry(group)
            main, other = group[0], group[1]
        elif is_pair_entry(face):
            other = self._faces.get(face["otherFaceName"])
            layout = layout_of_pair(face, other)
            if layout is not Layout.NORMAL:
                main, other = main_first(layout, face, other)
        if other is None or layout is Layout.NORMAL:
            card = self._cards[name] = CardDef.from_face(face)
            return card
        main_card, other_card = CardDef.from_face(main), CardDef.from_face(other)
        whole = link_faces(layout, main_card, other_card)
        for f, card in ((main, main_card), (other, other_card)):
            key = f.get("faceName", f["name"]) if group is not None else f["name"]
            if self._faces.get(key) is f:
                self._cards[key] = card
        if group is not None:          # the card's own name: the main face, or the whole split card
            self._cards[group[0]["name"]] = whole
        if whole is not main_card:     # a split card by both its halves' names (CR 709.4)
            self._cards[whole.name] = whole
        if name not in self._cards:
            self._cards[name] = main_card if face is main else other_card
        return self._cards[name]


# The fields of an AtomicCards face that are read, by the JSON type they must have.
_TEXT_FIELDS = ("name", "faceName", "text", "manaCost", "type", "layout", "power", "toughness",
                "loyalty", "side")
_LIST_FIELDS = ("types", "subtypes", "supertypes", "colorIndicator", "colors")


class CardFieldError(CardError):
    """A card of a card file that can't be read; ``card`` is its name as the file has it."""

    def __init__(self, card: str, message: str) -> None:
        super().__init__(message)
        self.card = card


def check_faces(name, faces, source: str) -> None:
    """Refuse a card whose faces, or a field read from them, have the wrong JSON type, whose
    text is longer than allowed, or that holds a lone surrogate (text that isn't Unicode)."""
    try:
        _check_faces(name, faces, f"{source}: card {_excerpt(str(name))}")
    except CardError as exc:
        raise CardFieldError(str(name), str(exc)) from None


def _with_line(message: str, source: str, card: str, raw: bytes) -> str:
    """``message`` (which begins with ``source``) with the line of the file where ``card``'s
    name is first written as a JSON string, when it is found there."""
    for key in (json.dumps(card).encode(), json.dumps(card, ensure_ascii=False).encode("utf-8", "replace")):
        at = raw.find(key)
        if at >= 0:
            line = raw.count(b"\n", 0, at) + 1
            return f"{source}:{line}{message.removeprefix(source)}"
    return message


def _long_number_line(raw: bytes, limit: int) -> str:
    """The line of the first run of more than ``limit`` digits, or '?'."""
    for m in _DIGITS.finditer(raw):
        if m.end() - m.start() > limit:
            return str(raw.count(b"\n", 0, m.start()) + 1)
    return "?"


_DIGITS = re.compile(rb"[0-9]+")


def _excerpt(text: str, limit: int = 80) -> str:
    """A short quotation of ``text`` from a file: at most ``limit`` characters, quoted by
    ``repr`` (which escapes control characters and lone surrogates)."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def _check_faces(name, faces, where: str) -> None:
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
        for builtin_file in builtin_card_files():
            db.add_file(builtin_file)
    for p in paths:
        db.add_file(p)
    return db
