"""Additional and alternative costs of spells (CR 118.8-118.9, 601.2b, 601.2f): kicker and
multikicker (CR 702.33), buyback (CR 702.27), entwine (CR 702.42), flashback (CR 702.34),
retrace (CR 702.81), jump-start (CR 702.133), spectacle (CR 702.137), escape (CR 702.138), the
madness cost (CR 702.35b), casts without paying the mana cost (cascade, suspend), and the
mandatory "As an additional cost to cast this spell, ..." (sacrifice, discard, life).

Casting a card from a graveyard is casting it with flashback, retrace, jump-start or escape (the
only permissions to do so the engine knows). As the spell is cast its controller announces which additional costs they will
pay; the names go in the spell's ``cast_costs`` ("flashback", one "kicker" per kick,
"buyback"), which the permanent it becomes keeps (CR 400.7d) for "if it was kicked". The total
cost is the mana cost, or the flashback cost, plus the announced costs (CR 601.2f); only
announcements whose total cost can be paid are offered.
"""
from __future__ import annotations

from functools import lru_cache

from manastack.mana import ManaCost
from manastack.oracle import ir
from manastack.oracle.compiler import card_lines
from manastack.oracle.render import fmt
from manastack.oracle.subtypes import CREATURE_TYPES

from .. import exercise
from ..abilities import keyword, keyword_cost, keyword_of
from .. import characteristics as ch
from ..commanders import FROM_COMMAND
from ..conditions import FROM_GRAVEYARD, FROM_HAND, evaluate, holds
from ..timing import flash_permission, free_cast_permission, sorcery_timing
from ..decisions import Action, ActionKind, Decision, DecisionKind
from .checks import kept_for_parts
from ..effect_records import GRANTED_FLASHBACK, GrantedFlashback
from ..mana.abilities import NO_ONE, can_afford
from ..mana.spend import spell_use
from ..runner import Rollback
from .spell_costs import log_total as log_changes
from .spell_costs import total_cost
from ..targets import (
    AWAKEN_TARGET,
    MUTATE_TARGET,
    _modal,
    _specs_satisfiable,
    aura_target_spec,
    casting_ability,
    has_targets_for,
    spell_ability,
)
from ..upcalls import cost_payable, pay_cost
from ..wording import possessive
from ..zones import GRAVEYARD, HAND

MAX_KICKS = 10                          # multikicker: the most kicks offered
FREE = "free"        # cast "without paying its mana cost", an alternative cost (CR 118.9): cascade
MORPH = "morph"      # cast face down for {3}, an alternative cost (CR 702.37c): engine.mechanics.morph
WITHOUT_PAYING = (FREE, "suspend")               # cascade; suspend (CR 702.62a)
# Alternative costs a card may be cast for from where it is, instead of its mana cost (CR 118.9):
# evoke (CR 702.74a), dash (CR 702.109a), surge (CR 702.117a, only once another spell was cast),
# overload (CR 702.96a, which also changes the spell's text: ``casting``), awaken (CR 702.113a,
# which adds a target and an effect: ``targets``, ``resolve``), mutate (CR 702.140a, which adds a
# target and merges the spell with it: ``targets``, ``mutate``), spectacle (CR 702.137a, only once
# an opponent lost life this turn), prowl (CR 702.76a), and "alternative": a cost the card's text
# offers "rather than pay this spell's mana cost" (CR 118.9, ``ir.AlternativeCost``), bestow
# (CR 702.103a, which makes the spell an Aura spell: ``casting``, ``resolve``, ``bestow``), emerge
# (CR 702.119a: a creature sacrificed, chosen as the cost is announced, and the total cost reduced
# by its mana value: :func:`emerge_fodder`, ``casting``).
PRINTED = "alternative"
EMERGE = "emerge"
CHOSEN_ALTERNATIVES = ("evoke", "dash", "surge", "overload", "awaken", "mutate", "spectacle", "prowl", "bestow",
                       EMERGE, PRINTED)
ALTERNATIVE = ("flashback", GRANTED_FLASHBACK, "escape", "madness", "miracle") + WITHOUT_PAYING + CHOSEN_ALTERNATIVES   # paid rather than the mana cost (CR 118.9)
# Optional additional costs announced as the spell is cast (CR 601.2b); replicate may be paid
# any number of times (CR 702.56a), conspire taps two creatures (CR 702.78a).
ADDITIONAL = ("kicker", "multikicker", "buyback", "entwine", "replicate", "conspire")
REPEATABLE = ("multikicker", "replicate")
# How the spell was cast, not a cost: from a graveyard (aftermath, CR 702.127a), from a hand with
# rebound (CR 702.88a).
# "flash_timing": cast any time a sorcery couldn't have been (CR 307.1; Armor of Thorns' sacrifice).
# FROM_HAND, FROM_GRAVEYARD: where it was cast from (``conditions``).
# The other of two additional costs, "reveal an Elf card from your hand or pay {3}", announced
# as the spell is cast (CR 601.2b): a mark in ``cast_costs``, not a cost of its own.
OR_COST = "or_cost"
MARKS = ("aftermath", "rebound", "flash_timing", FROM_HAND, FROM_GRAVEYARD, FROM_COMMAND, OR_COST)
# The extra mana of a cast "as though it had flash if you pay {2} more" (Ghitu Fire), a cost increase.
FLASH_TAX = "flash_tax"
_RULES = {"kicker": "702.33a", "multikicker": "702.33c", "buyback": "702.27a", "entwine": "702.42a",
          "evoke": "702.74a", "dash": "702.109a", "surge": "702.117a", "overload": "702.96a",
          "awaken": "702.113a", "mutate": "702.140a", "spectacle": "702.137a", "prowl": "702.76a", PRINTED: "118.9",
          "bestow": "702.103a", "escape": "702.138a", EMERGE: "702.119a",
          "replicate": "702.56a", "conspire": "702.78a"}


