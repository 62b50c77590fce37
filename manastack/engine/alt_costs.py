"""Additional and alternative costs of spells (CR 118.8-118.9, 601.2b, 601.2f): kicker and
multikicker (CR 702.33), buyback (CR 702.27), entwine (CR 702.42), flashback (CR 702.34), the
madness cost (CR 702.35b), casts without paying the mana cost (cascade, suspend), and the
mandatory "As an additional cost to cast this spell, ..." (sacrifice, discard, life).

Casting a card from a graveyard is casting it with flashback (the only permission to do so the
engine knows). As the spell is cast its controller announces which additional costs they will
pay; the names go in the spell's ``cast_costs`` ("flashback", one "kicker" per kick,
"buyback"), which the permanent it becomes keeps (CR 400.7d) for "if it was kicked". The total
cost is the mana cost, or the flashback cost, plus the announced costs (CR 601.2f); only
announcements whose total cost can be paid are offered.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from manastack.mana import ManaCost
from manastack.oracle import ir
from manastack.oracle.compiler import card_lines
from manastack.oracle.render import fmt

from . import exercise
from .abilities import keyword
from .decisions import Action, Decision, DecisionKind
from .mana_abilities import can_afford
from .mana_spend import spell_use
from .runner import Rollback
from .spell_costs import log_total as log_changes
from .spell_costs import total_cost
from .targets import AWAKEN_TARGET, MUTATE_TARGET, _modal, _specs_satisfiable, casting_ability, has_targets_for, spell_ability
from .upcalls import cost_payable, pay_cost
from .wording import possessive

MAX_KICKS = 10                          # multikicker: the most kicks offered
FREE = "free"        # cast "without paying its mana cost", an alternative cost (CR 118.9): cascade
MORPH = "morph"      # cast face down for {3}, an alternative cost (CR 702.37c): engine.morph
WITHOUT_PAYING = (FREE, "suspend")               # cascade; suspend (CR 702.62a)
# Alternative costs a card may be cast for from where it is, instead of its mana cost (CR 118.9):
# evoke (CR 702.74a), dash (CR 702.109a), surge (CR 702.117a, only once another spell was cast),
# overload (CR 702.96a, which also changes the spell's text: ``casting``), awaken (CR 702.113a,
# which adds a target and an effect: ``targets``, ``resolve``), mutate (CR 702.140a, which adds a
# target and merges the spell with it: ``targets``, ``mutate``).
CHOSEN_ALTERNATIVES = ("evoke", "dash", "surge", "overload", "awaken", "mutate")
ALTERNATIVE = ("flashback", "madness", "miracle") + WITHOUT_PAYING + CHOSEN_ALTERNATIVES   # paid rather than the mana cost (CR 118.9)
ADDITIONAL = ("kicker", "multikicker", "buyback", "entwine")
# How the spell was cast, not a cost: from a graveyard (aftermath, CR 702.127a), from a hand with
# rebound (CR 702.88a).
MARKS = ("aftermath", "rebound")
_RULES = {"kicker": "702.33a", "multikicker": "702.33c", "buyback": "702.27a", "entwine": "702.42a",
          "evoke": "702.74a", "dash": "702.109a", "surge": "702.117a", "overload": "702.96a",
          "awaken": "702.113a", "mutate": "702.140a"}


# Retrace's additional cost (CR 702.81a): discard a land card.
RETRACE_COST = ir.Cost(discard=1, discard_type="Land")


def flashback_cards(s, player: int) -> list[int]:
    """Cards in ``player``'s graveyard they may cast from there: instants and sorceries with
    flashback (CR 702.34a), cards with retrace (CR 702.81a), and cards whose own static ability
    lets them be cast from there for an alternative cost (Brokkos's mutate, which needs its
    target, CR 601.3, 702.140a)."""
    out = []
    objs = s.objs
    for oid in s.players[player].graveyard:
        o = objs[oid]
        how = _from_graveyard(o.card)
        if how == "always" or how == "mutate" and _specs_satisfiable(s, [MUTATE_TARGET], o, player):
            out.append(oid)
    return out


@lru_cache(maxsize=8192)
def _from_graveyard(card) -> str:
    """How a definition may be cast from its owner's graveyard: "always" with retrace or as an
    instant or sorcery with flashback, "mutate" for its mutate cost when that has a target, ""
    not at all (asked of every card in a graveyard at every priority: found once per
    definition)."""
    if keyword(card, "retrace") or not card.is_permanent_card and keyword(card, "flashback"):
        return "always"
    if graveyard_cost(card) == "mutate" and keyword(card, "mutate") is not None:
        return "mutate"
    return ""


@lru_cache(maxsize=8192)
def only_mana_cost(card) -> bool:
    """Whether a definition, cast from a hand, has no cost but its mana cost to pay: no
    alternative cost to choose instead (CR 118.9), no cost reduction of its own (affinity,
    CR 702.41a) and no other way to pay mana (convoke, improvise, delve; CR 702.51a, 702.126a,
    702.66a). Castability then hangs on the mana cost, what the board adds to it, and what
    the player can pay."""
    names = {ab.name for ab in card.abilities if type(ab) is ir.Keyword}
    return not names & {*CHOSEN_ALTERNATIVES, "affinity", "convoke", "improvise", "delve"}


def graveyard_cost(card) -> str:
    """The alternative cost a static ability of ``card`` lets it be cast for from its owner's
    graveyard ("You may cast ~ from your graveyard using its mutate ability"), or ""."""
    return next((eff.cost for eff in card.static_effects if eff.kind == "cast_from_graveyard"), "")


def cast_from(o) -> tuple[str, ...]:
    """The cost a cast from ``o``'s zone uses: from a graveyard, flashback (an alternative cost,
    CR 702.34a), retrace (an additional cost, CR 702.81a) or the alternative cost its own static
    ability names (Brokkos: mutate only, its rulings)."""
    if o.zone != "graveyard":
        return ()
    if keyword(o.card, "flashback"):
        return ("flashback",)
    allowed = graveyard_cost(o.card)
    return (allowed,) if allowed and not keyword(o.card, "retrace") else ("retrace",)


def alternatives(s, player: int, o) -> list[str]:
    """The alternative costs of :data:`CHOSEN_ALTERNATIVES` ``player`` may cast ``o`` for now,
    by name; none when the cast already uses one, as flashback from a graveyard does (CR 118.9a:
    only one alternative cost)."""
    if cast_from(o):
        return []
    out: list[str] = []
    for ab in o.card.abilities:
        if type(ab) is not ir.Keyword or ab.name not in CHOSEN_ALTERNATIVES or ab.cost is None or ab.name in out:
            continue
        if ab.name == "surge" and not s.players[player].spells_cast_this_turn:
            continue            # CR 702.117a: only after they cast another spell this turn
        if ab.name == "awaken" and not _specs_satisfiable(s, [AWAKEN_TARGET], o, player):
            continue            # CR 702.113a, 601.2c: it needs a land of theirs to target
        if ab.name == "mutate" and not _specs_satisfiable(s, [MUTATE_TARGET], o, player):
            continue            # CR 702.140a, 601.2c: it needs a non-Human creature to merge with
        out.append(ab.name)
    return out


def cast_options(s, player: int, o) -> list[tuple[str, ...]]:
    """The ways ``o`` may be cast for its costs: first the usual one (its mana cost, or flashback
    from a graveyard), then each chosen alternative cost (CR 601.2b, 118.9)."""
    return [cast_from(o)] + [(name,) for name in alternatives(s, player, o)]


def _keyword_for(card, name: str) -> ir.Keyword:
    """The keyword whose cost a name in ``cast_costs`` stands for."""
    return keyword(card, "multikicker" if name == "kicker" and not keyword(card, "kicker") else name)


def required(card) -> list[ir.Cost]:
    """The costs "As an additional cost to cast this spell, ..." adds to every cast (CR 118.8)."""
    return [ab.cost for ab in card.abilities if type(ab) is ir.AdditionalCost]


def parts(card, costs: tuple[str, ...]) -> tuple[ManaCost, list[ir.Cost]]:
    """The mana to pay -- the mana cost or the flashback cost, plus the mana of each announced
    cost (CR 601.2f, 118.9d) -- and the other parts of those costs (life, sacrifices, ...),
    with the card's mandatory additional costs (CR 601.2b)."""
    if MORPH in costs:       # face down: {3} and nothing else (CR 702.37c); it has no abilities
        return ManaCost(("3",)), []
    mana = ManaCost(()) if set(costs) & set(ALTERNATIVE) else card.mana_cost
    others = required(card)
    for name in (c for c in costs if c not in WITHOUT_PAYING and c not in MARKS):
        cost = RETRACE_COST if name == "retrace" else _keyword_for(card, name).cost
        if cost.mana is not None:
            mana = plus(mana, cost.mana)
        if cost != ir.Cost(mana=cost.mana):
            others.append(dataclasses.replace(cost, mana=None))
    return mana, others


