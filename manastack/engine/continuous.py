"""CR 613 (with 611 and 604.3): one continuous-effects system. Every effect that changes the
characteristics of permanents, from a static ability of a permanent or an emblem (CR 604, 611.3)
or left by a resolved spell or ability (a record of :mod:`.effect_records`, CR 611.2), is a
:class:`FromStatic` or a :class:`FromRecord`: its layer and sublayer (613.1b-g, 613.4a-d), its
timestamp (613.7: a static ability's is its source's, which an Aura or Equipment renews each time
it is attached, 613.7e), its source, and what it applies to: a set locked in as it began (a
record, CR 611.2c) or a description read again as the layers are applied (a static ability).

:func:`board` applies them once per state version (``State.facts``) to every permanent, layer by
layer (layer 1, copy effects, is fixed as a permanent enters: ``Obj.card``; layer 3, text,
changes the words of its abilities and type line, :func:`text_changed`), giving a
:class:`Chars` for each: types, subtypes, colors, abilities (the derived definition
:func:`derived` compiles), keywords, protections, power and toughness, and the controller layer
2 calls for (:mod:`.control` brings it onto the object). Within each layer:

- effects of characteristic-defining abilities first (CR 613.3, 613.4a);
- then the rest in dependency order (CR 613.8a): an effect depends on another of its layer when
  applying the other would change whether it exists (its source lost the ability), what it
  applies to, or what it does to them. It is found by trying: the other is applied to a copy
  of the characteristics so far and the first one's answers compared. An effect waits until
  all it depends on are applied; otherwise, and inside a dependency loop, timestamp order
  (CR 613.8b). After each effect applies the order is worked out again (CR 613.8c). In layer
  7c, where modifications add up in any order, this is done only when what one applies to
  reads power or toughness or holds while a condition does.
- An effect that began to apply in one layer keeps applying to the same objects in its later
  layers, even once its source lost the ability (CR 613.6): Humility's 1/1 after it lost its
  own abilities in layer 6.

While the layers are applied, every characteristic read (a filter matched, a condition checked,
something counted) reads the characteristics found so far (:func:`chars`), so an effect sees
the board as the earlier layers and effects left it. A board without any such effect has no
record at all (:func:`board` is None) and readers use the printed values.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import ClassVar

from manastack.cards import CardDef
from manastack.cards.multiface import Layout
from manastack.mana import COLORS as COLOR_ORDER, COLOR_NAMES
from manastack.oracle import ir
from manastack.oracle.compiler import rules_text
from manastack.oracle.subtypes import CREATURE_TYPES, LAND_TYPES
from manastack.oracle.text_change import WordChange, WordKind, change_text, change_words

from . import commanders, exercise
from .abilities import eminent
from .effect_records import (AddSubtypes, AllCreatureTypes, BecomeCreature, ControlChange, GrantAbility,
                             GrantKeywords, LoseAllAbilities, LoseKeywords, ModifyPT, Paired, SetColors, SetLandType, SetPT, SwitchPT,
                             TextChange)
from .state import Obj, State
from .upcalls import condition_holds, matches
from .zones import BATTLEFIELD, STACK

# Sublayers in the order they apply (CR 613.1, 613.4).
L2, L3, L4, L5, L6, L7A, L7B, L7C, L7D = range(9)

# The static effects that change characteristics, by sublayer (an ability with parts in several
# layers compiles to one effect per part, read together as one, CR 613.6).
STATIC_LAYERS: dict[type[ir.StaticEffect], int] = {
    ir.StaticControl: L2,
    ir.StaticSetLandType: L4, ir.StaticAddTypes: L4, ir.StaticRemoveTypes: L4, ir.StaticAllCreatureTypes: L4,
    ir.StaticSetCreatureTypes: L4, ir.StaticAddSupertypes: L4, ir.StaticRemoveSupertypes: L4,
    ir.StaticSetColors: L5,
    ir.StaticGrantKeywords: L6, ir.StaticLoseKeywords: L6, ir.StaticGrantAbility: L6, ir.StaticCantHaveKeywords: L6,
    ir.StaticLoseAllAbilities: L6,
    ir.StaticPTEqualCount: L7A, ir.StaticPowerEqualCount: L7A, ir.StaticToughnessEqualCount: L7A,
    ir.StaticSetBasePT: L7B, ir.StaticBasePTManaValue: L7B,
    ir.StaticModifyPT: L7C,
}
RECORD_LAYERS: dict[type, int] = {
    ControlChange: L2,
    TextChange: L3,
    BecomeCreature: L4, SetLandType: L4, AddSubtypes: L4, AllCreatureTypes: L4,
    SetColors: L5,
    GrantKeywords: L6, LoseKeywords: L6, LoseAllAbilities: L6, GrantAbility: L6,
    SetPT: L7B, ModifyPT: L7C, SwitchPT: L7D,
}
LayeredRecord = (ControlChange | TextChange | BecomeCreature | SetLandType | AddSubtypes | AllCreatureTypes | SetColors
                 | GrantKeywords | LoseKeywords | LoseAllAbilities | GrantAbility | SetPT | ModifyPT | SwitchPT)

# The static effects that change what a permanent's definition is (its types or abilities).
CHANGING_TYPES: frozenset[type[ir.StaticEffect]] = frozenset({
    ir.StaticSetLandType, ir.StaticGrantAbility, ir.StaticAddTypes, ir.StaticRemoveTypes, ir.StaticLoseAllAbilities,
    ir.StaticSetCreatureTypes, ir.StaticAddSupertypes, ir.StaticRemoveSupertypes})


class Keeps(Enum):
    """Which attached permanents a protection doesn't make fall off (CR 702.16n): none, the
    source granting it ("This effect doesn't remove ~."), or every Aura ("... Auras.")."""
    NONE = 0
    SOURCE = 1
    AURAS = 2


@dataclass(slots=True)
class Chars:
    """One permanent's characteristics as the layers are applied, and after."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    all_types: bool                 # every creature type (CR 205.3m)
    colors: tuple[str, ...]
    own_text: bool                  # the abilities of its rules text (gone: CR 305.7, "loses all abilities")
    grants: tuple[str, ...]         # quoted abilities gained, as text (CR 613.1f)
    keywords: frozenset[str]
    protections: tuple[tuple[str | None, int | None, Keeps], ...]   # (quality, source, what it keeps attached)
    power: int
    toughness: int
    controller: int
    card: CardDef | None = None     # the derived definition, once all layers applied
    supertypes: tuple[str, ...] = ()
    text: tuple[WordChange, ...] = ()   # the words its text reads instead (layer 3, CR 612)

    def clone(self) -> "Chars":
        return Chars(self.types, self.subtypes, self.all_types, self.colors, self.own_text, self.grants, self.keywords, self.protections, self.power, self.toughness,
                     self.controller, self.card, self.supertypes, self.text)


