"""OracleTransformer rules: Static abilities and replacement effects (CR 604, 614)."""
from __future__ import annotations

import dataclasses
import re
import typing

from lark import Token, Tree, v_args

from manastack.mana import BASIC_LAND_MANA, NAME_TO_COLOR, ManaCost
from manastack.oracle import ir
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (
    Unsupported,
    _Amount, _Desc, _OfIt, _ForEach, _KeepsSource, _Marker, _amount, _mana_spent, _mana_symbols, _need, _number, _of, _plain_group, _ptmod,
    _subtype, cost_of, is_cost_item, no_it_subject)
from manastack.oracle.subtypes import CREATURE_TYPES


# The keywords a static ability gives a player ("You have hexproof.", CR 702.11c, 702.18a)
PLAYER_KEYWORDS = frozenset({"hexproof", "shroud"})

# What a permanent entering with counters "if ..." may ask of the game (StaticRules.r_counters_if)
ENTERING_CONDITIONS = frozenset({"kicked", "you_attacked_this_turn", "creature_died_this_turn",
                                 "permanent_left_this_turn", "cast_from_hand"})

# "gets +X/+X" before its "where X is" (StaticRules.static_where)
_X_COUNT = _Marker("X")
# conditions about the game, not about the object that has the ability (``ir.StateCondition``)
_STATE_CONDITIONS = frozenset(typing.get_args(ir.StateCondition))


def _no_x(abilities: list) -> list:
    """Static abilities with no X left undefined (CR 107.3)."""
    _need(not any(type(a) is ir.StaticAbility and getattr(a.effect, "count", None) is _X_COUNT for a in abilities), "X in a static")
    return abilities



def _over_permanents(what: str, d):
    """The permanents a total or a greatest value is taken over ("creatures you control")."""
    _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "X of permanents")
    return what, d.filter

class StaticRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ------------------------------------------------------------------ statics (CR 604)
    def _static(self, kind, affected, **kw):
        return ir.StaticAbility(ir.static_effect(kind, affected, **kw))

    # ---- one subject and its effects (CR 604, 613): "Enchanted creature gets +2/+2, has
    # flying, and can't block." Each effect part gives (kind, fields); the sentence makes one
    # static ability of each kind for the subject.

    def st_effects(self, c):
        """A subject and its effects, joined by commas and "and"; keywords and quoted abilities
        after "has" make one ability that grants them all (CR 613.1f)."""
        affected, parts = c[0], c[1]
        out, keywords, granted, lost, prev = [], [], [], [], None
        for kind, fields in parts:
            _need(kind not in ("more_keyword", "more_grant") or prev in ("has", "grant", "loses"), "a keyword without has")
            _need(kind != "more_grant" or prev != "loses", "loses a quoted ability")
            if kind == "loses" or kind == "more_keyword" and prev == "loses":
                lost += fields
                prev = "loses"
            elif kind in ("has", "more_keyword"):
                keywords += fields
                prev = "has"
            elif kind in ("grant", "more_grant"):
                granted += fields
                prev = "grant"
            elif kind == "cant_attack_block":
                out += [self._static("cant_attack", affected), self._static("cant_block", affected)]
                prev = kind
            elif kind == "not_alone":
                out += [self._static("cant_attack_alone", affected), self._static("cant_block_alone", affected)]
                prev = kind
            elif kind == "animated":
                out += [self._static(k, affected, **f) for k, f in fields]
                prev = kind
            elif kind == "set_land_type":
                _need(affected == "enchanted", "a land type")      # the Aura's enchant land says which
                out.append(self._static(kind, affected, **fields))
                prev = kind
            elif kind in ("add_types", "remove_types", "set_colors", "all_creature_types", "add_supertypes",
                          "remove_supertypes"):
                # a group's characteristics too: the layer system orders such effects by
                # dependency (CR 613.8, engine.continuous)
                out.append(self._static(kind, affected, **fields))
                prev = kind
            elif kind == "no_untap":
                # "~ doesn't untap during your untap step", anything else during its controller's
                _need((affected == "self") == (fields["whose"] == "your"), "untap step")
                out.append(self._static("doesnt_untap", affected))
                prev = kind
            else:
                out.append(self._static(kind, affected, **fields))
                prev = kind
        if keywords:
            out.append(self._static("grant_keywords", affected, keywords=tuple(keywords)))
        if granted:
            out.append(self._static("grant_ability", affected, abilities=tuple(granted)))
        if lost:
            out.append(self._static("lose_keywords", affected, keywords=tuple(lost)))
        _need(len({type(a.effect) for a in out}) == len(out), "an effect twice")
        # "is a creature in addition to its other types" says what it is only beside its base
        # power and toughness (Opalescence; CR 208.3)
        _need(not any(isinstance(a.effect, ir.StaticAddTypes) and "Creature" in a.effect.types for a in out)
              or any(isinstance(a.effect, (ir.StaticSetBasePT, ir.StaticBasePTManaValue)) for a in out),
              "a creature without power")
        return out

    def st_two_subjects(self, c):
        """"~ gets +2/+2 and other creatures you control get +2/+2 and have trample": each subject
        with its own effects, one static ability each (CR 604.1, 613)."""
        return self.st_effects([c[0], c[1]]) + self.st_effects([c[3], c[4]])

    def st_effects_period(self, c):
        return _no_x(c[0])

    @v_args(meta=True)
    def st_effects_quoted(self, meta, c):
        """A sentence that ends with a quoted ability, its period inside the quotation marks."""
        _need(self.text[meta.end_pos - 1] == '"', "a static ability without its period")
        return _no_x(c[0])

    def static_where(self, c):
        """"Enchanted creature gets +X/+X, where X is the number of creature cards in all
        graveyards.": the effect counts as characteristics are found (CR 107.3, 613.4c), as "for
        each creature card in all graveyards" would; "the number of charge counters on ~" counts
        the source's counters."""
        group, quantity = c[0], c[-1]
        _need(type(quantity) in (ir.CountOf, ir.CountersOn, ir.LifeTotal) and quantity.multiplier == 1, "where X is")
        count = quantity.filter if type(quantity) is ir.CountOf else quantity
        out = []
        for ab in group:
            if type(ab) is ir.StaticAbility and getattr(ab.effect, "count", None) is _X_COUNT:
                ab = dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, count=count))
            out.append(ab)
        _need(out != group, "where X is without X")
        return "abilities", no_it_subject(out)

    def static_effects(self, c):
        return [x for x in c if not isinstance(x, Token)]      # AND_VERB joins them

    def part_pump(self, c):
        """"gets +2/+2", "gets +1/+1 for each artifact you control" (layer 7c, CR 613.4c): the
        bonus times the number of matching objects, counted as characteristics are found.
        "gets +X/+0" (or "-X/-X") counts what the sentence's "where X is" says: ``_X_COUNT``
        until ``static_where`` names it."""
        (p, p_neg), (t, t_neg) = _ptmod(c[0])
        if isinstance(p, ir.X) or isinstance(t, ir.X):
            _need(len(c) == 1 and all(isinstance(v, ir.X) or v == 0 for v in (p, t)), "X in a static")
            sign = {True: -1, False: 1}
            return "modify_pt", {"power": sign[p_neg] if isinstance(p, ir.X) else 0,
                                 "toughness": sign[t_neg] if isinstance(t, ir.X) else 0, "count": _X_COUNT}
        each = _of(c, _ForEach)
        _need(each is None or (each.filter is not None or each.counter is not None or each.commander_casts)
              and not each.kicked and not each.party, "for each in a static")
        # "for each charge counter on ~": the counters on the source itself (Banshee's Blade)
        count = None if each is None else ir.CountersOn(each.counter) if each.counter \
            else ir.CommanderCasts() if each.commander_casts else each.filter
        return "modify_pt", {"power": p, "toughness": t, "count": count}

    def part_pump_attached(self, c):
        """"gets +2/+2 for each Aura attached to it": the Auras or Equipment attached to the
        permanent it modifies, counted as characteristics are found (CR 613.4c)."""
        (p, _), (t, _) = _ptmod(c[0])
        d = _of(c, _Desc)
        _need(not isinstance(p, ir.X) and not isinstance(t, ir.X) and not d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given and d.filter.controller is None, "for each ... attached to it")
        return "modify_pt", {"power": p, "toughness": t, "count": ir.AttachedCount(d.filter)}

    def part_has(self, c):
        return "has", list(c[0])

    def part_more_keyword(self, c):
        return "more_keyword", list(c[0])

    def part_loses(self, c):
        """"Equipped creature gets +10/+10 and loses flying." (layer 6, CR 613.1f)."""
        return "loses", list(c[0])

    def part_cant_have(self, c):
        """"can't have or gain trample" (CR 113.11): lost, and no effect gives it, whatever
        its timestamp."""
        return "cant_have_keywords", {"keywords": tuple(c[0])}

    def part_grant(self, c):
        """CR 613.1f: a quoted activated or triggered ability the subject has ("{T}: This
        creature deals 1 damage to any target.", "Whenever this creature attacks, ..."), its
        text kept to be compiled as a line of the permanent's definition (engine.layers)."""
        abilities, text = next(x for x in c if isinstance(x, tuple))
        _need(all(type(a) in (ir.ActivatedAbility, ir.TriggeredAbility) for a in abilities), "a quoted ability")
        return "grant", [dataclasses.replace(a, text=text) for a in abilities]

    def part_more_grant(self, c):
        return "more_grant", self.part_grant(c)[1]

    and_grant = part_more_grant

    def part_cant_block(self, c):
        return "cant_block", {}

    def part_cant_attack(self, c):
        return "cant_attack", {}

    def part_cant_attack_block(self, c):
        return "cant_attack_block", {}

    def part_cant_attack_you(self, c):
        """"can't attack you or a planeswalker you control" (CR 508.1c): "you" is the source's
        controller."""
        return "cant_attack_you", {}

    def part_unblockable(self, c):
        return "cant_be_blocked", {}

    def part_unblockable_by(self, c):
        """"can't be blocked by creatures with power 2 or less" (CR 509.1b)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind is None and d.filter.types in ((), ("Creature",)) and not d.zone_given,
              "can't be blocked by")          # "by Walls": only creatures block
        return "cant_be_blocked_by", {"blockers": d.filter}

    def part_blockable_only_by(self, c):
        """"can't be blocked except by creatures with flying" (CR 509.1b): only creatures the
        description matches may block it."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind is None and d.filter.types in ((), ("Creature",)) and not d.zone_given,
              "can't be blocked except by")
        return "cant_be_blocked_except_by", {"blockers": d.filter}

    @v_args(meta=True)
    def part_no_activations(self, meta, c):
        """"its activated abilities can't be activated" (Arrest; CR 602.5), mana abilities
        included unless "unless they're mana abilities" follows (Faith's Fetters)."""
        if self.text[meta.start_pos:meta.end_pos].lower().endswith("mana abilities"):
            return "cant_activate_nonmana", {}
        return "cant_activate", {}

    def part_must_attack(self, c):
        """"attacks each combat if able" (CR 508.1d)."""
        return "attacks_each_combat", {}

    def part_goaded(self, c):
        """"is goaded" (CR 701.38b): it attacks each combat if able, a player other than the
        source's controller if able."""
        return "goaded", {}

    def part_despite_defender(self, c):
        """"can attack as though it didn't have defender" (CR 702.3b)."""
        return "attacks_despite_defender", {}

    def st_land_type(self, c):
        """CR 305.7: "Nonbasic lands are Mountains." sets a land type (Blood Moon)."""
        affected, plural = c[0], str(c[1])
        land_type = plural[:-1]
        _need(plural.endswith("s") and land_type in BASIC_LAND_MANA, "land type")
        _need(isinstance(affected, ir.Filter) and affected.types == ("Land",), "land type")
        return [self._static("set_land_type", affected, land_type=land_type)]

    def st_additional_cost(self, c):
        """CR 601.2b, 118.8: "As an additional cost to cast this spell, sacrifice a creature."
        (or "discard two cards", "exile a creature card from your graveyard", "return a land you
        control to its owner's hand", "discard a card and sacrifice a creature", ...): every
        part of a cost that isn't mana, each at most once."""
        return [ir.AdditionalCost(self._additional(c[1:]))]

    def st_additional_or_cost(self, c):
        """"As an additional cost to cast this spell, reveal an Elf card from your hand or pay
        {3}." / "..., pay 5 life or sacrifice a creature or enchantment.": one of two costs,
        chosen as the spell is cast (CR 601.2b)."""
        first = self._additional([c[1]])
        if any(getattr(x, "type", None) == "OR_PAY" for x in c):      # "or pay {3}"
            other = ir.Cost(mana=c[-1])
        else:
            other = self._additional([c[-1]])
        _need(other.mana is None or not other.mana.x_count, "additional cost")
        return [ir.AdditionalCost(first, or_cost=other)]

    @staticmethod
    def _additional(items) -> ir.Cost:
        """Every part of a cost that isn't mana, {T}, {Q} or loyalty, each at most once."""
        cost = cost_of(items, "additional cost")
        _need(cost.mana is None and not any(type(p) in (ir.TapSymbol, ir.UntapSymbol, ir.LoyaltySymbol)
                                            for p in cost.parts), "additional cost")
        return cost

    _COMBAT = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage",
               "combat_damage", "end_of_combat")

    def st_cast_restriction(self, c):
        """CR 601.3: "Cast ~ only during combat.", "... only during the declare attackers step and
        only if you've been attacked this step.", "Cast ~ only if you've cast another spell this turn."."""
        steps = next((x for x in c if isinstance(x, tuple)), ())
        flags = {x for x in c if isinstance(x, str) and x in ("attacked", "another_spell")}
        return [ir.CastRestriction(steps, "attacked" in flags, "another_spell" in flags)]

    def st_loyalty_as_instant(self, c):
        """"You may activate loyalty abilities of planeswalkers you control on any player's turn
        any time you could cast an instant." (CR 606.3: an exception to its timing only)."""
        return [self._static("loyalty_as_instant", "you")]

    def st_can_be_commander(self, c):
        """CR 903.3a: "~ can be your commander.", read by the Commander deck check alone."""
        return [ir.CanBeCommander()]

    def cw_declare_attackers(self, c):
        return ("declare_attackers",)

    def cw_declare_blockers(self, c):
        return ("declare_blockers",)

    def cw_combat(self, c):
        return self._COMBAT

    def cw_before_blockers(self, c):
        return ("beginning_of_combat", "declare_attackers")

    def cw_after_blockers(self, c):
        return ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")

    def ci_attacked(self, c):
        return "attacked"

    def ci_another_spell(self, c):
        return "another_spell"

    def st_flash_for_more(self, c):
        """CR 601.3, 601.2f: "You may cast ~ as though it had flash if you pay {2} more to cast it."
        (Ghitu Fire): the extra mana is added to the total cost of a cast made thanks to it."""
        kw = next(x for x in c if getattr(x, "type", "") == "SIMPLE_KW")
        mana = next(x for x in c if isinstance(x, ManaCost))
        _need(str(kw).lower() == "flash" and not mana.x_count, "as though it had flash")
        return [ir.CastAsThoughFlash(extra=mana)]

    def st_spells_flash(self, c):
        """CR 601.3: "You may cast artifact spells as though they had flash." (Shimmer Myr): its
        controller may cast the spells described any time they could cast an instant."""
        (each, d), kw = c[0], c[1]
        _need(str(kw).lower() == "flash" and d.kind is DescKind.SPELL and d.plural and not each
              and not d.filter.other and d.filter.controller is None, "as though they had flash")
        return [self._static("cast_as_though_flash", d.filter)]

    def st_cast_free_from_hand(self, c):
        """CR 118.9, 601.2b: "You may cast spells from your hand without paying their mana
        costs." (Omniscience): an alternative cost of nothing for the spells described."""
        (each, d) = c[0]
        _need(d.kind is DescKind.SPELL and d.plural and not each and not d.filter.other and not d.zone_given
              and d.filter.controller is None, "without paying their mana costs")
        return [self._static("cast_without_paying", d.filter)]

    def st_flash_then_sacrifice(self, c):
        """CR 601.3, 603.7c: "You may cast ~ as though it had flash. If you cast it any time a
        sorcery couldn't have been cast, the controller of the permanent it becomes sacrifices it
        at the beginning of the next cleanup step." The sacrifice is a delayed ability made as the
        permanent enters, "it" fixed then."""
        kw = next(x for x in c if getattr(x, "type", "") == "SIMPLE_KW")
        _need(str(kw).lower() == "flash", "as though it had flash")
        sacrifice = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="cleanup", whose="each"),
                                        (ir.Sacrifice(ir.Target(0)),),
                                        text="At the beginning of the next cleanup step, its controller sacrifices "
                                             "it (it was cast any time a sorcery couldn't have been)")
        return [ir.CastAsThoughFlash(ir.CreateDelayedTrigger(sacrifice, "next_cleanup"))]

    def alt_cost(self, c):
        return c[0]

    def st_alternative_cost(self, c):
        """CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.", "If you
        control a Swamp, you may sacrifice a creature rather than ...": the parts joined by "and"."""
        condition = next((x for x in c if not isinstance(x, (Token, list)) and not is_cost_item(x)), None)
        _need(not isinstance(condition, _OfIt), "it")
        cost = cost_of([x for x in c if isinstance(x, list) or is_cost_item(x)])
        # "If an opponent controls a Forest and you control a Swamp, you may cast this spell
        # without paying its mana cost." (the Legates): an alternative cost of nothing
        _need(cost != ir.Cost() or condition is not None, "alternative cost")
        return [ir.AlternativeCost(cost, condition)]

    def st_spell_cost(self, c):
        """CR 601.2f: "Noncreature spells cost {1} more to cast." (Thalia), "Creature spells you
        cast cost {1} less to cast.", "Each spell a player casts costs {1} more to cast for each
        other spell that player has cast this turn." (Damping Sphere). Generic mana, or colored
        mana a spell costs more ("White spells you cast cost {W} more to cast.")."""
        (each, d), mana, kind = c[0], c[1], c[2]
        # "other Dragon spells you cast": not the source (The Ur-Dragon's eminence)
        _need(d.kind is DescKind.SPELL and d.plural != each, "spell cost")
        if kind == "cost_increase" and len(c) == 3 and mana.symbols and all(sym in "WUBRG" for sym in mana.symbols):
            return [self._static(kind, d.filter, mana=mana)]     # "cost {W} more" (the Leeches)
        _need(bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols), "generic cost")
        return [self._static(kind, d.filter, amount=mana.generic, for_each=c[3] if len(c) > 3 else None)]

    def st_self_cost_party(self, c):
        """CR 601.2f, 700.8: "This spell costs {1} less to cast for each creature in your party."."""
        mana, kind = c[1], c[2]
        _need(kind == "cost_reduction" and bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols),
              "self cost change")
        return [self._static("self_cost_reduction", "self", amount=mana.generic, for_each="party")]

    def st_self_cost_each(self, c):
        """"This spell costs {1} less to cast for each attacking creature / card in your hand"."""
        mana, kind, d = c[1], c[2], c[3]
        _need(kind == "cost_reduction" and bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols)
              and d.plural is False and d.kind in (None, DescKind.PERMANENT, DescKind.CARD) and (d.kind is not DescKind.CARD or d.zone_given),
              "self cost change")
        return [self._static("self_cost_reduction", "self", amount=mana.generic, count=d.filter)]

    def st_self_cost_discarded(self, c):
        """"This spell costs {2} less to cast for each card you've cycled or discarded this turn."
        (CR 601.2f): cycling discards the card (CR 702.29a), so the discards count."""
        mana, kind = c[1], c[2]
        _need(kind == "cost_reduction" and bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols),
              "self cost change")
        return [self._static("self_cost_reduction", "self", amount=mana.generic, for_each="discarded_this_turn")]

    def st_self_cost_if_first(self, c):
        """"If an opponent controls seven or more lands, this spell costs {6} less to cast.": the
        condition first (CR 601.2f), one about the game, not about the card itself."""
        condition = c[0]
        parts = condition.conditions if type(condition) in (ir.AnyOf, ir.AllOf) else (condition,)
        _need(all(type(part) in _STATE_CONDITIONS for part in parts), "a cost change if the card itself is ...")
        return self.st_self_cost_if([c[1], c[2], c[3], condition])

    def st_self_cost_if_targets(self, c):
        """"This spell costs {2} less to cast if it targets a blue spell." (CR 601.2f): the
        targets are chosen before the total cost is (CR 601.2c)."""
        mana, kind, other, d = c[1], c[2], c[3], c[4]
        _need(kind == "cost_reduction" and bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols)
              and other != "another" and not d.plural, "self cost change")
        f = d.filter if d.kind is None or d.kind != DescKind.SPELL else dataclasses.replace(d.filter, zone="stack")
        return [self._static("self_cost_reduction", "self", amount=mana.generic, targets=f)]

    def st_self_cost_if(self, c):
        """"This spell costs {2} less to cast if you control a Wizard / a creature died this turn"."""
        mana, kind, condition = c[1], c[2], c[3]
        _need(kind == "cost_reduction" and bool(mana.symbols) and all(sym.isdigit() for sym in mana.symbols),
              "self cost change")
        return [self._static("self_cost_reduction", "self", amount=mana.generic, condition=condition)]

    def st_self_cost_x(self, c):
        """"This spell costs {X} less to cast, where X is your devotion to black / the total
        power of creatures you control / ..." (CR 601.2f, 107.3): ``for_each`` names the count."""
        mana, kind, (what, arg) = c[1], c[2], c[-1]
        _need(kind == "cost_reduction" and mana.symbols == ("X",), "self cost change")
        if what == "devotion":
            return [self._static("self_cost_reduction", "self", amount=1, for_each=what, colors=(arg,))]
        return [self._static("self_cost_reduction", "self", amount=1, for_each=what, count=arg)]

    def ox_devotion(self, c):
        return "devotion", NAME_TO_COLOR[str(c[0]).lower()]

    def ox_total_power(self, c):
        return _over_permanents("total_power", c[0])

    def ox_greatest_power(self, c):
        return _over_permanents("greatest_power", c[0])

    def ox_total_mana_value(self, c):
        return _over_permanents("total_mana_value", c[0])

    def st_cost_per_target(self, c):
        """Strive: "This spell costs {2}{U} more to cast for each target beyond the first."
        (CR 601.2f)."""
        mana, kind = c[1], c[2]
        _need(kind == "cost_increase" and bool(mana.symbols) and not mana.x_count, "self cost change")
        return [ir.CostPerTarget(mana)]

    def sp_all(self, c):
        return False, c[0]

    def sp_each(self, c):
        return True, c[0]

    def sp_both(self, c):
        """"White spells and black spells you cast", "Kithkin spells and Soldier spells you cast":
        spells of either description, the words after the second ("you cast") said of both. The
        two may differ in their colors or in their subtypes only."""
        first, second = c
        _need(first.kind is DescKind.SPELL and second.kind is DescKind.SPELL and first.plural and second.plural, "spells and spells")
        a = dataclasses.replace(first.filter, controller=second.filter.controller)
        for name in ("colors", "subtypes"):
            joined = dataclasses.replace(a, **{name: getattr(second.filter, name)})
            if joined == second.filter and getattr(a, name) and getattr(second.filter, name):
                merged = dataclasses.replace(second.filter, **{name: getattr(a, name) + getattr(second.filter, name)})
                return False, dataclasses.replace(second, filter=merged)
        _need(False, "spells and spells")
        return None

    def cc_more(self, c):
        return "cost_increase"

    def cc_less(self, c):
        return "cost_reduction"

    def other_spells_cast(self, c):
        _need(str(c[0]).lower() == "spell", "for each other spell")
        return "other_spells_cast"

    def st_keeps_source(self, c):
        return [_KeepsSource()]

    def st_keeps_auras(self, c):
        """"This effect doesn't remove Auras." (Spectra Ward): no Aura falls off for the
        protection granted just before (CR 702.16n)."""
        return [_KeepsSource(auras=True)]

    def st_player_keywords(self, c):
        """"You have shroud.", "You have hexproof." (CR 702.18a, 702.11c): the controller of the
        source has them, targeting reads them (engine.filters.player_keywords)."""
        keywords = tuple(c[0])
        _need(all(k.name in PLAYER_KEYWORDS and k.arg is None for k in keywords), "a player's keyword")
        return [self._static("player_keywords", "you", keywords=keywords)]

    def st_you_and_have(self, c):
        """"You and Humans you control have hexproof." (Sigarda, Heron's Grace): the player's
        keywords and the group's, two static abilities of one sentence."""
        d, keywords = c[0], tuple(c[1])
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "you and a group")
        _need(all(k.name in PLAYER_KEYWORDS and k.arg is None for k in keywords), "a player's keyword")
        return [self._static("player_keywords", "you", keywords=keywords),
                self._static("grant_keywords", d.filter, keywords=keywords)]

    def st_players_cant_gain_life(self, c):
        """CR 119.7: "Players can't gain life." (every player)."""
        return [self._static("cant_gain_life", "each_player")]

    def st_opponents_draw_one(self, c):
        """"Each opponent can't draw more than one card each turn." (CR 121.1)."""
        return [self._static("draw_one_each_turn", "opponents")]

    def st_players_draw_one(self, c):
        """"Each player can't draw more than one card each turn." (CR 121.1)."""
        return [self._static("draw_one_each_turn", "each_player")]

    def st_opponents_cant_gain_life(self, c):
        """CR 119.7: "Your opponents can't gain life." (the source's controller's opponents)."""
        return [self._static("cant_gain_life", "opponents")]

    def st_min_spell_cost(self, c):
        """"each spell that would cost less than three mana to cast costs three mana to cast."
        (Trinisphere; CR 601.2f)."""
        below, becomes = _number(str(c[1])), _number(str(c[2]))
        _need(below == becomes and isinstance(below, int), "a minimum cost")
        return [self._static("minimum_spell_cost", "each_player", amount=below)]

    def st_no_cause_triggers(self, c):
        """"Creatures entering the battlefield [or dying] don't cause abilities to trigger."
        (Torpor Orb, Hushbringer; CR 603.2)."""
        return [self._static("no_cause_triggers", "each_player", dies=" or dying " in str(c[0]).lower())]

    def st_cant_lose_game(self, c):
        """"You can't lose the game." (Lich's Mastery; CR 104.3)."""
        return [self._static("cant_lose_game", "you")]

    def st_no_zero_life_loss(self, c):
        """"You don't lose the game for having 0 or less life." (Phyrexian Unlife; CR 704.5a)."""
        _need(str(c[0]) == "0", "not losing for another life total")
        return [self._static("no_zero_life_loss", "you")]

    def st_damage_as_infect(self, c):
        """"All damage is dealt to you as though its source had infect." (Phyrexian Unlife;
        CR 120.3b, 702.90b)."""
        return [self._static("damage_as_infect", "you")]

    def st_cant_lose_nor_win_game(self, c):
        """"You can't lose the game and your opponents can't win the game." (Platinum Angel;
        CR 104.3, 104.2)."""
        return [self._static("cant_lose_game", "you"), self._static("cant_win_game", "opponents")]

    def st_cant_win_game(self, c):
        """"You can't win the game and your opponents can't lose the game." (Abyssal Persecutor;
        CR 104.2, 104.3)."""
        return [self._static("cant_win_game", "you"), self._static("cant_lose_game", "opponents")]

    def st_life_cant_change(self, c):
        """"Your life total can't change." (Platinum Emperion; CR 119.7, 119.8)."""
        return [self._static("life_cant_change", "you")]

    def st_assign_as_unblocked(self, c):
        """"You may have ~ assign its combat damage as though it weren't blocked" (Thorn Elemental)."""
        return [self._static("assign_as_unblocked", "self")]

    def st_attack_unless_land(self, c):
        """CR 508.1c: "~ can't attack unless defending player controls an Island." (Sea Monster)."""
        land_type = str(c[-1])
        _need(land_type in BASIC_LAND_MANA and c[1] == "a", "land type")     # not "another Island"
        return [self._static("attack_unless_land", c[0], land_type=land_type)]

    def st_cant_attack_unless(self, c):
        """"~ can't attack unless you control an artifact." (CR 508.1c): the restriction applies
        as long as the condition doesn't hold (CR 611.3a)."""
        return [self._static("cant_attack", c[0], condition=_negated(c[-1]))]

    def st_cant_block_unless(self, c):
        return [self._static("cant_block", c[0], condition=_negated(c[-1]))]

    def st_cant_attack_block_unless(self, c):
        unless = _negated(c[-1])
        return [self._static("cant_attack", c[0], condition=unless),
                self._static("cant_block", c[0], condition=unless)]

    def part_cant_attack_alone(self, c):
        """"can't attack alone": not the only creature declared as an attacker (CR 506.5, 508.1c)."""
        return "cant_attack_alone", {}

    def part_cant_block_alone(self, c):
        return "cant_block_alone", {}

    def part_not_alone(self, c):
        """"can't attack or block alone" (CR 506.5, 508.1c, 509.1b)."""
        return "not_alone", {}

    def part_one_blocker(self, c):
        """"can't be blocked by more than one creature" (CR 509.1b)."""
        return "max_one_blocker", {}

    def part_min_blockers(self, c):
        """"can't be blocked except by three or more creatures" (CR 509.1b; menace's rule with
        another number, CR 702.111b)."""
        n = _number(str(c[0]))
        _need(isinstance(n, int) and n >= 2, "blocked except by N or more")
        return "min_blockers", {"amount": n}

    def part_block_additional(self, c):
        """"can block an additional creature each combat" (CR 509.1a-b)."""
        return "block_additional", {"amount": 1}

    def part_block_any_number(self, c):
        """"can block any number of creatures" (CR 509.1a-b)."""
        return "block_any_number", {}

    def part_must_be_blocked(self, c):
        """"must be blocked if able" (CR 509.1c)."""
        return "must_be_blocked", {}

    def part_are_also(self, c):
        """"Creatures you control are Slivers in addition to their other creature types.", "All
        permanents are enchantments in addition to their other types.": the plural of
        :meth:`part_is_also`."""
        return self.part_is_also(c, plural=True)

    def part_is_also(self, c, plural=False):
        """"is an Angel in addition to its other types", "is a black Zombie in addition to its
        other colors and types" (CR 205.1b, 105.3): creature types and the artifact or enchantment
        card type added in layer 4, colors in layer 5 (CR 613.1d-e). A land type, which would
        bring a mana ability (CR 305.6), or "creature" are refused; a basic land type "in addition
        to its other land types" (Urborg, Tomb of Yawgmoth) gives its mana ability (CR 305.6-7),
        and "creature" is read only beside base power and toughness (see :meth:`st_effects`)."""
        colors = tuple(NAME_TO_COLOR[str(t).lower()] for t in c if t.type == "COLOR")
        _need(bool(colors) == ("colors" in str(c[-1]).lower()), "in addition to its other colors")
        land = "land types" in str(c[-1]).lower()
        creature = "creature types" in str(c[-1]).lower()
        types, subtypes = [], []
        for t in c:
            if t.type == "TYPE_W":
                word = str(t).lower()
                word = word[:-1] if plural and word.endswith("s") else word
                _need(not land and not creature and word in ("artifact", "enchantment", "creature"),
                      "in addition to its other types")
                types.append(word.capitalize())
            elif t.type == "SUBTYPE":
                name, many = _subtype(str(t))
                _need(many == plural and (name in BASIC_LAND_MANA if land else name in CREATURE_TYPES
                                          or not creature and name in BASIC_LAND_MANA),
                      "a land type" if land else "a creature type")
                subtypes.append(name)
        _need(not (types and subtypes), "in addition to its other types")
        return "add_types", {"types": tuple(types), "subtypes": tuple(subtypes), "colors": colors}

    def part_is_land_type(self, c):
        """"Enchanted land is an Island.": its land type is set, its other land types and the
        abilities of its rules text gone, the basic land type's mana ability given (CR 305.7)."""
        land_type = str(c[0]).split()[-1]
        _need(land_type in BASIC_LAND_MANA, "a land type")
        return "set_land_type", {"land_type": land_type}

    def part_is_color(self, c):
        """"is black": that color instead of its others (CR 105.3, 613.1e)."""
        return "set_colors", {"colors": (NAME_TO_COLOR[str(c[0]).lower()],)}

    def part_is_supertype(self, c):
        """"Enchanted creature is legendary", "All nonland permanents are legendary": the
        supertype added in layer 4, its other supertypes kept (CR 205.4b, 613.1d)."""
        return "add_supertypes", {"types": (str(c[-1]).capitalize(),)}

    def part_not_supertype(self, c):
        """"All lands are no longer snow.": the supertype removed in layer 4 (CR 205.4b, 613.1d)."""
        return "remove_supertypes", {"types": (str(c[-1]).capitalize(),)}

    def part_not_creature(self, c):
        """"~ isn't a creature" (a God, as long as a devotion is low): the creature card type
        removed in layer 4 (CR 613.1d), its creature types with it (CR 205.3d)."""
        return "remove_types", {"types": ("Creature",)}

    def part_animated(self, c):
        """"~ is a 4/4 Human Soldier creature with indestructible that's still a planeswalker",
        "~ is a 2/3 Gargoyle artifact creature with flying" (as long as a condition holds): a
        creature (layer 4) with base power and toughness (layer 7b, CR 613.4b), those colors
        (layer 5) and keywords (layer 6). "artifact creature" and "still a [type]" keep its other
        card types and subtypes, the creature types named replacing its creature types
        (CR 205.1b); "is a creature" alone would replace its card types (CR 205.1a) and is refused."""
        power, toughness = (int(v) for v in str(c[0]).split("/"))
        kind = c[1][1]
        _need(not kind["replaces_types"], "is a creature: its other card types replaced")
        types, subtypes = (*kind["types"], "Creature"), kind["subtypes"]
        # one effect of layer 4: its types added, and its creature types replaced unless it is
        # "still" what it was
        replaces = bool(subtypes) and not re.search(r"\bthat's still an? ", self.text, re.I)
        out: list[tuple[str, dict]] = [
            ("set_creature_types" if replaces else "add_types", {"types": types, "subtypes": subtypes}),
            ("set_base_pt", {"power": power, "toughness": toughness})]
        if kind["all_creature_types"]:
            out.append(("all_creature_types", {}))
        if kind["colors"]:
            out.append(("set_colors", {"colors": kind["colors"]}))
        if kind["keywords"]:
            out.append(("grant_keywords", {"keywords": kind["keywords"]}))
        return "animated", out

    def part_every_type(self, c):
        """"is every creature type" (CR 205.3m), in layer 4."""
        return "all_creature_types", {}

    def part_every_basic_land_type(self, c):
        """"Lands you control are every basic land type in addition to their other types."
        (Dryad of the Ilysian Grove): the five added in layer 4, each with its mana ability
        (CR 305.6-7, 613.1d), as Urborg's one."""
        return "add_types", {"types": (), "subtypes": tuple(BASIC_LAND_MANA), "colors": ()}

    def part_base_pt(self, c):
        """"has base power and toughness 0/2": set in layer 7b (CR 613.4b), before any change
        to them (Illusory Wrappings)."""
        power, toughness = (int(v) for v in str(c[-1]).split("/"))
        return "set_base_pt", {"power": power, "toughness": toughness}

    def part_base_pt_mana_value(self, c):
        """"has base power and toughness each equal to its mana value" (Opalescence): set in
        layer 7b (CR 613.4b) to each affected object's own mana value."""
        return "base_pt_mana_value", {}

    def part_lose_all(self, c):
        """"loses all abilities" (Humility): every ability it has at that point in layer 6 is
        removed, those given by effects with earlier timestamps too (CR 613.1f, 613.7)."""
        return "lose_all_abilities", {}

    def part_no_untap(self, c):
        """"doesn't untap during its controller's untap step" (CR 502.3)."""
        return "no_untap", {"whose": c[0]}

    def st_lure(self, c):
        """"All creatures able to block ~ do so.": a blocking requirement (CR 509.1c). Only
        all creatures are read as the blockers ("creatures" is a description in the grammar so
        that "All creatures get -1/-1." stays a static ability of all creatures)."""
        if c[0].filter != ir.Filter(types=("Creature",)) or not c[0].plural:
            raise Unsupported("a blocking requirement on some creatures only")
        return [self._static("must_be_blocked_by_all", c[1])]

    @v_args(meta=True)
    def st_group_no_activations(self, meta, c):
        """"Activated abilities of artifacts [your opponents control] can't be activated." (Null
        Rod, Karn, the Great Creator; CR 602.5): mana abilities included (CR 605.1a) unless
        "unless they're mana abilities" follows."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind is None and not d.zone_given, "activated abilities of a group")
        kind = "cant_activate_nonmana" if self.text[meta.start_pos:meta.end_pos].lower().endswith(
            "mana abilities.") else "cant_activate"
        return [self._static(kind, d.filter)]

    def st_block_only_flying(self, c):
        """CR 509.1b: a blocking restriction."""
        return [self._static("can_block_only_flying", c[0])]

    def st_cant_block_these(self, c):
        """CR 509.1b: "Creatures with power less than ~'s power can't block it" (or "... can't
        block creatures you control"): those attackers can't be blocked by such creatures."""
        blockers = c[0]
        if blockers in ("self", "enchanted", "equipped") and len(c) == 2:
            # "~ can't block creatures with power 2 or greater": the other way round
            d = c[1]
            _need(d.plural and d.kind is None and d.filter.types == ("Creature",) and not d.zone_given,
                  "can't block creatures")
            return [ir.StaticAbility(ir.static_effect("cant_block_attackers", blockers, attackers=d.filter))]
        _need(isinstance(blockers, ir.Filter) and blockers.types == ("Creature",), "can't block it")
        if len(c) == 1:
            return [ir.StaticAbility(ir.static_effect("cant_be_blocked_by", "self", blockers=blockers))]
        d = c[1]
        _need(d.plural and d.kind is None and d.filter.types == ("Creature",) and not d.zone_given,
              "can't block creatures")
        return [ir.StaticAbility(ir.static_effect("cant_be_blocked_by", d.filter, blockers=blockers))]

    def st_additional_land(self, c):
        """CR 305.2: "You may play an additional land (two additional lands) on each of your turns."."""
        n = _number(c[0]) if c else 1
        _need(isinstance(n, int) and n > 0, "additional lands")
        return [self._static("additional_land", "you", amount=n)]

    def st_begin_on_battlefield(self, c):
        """CR 103.6a: "If ~ is in your opening hand, you may begin the game with it on the
        battlefield." (the Leylines), done once the mulligans are over (engine.turn)."""
        return [self._static("begin_on_battlefield", "self")]

    def st_skip_step(self, c):
        """CR 614.1b, 614.10: "Skip your draw step." (the controller of the source), each time."""
        return [self._static("skip_step", "you", step=c[0])]

    def st_skip_step_each(self, c):
        """"Players skip their untap steps." (Stasis), "Each player skips their untap step."."""
        return [self._static("skip_step", "each_player", step=c[0])]

    def st_no_max_hand_size(self, c):
        """CR 402.2, 514.1: "You have no maximum hand size." (the controller of the source)."""
        return [self._static("no_maximum_hand_size", "you")]

    def st_players_no_max_hand_size(self, c):
        """CR 402.2: "Players have no maximum hand size." (every player)."""
        return [self._static("no_maximum_hand_size", "each_player")]

    def hs_you(self, c):
        return "you"

    def hs_opponents(self, c):
        return "opponents"

    def st_hand_size_change(self, c):
        """CR 402.2, 613.11: "Your maximum hand size is reduced by four." """
        n = _number(str(c[2]))
        _need(isinstance(n, int), "maximum hand size")
        return [self._static("maximum_hand_size", c[0], change=n if str(c[1]).lower() == "increased" else -n)]

    def st_extra_vote(self, c):
        """CR 701.38d: "While voting, you get an additional vote." (the controller of the source)."""
        return [self._static("extra_vote", "you")]

    def st_may_extra_vote(self, c):
        """CR 701.38d: "While voting, you may vote an additional time." (Ballot Broker)."""
        return [self._static("may_extra_vote", "you")]

    def st_cast_from_graveyard_mutate(self, c):
        """"You may cast ~ from your graveyard using its mutate ability." (CR 601.3, 702.140a): a
        permission that works from the graveyard, for the mutate cost only (Brokkos's rulings)."""
        return [ir.StaticAbility(ir.static_effect("cast_from_graveyard", "self", cost="mutate"))]

    def st_may_not_untap(self, c):
        """CR 502.3: "You may choose not to untap ~ during your untap step." The active player
        chooses as their untap step begins which of their permanents untap."""
        return [self._static("may_not_untap", "self")]

    def st_untap_during_others(self, c):
        """"Untap all permanents you control during each other player's untap step." (Seedborn
        Muse), "Untap ~ during ...": they untap with the active player's permanents (CR 502.3)."""
        d = next((x for x in c if isinstance(x, _Desc)), None)
        if d is None:
            return [self._static("untap_during_others", "self")]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller == "you",
              "untap during each other player's untap step: permanents you control")
        return [self._static("untap_during_others", d.filter)]

    def whose_your(self, c):
        return "your"

    def whose_controller(self, c):
        return "controller"

    def st_no_legend_rule(self, c):
        """Mirror Gallery: the legend rule (CR 704.5j) doesn't apply."""
        return [self._static("no_legend_rule", "all")]

    def st_uncounterable(self, c):
        _need(c[0] == "self", "can't be countered")
        return [self._static("cant_be_countered", "self")]

    def r_enters_tapped(self, c):
        """CR 614.1c: "enters tapped" replaces how the permanent enters."""
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_TAPPED)]

    def r_others_enter_tapped(self, c):
        """"Creatures your opponents control enter tapped." (CR 614.1c, 614.12): other
        permanents that match as they would exist on the battlefield."""
        _need(isinstance(c[0], ir.Filter) and c[0].zone == "battlefield", "enter tapped")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_TAPPED, affected=c[0])]

    def r_enters_counters(self, c):
        """CR 614.1c, 122.6: enters with counters, "for each time it was kicked" too
        (multikicker, CR 702.33c)."""
        each = _of(c, _ForEach)
        # "for each other creature you control": counted as it enters, before it is there (CR 614.1c)
        _need(each is None or each.kicked or (each.filter is not None and each.counter is None and not each.party),
              "enters with counters for each")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[2], _amount(c[1], each))]

    def r_enters_counters_where(self, c):
        """"~ enters with X +1/+1 counters on it, where X is the number of ..." (CR 107.3c,
        614.1c): the quantity counted as it enters."""
        n, kind, quantity = c[1], c[2], c[4]
        _need(isinstance(n.value, ir.X) and type(quantity) is ir.CountOf,
              "enters with X counters, where X is")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, kind, quantity)]

    def r_enters_counters_colors(self, c):
        """Converge: "~ enters with a +1/+1 counter on it for each color of mana spent to cast
        it." -- counted from the spell becoming the permanent (CR 601.2h, 614.1c); cast no
        spell, it enters with none."""
        _need(_of(c, _Amount).value == 1, "N counters for each color spent")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[2], ir.ColorsSpent())]

    def r_kicked_counters(self, c):
        """"If ~ was kicked, it enters with two +1/+1 counters on it." (CR 702.33e, 614.1c)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[-1], _of(c, _Amount).value,
                                      condition="kicked")]

    def r_escapes_with(self, c):
        """"~ escapes with two +1/+1 counters on it": if it escaped, it enters with them
        (CR 702.138c, 614.1c)."""
        n = _of(c, _Amount).value
        _need(isinstance(n, int), "escapes with X counters")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[-1], n, condition="escaped")]

    def r_counters_if(self, c):
        """"~ enters with two +1/+1 counters on it if a creature died this turn." (morbid, raid,
        revolt, ferocious, "if you cast it from your hand"): a replacement effect that applies
        when the condition holds as it enters (CR 614.1c, 614.12); "if a creature you control
        has power 4 or greater" doesn't see the entering one, not yet on the battlefield."""
        condition = c[-1]
        _need(condition in ENTERING_CONDITIONS or type(condition) in (ir.YouControl, ir.OpponentControls),
              "enters with counters if")
        n = _of(c, _Amount).value
        _need(isinstance(n, int), "enters with X counters if")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[2], n, condition=condition)]

    def r_mana_spent_counters(self, c):
        """Adamant: "If at least three white mana was spent to cast this spell, ~ enters with a
        +1/+1 counter on it." -- the spell becoming the permanent is still on the stack as it
        enters, with the mana paid for it (CR 614.1c, 601.2h)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[-1], _of(c, _Amount).value,
                                      condition=_mana_spent(c))]

    def r_enters_tapped_counters(self, c):
        """"~ enters tapped with two charge counters on it" (Vivid Crag): two replacement
        effects of one sentence (CR 614.1c)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_TAPPED),
                ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, c[3], c[2].value)]

    def r_more_counters(self, c):
        """CR 614.1a: Hardened Scales ("that many plus one") and Corpsejack Menace ("twice
        that many") change how many counters are put on a permanent."""
        kind, other, d, (how, n), again = c
        _need(kind == again and other != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "counters instead")
        return [ir.ReplacementAbility(how, kind, n, affected=d.filter)]

    def r_fewer_counters(self, c):
        """CR 614.1a: Vizier of Remedies's "that many -1/-1 counters minus one": N fewer
        counters (none when that leaves none, the card's rulings)."""
        kind, other, d, again, n = c
        _need(kind == again and other != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "counters instead")
        return [ir.ReplacementAbility(ir.ReplacementKind.MORE_COUNTERS, kind, -_number(str(n)), affected=d.filter)]

    def r_more_counters_any(self, c):
        """CR 614.1a: Winding Constrictor's "that many plus one of each of those kinds of
        counters": counters of every kind change (``counter_kind`` None)."""
        other, d, (how, n) = c
        _need(other != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given,
              "counters instead")
        return [ir.ReplacementAbility(how, None, n, affected=d.filter)]

    def r_effect_more_counters(self, c):
        """CR 614.1a: Doubling Season's "If an effect would put one or more counters on a
        permanent you control, it puts twice that many of those counters on that permanent
        instead.": only counters an effect puts, not those of a cost (the card's ruling: a
        planeswalker's loyalty cost) or of a turn-based action (CR 714.3b)."""
        return [dataclasses.replace(ab, by_effect=True) for ab in self.r_more_counters_any(c)]

    def r_double_tokens_yours(self, c):
        """CR 614.1a, 111.1: "If an effect would create one or more tokens under your control,
        it creates twice that many of those tokens instead." (Anointed Procession)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.DOUBLE_TOKENS, whose="you", by_effect=True)]

    def r_double_tokens_all(self, c):
        """CR 614.1a, 111.1: "If one or more tokens would be created, twice that many of those
        tokens are created instead." (Primal Vigor): any player's tokens."""
        return [ir.ReplacementAbility(ir.ReplacementKind.DOUBLE_TOKENS)]

    def mc_plus(self, c):
        return ir.ReplacementKind.MORE_COUNTERS, _number(str(c[0]))

    def mc_twice(self, c):
        return ir.ReplacementKind.DOUBLE_COUNTERS, 2

    def r_double_damage(self, c):
        """CR 614.1a: doubles the combat damage this deals to a player."""
        return [ir.ReplacementAbility(ir.ReplacementKind.DOUBLE_DAMAGE_TO_PLAYER, condition="combat_damage")]

    def r_life_gain(self, c):
        """CR 614.1a, 119.10: "If you would gain life, you gain twice that much life instead.",
        "If an opponent would gain life, that player loses that much life instead."; "you gain"
        follows "you", "that player" follows "a player" or "an opponent"."""
        whose, (you, change) = c[0], c[1]
        _need((whose == "you") == you, "another player gains")
        return [ir.ReplacementAbility(ir.ReplacementKind.LIFE_GAIN_CHANGE, whose=whose, life=change)]

    def lg_you(self, c):
        return "you"

    def lg_player(self, c):
        return None

    def lg_opponent(self, c):
        return "opponent"

    def lgc_twice(self, c):
        return True, ir.LifeGainChange(times=2)

    def lgc_plus(self, c):
        return True, ir.LifeGainChange(plus=_number(str(c[-1])))

    def lgc_none(self, c):
        return False, ir.LifeGainChange(times=0)

    def lgc_lose(self, c):
        return False, ir.LifeGainChange(lose=True)

    def r_mana_becomes(self, c):
        """CR 106.12b: "If a land is tapped for [two or more] mana, it produces {B} instead of
        any other type and amount" (Contamination, Damping Sphere)."""
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT), "tapped")
        _need(str(c[-1]).lower() == "type", "instead of")
        minimum = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "min"), 1)
        mana = next(x for x in c if isinstance(x, ManaCost))
        return [ir.ManaReplacement(d.filter, min_amount=minimum,
                                   becomes=_mana_symbols(mana.symbols))]

    def eot_mana_replacement(self, c):
        """"Until end of turn, if a player taps a nonbasic land for mana, it produces colorless
        mana instead of any other type." (Pale Moon): a replacement effect that a resolving
        spell creates (CR 611.2, 106.12b)."""
        d, to_type = c[2], c[3]
        _need(c[1] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT)
              and str(c[-1]).lower() == "type", "tapped for mana")
        return [ir.CreateManaReplacement(ir.ManaReplacement(d.filter, to_type=to_type))]

    def eot_mana_trigger(self, c):
        """"Until end of turn, whenever a player taps an Island for mana, that player adds an
        additional {U}." (High Tide): a delayed triggered ability that lasts the turn
        (CR 603.7, 603.7b). Only triggered mana abilities are read: they resolve at once
        (CR 605.4a), so they never wait on the stack."""
        _, (ability,) = self.triggered([c[1], c[2]])
        _need(ability.is_mana, "delayed trigger")
        text = self.text.split(", ", 1)[1]
        return [ir.CreateDelayedTrigger(dataclasses.replace(ability, text=text[:1].upper() + text[1:]))]

    def mw_colorless(self, c):
        return "C"

    def mw_color(self, c):
        return NAME_TO_COLOR[str(c[0]).lower()]

    def mana_min(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "X or more mana")
        return "min", n

    def r_mana_multiply(self, c):
        """CR 106.12b: "If you tap a permanent for mana, it produces twice as much ... instead"
        (Mana Reflection, Nyxbloom Ancient)."""
        d, times = c[1], c[2]
        _need(c[0] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT), "tap")
        return [ir.ManaReplacement(d.filter, player="you", multiplier=times)]

    def mult_twice(self, c):
        return 2

    def mult_times(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "X times")
        return n

    def r_enter_as_copy(self, c):
        """CR 707.2, 614.1c: "You may have ~ enter as a copy of any creature on the
        battlefield." (Clone); the description ends "on the battlefield"."""
        _need(c[1].zone_given and c[1].filter.zone == "battlefield", "enter as a copy")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTER_AS_COPY, affected=c[1].filter)]

    def r_choose_color(self, c):
        """CR 614.1c: "As ~ enters, choose a color" (the choice is made as it enters)."""
        _need(str(c[1]).lower() == "color", "choose")
        return [ir.ReplacementAbility(ir.ReplacementKind.CHOOSE_COLOR)]

    def r_choose_player(self, c):
        """CR 614.1c: "As ~ enters, choose a player" (True-Name Nemesis)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.CHOOSE_PLAYER)]

    def r_choose_opponent(self, c):
        """CR 614.1c: "As ~ enters, choose an opponent." (Black Vise, Nyxathid)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.CHOOSE_OPPONENT)]

    def r_choose_name(self, c):
        """CR 201.3, 614.12: "As ~ enters, choose a [nonland] card name." (Meddling Mage): the
        qualities of the card named are kept in ``affected``."""
        return [ir.ReplacementAbility(ir.ReplacementKind.CHOOSE_NAME, affected=c[1])]

    def st_cant_cast(self, c):
        """"Spells with the chosen name can't be cast." (Meddling Mage; CR 101.2): no player may
        begin to cast a spell with that name (CR 601.2)."""
        return [self._static("cant_cast", ir.Filter(zone="stack", name=ir.CHOSEN_NAME))]

    def st_one_spell_each(self, c):
        """"Each player can't cast more than one spell each turn." (CR 101.2, 601.2)."""
        return [self._static("one_spell_each_turn", "each_player")]

    def st_one_spell_enchanted(self, c):
        """"Enchanted player can't cast more than one spell each turn." (CR 303.4b, 101.2)."""
        return [self._static("one_spell_each_turn", ir.ENCHANTED_PLAYER)]

    def st_one_spell_you(self, c):
        """"You can't cast more than one spell each turn." (the controller of the source)."""
        return [self._static("one_spell_each_turn", "you")]

    def st_opponents_cant_cast(self, c):
        """"Your opponents can't cast spells with the chosen name." (Council of the Absolute): the
        spells their caster would control, when an opponent of the source's controller."""
        d = c[0]
        _need(d.plural and d.kind is DescKind.SPELL and d.filter.controller is None, "can't cast")
        return [self._static("cant_cast", dataclasses.replace(d.filter, controller="opponent"))]

    @v_args(meta=True)
    def st_named_no_activations(self, meta, c):
        """"Activated abilities of sources with the chosen name can't be activated [unless they're
        mana abilities]." (Pithing Needle, Phyrexian Revoker; CR 602.5): a source in any zone
        (its rulings: cycling from a hand too), mana abilities included unless excepted (CR 605.1a)."""
        kind = "cant_activate_nonmana" if self.text[meta.start_pos:meta.end_pos].lower().endswith(
            "mana abilities.") else "cant_activate"
        return [self._static(kind, ir.Filter(zone="any", name=ir.CHOSEN_NAME))]

    def r_choose_creature_type(self, c):
        """CR 614.1c: "As ~ enters, choose a creature type" (one that exists, CR 205.3m)."""
        _need(str(c[1]).lower() == "creature" and str(c[2]).lower() == "type", "choose")
        return [ir.ReplacementAbility(ir.ReplacementKind.CHOOSE_CREATURE_TYPE)]

    def st_control_enchanted(self, c):
        """"You control enchanted creature." (Mind Control): a static control-changing effect
        of an Aura (layer 2, CR 613.1b), for as long as it is attached."""
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "control enchanted")
        return [self._static("control", "enchanted")]

    # ------------------------------------------ "enters tapped unless ..." (CR 614.1d, 614.12)
    def r_enters_tapped_unless(self, c):
        """"~ enters tapped unless you control a Plains or an Island." (a state condition) and
        "As ~ enters, you may pay 2 life. If you don't, it enters tapped." (an action its
        controller may take as it enters): one replacement effect, kept from applying by either."""
        unless = next((x for x in c if isinstance(x, (ir.YouControl, ir.OpponentCount,
                                                      ir.PayLifeOption, ir.RevealOption))), None)
        _need(unless is not None, "enters tapped unless: this condition")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTERS_TAPPED, unless=unless)]

    @staticmethod
    def _controlled(other, d):
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "you control")
        return dataclasses.replace(d.filter, controller="you", other=d.filter.other or other == "another")

    def sc_control(self, c):
        pairs, article = [], None
        for x in c:
            if isinstance(x, str) and x in ("a", "another"):
                article = x
            elif not isinstance(x, str):          # a description; "or a" between them is a token
                pairs.append((article, x))
                article = None
        return ir.YouControl(tuple(self._controlled(a, d) for a, d in pairs))

    def sc_control_your_commander(self, c):
        """"If you control your commander", "As long as you control your commander" (lieutenant,
        an ability word, CR 207.2c): a commander you own and control is on the battlefield (CR
        903.3d); another player's commander doesn't count, even one you control."""
        return ir.YouControl((ir.Filter(commander=True, controller="you", owned=True),))

    def _counted(self, c):
        """N and what is counted: a plural ("three or more artifacts"), one ("exactly one
        creature"), or a subtype spelled the same in the plural ("two or more Plains")."""
        n, d = _number(str(c[0])), c[1]
        plural = d.plural or n == 1 or bool(d.filter.subtypes) and not d.filter.types
        _need(isinstance(n, int) and plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "you control N")
        return n, dataclasses.replace(d.filter, controller="you")

    def sc_control_at_least(self, c):
        n, f = self._counted(c)
        return ir.YouControl((f,), at_least=n)

    def sc_control_at_most(self, c):
        n, f = self._counted(c)
        return ir.YouControl((f,), at_least=0, at_most=n)

    def sc_control_none(self, c):
        """"you control no Ogres", "you don't control an Ogre"."""
        d = c[-1]
        _need(isinstance(d, _Desc) and "another" not in c[:-1], "you control no")
        _need(d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None,
              "you control no")
        return ir.YouControl((dataclasses.replace(d.filter, controller="you"),), at_least=0, at_most=0)

    def sc_control_exactly(self, c):
        n, f = self._counted(c)
        return ir.YouControl((f,), at_least=n, at_most=n)

    @staticmethod
    def _theirs(d):
        _need(d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None,
              "an opponent controls")
        return dataclasses.replace(d.filter, controller="opponent")

    def sc_opponent_controls(self, c):
        descs = [x for x in c if not isinstance(x, str)]
        _need(all(not d.plural for d in descs) and not any(x == "another" for x in c), "an opponent controls a")
        return ir.OpponentControls(tuple(self._theirs(d) for d in descs))

    def sc_opponent_controls_at_least(self, c):
        n, d = _number(str(c[0])), c[1]
        _need(isinstance(n, int) and d.plural, "an opponent controls N")
        return ir.OpponentControls((self._theirs(d),), at_least=n)

    def sc_no_opponent_controls(self, c):
        """"no opponent controls a creature", "your opponents control no creatures"."""
        d = c[-1]
        _need(d.plural != (len(c) == 2), "no opponent controls")     # "a creature" / "no creatures"
        return ir.OpponentControls((self._theirs(d),), none=True)

    def sc_opponent_controls_more(self, c):
        d = c[0]
        _need(d.plural, "an opponent controls more")
        return ir.OpponentControls((self._theirs(d),), more_than_you=True)

    @staticmethod
    def _count(c) -> int:
        n = _number(str(c[0]))
        _need(isinstance(n, int), "a number")
        return n

    def sc_life_at_least(self, c):
        return ir.PlayerCount("life", at_least=self._count(c))

    def sc_life_at_most(self, c):
        return ir.PlayerCount("life", at_most=self._count(c))

    def sc_hand_at_least(self, c):
        return ir.PlayerCount("cards_in_hand", at_least=self._count(c))

    def sc_hand_at_most(self, c):
        return ir.PlayerCount("cards_in_hand", at_most=self._count(c))

    def sc_hand_exactly(self, c):
        n = self._count(c)
        return ir.PlayerCount("cards_in_hand", at_least=n, at_most=n)

    def sc_hand_more(self, c):
        return ir.PlayerCount("cards_in_hand", more_than="each_opponent")

    def sc_life_more_each(self, c):
        """"you have more life than each opponent" (CR 119)."""
        return ir.PlayerCount("life", more_than="each_opponent")

    def sc_life_more_an(self, c):
        """"you have more life than an opponent": than one of them at least."""
        return ir.PlayerCount("life", more_than="an_opponent")

    def sc_opponent_more_life(self, c):
        """"an opponent has more life than you"."""
        return ir.PlayerCount("life", whose="opponent", more_than="you")

    def sc_opponent_more_hand(self, c):
        """"an opponent has more cards in hand than you"."""
        return ir.PlayerCount("cards_in_hand", whose="opponent", more_than="you")

    @staticmethod
    def _entered(c, whose: str) -> ir.EnteredThisTurn:
        """Card types only: "a land", "another creature", "two or more lands"."""
        d = next(x for x in c if isinstance(x, _Desc))
        f = d.filter
        _need(bool(f.types) and f == ir.Filter(types=f.types, other=f.other) and d.kind in (None, DescKind.PERMANENT),
              "had ... enter")
        n = next((_number(x) for x in c if isinstance(x, Token) and x.type == "NUM"), 1)
        _need((n > 1) == d.plural, "had ... enter")
        return ir.EnteredThisTurn(f.types, whose, n, f.other or "another" in c)

    def sc_you_had_enter(self, c):
        """"you had a land enter the battlefield under your control this turn" (landfall)."""
        return self._entered(c, "you")

    def sc_opponent_had_enter(self, c):
        """"an opponent had two or more lands enter the battlefield under their control this turn"."""
        return self._entered(c, "opponent")

    def sc_hand_any(self, c):
        """"you have a card in hand"."""
        return ir.PlayerCount("cards_in_hand", at_least=1)

    def sc_graveyard(self, c):
        return ir.PlayerCount("cards_in_graveyard", at_least=self._count(c))

    def sc_any_graveyard(self, c):
        """"If a graveyard has twenty or more cards in it": some player's (CR 404.1)."""
        return ir.PlayerCount("cards_in_graveyard", at_least=self._count(c), whose="any")

    def sc_opponent_graveyard(self, c):
        return ir.PlayerCount("cards_in_graveyard", at_least=self._count(c), whose="opponent")

    def sc_card_types(self, c):
        return ir.PlayerCount("card_types_in_graveyard", at_least=self._count(c))

    def sc_gained_life(self, c):
        return ir.PlayerCount("life_gained_this_turn", at_least=self._count(c) if c else 1)

    def sc_drew(self, c):
        return ir.PlayerCount("cards_drawn_this_turn", at_least=self._count(c))

    def sc_monarch(self, c):
        return "you_are_monarch"

    def sc_city_blessing(self, c):
        """"you have the city's blessing" (ascend, CR 702.131c)."""
        return "city_blessing"

    def sc_revolt(self, c):
        """Revolt: "a permanent you controlled left the battlefield this turn"."""
        return "permanent_left_this_turn"

    def sc_self_power(self, c):
        return ir.SelfPower(self._count(c))

    # ---- another player's numbers (CR 119, 402), what happened this turn

    def pa_life_at_least(self, c):
        return "life", self._count(c), None

    def pa_life_at_most(self, c):
        return "life", None, self._count(c)

    def pa_hand_at_least(self, c):
        return "cards_in_hand", self._count(c), None

    def pa_hand_at_most(self, c):
        return "cards_in_hand", None, self._count(c)

    def pa_hand_none(self, c):
        return "cards_in_hand", None, 0

    def sc_opponent_has(self, c):
        """"an opponent has 10 or less life": some opponent."""
        what, least, most = c[0]
        return ir.PlayerCount(what, least, most, whose="opponent")

    def sc_that_player_has(self, c):
        """"if that player has no cards in hand": the player the trigger names (CR 603.2, 603.4);
        transform_lines.triggered checks that it names one."""
        what, least, most = c[0]
        return ir.PlayerCount(what, least, most, whose="that_player")

    def life_lost(self, c):
        return self._count(c) if c else 1

    def sc_opponent_lost_life(self, c):
        """"an opponent lost life this turn" (CR 119.3: paid life is lost too)."""
        return ir.PlayerCount("life_lost_this_turn", at_least=c[0], whose="opponent")

    def sc_player_lost_life(self, c):
        """"a player lost 4 or more life this turn": any player, you too."""
        return ir.PlayerCount("life_lost_this_turn", at_least=c[0], whose="any")

    def sc_opponent_searched(self, c):
        """"an opponent searched their library this turn" (CR 701.23): whatever they found."""
        return ir.PlayerCount("library_searches_this_turn", at_least=1, whose="opponent")

    def sc_opponent_dealt_damage(self, c):
        return "opponent_dealt_damage_this_turn"

    def sc_no_attack(self, c):
        return "you_didnt_attack_this_turn"

    def sc_no_creature_died(self, c):
        _need(c[0].plural and c[0].filter == ir.Filter(types=("Creature",)), "no ... died")
        return "no_creature_died_this_turn"

    # ---- objects counted whoever controls them: permanents (CR 400.1) or cards in graveyards

    @staticmethod
    def _counted_objects(d, at_least: int, at_most: int | None, zone: str | None = None):
        """An ObjectCount of a description that says where its objects are ("on the
        battlefield", "in your graveyard"), in the description or after it (``zone``)."""
        _need(d.zone_given != (zone is not None), "where the objects are")
        f = d.filter
        if zone == "graveyard":
            f = dataclasses.replace(f, zone="graveyard", controller="you")
        if f.zone == "graveyard":
            _need(d.kind is DescKind.CARD, "cards in a graveyard")
        else:
            _need(f.zone == "battlefield" and d.kind in (None, DescKind.PERMANENT), "permanents")
        return ir.ObjectCount(f, at_least, at_most)

    @staticmethod
    def _where(c):
        return "battlefield" if any(isinstance(x, Token) and x.type == "ON_THE_BATTLEFIELD" for x in c) \
            else "graveyard"

    def sc_count_at_least(self, c):
        """"there are seven or more lands on the battlefield", "you have four or more creature
        cards in your graveyard"."""
        n, d = _number(str(c[0])), c[1]
        _need(isinstance(n, int) and (d.plural or bool(d.filter.subtypes) and not d.filter.types), "N or more")
        return self._counted_objects(d, n, None)

    def sc_count_at_least_are(self, c):
        """"twenty or more creature cards are in your graveyard"."""
        n, d = _number(str(c[0])), c[1]
        _need(isinstance(n, int) and d.plural, "N or more")
        return self._counted_objects(d, n, None, self._where(c))

    def sc_count_none(self, c):
        """"there are no cards in your graveyard", "there are no Zombies on the battlefield"."""
        _need(c[0].plural, "no")
        return self._counted_objects(c[0], 0, 0)

    def sc_count_none_are(self, c):
        """"no creatures are on the battlefield"."""
        _need(c[0].plural, "no")
        return self._counted_objects(c[0], 0, 0, "battlefield")

    def sc_count_one(self, c):
        """"there is a land card in your graveyard"."""
        d = c[-1]
        _need(not d.plural and not _another(c), "there is a")
        return self._counted_objects(d, 1, None)

    def sc_count_one_is(self, c):
        """"a Warrior card is in your graveyard", "another creature is on the battlefield"."""
        d = next(x for x in c if isinstance(x, _Desc))
        _need(not d.plural, "a ... is")
        f = dataclasses.replace(d.filter, other=d.filter.other or _another(c))
        return self._counted_objects(dataclasses.replace(d, filter=f), 1, None, self._where(c))

    def sc_not_your_turn(self, c):
        return ir.NotYourTurn()

    def sc_opponents(self, c):
        n = _number(str(c[0]))
        _need(isinstance(n, int), "opponents")
        return ir.OpponentCount(n)

    def r_enter_discard_instead(self, c):
        """"If ~ would enter, you may discard a land card instead. If you do, put ~ onto the
        battlefield. If you don't, put it into its owner's graveyard." (Mox Diamond; CR 614.1c)."""
        d = next(x for x in c if isinstance(x, _Desc))
        _need(d.kind is DescKind.CARD and not d.plural and not d.zone_given, "discard instead: this card")
        return [ir.ReplacementAbility(ir.ReplacementKind.ENTER_OR_GRAVEYARD,
                                      unless=ir.DiscardOption(dataclasses.replace(d.filter, zone="hand")))]

    def eo_pay_life(self, c):
        n = _number(str(c[0]))
        _need(isinstance(n, int), "pay X life")
        return ir.PayLifeOption(n)

    def eo_reveal(self, c):
        d = c[1]
        _need(c[0] == "a" and d.kind is DescKind.CARD and not d.plural and d.filter.zone == "hand",
              "reveal from your hand")
        return ir.RevealOption(d.filter)

    def st_additional_trigger(self, c):
        """CR 603.2d (Panharmonicon, Felix Five-Boots)."""
        _need(c[0] != "another" and not c[1].plural and c[1].kind is None, "cause")
        return [ir.AdditionalTriggers(c[2], c[1].filter)]

    def ev_enters(self, c):
        return ir.TriggerEvent.ENTERS

    def ev_combat_damage_player(self, c):
        return ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER

    def s_self(self, c):
        return "self"

    def s_it(self, c):
        """"it" as the subject of a static sentence: read only where a condition about the
        source came first ("As long as ~ is equipped, it gets +1/+1."), see :meth:`static_while`."""
        return "it"

    def s_paired(self, c):
        """"each of those creatures" / "both creatures": read only after "As long as ~ is paired
        with another creature," (:meth:`static_while`): the source and its pair (CR 702.95b)."""
        return "paired"

    def wc_self_paired(self, c):
        """"~ is paired with another creature" (CR 702.95b)."""
        return "self_paired"

    def s_that_creature(self, c):
        """"that creature" as the subject: read only after "As long as you control exactly one
        creature," (:meth:`static_while`)."""
        return "that_creature"

    def s_enchanted(self, c):
        _need(not c[0].plural, "enchanted")
        return "enchanted"

    def s_equipped(self, c):
        return "equipped"

    def s_all(self, c):
        # "Other Merfolk get +1/+1": a creature type whose plural is the word itself, with no
        # article before it, is the group (an object alone would be "~" or "each Merfolk")
        d = c[0]
        invariant = bool(d.filter.subtypes) and not d.filter.types and d.kind is None
        _need((d.plural or invariant) and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "all")
        return d.filter

    def s_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, DescKind.PERMANENT), "each")
        return c[0].filter

    # ---- statics while a condition holds (CR 611.3a, 604.2)

    def static_while(self, c):
        """"As long as [condition], [static ability]." or "[static ability] as long as
        [condition].": the ability's effects apply only while the condition holds, also a
        condition about the source for other objects ("As long as ~ is untapped, green
        creatures you control get +1/+1")."""
        group = _no_x(next(x for x in c if isinstance(x, list)))
        condition = next(x for x in c if not isinstance(x, list))
        of_it = isinstance(condition, _OfIt)          # "as long as it's untapped": the subject's
        if of_it:
            condition = condition.condition
        attached = None             # "As long as equipped creature is a Human, it ...": "it" is that creature
        if isinstance(condition, _OfAttached):
            attached, condition = condition.subject, condition.condition
        about_self = isinstance(condition, str) and condition.startswith("self_") or isinstance(condition, ir.HasCounter) \
            or isinstance(condition, ir.AnyOf) and all(str(part).startswith("self_") for part in condition.conditions)
        _need(type(condition) is not ir.AttachedIs or attached is not None or all(
            type(ab) is ir.StaticAbility and ab.effect.affected in ("enchanted", "equipped") for ab in group),
            "as long as it's: not the attached permanent")
        if of_it and all(type(ab) is ir.StaticAbility and ab.effect.affected in ("enchanted", "equipped")
                         for ab in group):
            # "Enchanted creature has shroud as long as it's untapped": said of the attached permanent
            condition, of_it = ir.AttachedIs(_attached_filter(condition)), False
        out = []
        for ab in group:
            if type(ab) is ir.StaticAbility and ab.effect.affected == "that_creature":
                # "As long as you control exactly one creature, that creature gets +2/+0": the
                # creatures you control are then that one (Deadly Wanderings)
                _need(type(condition) is ir.YouControl and len(condition.filters) == 1
                      and condition.at_least == condition.at_most == 1
                      and condition.filters[0] == ir.Filter(types=("Creature",), controller="you"), "that creature")
                ab = dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, affected=condition.filters[0]))
            if type(ab) is ir.StaticAbility and ab.effect.affected == "paired":
                _need(condition == "self_paired" and not isinstance(c[0], list), "those creatures")
            if type(ab) is ir.StaticAbility and ab.effect.affected == "it":
                _need((about_self or attached is not None) and not of_it and not isinstance(c[0], list),
                      "it")   # "As long as ~ is ..., it ..."
                ab = dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, affected=attached or "self"))
            # eminence says where any static ability works (CR 113.6b), so any kind may have it
            _need(type(ab) is ir.StaticAbility and (ab.effect.kind in _WHILE_KINDS or condition == ir.IN_COMMAND_ZONE_OR_BATTLEFIELD)
                  and ab.effect.condition is None, "as long as: this kind of ability")
            _need(not of_it or ab.effect.affected == "self", "as long as it ...: of another subject")
            out.append(dataclasses.replace(ab, effect=dataclasses.replace(ab.effect, condition=condition)))
        return "abilities", out

    def static_while_otherwise(self, c):
        """"Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3.":
        the second sentence's effects apply to the same permanent while the condition doesn't
        hold (CR 611.3a)."""
        group, condition, parts = c[0], c[1], c[-1]
        _need(type(condition) is ir.AttachedIs, "otherwise")
        _kind, first = self.static_while([group, condition])
        rest = self.st_effects([first[0].effect.affected, parts])
        _kind, second = self.static_while([rest, dataclasses.replace(condition, negated=True)])
        return "abilities", first + second

    def wc_state(self, c):
        return c[0]     # which conditions a static ability may have: engine.support

    def wc_it_is(self, c):
        """"as long as it's a Human": "it" is the enchanted or equipped permanent the sentence
        is about (``static_while`` checks its subject)."""
        d = _of(c, _Desc)
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and not d.filter.other, "as long as it's")
        return ir.AttachedIs(d.filter)

    def wc_it_is_color(self, c):
        return ir.AttachedIs(ir.Filter(colors=(NAME_TO_COLOR[str(c[0]).lower()],)))

    def wc_both(self, c):
        """"[condition] and you control [...]": both hold."""
        return ir.AllOf((c[0], c[-1]))

    def sc_control_each(self, c):
        """"you control a blue permanent and a black permanent": one of each, or one that is both."""
        first, second = [x for x in c if isinstance(x, _Desc)]
        article = next(x for x in c if isinstance(x, str) and x in ("a", "another"))
        return ir.AllOf((ir.YouControl((self._controlled(article, first),)),
                         ir.YouControl((self._controlled("a", second),))))
    def wc_enchanted_is(self, c):
        """"As long as enchanted creature is a Human, ...": the enchanted permanent matches
        now (CR 303.4, 611.3a); "it" in the sentence after names it."""
        _need(not c[0].plural and not c[0].zone_given, "enchanted")
        return _OfAttached("enchanted", c[-1])

    def wc_equipped_is(self, c):
        """"As long as equipped creature is legendary, ..." (CR 301.5, 611.3a)."""
        return _OfAttached("equipped", c[-1])

    def wc_equipped_has(self, c):
        """"As long as equipped creature has defender, ..." (CR 702)."""
        kws = list(c[0])
        _need(len(kws) == 1 and kws[0].arg is None and kws[0].cost is None, "has one keyword")
        return _OfAttached("equipped", ir.AttachedIs(ir.Filter(keywords=(kws[0].name,))))

    def ai_desc(self, c):
        """"a Human", "a Human or an Angel" (any of the creature types, CR 205.3m)."""
        descs = [x for x in c if isinstance(x, _Desc)]
        first = self.wc_it_is([descs[0]])
        subtypes = list(first.filter.subtypes)
        for d in descs[1:]:
            other = self.wc_it_is([d]).filter
            _need(bool(subtypes and other.subtypes) and dataclasses.replace(other, subtypes=first.filter.subtypes) == first.filter,
                  "a ... or a ...: other than creature types")
            subtypes += other.subtypes
        return ir.AttachedIs(dataclasses.replace(first.filter, subtypes=tuple(subtypes)))

    def ai_color(self, c):
        """"is red or green": one of the colors (CR 105.2)."""
        return ir.AttachedIs(ir.Filter(colors=tuple(NAME_TO_COLOR[str(t).lower()] for t in c)))

    def ai_legendary(self, c):
        return ir.AttachedIs(ir.Filter(supertypes=("Legendary",)))     # CR 205.4d

    def wc_devotion_below(self, c):
        """"your devotion to red and white is less than seven" (CR 700.5)."""
        colors = tuple(NAME_TO_COLOR[str(t).lower()] for t in c if t.type == "COLOR")
        n = _number(str(c[-1]))
        _need(isinstance(n, int) and n > 0, "devotion less than N")
        return ir.Devotion(colors, n - 1)

    def wc_either(self, c):
        """"[condition] or [condition]": one of them holds."""
        return ir.AnyOf((c[0], c[-1]))

    def wc_your_turn(self, c):
        return "your_turn"

    def wc_hellbent(self, c):
        return "no_cards_in_hand"

    def wc_first_spell_this_game(self, c):
        """"If this spell is the first spell you've cast this game" (Once Upon a Time): read as it
        is cast, before it becomes cast (CR 601.2b, 601.2i)."""
        return "no_spells_cast_this_game"

    @staticmethod
    def _named(c, condition):
        """``condition`` as said of "~", or of "it" (:class:`_OfIt`)."""
        return condition if any(isinstance(x, Token) and x.type == "SELF" for x in c) else _OfIt(condition)

    def wc_self(self, c):
        return self._named(c, "self_" + c[-1])

    def wc_self_is(self, c):
        """"if ~ is an enchantment": the source's characteristics now (CR 205.2, 603.4)."""
        d = c[-1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and _plain_group(d.filter)
              and d.filter.controller is None, "~ is a ...")
        return ir.SelfIs(d.filter)

    def wc_eminence(self, c):
        """Eminence: "~ is in the command zone or on the battlefield" (CR 113.6b: the ability
        works in those zones)."""
        return ir.IN_COMMAND_ZONE_OR_BATTLEFIELD

    def wc_self_enchanted_or_equipped(self, c):
        return ir.AnyOf(("self_enchanted", "self_equipped"))

    def wc_counter(self, c):
        return self._named(c, ir.HasCounter(c[-1]))

    def wc_no_counters(self, c):
        return ir.HasCounter(next(x for x in c if isinstance(x, str) and not isinstance(x, Token)), 0, 0)

    def wc_counters(self, c):
        n = _number(str(next(x for x in c if isinstance(x, Token) and x.type == "NUM")))
        _need(isinstance(n, int), "N or more counters")
        return self._named(c, ir.HasCounter(next(x for x in c if isinstance(x, str) and not isinstance(x, Token)), n))

    def ss_attacking(self, c):
        return "attacking"

    def ss_untapped(self, c):
        return "untapped"

    def ss_tapped(self, c):
        return "tapped"

    def ss_equipped(self, c):
        return "equipped"

    def ss_enchanted(self, c):
        return "enchanted"

    def ss_designated(self, c):
        return str(c[0]).lower()


