"""Matching objects against IR filters and target specs (CR 115, 109.2)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from manastack.mana import NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES

from . import characteristics as ch
from .continuous import HEXPROOF_FROM
from . import commanders, exercise
from .effect_records import CantLoseGame, DamagedBy, Untargetable, DamageLifeFloor, LifeCantChange, PlayerKeywords, PlayerProtection
from .influence import holder
from .state import ItemKind, Obj, PlayerRef, State, enchanted_player
from .zones import BATTLEFIELD, STACK


def has_name(o: Obj, name: str | None) -> bool:
    """Whether ``o`` has the card name ``name`` (CR 201.2): a split card has both its halves'
    names (CR 709.4); a face-down object has none (CR 708.2)."""
    if name is None:
        return False
    card_name = o.card.name
    return card_name == name or (" // " in card_name and name in card_name.split(" // "))


def _historic(s, o) -> bool:
    """CR 700.6: artifacts, legendaries and Sagas are historic."""
    return "Artifact" in ch.card_types(s, o) or "Legendary" in ch.supertypes(s, o) or "Saga" in ch.subtypes(s, o)


def _counted(s: State, bound: int | ir.X | ir.CountOf, source: Obj | None, controller: int | None,
             o: Obj) -> int:
    """A filter's bound as a number. An X is read before matching (``ir.with_x``, CR 107.3);
    "X or less, where X is the number of Faeries you control" counts them now, for the
    source's controller, and "less than or equal to the number of cards in its controller's
    graveyard" for the controller of ``o``, the object compared (CR 107.3, 608.2b)."""
    if type(bound) is int:
        return bound
    if type(bound) is ir.CountOf:
        if bound.its_controller:
            controller = o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner
        return len(objects_matching(s, bound.filter, source, controller)) * bound.multiplier
    raise TypeError(f"a filter's X must be read before matching, found {bound!r}")


