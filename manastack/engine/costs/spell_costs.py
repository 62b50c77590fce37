"""The total cost of a spell (CR 601.2f): its mana cost with X, plus cost increases, minus cost
reductions (static abilities of permanents, and the spell's own affinity, CR 702.41). Reductions take off generic mana only (CR 118.7a) and can't go below {0}; since
every generic change here is one sum, adding the increases first and then taking off the
reductions is that sum, floored at zero; colored mana an increase adds ("{W} more") is added
besides."""
from __future__ import annotations

from manastack.mana import ManaCost

from manastack.oracle import ir

from .. import characteristics as ch
from .. import commanders, conditions, exercise
from .. import layers
from ..filters import party_size
from ..state import ItemKind, Obj
from ..upcalls import matches
from ..wording import possessive
from ..zones import STACK

_KINDS: tuple[tuple[type[ir.StaticSpellCost], int, str], ...] = (
    (ir.StaticCostIncrease, 1, "plus"), (ir.StaticCostReduction, -1, "minus"))


def total_cost(s, player: int, o: Obj, x: int = 0, base: ManaCost | None = None,
               targets: tuple | None = None) -> tuple[ManaCost, list[str]]:
    """What ``player`` pays to cast ``o`` with this X: the total cost, and one line per effect
    that changed it (for the log). ``o`` may still be in a hand: it is seen as the spell it would
    be on the stack with that X. ``base`` is an alternative cost paid instead of the mana cost
    (CR 118.9). ``targets``: those chosen (CR 601.2c, before the total cost, 601.2f); None before
    they are, when a reduction for a target counts if something it could target is there."""
    cost = (o.card.mana_cost if base is None else base).with_x(x)
    colored: tuple[str, ...]
    change, why, colored = 0, [], ()
    spell = None
    for kind, sign, word in _KINDS:
        for src, eff in ch.static_effects(s, kind):
            if spell is None:           # seen as the spell it would be, made only when asked
                spell = o.copy()
                spell.zone, spell.controller, spell.cast_x = STACK, player, x
            if not layers.affected_by(s, src, eff, spell):
                continue
            if eff.mana is not None:        # "cost {W} more": colored mana added (CR 601.2f)
                colored += eff.mana.symbols
                why.append(f"plus {eff.mana} from {src.card.name}")
                if exercise.RECORD is not None:
                    exercise.note("SPELL_COST_INCREASES", "colored", src.card)
                continue
            n = eff.amount
            note = ""
            if eff.for_each == "other_spells_cast":
                others = s.players[player].spells_cast_this_turn
                n *= others
                note = f" ({s.players[player].name} has cast {others} other spell{'s' * (others != 1)} this turn)"
            if n:
                change += sign * n
                why.append(f"{word} {{{n}}} from {src.card.name}{note}")
    if s.variant:
        tax = commanders.tax(s, player, o)
        if tax:
            change += tax
            casts = commanders.casts(s.players[player], commanders.card_name(o))
            why.append(f"plus {{{tax}}} commander tax (cast from the command zone {casts} time"
                       f"{'s' * (casts != 1)} before, CR 903.8)")
    change += _affinity(s, player, o, why)
    change += _own_reductions(s, player, o, why, targets)
    least = max((eff.amount for _, eff in ch.static_effects(s, ir.StaticMinimumSpellCost)), default=0)
    if not why and not least and sum(1 for sym in cost.symbols if sym.isdigit()) <= 1:
        return cost, why
    generic = max(0, cost.generic + change)       # one generic symbol: {X}{R} plus {2} with X=1 is {3}{R}
    rest = tuple(sym for sym in cost.symbols if not sym.isdigit()) + colored
    if generic + len(rest) < least:    # Trinisphere: last, after increases and reductions (its ruling)
        src = next(src for src, eff in ch.static_effects(s, ir.StaticMinimumSpellCost) if eff.amount == least)
        why.append(f"plus {{{least - generic - len(rest)}}} from {src.card.name} (a spell costs at least {least} mana)")
        generic = least - len(rest)
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", "minimum_spell_cost", src.card)
    if not why and sum(1 for sym in cost.symbols if sym.isdigit()) <= 1:
        return cost, why
    return ManaCost(((str(generic),) if generic else ()) + rest), why


def _affinity(s, player: int, o: Obj, why: list[str]) -> int:
    """CR 702.41a-b: each "affinity for [type]s" takes {1} off per permanent of that card type
    ``player`` controls; several instances each apply. Returns the (negative) change."""
    change = 0
    for kw in o.card.abilities:
        if type(kw) is not ir.Keyword or kw.name != "affinity" or kw.arg is None:
            continue
        kind = kw.arg[:-1].capitalize()
        n = sum(1 for p in s.permanents(player) if ch.is_type(s, p, kind))
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "affinity", o.card)
        if n:
            change -= n
            why.append(f"minus {{{n}}} from affinity for {kw.arg} ({n} {kind.lower()}{'s' * (n != 1)}, CR 702.41a)")
    return change


