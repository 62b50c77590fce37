"""What mana an ability would add (CR 106.1, 106.5) and the types of mana a permanent "could
produce" (CR 106.7).

CR 106.7 asks what each mana ability of a permanent would produce if it resolved now, with the
replacement effects that would apply in any order (see :mod:`.mana_replacement`), ignoring its
costs. Abilities such as Reflecting Pool's ask the same question of other permanents, which may
ask it back: two Reflecting Pools, or Exotic Orchards facing each other. The answer is the least
fixed point of these questions: start with no types for anyone, recompute every permanent from
the current answers until nothing changes. Each round can only add types and there are six of
them, so it ends, and a type is found only if some chain of "could produce" reaches a permanent
that produces it on its own. Triggered mana abilities (Wild Growth) are not part of what a
permanent could produce: they are abilities of another object.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from manastack.mana import COLORS, MANA_TYPES, format_mana
from manastack.oracle import ir

from .. import characteristics as ch
from .. import commanders, layers
from . import replacement as mana_replacement
from ..event_types import EventKind, Seen
from ..conditions import devotion, evaluate
from ..filters import objects_matching, party_size
from ..state import Obj, State, exiled_with

TypesMap = dict[int, frozenset]


def mana_abilities(s: State, o: Obj) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """CR 605.1a: the mana abilities ``o`` has now, as (index, ability), those static abilities
    give it included (CR 613.1f: Chromatic Lantern) and those a land-type effect took away
    excluded (CR 305.7: Blood Moon); see :mod:`.layers`."""
    return _mana_abilities_of(layers.card_now(s, o))


@lru_cache(maxsize=4096)
def _mana_abilities_of(card) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """The mana abilities of a card definition (cached per definition)."""
    return tuple((i, ab) for i, ab in enumerate(card.abilities) if type(ab) is ir.ActivatedAbility and ab.is_mana)


def mana_ability(s: State, o: Obj, idx: int) -> ir.ActivatedAbility | None:
    """The mana ability ``idx`` of :func:`mana_abilities`, or None if ``o`` has no such one."""
    return dict(mana_abilities(s, o)).get(idx)


def produce_of(ab) -> ir.ManaProduce | None:
    for e in getattr(ab, "effects", ()):
        if type(e) is ir.AddMana:
            return e.produce
    return None


def produce_now(s: State, o: Obj, ab) -> ir.ManaProduce | None:
    """What ``ab`` of ``o`` would add if it resolved now: :func:`produce_of`, or for mana made
    under a condition ("If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C}
    instead.") the production the condition chooses as the game is now (CR 605.1a, 608.2c)."""
    effects = getattr(ab, "effects", ())
    c = ir.mana_under_condition(effects) if effects and type(effects[0]) is ir.Conditional else None
    if c is None:
        return produce_of(ab)
    chosen = c.effects[0] if evaluate(s, c.condition, o) else c.otherwise[0]
    assert type(chosen) is ir.AddMana       # ir.mana_under_condition checked it
    return chosen.produce


def amount_of(s: State, amount, o: Obj, event: Seen | None = None) -> int:
    if isinstance(amount, int):
        return amount
    if isinstance(amount, ir.CountersRemoved):
        if event is not None and event.kind is EventKind.REMOVED_COUNTERS:
            return (event.amount or 0) * amount.multiplier
        # asked before the cost is paid: at most the counters it has; CR 106.7 ignores
        # whether the cost could be paid, so it could produce that type all the same
        return max(1, o.counters.get(amount.kind, 0)) * amount.multiplier
    if isinstance(amount, ir.CountOf):
        return len(objects_matching(s, amount.filter, o, o.controller)) * amount.multiplier
    if isinstance(amount, ir.CountersOn):
        return o.counters.get(amount.kind, 0) * amount.multiplier
    if isinstance(amount, ir.PartySize):        # CR 700.8: "for each creature in your party"
        return party_size(s, o.controller) * amount.multiplier
    if isinstance(amount, ir.DevotionCount):         # CR 700.5: "equal to your devotion to green"
        return devotion(s, o.controller, amount.colors) * amount.multiplier
    raise TypeError(f"a mana ability can't add {amount!r} mana")


def produce_options(s: State, o: Obj, produce: ir.ManaProduce, event: Seen | None = None,
                    types: TypesMap | None = None) -> list[tuple[str, ...]]:
    """The alternative mana one resolution would add before replacement effects, one tuple per
    choice the player could make. An empty list means no type can be defined (CR 106.5)."""
    n = amount_of(s, produce.amount, o, event)
    if n <= 0:
        return []
    if (fixed := _from_lists(produce, n)) is not None:
        return fixed
    if produce.like_land_could_produce:
        found = lands_could_produce(s, o, produce.like_land_could_produce, types)
        if produce.color_only:
            found = [t for t in found if t in COLORS]
        return [(t,) * n for t in found]
    if produce.like_produced:
        made = (event.mana if event else None) or ()
        return [(t,) * n for t in MANA_TYPES if t in made]
    if produce.like_sacrificed:
        made = (event.sacrificed_could_produce if event else None) or ()
        return [(t,) * n for t in MANA_TYPES if t in made]
    if produce.chosen_color:
        return [(o.chosen,) * n] if o.chosen in COLORS else []
    if produce.color_of is not None:
        colors = {c for p in objects_matching(s, produce.color_of, o, o.controller) for c in ch.colors(s, p)}
        return [(c,) * n for c in COLORS if c in colors]
    if produce.colors_of is not None:   # the cards its linked ability exiled (CR 607.2a); never {C}
        colors = {c for p in exiled_with(s, o.id) for c in ch.colors(s, p)}
        return [(c,) * n for c in COLORS if c in colors]
    if produce.devotion_color:          # one color chosen, as much as the devotion to it (CR 700.5)
        amounts = {c: devotion(s, o.controller, (c,)) * n for c in COLORS}
        return [(c,) * amounts[c] for c in COLORS if amounts[c]]
    if produce.commander_identity:      # none without a commander: undefined (CR 903.4f, 106.5)
        identity = commanders.identity(s, o.controller) or ""
        return [(c,) * n for c in COLORS if c in identity]
    return []


def fixed_options(produce: ir.ManaProduce) -> list[tuple[str, ...]]:
    """:func:`produce_options` of what adds a fixed number of mana from a fixed list (symbols,
    any color, a choice, combinations): no board, object or event read."""
    n = produce.amount
    if type(n) is not int:
        raise TypeError(f"not a fixed amount of mana: {n!r}")
    if n <= 0:
        return []
    fixed = _from_lists(produce, n)
    return fixed if fixed is not None else []


def _from_lists(produce: ir.ManaProduce, n: int) -> list[tuple[str, ...]] | None:
    """The options ``n`` times what ``produce`` adds from a fixed list (symbols, any color, a
    choice, combinations); None for mana of another kind."""
    if produce.symbols:
        return [tuple(produce.symbols) * n]
    if produce.any_color:
        return [(c,) * (produce.any_color * n) for c in COLORS]
    if produce.choice:
        return [(c,) * n for c in produce.choice]
    if produce.combos:
        return [tuple(c) * n for c in produce.combos]
    if produce.combination_of:      # n mana, each of one of these colors (CR 106.1b)
        return list(combinations_with_replacement(produce.combination_of, n))
    return None


def commander_identity_words(s: State, player: int) -> str:
    """Why mana "of any color in your commander's color identity" is undefined for ``player``."""
    if commanders.identity(s, player) is None:
        return (f"{s.players[player].name} has no commander, so the colors of their commander's color identity "
                "are undefined (CR 903.4f)")
    return f"{s.players[player].name}'s commander's color identity has no color (CR 903.4f)"


def lands_of(s: State, o: Obj, whose: str) -> list[Obj]:
    """Lands controlled by ``o``'s controller ("you") or by an opponent ("opponent")."""
    return [land for land in s.permanents() if ch.is_type(s, land, "Land")
            and (land.controller == o.controller) == (whose == "you")]


def lands_could_produce(s: State, o: Obj, whose: str, types: TypesMap | None = None) -> list[str]:
    if types is None:
        types = could_produce_map(s)
    found: set[str] = set()
    for land in lands_of(s, o, whose):
        found |= types.get(land.id, frozenset())
    return [t for t in MANA_TYPES if t in found]


def _types_now(s: State, o: Obj, types: TypesMap, replaced: bool) -> frozenset:
    found: set[str] = set()
    for _i, ab in mana_abilities(s, o):
        produce = produce_now(s, o, ab)
        if produce is None:
            continue
        for out in produce_options(s, o, produce, None, types):
            results = (mana_replacement.all_results(s, o, o.controller, out) if ab.cost.tap and replaced
                       else {out})
            for r in results:
                found.update(r)
    return frozenset(found)


def could_produce_map(s: State) -> TypesMap:
    """CR 106.7 for every permanent at once: the least fixed point described above; found
    once per state version (:meth:`State.facts`). Callers only read it."""
    facts = s.facts()
    found = facts.get("could_produce")
    if found is None:
        found = facts["could_produce"] = _could_produce_map(s)
    return found


def _could_produce_map(s: State) -> TypesMap:
    types: TypesMap = {o.id: frozenset() for o in s.permanents()}
    producers = [o for o in s.permanents() if mana_abilities(s, o)]
    replaced = any(True for _ in mana_replacement.mana_replacement_effects(s))   # looked for once
    changed = True
    while changed:
        changed = False
        for o in producers:
            new = types[o.id] | _types_now(s, o, types, replaced)
            if new != types[o.id]:
                types[o.id] = new
                changed = True
    return types


def could_produce(s: State, o: Obj) -> list[str]:
    """CR 106.7: the types of mana ``o`` could produce now, in W U B R G C order."""
    found = could_produce_map(s).get(o.id, frozenset())
    return [t for t in MANA_TYPES if t in found]


def explain_could_produce(s: State, o: Obj, types: TypesMap | None = None) -> str:
    """Why ``o`` could produce what it could (CR 106.7), in words."""
    types = could_produce_map(s) if types is None else types
    mine = [t for t in MANA_TYPES if t in types.get(o.id, frozenset())]
    head = (f"{o.card.name} could produce {format_mana(mine)}" if mine
            else f"{o.card.name} could produce no type of mana")
    reasons = []
    for _i, ab in mana_abilities(s, o):
        produce = produce_now(s, o, ab)
        if produce is None:
            continue
        if produce.like_land_could_produce:
            whose = produce.like_land_could_produce
            lands = lands_of(s, o, whose)
            who = "you control" if whose == "you" else "an opponent controls"
            if not lands:
                reasons.append(f"there is no land {who}")
                continue
            parts = []
            for land in lands:
                got = [t for t in MANA_TYPES if t in types.get(land.id, frozenset())]
                parts.append(f"{land.card.name}{' (itself)' if land.id == o.id else ''}: "
                             f"{format_mana(got)}")
            kind = "colors" if produce.color_only else "types"
            reasons.append(f"it adds one of the {kind} of mana a land {who} could produce ("
                           + "; ".join(parts) + ")")
        elif produce.chosen_color and o.chosen not in COLORS:
            reasons.append("no color was chosen for it")
        elif produce.commander_identity and not commanders.identity(s, o.controller):
            reasons.append(commander_identity_words(s, o.controller))
        elif produce.color_of is not None and not produce_options(s, o, produce, None, types):
            reasons.append("no permanent it looks at has a color")
        elif produce.colors_of is not None and not produce_options(s, o, produce, None, types):
            reasons.append("no card exiled with it has a color")
        elif produce.devotion_color and not produce_options(s, o, produce, None, types):
            reasons.append("its controller's devotion to each color is 0 (CR 700.5)")
        elif isinstance(produce.amount, ir.CountOf) and amount_of(s, produce.amount, o) <= 0:
            reasons.append("it would add no mana now (its amount is 0)")
    if not mana_abilities(s, o):
        reasons.append("it has no mana ability")
    replaced: set[str] = set()
    for _i, ab in mana_abilities(s, o):
        produce = produce_now(s, o, ab)
        if produce is None or not ab.cost.tap:
            continue
        for out in produce_options(s, o, produce, None, types):
            replaced.update(src.card.name for _k, src, _r in
                            mana_replacement.candidates(s, o, o.controller, out))
    if replaced:
        reasons.append("replacement effects considered in every order: " + ", ".join(sorted(replaced)))
    return f"{head} (CR 106.7)" + (": " + "; ".join(reasons) if reasons else "")