@dataclass(slots=True, eq=False)
class FromStatic:
    """A continuous effect of the static ability ``static`` of the object ``source``, in layer
    ``layer``; ``group`` names the ability, whose parts in other layers are the same effect
    (CR 613.6); ``cda``: a characteristic-defining ability's (CR 604.3)."""

    layer: int
    timestamp: int
    cda: bool
    source: Obj
    group: tuple
    static: ir.StaticEffect


@dataclass(slots=True, eq=False)
class FromRecord:
    """A continuous effect a resolved spell or ability left, as the record ``record`` (CR 611.2),
    in layer ``layer``."""

    layer: int
    timestamp: int
    record: LayeredRecord
    cda: ClassVar[bool] = False


Layered = FromStatic | FromRecord


@dataclass(slots=True)
class Board:
    """What the layers gave, for one state version: each permanent's characteristics, the static
    abilities that exist after them (a source that lost its abilities has none, CR 613.1f,
    305.7), and the control effects of static abilities that applied (layer 2)."""

    chars: dict[int, Chars]
    stripped: frozenset[int]            # permanents whose own rules text no longer gives abilities
    static_control: tuple[tuple[int, int], ...]   # (source, object): a static ability controls it


# --------------------------------------------------------------------------- the static abilities


def statics(s: State) -> tuple:
    """``(all, layered)``: (source id, ability key, effect) for every static ability of a
    permanent or an emblem (CR 114.4), and those of them in :data:`STATIC_LAYERS`. Kept on the
    state with the battlefield it was found for; emblems, definitions changed in place and text
    changes that begin or end reset it. A permanent whose text an effect changed has the static
    abilities its changed text gives (CR 612, 613.1c: layer 3 comes before all those these
    abilities apply in)."""
    key = s.battlefield
    cached = s.static_cache
    if cached is not None and cached[0] is key:
        return cached[1]
    objs = s.objs
    out = []
    texts = text_changes(s)
    for oid in key:
        card = objs[oid].card
        out += _static_abilities(oid, text_changed(card, texts[oid]) if oid in texts else card)
    for p in s.players:                   # emblems' abilities work in the command zone (CR 114.4)
        for oid in p.command:             # (a commander there is a card: its abilities don't, CR 113.6,
            card = objs[oid].card         # but for those that say they do: eminence, CR 113.6b)
            if not card.types:
                out += _static_abilities(oid, card)
            elif eminent(card):
                out += [t for t in _static_abilities(oid, card) if t[2].condition == ir.IN_COMMAND_ZONE_OR_BATTLEFIELD]
    every = tuple(out)
    found = (every, tuple(t for t in every if type(t[2]) in STATIC_LAYERS))
    memo: dict = {}
    if cached is not None and (carried := cached[2].get(KEPT_RECORDS)) is not None:
        # the battlefield changed (a permanent entered or left): the per-object answers of
        # board_facts.kept read the object alone, so those of the permanents still here stay
        on = set(key)
        memo[KEPT_RECORDS] = {name: {i: v for i, v in rec.items() if i in on} for name, rec in carried.items()}
    s.static_cache = (key, found, memo)
    return found


KEPT_RECORDS = ("kept records",)   # board_memo's key for board_facts.kept's records, carried over


def board_memo(s: State) -> dict:
    """A record of facts about the battlefield as it is now (which permanents are on it, with
    which definitions), kept with its static abilities (:func:`statics`): readers fill it, copies
    share it, and it goes when they go (a permanent enters or leaves, a definition changes in
    place). Only what those decide alone may be kept in it, such as which permanents have an
    ability that triggers on an event of some kind."""
    statics(s)
    cached = s.static_cache
    assert cached is not None           # statics has just kept it
    return cached[2]


def _static_abilities(oid: int, card: CardDef) -> list:
    if not card.static_effects:
        return []
    # the parts of one sentence are one ability (CR 613.6): "lose all abilities and have base
    # power and toughness 1/1"; a sentence with two subjects ("~ gets +2/+2 and other creatures
    # you control have trample") has one effect for each, applying to its own subject
    return [(oid, (oid, ab.text or i, ab.effect.condition, ab.effect.affected), ab.effect)
            for i, ab in enumerate(card.abilities) if type(ab) is ir.StaticAbility]