# Retrace's additional cost (CR 702.81a): discard a land card.
RETRACE_COST = ir.Cost(parts=(ir.DiscardCost(1, card_type="Land"),))
# Jump-start's additional cost (CR 702.133a): discard a card.
JUMP_START_COST = ir.Cost(parts=(ir.DiscardCost(1),))
# Conspire's additional cost (CR 702.78a): tap two untapped creatures you control, each sharing a
# color with the spell.
CONSPIRE_COST = ir.Cost(parts=(ir.TapUntappedCost(ir.Filter(types=("Creature",), controller="you", shares_color=True), 2),))
# The fixed additional costs of keywords that print none: casting a card from a graveyard, conspire.
FIXED_COSTS = {"retrace": RETRACE_COST, "jump-start": JUMP_START_COST, "conspire": CONSPIRE_COST}


def flashback_cards(s, player: int) -> list[int]:
    """Cards in ``player``'s graveyard they may cast from there: instants and sorceries with
    flashback (CR 702.34a) or jump-start (CR 702.133a), cards with retrace (CR 702.81a) or escape
    (CR 702.138a, permanent cards too), and cards
    whose own static ability lets them be cast from there for an alternative cost (Brokkos's
    mutate, which needs its target, CR 601.3, 702.140a)."""
    out = []
    objs = s.objs
    for oid in s.players[player].graveyard:
        o = objs[oid]
        how = _from_graveyard(o.card)
        if how == "always" or how == "mutate" and _specs_satisfiable(s, [MUTATE_TARGET], o, player):
            out.append(oid)
    if s.effects:           # flashback an effect gave them (CR 702.34a)
        out += [oid for oid in granted_flashback(s) if oid not in out and objs[oid].owner == player]
    return out


def granted_flashback(s) -> list[int]:
    """The cards in graveyards that an effect gave flashback for their mana cost this turn
    (``effect_records.GrantedFlashback``): only the same objects, still there (CR 400.7)."""
    objs = s.objs
    return [e.affected for e in s.effects if type(e) is GrantedFlashback
            and e.affected in objs and objs[e.affected].zone == GRAVEYARD]


@lru_cache(maxsize=8192)
def _from_graveyard(card) -> str:
    """How a definition may be cast from its owner's graveyard: "always" with retrace or as an
    instant or sorcery with flashback or jump-start, "mutate" for its mutate cost when that has a target, ""
    not at all (asked of every card in a graveyard at every priority: found once per
    definition)."""
    if keyword(card, "retrace") or keyword(card, "escape") or not card.is_permanent_card and (
            keyword(card, "flashback") or keyword(card, "jump-start")):
        return "always"
    if graveyard_cost(card) == "mutate" and keyword(card, "mutate") is not None:
        return "mutate"
    return ""


# a card's own static abilities about spell costs (CR 601.2f)
_COST_STATICS = (ir.StaticSpellCost, ir.StaticSelfCostReduction)


@lru_cache(maxsize=8192)
def only_mana_cost(card) -> bool:
    """Whether a definition, cast from a hand, has no cost but its mana cost to pay: no
    alternative cost to choose instead (CR 118.9), no cost reduction of its own (affinity,
    CR 702.41a; a party count, CR 700.8) and no other way to pay mana (convoke, improvise, delve,
    another player's help; CR 702.51a, 702.126a, 702.66a, 702.132a). Castability then hangs on
    the mana cost, what the board adds to it, and what the player can pay. A keyword that
    changes what a spell costs or who pays must be named here."""
    names = {ab.name for ab in card.abilities if type(ab) is ir.Keyword}
    if names & {*CHOSEN_ALTERNATIVES, "affinity", "convoke", "improvise", "delve", "assist"}:
        return False
    # a printed alternative cost (CR 118.9), or a static ability of its own about costs ("This
    # spell costs {1} less to cast for each creature in your party", CR 601.2f)
    return not any(type(ab) is ir.AlternativeCost
                   or type(ab) is ir.StaticAbility and isinstance(ab.effect, _COST_STATICS) for ab in card.abilities)