def plus(a: ManaCost, b: ManaCost) -> ManaCost:
    """Two costs as one, generic mana first: {R} plus {4} is {4}{R}."""
    generic = a.generic + b.generic
    rest = tuple(sym for sym in a.symbols + b.symbols if not sym.isdigit())
    return ManaCost(((str(generic),) if generic else ()) + rest)


def affordable(s, player: int, o, costs: tuple[str, ...], bound=None) -> bool:
    """Whether ``player`` could pay the total cost of ``o`` with these costs announced, X at 0.
    ``bound``: a :class:`~manastack.engine.mana_capacity.Capacity` of the player's mana, which
    rules out costs too big for it without a payment search."""
    mana, others = parts(o.card, costs)
    if not all(cost_payable(s, o, c, include_mana=False) for c in others):
        return False
    total = total_cost(s, player, o, 0, mana)[0]
    use = spell_use(o)
    if bound is not None and not use.other_payers and bound.cannot_pay(total):
        return False
    return can_afford(s, player, total, use=use)


def cast_label(o) -> str:
    """How a cast action reads: "cast Think Twice" or "... with flashback {2}{U}"."""
    if o.zone != "graveyard":
        return f"cast {o.card.name}"
    if cast_from(o) == ("retrace",):
        return f"cast {o.card.name} from the graveyard with retrace, discarding a land card"
    if cast_from(o)[0] in CHOSEN_ALTERNATIVES:
        name = cast_from(o)[0]
        return f"cast {o.card.name} from the graveyard for its {name} cost {_text(o.card, keyword(o.card, name))}"
    flashback = _text(o.card, keyword(o.card, "flashback"))
    return f"cast {o.card.name} from the graveyard with flashback {flashback}"