def text_changes(s: State) -> dict[int, tuple[WordChange, ...]]:
    """The text changes of each permanent (CR 612), in timestamp order (CR 613.7): every
    :class:`.TextChange` record applies, locked in on its object (CR 611.2c)."""
    if not s.effects:
        return {}
    found: dict[int, list[TextChange]] = {}
    for e in s.effects:
        if type(e) is TextChange:
            found.setdefault(e.affected, []).append(e)
    return {oid: tuple(WordChange(WordKind(e.words), e.old, e.new) for e in sorted(es, key=_timestamp))
            for oid, es in found.items()}


def _timestamp(e: TextChange) -> int:
    return e.timestamp


@lru_cache(maxsize=1024)
def text_changed(card: CardDef, changes: tuple[WordChange, ...]) -> CardDef:
    """``card`` with the words of ``changes`` changed in its abilities, rules text and type line
    (CR 612.1-612.2; its name stays, 612.2): found once per card and changes."""
    if not changes:
        return card
    subtypes = card.subtypes
    for ch in changes:
        if ch.kind is not WordKind.COLOR and ch.old in subtypes:
            subtypes = tuple(ch.new if t == ch.old else t for t in subtypes)
    text = change_text(card.text, changes, card.name)
    face = dict(card.face, text=text, subtypes=list(subtypes),
                type=" — ".join(x for x in (" ".join(card.supertypes + card.types), " ".join(subtypes)) if x))
    return dataclasses.replace(card, abilities=change_words(card.abilities, changes), text=text, subtypes=subtypes,
                               face=face, type_line=face["type"])


def text_changes_begin_or_end(s: State) -> None:
    """A text change began or ended (CR 612): the static abilities found for this battlefield,
    and what was kept with them, are found again from the changed texts."""
    s.battlefield = tuple(list(s.battlefield))
    s.layer_cache = s.static_cache = None


def _layered_records(s: State) -> list:
    return [e for e in s.effects if type(e) in RECORD_LAYERS] if s.effects else []


# --------------------------------------------------------------------------- the board


_MISSING = object()
_WORK: list[tuple[State, dict[int, Chars], dict[int, Obj]]] = []


def board(s: State) -> Board | None:
    """The layers applied to this state's permanents, once per version; None when no continuous
    effect changes any characteristic (most boards)."""
    facts = s.facts()
    found = facts.get("layers", _MISSING)
    if found is _MISSING:
        facts["layers"] = None          # while computing: readers see printed values
        found = facts["layers"] = compute(s)
    return found  # type: ignore[return-value]  # the facts cache holds what compute returned, untyped


def by_default(o: Obj) -> int:
    """CR 110.2, 110.2a: who controls ``o`` when no control effect applies: the player who put
    it onto the battlefield under their control, else its owner."""
    return o.owner if o.default_controller is None else o.default_controller


def compute(s: State, extra: Obj | None = None, reset: frozenset[int] = frozenset()) -> Board | None:
    """Apply every layer to the permanents of ``s`` (and ``extra``, an object as it last
    existed, in place of the object of its id). Layer 2 starts from the default controller
    (:func:`by_default`) of a permanent some control effect concerns or concerned (``reset``:
    those whose effects just ended), from its controller for any other (CR 110.2)."""
    every, layered = statics(s)
    records = _layered_records(s)
    if not layered and not records:
        return None
    objs = dict(s.objs) if extra is not None else s.objs
    ids = list(s.battlefield)
    if extra is not None:
        objs[extra.id] = extra
        if extra.id not in ids:
            ids.append(extra.id)
    w = {oid: start(objs[oid]) for oid in ids}
    for e in records:
        if type(e) is ControlChange and e.affected in w:
            w[e.affected].controller = by_default(objs[e.affected])
    for oid in reset:
        if oid in w:
            w[oid].controller = by_default(objs[oid])
    # a mark that an Aura's static ability controls the permanent is no effect (see control.py)
    records = [e for e in records if type(e) is not ControlChange or not e.until.startswith("attached:")]
    statics_ = [FromStatic(STATIC_LAYERS[type(eff)], objs[src].timestamp, isinstance(eff, ir.StaticPTCount),
                           objs[src], group, eff) for src, group, eff in layered]
    # the color part of "is a black Zombie in addition to its other colors and types" (layer 5)
    statics_ += [FromStatic(L5, e.timestamp, False, e.source, e.group, e.static) for e in statics_
                 if isinstance(e.static, ir.StaticAddTypes) and e.static.colors]
    effects: list[Layered] = [*statics_, *(FromRecord(RECORD_LAYERS[type(e)], e.timestamp, e) for e in records)]
    started: dict[tuple, tuple[int, tuple[int, ...]]] = {}     # ability: (layer, objects) where it began
    control: list[tuple[int, int]] = []
    _WORK.append((s, w, objs))
    try:
        for layer in range(9):
            these = [e for e in effects if e.layer == layer]
            if these:
                _apply_layer(s, these, w, objs, started, control)
            if layer == L6:
                _rules_haste(objs, w)
            elif layer == L7C:
                for oid, c in w.items():           # counters apply in layer 7c (CR 613.4c)
                    counters = objs[oid].counters
                    if counters:
                        n = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
                        c.power += n
                        c.toughness += n
    finally:
        _WORK.pop()
    stripped = frozenset(oid for oid, c in w.items() if not c.own_text)
    for oid, c in w.items():
        c.card = _definition(objs[oid].card, c)
    return Board(w, stripped, tuple(control))