def graveyard_cost(card) -> str:
    """The alternative cost a static ability of ``card`` lets it be cast for from its owner's
    graveyard ("You may cast ~ from your graveyard using its mutate ability"), or ""."""
    return next((eff.cost for eff in card.static_effects if isinstance(eff, ir.StaticCastFromGraveyard)), "")


def cast_from(o, s=None) -> tuple[str, ...]:
    """The cost a cast from ``o``'s zone uses: from a graveyard, flashback or escape (alternative
    costs, CR 702.34a, 702.138a), retrace or jump-start (additional costs, CR 702.81a, 702.133a)
    or the alternative cost its own static ability names (Brokkos: mutate only, its rulings);
    with the game ``s``, flashback an effect gave it too (its own comes first)."""
    if o.zone != GRAVEYARD:
        return ()
    if keyword(o.card, "flashback"):
        return ("flashback",)
    if s is not None and s.effects and o.id in granted_flashback(s):
        return (GRANTED_FLASHBACK,)
    if keyword(o.card, "escape"):
        return ("escape",)
    if keyword(o.card, "jump-start") and not o.card.is_permanent_card:
        return ("jump-start",)
    allowed = graveyard_cost(o.card)
    return (allowed,) if allowed and not keyword(o.card, "retrace") else ("retrace",)


def alternatives(s, player: int, o, from_hand: bool | None = None) -> list[str]:
    """The alternative costs of :data:`CHOSEN_ALTERNATIVES` ``player`` may cast ``o`` for now,
    by name; none when the cast already uses one, as flashback from a graveyard does (CR 118.9a:
    only one alternative cost). :data:`FREE` too when a permanent of theirs lets them cast it
    from their hand without paying its mana cost (``from_hand``: whether ``o`` is cast from
    there, when it has already moved to the stack)."""
    if cast_from(o, s):
        return []
    out: list[str] = []
    for ab in o.card.abilities:
        if type(ab) is not ir.Keyword or ab.name not in CHOSEN_ALTERNATIVES or ab.cost is None or ab.name in out:
            continue
        if ab.name == "surge" and not s.players[player].spells_cast_this_turn:
            continue            # CR 702.117a: only after they cast another spell this turn
        if ab.name == "spectacle" and not any(p.life_lost_this_turn for p in s.players if p.index != player):
            continue            # CR 702.137a: only once an opponent lost life this turn
        if ab.name == "prowl" and not _prowled(s, player, o):
            continue            # CR 702.76a: a source of theirs sharing a type dealt combat damage
        if ab.name == "awaken" and not _specs_satisfiable(s, [AWAKEN_TARGET], o, player):
            continue            # CR 702.113a, 601.2c: it needs a land of theirs to target
        if ab.name == "mutate" and not _specs_satisfiable(s, [MUTATE_TARGET], o, player):
            continue            # CR 702.140a, 601.2c: it needs a non-Human creature to merge with
        if ab.name == "bestow" and (o.card.bestowed is None
                                    or not _specs_satisfiable(s, [aura_target_spec(o.card.bestowed)], o, player)):
            continue            # CR 702.103b, 601.2c: a bestowed Aura spell needs a creature to target
        if ab.name == EMERGE and not emerge_fodder(s, player):
            continue            # CR 702.119a: it needs a creature to sacrifice
        out.append(ab.name)
    printed = printed_alternative(o.card)
    if printed is not None and (printed.condition is None or (evaluate if isinstance(printed.condition, str) else holds)(
            s, printed.condition, _as_controlled(o, player))):
        out.append(PRINTED)     # "If you control a Swamp, ...": the condition holds as it is cast
    if (o.zone == HAND if from_hand is None else from_hand) and free_cast_permission(s, player, o) is not None:
        out.append(FREE)        # Omniscience (CR 118.9)
    return out


def _prowled(s, player: int, o) -> bool:
    """Prowl (CR 702.76a): a player was dealt combat damage this turn by a source ``player``
    controlled that had any of the spell's creature types (a Tribal spell's, or a creature's)."""
    seen = s.players[player].combat_damage_types
    kinds = {t for t in o.card.subtypes if t in CREATURE_TYPES}
    return bool(kinds) and ("*" in seen or bool(kinds & set(seen)))


def emerge_fodder(s, player: int) -> list:
    """CR 702.119a: the creatures ``player`` could sacrifice to cast a spell for its emerge cost."""
    return [c for c in s.permanents(player) if ch.is_creature(s, c)]


def emerge_reduced(total: ManaCost, creature) -> ManaCost:
    """CR 702.119a: ``total`` reduced by as much generic mana as the mana value of ``creature``,
    the one sacrificed; the colored part of the cost stays (the cards' rulings)."""
    left = max(0, total.generic - ch.mana_value(creature))
    return ManaCost(((str(left),) if left else ()) + tuple(sym for sym in total.symbols if not sym.isdigit()))


