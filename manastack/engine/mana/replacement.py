"""Replacement effects on the mana production event (CR 106.12b, 614.1a, 616.1).

"If a land is tapped for mana, it produces {B} instead" (Contamination) and "it produces twice
as much of that mana instead" (Mana Reflection) modify the mana an ability produces while it
resolves, when the ability is a mana ability with {T} in its cost (CR 106.12). Each effect
applies at most once to one production (CR 614.5); when several apply, the controller of the
tapped permanent chooses the order (CR 616.1). The same effects decide what a permanent "could
produce" (CR 106.7), taking every possible order into account.
"""
from __future__ import annotations

from functools import lru_cache

from manastack.oracle import ir

from .. import layers
from ..effect_records import ManaReplacementEffect
from ..event_types import ManaProduction
from ..filters import matches
from ..board_facts import holding
from ..replacement import Replacement, apply_all
from ..runner import Ctx
from ..state import Obj, State
from ..zones import STACK


@lru_cache(maxsize=8192)
def _replaces_mana(card) -> bool:
    return any(type(ab) is ir.ManaReplacement for ab in card.abilities)


def mana_replacement_effects(s: State):
    """(key, source, effect) for every mana replacement effect in the game: the static abilities
    of permanents, and those a resolved spell created for a while (Pale Moon, CR 611.2), whose
    source is the spell as it resolved."""
    found = layers.changers(s)
    for src in holding(s, _replaces_mana):
        for i, ab in enumerate(layers.card_now(s, src, found).abilities):
            if type(ab) is ir.ManaReplacement:
                yield f"mana:{src.id}:{i}", src, ab
    for n, e in enumerate(s.effects):
        if type(e) is not ManaReplacementEffect:
            continue
        spell = Obj(-1, e.card, e.controller, STACK)
        for ab in e.card.abilities:
            for created in getattr(ab, "effects", ()):
                if type(created) is ir.CreateManaReplacement:
                    yield f"mana:effect:{n}", spell, created.replacement


def applies(s: State, src: Obj, rep: ir.ManaReplacement, tapped: Obj, player: int,
            mana: tuple[str, ...]) -> bool:
    """Does ``rep`` (of ``src``) modify ``tapped`` being tapped by ``player`` for ``mana``?"""
    if not mana or len(mana) < rep.min_amount:
        return False            # CR 106.12b: "for two or more mana"
    if rep.player == "you" and player != src.controller:
        return False
    return matches(s, tapped, rep.source, src, src.controller)


def apply(rep: ir.ManaReplacement, mana: tuple[str, ...]) -> tuple[str, ...]:
    """The mana after one replacement: a fixed result, a new type, or a multiple."""
    if rep.becomes:
        return rep.becomes
    if rep.to_type:
        return (rep.to_type,) * len(mana)
    return tuple(t for t in mana for _ in range(rep.multiplier))


def candidates(s: State, tapped: Obj, player: int, mana: tuple[str, ...]):
    return [(key, src, rep) for key, src, rep in mana_replacement_effects(s)
            if applies(s, src, rep, tapped, player, mana)]


def all_results(s: State, tapped: Obj, player: int, mana: tuple[str, ...]) -> set[tuple[str, ...]]:
    """Every mana the production could end as, over every order of the effects that apply
    (CR 106.7: "in any possible order"; CR 616.1f: applicability is checked again after each)."""
    out: set[tuple[str, ...]] = set()

    def walk(current: tuple[str, ...], used: frozenset) -> None:
        todo = [(k, rep) for k, _src, rep in candidates(s, tapped, player, current) if k not in used]
        if not todo:
            out.add(current)
            return
        for key, rep in todo:
            walk(apply(rep, current), used | {key})

    walk(tuple(mana), frozenset())
    return out


def replace_production(ctx: Ctx, tapped: Obj, player: int, mana: tuple[str, ...]) -> tuple[str, ...]:
    """Apply the effects to one production event as it happens (CR 106.12b, 616.1). With no
    mana replacement effect in the game (the usual board) the mana is as made, at once."""
    s = ctx.s
    if not holding(s, _replaces_mana) and not any(type(e) is ManaReplacementEffect for e in s.effects):
        return tuple(mana)
    event = ManaProduction(tuple(mana))

    def options(ev: ManaProduction) -> list[Replacement]:
        out = []
        for key, src, rep in candidates(s, tapped, player, ev.mana):
            def do(e, rep=rep):
                e.mana = apply(rep, e.mana)
            # pure: when every order gives the same mana (two Mana Reflections) nobody is asked
            out.append(Replacement(key, f"{src.card.name}: {rep.text or 'mana replacement'}",
                                   ("106.12b", "614.1a"), do, pure=True))
        return out

    apply_all(ctx, event, tapped.controller, options)
    return event.mana
