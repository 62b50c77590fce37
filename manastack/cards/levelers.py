"""Leveler cards (CR 711): the text of a card with level up, split into its level blocks.

A leveler's Oracle text has its ordinary abilities first (level up among them, CR 711.4), then
level symbols, each followed by a power/toughness line and the abilities of its striation:
"LEVEL 2-6", "3/3", "First strike", "LEVEL 7+", ... (CR 711.2). Each block is one static ability:
as long as the permanent has that many level counters, it has base power and toughness P/T and
the block's abilities (CR 711.2a-b). The card database compiles, for each block, the card's face
with the block's P/T and its abilities added as lines of text (:func:`level_faces`); a leveler
permanent shows the face its level counters call for (``manastack.engine.mechanics.levelers``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_LEVEL = re.compile(r"^LEVEL (\d+)(?:-(\d+)|(\+))$")
_PT = re.compile(r"^(\d+|\*)/(\d+|\*)$")


@dataclass(frozen=True, slots=True)
class LevelBlock:
    """One level symbol's striation (CR 711.2): its range (``high`` None for "N+"), base
    power and toughness, and ability lines."""

    low: int
    high: int | None
    power: str
    toughness: str
    lines: tuple[str, ...]

    def covers(self, level: int) -> bool:
        return level >= self.low and (self.high is None or level <= self.high)

    @property
    def label(self) -> str:
        return f"LEVEL {self.low}+" if self.high is None else f"LEVEL {self.low}-{self.high}"


def split_levels(text: str) -> tuple[str, tuple[LevelBlock, ...]] | None:
    """(the text before the first level symbol, the level blocks), or None for text without
    level symbols or whose blocks aren't a level symbol followed by a power/toughness line."""
    lines = text.split("\n")
    starts = [i for i, ln in enumerate(lines) if _LEVEL.match(ln.strip())]
    if not starts:
        return None
    blocks = []
    for n, i in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        m = _LEVEL.match(lines[i].strip())
        pt = _PT.match(lines[i + 1].strip()) if i + 1 < end else None
        if pt is None:
            return None
        low, high = int(m[1]), (int(m[2]) if m[2] else None)
        blocks.append(LevelBlock(low, high, pt[1], pt[2], tuple(ln for ln in lines[i + 2:end] if ln.strip())))
    return "\n".join(lines[:starts[0]]), tuple(blocks)


def level_faces(face: dict) -> tuple[dict, tuple[tuple[LevelBlock, dict], ...]] | None:
    """The face a leveler has below its first level (CR 711.5: its printed P/T, its ordinary
    abilities), and for each block the face it has at that level; None for other faces."""
    found = split_levels(face.get("text") or "")
    if found is None:
        return None
    base_text, blocks = found
    base = dict(face, text=base_text)
    out = []
    for block in blocks:
        out.append((block, dict(face, text="\n".join(([base_text] if base_text else []) + list(block.lines)),
                                power=block.power, toughness=block.toughness)))
    return base, tuple(out)