def printed_alternative(card) -> ir.AlternativeCost | None:
    """The alternative cost the card's text offers instead of its mana cost (CR 118.9), if any."""
    return next((ab for ab in card.abilities if type(ab) is ir.AlternativeCost), None)


def _printed(card) -> ir.AlternativeCost:
    """The alternative cost printed on a card cast for it (``PRINTED`` in its costs), which
    only such a card can be."""
    alt = printed_alternative(card)
    assert alt is not None
    return alt


def _as_controlled(o, player: int):
    """``o`` seen as the spell ``player`` would control (a card in a hand has no controller)."""
    if o.controller == player:
        return o
    seen = o.copy()
    seen.controller = player
    return seen


def cast_options(s, player: int, o) -> list[tuple[str, ...]]:
    """The ways ``o`` may be cast for its costs: first the usual one (its mana cost, or flashback
    from a graveyard), then each chosen alternative cost (CR 601.2b, 118.9); each with the extra
    mana a cast "as though it had flash" costs now (:func:`flash_tax`)."""
    tax = ("flash_tax",) if flash_tax(s, player, o) is not None else ()
    out = [cast_from(o, s) + tax] + [(name,) + tax for name in alternatives(s, player, o)]
    if or_cost(o.card) is not None:      # either of its two additional costs (CR 601.2b)
        out += [c + (OR_COST,) for c in out]
    return out


def flash_tax(s, player: int, o) -> ManaCost | None:
    """The extra mana of "You may cast ~ as though it had flash if you pay {2} more to cast it."
    when ``player`` casts ``o`` now only thanks to it: not an instant, no flash of its own, any
    time a sorcery couldn't be cast (CR 601.3, 601.2f, 307.1), and no other permission (Vedalken
    Orrery) lets them; None otherwise."""
    if "Instant" in o.card.types or sorcery_timing(s, player):
        return None
    extra = next((ab.extra for ab in o.card.abilities if type(ab) is ir.CastAsThoughFlash and ab.extra), None)
    if extra is None or ch.has(s, o, "flash") or flash_permission(s, player, o):
        return None
    return extra


def _keyword_for(card, name: str) -> ir.Keyword:
    """The keyword whose cost a name in ``cast_costs`` stands for (the printed alternative cost
    stands in as a keyword of that name)."""
    if name == PRINTED:
        return ir.Keyword(PRINTED, cost=_printed(card).cost)
    return keyword_of(card, "multikicker" if name == "kicker" and not keyword(card, "kicker") else name)


def required(card, costs: tuple[str, ...] = ()) -> list[ir.Cost]:
    """The costs "As an additional cost to cast this spell, ..." adds to every cast (CR 118.8);
    of "[cost] or pay {3}", the other one when ``costs`` has :data:`OR_COST`."""
    return [ab.or_cost if ab.or_cost is not None and OR_COST in costs else ab.cost
            for ab in card.abilities if type(ab) is ir.AdditionalCost]


def or_cost(card) -> ir.AdditionalCost | None:
    """The card's additional cost offering a choice of two (CR 601.2b), if any."""
    return next((ab for ab in card.abilities if type(ab) is ir.AdditionalCost and ab.or_cost is not None), None)


def parts(card, costs: tuple[str, ...]) -> tuple[ManaCost, list[ir.Cost]]:
    """The mana to pay -- the mana cost or the flashback cost, plus the mana of each announced
    cost (CR 601.2f, 118.9d) -- and the other parts of those costs (life, sacrifices, ...),
    with the card's mandatory additional costs (CR 601.2b)."""
    if MORPH in costs:       # face down: {3} and nothing else (CR 702.37c); it has no abilities
        return ManaCost(("3",)), []
    mana = ManaCost(()) if set(costs) & set(ALTERNATIVE) else card.mana_cost
    others = []
    for cost in required(card, costs):       # "... or pay {3}": mana added to the total (CR 601.2f)
        if cost.mana is not None:
            mana = plus(mana, cost.mana)
        if cost.parts:
            others.append(ir.Cost(parts=cost.parts))
    for name in (c for c in costs if c not in WITHOUT_PAYING and c not in MARKS):
        if name == GRANTED_FLASHBACK:   # the flashback cost is its mana cost (CR 702.34a)
            mana = plus(mana, card.mana_cost)
            continue
        if name == FLASH_TAX:           # "if you pay {2} more" (CR 601.2f)
            mana = plus(mana, next(ab.extra for ab in card.abilities if type(ab) is ir.CastAsThoughFlash and ab.extra))
            continue
        cost = FIXED_COSTS[name] if name in FIXED_COSTS else _keyword_for(card, name).cost or ir.Cost()
        if cost.mana is not None:
            mana = plus(mana, cost.mana)
        if cost.parts:
            others.append(ir.Cost(parts=cost.parts))
    return mana, others