def matches(s: State, o: Obj, f: ir.Filter, source: Obj | None, controller: int | None = None) -> bool:
    """Does ``o`` fit the description ``f``, seen from ``source`` (controlled by ``controller``)?"""
    if controller is None and source is not None:
        controller = source.controller
    if exercise.RECORD is not None and source is not None:
        exercise.note("CONTROLLERS", f.controller, source.card)
    if f.zone != o.zone and f.zone != "any":     # ir.ANY_ZONE, a literal on this hot path
        return False
    if f.or_self and source is not None and o.id == source.id:
        return True                   # "~ or another Ally enters": ~ itself, whatever it is
    if f.types_or_subtypes:         # "an instant, sorcery, or Wizard spell": any one of them
        if not any(t in ch.card_types(s, o) for t in f.types) and not _has_subtype(s, o, f.subtypes, source):
            return False
    elif f.or_keywords and any(k in ch.keywords(s, o) for k in f.or_keywords):
        pass                        # "or a card with flash": whatever its types
    elif f.types:
        types = ch.card_types(s, o)
        if not any(t in types for t in f.types):
            return False
    if f.non_types:
        types = ch.card_types(s, o)
        if any(t in types for t in f.non_types):
            return False
    if f.all_types:
        types = ch.card_types(s, o)
        if not all(t in types for t in f.all_types):
            return False
    if f.subtypes and not f.types_or_subtypes and not _has_subtype(s, o, f.subtypes, source):
        return False
    if f.all_subtypes and not all(_has_subtype(s, o, (t,), source) for t in f.all_subtypes):
        return False
    if f.non_subtypes and (any(t in ch.subtypes(s, o) for t in f.non_subtypes)
                           or _all_creature_types(s, o, f.non_subtypes)):
        return False
    if f.same_owner and (source is None or o.owner != source.owner):
        return False
    if f.supertypes and not all(t in ch.supertypes(s, o) for t in f.supertypes):
        return False
    if f.non_supertypes and any(t in ch.supertypes(s, o) for t in f.non_supertypes):
        return False
    if f.controller is not None and controller is not None:
        who = o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner
        if f.controller == "you" and who != controller:
            return False
        if f.controller in ("opponent", "not_you") and who == controller:
            return False  # two players: "you don't control" is "an opponent controls"
        if f.controller == ir.CHOSEN_PLAYER and not (
                source is not None and is_player_ref(source.chosen) and who == player_of(source.chosen)):
            return False  # the player chosen as the source entered (CR 614.12)
        if f.controller == ir.ENCHANTED_PLAYER and (source is None or who != enchanted_player(source)):
            return False  # the player the source, an Aura, enchants (CR 303.4b)
    if f.other and source is not None and o.id == source.id:
        return False
    if f.not_named_self and source is not None and has_name(o, source.card.name):
        return False                  # "not named ~" (CR 201.5)
    if f.named_self and (source is None or o.card.name != source.card.name):
        return False
    if f.name is not None and not has_name(o, (source.chosen if source is not None else None)
                                           if f.name == ir.CHOSEN_NAME else f.name):
        return False                  # "named X", "with the chosen name" (CR 201.3)
    if f.colors:
        cols = ch.colors(s, o)
        chosen = source.chosen if source is not None else None   # "of the chosen color"
        if not any((chosen if c == "chosen" else c) in cols for c in f.colors):
            return False
    if f.shares_color and (source is None or not set(ch.colors(s, o)) & set(ch.colors(s, source))):
        return False                  # conspire (CR 702.78a): a color in common with the spell
    if f.historic and not _historic(s, o):
        return False
    if f.all_colors and not all(c in ch.colors(s, o) for c in f.all_colors):
        return False                  # "both red and white" (CR 105.2)
    if f.kicked and "kicker" not in o.cast_costs:
        return False                  # CR 702.33d
    if f.commander and not commanders.is_commander(s, o):
        return False                  # CR 903.3d: a commander, in whatever zone the filter names
    if f.non_commander and commanders.is_commander(s, o):
        return False                  # "except for commanders" (CR 903.3d)
    if f.owned and controller is not None and o.owner != controller:
        return False                  # "your commander": one its reader owns (CR 108.3, 903.3)
    if f.shares_type_with_commander and (controller is None or not any(
            shares_creature_type(s, o, c) for c in commanders.all_of(s, controller))):
        return False                  # CR 903.3e: the commander as it is now, in any zone
    if f.adventure and o.card.adventure is None:
        return False                  # an adventurer card's creature side (CR 715.2, 715.4)
    if f.name_unlike_attached is not None and _named_like_attached(s, o, f.name_unlike_attached, source):
        return False                  # "that doesn't have the same name as a Curse attached to ..."
    if f.token and not o.is_token:
        return False
    if f.nontoken and o.is_token:
        return False
    if f.multicolored and len(ch.colors(s, o)) < 2:
        return False                  # CR 105.2b: two or more colors
    if f.monocolored and len(ch.colors(s, o)) != 1:
        return False                  # CR 105.2a: exactly one color
    if f.non_colors:
        cols = ch.colors(s, o)
        if any(c in cols for c in f.non_colors):
            return False
    if (f.keywords or f.without_keywords) and not (
            f.qualified_type is not None
            and any(t != f.qualified_type and t in ch.card_types(s, o) for t in f.types)):
        kws = ch.keywords(s, o)
        if f.keywords and not all(k in kws for k in f.keywords):
            return False
        if any(k in kws for k in f.without_keywords):
            return False
    if f.keywords_any and not any(k in ch.keywords(s, o) for k in f.keywords_any):
        return False                  # "with flying or reach"
    if f.tapped is not None and o.tapped != f.tapped:
        return False
    if f.counter is not None and not o.counters.get(f.counter):     # "with a +1/+1 counter on it"
        return False
    if f.no_counters and any(o.counters.values()):     # "with no counters on it" (CR 122.1)
        return False
    if f.without_counter is not None and o.counters.get(f.without_counter):     # "without a fate counter on it"
        return False
    if f.enchanted_by_another and not any(p.attached_to == o.id and "Aura" in p.card.subtypes
                                          and (source is None or p.id != source.id) for p in s.permanents()):
        return False
    if f.enchanted and not any(p.attached_to == o.id and "Aura" in p.card.subtypes for p in s.permanents()):
        return False                  # "that are enchanted": an Aura is attached to it (CR 303.4)
    if f.attacking and o.attacking is None:
        return False
    if f.blocking and not o.blocking:
        return False
    if f.attacking_or_blocking and o.attacking is None and not o.blocking:
        return False
    if f.power_at_most is not None and ch.power(s, o) > _counted(s, f.power_at_most, source, controller, o):
        return False
    if f.power_at_least is not None and ch.power(s, o) < f.power_at_least:
        return False
    if f.toughness_at_most is not None and ch.toughness(s, o) > f.toughness_at_most:
        return False
    if f.toughness_at_least is not None and ch.toughness(s, o) < f.toughness_at_least:
        return False
    if f.power_below_source and (source is None or ch.power(s, o) >= ch.power(s, source)):
        return False
    if f.power_above_hand:            # the hand of "you", the source's controller (Ensnaring Bridge)
        you = controller if controller is not None else source.controller if source is not None else None
        if you is None or ch.power(s, o) <= len(s.players[you].hand):
            return False
    if f.same_mana_value and (source is None or ch.mana_value(o) != ch.mana_value(source)):
        return False                  # transmute (CR 702.53a): the discarded card's mana value
    if f.mana_value_at_least is not None and ch.mana_value(o) < _counted(s, f.mana_value_at_least, source, controller, o):
        return False
    if f.mana_value_at_most is not None and ch.mana_value(o) > _counted(s, f.mana_value_at_most, source, controller, o):
        return False
    if f.targets_self and not _targets_source(s, o, source):
        return False
    if (f.targets_object is not None or f.targets_player is not None) and not _targets_such(s, o, f, source, controller):
        return False
    if f.damaged_by_self and (source is None or not damaged_by(s, o, source)):
        return False
    if f.mana_value_equals is not None:     # counters on the source, now (Chalice of the Void)
        on = f.mana_value_equals
        if source is None or ch.mana_value(o) != source.counters.get(on.kind, 0) * on.multiplier:
            return False
    return True


