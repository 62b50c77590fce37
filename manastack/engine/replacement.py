"""Replacement effects (CR 614-616).

Every event that replacement effects can modify passes through :func:`apply_all`: the effects
that fit are gathered; while any applies that hasn't applied yet (each applies at most once to
an event, CR 614.5), the affected player -- or the controller of the affected object -- chooses
one of them (CR 616.1), it is applied, and the list is checked again (CR 616.1e-f).

The choice follows the sub-order of CR 616.1a-e: self-replacement effects first, then effects
that change under whose control the object enters, then those that make it enter as a copy, then
those that make it enter back face up, then any other. Among effects of one rank the player is
asked only when the order can matter: when every effect left is a pure change of the event and
every order gives the same result, they apply in the order found (the default) and the log says
so.
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from itertools import permutations
from typing import Any, Callable

from manastack.mana import COLOR_NAMES, COLORS
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES

from . import characteristics as ch
from . import layers
from . import commanders, exercise
from .abilities import keyword_replacement
from .card_names import choose_name
from .mechanics import loyalty
from .board_facts import holding
from .conditions import evaluate
from .decisions import Action, ActionKind, Decision, DecisionKind
from .event_types import CardDraw, CounterPlacement, DamageAmount, Destruction, LifeGain, TokenCreation, ZoneChange
from .effect_records import (GRANTED_FLASHBACK, DamageChangeEffect, DrawReplacement, ExileIfDies, NoPrevention, PreventionShield,
                             RegenerationShield, pairs_filter)
from .filters import is_player_ref, matches, player_of, player_ref, protected_from, protected_player_from, shares_creature_type
from .runner import Ctx
from .state import enchanted_player
from .wording import possessive
from .zones import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK


# CR 616.1a-e: the rank of an effect in the order of choice.
RANKS = {"self": ("616.1a",), "control": ("616.1b",), "copy": ("616.1c",),
         "back_face": ("616.1d",), "other": ("616.1e",)}


@dataclass
class Replacement:
    key: str                  # identifies the effect so it applies once (CR 614.5)
    label: str                # for the log and the ordering decision
    rules: tuple[str, ...]
    apply: Callable[[Any], None]       # changes the proposed event record
    rank: str = "other"       # a key of RANKS (CR 616.1a-e)
    why: str = ""             # why it applies to this event, for the log
    pure: bool = False        # ``apply`` only changes the event record and asks no one
    source: tuple = ()        # (kind, card) of the replacement ability it comes from, if any


def apply_all(ctx: Ctx, event, chooser: int, candidates: Callable[..., list[Replacement]]) -> None:
    """Apply the replacement effects ``candidates(event)`` finds to the proposed ``event``, one at
    a time in the order of CR 616.1, each once (CR 614.5)."""
    s = ctx.s
    done: set[str] = set()
    while True:
        found = [r for r in candidates(event) if r.key not in done]
        if not found:
            return
        rank = next(k for k in RANKS if any(r.rank == k for r in found))
        todo = [r for r in found if r.rank == rank]
        if len(todo) == 1:
            chosen = todo[0]
        elif not _order_matters(event, todo):
            chosen = todo[0]
            s.add_log(f"{len(todo)} replacement effects apply to the same event; any order gives the "
                      f"same result, so they apply in the default order, {chosen.label} first",
                      ("616.1",) + RANKS[rank], "choice")
        else:
            options = tuple(Action(ActionKind.REPLACEMENT, (r.key,), r.label) for r in todo)
            answer = ctx.ask(Decision(chooser, DecisionKind.REPLACEMENT_ORDER,
                                      f"Choose which replacement effect applies first (CR 616.1, "
                                      f"{RANKS[rank][0]})", options, {"event": event.kind}))
            chosen = next(r for r in todo if r.key == answer.args[0])
            who = "controller of the affected object" if getattr(event, "obj", None) is not None \
                else "affected player"
            s.add_log(f"{s.players[chooser].name} ({who}) chooses to apply {chosen.label} first",
                      ("616.1",) + RANKS[rank], "choice")
        done.add(chosen.key)
        chosen.apply(event)
        if exercise.RECORD is not None and chosen.source:
            exercise.note("REPLACEMENT_KINDS", *chosen.source)
        why = f" ({chosen.why})" if chosen.why else ""
        s.add_log(f"Replacement: {chosen.label}{why}", chosen.rules + ("614.5",), "replacement")


def _order_matters(event, todo: list[Replacement]) -> bool:
    """Whether applying ``todo`` in different orders can give different events (CR 616.1).
    Only effects marked pure can be tried out; otherwise the player is asked."""
    if not all(r.pure for r in todo) or len(todo) > 4:
        return True
    results: list = []
    for order in permutations(todo):
        ev = copy.deepcopy(event)
        for r in order:
            r.apply(ev)
        if results and ev != results[0]:
            return True
        results.append(ev)
    return False


# ------------------------------------------------------------------------------ leaving a zone


def apply_leaving(ctx: Ctx, o, event: ZoneChange, discarded: bool = False) -> None:
    """Replacement effects that change where ``o`` goes (CR 614.1a, 614.6), ordered with any
    other that applies under CR 616.1: flashback's and jump-start's exile as the spell leaves the
    stack (CR 702.34a, 702.133a), rebound's as the spell resolves (CR 702.88a), unearth's as the permanent leaves the battlefield (CR 702.84a), madness's exile as the card is discarded (CR 702.35a), and the effects on
    anything that would be put into a graveyard from anywhere (CR 614.6). The owner chooses,
    since the affected object is theirs."""
    apply_all(ctx, event, o.owner, lambda ev: _leaving(o, ev, discarded) + _to_graveyard(ctx.s, o, ev))


def _to_exile(event: ZoneChange) -> None:
    event.to = EXILE


def _rebound_exile(event: ZoneChange) -> None:
    event.to = EXILE
    event.rebound = True


def _madness_exile(event: ZoneChange) -> None:
    event.to = EXILE
    event.madness = True


def _to_hand(event: ZoneChange) -> None:
    event.to = HAND


def _to_library_top(event: ZoneChange) -> None:
    event.to = LIBRARY


def _to_library_bottom(event: ZoneChange) -> None:
    event.to = LIBRARY
    event.bottom = True


# where a counter's self-replacement puts the spell (CR 614.15): words for the log, and the change
_INSTEAD = {EXILE: ("into exile", _to_exile), HAND: ("into its owner's hand", _to_hand),
            "library_top": ("on top of its owner's library", _to_library_top),
            "library_bottom": ("on the bottom of its owner's library", _to_library_bottom)}


def _leaving(o, event: ZoneChange, discarded: bool) -> list[Replacement]:
    name, to = o.card.name, event.to
    out = []
    if event.from_zone == STACK and to != EXILE and ("flashback" in o.cast_costs or GRANTED_FLASHBACK in o.cast_costs):
        out.append(Replacement("flashback", f"{name} is exiled instead of going to its owner's {to} (flashback)",
                               ("702.34a", "614.1a"), _to_exile, pure=True))
    if event.from_zone == STACK and to != EXILE and "jump-start" in o.cast_costs:
        out.append(Replacement("jump-start", f"{name} is exiled instead of going to its owner's {to} (jump-start)",
                               ("702.133a", "614.1a"), _to_exile, pure=True))
    if event.from_zone == STACK and to != EXILE and "aftermath" in o.cast_costs:
        out.append(Replacement("aftermath", f"{name} is exiled instead of going to its owner's {to} (aftermath)",
                               ("702.127a", "614.1a"), _to_exile, pure=True))
    if event.exile_instead and to == GRAVEYARD:       # "countered this way, exile it instead"
        where = _INSTEAD[event.instead_to]
        out.append(Replacement("self", f"{event.exile_instead} puts {name} {where[0]} instead of into its "
                               "owner's graveyard", ("614.15", "616.1a"), where[1], rank="self", pure=True))
    if event.resolved and to == GRAVEYARD and "rebound" in o.cast_costs:
        out.append(Replacement("rebound", f"{name} is exiled instead of going to its owner's graveyard (rebound)",
                               ("702.88a", "614.1a"), _rebound_exile, pure=True))
    if event.from_zone == BATTLEFIELD and to != EXILE and "unearth" in o.cast_costs:
        out.append(Replacement("unearth", f"{name} is exiled instead of going to its owner's {to} (unearth)",
                               ("702.84a", "614.1a"), _to_exile, pure=True))
    if discarded and event.from_zone == HAND and to == GRAVEYARD and \
            any(type(ab) is ir.Keyword and ab.name == "madness" for ab in o.card.abilities):
        out.append(Replacement("madness", f"{name} is exiled instead of going to the graveyard (madness)",
                               ("702.35a", "614.1a"), _madness_exile, pure=True))
    return out


# ------------------------------------------------------------------------------ drawing


def dredge_amount(card) -> int | None:
    """N of the card's dredge N (CR 702.52a), or None."""
    for ab in card.abilities:
        if type(ab) is ir.Keyword and ab.name == "dredge" and ab.arg:
            return int(ab.arg)
    return None