def per_mode(s, card, modes: tuple[int, ...], base: ManaCost) -> ManaCost:
    """Escalate (CR 702.120a): ``base`` plus the escalate cost once for each mode chosen beyond
    the first (``modes``: the chosen modes, CR 700.2)."""
    kw = keyword(card, "escalate")
    if kw is None or kw.cost is None or kw.cost.mana is None:
        return base
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "escalate", card)
    extra = len(modes) - 1
    for _ in range(extra):
        base = plus(base, kw.cost.mana)
    if extra > 0:
        s.add_log(f"{card.name} costs {kw.cost.mana} more for each mode chosen beyond the first (escalate, "
                  f"{extra} more): {base} before other changes", ("702.120a", "601.2f"), "cast")
    return base


def per_mode_parts(card, modes: tuple[int, ...]) -> list[ir.Cost]:
    """Escalate (CR 702.120a): the parts of the escalate cost that aren't mana ("Escalate—Discard
    a card."), once for each mode chosen beyond the first, paid with the spell's other costs
    (CR 601.2h)."""
    kw = keyword(card, "escalate")
    if kw is None or kw.cost is None or not kw.cost.parts:
        return []
    if exercise.RECORD is not None and len(modes) > 1:
        for aspect in ir.cost_aspects(ir.Cost(parts=kw.cost.parts)):
            exercise.note("ADDITIONAL_COST_PARTS", aspect, card)
    return [ir.Cost(parts=kw.cost.parts)] * (len(modes) - 1)


def per_target(s, card, targets: list, base: ManaCost) -> ManaCost:
    """Strive (CR 601.2f): ``base`` plus the card's "costs {2}{U} more to cast for each target
    beyond the first" once per target chosen after the first (``targets``: the chosen targets,
    one list per target phrase, CR 601.2c)."""
    extra = sum(len(group) for group in targets) - 1
    for ab in card.abilities:
        if type(ab) is not ir.CostPerTarget:
            continue
        if exercise.RECORD is not None:
            exercise.note("SPELL_COST_INCREASES", "per_target", card)
        if extra > 0:
            for _ in range(extra):
                base = plus(base, ab.mana)
            s.add_log(f"{card.name} costs {ab.mana} more for each of its {extra} target{'s' * (extra != 1)} "
                      f"beyond the first: {base} before other changes", ("601.2f",), "cast")
    return base


def plus(a: ManaCost, b: ManaCost) -> ManaCost:
    """Two costs as one, generic mana first: {R} plus {4} is {4}{R}."""
    generic = a.generic + b.generic
    rest = tuple(sym for sym in a.symbols + b.symbols if not sym.isdigit())
    return ManaCost(((str(generic),) if generic else ()) + rest)


def affordable(s, player: int, o, costs: tuple[str, ...], bound=None) -> bool:
    """Whether ``player`` could pay the total cost of ``o`` with these costs announced, X at 0.
    ``bound``: a :class:`~manastack.engine.mana.capacity.Capacity` of the player's mana, which
    rules out costs too big for it without a payment search."""
    mana, others = parts(o.card, costs)
    if not all(cost_payable(s, o, c, include_mana=False) for c in others):
        return False
    total = total_cost(s, player, o, 0, mana)[0]
    use = spell_use(o)
    exclude = kept_for_parts(s, o, tuple(others), player) if others else NO_ONE
    if EMERGE in costs:     # CR 702.119a: with some creature of theirs sacrificed
        return any(can_afford(s, player, emerge_reduced(total, c), use=use, exclude=exclude)
                   for c in emerge_fodder(s, player))
    total = assisted(s, player, o, total, use)
    if bound is not None and not use.other_payers and bound.cannot_pay(total):
        return False
    return can_afford(s, player, total, use=use, exclude=exclude)


def assisted(s, player: int, o, total: ManaCost, use) -> ManaCost:
    """What is left of ``total`` for ``player`` to pay when ``o`` has assist and the other
    player who could pay the most of its generic mana paid all they could (CR 702.132a); ``total`` itself otherwise.
    Whether the spell can be cast counts on that help; the helper decides as it is paid."""
    if not total.generic or keyword(o.card, "assist") is None:
        return total
    n = 0
    for helper in s.in_turn_order(player)[1:]:      # the other player who could pay the most
        k = 0
        while k < total.generic and can_afford(s, helper, ManaCost((str(k + 1),)), use=use):
            k += 1
        n = max(n, k)
    left = total.generic - n
    return ManaCost(((str(left),) if left else ()) + tuple(sym for sym in total.symbols if not sym.isdigit()))


