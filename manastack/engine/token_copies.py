"""Tokens that are copies of objects (CR 707.2, 111.1): "create a token that's a copy of target
creature you control, except it has haste".

The token's characteristics are the copied object's copiable values as the effect happens: what
is printed on it, as other copy effects left it (a Clone copies what it copied; a token what the
effect that made it said; a face-down permanent is a nameless 2/2), never its counters, status or
other effects (CR 707.2-707.3). A permanent that has left the battlefield is copied as it last
existed (Splinter Twin's and Helm of the Host's rulings); a card elsewhere as it is there.
The exceptions become part of the token's copiable values (CR 707.9a-b), so a copy of the token
has them too; a power and toughness or a color the exception sets drops the copied object's
characteristic-defining abilities for it (CR 707.9d)."""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES

from . import events
from .replacement import token_count
from .resolution import amount, named_players, resolve_subject
from .state import Obj

# the face fields a token copy doesn't carry: the card's rulings, printings and layout links
_NOT_COPIED = ("rulings", "printings", "foreignData", "legalities", "colors")


def create_token_copy(ctx, e: ir.CreateTokenCopy, rc) -> None:
    """CR 707.2, 111.1: each player ``e.who`` names creates ``e.amount`` tokens that copy the one
    object ``e.what`` names (APNAP order, CR 101.4); "it" after this is the tokens made. No object
    to copy (an illegal target, CR 608.2b; a card that left its zone, CR 400.7): no token."""
    s = ctx.s
    rc.did = False
    found = [o.card for o in resolve_subject(ctx, e.what, rc) if isinstance(o, Obj)]
    if not found and e.what == ir.Ref("triggering_object") and rc.event.copiable is not None:
        # the permanent an enters trigger saw has left: copied as it last existed (CR 608.2h;
        # Inalla, Archmage Ritualist's rulings 2017-08-25)
        found = [CardDef.from_face(rc.event.copiable)]
    if not found:
        s.add_log(f"{rc.card.name}: there is no object to copy, no token is created", ("707.2", "608.2b"),
                  "resolve")
        return
    card = copied_card(found[0], e.changes)
    n = amount(ctx, e.amount, rc)
    players = [rc.controller] if e.who == ir.Ref("you") else named_players(ctx, e.who, rc)
    what = f"a token that's a copy of {found[0].name}" + (f" ({describe(e.changes)})" if e.changes != _NONE else "")
    with events.together(ctx):      # one event: they enter at the same time (CR 101.4, 603.6a, 614.12)
        for p in [p for p in s.apnap() if p in players]:
            for _ in range(token_count(ctx, p, n)):        # CR 614.1a: Doubling Season
                token = events.create_token_from_face(ctx, dict(card.face), p, what, ("707.2", "707.9", "111.1"),
                                                      e.tapped, card=card)
                if token is not None:
                    rc.created.append(token.id)
                    rc.did = True


_NONE = ir.CopyChanges()


def copied_card(card: CardDef, changes: ir.CopyChanges) -> CardDef:
    """The definition a token copy of an object whose copiable values are ``card`` has, with the
    exceptions ``changes`` (CR 707.9). Without exceptions it is ``card`` itself, both faces of a
    double-faced card included (CR 707.8a); a flipped flip card's normal face, the token being
    unflipped (CR 707.3, 110.5b)."""
    card = card.unflipped
    if changes == _NONE:
        return card
    face = {k: v for k, v in card.face.items() if k not in _NOT_COPIED}
    lines = (face.get("text") or "").split("\n") if face.get("text") else []
    types, subtypes = list(card.types), list(card.subtypes)
    supertypes = [t for t in card.supertypes if not (changes.nonlegendary and t == "Legendary")]
    for t in changes.add_types:
        if t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker"):
            if t not in types:
                types.append(t)
        elif t not in subtypes:
            subtypes.append(t)
    if changes.pt is not None:      # CR 707.9d: its own power and toughness, not the copied CDA's
        cdas = {ab.text for ab in card.abilities
                if type(ab) is ir.StaticAbility and isinstance(ab.effect, ir.StaticPTCount) and ab.effect.affected == "self"}
        lines = [line for line in lines if line not in cdas]
        face.update(power=str(changes.pt[0]), toughness=str(changes.pt[1]))
    if changes.color is not None:   # CR 707.9d: its one color; devoid, a color CDA, isn't copied
        lines = [line for line in lines if not line.lower().startswith("devoid")]
        face["colorIndicator"] = [changes.color]
    if changes.subtypes is not None:    # its creature types are these alone
        subtypes = [t for t in subtypes if t not in CREATURE_TYPES] + list(changes.subtypes)
        if "Creature" not in types:
            types.append("Creature")
    added = [", ".join(_keyword_text(k) for k in changes.keywords)] if changes.keywords else []
    if changes.text:
        added.append(changes.text)
    head = " ".join(supertypes + types)
    face.update(types=types, subtypes=subtypes, supertypes=supertypes, text="\n".join(lines + added),
                type=head + (f" — {' '.join(subtypes)}" if subtypes else ""))
    return CardDef.from_face(face)


def _keyword_text(k: ir.Keyword) -> str:
    return k.name.capitalize() if not k.arg else f"{k.name.capitalize()} {k.arg}"


def describe(changes: ir.CopyChanges) -> str:
    """The exceptions in words, for the log."""
    parts = []
    if changes.pt is not None:
        parts.append(f"{changes.pt[0]}/{changes.pt[1]}")
    if changes.color is not None:
        parts.append(f"color {changes.color}")
    if changes.subtypes is not None:
        parts.append(" ".join(changes.subtypes))
    parts += [f"also {t}" for t in changes.add_types]
    if changes.keywords:
        parts.append("with " + ", ".join(k.name for k in changes.keywords))
    if changes.text:
        parts.append(f'with "{changes.text}"')
    if changes.nonlegendary:
        parts.append("not legendary")
    return "except " + "; ".join(parts)