def _targets_source(s: State, o: Obj, source: Obj | None) -> bool:
    """"A spell that targets ~": ``source`` is one of the targets chosen for the spell ``o``
    (CR 115.1, 601.2c)."""
    if source is None:
        return False
    return any(i.kind == ItemKind.SPELL and i.source == o.id and any(source.id in g for g in i.targets)
               for i in s.stack)


def _targets_such(s: State, o: Obj, f: ir.Filter, source: Obj | None, controller: int | None) -> bool:
    """"A spell that targets a creature / you / a player" (CR 115.1): one of the targets chosen for
    the spell ``o`` is such an object, as it is now, or such a player ("you": ``controller``)."""
    for item in s.stack:
        if item.kind != ItemKind.SPELL or item.source != o.id:
            continue
        for t in (t for group in item.targets for t in group):
            if isinstance(t, str) and t.startswith("p"):
                if f.targets_player == "any" or f.targets_player == "you" and int(t[1:]) == controller:
                    return True
            elif isinstance(t, int) and f.targets_object is not None and t in s.objs \
                    and matches(s, s.objs[t], f.targets_object, source, controller):
                return True
    return False


def _has_subtype(s: State, o: Obj, subtypes, source: Obj | None) -> bool:
    """One of ``subtypes`` (CR 205.3), printed, given by an effect or by "all creature types";
    "chosen" is the type chosen for ``source``."""
    if "chosen" in subtypes:      # "of the chosen type": the one chosen for the source
        chosen = source.chosen if source is not None else None
        subtypes = tuple(chosen if t == "chosen" else t for t in subtypes)
    own = ch.subtypes(s, o)
    return any(t in own for t in subtypes) or _all_creature_types(s, o, subtypes)


PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(s: State, player: int) -> int:
    """CR 700.8: the creatures in ``player``'s party, up to one of each of Cleric, Rogue,
    Warrior and Wizard, a creature counting for one type only, counted so as to get the most
    (CR 700.8b). Four candidates per type are enough to find the best assignment."""
    roles = []
    for t in PARTY_TYPES:
        f = ir.Filter(types=("Creature",), subtypes=(t,))
        roles.append([o.id for o in s.permanents(player) if matches(s, o, f, None, player)][:4])

    def best(i: int, used: frozenset) -> int:
        if i == len(roles):
            return 0
        top = best(i + 1, used)
        for oid in roles[i]:
            if oid not in used:
                top = max(top, 1 + best(i + 1, used | {oid}))
        return top

    return best(0, frozenset())