def cast_label(o, s=None) -> str:
    """How a cast action reads: "cast Think Twice" or "... with flashback {2}{U}"."""
    if o.zone != GRAVEYARD:
        return f"cast {o.card.name}"
    if cast_from(o, s) == (GRANTED_FLASHBACK,):
        return f"cast {o.card.name} from the graveyard with flashback {o.card.mana_cost} (its mana cost)"
    if cast_from(o) == ("retrace",):
        return f"cast {o.card.name} from the graveyard with retrace, discarding a land card"
    if cast_from(o) == ("jump-start",):
        return f"cast {o.card.name} from the graveyard with jump-start, discarding a card"
    if cast_from(o) == ("escape",):
        return f"cast {o.card.name} from the graveyard with escape {_text(o.card, keyword_of(o.card, 'escape'))}"
    if cast_from(o)[0] in CHOSEN_ALTERNATIVES:
        name = cast_from(o)[0]
        return f"cast {o.card.name} from the graveyard for its {name} cost {_text(o.card, keyword_of(o.card, name))}"
    flashback = _text(o.card, keyword_of(o.card, "flashback"))
    return f"cast {o.card.name} from the graveyard with flashback {flashback}"


def _text(card, kw: ir.Keyword) -> str:
    """A keyword's cost in words: its mana, or (in brackets) what the card's text says after
    the dash."""
    if kw.name == "conspire":
        return "(tap two untapped creatures you control that share a color with it)"
    if kw.name == PRINTED:
        words = _printed(card).text.partition(" may ")[2].partition(" rather than ")[0]
        return f"({words})" if words else fmt(kw.cost)
    if kw.cost is not None and not kw.cost.parts:
        return str(kw.cost.mana)
    line = next((ln for ln in card_lines(card.text) if ln.lower().startswith(kw.name + "—")), None)
    if line is None:
        return fmt(kw.cost)
    pieces = line[len(kw.name) + 1:].rstrip(".").split(", ")
    return "(" + ", ".join(p[:1].lower() + p[1:] for p in pieces) + ")"