def _text(card, kw: ir.Keyword) -> str:
    """A keyword's cost in words: its mana, or (in brackets) what the card's text says after
    the dash."""
    if kw.cost == ir.Cost(mana=kw.cost.mana):
        return str(kw.cost.mana)
    line = next((ln for ln in card_lines(card.text) if ln.lower().startswith(kw.name + "—")), None)
    if line is None:
        return fmt(kw.cost)
    pieces = line[len(kw.name) + 1:].rstrip(".").split(", ")
    return "(" + ", ".join(p[:1].lower() + p[1:] for p in pieces) + ")"


def announce(ctx, player: int, spell, costs: tuple[str, ...]) -> None:
    """CR 601.2b: with the alternative cost the cast uses, the player announces which optional
    additional costs they will pay: kicker once, multikicker any number of times, buyback."""
    s = ctx.s
    card = spell.card
    who = s.players[player].name
    if not costs:
        costs = _choose_alternative(ctx, player, spell)
    elif costs[0] in CHOSEN_ALTERNATIVES:       # from a graveyard, as its own static ability allows
        _note(keyword(card, costs[0]), card)
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", "cast_from_graveyard", card)
        s.add_log(f"{who} casts {card.name} from their graveyard, as its ability allows, for its {costs[0]} cost "
                  f"{_text(card, keyword(card, costs[0]))} rather than its mana cost",
                  ("601.3", _RULES[costs[0]], "118.9"), "cast")
    if "flashback" in costs:
        _note(keyword(card, "flashback"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with flashback: the flashback cost "
                  f"{_text(card, keyword(card, 'flashback'))} is paid rather than its mana cost",
                  ("702.34a", "118.9"), "cast")
    if "retrace" in costs:
        _note(keyword(card, "retrace"), card)
        s.add_log(f"{who} casts {card.name} from their graveyard with retrace: they discard a land card in "
                  "addition to paying its other costs", ("702.81a", "601.2b"), "cast")
    if "madness" in costs:
        _note(keyword(card, "madness"), card)
        s.add_log(f"{who} casts {card.name} from exile with madness: the madness cost "
                  f"{keyword(card, 'madness').cost.mana} is paid rather than its mana cost",
                  ("702.35b", "118.9"), "cast")
    for kw in (ab for ab in card.abilities if type(ab) is ir.Keyword and ab.name in ADDITIONAL):
        name = kw.name if kw.name in ("buyback", "entwine") else "kicker"
        if name == "entwine" and not _all_modes_possible(s, spell, player):
            continue    # CR 702.42b: entwined, every mode is chosen, each with its targets
        top = 0
        while top < (MAX_KICKS if kw.name == "multikicker" else 1) and \
                affordable(s, player, spell, costs + (name,) * (top + 1)):
            top += 1
        if not top:
            continue
        options = tuple(Action(kw.name, (n,), f"pay {kw.name} {_text(card, kw)}{_times(n)}" if n
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


def _choose_alternative(ctx, player: int, spell) -> tuple[str, ...]:
    """CR 601.2b, 118.9: the player says whether they pay the mana cost or an alternative cost
    (evoke, dash, surge); only costs they could pay are offered, and with one, no question."""
    s = ctx.s
    card = spell.card
    names = [n for n in alternatives(s, player, spell) if affordable(s, player, spell, (n,))]
    if not names:
        return ()
    unchanged = card.overloaded is None or has_targets_for(s, spell, casting_ability(card), player)
    options = ((Action("default", (), f"pay its mana cost {card.mana_cost}"),)
               if unchanged and affordable(s, player, spell, ()) else ())
    options += tuple(Action("alternative", (n,), f"pay its {n} cost {_text(card, keyword(card, n))}")
                     for n in names)
    if len(options) == 1:
        answer = options[0]
    else:
        answer = ctx.ask(Decision(player, DecisionKind.ALTERNATIVE_COST,
                                  f"Cast {card.name} for its mana cost or an alternative cost? (CR 601.2b, 118.9)",
                                  options))
    if answer.kind == "default":
        return ()
    name = answer.args[0]
    kw = keyword(card, name)
    _note(kw, card)
    s.add_log(f"{s.players[player].name} casts {card.name} for its {name} cost {_text(card, kw)} rather than "
              "its mana cost", (_RULES[name], "118.9"), "cast")
    return (name,)


def _all_modes_possible(s, spell, player: int) -> bool:
    modal = _modal(spell_ability(spell.card))
    return modal is not None and all(_specs_satisfiable(s, m.targets, spell, player) for m in modal.modes)


def _times(n: int) -> str:
    return f" {n} times" if n > 1 else ""


def _note(kw: ir.Keyword, card) -> None:
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", kw.name, card)
        for f in dataclasses.fields(kw.cost) if kw.cost is not None else ():
            if getattr(kw.cost, f.name) != f.default:
                exercise.note("SPELL_COST_PARTS", f.name, card)


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
    words = [f"its flashback cost {_text(card, keyword(card, 'flashback'))}" if "flashback" in costs
             else f"its madness cost {keyword(card, 'madness').cost.mana}" if "madness" in costs
             else f"its miracle cost {keyword(card, 'miracle').cost.mana}" if "miracle" in costs
             else f"its {chosen} cost {_text(card, keyword(card, chosen))}" if chosen
             else "no mana cost (cast without paying it)" if set(costs) & set(WITHOUT_PAYING)
             else f"its mana cost {card.mana_cost}"]
    for name in dict.fromkeys(c for c in costs if c not in ALTERNATIVE):
        if name == "retrace":
            words.append("plus retrace's discard of a land card")
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


def pay_others(ctx, player: int, spell, others: list[ir.Cost]) -> None:
    """CR 601.2h: pay the parts of the announced costs that aren't mana. Mana abilities may
    have used what they needed (a creature tapped for mana can't be tapped again); then the
    cast can't be completed and is undone (CR 601.2e)."""
    for cost in others:
        if not cost_payable(ctx.s, spell, cost, include_mana=False):
            raise Rollback()
        if exercise.RECORD is not None and cost in required(spell.card):
            for f in dataclasses.fields(cost):
                if getattr(cost, f.name) != f.default:
                    exercise.note("ADDITIONAL_COST_PARTS", f.name, spell.card)
        pay_cost(ctx, player, spell, cost, spell.card.name)