def has_all_creature_types(s: State, o: Obj) -> bool:
    """CR 205.3m, 702.73a: ``o`` has every creature type (changeling, Mutavault animated,
    "Equipped creature is every creature type")."""
    return ch.has_all_creature_types(s, o)


def shares_creature_type(s: State, a: Obj, b: Obj) -> bool:
    """CR 205.3, 702.73a: whether ``a`` and ``b`` have a creature type in common (an object with
    every creature type shares one with any object that has a creature type)."""
    types_a = {t for t in ch.subtypes(s, a) if t in CREATURE_TYPES}
    types_b = {t for t in ch.subtypes(s, b) if t in CREATURE_TYPES}
    all_a, all_b = has_all_creature_types(s, a), has_all_creature_types(s, b)
    return bool(types_a & types_b) or all_a and (all_b or bool(types_b)) or all_b and bool(types_a)


def _all_creature_types(s: State, o: Obj, subtypes) -> bool:
    """CR 205.3m: an object with all creature types (Mutavault animated) has every one."""
    if not any(t in CREATURE_TYPES for t in subtypes):
        return False
    return ch.has_all_creature_types(s, o)


def objects_matching(s: State, f: ir.Filter, source: Obj | None, controller: int | None = None) -> list[Obj]:
    if f.zone == BATTLEFIELD:
        pool = [s.objs[i] for i in s.battlefield]
    else:
        pool = [o for o in s.objs.values() if o.zone == f.zone]
    return [o for o in pool if matches(s, o, f, source, controller)]


def player_ref(index: int) -> str:
    return f"p{index}"


def is_player_ref(t) -> bool:
    return isinstance(t, str) and t.startswith("p")


def player_of(t) -> int:
    return int(t[1:])


def legal_targets(s: State, spec: ir.TargetSpec, source: Obj, controller: int,
                  stack_item_id: int | None = None, x: int | None = None) -> list:
    """Every legal choice for one target (CR 115.1, 115.4; hexproof 702.11b; shroud;
    protection 702.16b). Players are "p0"/"p1", objects their ids, spells "s<id>". A description
    naming X ("with mana value X") reads ``x``, the spell's or ability's; with ``x`` None, before
    X is announced, any X (see :func:`targets.x_fits`)."""
    out = _legal_targets(s, spec, source, controller, stack_item_id, x)
    reach = s.reach
    if reach is None:
        return out
    # CR 801.4: a player, or an object controlled by a player, outside the controller's range
    # of influence can't be a target
    near = reach[controller]
    objs = s.objs
    return [t for t in out if (player_of(t) in near if is_player_ref(t) else
                               _item_holder(s, t) in near if isinstance(t, str) else
                               holder(objs[t]) in near)]


def _item_holder(s: State, t: str) -> int:
    """The controller of the stack object ``"s<id>"`` (CR 801.2d)."""
    item_id = int(t[1:])
    return next((i.controller for i in s.stack if i.id == item_id), -1)