def start(o: Obj) -> Chars:
    """Its characteristics after layer 1: its copiable values (CR 613.2c)."""
    card = o.card
    kws = card_keywords(card)
    prot = _printed_protections(card, o) if "protection" in kws else ()
    colors = card.colors
    if colors and "devoid" in kws:      # a characteristic-defining ability (CR 702.114a, 604.3)
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "devoid", card)
        colors = ()
    return Chars(card.types, card.subtypes, printed_changeling(card), colors, True, (), kws, prot,
                 printed(card.power), printed(card.toughness), o.controller, None, card.supertypes)


def _printed_protections(card: CardDef, o: Obj) -> tuple:
    return tuple((_quality(ab.arg, o), None, Keeps.NONE) for ab in card.abilities
                 if type(ab) is ir.Keyword and ab.name == "protection")


@lru_cache(maxsize=8192)
def card_keywords(card: CardDef) -> frozenset[str]:
    """The keyword abilities of a definition, found once per definition."""
    return frozenset(n for ab in card.abilities if type(ab) is ir.Keyword for n in keyword_names(ab))


HEXPROOF_FROM = "hexproof from"


def keyword_names(kw: ir.Keyword) -> tuple[str, ...]:
    """The names a keyword ability has among an object's keywords: its name, and for a
    "hexproof from [quality]" ability (CR 702.11d) also "hexproof from [quality]", so that one
    look finds whether it has any and the quality is read only then (``filters.hexproof_from``)."""
    if kw.name == HEXPROOF_FROM:
        return (HEXPROOF_FROM, f"{HEXPROOF_FROM} {kw.arg}")
    return (kw.name,)


@lru_cache(maxsize=8192)
def printed_changeling(card: CardDef) -> bool:
    """CR 702.73a: changeling, a characteristic-defining ability: every creature type."""
    return any(type(ab) is ir.Keyword and ab.name == "changeling" for ab in card.abilities)


def printed(value: str | None) -> int:
    """A printed power or toughness; "*" is 0 where no characteristic-defining ability sets it
    (CR 208.2a: one lost, or none the engine knows), so "1+*" is 1 (Tarmogoyf's toughness)."""
    if value is None:
        return 0
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return sum(int(term) for term in value.replace("-", "+-").split("+") if term.strip() not in ("", "*", "-*"))
    except ValueError:
        return 0


def _quality(arg: str | None, source: Obj) -> str | None:
    """A protection's quality; "the chosen color" or "the chosen player" is the one chosen as
    ``source`` entered (CR 614.12), none if it has none."""
    if arg == ir.CHOSEN_COLOR:
        return COLOR_NAMES.get(source.chosen or "")
    if arg == ir.CHOSEN_PLAYER:
        return source.chosen
    return arg


def _rules_haste(objs: dict[int, Obj], w: dict[int, Chars]) -> None:
    """Haste the rules give: cast by suspend (CR 702.62a), dash paid (702.109a), returned by
    unearth (702.84a)."""
    for oid, c in w.items():
        costs = objs[oid].cast_costs
        if costs and ("dash" in costs or "unearth" in costs or "suspend" in costs and "Creature" in objs[oid].card.types):
            c.keywords = c.keywords | {"haste"}


# --------------------------------------------------------------------------- one layer


def _apply_layer(s, effects, w, objs, started, control) -> None:
    """CR 613.3, 613.8: characteristic-defining abilities first, then the rest by dependency,
    in timestamp order where none (and in a loop)."""
    effects.sort(key=lambda e: e.timestamp)
    cant_have = [e for e in effects if isinstance(e, FromStatic) and isinstance(e.static, ir.StaticCantHaveKeywords)]
    for group in ([e for e in effects if e.cda], [e for e in effects if not e.cda and e not in cant_have]):
        remaining = list(group)
        while remaining:
            pick = remaining[0] if len(remaining) == 1 or not _may_depend(remaining) \
                else _next(s, remaining, w, objs, started)
            remaining.remove(pick)
            _apply(s, pick, w, objs, started, control)
    for e in cant_have:         # "can't have": whatever the timestamps (CR 113.11)
        _apply(s, e, w, objs, started, control)


def _may_depend(effects) -> bool:
    """Whether the order of these effects of one layer could differ from their timestamp order
    (CR 613.8a): in layers 2 and 4 always; in the others, only where an effect holds while a
    condition does, where what one applies to reads what the layer changes, or where one takes
    abilities away, and with them others' existence (layer 6). Modifications and settings of
    power and toughness otherwise add up or override in timestamp order."""
    layer = effects[0].layer
    if layer in (L2, L4):
        return True
    for e in effects:
        if isinstance(e, FromRecord) and isinstance(e.record, LoseAllAbilities):
            return True         # the static abilities of the permanent it strips exist no more
        if isinstance(e, FromStatic):
            eff = e.static
            if eff.condition is not None or layer == L6 and isinstance(eff, ir.StaticLoseAllAbilities):
                return True
            f = eff.affected
            if isinstance(f, ir.Filter) and (
                    layer == L5 and (f.colors or f.non_colors or f.multicolored or f.monocolored or f.all_colors)
                    or layer == L6 and (f.keywords or f.without_keywords)
                    or layer >= L7A and _reads_pt(f)):
                return True
    return False


def _reads_pt(f: ir.Filter) -> bool:
    return (f.power_at_most is not None or f.power_at_least is not None or f.toughness_at_most is not None
            or f.toughness_at_least is not None or f.power_below_source or f.power_above_hand)