def apply_drawing(ctx: Ctx, event: CardDraw) -> None:
    """Replacement effects on a draw (CR 614.1a): the dredge abilities of the cards in the
    player's graveyard, each usable while they have at least N cards in their library
    (CR 702.52a-b). Each is optional ("you may"), so the player chooses one of them or none:
    the choice of CR 616.1 with drawing as one of the answers."""
    s = ctx.s
    p = s.players[event.player]
    cands = [oid for oid in p.graveyard if (n := dredge_amount(s.objs[oid].card)) is not None and len(p.library) >= n]
    if _replace_draw(ctx, event, cands, [] if p.library else _empty_draw_wins(s, event.player)):
        return
    if not cands:
        return
    options = tuple(Action(ActionKind.CHOOSE, (oid,), f"dredge {dredge_amount(s.objs[oid].card)}: {s.objs[oid].card.name}")
                    for oid in cands) + (Action(ActionKind.DECLINE, (), "draw a card"),)
    answer = ctx.ask(Decision(event.player, DecisionKind.DREDGE,
                              f"{p.name} would draw a card: dredge instead? (CR 702.52a, 616.1)", options))
    if answer.kind != ActionKind.CHOOSE:
        return
    event.dredge = answer.args[0]
    card = s.objs[event.dredge].card
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "dredge", card)
    s.add_log(f"Replacement: {p.name} mills {dredge_amount(card)} cards and returns {card.name} to their hand "
              "instead of drawing (dredge)", ("702.52a", "614.1a"), "replacement")


def _has_empty_draw_wins(card) -> bool:
    return any(type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.EMPTY_DRAW_WINS for ab in card.abilities)


def _empty_draw_wins(s, player: int) -> list[int]:
    """The permanents ``player`` controls that say "If you would draw a card while your library
    has no cards in it, you win the game instead." (CR 614.1a, 121.4)."""
    return [o.id for o in holding(s, _has_empty_draw_wins)
            if o.controller == player and _has_empty_draw_wins(layers.card_now(s, o))]


def _replace_draw(ctx: Ctx, event: CardDraw, dredges: list[int], wins: list[int]) -> bool:
    """"The next time you would draw a card this turn, ... instead" (CR 614.11), and "... while
    your library has no cards in it, you win the game instead" (``wins``): with such effects,
    one of them, or a dredge, replaces the draw, the player choosing which (CR 616.1). Whether
    one was there."""
    s = ctx.s
    waiting = [e for e in s.effects if type(e) is DrawReplacement and e.affected == event.player]
    if not waiting and not wins:
        return False
    options = tuple(Action(ActionKind.REPLACEMENT, (f"win:{oid}",), f"{s.objs[oid].card.name}: win the game instead")
                    for oid in wins) \
        + tuple(Action(ActionKind.REPLACEMENT, (f"draw:{e.timestamp}",), f"{e.source} instead") for e in waiting) \
        + tuple(Action(ActionKind.REPLACEMENT, (f"dredge:{oid}",), f"dredge {dredge_amount(s.objs[oid].card)}: "
                       f"{s.objs[oid].card.name}") for oid in dredges)
    answer = options[0] if len(options) == 1 else ctx.ask(Decision(
        event.player, DecisionKind.REPLACEMENT_ORDER, f"{s.players[event.player].name} would draw a card: choose "
        "the replacement effect that applies (CR 616.1)", options, {"event": event.kind}))
    kind, _, key = answer.args[0].partition(":")
    if kind == "win":
        event.wins = int(key)
        card = s.objs[event.wins].card
        if exercise.RECORD is not None:
            exercise.note("REPLACEMENT_KINDS", "empty_draw_wins", card)
        s.add_log(f"Replacement: {s.players[event.player].name} would draw a card from an empty library, and "
                  f"wins the game instead ({card.name})", ("614.1a", "121.4"), "replacement")
        return True
    if kind == "dredge":
        event.dredge = int(key)
        card = s.objs[event.dredge].card
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "dredge", card)
        s.add_log(f"Replacement: {s.players[event.player].name} mills {dredge_amount(card)} cards and returns "
                  f"{card.name} to their hand instead of drawing (dredge)", ("702.52a", "614.1a"), "replacement")
        return True
    used = next(e for e in waiting if e.timestamp == int(key))
    s.effects = [e for e in s.effects if e is not used]     # used up (CR 614.11)
    event.replaced = used
    s.add_log(f"Replacement: {used.source} applies instead of {s.players[event.player].name}'s draw",
              ("614.1a", "614.11"), "replacement")
    return True


# ---- "would be put into a graveyard from anywhere" (CR 614.1a, 614.6)


def _to_graveyard(s, o, event: ZoneChange) -> list[Replacement]:
    """Effects on an object about to be put into a graveyard from any zone: its own ("If ~
    would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's
    library instead", which works wherever the object is) and those of permanents ("If a card
    or token would be put into a graveyard from anywhere, exile it instead")."""
    if event.to != GRAVEYARD:
        return []
    out = []
    name = o.card.name
    if event.from_zone == BATTLEFIELD and any(type(e) is ExileIfDies and e.affected == o.id for e in s.effects):
        out.append(Replacement(f"dies:{o.id}", f"{name} is exiled instead of dying", ("614.1a", "700.4"),
                               _to_exile, pure=True))
    for i, ab in enumerate(o.card.abilities):
        if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.GRAVEYARD_TO_LIBRARY:
            out.append(Replacement(f"{o.id}:{i}", f"{name} is revealed and shuffled into its owner's library "
                                   "instead", ("614.1a", "614.6"), _to_library, pure=True,
                                   source=(ab.kind, o.card)))
    found = layers.changers(s)
    for perm in s.permanents():
        for i, ab in enumerate(layers.card_now(s, perm, found).abilities):
            if type(ab) is not ir.ReplacementAbility or ab.kind != ir.ReplacementKind.GRAVEYARD_TO_EXILE:
                continue
            if ab.cards_only and o.is_token:
                continue            # "a card": a token is not a card (CR 108.2b)
            if ab.whose == "you" and o.owner != perm.controller or \
                    ab.whose == "opponent" and o.owner == perm.controller:
                continue            # a card goes to its owner's graveyard (CR 404.2)
            if ab.affected is not None and ab.affected != ir.Filter(zone="") and \
                    not matches(s, o, replace(ab.affected, zone=o.zone), perm):
                continue
            out.append(Replacement(f"{perm.id}:{i}", f"{perm.card.name} exiles {name} instead",
                                   ("614.1a", "614.6"), _to_exile, pure=True, source=(ab.kind, perm.card)))
    return out


def _to_library(event: ZoneChange) -> None:
    event.to = LIBRARY
    event.shuffle = True


# ------------------------------------------------------------------------------ destruction


def apply_destruction(ctx: Ctx, o, event: Destruction, can_regenerate: bool = True) -> None:
    """Regeneration shields (CR 701.19a, 614.8) and umbra armor (CR 702.89a; the compiler reads
    "totem armor" of older texts as umbra armor, CR 702.89b) replace the destruction of ``o``,
    ordered with any other replacement under CR 616.1 by its controller. One shield is used up per destruction; shields
    all do the same, so the oldest is offered and no one is asked which. Each Aura with umbra
    armor enchanting ``o`` is a candidate of its own; "can't be regenerated" stops shields only."""
    s = ctx.s

    def candidates(ev: Destruction) -> list[Replacement]:
        if ev.regenerated_by or ev.armor is not None:
            return []           # no longer a destruction: nothing else applies to it
        out = []
        shield = None if not can_regenerate else \
            next((e for e in s.effects if type(e) is RegenerationShield and e.affected == o.id), None)
        if shield is not None:
            def use(e):
                s.effects = [x for x in s.effects if x is not shield]
                e.regenerated_by = shield.source

            out.append(Replacement(f"regenerate:{shield.timestamp}", f"{o.card.name} regenerates ({shield.source}'s "
                                   "shield)", ("701.19a", "614.8"), use, why=f"{o.card.name} would be destroyed"))
        for aura in s.permanents():
            if aura.attached_to == o.id and ch.has(s, aura, "umbra armor"):
                def armor(e, aura_id=aura.id):
                    e.armor = aura_id
                    if exercise.RECORD is not None:
                        exercise.note("KEYWORDS", "umbra armor", s.objs[aura_id].card)

                out.append(Replacement(f"armor:{aura.id}", f"{aura.card.name}'s umbra armor: its damage is removed "
                                       f"and {aura.card.name} is destroyed instead", ("702.89a", "614.1a"), armor,
                                       why=f"{o.card.name} would be destroyed"))
        return out

    apply_all(ctx, event, o.controller, candidates)