def _legal_targets(s: State, spec: ir.TargetSpec, source: Obj, controller: int,
                   stack_item_id: int | None, x: int | None) -> list:
    out: list = []
    kind = spec.kind
    if ir.has_x(spec.filter):
        spec = replace(spec, filter=ir.with_x(spec.filter, x))
    if kind == ir.TargetKind.SPELL_OR_PERMANENT:        # "target spell or permanent" (CR 115.1): either
        spells = replace(spec, kind=ir.TargetKind.SPELL, filter=replace(spec.filter, zone=STACK))
        return (legal_targets(s, spells, source, controller, stack_item_id, x)
                + legal_targets(s, replace(spec, kind=ir.TargetKind.PERMANENT), source, controller, stack_item_id, x))
    if kind in (ir.TargetKind.ANY, ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT, ir.TargetKind.PLAYER_OR_PLANESWALKER, ir.TargetKind.OPPONENT_OR_PLANESWALKER):
        for p in s.players:
            if p.lost:
                continue
            if kind in (ir.TargetKind.OPPONENT, ir.TargetKind.OPPONENT_OR_PLANESWALKER) and p.index == controller:
                continue
            if protected_player_from(s, p.index, source, controller) is not None:
                continue                # a player with protection (CR 702.16b)
            kws = player_keywords(s, p.index)
            if kws and ("shroud" in kws or "hexproof" in kws and p.index != controller
                        or HEXPROOF_FROM in kws and p.index != controller and hexproof_from(s, kws, source, controller)):
                continue                # CR 702.18a, 702.11c-d
            out.append(player_ref(p.index))
        if kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT):
            return out
    if kind in ir.STACK_TARGETS:
        kinds = _STACK_KINDS[kind]
        for item in s.stack:
            if item.id == stack_item_id or item.kind not in kinds:
                continue
            if item.kind != ItemKind.SPELL:         # an ability on the stack (CR 113.1b, 115.1d)
                out.append(f"s{item.id}")
                continue
            # the whole description: types, colors, controller, what it targets (CR 115.1)
            if matches(s, s.objs[item.source], spec.filter, source, controller):
                out.append(f"s{item.id}")
        return out
    if kind == ir.TargetKind.CARD:
        for o in objects_matching(s, spec.filter, source, controller):
            out.append(o.id)
        return out
    f = spec.filter
    for oid in s.battlefield:
        o = s.objs[oid]
        if kind == ir.TargetKind.ANY:
            if not (ch.is_creature(s, o) or _is_now_one_of(s, o, ("Planeswalker", "Battle"))):
                continue
            if f != _EMPTY and not matches(s, o, f, source, controller):
                continue
        elif kind in (ir.TargetKind.PLAYER_OR_PLANESWALKER, ir.TargetKind.OPPONENT_OR_PLANESWALKER):     # any planeswalker
            if not _is_now_one_of(s, o, ("Planeswalker",)):
                continue
        elif not matches(s, o, f, source, controller):
            continue
        if not can_be_targeted_by(s, o, source, controller):
            continue
        out.append(o.id)
    return out


_EMPTY = ir.Filter()
# what the stack target kinds may target: spells, activated and/or triggered abilities
_STACK_KINDS = {ir.TargetKind.SPELL: (ItemKind.SPELL,), ir.TargetKind.ACTIVATED_ABILITY: (ItemKind.ACTIVATED,),
                ir.TargetKind.TRIGGERED_ABILITY: (ItemKind.TRIGGERED,),
                ir.TargetKind.ABILITY: (ItemKind.ACTIVATED, ItemKind.TRIGGERED),
                ir.TargetKind.SPELL_OR_ABILITY: (ItemKind.SPELL, ItemKind.ACTIVATED, ItemKind.TRIGGERED)}


def can_be_targeted_by(s: State, o: Obj, source: Obj, controller: int) -> bool:
    kws = ch.keywords(s, o)
    if "shroud" in kws:
        return False
    if "hexproof" in kws and o.controller != controller:
        return False
    if HEXPROOF_FROM in kws and o.controller != controller and hexproof_from(s, kws, source, controller):
        return False
    if "protection" in kws and protected_from(s, o, source, controller=controller):
        return False                # CR 702.16b, 702.16j, 702.16k
    if s.effects and any(type(e) is Untargetable and e.affected == o.id and controller in s.opponents(e.player)
                         for e in s.effects):
        return False                # Vines of Vastwood (CR 115.1)
    return True


def hexproof_from(s: State, kws, source: Obj, controller: int) -> bool:
    """CR 702.11d: whether one of the "hexproof from [quality]" abilities among ``kws`` keeps
    ``source`` (a spell, or the source of an ability, controlled by an opponent ``controller``)
    from targeting: the source has the quality."""
    for k in kws:
        if k.startswith(HEXPROOF_FROM) and k != HEXPROOF_FROM:
            q = quality(k[len(HEXPROOF_FROM) + 1:])
            if q is not None and has_quality(s, source, q, controller):
                return True
    return False


def damaged_by(s: State, o: Obj, dealer: Obj) -> bool:
    """Whether ``dealer`` dealt damage to ``o`` this turn (see :func:`remembers_damage`)."""
    return any(type(e) is DamagedBy and e.affected == o.id and e.dealer == dealer.id for e in s.effects)