def _next(s, remaining, w, objs, started) -> Layered:
    """The effect to apply next (CR 613.8b-c): the earliest one that doesn't wait for another,
    an effect in a dependency loop waiting for none in its loop."""
    before = {id(a): _answers(s, a, w, objs, started) for a in remaining}
    depends: dict[int, set[int]] = {id(a): set() for a in remaining}
    for b in remaining:
        trial = {oid: c.clone() for oid, c in w.items()}
        _WORK.append((s, trial, objs))
        try:
            _apply(s, b, trial, objs, dict(started), [])
            for a in remaining:
                if a is not b and _answers(s, a, trial, objs, started) != before[id(a)]:
                    depends[id(a)].add(id(b))
        finally:
            _WORK.pop()
    if not any(depends.values()):
        return remaining[0]
    reach = {k: _reachable(k, depends) for k in depends}
    for a in remaining:         # timestamp order
        if all(id(a) in reach[b] for b in depends[id(a)]):     # waits for nothing outside a loop
            return a
    return remaining[0]


def _reachable(k: int, depends: dict[int, set[int]]) -> set[int]:
    seen: set[int] = set()
    todo = list(depends[k])
    while todo:
        x = todo.pop()
        if x not in seen:
            seen.add(x)
            todo += depends[x]
    return seen


def _answers(s, e: Layered, w, objs, started) -> tuple:
    """What an effect would do now: whether it exists, what it applies to, and the values it
    would give them (CR 613.8a)."""
    if not _exists(s, e, w, objs, started):
        return (False,)
    targets = _targets(s, e, w, objs, started)
    return (True, targets, _values(s, e, w, objs, targets))


def _exists(s, e: Layered, w, objs, started) -> bool:
    """A resolved effect exists while its record lasts; a static ability's while its source has
    it (a permanent that lost the abilities of its rules text has none, CR 305.7, 613.1f) and
    its condition holds (CR 611.3a), or once part of it began to apply (CR 613.6)."""
    if isinstance(e, FromRecord) or _locked(e, started) is not None:
        return True
    src = e.source
    c = w.get(src.id)
    if c is not None and not c.own_text:
        return False
    cond = e.static.condition
    if cond is not None:
        if exercise.RECORD is not None and not isinstance(cond, str):
            exercise.note("STATIC_CONDITIONS", type(cond).__name__, src.card)
        return condition_holds(s, cond, src)
    return True


def _targets(s, e: Layered, w, objs, started) -> tuple[int, ...]:
    """The permanents the effect applies to now: a record's object (locked in, CR 611.2c), those
    the ability named when it began in an earlier layer (CR 613.6), or those its description
    names now."""
    if isinstance(e, FromRecord):
        oid = e.record.affected
        return (oid,) if oid in w else ()
    locked = _locked(e, started)
    if locked is not None:
        return tuple(oid for oid in locked if oid in w)
    return tuple(oid for oid in w if relates(s, e.static.affected, objs[oid], e.source))


def _values(s, e: Layered, w, objs, targets) -> tuple:
    if isinstance(e, FromRecord):
        return ()
    eff = e.static
    if isinstance(eff, ir.StaticControl):
        return (_controller(e.source, w),)
    if isinstance(eff, ir.StaticModifyPT) and eff.count is not None:
        return tuple(_times(s, eff, e.source, objs[oid]) for oid in targets)
    if isinstance(eff, ir.StaticPTCount):
        return (cda_count(s, eff, e.source),)
    return ()


def _locked(e: FromStatic, started) -> tuple[int, ...] | None:
    """The objects a part of the same ability applied to in an earlier layer (CR 613.6)."""
    found = started.get(e.group)
    return found[1] if found is not None and found[0] < e.layer else None


def _controller(src: Obj, w) -> int:
    c = w.get(src.id)
    return c.controller if c is not None else src.controller


def _apply(s, e: Layered, w, objs, started, control) -> None:
    if not _exists(s, e, w, objs, started):
        return
    targets = _targets(s, e, w, objs, started)
    if isinstance(e, FromRecord):
        if type(e.record) is TextChange:
            for oid in targets:
                _change_text(w[oid], objs[oid], e.record)
            return
        _apply_record(e.record, w, targets)
        return
    if e.group not in started:
        started[e.group] = (e.layer, targets)
    if targets and exercise.RECORD is not None:
        exercise.note("STATIC_KINDS", e.static.kind, e.source.card)
    for oid in targets:
        _apply_static(s, e.layer, e.static, e.source, objs[oid], w[oid], w, control)