# ------------------------------------------------------------------------------ entering


def apply_entering(ctx: Ctx, o, event: ZoneChange) -> None:
    """"Enters tapped" and "enters with counters" (CR 614.1c, 614.12), including X from the
    spell that became the permanent (CR 107.3m), and "enter as a copy" (CR 707.2, 616.1c).
    The effects that apply are those of the permanent as it would exist on the battlefield
    (CR 614.12): once a copy is chosen, the copied card's; a nonbasic land entering under Blood
    Moon has none (CR 305.7)."""

    def candidates(ev: ZoneChange) -> list[Replacement]:
        out = []
        card = layers.card_now(ctx.s, entering_view(o, ev, ev.copy or o.card))
        for i, ab in enumerate(card.abilities):
            if type(ab) is ir.Keyword:      # fading, bloodthirst (CR 702.32a, 702.54a)
                found = keyword_replacement(ab)
                if found is not None and exercise.RECORD is not None:
                    exercise.note("KEYWORDS", ab.name, card)
                ab = found or ab
            if type(ab) is not ir.ReplacementAbility:
                continue
            if ab.kind == ir.ReplacementKind.ENTERS_WITH_COUNTERS and ab.condition is not None \
                    and not evaluate(ctx.s, ab.condition, entering_view(o, ev, card)):
                # CR 702.33e: "If ~ was kicked, it enters with ..."; bloodthirst (CR 702.54a); adamant;
                # "~ enters with a +1/+1 counter on it if you attacked this turn" (CR 614.1c, 614.12)
                continue
            key = f"{o.id}:{card.name}:{i}"
            if ab.kind == ir.ReplacementKind.ENTER_AS_COPY and not ev.copy_asked:
                out.append(Replacement(key, f"{card.name} may enter as a copy", ("614.1c", "707.2"),
                                       partial(_enter_as_copy, ctx, o, ab), rank="copy",
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.ENTERS_TAPPED and ab.unless is not None:
                out += _enters_tapped_unless(ctx, o, ev, key, ab, card)
            elif ab.kind == ir.ReplacementKind.ENTERS_TAPPED and ab.affected is None:
                out.append(Replacement(key, f"{card.name} enters tapped",
                                       ("614.1c",), _enter_tapped, pure=True,
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.ENTERS_WITH_COUNTERS:
                kicked = ab.condition == "kicked" or isinstance(ab.amount, ir.TimesKicked)
                kind = ab.counter_kind or "+1/+1"
                if isinstance(ab.amount, ir.TimesKicked):   # multikicker, CR 702.33c
                    amount = o.cast_costs.count("kicker") * ab.amount.multiplier
                    if not amount:
                        continue
                elif isinstance(ab.amount, ir.CountOf):      # "for each other creature you control"
                    amount = ch.count_matching(ctx.s, ab.amount.filter, o) * ab.amount.multiplier
                    if not amount:
                        continue
                elif isinstance(ab.amount, ir.ColorsSpent):  # sunburst, CR 702.44a: from the stack
                    amount = len(ev.colors_spent)
                    kind = ab.counter_kind or ("+1/+1" if "Creature" in card.types else "charge")
                    if not amount:
                        continue
                else:
                    amount = ev.x if isinstance(ab.amount, ir.X) else _fixed(ab.amount)

                def add(e, kind=kind, amount=amount):
                    e.counters[kind] = e.counters.get(kind, 0) + amount

                rules = ("614.1c", "107.3m") if isinstance(ab.amount, ir.X) else \
                    ("614.1c", "601.2h") if isinstance(ab.amount, ir.ColorsSpent) and ab.counter_kind else \
                    ("614.1c", "702.44a") if isinstance(ab.amount, ir.ColorsSpent) else \
                    ("614.1c", "702.33d") if kicked else ("614.1c",)
                out.append(Replacement(key, f"{card.name} enters with {amount} "
                                       f"{kind} counter{'s' if amount != 1 else ''}", rules, add,
                                       pure=True, source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.DEVOUR:
                out.append(Replacement(key, f"{card.name} may devour creatures as it enters",
                                       ("614.1c", "702.82a"), partial(_devour, ctx, o, card, _fixed(ab.amount)),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.AMPLIFY:
                out.append(Replacement(key, f"{card.name} may amplify as it enters",
                                       ("614.1c", "702.38a"), partial(_amplify, ctx, o, card, _fixed(ab.amount)),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.TRIBUTE:
                out.append(Replacement(key, f"an opponent may pay tribute as {card.name} enters",
                                       ("614.1c", "702.104a"), partial(_tribute, ctx, o, card, _fixed(ab.amount)),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.RIOT:
                out.append(Replacement(key, f"{card.name} enters with a +1/+1 counter or haste",
                                       ("614.1c", "702.136a"), partial(_riot, ctx, o, card),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.MAY_ENTER_WITH_COUNTER:
                out.append(Replacement(key, f"{card.name} may enter with a {ab.counter_kind} counter",
                                       ("614.1c", "702.98a"), partial(_unleash, ctx, o, card),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.CHOOSE_COLOR:
                out.append(Replacement(key, f"a color is chosen as {card.name} enters",
                                       ("614.1c", "614.12"), lambda e: _choose_color(ctx, o, e),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.CHOOSE_PLAYER:
                out.append(Replacement(key, f"a player is chosen as {card.name} enters",
                                       ("614.1c", "614.12"), lambda e: _choose_player(ctx, o, e),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.CHOOSE_OPPONENT:
                out.append(Replacement(key, f"an opponent is chosen as {card.name} enters",
                                       ("614.1c", "614.12"), lambda e: _choose_player(ctx, o, e, opponent=True),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.CHOOSE_NAME:
                out.append(Replacement(key, f"a card name is chosen as {card.name} enters",
                                       ("614.1c", "614.12", "201.3"), partial(_choose_name, ctx, o, ab.affected),
                                       source=(ab.kind, card)))
            elif ab.kind == ir.ReplacementKind.CHOOSE_CREATURE_TYPE:
                out.append(Replacement(key, f"a creature type is chosen as {card.name} enters",
                                       ("614.1c", "614.12"), lambda e: _choose_creature_type(ctx, o, e),
                                       source=(ab.kind, card)))
        start = loyalty.printed_loyalty(card)
        if start is not None:          # CR 306.5b: an intrinsic replacement effect (CR 614.1c)
            def add_loyalty(e, n=start):
                e.counters[loyalty.LOYALTY] = e.counters.get(loyalty.LOYALTY, 0) + n

            out.append(Replacement(f"{o.id}:loyalty", f"{card.name} enters with {start} loyalty "
                                   f"counter{'s' if start != 1 else ''}", ("306.5b", "614.1c"),
                                   add_loyalty, pure=True))
        for n, (rider, src) in enumerate(ev.riders):
            if rider == "plus_one_counter":    # one effect per mana spent (CR 106.6a)
                out.append(Replacement(f"{o.id}:rider:{n}", f"{o.card.name} enters with an additional "
                                       f"+1/+1 counter (mana from {src} was spent on it)",
                                       ("106.6", "106.6a", "614.1c"), _one_more_counter, pure=True))
            elif rider == "commander_counters":   # Opal Palace: the cast just made counts (CR 903.8)
                times = commanders.casts(ctx.s.players[o.owner], commanders.card_name(o))

                def more_counters(e, k=times):
                    _more_counters(e, k)

                out.append(Replacement(f"{o.id}:rider:{n}", f"{o.card.name} enters with {times} additional "
                                       f"+1/+1 counter{'s' * (times != 1)}, one for each time it has been cast from "
                                       f"the command zone (mana from {src} was spent on it)",
                                       ("106.6", "106.6a", "614.1c", "903.8"),
                                       more_counters, pure=True))
        return out + counter_modifiers(ctx.s, o, ev) + _others_enter_tapped(ctx.s, o, ev)

    apply_all(ctx, event, event.controller, candidates)


def _others_enter_tapped(s, o, ev: ZoneChange) -> list[Replacement]:
    """"Creatures your opponents control enter tapped" of permanents on the battlefield, for
    ``o`` as it would exist there (CR 614.1c, 614.12)."""
    seen = entering_view(o, ev, ev.copy or o.card)
    out = []
    found = layers.changers(s)
    for perm in holding(s, _makes_enter_tapped):
        for i, ab in enumerate(layers.card_now(s, perm, found).abilities):
            if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.ENTERS_TAPPED and ab.affected is not None \
                    and matches(s, seen, ab.affected, perm):
                out.append(Replacement(f"{perm.id}:{i}", f"{o.card.name} enters tapped ({perm.card.name})",
                                       ("614.1c", "614.12"), _enter_tapped, pure=True, source=(ab.kind, perm.card)))
    return out


@lru_cache(maxsize=8192)
def _makes_enter_tapped(card) -> bool:
    return any(type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.ENTERS_TAPPED for ab in card.abilities)


def _enter_tapped(event: ZoneChange) -> None:
    event.tapped = True


# ---------------------------------------------------- "enters tapped unless ..." (CR 614.1d, 614.12)


def _enters_tapped_unless(ctx: Ctx, o, ev: ZoneChange, key: str, ab: ir.ReplacementAbility, card) -> list[Replacement]:
    """"~ enters tapped unless [a condition]": no effect at all when the condition holds as it
    would enter (CR 614.12, seen as it would exist on the battlefield); "As ~ enters, you may
    [act]. If you don't, it enters tapped.": its controller chooses as it enters (CR 614.12a)."""
    unless = ab.unless
    if exercise.RECORD is not None:
        exercise.note("ENTERS_UNLESS", type(unless).__name__, card)
    if isinstance(unless, (ir.YouControl, ir.OpponentCount)):
        if evaluate(ctx.s, unless, entering_view(o, ev, card)):
            return []
        return [Replacement(key, f"{card.name} enters tapped", ("614.1d",),
                            _enter_tapped, why=_unmet(unless), pure=True,
                            source=(ab.kind, card))]
    what = f"pay {unless.amount} life" if isinstance(unless, ir.PayLifeOption) else "reveal a card"
    return [Replacement(key, f"as {card.name} enters, its controller may {what}; if not, it enters tapped",
                        ("614.1c", "614.12a"), lambda e: _enters_option(ctx, o, unless, e),
                        source=(ab.kind, card))]


def _unmet(condition) -> str:
    if isinstance(condition, ir.OpponentCount):
        return f"its controller has fewer than {condition.at_least} opponents"
    return "its controller doesn't control what it asks for"


def _enters_option(ctx: Ctx, o, option, event: ZoneChange) -> None:
    """The controller may pay life (only with that much life, CR 119.4) or reveal a matching
    card from their hand (it stays there, CR 701.20b); if they don't, it enters tapped. The life
    is paid by the move itself, as a loss of life (``event.pay_life``)."""
    s, player = ctx.s, event.controller
    p = s.players[player]
    if isinstance(option, ir.PayLifeOption):
        able = p.life >= option.amount or option.amount == 0
        what, card = f"pay {option.amount} life", None
    else:
        card = next((s.objs[i] for i in p.hand if i != o.id
                     and matches(s, s.objs[i], option.filter, o, player)), None)
        able = card is not None
        what = f"reveal {card.card.name} from your hand" if card is not None else ""
    answer = Action(ActionKind.NO, (), "")
    if able:
        answer = ctx.ask(Decision(player, DecisionKind.MAY, f"As {o.card.name} enters: {what}? "
                                  "If you don't, it enters tapped (CR 614.12a)",
                                  (Action(ActionKind.YES, (), what), Action(ActionKind.NO, (), "let it enter tapped"))))
    if answer.kind == ActionKind.YES:
        if card is None:
            event.pay_life += option.amount
            s.add_log(f"{p.name} chooses to pay {option.amount} life as {o.card.name} enters",
                      ("614.12a", "119.4"), "choice")
        else:
            s.add_log(f"{p.name} reveals {card.card.name} from their hand as {o.card.name} enters",
                      ("614.12a", "701.20b"), "choice")
        return
    event.tapped = True
    s.add_log(f"{p.name} doesn't {what or 'do it'}: {o.card.name} enters tapped", ("614.12a", "614.1c"),
              "choice")


def _fixed(amount: ir.Amount) -> int:
    """An amount the compiler gives as a number (devour N, tribute N, "with N counters",
    "prevent N"); any other kind of amount here is a compiler error."""
    if type(amount) is not int:
        raise TypeError(f"expected a fixed number, found {amount!r}")
    return amount


def _static_ref(subject: ir.Subject) -> ir.Ref:
    """What a static ability names as a recipient, source or new recipient of damage: always a
    reference read from its permanent (CR 604.1), never a target; any other is a compiler error."""
    if type(subject) is not ir.Ref:
        raise TypeError(f"a static ability names damage by reference, found {subject!r}")
    return subject


def _pick_any_number(ctx: Ctx, player: int, kind: DecisionKind, prompt: str,
                     offer: Callable[[list[int]], tuple[Action, ...]], done: str) -> list[int]:
    """An "any number of" choice made one object at a time: ``offer`` lists what may still be
    picked, given those picked so far; it ends when the player is done or nothing is left."""
    chosen: list[int] = []
    while True:
        options = offer(chosen)
        if not options:
            return chosen
        answer = ctx.ask(Decision(player, kind, prompt, options + (Action(ActionKind.DONE, (), done),),
                                  {"chosen": list(chosen)}))
        if answer.kind == ActionKind.DONE:
            return chosen
        chosen.append(answer.args[0])


def _devour(ctx: Ctx, o, card, n: int, event: ZoneChange) -> None:
    """Devour N (CR 702.82a): as it enters, its controller chooses any number of creatures they
    control on the battlefield (not itself, nor one entering with it, nor one another devour
    ability took: Mycoloth rulings 2008-10-01); they are sacrificed together as it enters
    (``events.move``), and it enters with N +1/+1 counters for each."""
    s, player = ctx.s, event.controller
    chosen = _pick_any_number(
        ctx, player, DecisionKind.SACRIFICE, f"Devour {n}: creatures to sacrifice as {card.name} enters (CR 702.82a)",
        lambda chosen: tuple(Action(ActionKind.SACRIFICE, (p.id,), f"devour {p.card.name}") for p in s.permanents(player)
                             if p.id != o.id and p.id not in chosen and p.id not in event.devoured
                             and p.zone == BATTLEFIELD and ch.is_creature(s, p)),
        "devour no more")
    names = ", ".join(s.objs[i].card.name for i in chosen) or "nothing"
    s.add_log(f"{s.players[player].name} has {card.name} devour {names}", ("702.82a",), "choice")
    event.devoured += tuple(chosen)
    if chosen:
        event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + n * len(chosen)


def _amplify(ctx: Ctx, o, card, n: int, event: ZoneChange) -> None:
    """Amplify N (CR 702.38a): as it enters, its controller reveals any number of cards from
    their hand that share a creature type with it (not itself, CR 702.38a), and it enters with N
    +1/+1 counters for each. Each instance asks on its own (CR 702.38b)."""
    s, player = ctx.s, event.controller
    shown = _pick_any_number(
        ctx, player, DecisionKind.REVEAL, f"Amplify {n}: cards to reveal from your hand as {card.name} enters (CR 702.38a)",
        lambda shown: tuple(Action(ActionKind.CHOOSE, (c.id,), f"reveal {c.card.name}")
                            for c in (s.objs[i] for i in s.players[player].hand)
                            if c.id != o.id and c.id not in shown and shares_creature_type(s, o, c)),
        "reveal no more")
    names = ", ".join(s.objs[i].card.name for i in shown) or "nothing"
    s.add_log(f"{s.players[player].name} reveals {names} for {possessive(card.name)} amplify", ("702.38a",), "choice")
    if shown:
        event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + n * len(shown)


def _tribute(ctx: Ctx, o, card, n: int, event: ZoneChange) -> None:
    """Tribute N (CR 702.104a): as it enters its controller chooses an opponent (in a two-player
    game, the other player, without a question), who may have it enter with N more +1/+1 counters; whether they did
    is kept on the permanent for "if tribute wasn't paid" (CR 702.104b)."""
    s = ctx.s
    opponents = s.opponents(event.controller)
    if not opponents:
        return
    opponent = opponents[0]
    if len(opponents) > 1:          # the controller chooses one of several (CR 702.104a)
        choice = ctx.ask(Decision(event.controller, DecisionKind.CHOOSE_PLAYER,
                                  f"Tribute {n}: choose an opponent who may pay tribute for {card.name} (CR 702.104a)",
                                  tuple(Action(ActionKind.CHOOSE, (p,), s.players[p].name) for p in opponents)))
        opponent = choice.args[0]
    answer = ctx.ask(Decision(opponent, DecisionKind.MAY, f"Tribute {n}: have {card.name} enter with {n} more "
                              "+1/+1 counters? (CR 702.104a)",
                              (Action(ActionKind.YES, (), f"pay tribute: {n} +1/+1 counters on {card.name}"),
                               Action(ActionKind.NO, (), "don't pay tribute"))))
    paid = answer.kind == ActionKind.YES
    s.add_log(f"{s.players[event.controller].name} chooses {s.players[opponent].name}, who "
              f"{'pays' if paid else 'does not pay'} tribute for {card.name}", ("702.104a",), "choice")
    if paid:
        event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + n
        event.designations += ("tribute paid",)


def _riot(ctx: Ctx, o, card, event: ZoneChange) -> None:
    """Riot (CR 702.136a): as it enters its controller chooses a +1/+1 counter on it or, if not,
    haste, which it keeps as long as it is on the battlefield (Zhur-Taa Goblin rulings
    2019-01-25); each instance is chosen separately (CR 702.136b)."""
    s, player = ctx.s, event.controller
    answer = ctx.ask(Decision(player, DecisionKind.MAY, f"Riot: have {card.name} enter with a +1/+1 counter? "
                              "(if not, it gains haste, CR 702.136a)",
                              (Action(ActionKind.YES, (), "enter with a +1/+1 counter"), Action(ActionKind.NO, (), "gain haste"))))
    if answer.kind == ActionKind.YES:
        event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + 1
    elif "haste" not in event.gains:
        event.gains += ("haste",)
    s.add_log(f"{s.players[player].name} chooses {'a +1/+1 counter' if answer.kind == ActionKind.YES else 'haste'} "
              f"for {card.name} (riot)", ("702.136a", "614.1c"), "choice")


def _unleash(ctx: Ctx, o, card, event: ZoneChange) -> None:
    """Unleash (CR 702.98a): its controller chooses as it enters whether it enters with an
    additional +1/+1 counter."""
    s, player = ctx.s, event.controller
    answer = ctx.ask(Decision(player, DecisionKind.MAY, f"Unleash: have {card.name} enter with a +1/+1 counter? "
                              "(it can't block while it has one, CR 702.98a)",
                              (Action(ActionKind.YES, (), "enter with a +1/+1 counter"), Action(ActionKind.NO, (), "enter without it"))))
    s.add_log(f"{s.players[player].name} chooses {'to' if answer.kind == ActionKind.YES else 'not to'} have {card.name} "
              "enter with a +1/+1 counter (unleash)", ("702.98a", "614.1c"), "choice")
    if answer.kind == ActionKind.YES:
        event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + 1


def entering_view(o, ev: ZoneChange | CounterPlacement, card):
    """``o`` as it would exist on the battlefield, as ``card``, for the effects that look at a
    permanent about to enter (CR 614.12)."""
    seen = o.copy()
    seen.zone = BATTLEFIELD
    seen.controller = ev.controller if isinstance(ev, ZoneChange) else o.controller
    seen.card = card
    return seen


def _enter_as_copy(ctx: Ctx, o, ab: ir.ReplacementAbility, event: ZoneChange) -> None:
    """Clone: its controller may choose an object it enters as a copy of (CR 707.2, 614.1c).
    Choosing doesn't target (CR 115.10). The copiable values are the chosen object's card as
    copy effects left it (CR 707.2-707.3): a copy of a copy copies what that one copied."""
    s = ctx.s
    player = event.controller
    event.copy_asked = True
    what = ab.affected
    assert what is not None, "enter_as_copy always names what it may copy"
    choices = [p for p in s.permanents() if matches(s, p, what, o, player)]
    options = tuple(Action(ActionKind.CHOOSE, (p.id,), f"copy {p.card.name}") for p in choices) \
        + (Action(ActionKind.NO, (), f"enter as {o.card.name} itself"),)
    answer = ctx.ask(Decision(player, DecisionKind.COPY, f"{o.card.name}: enter as a copy of a creature? "
                              "(CR 707.2)", options))
    if answer.kind == ActionKind.NO:
        event.copy = None
        s.add_log(f"{s.players[player].name} chooses not to copy anything with {o.card.name}",
                  ("614.1c",), "choice")
        return
    chosen = s.objs[answer.args[0]]
    event.copy = chosen.card
    s.add_log(f"{o.card.name} enters as a copy of {chosen.card.name}: it copies the printed "
              "values and other copy effects, not counters, damage, status or other effects",
              ("707.2", "614.1c"), "replacement")


def _more_counters(event: ZoneChange, n: int) -> None:
    event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + n


def _one_more_counter(event: ZoneChange) -> None:
    event.counters["+1/+1"] = event.counters.get("+1/+1", 0) + 1


def _choose_creature_type(ctx: Ctx, o, event: ZoneChange) -> None:
    """"As ~ enters, choose a creature type" (CR 614.1c): an existing one (CR 205.3m; Cavern of
    Souls ruling 2018-12-07). The types of its controller's creature cards are offered first."""
    s, player = ctx.s, event.controller
    mine = Counter(t for c in s.objs.values() if c.owner == player and "Creature" in c.card.types
                   for t in c.card.subtypes)
    types = sorted(CREATURE_TYPES, key=lambda t: (-mine[t], t))
    answer = ctx.ask(Decision(player, DecisionKind.CHOOSE_CREATURE_TYPE,
                              f"Choose a creature type for {o.card.name}",
                              tuple(Action(ActionKind.CREATURE_TYPE, (t,), t) for t in types)))
    event.chosen = answer.args[0]
    s.add_log(f"{s.players[player].name} chooses {answer.args[0]} for {o.card.name}", ("614.1c",), "choice")


def _choose_name(ctx: Ctx, o, qualities: ir.Filter | None, event: ZoneChange) -> None:
    """"As ~ enters, choose a [nonland] card name" (CR 201.3, 614.1c): its controller chooses."""
    event.chosen = choose_name(ctx, event.controller, qualities or ir.Filter(zone=ir.ANY_ZONE), o.card.name,
                               ("614.1c", "201.3"))


def _choose_color(ctx: Ctx, o, event: ZoneChange) -> None:
    """"As ~ enters, choose a color" (CR 614.1c): the controller chooses as it enters."""
    answer = ctx.ask(Decision(event.controller, DecisionKind.CHOOSE_COLOR,
                              f"Choose a color for {o.card.name}",
                              tuple(Action(ActionKind.COLOR, (c,), COLOR_NAMES[c]) for c in COLORS)))
    event.chosen = answer.args[0]
    ctx.s.add_log(f"{ctx.s.players[event.controller].name} chooses {COLOR_NAMES[answer.args[0]]} "
                  f"for {o.card.name}", ("614.1c",), "choice")


def _choose_player(ctx: Ctx, o, event: object, opponent: bool = False) -> None:
    """"As ~ enters, choose a player" (CR 614.1c): the controller chooses any player in the game,
    themselves included; with ``opponent``, "choose an opponent", one of their opponents still in
    the game (CR 102.2). The choice is kept as a player reference ("p1"), "the chosen player"."""
    assert isinstance(event, ZoneChange)
    s = ctx.s
    who = s.opponents(event.controller) if opponent else [p.index for p in s.players if not p.lost]
    if not who:
        s.add_log(f"{s.players[event.controller].name} has no opponent to choose for {o.card.name}",
                  ("614.1c", "102.2"), "choice")
        return
    answer = ctx.ask(Decision(event.controller, DecisionKind.CHOOSE_PLAYER,
                              f"Choose {'an opponent' if opponent else 'a player'} for {o.card.name}",
                              tuple(Action(ActionKind.PLAYER, (player_ref(p),), s.players[p].name) for p in who)))
    event.chosen = answer.args[0]
    s.add_log(f"{s.players[event.controller].name} chooses {s.players[player_of(answer.args[0])].name} "
              f"for {o.card.name}", ("614.1c",), "choice")


# ------------------------------------------------------------------------------ damage


def modify_damage(ctx: Ctx, source, recipient, amount: int, combat: bool) -> DamageAmount:
    """Damage replacement and prevention effects such as Charging Tuskodon's doubling
    (CR 614.1a, 615): the damage left, the kind of counter the recipient's own prevention asks
    to remove from it, and the life the preventions have their controllers gain (CR 615.5)."""
    event = DamageAmount(amount)
    if amount <= 0:
        return event

    def candidates(ev: DamageAmount) -> list[Replacement]:
        out = _damage_changes(ctx.s, source, recipient, combat)
        for i, ab in enumerate(source.card.abilities):
            if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.DOUBLE_DAMAGE_TO_PLAYER \
                    and combat and isinstance(recipient, str):
                out.append(Replacement(f"{source.id}:{i}", f"{source.card.name} deals double damage",
                                       ("614.1a",), _double,
                                       why="it would deal combat damage to a player", pure=True,
                                       source=(ab.kind, source.card)))
        return out

    def with_prevention(ev: DamageAmount) -> list[Replacement]:
        if unpreventable:       # CR 615.12: nothing prevented, shields kept, other parts still done
            return candidates(ev) + _shields(ctx, source, recipient, combat, ev, True) \
                + _static_preventions(ctx, source, recipient, combat, True) + _own_prevention(ctx, recipient, ev, True) \
                + _protection(ctx.s, source, recipient, ev, True)
        return candidates(ev) + _preventions(ctx, source, recipient, combat, ev) + _own_prevention(ctx, recipient, ev) \
            + _protection(ctx.s, source, recipient, ev)

    unpreventable = any(type(e) is NoPrevention for e in ctx.s.effects)

    chooser = int(recipient[1:]) if isinstance(recipient, str) else ctx.s.objs[recipient].controller
    apply_all(ctx, event, chooser, with_prevention)
    return event


def _own_prevention(ctx: Ctx, recipient, ev: DamageAmount, unpreventable: bool = False) -> list[Replacement]:
    """"If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~."
    (Phantom Centaur, CR 615): the counter is removed by the damage event, once however many
    sources deal damage at once (its rulings, 2004-10-04). When damage can't be prevented the
    counter is still removed and the damage dealt (CR 615.12). "If damage would be dealt to ~,
    put that many +1/+1 counters on it instead." (Phytohydra) replaces the damage (CR 614.1a):
    the counters are put on it once the damage event is over."""
    if isinstance(recipient, str) or ev.amount <= 0:
        return []
    o = ctx.s.objs[recipient]
    out = []
    for i, ab in enumerate(layers.card_now(ctx.s, o).abilities):
        if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.DAMAGE_AS_COUNTERS:
            def as_counters(e, kind=ab.counter_kind):     # a replacement: also when unpreventable
                e.counters_owed.append((o.id, e.amount, "instead of the damage, CR 614.1a", kind))
                e.amount = 0
            out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} gets {ab.counter_kind} counters instead of the damage",
                                   ("614.1a",), as_counters, source=(ab.kind, o.card)))
        if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.PREVENT_DAMAGE_REMOVE_COUNTER:
            def apply(e, kind=ab.counter_kind):
                if not unpreventable:
                    e.amount = 0
                e.spent = kind
            what = "prevents nothing (damage can't be prevented)" if unpreventable else "prevents the damage"
            out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} {what} and loses a {ab.counter_kind} counter",
                                   ("615.12",) if unpreventable else ("615.1",), apply, source=(ab.kind, o.card)))
    return out


def _protection(s, source, recipient, ev: DamageAmount, unpreventable: bool = False) -> list[Replacement]:
    """Protection prevents all damage a source with its quality would deal to the permanent or
    player that has it (CR 702.16e, 702.16j, 702.16k): a prevention effect like any other
    (CR 615.1), so damage that can't be prevented is dealt all the same (CR 615.12); several
    instances of protection that fit prevent it once."""
    if ev.amount <= 0:
        return []
    if isinstance(recipient, str):
        player = player_of(recipient)
        why = protected_player_from(s, player, source)
        name = s.players[player].name
    else:
        o = s.objs[recipient]
        why = protected_from(s, o, source) if "protection" in ch.keywords(s, o) else None
        name = o.card.name
    if why is None:
        return []
    key, quality = f"protection:{recipient}", f"{name}'s protection from {_quality_name(s, why)}"
    if unpreventable:
        return [Replacement(key, f"{quality} prevents nothing (damage can't be prevented)", ("702.16e", "615.12"),
                            _prevent_none, pure=True)]
    return [Replacement(key, f"{quality} prevents the damage {source.card.name} would deal", ("702.16e", "615.1"),
                        _prevent_all, why=f"{source.card.name} has that quality", pure=True)]


def _quality_name(s, arg: str) -> str:
    """A stated quality in words: a player by name (CR 702.16k)."""
    return s.players[player_of(arg)].name if is_player_ref(arg) and arg[1:].isdigit() else arg


def _prevent_none(event: object) -> None:
    """A prevention effect applied to damage that can't be prevented (CR 615.12)."""


def _double(event: DamageAmount) -> None:
    event.amount *= 2


def _damage_changes(s, source, recipient, combat: bool) -> list[Replacement]:
    """Static abilities of permanents that change the damage a source would deal ("If a source
    you control would deal damage to a permanent or player, it deals double that damage ...
    instead", CR 614.1a), read from each permanent as the damage would be dealt (CR 604.1)."""
    out = []
    for o in s.permanents():
        for i, ab, change in _damage_change_abilities(layers.card_now(s, o)):
            if _static_fits(s, o, change, source, recipient, combat) and \
                    (change.as_counters is None or isinstance(recipient, int)):
                out.append(_damage_change(f"{o.id}:{i}", o.card.name, change, source, (ab.kind, o.card), recipient))
    for r in s.effects:         # for this turn, from resolved spells and abilities
        if type(r) is not DamageChangeEffect or r.combat_only and not combat or r.noncombat_only and combat:
            continue
        if r.group is not None and (isinstance(recipient, str)
                                    or not matches(s, s.objs[recipient], pairs_filter(r.group), None, r.player)):
            continue
        if _source_is(s, source, pairs_filter(r.by_group), None, r.player):
            change = ir.DamageChange(times=r.times, plus=r.plus, halve=r.halve)
            out.append(_damage_change(f"change:{r.timestamp}", r.source, change, source))
    return out


def _damage_change(key: str, name: str, e: ir.DamageChange, source, ability: tuple = (),
                   recipient=None) -> Replacement:
    if e.as_counters is not None:       # Soul-Scar Mage: no damage, counters instead (CR 614.1a)
        def as_counters(ev, oid=recipient, kind=e.as_counters):
            ev.counters_owed.append((oid, ev.amount, f"instead of the damage ({name}), CR 614.1a", kind))
            ev.amount = 0
        return Replacement(key, f"{name}: {e.as_counters} counters instead of the damage {source.card.name} would deal",
                           ("614.1a",), as_counters, why="the damage fits its replacement effect", source=ability)
    how = "half that damage, rounded down" if e.halve else \
        f"{ {1: '', 2: 'double ', 3: 'triple '}.get(e.times, f'{e.times} times ')}that damage" + \
        (f" plus {e.plus}" if e.plus > 0 else f" minus {-e.plus}" if e.plus < 0 else "")
    return Replacement(key, f"{name}: {source.card.name} deals {how} instead",
                       ("614.1a", "107.1a") if e.halve else ("614.1a", "107.1b"), partial(_change_damage, e),
                       why="the damage fits its replacement effect", pure=True, source=ability)


@lru_cache(maxsize=16384)
def _damage_change_abilities(card) -> tuple[tuple[int, ir.ReplacementAbility, ir.DamageChange], ...]:
    """The "damage_change" abilities of ``card`` with their indexes and the change each makes
    (the compiler gives every one its change; cached per card definition)."""
    return tuple((i, ab, ab.damage) for i, ab in enumerate(card.abilities)
                 if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.DAMAGE_CHANGE and ab.damage is not None)


def _change_damage(e: ir.DamageChange, event: DamageAmount) -> None:
    """Half rounded down (CR 107.1a), or times and plus, never below 0 (CR 107.1b)."""
    event.amount = event.amount // 2 if e.halve else max(0, event.amount * e.times + e.plus)


def _preventions(ctx: Ctx, source, recipient, combat: bool, ev: DamageAmount) -> list[Replacement]:
    """Prevention effects that fit this damage (CR 615.1): shields of resolved spells and
    abilities (:func:`_shields`), and static abilities of permanents
    (:func:`_static_preventions`); the affected player orders them with any replacement effects
    (CR 616.1)."""
    return _shields(ctx, source, recipient, combat, ev) + (
        _static_preventions(ctx, source, recipient, combat) if ev.amount > 0 else [])


def _redirectable(s, to) -> bool:
    """Whether damage can be dealt to ``to`` instead: a player, or a creature or planeswalker
    still on the battlefield (CR 120.1, 614.9)."""
    if isinstance(to, str):
        return True
    o = s.objs.get(to)
    return o is not None and o.zone == BATTLEFIELD and (ch.is_creature(s, o) or "Planeswalker" in ch.card_types(s, o))


def _shields(ctx: Ctx, source, recipient, combat: bool, ev: DamageAmount,
             redirections_only: bool = False) -> list[Replacement]:
    """The records of resolved spells and abilities that prevent this damage or deal it to
    another object or player instead (CR 614.9; redirection only, ``redirections_only``, when
    damage can't be prevented, CR 615.12). A shield of N is used up as it prevents or redirects
    (CR 615.7). Effects are shared between copies of a state, so a used shield is replaced, not
    changed."""
    s = ctx.s
    out: list[Replacement] = []
    if ev.amount <= 0:
        return out
    for shield in s.effects:
        if type(shield) is not PreventionShield or not _shield_fits(s, shield, source, recipient, combat):
            continue
        if shield.redirect is None and redirections_only:
            continue
        if shield.redirect is not None and (shield.redirect == recipient or not _redirectable(s, shield.redirect)):
            continue

        def apply(e, shield=shield):
            prevented = e.amount if shield.amount < 0 else min(shield.amount, e.amount)
            if shield.gain_life and prevented:      # the rest of the effect (CR 615.5)
                e.gains.append((shield.player, prevented, shield.source))
            if shield.counters and prevented:
                e.counters_owed.append((recipient, prevented, f"one for each 1 damage {shield.source} prevented, "
                                        "CR 615.5", "+1/+1"))
            if shield.redirect is not None:         # dealt to another instead (CR 614.9)
                e.redirected.append((shield.redirect, prevented))
            if shield.amount < 0:
                e.amount = 0
                if shield.once:         # the next instance only (CR 615.8)
                    s.effects = [x for x in s.effects if x is not shield]
                return
            e.amount -= prevented
            left = shield.amount - prevented
            s.effects = [x for x in s.effects if x is not shield]
            if left:
                s.effects.append(replace(shield, amount=left))

        what = "the next instance of" if shield.once else "all" if shield.amount < 0 else f"the next {shield.amount}"
        if shield.redirect is not None:
            to = shield.redirect
            dest = s.players[int(to[1:])].name if isinstance(to, str) else s.objs[to].card.name
            out.append(Replacement(f"prevent:{shield.timestamp}", f"{shield.source} deals {what} damage "
                                   f"{source.card.name} would deal to {dest} instead", ("614.9",), apply,
                                   why="the damage fits its redirection effect"))
            continue
        out.append(Replacement(f"prevent:{shield.timestamp}",
                               f"{shield.source} prevents {what} damage {source.card.name} would deal",
                               ("615.1", "615.8") if shield.once else ("615.1", "615.7"), apply,
                               why="the damage fits its prevention effect"))
    return out


def _shield_fits(s, shield, source, recipient, combat: bool) -> bool:
    """Whether the damage ``source`` would deal to ``recipient`` is what ``shield`` prevents:
    its kind (combat or not), its recipient or group of recipients, its source or group of
    sources, the groups read now (CR 615.9: a source's properties are checked as it deals)."""
    if shield.combat_only and not combat or shield.noncombat_only and combat:
        return False
    if shield.affected == "players":
        if not isinstance(recipient, str):
            return False
    elif shield.affected is not None:
        if shield.affected != recipient:
            return False
    elif shield.group and (isinstance(recipient, str)
                           or not matches(s, s.objs[recipient], pairs_filter(shield.group), None, shield.player)):
        return False
    if shield.by is not None and source.id != shield.by:
        return False
    return not shield.by_group or _source_is(s, source, pairs_filter(shield.by_group), None, shield.player)


def _source_is(s, source, f: ir.Filter, seen_from, controller: int | None = None) -> bool:
    """Whether a source of damage has the characteristics ``f`` names, wherever it is: a
    permanent, a spell on the stack or a card whose ability deals the damage (CR 609.7); "a
    spell" is one on the stack (CR 112.1)."""
    if f.zone == STACK and source.zone != STACK:
        return False
    return matches(s, source, replace(f, zone=source.zone), seen_from, controller)


def _static_preventions(ctx: Ctx, source, recipient, combat: bool,
                        redirections_only: bool = False) -> list[Replacement]:
    """Static abilities of permanents that prevent this damage while they are on the
    battlefield (CR 604.1, 615): "Prevent all damage that would be dealt to ~ by artifact
    creatures.", read from that permanent as the damage would be dealt; or that deal it to
    another instead (CR 614.9), also when damage can't be prevented (``redirections_only``)."""
    s = ctx.s
    out = []
    for o in s.permanents():
        for i, ab in _prevention_abilities(layers.card_now(s, o)):
            if (redirections_only and type(ab.effect) is not ir.RedirectDamage) \
                    or not _static_fits(s, o, ab.effect, source, recipient, combat):
                continue
            if type(ab.effect) is ir.RedirectDamage:
                to = _static_redirect(s, o, _static_ref(ab.effect.instead))
                if to is None or to == recipient or not _redirectable(s, to):
                    continue
                dest = s.players[int(to[1:])].name if isinstance(to, str) else s.objs[to].card.name
                out.append(Replacement(f"{o.id}:{i}", f"{o.card.name}: the damage {source.card.name} would deal is "
                                       f"dealt to {dest} instead", ("604.1", "614.9"), partial(_redirect_all, to),
                                       why="the damage fits its redirection effect", pure=True))
                continue
            n = ab.effect.amount
            if n is None:
                out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} prevents the damage {source.card.name} would deal",
                                       ("604.1", "615.1"), _prevent_all, why="the damage fits its prevention effect",
                                       pure=True))
            else:           # so much of each damage event (CR 615.10)
                out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} prevents {n} of the damage {source.card.name} "
                                       "would deal", ("604.1", "615.10"), partial(_prevent_some, _fixed(n)),
                                       why="the damage fits its prevention effect", pure=True))
    return out


@lru_cache(maxsize=16384)
def _prevention_abilities(card) -> tuple[tuple[int, ir.PreventionAbility], ...]:
    """The static prevention abilities of ``card`` with their indexes (cached per card
    definition: every damage assignment asks this of every permanent)."""
    return tuple((i, ab) for i, ab in enumerate(card.abilities) if type(ab) is ir.PreventionAbility)


def _prevent_all(event: object) -> None:
    assert isinstance(event, DamageAmount)
    event.amount = 0


def _static_redirect(s, o, ref: ir.Ref):
    """Where a static redirection of ``o`` deals the damage: ~, the permanent it is attached to,
    or its controller (CR 614.9); None when there is nothing to deal it to."""
    if ref.name == "self":
        return o.id
    if ref.name in ("enchanted", "equipped"):
        return o.attached_to
    return f"p{o.controller}" if ref.name == "you" else None


def _redirect_all(to, event: DamageAmount) -> None:
    event.redirected.append((to, event.amount))
    event.amount = 0


def _prevent_some(n: int, event: DamageAmount) -> None:
    event.amount -= min(n, event.amount)


def _static_fits(s, o, e: ir.PreventDamage | ir.RedirectDamage | ir.DamageChange, source, recipient,
                 combat: bool) -> bool:
    """Whether ``e``, a static ability of ``o``, prevents or changes the damage ``source`` would
    deal to ``recipient`` now."""
    if e.combat_only and not combat or e.noncombat_only and combat:
        return False
    if e.to is not None and not (_is_recipient(s, o, _static_ref(e.to), recipient)
                                 or e.also_to is not None and _is_recipient(s, o, _static_ref(e.also_to), recipient)):
        return False
    return e.source is None or _is_dealer(s, o, _static_ref(e.source), source)


def _is_recipient(s, o, ref: ir.Ref, recipient) -> bool:
    """Whether ``recipient`` (an object id or "p0") is what ``ref`` names, seen from ``o``."""
    name = ref.name
    if isinstance(recipient, str):
        who = int(recipient[1:])
        if name == ir.ENCHANTED_PLAYER:     # CR 303.4b: the player the Aura enchants
            if exercise.RECORD is not None:
                exercise.note("REFS", name, o.card)
            return enchanted_player(o) == who
        return name == "each_player" or name == "you" and who == o.controller \
            or name == "each_opponent" and who != o.controller
    if name == "self":
        return recipient == o.id
    if name in ("enchanted", "equipped"):
        return o.attached_to is not None and recipient == o.attached_to
    return name == "all" and ref.filter is not None and matches(s, s.objs[recipient], ref.filter, o)


def _is_dealer(s, o, ref: ir.Ref, source) -> bool:
    """Whether the object ``source`` deals damage as what ``ref`` names, seen from ``o``:
    itself, the permanent it is attached to, sources with some characteristics, or creatures
    blocking it or blocked by it (CR 509.1g)."""
    name = ref.name
    if name == "self":
        return source.id == o.id
    if name in ("enchanted", "equipped"):
        return o.attached_to is not None and source.id == o.attached_to
    if name == ir.BLOCKING_SELF:
        found = o.id in source.blocking
    elif name == ir.BLOCKED_BY_SELF:
        found = source.id in o.blocking
    else:
        found = name == "all"
    if found and name != "all" and exercise.RECORD is not None:
        exercise.note("REFS", name, o.card)
    return found and (ref.filter is None or _source_is(s, source, ref.filter, o))


# ------------------------------------------------------------------------------ life


def modify_life_gain(ctx: Ctx, player: int, amount: int) -> LifeGain:
    """Replacement effects on a life gain ("If you would gain life, you gain twice that much life
    instead", CR 614.1a, 119.10), ordered by the player gaining life (CR 616.1). Once one has
    made the event no life gain ("gains no life", "loses that much life"), no other applies."""
    event = LifeGain(player, amount)
    apply_all(ctx, event, player, lambda ev: _life_gain_changes(ctx.s, ev))
    return event


def _life_gain_changes(s, ev: LifeGain) -> list[Replacement]:
    if ev.amount <= 0:
        return []
    out = []
    for o in s.permanents():
        for i, ab, e in _life_gain_abilities(layers.card_now(s, o)):
            if ab.whose == "you" and ev.player != o.controller or ab.whose == "opponent" and ev.player == o.controller:
                continue
            how = "loses that much life" if e.lose else "gains no life" if not e.times else \
                "gains twice that much life" if e.times == 2 else f"gains that much life plus {e.plus}"
            out.append(Replacement(f"{o.id}:{i}", f"{o.card.name}: {s.players[ev.player].name} {how} instead",
                                   ("614.1a", "119.10"), partial(_change_life_gain, e), pure=True,
                                   source=(ab.kind, o.card)))
    return out


@lru_cache(maxsize=16384)
def _life_gain_abilities(card) -> tuple[tuple[int, ir.ReplacementAbility, ir.LifeGainChange], ...]:
    """The "life_gain_change" abilities of ``card`` with their indexes and the change each makes
    (the compiler gives every one its change; cached per card definition)."""
    return tuple((i, ab, ab.life) for i, ab in enumerate(card.abilities)
                 if type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.LIFE_GAIN_CHANGE and ab.life is not None)


def _change_life_gain(e: ir.LifeGainChange, event: LifeGain) -> None:
    if e.lose:
        event.lose, event.amount = event.lose + event.amount, 0
    else:
        event.amount = event.amount * e.times + e.plus


def modify_counters(ctx: Ctx, o, kind: str, n: int, by_effect: bool = True) -> int:
    """Counter replacement effects such as Hardened Scales and Corpsejack Menace (CR 614.1a),
    ordered by the permanent's controller (CR 616.1); ``by_effect`` False for counters a cost or
    a turn-based action puts, which "If an effect would put ..." doesn't change."""
    if n <= 0:
        return n
    event = CounterPlacement(o.id, {kind: n}, by_effect)
    apply_all(ctx, event, o.controller, lambda ev: counter_modifiers(ctx.s, o, ev))
    return event.counters[kind]


@lru_cache(maxsize=8192)
def _changes_counters(card) -> bool:
    return any(type(ab) is ir.ReplacementAbility and ab.kind in (ir.ReplacementKind.MORE_COUNTERS, ir.ReplacementKind.DOUBLE_COUNTERS)
               for ab in card.abilities)


def counter_modifiers(s, o, ev: ZoneChange | CounterPlacement) -> list[Replacement]:
    """Effects of permanents on the battlefield that change how many counters of a kind are
    put on ``o`` (also as it enters with counters, CR 614.12: ``o`` is seen as it would be on
    the battlefield)."""
    seen = o if o.zone == BATTLEFIELD else entering_view(o, ev, o.card)
    out = []
    found = layers.changers(s)
    for perm in holding(s, _changes_counters):
        for i, ab in enumerate(layers.card_now(s, perm, found).abilities):
            if type(ab) is not ir.ReplacementAbility or ab.kind not in (ir.ReplacementKind.MORE_COUNTERS, ir.ReplacementKind.DOUBLE_COUNTERS):
                continue
            if ab.by_effect and type(ev) is CounterPlacement and not ev.by_effect:
                continue        # a cost's or a turn-based action's counters (CR 118.3, 714.3b)
            kinds = tuple(k for k, n in ev.counters.items() if n > 0 and ab.counter_kind in (None, k))
            if not kinds or ab.affected is None or not matches(s, seen, ab.affected, perm):
                continue

            def change(e, kinds=kinds, ab=ab):
                for kind in kinds:      # "of each of those kinds of counters"
                    n = e.counters[kind]
                    e.counters[kind] = max(0, n + int(ab.amount)) if ab.kind == ir.ReplacementKind.MORE_COUNTERS else n * 2

            more = ab.amount if isinstance(ab.amount, int) else 0
            how = ("twice as many" if ab.kind != ir.ReplacementKind.MORE_COUNTERS
                   else f"plus {more}" if more >= 0 else f"minus {-more}")
            kind = " and ".join(kinds)
            out.append(Replacement(f"{perm.id}:{i}", f"{perm.card.name} ({how} {kind} counters)",
                                   ("614.1a",), change, why=f"{kind} counters would be put on "
                                   f"{o.card.name}, a permanent it affects", pure=True,
                                   source=(ab.kind, perm.card)))
    return out


def token_count(ctx: Ctx, controller: int, n: int) -> int:
    """How many tokens an effect that would create ``n`` tokens under ``controller``'s control
    creates: token-doubling replacement effects such as Anointed Procession (CR 614.1a, 111.1),
    ordered by that player (CR 616.1). Each doubling applies once to the event (CR 614.5), so
    two of them make four times as many (the cards' rulings)."""
    if n <= 0:
        return n
    event = TokenCreation(controller, n)
    apply_all(ctx, event, controller, lambda ev: _token_doublers(ctx.s, ev))
    return event.count


@lru_cache(maxsize=8192)
def _doubles_tokens(card) -> bool:
    return any(type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.DOUBLE_TOKENS for ab in card.abilities)


def _double_tokens(event: TokenCreation) -> None:
    event.count *= 2


def _token_doublers(s, ev: TokenCreation) -> list[Replacement]:
    """The token-doubling effects of permanents on the battlefield that apply to tokens created
    under ``ev.controller``'s control ("under your control": their controller's only)."""
    out = []
    found = layers.changers(s)
    for perm in holding(s, _doubles_tokens):
        for i, ab in enumerate(layers.card_now(s, perm, found).abilities):
            if type(ab) is not ir.ReplacementAbility or ab.kind != ir.ReplacementKind.DOUBLE_TOKENS:
                continue
            if ab.whose == "you" and perm.controller != ev.controller:
                continue
            out.append(Replacement(f"{perm.id}:{i}", f"{perm.card.name} (twice as many tokens)", ("614.1a", "111.1"),
                                   _double_tokens, why=f"{s.players[ev.controller].name} would create "
                                   f"{ev.count} token{'s' if ev.count != 1 else ''}", pure=True,
                                   source=(ab.kind, perm.card)))
    return out