@lru_cache(maxsize=4096)
def remembers_damage(card) -> bool:
    """Whether an ability of ``card`` asks about creatures it dealt damage to this turn; found
    once per definition."""
    return ir.contains(card.abilities, lambda n: type(n) is ir.Filter and n.damaged_by_self)


# ------------------------------------------------------------------ protection (CR 702.16)


@dataclass(frozen=True, slots=True)
class Everything:
    """CR 702.16j: protection from each object, whatever its characteristics."""


@dataclass(frozen=True, slots=True)
class OfColor:
    """A color (CR 105.1): "protection from red"."""
    color: str                      # "R"


@dataclass(frozen=True, slots=True)
class ColorCount:
    """So many colors (CR 105.2a-c): colorless 0, monocolored 1, multicolored 2 or more."""
    least: int
    most: int


@dataclass(frozen=True, slots=True)
class OfType:
    """A card type (CR 702.16a: of a permanent, or of a source elsewhere, such as a spell):
    "protection from creatures", "from instants"."""
    type: str                       # "Creature"


@dataclass(frozen=True, slots=True)
class OfSupertype:
    """A supertype (CR 702.16a): "protection from snow"."""
    supertype: str                  # "Snow"


@dataclass(frozen=True, slots=True)
class OfSubtype:
    """A subtype (CR 702.16a): "protection from Zombies"."""
    subtype: str                    # "Zombie"


@dataclass(frozen=True, slots=True)
class FromPlayer:
    """CR 702.16k: each object the player controls, and each they own that no other player
    controls; spells and abilities they control."""
    player: int


@dataclass(frozen=True, slots=True)
class ManaValue:
    """A mana value from ``least`` to ``most`` (CR 202.3): "protection from converted mana cost 3
    or greater" (a face-down permanent's is 0, CR 708.2; a spell's counts its X, 202.3e)."""
    least: int
    most: int | None


@dataclass(frozen=True, slots=True)
class Spells:
    """Spells with the quality ``of`` (CR 702.16a): "protection from colored spells", "from
    instant spells". A spell is an object on the stack; the permanent it becomes, and abilities,
    are not spells (Emrakul, the Aeons Torn's rulings)."""
    of: "Quality"


@dataclass(frozen=True, slots=True)
class Both:
    """Two qualities at once: "protection from legendary creatures" (a supertype and a card type)."""
    first: "Quality"
    second: "Quality"


Quality = Everything | OfColor | ColorCount | OfType | OfSupertype | OfSubtype | FromPlayer | ManaValue | Spells | Both

_TYPE_WORDS = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
               "instants": "Instant", "sorceries": "Sorcery", "lands": "Land",
               "planeswalkers": "Planeswalker", "battles": "Battle"}
_COLOR_COUNTS = {"colorless": ColorCount(0, 0), "monocolored": ColorCount(1, 1),
                 "multicolored": ColorCount(2, 5)}


@lru_cache(maxsize=512)
def quality(arg: str | None) -> Quality | None:
    """The quality a protection states (CR 702.16a), from its compiled form (see
    ``ir.Keyword``): a color's name, "colorless", "monocolored", "multicolored", "everything",
    a card type's plural or "snow", a subtype ("Zombie"), a player ("p1"), "mana value 3 or
    greater" (or "less"), "colored spells" or "instant spells", "legendary creatures"; None
    for a quality not decided (a color never chosen)."""
    if arg is None:
        return None
    if arg == "everything":
        return Everything()
    if arg in NAME_TO_COLOR and arg != "colorless":
        return OfColor(NAME_TO_COLOR[arg])
    if arg in _COLOR_COUNTS:
        return _COLOR_COUNTS[arg]
    if arg in _TYPE_WORDS:
        return OfType(_TYPE_WORDS[arg])
    if arg == "snow":
        return OfSupertype("Snow")
    words = arg.split()
    if arg.startswith("mana value ") and len(words) == 5 and words[2].isdigit():
        n = int(words[2])
        return ManaValue(n, None) if words[4] == "greater" else ManaValue(0, n)
    if len(words) == 2 and words[1] == "spells":
        inner = ColorCount(1, 5) if words[0] == "colored" else OfType(words[0].capitalize())
        return Spells(inner)
    if len(words) == 2 and words[0] == "legendary" and words[1] in _TYPE_WORDS:
        return Both(OfSupertype("Legendary"), OfType(_TYPE_WORDS[words[1]]))
    if is_player_ref(arg) and arg[1:].isdigit():
        return FromPlayer(player_of(arg))
    if arg[:1].isupper():
        return OfSubtype(arg)
    return None