def _apply_static(s, layer: int, eff: ir.StaticEffect, src: Obj, o: Obj, c: Chars, w, control) -> None:
    match eff:
        # the most common first: the classes have no subclass in common
        case ir.StaticModifyPT():
            n = 1 if eff.count is None else _times(s, eff, src, o)
            c.power += eff.power * n
            c.toughness += eff.toughness * n
        case ir.StaticGrantKeywords():
            c.keywords = c.keywords | {n for k in eff.keywords for n in keyword_names(k)}
            keeps = Keeps.AURAS if eff.keeps_auras else Keeps.SOURCE if eff.keeps_source else Keeps.NONE
            c.protections += tuple((_quality(k.arg, src), src.id, keeps) for k in eff.keywords if k.name == "protection")
        case ir.StaticAddTypes() if layer == L5:
            c.colors = tuple(x for x in COLOR_ORDER if x in c.colors or x in eff.colors)
        case ir.StaticControl():
            if src.attached_to == o.id:         # an Aura's "You control enchanted creature"
                c.controller = _controller(src, w)
                control.append((src.id, o.id))
        case ir.StaticSetLandType():
            _set_land_type(c, eff.land_type)
        case ir.StaticAddTypes():
            c.types = c.types + tuple(t for t in eff.types if t not in c.types)
            c.subtypes = c.subtypes + tuple(t for t in eff.subtypes if t not in c.subtypes)
        case ir.StaticRemoveTypes():
            _remove_types(c, eff.types)
        case ir.StaticAllCreatureTypes():
            c.all_types = True
        case ir.StaticSetCreatureTypes():
            # "is a 5/5 Golem artifact creature": those card types added, its creature types
            # replaced, its other subtypes kept (CR 205.1b)
            c.types = c.types + tuple(t for t in eff.types if t not in c.types)
            c.subtypes = tuple(t for t in c.subtypes if t not in CREATURE_TYPES) + eff.subtypes
            c.all_types = False
        case ir.StaticAddSupertypes():         # its other supertypes kept (CR 205.4b)
            c.supertypes = c.supertypes + tuple(t for t in eff.types if t not in c.supertypes)
        case ir.StaticRemoveSupertypes():
            c.supertypes = tuple(t for t in c.supertypes if t not in eff.types)
        case ir.StaticSetColors():
            c.colors = eff.colors           # instead of its others (CR 105.3)
        case ir.StaticKeywordsLost():       # "loses", "can't have or gain"
            _lose(c, {k.name for k in eff.keywords})
        case ir.StaticGrantAbility():
            c.grants = c.grants + tuple(ab.text for ab in eff.abilities)
        case ir.StaticLoseAllAbilities():
            c.own_text, c.grants, c.keywords, c.protections = False, (), frozenset(), ()
        case ir.StaticPTCount():
            c.power, c.toughness = cda_pt(s, eff, src, c.power, c.toughness)
        case ir.StaticSetBasePT():
            c.power, c.toughness = eff.power, eff.toughness
        case ir.StaticBasePTManaValue():
            c.power = c.toughness = mana_value(o)


def _apply_record(e: LayeredRecord, w, targets) -> None:
    for oid in targets:
        c = w[oid]
        match e:
            case ControlChange():
                c.controller = e.controller
            case BecomeCreature():
                if e.replaces:       # only those card types (CR 205.1a), its creature types kept
                    c.types = (*e.types, "Creature")
                    c.subtypes = tuple(x for x in c.subtypes if x in CREATURE_TYPES)
                else:
                    c.types = c.types + tuple(x for x in ("Creature", *e.types) if x not in c.types)
            case SetLandType():
                _set_land_type(c, e.land_type)
            case AddSubtypes():
                if e.replaces:      # CR 205.1a: its other creature types gone, other subtypes kept
                    c.subtypes = tuple(x for x in c.subtypes if x not in CREATURE_TYPES) + e.subtypes
                    c.all_types = False
                else:
                    c.subtypes = c.subtypes + tuple(x for x in e.subtypes if x not in c.subtypes)
            case AllCreatureTypes():
                c.all_types = True
            case SetColors():
                c.colors = e.colors
            case GrantKeywords():
                c.keywords = c.keywords | set(e.keywords)
                c.protections += tuple((q, None, Keeps.NONE) for q in e.protection)
            case LoseKeywords():
                _lose(c, set(e.keywords))
            case LoseAllAbilities():
                c.own_text, c.grants, c.keywords, c.protections = False, (), frozenset(), ()
            case GrantAbility():
                c.grants = c.grants + e.abilities
            case SetPT():
                c.power, c.toughness = e.power, e.toughness
            case ModifyPT():
                c.power += e.power
                c.toughness += e.toughness
            case SwitchPT():      # layer 7d (CR 613.4d)
                c.power, c.toughness = c.toughness, c.power


def _change_text(c: Chars, o: Obj, e: TextChange) -> None:
    """Layer 3 (CR 612, 613.1c): the word changed in its type line and in the abilities of its
    rules text, which give its keywords and protections from here on (the abilities other
    effects grant it later keep their words, CR 612.3)."""
    change = WordChange(WordKind(e.words), e.old, e.new)
    c.text = c.text + (change,)
    if change.kind is not WordKind.COLOR and e.old in c.subtypes:
        c.subtypes = tuple(e.new if t == e.old else t for t in c.subtypes)
    before = text_changed(o.card, c.text[:-1])
    card = text_changed(o.card, c.text)
    c.keywords = (c.keywords - card_keywords(before)) | card_keywords(card)
    c.protections = tuple(p for p in c.protections if p[1] is not None) + _printed_protections(card, o)


def _set_land_type(c: Chars, land_type: str) -> None:
    """CR 305.7: a land's land types are replaced, and it loses the abilities of its rules text
    and its old land types, having the new type's mana ability."""
    if "Land" not in c.types:
        return
    c.subtypes = tuple(t for t in c.subtypes if t not in LAND_TYPES) + (land_type,)
    c.own_text, c.keywords, c.protections = False, frozenset(), ()


def _remove_types(c: Chars, types: tuple[str, ...]) -> None:
    """A card type taken away, with its creature types when it is "Creature" (CR 205.3d)."""
    c.types = tuple(t for t in c.types if t not in types)
    if "Creature" in types:
        c.subtypes = tuple(t for t in c.subtypes if t not in CREATURE_TYPES)


def _lose(c: Chars, names: set[str]) -> None:
    c.keywords = c.keywords - names
    if "hexproof" in names and HEXPROOF_FROM in c.keywords:     # CR 702.11e: every "hexproof from" too
        c.keywords = frozenset(k for k in c.keywords if not k.startswith(HEXPROOF_FROM))
    if "protection" in names:
        c.protections = ()


# --------------------------------------------------------------------------- reading it


class LastKnown(Obj):
    """A permanent as it last existed on the battlefield (CR 608.2h, 603.10), with the
    characteristics the continuous effects in force at that moment gave it (``known``; None:
    its printed values). It keeps them once those effects have ended or their sources have left
    with it: a creature that dies under an anthem had the anthem's bonus (CR 113.7a)."""

    __slots__ = ("known",)
    known: Chars | None