def _own_reductions(s, player: int, o: Obj, why: list[str], targets: tuple | None = None) -> int:
    """The card's own "This spell costs {1} less to cast for each creature in your party."
    (CR 601.2f, 700.8), which works wherever the card is cast from. Returns the change."""
    change = 0
    for ab in o.card.abilities:
        if type(ab) is not ir.StaticAbility or not isinstance(ab.effect, ir.StaticSelfCostReduction):
            continue
        eff = ab.effect
        if eff.for_each == "party":
            n, what = party_size(s, player), "creature{} in the party, CR 700.8"
        elif eff.for_each in OWN_COST_COUNTS:     # "{X} less, where X is ..."
            n = own_cost_count(s, player, o, eff)
            what = f"{OWN_COST_COUNTS[eff.for_each]} {n}".replace("{", "{{").replace("}", "}}")
            if exercise.RECORD is not None:
                exercise.note("OWN_COST_COUNTS", eff.for_each, o.card)
        elif isinstance(eff.count, ir.Filter):     # "for each attacking creature"
            n, what = ch.count_matching(s, eff.count, o), "object{} counted"
        elif eff.targets is not None:       # "if it targets a blue spell"
            n, what = (1, "one of its targets is what it names") if _targets_one(s, player, o, eff.targets, targets) \
                else (0, "")
        else:                           # "if you control a Wizard"
            n, what = (1, "its condition holds") if conditions.evaluate(s, eff.condition, o) else (0, "")
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", "self_cost_reduction", o.card)
        if n * eff.amount:
            change -= n * eff.amount
            words = what.format() if eff.for_each in OWN_COST_COUNTS else \
                f"{n} " + what.format("s" * (n != 1)) if eff.condition is None and eff.targets is None else what
            why.append(f"minus {{{n * eff.amount}}} from its own ability (" + words + ", CR 601.2f)")
    return change


def _targets_one(s, player: int, o: Obj, f: ir.Filter, targets: tuple | None) -> bool:
    """Whether one of ``targets`` (objects' ids, spells as "s<item id>") is what ``f``
    describes, for ``player`` casting ``o``; with ``targets`` None (not chosen yet), whether
    something ``f`` describes is there to be chosen."""
    mine = o.copy()
    mine.controller = player
    if targets is None:
        if f.zone == STACK:
            return any(i.kind == ItemKind.SPELL and matches(s, s.objs[i.source], f, mine) for i in s.stack)
        return any(matches(s, p, f, mine) for p in s.permanents())
    for t in targets:
        if isinstance(t, str) and t.startswith("s") and t[1:].isdigit():
            item = next((i for i in s.stack if i.id == int(t[1:]) and i.kind == ItemKind.SPELL), None)
            if item is not None and matches(s, s.objs[item.source], f, mine):
                return True
        elif isinstance(t, int) and t in s.objs and matches(s, s.objs[t], f, mine):
            return True
    return False


# "This spell costs {X} less to cast, where X is ...": what X is, by ``StaticSelfCostReduction.for_each``
OWN_COST_COUNTS = {"devotion": "devotion", "total_power": "total power", "greatest_power": "greatest power",
                   "total_mana_value": "total mana value", "discarded_this_turn": "cards cycled or discarded this turn"}


def own_cost_count(s, player: int, o: Obj, eff: ir.StaticSelfCostReduction) -> int:
    """X of "This spell costs {X} less to cast, where X is ...", for ``player`` casting ``o``:
    their devotion to a color (CR 700.5: the mana symbols of that color, hybrid and Phyrexian
    ones included, in the mana costs of their permanents), or the total or greatest power, or
    the total mana value (CR 202.3), of the permanents ``eff.count`` describes; none below 0."""
    if eff.for_each == "discarded_this_turn":      # a cycled card was discarded (CR 702.29a)
        return s.players[player].discarded_this_turn
    if eff.for_each == "devotion":
        color = eff.colors[0]
        return sum(1 for p in s.permanents(player) for sym in layers.card_now(s, p).mana_cost.symbols
                   if color in sym.split("/"))
    count = eff.count
    if not isinstance(count, ir.Filter):
        raise TypeError(f"{eff.for_each} counts the permanents a filter describes, not {count!r}")
    mine = o.copy()
    mine.controller = player            # "you control": the caster, the card seen as their spell
    found = [p for p in s.permanents() if matches(s, p, count, mine)]
    if eff.for_each == "total_power":       # a negative power counts against the others (rulings)
        return max(0, sum(ch.power(s, p) for p in found))
    if eff.for_each == "greatest_power":
        return max([0] + [ch.power(s, p) for p in found])
    return sum(ch.mana_value(p) for p in found)


def log_total(s, card, base: ManaCost, total: ManaCost, why: list[str], what: str = "its mana cost") -> None:
    """Say why a spell's total cost differs from ``base`` (``what`` names it)."""
    if why:
        reduced = any(w.startswith("minus") for w in why)
        s.add_log(f"{possessive(card.name)} total cost is {total}: {what} {base} " + ", ".join(why),
                  ("601.2f", "118.7a") if reduced else ("601.2f",), "cast")