def has_quality(s: State, source: Obj, q: Quality, controller: int | None = None) -> bool:
    """Whether ``source`` has the quality ``q`` (CR 702.16a), wherever it is; ``controller``:
    who controls the spell or ability that would target (CR 702.16k)."""
    match q:
        case Everything():
            return True
        case OfColor(color):
            return color in ch.colors(s, source)
        case ColorCount(least, most):
            return least <= len(ch.colors(s, source)) <= most
        case OfSupertype(t):
            return t in ch.supertypes(s, source)
        case OfType(t):
            return t in ch.card_types(s, source)
        case OfSubtype(t):
            return _has_subtype(s, source, (t,), None)
        case FromPlayer(player):
            if controller is not None:
                return controller == player
            return (source.controller if source.zone in (BATTLEFIELD, STACK) else source.owner) == player
        case ManaValue(least, most):
            value = ch.mana_value(source)
            return least <= value and (most is None or value <= most)
        case Spells(of):
            return source.zone == STACK and has_quality(s, source, of, controller)
        case Both(first, second):
            return has_quality(s, source, first, controller) and has_quality(s, source, second, controller)
    return False


def protected_from(s: State, o: Obj, source: Obj, attached: bool = False, controller: int | None = None) -> str | None:
    """CR 702.16: the quality ``o``'s protection states that ``source`` has ("red", "Zombie",
    "everything"), or None. ``attached``: whether ``source``, an Aura, may stay attached to ``o``
    (CR 702.16c), where its own protection with "This effect doesn't remove ~" doesn't count;
    ``controller``: who controls the spell or ability that would target ``o``."""
    for arg in ch.protections(s, o, source if attached else None):
        q = quality(arg)
        if q is not None and has_quality(s, source, q, controller):
            return arg
    return None


def protected_player_from(s: State, player: int, source: Obj, controller: int | None = None) -> str | None:
    """CR 702.16b-e: the quality a protection of ``player`` states that ``source`` has, or None
    (see :func:`protected_from`)."""
    if not s.effects:
        return None
    ref = player_ref(player)
    for e in s.effects:
        if type(e) is PlayerProtection and e.affected == ref:
            for arg in e.protection:
                q = quality(arg)
                if q is not None and has_quality(s, source, q, controller):
                    return arg
    return None


def player_keywords(s: State, player: int) -> frozenset[str]:
    """The hexproof and shroud ``player`` has (CR 702.11c, 702.18a): from static abilities of
    permanents they control ("You have shroud.") and from effects ("You gain shroud until end of
    turn.")."""
    return _player_rules(s)[0].get(player, _NO_KEYWORDS)


def life_cant_change(s: State, player: int) -> str | None:
    """The name of what says ``player``'s life total can't change (CR 119.7, 119.8: they can't
    gain or lose life, nor pay more than 0 life), or None: a static ability of a permanent they
    control (Platinum Emperion), or an effect lasting a while (Teferi's Protection)."""
    return _player_rules(s)[1].get(player)


def cant_lose(s: State, player: int) -> str | None:
    """The name of what says ``player`` can't lose the game (CR 104.3: "You can't lose the
    game.", Platinum Angel; or an effect for a while, Angel's Grace), or None. Conceding is
    still a loss (CR 104.3a; the cards' rulings)."""
    for src, eff in ch.static_effects(s, ir.StaticCantLoseGame):
        if src.controller == player if eff.affected == "you" else player in s.opponents(src.controller):
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "cant_lose_game", src.card)
            return src.card.name
    for e in s.effects:
        if type(e) is CantLoseGame and player_of(e.affected) == player:
            return e.source
    return None


def cant_win(s: State, player: int) -> str | None:
    """The name of what says ``player`` can't win the game (CR 104.2: "... your opponents can't
    win the game.", Platinum Angel, Angel's Grace; "You can't win the game ...", Abyssal
    Persecutor), or None."""
    for src, eff in ch.static_effects(s, ir.StaticCantWinGame):
        if src.controller == player if eff.affected == "you" else player in s.opponents(src.controller):
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "cant_win_game", src.card)
            return src.card.name
    for e in s.effects:
        if type(e) is CantLoseGame and player in s.opponents(player_of(e.affected)):
            return e.source
    return None