def last_known(o: Obj, known: Chars | None) -> LastKnown:
    """``o`` as it last existed, with ``known`` its characteristics then (see :class:`LastKnown`)."""
    copied = o.copy()
    lk = LastKnown.__new__(LastKnown)
    for name in Obj.__slots__:
        setattr(lk, name, getattr(copied, name))
    lk.known = known
    return lk


def chars(s: State, o: Obj) -> Chars | None:
    """The characteristics the layers give the permanent ``o`` (those found so far while they
    are applied); None when no continuous effect changes any (its printed values). An object as
    it last existed (:class:`LastKnown`) has those it had then; any other object that is not the
    state's own is found with the state's effects applied to it."""
    if type(o) is LastKnown:
        return o.known
    cached = s.static_cache
    if cached is not None and cached[0] is s.battlefield and not cached[1][1]:
        for e in s.effects:         # most boards: no effect changes characteristics
            if type(e) in RECORD_LAYERS:
                break
        else:
            return None
    if _WORK and _WORK[-1][0] is s:
        return _WORK[-1][1].get(o.id)
    b = board(s)
    if b is None:
        return None
    cur = s.objs.get(o.id)
    if cur is o or cur is not None and s.cow.get(o.id) is o:
        return b.chars.get(o.id)
    facts = s.facts()
    key = ("layers", o.id)
    found = facts.get(key)
    if found is None or found[0] is not o:
        last = compute(s, extra=o)
        found = facts[key] = (o, last.chars.get(o.id) if last is not None else None)
    return found[1]


def static_abilities(s: State) -> dict[type[ir.StaticEffect], list[tuple[int, ir.StaticEffect]]]:
    """(source id, effect) by the effect's type, for the static abilities that exist now: their source has
    them after the layers (CR 305.7, 613.1f) and their condition holds (CR 611.3a). Once per
    state version. While conditions are checked, the abilities without one are those found (a
    condition that reads what another conditional ability changes sees it unchanged)."""
    every = statics(s)[0]
    if not every:
        return _NONE
    if _WORK and _WORK[-1][0] is s:         # while the layers are applied: their sources so far
        w = _WORK[-1][1]
        return _by_type(t for t in every if t[2].condition is None and (w.get(t[0]) is None or w[t[0]].own_text))
    facts = s.facts()
    found = facts.get("statics")
    if found is not None:
        return found
    b = board(s)
    gone = b.stripped if b is not None else frozenset()
    exist = [t for t in every if t[0] not in gone]
    found = facts["statics"] = _by_type(t for t in exist if t[2].condition is None)
    conditional = [t for t in exist if t[2].condition is not None]
    if conditional:
        objs = s.objs
        held = [t for t in conditional if _holds(s, t[2].condition, objs[t[0]])]
        found = facts["statics"] = _by_type(t for t in exist if t[2].condition is None or t in held)
    return found


_NONE: dict = {}


def _by_type(found) -> dict[type[ir.StaticEffect], list[tuple[int, ir.StaticEffect]]]:
    out: dict[type[ir.StaticEffect], list] = {}
    for oid, _g, eff in found:
        out.setdefault(type(eff), []).append((oid, eff))
    return out


def _holds(s: State, condition, src: Obj) -> bool:
    if exercise.RECORD is not None and not isinstance(condition, str):
        exercise.note("STATIC_CONDITIONS", type(condition).__name__, src.card)
    return condition_holds(s, condition, src)


# --------------------------------------------------------------------------- the definition


def _definition(card: CardDef, c: Chars) -> CardDef:
    """The definition the characteristics call for: ``card`` itself when its types and abilities
    are the printed ones."""
    if c.own_text and not c.grants and c.types == card.types and c.subtypes == card.subtypes \
            and c.supertypes == card.supertypes and not c.text:
        return card
    return derived(card, c.types, c.subtypes, c.own_text, c.grants, c.supertypes, c.text)


@lru_cache(maxsize=4096)
def derived(card: CardDef, types: tuple[str, ...], subtypes: tuple[str, ...], own_text: bool,
            grants: tuple[str, ...], supertypes: tuple[str, ...] | None = None,
            words: tuple[WordChange, ...] = ()) -> CardDef:
    """``card`` with the type line ``supertypes`` (its own when None), ``types`` and ``subtypes``
    (a basic land type brings its mana ability, CR 305.6), without the abilities of its rules
    text unless ``own_text``, and with ``grants`` added as abilities (CR 613.1f), compiled from
    the changed face; the abilities of its rules text with the changes of ``words`` made
    (layer 3, CR 612), not the granted ones (CR 612.3)."""
    if words:
        base = derived(card, types, subtypes, own_text, grants, supertypes)
        if not own_text:
            return base
        own = len(derived(card, types, subtypes, own_text, (), supertypes).abilities) if grants else len(base.abilities)
        changed = change_text(card.text, words, card.name)
        face = dict(base.face, text="\n".join([changed] + list(grants)))
        return dataclasses.replace(base, abilities=change_words(base.abilities[:own], words) + base.abilities[own:],
                                   text=face["text"], face=face)
    face = dict(card.face)
    face["name"] = card.name
    supertypes = card.supertypes if supertypes is None else supertypes
    if types != card.types or subtypes != card.subtypes or supertypes != card.supertypes:
        face["types"] = list(types)
        face["subtypes"] = list(subtypes)
        face["supertypes"] = list(supertypes)
        face["type"] = " — ".join(x for x in (" ".join(supertypes + types), " ".join(subtypes)) if x)
    # its own rules text as the compiler read it for the card (Wastes' "{T}: Add {C}." stays its
    # ability when it gains a basic land type in addition to its types, CR 305.7)
    text = rules_text(card) if own_text else ""
    face["text"] = "\n".join(([text] if text else []) + list(grants))
    return CardDef.from_face(face)


