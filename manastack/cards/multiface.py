"""Cards with more than one face (CR 709 split cards, 710 flip cards, 712 double-faced cards,
715 adventurer cards): which kind a card is, which face is its main one, and how the faces of
one card are tied together.

Two shapes of card file are read. MTGJSON's AtomicCards and Scryfall give one entry per card
with its faces in order and a ``layout`` naming the kind. The 2021 corpus instead stores each
face as an entry of its own, every one with layout ``split`` and an ``otherFaceName``; there the
kind is told from the faces themselves (:func:`layout_of_pair`): an "Adventure" subtype, a split
card's "Half (Left/Right)" name, the word "transform", "flip" or "meld" in the text; two faces
that only name each other in "Partner with" are two separate cards. A pair with none of these
marks is a modal double-faced card (Zendikar Rising's are the only ones the corpus has).
"""
from __future__ import annotations

import dataclasses
import re
from enum import Enum

from manastack.oracle import ir


class Layout(str, Enum):
    """The kinds of card layout the rules treat differently (CR 709-715)."""

    NORMAL = "normal"
    TRANSFORM = "transform"        # CR 712.2: a nonmodal double-faced card
    MODAL_DFC = "modal_dfc"        # CR 712.3
    MELD = "meld"                  # CR 712.4
    ADVENTURE = "adventure"        # CR 715
    SPLIT = "split"                # CR 709 (fuse, CR 702.102, is a keyword of such a card)
    AFTERMATH = "aftermath"        # CR 709, 702.127
    FLIP = "flip"                  # CR 710


# MTGJSON and Scryfall layout names that mean the same as ours.
_NAMED = {"transform": Layout.TRANSFORM, "modal_dfc": Layout.MODAL_DFC, "meld": Layout.MELD,
          "adventure": Layout.ADVENTURE, "split": Layout.SPLIT, "aftermath": Layout.AFTERMATH,
          "flip": Layout.FLIP}
# What each kind is called where a card's other face can't be used yet.
KIND_WORDS = {Layout.TRANSFORM: "double-faced card (CR 712.2)",
              Layout.MODAL_DFC: "modal double-faced card (CR 712.3, 712.11b, 712.12)",
              Layout.MELD: "meld card (CR 712.4)", Layout.ADVENTURE: "adventurer card (CR 715)",
              Layout.SPLIT: "split card (CR 709.3, 709.4)",
              Layout.AFTERMATH: "split card with aftermath (CR 709, 702.127)",
              Layout.FLIP: "flip card (CR 710)"}

_SPLIT_NAME = re.compile(r"^(?P<half>.+) \((?P<left>[^()/]+)/(?P<right>[^()/]+)\)$")


def is_pair_entry(face: dict) -> bool:
    """Whether ``face`` is one face of a card stored face by face (the 2021 corpus shape)."""
    return isinstance(face.get("otherFaceName"), str)


def _words(face: dict, pattern: str) -> bool:
    return re.search(pattern, face.get("text") or "", re.I) is not None


def layout_of_pair(face: dict, other: dict | None) -> Layout:
    """The kind of card two faces stored face by face make (see the module docstring)."""
    if other is None:
        return Layout.NORMAL
    for a, b in ((face, other), (other, face)):
        if re.search(r"\bPartner with " + re.escape(b["name"]), a.get("text") or ""):
            return Layout.NORMAL          # two cards (CR 702.124j), not two faces
    if "Adventure" in face.get("subtypes", ()) or "Adventure" in other.get("subtypes", ()):
        return Layout.ADVENTURE
    if _SPLIT_NAME.match(face["name"]):
        return Layout.AFTERMATH if _words(face, r"^aftermath\b") or _words(other, r"^aftermath\b") \
            else Layout.SPLIT
    if _words(face, r"\bmelds?\b") or _words(other, r"\bmelds?\b"):
        return Layout.MELD
    if _words(face, r"\btransform") or _words(other, r"\btransform"):
        return Layout.TRANSFORM
    if _words(face, r"\bflip(?:s|ped)?\b") or _words(other, r"\bflip(?:s|ped)?\b"):
        return Layout.FLIP
    return Layout.MODAL_DFC


def layout_of_entry(faces: list[dict]) -> Layout:
    """The kind of card an MTGJSON or Scryfall entry with several faces is."""
    named = _NAMED.get(faces[0].get("layout", "normal"))
    if named is None or len(faces) < 2:
        return Layout.NORMAL
    if named is Layout.SPLIT and any(_words(f, r"^aftermath\b") for f in faces):
        return Layout.AFTERMATH       # Scryfall names these "split"
    return named


def main_first(layout: Layout, face: dict, other: dict) -> tuple[dict, dict]:
    """The two faces of a pair, the main one first: a double-faced card's front (the face with a
    mana cost, CR 712.8a), an adventurer card's creature (CR 715.4), a split card's left half."""
    if layout is Layout.ADVENTURE:
        return (other, face) if "Adventure" in face.get("subtypes", ()) else (face, other)
    if layout in (Layout.SPLIT, Layout.AFTERMATH):
        m = _SPLIT_NAME.match(face["name"])
        return (face, other) if m and m["half"] == m["left"] else (other, face)
    if "manaCost" not in face and "manaCost" in other:
        return other, face
    return face, other


def split_whole(face: dict) -> tuple[str, str] | None:
    """For a split card's half stored as an entry of its own (corpus shape): the card's name,
    "Left // Right", and the entry name of its left half; None for other faces."""
    m = _SPLIT_NAME.match(face["name"]) if is_pair_entry(face) else None
    if m is None:
        return None
    return f"{m['left']} // {m['right']}", f"{m['left']} ({m['left']}/{m['right']})"


def face_name(face: dict) -> str:
    """The name a face has in the game: a split half's own name without its card's name in
    parentheses (corpus shape), else ``faceName`` when there is one, else ``name``."""
    m = _SPLIT_NAME.match(face["name"])
    if m and is_pair_entry(face):
        return m["half"]
    return face.get("faceName") or face["name"]


def fused_spell(left, right):
    """CR 702.102b-d: the spell ability of a fused split spell, the left half's instructions then
    the right half's, the right half's targets numbered after the left half's; None when a half
    has no spell ability, or the right half names "the first target's controller", which would
    then name the left half's target."""
    a = next((ab for ab in left.abilities if type(ab) is ir.SpellAbility), None)
    b = next((ab for ab in right.abilities if type(ab) is ir.SpellAbility), None)
    if a is None or b is None:
        return None
    if a.targets and ir.contains(b, lambda n: n == ir.Ref("target_controller")):
        return None
    shifted = _shift_targets(b.effects, len(a.targets))
    return ir.SpellAbility(a.effects + shifted, a.targets + b.targets, text=f"{a.text}\n{b.text}")




def _shift_targets(node, offset: int):
    """``node`` with every ``Target(i)`` made ``Target(i + offset)``."""
    if isinstance(node, ir.Target):
        return ir.Target(node.index + offset)
    if isinstance(node, tuple):
        return tuple(_shift_targets(n, offset) for n in node)
    if isinstance(node, list):
        return [_shift_targets(n, offset) for n in node]
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _shift_targets(getattr(node, f.name), offset) for f in dataclasses.fields(node)}
        return dataclasses.replace(node, **changes)
    return node
