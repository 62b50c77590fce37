"""A readable form of compiled abilities, for ``manastack cards show`` and for reviews.

Each IR node is written as its class name and the fields that differ from their defaults, so
``DealDamage(amount=3, to=Target(0))`` reads as the card does.
"""
from __future__ import annotations

import dataclasses
from enum import Enum

from manastack.mana import ManaCost
from manastack.oracle import ir
from manastack.oracle.compiler import compile_card


def fmt(node) -> str:
    """A compact one-line form of an IR node (fields at their default value are left out)."""
    if isinstance(node, ManaCost):
        return str(node)
    if isinstance(node, tuple):
        return "(" + ", ".join(fmt(x) for x in node) + ")"
    if isinstance(node, ir.Keyword):
        return _keyword(node)
    if isinstance(node, Enum):          # a kind (TargetKind, ReplacementKind, ...) by its value
        return repr(node.value)
    if not dataclasses.is_dataclass(node):
        return repr(node)
    parts = []
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name == "text" or value == _default(f):
            continue
        parts.append(f"{f.name}={fmt(value)}")
    if isinstance(node, ir.Target):
        return f"Target({node.index})"
    if isinstance(node, ir.Ref) and len(parts) == 1:
        return f"{type(node).__name__}({parts[0].split('=', 1)[1]})"
    return f"{type(node).__name__}({', '.join(parts)})"


def _default(f: dataclasses.Field):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def _keyword(k: ir.Keyword) -> str:
    text = k.name
    if k.name in ("protection",):
        text += " from"
    if k.arg:
        text += " " + k.arg
    if k.filter is not None:
        text += f" ({fmt(k.filter)})"
    if k.cost is not None:
        text += " " + (str(k.cost.mana) if not k.cost.parts else fmt(k.cost))
    return text


def render_ability(ability) -> str:
    """One ability: its kind and Oracle text, then its parts; targets are numbered as the
    effects refer to them."""
    if isinstance(ability, ir.Keyword):
        return f"keyword      {_keyword(ability)}"
    kind = type(ability).__name__.replace("Ability", "").lower()
    lines = [f"{kind:<12} {ability.text}".rstrip()]
    for f in dataclasses.fields(ability):
        value = getattr(ability, f.name)
        if f.name in ("text", "targets") or value == _default(f):
            continue
        lines.append(f"{'':<15}{f.name}: {fmt(value)}")
    for i, spec in enumerate(getattr(ability, "targets", ())):
        lines.append(f"{'':<15}target {i}: {fmt(spec)}")
    return "\n".join(lines)


def render_abilities(card) -> str:
    """The card's compiled abilities, then each part of its text not compiled, with why."""
    out = [render_ability(a) for a in card.abilities]
    gaps = getattr(card, "gaps", ())
    if gaps:
        out += [f"UNSUPPORTED  {g.text}\n{'':<15}why: {g.reason}" for g in gaps]
    else:
        out += [f"UNSUPPORTED  {s}" for s in card.unsupported]
    return "\n".join(out) if out else "(no abilities)"


def round_trip(card) -> bool:
    """Whether compiling the card's text again gives the same abilities (a determinism and
    hashing check: IR nodes are frozen and compare by value)."""
    again = compile_card(card)
    return tuple(again.abilities) == tuple(card.abilities) and \
        tuple(again.unsupported) == tuple(card.unsupported)