@dataclasses.dataclass(frozen=True)
class _OfAttached:
    """A condition on the attached permanent named in it ("equipped creature is a Human"):
    ``subject`` is "enchanted" or "equipped", what "it" stands for after it."""
    subject: str
    condition: ir.AttachedIs


def _attached_filter(condition) -> ir.Filter:
    """What "as long as it's untapped" (tapped, attacking, with a counter) says of the attached
    permanent, as a filter it matches."""
    if condition in ("self_untapped", "self_tapped"):
        return ir.Filter(tapped=condition == "self_tapped")
    if condition == "self_attacking":
        return ir.Filter(attacking=True)
    _need(type(condition) is ir.HasCounter and condition.at_least == 1 and condition.at_most is None,
          "as long as it ...: of the attached permanent")
    return ir.Filter(counter=condition.kind)


def _another(c) -> bool:
    """Whether the article among ``c`` is "another" (the source excluded, CR 109.2)."""
    return any(isinstance(x, Tree) and x.data == "another" for x in c)


def _negated(condition):
    """The condition under which "unless [condition]" restricts: "unless you control an
    artifact" is "as long as you control no artifacts"; "unless it's not your turn" is "as long
    as it's your turn"; "unless you have the city's blessing" is "as long as you don't". Other
    conditions are not read."""
    if type(condition) is ir.YouControl and condition.at_most is None:
        return dataclasses.replace(condition, at_least=0, at_most=condition.at_least - 1)
    if type(condition) is ir.YouControl and condition.at_least == 0:
        return dataclasses.replace(condition, at_least=condition.at_most + 1, at_most=None)
    if condition == "city_blessing":
        return "no_city_blessing"
    _need(type(condition) is ir.NotYourTurn, "unless: this condition")
    return "your_turn"


# Static kinds that may apply only while a condition holds: those the engine reads through the
# static abilities on the battlefield as it applies them (engine.characteristics), and quoted
# abilities granted (engine.layers checks the condition); not land types or what is read from
# a card as a spell.
_WHILE_KINDS = frozenset({"modify_pt", "grant_keywords", "cant_attack", "cant_block", "cant_be_blocked",
                          "attacks_each_combat", "cant_be_blocked_by", "grant_ability",
                          "cant_be_blocked_except_by", "cant_block_attackers",
                          "remove_types", "attacks_despite_defender",
                          "doesnt_untap",     # "if it has a depletion counter on it" (CR 611.3a, 502.3)
                          "minimum_spell_cost",   # "As long as Trinisphere is untapped, ..." (engine.costs.spell_costs)
                          "damage_as_infect",     # "As long as you have 0 or less life, ..." (Phyrexian Unlife)
                          # "As long as it's your turn, ~ is a 4/4 ... creature" (CR 611.3a, 613.1d)
                          "add_types", "set_creature_types", "set_base_pt", "set_colors", "all_creature_types"})