def announce(ctx, player: int, spell, costs: tuple[str, ...], from_hand: bool = False) -> int | None:
    """CR 601.2b: with the alternative cost the cast uses, the player announces which optional
    additional costs they will pay: kicker once, multikicker and replicate any number of times,
    buyback, entwine, conspire. Returns the creature to sacrifice for emerge, chosen as its cost
    is (CR 702.119c), or None. ``from_hand``: the spell was cast from its caster's hand."""
    s = ctx.s
    card = spell.card
    who = s.players[player].name
    emerging = None
    if not costs:
        costs, emerging = _choose_alternative(ctx, player, spell, from_hand)
    elif costs[0] in CHOSEN_ALTERNATIVES:       # from a graveyard, as its own static ability allows
        _note(keyword_of(card, costs[0]), card)
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", "cast_from_graveyard", card)
        s.add_log(f"{who} casts {card.name} from their graveyard, as its ability allows, for its {costs[0]} cost "
                  f"{_text(card, keyword_of(card, costs[0]))} rather than its mana cost",
                  ("601.3", _RULES[costs[0]], "118.9"), "cast")
    if "flashback" in costs:
        _note(keyword_of(card, "flashback"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with flashback: the flashback cost "
                  f"{_text(card, keyword_of(card, 'flashback'))} is paid rather than its mana cost",
                  ("702.34a", "118.9"), "cast")
    if GRANTED_FLASHBACK in costs:
        s.add_log(f"{who} casts {card.name} from their graveyard with the flashback an effect gave it: the "
                  f"flashback cost, its mana cost {card.mana_cost}, is paid", ("702.34a", "118.9"), "cast")
    if "escape" in costs:
        _note(keyword_of(card, "escape"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with escape: the escape cost "
                  f"{_text(card, keyword_of(card, 'escape'))} is paid rather than its mana cost",
                  ("702.138a", "118.9"), "cast")
    if "retrace" in costs:
        _note(keyword_of(card, "retrace"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with retrace: they discard a land card in "
                  "addition to paying its other costs", ("702.81a", "601.2b"), "cast")
    if "jump-start" in costs:
        _note(keyword_of(card, "jump-start"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with jump-start: they discard a card in "
                  "addition to paying its other costs, and it will be exiled as it leaves the stack",
                  ("702.133a", "601.2b"), "cast")
    if "madness" in costs:
        _note(keyword_of(card, "madness"), card)
        s.add_log(f"{who} casts {card.name} from exile with madness: the madness cost "
                  f"{keyword_cost(card, 'madness').mana} is paid rather than its mana cost",
                  ("702.35b", "118.9"), "cast")
    costs = _choose_or_cost(ctx, player, spell, costs)
    for kw in (ab for ab in card.abilities if type(ab) is ir.Keyword and ab.name in ADDITIONAL):
        name = "kicker" if kw.name in ("kicker", "multikicker") else kw.name
        if name == "entwine" and not _all_modes_possible(s, spell, player):
            continue    # CR 702.42b: entwined, every mode is chosen, each with its targets
        top = 0
        while top < (MAX_KICKS if kw.name in REPEATABLE else 1) and \
                affordable(s, player, spell, costs + (name,) * (top + 1)):
            top += 1
        if not top:
            continue
        options = tuple(Action(ActionKind(kw.name), (n,), f"pay {kw.name} {_text(card, kw)}{_times(n)}" if n
                               else f"don't pay {kw.name}") for n in range(top + 1))
        answer = ctx.ask(Decision(player, kw.name, f"{kw.name.capitalize()} {_text(card, kw)}: pay it for "
                                  f"{card.name}? (CR 601.2b, {_RULES[kw.name]})", options))
        n = answer.args[0]
        if n:
            _note(kw, card)
            costs += (name,) * n
            s.add_log(f"{who} announces {kw.name} {_text(card, kw)}{_times(n)}", ("601.2b", _RULES[kw.name]),
                      "choice")
    spell.cast_costs = costs
    return emerging


def _choose_or_cost(ctx, player: int, spell, costs: tuple[str, ...]) -> tuple[str, ...]:
    """CR 601.2b: of "As an additional cost to cast this spell, [cost] or pay {3}", the player
    announces which one they will pay; only one they could pay is offered, and with one, no
    question."""
    s = ctx.s
    ab = or_cost(spell.card)
    if ab is None:
        return costs
    words = ab.text.partition(", ")[2].rstrip(".")
    first, _, other = words.partition(" or pay ") if " or pay {" in words else words.partition(" or ")
    other = f"pay {other}" if " or pay {" in words else other
    options = tuple(Action(ActionKind.ADDITIONAL_COST, (n,), word) for n, word in ((0, first), (1, other))
                    if affordable(s, player, spell, costs + ((OR_COST,) if n else ())))
    if not options:
        raise Rollback()      # CR 601.2h: neither can be paid now; the cast is undone
    answer = options[0] if len(options) == 1 else ctx.ask(Decision(
        player, DecisionKind.ADDITIONAL_COST, f"{spell.card.name}: {words}; which will you pay? (CR 601.2b)", options))
    chosen = ab.or_cost if answer.args[0] else ab.cost
    if exercise.RECORD is not None and chosen is not None:
        for aspect in ir.cost_aspects(chosen):
            if aspect != "mana":
                exercise.note("ADDITIONAL_COST_PARTS", aspect, spell.card)
    s.add_log(f"{s.players[player].name} announces the additional cost of {spell.card.name}: "
              f"{answer.label}", ("601.2b", "118.8"), "choice")
    return costs + ((OR_COST,) if answer.args[0] else ())


def _choose_alternative(ctx, player: int, spell, from_hand: bool) -> tuple[tuple[str, ...], int | None]:
    """CR 601.2b, 118.9: the player says whether they pay the mana cost or an alternative cost
    (evoke, dash, surge); only costs they could pay are offered, and with one, no question. For
    emerge, they choose the creature to sacrifice at the same time (CR 702.119c): one answer per
    creature whose sacrifice would leave a cost they could pay; it is returned too."""
    s = ctx.s
    card = spell.card
    names = [n for n in alternatives(s, player, spell, from_hand) if affordable(s, player, spell, (n,))]
    if not names:
        return (), None
    unchanged = card.overloaded is None or has_targets_for(s, spell, casting_ability(card), player)
    options: tuple[Action, ...] = ((Action(ActionKind.DEFAULT, (), f"pay its mana cost {card.mana_cost}"),)
               if unchanged and affordable(s, player, spell, ()) else ())
    for n in names:
        if n == FREE:
            options += (Action(ActionKind.ALTERNATIVE, (n,), "cast it without paying its mana cost"),)
            continue
        words = f"pay its {n} cost {_text(card, _keyword_for(card, n))}"
        if n != EMERGE:
            options += (Action(ActionKind.ALTERNATIVE, (n,), words),)
            continue
        total = total_cost(s, player, spell, 0, parts(card, (n,))[0])[0]
        options += tuple(Action(ActionKind.ALTERNATIVE, (n, c.id), f"{words}, sacrificing {c.card.name} "
                                f"(minus {ch.mana_value(c)})")
                         for c in emerge_fodder(s, player)
                         if can_afford(s, player, emerge_reduced(total, c), use=spell_use(spell)))
    if len(options) == 1:
        answer = options[0]
    else:
        answer = ctx.ask(Decision(player, DecisionKind.ALTERNATIVE_COST,
                                  f"Cast {card.name} for its mana cost or an alternative cost? (CR 601.2b, 118.9)",
                                  options))
    if answer.kind == ActionKind.DEFAULT:
        return (), None
    name = answer.args[0]
    if name == FREE:
        src = free_cast_permission(s, player, spell)
        if exercise.RECORD is not None and src is not None:
            exercise.note("STATIC_KINDS", "cast_without_paying", src.card)
        s.add_log(f"{s.players[player].name} casts {card.name} from their hand without paying its mana cost"
                  + (f", as {src.card.name} allows" if src is not None else ""), ("118.9", "601.2b"), "cast")
        return (name,), None
    kw = _keyword_for(card, name)
    if name == PRINTED:
        if kw.cost is not None:
            _note_parts(kw.cost, card)
    else:
        _note(kw, card)
    s.add_log(f"{s.players[player].name} casts {card.name} for its {name} cost {_text(card, kw)} rather than "
              "its mana cost" + (f", choosing {s.objs[answer.args[1]].card.name} to sacrifice" if name == EMERGE else ""),
              tuple(dict.fromkeys((_RULES[name], "118.9") + (("702.119c",) if name == EMERGE else ()))), "cast")
    return (name,), (answer.args[1] if name == EMERGE else None)


def _note_parts(cost: ir.Cost, card) -> None:
    """Record the parts of a printed alternative cost paid (support.ALTERNATIVE_COST_PARTS)."""
    if exercise.RECORD is not None:
        for aspect in ir.cost_aspects(cost):
            exercise.note("ALTERNATIVE_COST_PARTS", aspect, card)
        condition = _printed(card).condition
        for part in condition.conditions if type(condition) is ir.AllOf else (condition,):
            if part is not None:
                exercise.note("ALTERNATIVE_CONDITIONS", ir.condition_key(part), card)


def _all_modes_possible(s, spell, player: int) -> bool:
    modal = _modal(spell_ability(spell.card))
    return modal is not None and all(_specs_satisfiable(s, m.targets, spell, player) for m in modal.modes)


def _times(n: int) -> str:
    return f" {n} times" if n > 1 else ""


def _note(kw: ir.Keyword, card) -> None:
    """Record the keyword and the parts of its cost paid (support.SPELL_COST_PARTS, or
    support.ESCAPE_COST_PARTS for escape)."""
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", kw.name, card)
        parts = "ESCAPE_COST_PARTS" if kw.name == "escape" else "SPELL_COST_PARTS"
        for aspect in ir.cost_aspects(kw.cost) if kw.cost is not None else ():
            exercise.note(parts, aspect, card)


def log_total(s, card, costs: tuple[str, ...], base: ManaCost, total: ManaCost, why: list[str]) -> None:
    """CR 601.2f: say what the total cost is made of, when it isn't just the mana cost."""
    extra = [ab.text.partition(", ")[2].rstrip(".") for ab in card.abilities if type(ab) is ir.AdditionalCost]
    costs = tuple(c for c in costs if c not in MARKS)
    if not costs and not extra:
        log_changes(s, card, base, total, why)
        return
    if MORPH in costs:
        s.add_log(f"the face-down spell's total cost is {total}: {{3}} rather than a mana cost"
                  + "".join(", " + w for w in why), ("601.2f", "702.37c"), "cast")
        return
    chosen = next((c for c in costs if c in CHOSEN_ALTERNATIVES), None)
    words = [f"its flashback cost {_text(card, keyword_of(card, 'flashback'))}" if "flashback" in costs
             else f"its madness cost {keyword_cost(card, 'madness').mana}" if "madness" in costs
             else f"its miracle cost {keyword_cost(card, 'miracle').mana}" if "miracle" in costs
             else f"its {chosen} cost {_text(card, _keyword_for(card, chosen))}" if chosen
             else "no mana cost (cast without paying it)" if set(costs) & set(WITHOUT_PAYING)
             else f"its mana cost {card.mana_cost}"]
    for name in dict.fromkeys(c for c in costs if c not in ALTERNATIVE):
        if name == "retrace":
            words.append("plus retrace's discard of a land card")
            continue
        if name == "jump-start":
            words.append("plus jump-start's discard of a card")
            continue
        if name == FLASH_TAX:
            tax = next(ab.extra for ab in card.abilities if type(ab) is ir.CastAsThoughFlash and ab.extra)
            words.append(f"plus {tax} to cast it as though it had flash")
            continue
        kw = _keyword_for(card, name)
        words.append(f"plus {kw.name} {_text(card, kw)}{_times(costs.count(name))}")
    words += [f"plus the additional cost ({w[:1].lower() + w[1:]})" for w in extra]
    reduced = any(w.startswith("minus") for w in why)
    alternative = bool(set(costs) & set(ALTERNATIVE))
    rules = ("601.2f", "118.9" if alternative else "118.8") + (("118.7a",) if reduced else ()) \
        + (("601.2b",) if extra else ())
    amount = "no mana" if total.is_free() else str(total)
    s.add_log(f"{possessive(card.name)} total cost is {amount}: " + ", ".join(words + why), rules, "cast")


def pay_other(ctx, player: int, spell, cost: ir.Cost) -> None:
    """CR 601.2h: pay one of the announced costs' parts that aren't mana (a sacrifice, a
    discard, life, ...), in whatever order the caster pays them around the mana
    (:func:`.casting.pay_spell_costs`)."""
    if exercise.RECORD is not None and cost in required(spell.card, spell.cast_costs):
        for aspect in ir.cost_aspects(cost):
            exercise.note("ADDITIONAL_COST_PARTS", aspect, spell.card)
    pay_cost(ctx, player, spell, cost, spell.card.name)
