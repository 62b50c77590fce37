"""Characteristics after continuous effects (CR 613, simplified to the layers the supported
cards use): types (layer 4), abilities (layer 6) and power/toughness (layer 7).

Layer 7 order used: 7a characteristic-defining and printed values, 7b setting effects,
7c modifications from static abilities, resolved effects and counters (CR 613.4c).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from manastack.cards.multiface import Layout
from manastack.mana import COLOR_NAMES, COLORS as COLOR_ORDER
from manastack.oracle import ir

from . import exercise
from . import layers
from .layers import affected_by as _affects
from .state import Obj, State
from .upcalls import condition_holds, matches


def card_types(s: State, o: Obj) -> tuple[str, ...]:
    """CR 205.2, layer 4 (CR 613.1d): its card types, those static abilities add ("is an
    artifact in addition to its other types") and those effects made it: a creature too, or
    only a creature when the effect doesn't keep its other types (CR 205.1a), applied in
    timestamp order (CR 613.7)."""
    types = layers.card_now(s, o).types if o.zone == "battlefield" else o.card.types
    for e in s.effects:
        if e.kind == "become_creature" and e.affected == o.id:      # layer 4 (CR 613.1d)
            if e.replaces:
                types = (*e.types, "Creature")
            else:
                types = types + tuple(t for t in ("Creature", *e.types) if t not in types)
    return types


def is_type(s: State, o: Obj, t: str) -> bool:
    return t in card_types(s, o)


def is_creature(s: State, o: Obj) -> bool:
    if "Creature" in o.card.types:      # unless a God's devotion is too low (CR 613.1d)
        return o.zone != "battlefield" or not layers.removes_types(s) or is_type(s, o, "Creature")
    return bool(s.effects) and is_type(s, o, "Creature")


def _static_sources(s: State):
    """(source, effect) for the static abilities of permanents, less those of lands a land-type
    effect stripped (CR 305.7; granted abilities are never static ones).

    Without land-type effects the answer depends only on which permanents are on the
    battlefield, so it is kept on the state with the battlefield it was found for."""
    objs = s.objs
    key = s.battlefield
    cached = s.static_cache
    if cached is not None and cached[0] is key:
        if not cached[1]:
            return ()                   # (most boards: no static ability at all)
        if cached[2]:
            return [(objs[i], eff) for i, eff in cached[1]
                    if eff.condition is None or _holds(s, eff.condition, objs[i])]
        return [(objs[i], eff) for i, eff in cached[1]]
    found = layers.changers(s)
    out = []
    for oid in key:
        src = objs[oid]
        effects = src.card.static_effects
        if not effects:
            continue
        if found and "Land" in src.card.types and layers.stripped(s, src, found):
            continue
        for eff in effects:
            out.append((src, eff))
    for p in s.players:                   # emblems' abilities work in the command zone (CR 114.4)
        for oid in p.command:
            out += [(objs[oid], eff) for eff in objs[oid].card.static_effects]
    conditional = any(eff.condition is not None for _src, eff in out)
    if not found:
        s.static_cache = (key, tuple((src.id, eff) for src, eff in out), conditional)
    if conditional:
        out = [(src, eff) for src, eff in out if eff.condition is None or _holds(s, eff.condition, src)]
    return out


_CHECKING: list[bool] = []


def _holds(s: State, condition, src: Obj) -> bool:
    """Whether the condition of an "as long as" static ability holds (CR 611.3a). While one is
    being checked, other such abilities don't apply: the characteristics a condition reads
    ("you control three or more artifacts") are found without them, which keeps the check
    finite (CR 613.8's dependencies, reduced)."""
    if _CHECKING:
        return False
    if exercise.RECORD is not None and not isinstance(condition, str):
        exercise.note("STATIC_CONDITIONS", type(condition).__name__, src.card)
    _CHECKING.append(True)
    try:
        return condition_holds(s, condition, src)
    finally:
        _CHECKING.pop()


_GRANTING: set[int] = set()


def keywords(s: State, o: Obj) -> frozenset[str] | set[str]:
    """Names of the keyword abilities the object has now (CR 702); callers only read them.

    A granting effect whose own condition asks about keywords ("creatures with flying have
    ...") is read with the object's other abilities only: while such a condition is being
    checked for ``o``, grants to ``o`` are not applied again (CR 613.8's dependency order,
    reduced to what keeps the check finite). Outside such a check, an object of the state has
    its answer found once per state version (:meth:`State.facts`)."""
    if exercise.RECORD is not None:
        return _keywords(s, o)
    if o.zone != "battlefield":
        return _card_keywords(o.card)     # nothing grants any there (see _keywords)
    if _GRANTING or _CHECKING or s.objs.get(o.id) is not o:
        return _keywords(s, o)
    facts = s.facts()
    key = ("keywords", o.id)
    found = facts.get(key)
    if found is None:
        found = facts[key] = frozenset(_keywords(s, o))
    return found


@lru_cache(maxsize=8192)
def _card_keywords(card) -> frozenset[str]:
    """The keyword abilities of a definition, found once per definition."""
    return frozenset(ab.name for ab in card.abilities if type(ab) is ir.Keyword)


def _keywords(s: State, o: Obj) -> set[str]:
    kws = {ab.name for ab in layers.card_now(s, o).abilities if type(ab) is ir.Keyword}
    if o.zone == "battlefield":
        changes = []            # (timestamp, gained, names): layer 6 in timestamp order (CR 613.7)
        cant_have = []          # "can't have or gain flying" (CR 113.11): whatever the timestamps
        if o.id not in _GRANTING:
            _GRANTING.add(o.id)
            try:
                for src, eff in _static_sources(s):
                    if eff.kind in _KEYWORD_KINDS and _affects(s, src, eff, o):
                        changes.append((src.timestamp, eff.kind == "grant_keywords", [k.name for k in eff.keywords]))
                    elif eff.kind == "cant_have_keywords" and _affects(s, src, eff, o):
                        cant_have += [k.name for k in eff.keywords]
            finally:
                _GRANTING.discard(o.id)
        for e in s.effects:     # gained or lost for a time (other effects use keywords as data)
            if e.kind in _KEYWORD_RECORDS and e.affected == o.id:
                changes.append((e.timestamp, e.kind == "grant", e.keywords))
        if any(not gained for _t, gained, _n in changes):
            changes.sort(key=lambda c: c[0])
        for _t, gained, names in changes:
            if gained:
                kws.update(names)
            else:
                kws.difference_update(names)
        if "suspend" in o.cast_costs and "Creature" in o.card.types:
            kws.add("haste")    # cast by suspend, controlled since (CR 702.62a)
        if "dash" in o.cast_costs:
            kws.add("haste")    # its dash cost was paid (CR 702.109a)
        if "unearth" in o.cast_costs:
            kws.add("haste")    # an unearth ability returned it (CR 702.84a)
        kws.difference_update(cant_have)
    if exercise.RECORD is not None:
        return exercise.ReadKeywords(kws, o.card)   # notes the keywords rules code asks about
    return kws


_KEYWORD_KINDS = frozenset({"grant_keywords", "lose_keywords"})
_KEYWORD_RECORDS = frozenset({"grant", "lose_keywords"})


def _quality(arg: str | None, source: Obj) -> str | None:
    """A protection's quality; "the chosen color" or "the chosen player" is the one chosen as
    ``source`` entered (CR 614.12), none if it has none."""
    if arg == ir.CHOSEN_COLOR:
        return COLOR_NAMES.get(source.chosen or "")
    if arg == ir.CHOSEN_PLAYER:
        return source.chosen
    return arg


def protections(s: State, o: Obj, aura: Obj | None = None) -> list[str]:
    """What ``o`` has protection from now (CR 702.16a: "red", "artifacts", "everything"): its
    own protection abilities, printed or granted as text, those static abilities grant it
    ("Enchanted creature has protection from black") and those it gained for a time. Seen by
    ``aura``, one that ``aura`` grants "This effect doesn't remove ~" doesn't count."""
    out = [_quality(ab.arg, o) for ab in layers.card_now(s, o).abilities
           if type(ab) is ir.Keyword and ab.name == "protection"]
    if o.zone == "battlefield":
        for src, eff in _static_sources(s):
            if eff.kind == "grant_keywords" and _affects(s, src, eff, o) and not (
                    eff.keeps_source and aura is not None and src.id == aura.id):
                out += [_quality(k.arg, src) for k in eff.keywords if k.name == "protection"]
        for e in s.effects:
            if e.kind == "grant" and e.affected == o.id:
                out += e.protection
    return out


def has(s: State, o: Obj, name: str) -> bool:
    return name in keywords(s, o)


def _printed(value: str | None, o: Obj) -> int:
    if value is None:
        return 0
    try:
        return int(value)
    except ValueError:
        return 0  # "*" without a characteristic-defining ability the engine knows: 0


def power_toughness(s: State, o: Obj) -> tuple[int, int]:
    """CR 208.3 and 613.4: printed values, then effects, then counters."""
    p = _printed(o.card.power, o)
    t = _printed(o.card.toughness, o)
    for eff in o.card.static_effects:
        if eff.kind == "pt_equal_count":    # CR 604.3, 613.4a: defines them in every zone
            p = t = count_matching(s, eff.count, o)
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", eff.kind, o.card)
    # layer 7b (CR 613.4b): effects that set them, the latest timestamp last (CR 613.7)
    sets = [(e.timestamp, e.power, e.toughness) for e in s.effects if e.affected == o.id and e.kind == "set_pt"] \
        if s.effects else []
    if o.zone == "battlefield":
        sets += [(src.timestamp, eff.power, eff.toughness) for src, eff in _static_sources(s)
                 if eff.kind == "set_base_pt" and _affects(s, src, eff, o)]
    if sets:
        _t, p, t = max(sets, key=lambda x: x[0])
    if o.zone == "battlefield":
        for src, eff in _static_sources(s):
            if eff.kind == "modify_pt" and _affects(s, src, eff, o):
                # "for each other creature you control" on an Aura: other than the one it
                # modifies as well as the source
                n = 1 if eff.count is None else _times(s, eff, src, o)
                p += eff.power * n
                t += eff.toughness * n
    switched = False
    for e in s.effects:
        if e.affected == o.id:
            if e.kind == "modify_pt":
                p += e.power
                t += e.toughness
            elif e.kind == "switch_pt":
                switched = not switched     # two switches undo each other
    c = o.counters
    if c:
        p += c.get("+1/+1", 0) - c.get("-1/-1", 0)
        t += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    return (t, p) if switched else (p, t)       # layer 7d, after the rest (CR 613.4d)


def _times(s: State, eff: ir.StaticEffect, src: Obj, o: Obj) -> int:
    """How many times a "modify_pt" effect of ``src`` with a count applies to ``o``: the objects
    its filter matches, or the counters of a kind on ``src`` (CR 122.1, 613.4c)."""
    if exercise.RECORD is not None:
        exercise.note("STATIC_COUNTS", type(eff.count).__name__, src.card)
    if type(eff.count) is ir.CountersOn:
        return src.counters.get(eff.count.kind, 0) * eff.count.multiplier
    if type(eff.count) is ir.AttachedCount:      # "for each Aura attached to it" (CR 303.4)
        return sum(1 for p in s.permanents() if p.attached_to == o.id and matches(s, p, eff.count.filter, src))
    return count_matching(s, eff.count, src, besides=o)


def count_matching(s: State, f: ir.Filter, source: Obj, besides: Obj | None = None) -> int:
    """How many objects in ``f``'s zone match ``f`` as ``source`` sees them ("for each artifact
    you control", "the number of cards in your graveyard"). With ``besides``, an "other" filter
    also leaves out that object: the one a "gets +X/+X for each other ..." effect modifies."""
    if f.zone == "battlefield":
        found = s.permanents()
    else:
        found = (s.objs[i] for p in s.players for i in p.zone(f.zone))
    skip = besides.id if f.other and besides is not None else None
    return sum(1 for o in found if o.id != skip and matches(s, o, f, source))


def power(s: State, o: Obj) -> int:
    return power_toughness(s, o)[0]


def toughness(s: State, o: Obj) -> int:
    return power_toughness(s, o)[1]


def colors(s: State, o: Obj) -> tuple[str, ...]:
    """CR 105.2; devoid makes the object colorless (CR 702.114a); then effects that set its colors
    apply in timestamp order (layer 5, CR 613.1e)."""
    cols = o.card.colors
    if cols and any(type(ab) is ir.Keyword and ab.name == "devoid" for ab in o.card.abilities):
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "devoid", o.card)
        cols = ()
    # (timestamp, colors, whether they are added to the others)
    changes = [(e.timestamp, e.colors, False) for e in s.effects if e.kind == "set_colors" and e.affected == o.id] \
        if s.effects else []
    if o.zone == "battlefield":
        changes += [(src.timestamp, eff.colors, eff.kind == "add_types") for src, eff in _static_sources(s)
                    if eff.kind in ("add_types", "set_colors") and eff.colors and _affects(s, src, eff, o)]
    for _t, these, add in sorted(changes, key=lambda c: c[0]):      # CR 613.7: timestamp order
        cols = tuple(c for c in COLOR_ORDER if c in cols or c in these) if add else these
    return cols


def mana_value(o: Obj) -> int:
    """CR 202.3; X is 0 except for a spell on the stack, where it is the chosen value (CR 202.3e).
    CR 712.8e: a transformed permanent's is its front face's; a copy of a back face's is 0."""
    card = o.card
    if card.layout is Layout.TRANSFORM and card.front is not None:
        if o.printed is not None:
            return 0
        card = card.front
    return card.mana_cost.mana_value(o.cast_x if o.zone == "stack" else 0)


def static_effects(s: State, kind: str) -> Iterator[tuple[Obj, ir.StaticEffect]]:
    """(source, effect) pairs of a given kind from permanents' static abilities, as an iterator."""
    sources = _static_sources(s)
    if not sources:
        return _NOTHING
    return ((src, eff) for src, eff in sources if eff.kind == kind)


_NOTHING: Iterator = iter(())      # exhausted, so it can be handed to every caller