# --------------------------------------------------------------------------- shared helpers


def relates(s: State, relation, o: Obj, source: Obj) -> bool:
    """Whether ``o`` is what ``relation`` names as seen from ``source``: "self", "enchanted" or
    "equipped" (what ``source`` is attached to), or a filter ``o`` matches. Shared by static
    abilities' affected objects and trigger subjects."""
    if relation == "self":
        return o.id == source.id
    if relation in ("enchanted", "equipped"):
        return source.attached_to == o.id
    if relation == "paired":        # soulbond's "each of those creatures" (CR 702.95b)
        return o.id == source.id or o.id == partner_of(s, source.id)
    if isinstance(relation, ir.Filter):
        return matches(s, o, relation, source)
    return False


def partner_of(s: State, oid: int) -> int | None:
    """The creature the permanent ``oid`` is paired with by soulbond (CR 702.95b), or None: a
    pairing whose creatures are both still on the battlefield under the controller they were
    paired under (CR 702.95e; one that stopped being a creature is unpaired with the state-based
    actions' check, engine.mechanics.soulbond.refresh, as reading types here would loop through the layers)."""
    if not s.effects:
        return None
    objs = s.objs
    for e in s.effects:
        if type(e) is Paired and oid in (e.affected, e.partner):
            other = e.partner if oid == e.affected else e.affected
            if all((o := objs.get(i)) is not None and o.zone == BATTLEFIELD and o.controller == e.controller
                   for i in (oid, other)):
                return other
    return None


def _times(s: State, eff: ir.StaticModifyPT, src: Obj, o: Obj) -> int:
    """How many times a "modify_pt" effect of ``src`` with a count applies to ``o``: the objects
    its filter matches, or the counters of a kind on ``src`` (CR 122.1, 613.4c)."""
    if exercise.RECORD is not None:
        exercise.note("STATIC_COUNTS", type(eff.count).__name__, src.card)
    if type(eff.count) is ir.CountersOn:
        return src.counters.get(eff.count.kind, 0) * eff.count.multiplier
    if type(eff.count) is ir.AttachedCount:      # "for each Aura attached to it" (CR 303.4)
        return sum(1 for p in s.permanents() if p.attached_to == o.id and matches(s, p, eff.count.filter, src))
    if type(eff.count) is ir.Filter:
        return count_matching(s, eff.count, src, besides=o)
    if type(eff.count) is ir.LifeTotal:          # "where X is your life total"; 0 if negative (CR 107.1b)
        return max(0, s.players[src.controller].life) * eff.count.multiplier
    if type(eff.count) is ir.CommanderCasts:     # CR 903.8: casts from the command zone
        return commanders.total_casts(s.players[src.controller]) * eff.count.multiplier
    return 0


def count_matching(s: State, f: ir.Filter, source: Obj, besides: Obj | None = None) -> int:
    """How many objects in ``f``'s zone match ``f`` as ``source`` sees them ("for each artifact
    you control", "the number of cards in your graveyard"). With ``besides``, an "other" filter
    also leaves out that object: the one a "gets +X/+X for each other ..." effect modifies."""
    if f.zone == BATTLEFIELD:
        found = s.permanents()
    else:
        found = [s.objs[i] for p in s.players for i in p.zone(f.zone)]
    skip = besides.id if f.other and besides is not None else None
    return sum(1 for o in found if o.id != skip and matches(s, o, f, source))


def cda_count(s: State, eff: ir.StaticPTCount, source: Obj) -> int:
    """The number a characteristic-defining ability counts: objects matching its filter, or the
    card types among them (CR 205.2a: an artifact creature card counts twice)."""
    count = eff.count
    if type(count) is ir.CardTypesAmong:
        if exercise.RECORD is not None:
            exercise.note("STATIC_COUNTS", "CardTypesAmong", source.card)
        f = count.filter
        found = s.permanents() if f.zone == BATTLEFIELD else [s.objs[i] for p in s.players for i in p.zone(f.zone)]
        return len({t for o in found if matches(s, o, f, source) for t in o.card.types})
    if type(count) is ir.Filter:
        return count_matching(s, count, source)
    raise TypeError(f"a characteristic-defining count of {type(count).__name__}")


def cda_pt(s: State, eff: ir.StaticPTCount, source: Obj, power: int, toughness: int) -> tuple[int, int]:
    """Power and toughness with a characteristic-defining ability of ``source`` applied: "each
    equal to [1 plus] the number of ...", or one of them, the other as it was (CR 604.3, 613.4a;
    Tarmogoyf's toughness is that number plus 1)."""
    n = cda_count(s, eff, source)
    if not isinstance(eff, ir.StaticToughnessEqualCount):
        power = n + eff.power
    if not isinstance(eff, ir.StaticPowerEqualCount):
        toughness = n + eff.toughness
    return power, toughness


def mana_value(o: Obj) -> int:
    """CR 202.3; X is 0 except for a spell on the stack, where it is the chosen value (CR 202.3e).
    CR 712.8e: a transformed permanent's is its front face's; a copy of a back face's is 0."""
    card = o.card
    if card.layout is Layout.TRANSFORM and card.front is not None:
        if o.printed is not None:
            return 0
        card = card.front
    return card.mana_cost.mana_value(o.cast_x if o.zone == STACK else 0)