def damage_life_floor(s: State, player: int) -> str | None:
    """The name of the spell or ability whose effect says damage that would reduce ``player``'s
    life total to less than 1 reduces it to 1 instead (CR 614.1a; Angel's Grace), or None."""
    return next((e.source for e in s.effects if type(e) is DamageLifeFloor and player_of(e.affected) == player), None)


def cant_gain_life(s: State, player: int) -> str | None:
    """The name of the permanent whose static ability says ``player`` can't gain life
    ("Players can't gain life.", "Your opponents can't gain life."; CR 119.7), or None."""
    return _binding_static(s, ir.StaticCantGainLife, "cant_gain_life", player)


def draw_limited(s: State, player: int) -> str | None:
    """The name of the permanent whose static ability says ``player`` can't draw more than one
    card each turn, once they have drawn one this turn ("Each opponent can't draw ...";
    CR 121.1), or None."""
    if not s.players[player].drawn_this_turn:
        return None
    return _binding_static(s, ir.StaticDrawOneEachTurn, "draw_one_each_turn", player)


def _binding_static(s: State, kind: type[ir.StaticCantGainLife] | type[ir.StaticDrawOneEachTurn], name: str,
                    player: int) -> str | None:
    """The name of the first permanent whose static ability of ``kind`` (``name`` in the
    exercise record) binds ``player``: one that names each player, or its controller's
    opponents when ``player`` is one of them; or None."""
    for src, eff in ch.static_effects(s, kind):
        if eff.affected == "each_player" or src.controller != player:
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", name, src.card)
            return src.card.name
    return None


_NO_KEYWORDS: frozenset[str] = frozenset()
_NO_RULES: tuple[dict, dict] = ({}, {})


def _player_rules(s: State) -> tuple[dict[int, frozenset[str]], dict[int, str]]:
    """(keywords by player, what fixes a life total by player), once per state version."""
    facts = s.facts()
    found = facts.get("player_rules")
    if found is not None:
        return found
    kws = list(ch.static_effects(s, ir.StaticPlayerKeywords))
    fixed = list(ch.static_effects(s, ir.StaticLifeCantChange))
    records = [e for e in s.effects if isinstance(e, (PlayerKeywords, LifeCantChange))] if s.effects else []
    if not (kws or fixed or records):
        facts["player_rules"] = _NO_RULES
        return _NO_RULES
    keywords: dict[int, frozenset[str]] = {}
    life: dict[int, str] = {}
    for src, eff in kws:
        keywords[src.controller] = keywords.get(src.controller, _NO_KEYWORDS) | {k.name for k in eff.keywords}
    for src, _eff in fixed:
        life.setdefault(src.controller, src.card.name)
    if exercise.RECORD is not None:
        for src, any_eff in [*kws, *fixed]:
            exercise.note("STATIC_KINDS", any_eff.kind, src.card)
    for e in records:
        p = player_of(e.affected)
        if isinstance(e, LifeCantChange):
            life.setdefault(p, e.source)
        else:
            keywords[p] = keywords.get(p, _NO_KEYWORDS) | set(e.keywords)
    found = facts["player_rules"] = (keywords, life)
    return found


def _is_now_one_of(s: State, o: Obj, kinds: tuple[str, ...]) -> bool:
    """Whether ``o`` is now of one of ``kinds``: an effect may have made a planeswalker only a
    creature (CR 205.1a)."""
    types = ch.card_types(s, o)
    return any(t in types for t in kinds)


def _named_like_attached(s: State, o: Obj, subtype: str, source: Obj | None) -> bool:
    """Whether ``o`` has the name of a permanent of ``subtype`` attached to the player the
    source, an Aura, enchants (CR 201.2, 303.4b); with no such player, none is."""
    player = enchanted_player(source) if source is not None else None
    if player is None:
        return False
    names = {a.card.name for a in s.permanents() if a.attached_to == PlayerRef(player) and subtype in ch.subtypes(s, a)}
    return any(has_name(o, n) for n in names)
