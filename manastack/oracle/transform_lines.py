"""OracleTransformer rules: Lines, keywords and costs (CR 113, 602.1, 702, 118)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable

from lark import Token, v_args

from manastack.mana import COLOR_NAMES, COLORS, NAME_TO_COLOR, ManaCost
from manastack.oracle import ir
from manastack.oracle.subtypes import LAND_TYPES
from manastack.oracle.transform_triggers import _ORDINALS
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (_plain_group, no_it_subject, UNROUNDED_HALF,
    IT, PREV, PREV_PLAYER, THAT_OBJECT, THAT_PLAYER, THEY, _OPEN, _ChooseColor, _CounteredExile, _Desc, _DoesTheSame, _RepeatAny, _NotNew, _GainPrevented, _KeepsSource, _OfIt, _Otherwise, _StillType, _TokenHas, _T, _describe, _is_player, _kw_name, _mana_spent, _need, _number, _subject_of, _subtype,
    bind, cost_of)


def _paid_by_permanent(part: ir.CostPart) -> bool:
    """Whether ``part`` of a cost is paid with the permanent itself: {T}, {Q}, its counters, it
    leaving the battlefield, exerting it, a loyalty symbol."""
    return type(part) in (ir.TapSymbol, ir.UntapSymbol, ir.SacrificeSelfCost, ir.RemoveCountersCost,
                          ir.RemoveAnyCountersCost, ir.ReturnSelfCost, ir.ExertCost, ir.LoyaltySymbol) \
        or type(part) is ir.PutCounterCost and part.filter is None \
        or type(part) is ir.ExileSelfCost and part.zone == "battlefield"


class LineRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ------------------------------------------------------------------ lines
    def kw_line(self, c):
        return "abilities", c[0]

    def activated(self, c):
        cost, effects = c[0], c[1]
        restrictions = [r for x in c[2:] for r in (x if isinstance(x, list) else [x])]
        limits = dict(r for r in restrictions if isinstance(r, tuple))     # ("times", 2), ("condition", ...)
        restrictions = [r for r in restrictions if not isinstance(r, tuple)]
        _need(len(limits) == sum(1 for x in c[2:] for r in (x if isinstance(x, list) else [x])
                                 if isinstance(r, tuple)), "restriction")
        effects, targets = bind(effects, ir.Ref("self"))
        _need(_attaches_to(effects, ()), "attach to it")
        # CR 605.1a: a loyalty ability is never a mana ability
        loyalty = cost.part(ir.LoyaltySymbol)
        is_mana = not targets and loyalty is None and (any(isinstance(e, ir.AddMana) for e in effects)
                                                       or ir.mana_under_condition(effects) is not None)
        # mana made under a condition is still a mana ability (CR 605.1a): the mana code reads
        # one choice between two productions ("Add {C}. If you control ..., add {C}{C} instead.",
        # ir.mana_under_condition), nothing else
        _need(ir.mana_under_condition(effects) is not None or not ir.contains(
            effects, lambda n: type(n) is ir.Conditional and ir.contains(n, lambda m: type(m) is ir.AddMana)),
            "mana made under a condition")
        _need(len(set(restrictions)) == len(restrictions), "restriction")
        instant = "instant" in restrictions
        # CR 606.4: a loyalty symbol is the whole cost of the abilities printed with one
        # "for each storage counter removed this way": the counters this cost removes
        storage = cost.part(ir.RemoveAnyCountersCost)
        if storage is not None and storage.named_x:
            # "Remove X storage counters from ~: Add X mana ...": X is the number removed
            # (CR 107.3, 602.2b), chosen as the cost is paid
            _need(cost.mana is None or not cost.mana.x_count, "X in two costs")
            effects = [_with_x(e, ir.CountersRemoved(storage.kind), []) for e in effects]
        _need(not (is_mana and ir.contains(effects, lambda n: type(n) is ir.ManaProduce and type(n.amount) is ir.X)),
              "X mana from a mana ability")
        _need(not ir.contains(effects, lambda n: type(n) is ir.CountersRemoved
                              and (storage is None or n.kind != storage.kind)),
              "counters removed this way")
        _need(loyalty is None or cost == ir.Cost(parts=(loyalty,)), "loyalty cost with other costs")
        # CR 113.6m: returning the card from the graveyard, the ability works only there; no
        # other cost or effect may then refer to the card as a permanent
        from_graveyard = any(_returns_self(e) for e in effects) or ir.ExileSelfCost("graveyard") in cost.parts
        from_hand = cost.part(ir.DiscardSelfCost) is not None
        _need(not (from_graveyard or from_hand) or not is_mana and not any(map(_paid_by_permanent, cost.parts)),
              "an ability from the graveyard or the hand with a cost its permanent pays")
        _need(not (from_hand and from_graveyard), "an ability from two zones")
        return "abilities", [ir.ActivatedAbility(
            cost, tuple(effects), tuple(targets), is_mana=is_mana, from_graveyard=from_graveyard,
            sorcery_speed="sorcery" in restrictions, once_per_turn="once" in restrictions,
            upkeep_only="upkeep" in restrictions, your_turn="your_turn" in restrictions,
            before_attackers="before_attackers" in restrictions,
            any_player="any_player" in restrictions, times_per_turn=limits.get("times", 0),
            combat_only="combat" in restrictions, condition=limits.get("condition"),
            instant_speed=is_mana and instant,
            x_mana=limits.get("x_mana"))]

    def r_x_mana(self, c):
        """"Spend only black mana on X." (CR 107.3, 601.2h): each mana paid for X is of that
        color, as though X were that many {B} symbols."""
        return "x_mana", NAME_TO_COLOR[str(c[0]).lower().split()[2]]

    def r_sorcery(self, c):
        return "sorcery"

    def r_once(self, c):
        return "once"

    def r_upkeep(self, c):
        """"Activate only during your upkeep" (CR 602.5b)."""
        return "upkeep"

    def r_your_turn(self, c):
        """"Activate only during your turn" (CR 602.5b)."""
        return "your_turn"

    def r_any_player(self, c):
        """"Any player may activate this ability" (CR 602.2, 113.8: the activator controls it)."""
        return "any_player"

    # ------------------------------------------------------------------ activation limits (CR 602.5b)
    def r_and_once(self, c):
        """"Activate only as a sorcery / during your upkeep / during your turn and only once
        each turn": two limits."""
        return [c[0], "once"]

    def wl_sorcery(self, c):
        return "sorcery"

    def wl_upkeep(self, c):
        return "upkeep"

    def wl_your_turn(self, c):
        return "your_turn"

    def r_times(self, c):
        """"Activate this ability no more than twice each turn" (Phyrexian Battleflies)."""
        return ("times", c[0])

    def tl_twice(self, c):
        return 2

    def tl_times(self, c):
        n = _number(c[0])
        _need(isinstance(n, int) and n > 1, "times each turn")
        return n

    def r_combat(self, c):
        """"Activate only during combat" (CR 506.1: the combat phase)."""
        return "combat"

    def r_instant(self, c):
        """"Activate only any time you could cast an instant": no limit beyond the rule for
        activated abilities (CR 602.2, 117.1b)."""
        return "instant"

    def r_if_in_combat(self, c):
        return ("condition", "self_attacking_or_blocking")

    def r_if(self, c):
        """"Activate only if [condition]." (CR 602.5b): any condition an intervening "if" or
        "as long as" reads."""
        return ("condition", c[0])

    def r_if_once(self, c):
        """"Activate only if [condition] and only once each turn": two limits."""
        return [("condition", c[0]), "once"]

    def r_when_if(self, c):
        """"Activate only during your turn and only if [condition]": two limits."""
        return [c[0], ("condition", c[1])]

    def sl_end_of_combat(self, c):
        return "end_of_combat_step"

    def sl_opponent_upkeep(self, c):
        return "opponent_upkeep"

    def cond_formidable(self, c):
        """Formidable (an ability word, CR 207.2c): total power 8 or more among your creatures."""
        _need(_number(c[0]) == 8, "total power")
        return "creatures_total_power_8"

    def r_in_combat_once(self, c):
        return [("condition", "self_attacking_or_blocking"), "once"]

    def r_before_attackers(self, c):
        """"Activate only during your turn, before attackers are declared" (CR 602.5b, 508.1)."""
        return "before_attackers"

    def triggered(self, c):
        if isinstance(c[0], tuple):      # two trigger events, one ability each (see transform_general)
            return "abilities", [a for t in c[0] for a in self.triggered([t, *c[1:]])[1]]
        trigger, effects = c[0], c[-1]
        condition = c[1] if len(c) > 2 else None
        default = {"self": ir.Ref("self"), "equipped": ir.Ref("equipped"),
                   "enchanted": ir.Ref("enchanted")}.get(trigger.subject) \
            if isinstance(trigger.subject, str) else ir.Ref("triggering_object")
        its = ir.Ref("attached_controller") if trigger.subject in ("enchanted", "equipped") \
            else ir.Ref("triggering_controller") if isinstance(trigger.subject, ir.Filter) else None
        that = ir.Ref("triggering_player") if _names_player(trigger) else None
        if (trigger.event in (ir.TriggerEvent.ENTERS, ir.TriggerEvent.DIES) or trigger.event.endswith(("damage_to_you", "damage_to_self"))) \
                and isinstance(trigger.subject, ir.Filter) and trigger.subject.controller in ("opponent", ir.ENCHANTED_PLAYER):
            # "a creature an opponent controls dies", "a land enters under an opponent's control",
            # "a source an opponent controls deals damage to you": the opponent named is its controller (CR 603.10a: as it last existed)
            that = ir.Ref("triggering_controller")
        # CR 601.2i: the spell cast; CR 115.1a: the spell that targeted it
        spell = ir.Ref("triggering_spell") if trigger.event in (ir.TriggerEvent.CAST, ir.TriggerEvent.BECOMES_TARGET_BY_SPELL) else None
        if trigger.event in (ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE, ir.TriggerEvent.BLOCKED_BY_CREATURE):   # "that creature": the other one
            default, its = ir.Ref("triggering_object"), ir.Ref("triggering_controller")
            if trigger.subject != "self":       # "it" could be either creature: refused
                default, its = None, None
        if trigger.one_or_more and trigger.event == ir.TriggerEvent.ATTACKS:    # no one creature is "it" (CR 603.2c)
            default, its = None, None
        if trigger.event.endswith("_to_creature"):                # "that creature": the one dealt damage
            default, its = ir.Ref("damaged_object"), None
        card = None
        if trigger.event == ir.TriggerEvent.PUT_INTO_GRAVEYARD:      # the card in the graveyard (CR 400.3)
            card = ir.Ref("triggering_object")
        if trigger.event in (ir.TriggerEvent.DIES, ir.TriggerEvent.LEAVES):
            # CR 400.7e, 603.10a: "that card" is what the object became; an enchanted or
            # equipped permanent that left is the one the trigger saw, no longer attached
            card = ir.Ref("triggering_object")
            if trigger.subject in ("enchanted", "equipped"):
                default, its = card, ir.Ref("triggering_controller")
        # "if that player has no cards in hand": the player the trigger names (CR 603.2, 603.4)
        _need(not (type(condition) is ir.PlayerCount and condition.whose == "that_player")
              or that == ir.Ref("triggering_player"), "if that player: no player named")
        # "Whenever a Mountain enters ..., if you control at least five other Mountains": "other"
        # means other than the one that entered (Valakut's rulings), read so for an enters trigger
        # about another object; refused for the others
        if isinstance(trigger.subject, ir.Filter) and type(condition) is ir.YouControl \
                and any(f.other for f in condition.filters):
            _need(trigger.event == ir.TriggerEvent.ENTERS and not trigger.subject.other and not trigger.one_or_more
                  and all(f.other for f in condition.filters), "other than the object the trigger names")
            condition = dataclasses.replace(condition, other_than_seen=True, filters=tuple(
                dataclasses.replace(f, other=False) for f in condition.filters))
        # "if it had ... counters on it": what "it" was as it left the battlefield (CR 603.10a)
        _need(type(condition) is not ir.HadCounter or trigger.event in (ir.TriggerEvent.DIES, ir.TriggerEvent.LEAVES), "if it had")
        _need(condition != "cast_in_your_main_phase", "if you cast it during your main phase: a permanent")
        # "if you cast it from your hand": "it" is the source only in a trigger about itself
        # ("Whenever a creature enters, if you cast it ..." names another object)
        _need(condition not in ("cast_from_hand", "cast_from_graveyard") or trigger.subject == "self", "if you cast it")
        # "that Wizard": the object of "Whenever a Wizard enters", of that one subtype
        of_type = trigger.subject.subtypes if isinstance(trigger.subject, ir.Filter) and len(trigger.subject.subtypes) == 1 \
            and default == ir.Ref("triggering_object") else ()
        effects, targets = bind(effects, default, its, that, spell, card, of_type)
        # "that attacking player may tap or untap target permanent of their choice": "their" is
        # the attacking player only where the sentence is theirs, after an attack on a player
        _need(all(t.chooser is None for t in targets) or trigger.attacked is not None and all(
            type(e) is ir.May and e.who == ir.Ref(ir.ATTACKING_PLAYER) for e in effects), "of their choice")
        # "attach ~ to it": the permanent that entered (CR 701.3a; it isn't targeted, CR 115.10)
        _need(_attaches_to(effects, (ir.Ref("triggering_object"),) if trigger.event == ir.TriggerEvent.ENTERS else ()),
              "attach to it")
        is_mana = (trigger.event == ir.TriggerEvent.TAPPED_FOR_MANA and not targets
                   and any(isinstance(e, ir.AddMana) for e in effects))
        _need(trigger.event != ir.TriggerEvent.TAPPED_FOR_MANA or not ir.contains(
            effects, lambda n: type(n) is ir.Conditional and ir.contains(n, lambda m: type(m) is ir.AddMana)),
            "mana made under a condition")
        # CR 113.6k-m: "you may return ~ from your graveyard to your hand" works from there only;
        # a trigger about the card itself (dies, leaves) would have to see it leave first, and an
        # Aura's or Equipment's about its permanent triggers on the battlefield (CR 603.10a)
        into_graveyard = dataclasses.replace(trigger, from_zone=None) == _SELF_INTO_GRAVEYARD
        from_graveyard = ir.contains(effects, _returns_self)
        if type(condition) is _NthCreatureSpell:
            # a count that only grows: true as it triggers, it stays true (CR 603.4); read as a
            # trigger on that creature spell ("your second creature spell")
            _need(trigger.event == ir.TriggerEvent.CAST and isinstance(trigger.subject, ir.Filter)
                  and trigger.subject.controller == "you" and not trigger.subject.types and not trigger.nth,
                  "the nth creature spell")
            trigger = dataclasses.replace(trigger, subject=dataclasses.replace(trigger.subject, types=("Creature",)),
                                          nth=condition.nth)
            condition = None
        if condition == IN_GRAVEYARD_CONDITION:
            # "if ~ is in your graveyard": it triggers from there only (CR 113.6b), about other
            # objects or a step, never its own leaving (it isn't in the graveyard yet)
            _need(trigger.subject not in ("self", "enchanted", "equipped") or trigger.event == ir.TriggerEvent.BEGINNING_OF_STEP,
                  "if ~ is in your graveyard")
            from_graveyard = True
            effects = [_from_graveyard(e) for e in effects]
        _need(not from_graveyard or trigger.subject not in ("self", "enchanted", "equipped")
              or trigger.event == ir.TriggerEvent.BEGINNING_OF_STEP or into_graveyard, "a trigger of the card itself from a graveyard")
        if into_graveyard:
            # the card triggers where it went (CR 603.6c), controlled by its owner (CR 113.8)
            from_graveyard = True
            effects = [_from_graveyard(_owner_is_you(e)) for e in effects]
        return "abilities", [ir.TriggeredAbility(trigger, tuple(effects), tuple(targets), condition=condition,
                                                 is_mana=is_mana, from_graveyard=from_graveyard)]

    # Intervening "if" clauses (CR 603.4): a small fixed set, as condition names.
    def cond_kicked(self, c):
        """The spell that became this permanent was kicked (CR 702.33)."""
        return "kicked"

    def cond_alt_paid(self, c):
        """The spell that is or became this object was cast for that alternative cost (CR 118.9):
        "if its surge cost was paid" (CR 702.117a)."""
        return _alt_paid(c)

    def cond_state(self, c):
        """"if you control a Swamp", "if you have 10 or less life", ...: the game state (CR 603.4)."""
        return c[0].condition if isinstance(c[0], _OfIt) else c[0]

    def cond_mana_spent(self, c):
        """Adamant (CR 207.2c): mana of one color spent to cast the spell (CR 601.2h)."""
        return _mana_spent(c)

    def cond_cast_in_main_phase(self, c):
        """Addendum (an ability word, CR 207.2c): "If you cast this spell during your main
        phase", of an instant or sorcery as it resolves."""
        return "cast_in_your_main_phase"

    def cond_had_counter(self, c):
        """"if it had a +1/+1 counter on it": the permanent as it left (CR 603.10a)."""
        return ir.HadCounter(c[0])

    def cond_had_no_counter(self, c):
        return ir.HadCounter(c[0], none=True)

    def cond_sacrificed_stat(self, c):
        """"If the sacrificed creature's toughness was 4 or greater": the permanent sacrificed to
        pay the cost, as it last existed (CR 608.2h)."""
        n = _number(str(c[-1]))
        _need(isinstance(n, int), "was X or greater")
        stat = next(x for x in c if x in ("power", "toughness", "mana_value"))
        return ir.AmountAtLeast(ir.StatOf(ir.Ref(ir.SACRIFICED), stat), n)

    def cond_cast_from_hand(self, c):
        """"if you cast it from your hand", "If this spell was cast from your hand" (CR 601.2a)."""
        return "cast_from_hand"

    def cond_cast_from_graveyard(self, c):
        """"If this spell was cast from a graveyard" (flashback, jump-start, ...; CR 601.2a)."""
        return "cast_from_graveyard"

    def cond_self_in_graveyard(self, c):
        """"if ~ is in your graveyard": the ability states the zone it works in (CR 113.6b)."""
        return IN_GRAVEYARD_CONDITION

    def cond_nth_creature_spell(self, c):
        """"if it's the second creature spell you cast this turn": of a cast trigger, the spell
        and the count of creature spells its caster cast this turn, it included (CR 601.2i)."""
        return _NthCreatureSpell(_ORDINALS[str(c[0]).lower()])

    def cond_name_unique(self, c):
        """"if it doesn't have the same name as another creature you control or a creature card in
        your graveyard": of the permanent whose entering triggered the ability (CR 201.2, 603.4)."""
        return "entered_name_unique"

    def cond_tribute_not_paid(self, c):
        """CR 702.104b: the chosen opponent didn't have it enter with the tribute counters."""
        return "tribute_not_paid"

    def cond_not_escaped(self, c):
        """"Sacrifice it unless it escaped": the permanent wasn't cast with escape (CR 702.138c)."""
        return "not_escaped"

    def cond_attacked(self, c):
        """You attacked with a creature this turn (raid)."""
        return "you_attacked_this_turn"

    def cond_creature_died(self, c):
        """A creature died this turn (morbid)."""
        return "creature_died_this_turn"

    def trig_body(self, c):
        return c[0]

    @v_args(meta=True)
    def reflexive(self, meta, c):
        """CR 603.12: "You may [act]. When you do, [effect]." The second part becomes a
        reflexive triggered ability created by doing the first, with targets of its own."""
        first, then = c
        _need(bool(first) and isinstance(first[-1], ir.May), "when you do")
        effects, targets = bind(then, ir.Ref("triggering_object"))
        text = self.text[meta.start_pos:meta.end_pos]
        text = text[text.lower().rfind("when you do"):]
        ability = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.REFLEXIVE), tuple(effects), tuple(targets), text=text)
        may = first[-1]
        return first[:-1] + [ir.May(may.effects + (ir.CreateReflexive(ability),), may.who)]

    @v_args(meta=True)
    def exert_line(self, meta, c):
        """CR 701.43d: "You may exert ~ as it attacks." with its linked "When you do, ..."
        (CR 607.2h); "it" there is the exerted creature, the source."""
        text = self.text[meta.start_pos:meta.end_pos]
        if len(c) < 3:
            return "abilities", [ir.ExertAbility(text=text)]
        effects, targets = bind(c[-1], ir.Ref("self"))
        then = text[text.lower().rfind("when you do"):]
        ability = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.REFLEXIVE), tuple(effects), tuple(targets), text=then)
        return "abilities", [ir.ExertAbility(ir.CreateReflexive(ability), text)]

    def static_line(self, c):
        out: list = []
        for a in (a for group in c for a in group):
            if isinstance(a, _KeepsSource):     # "This effect doesn't remove ~." (Pentarch Ward)
                _need(bool(out) and type(out[-1]) is ir.StaticAbility and type(out[-1].effect) is ir.StaticGrantKeywords
                      and any(k.name == "protection" for k in out[-1].effect.keywords), "doesn't remove")
                keeps = {"keeps_auras": True} if a.auras else {"keeps_source": True}
                out[-1] = ir.StaticAbility(dataclasses.replace(out[-1].effect, **keeps), out[-1].text)
            else:
                out.append(a)
        return "abilities", no_it_subject(out)

    def spell_line(self, c):
        return "spell", c[0]

    mode_line = spell_line

    def spell_ifs(self, c):
        """Conditional instructions one after another, each checked as the spell resolves
        (CR 608.2c)."""
        return "spell", self.body(c)

    @v_args(meta=True)
    def mode(self, meta, c):
        effects, targets = bind(c[1], None)
        text = self.text[meta.start_pos:meta.end_pos].lstrip("• ").strip()
        return ir.Mode(text, tuple(targets), tuple(effects))

    def modal(self, c):
        return [ir.Modal(tuple(c[2:]), choose=_number(c[0]))]

    def modal_one_or_both(self, c):
        """CR 700.2: "Choose one or both -", one mode or the two."""
        modes = tuple(c[2:])
        _need(_number(c[0]) == 1 and len(modes) == 2, "one or both")
        return [ir.Modal(modes, choose=1, most=2)]

    def modal_one_or_more(self, c):
        """CR 700.2: "Choose one or more -", any number of different modes, at least one."""
        modes = tuple(c[2:])
        _need(_number(c[0]) == 1 and len(modes) >= 2, "one or more")
        return [ir.Modal(modes, choose=1, most=len(modes))]

    def modal_repeat(self, c):
        """CR 700.2d: "Choose three. You may choose the same mode more than once." """
        modes = tuple(m for m in c if isinstance(m, ir.Mode))
        return [ir.Modal(modes, choose=_number(c[0]), repeat=True)]

    def modal_both_if(self, c):
        """"Choose one. If you control a commander as you cast this spell, you may choose both."
        (CR 601.2b, 700.2): the condition is read as the modes are chosen."""
        modes = tuple(m for m in c if isinstance(m, ir.Mode))
        _need(_number(c[0]) == 1 and len(modes) == 2 and type(c[1]) is ir.YouControl, "choose both if")
        return [ir.Modal(modes, choose=1, most=2, more_if=c[1])]

    def modal_any_if(self, c):
        """"Choose one. If this spell was kicked, choose any number instead." (CR 601.2b, 700.2):
        kicker is announced before the modes are chosen, each mode at most once."""
        modes = tuple(m for m in c if isinstance(m, ir.Mode))
        _need(_number(c[0]) == 1 and c[1] == "kicked", "choose any number if")
        return [ir.Modal(modes, choose=1, most=len(modes), more_if=c[1])]

    # ------------------------------------------------------------------ keywords
    def keywords(self, c):
        return [k for group in c for k in group]

    def kw_simple(self, c):
        return [ir.Keyword(_kw_name(c[0]))]

    def kw_cost(self, c):
        return [ir.Keyword(_kw_name(c[0]), cost=ir.Cost(mana=c[1]))]

    def kw_number(self, c):
        _need(str(c[1]).isdigit(), "keyword with X")
        return [ir.Keyword(_kw_name(c[0]), arg=str(c[1]))]

    def kw_protection(self, c):
        """"Protection from A and from B" is two protection abilities (CR 702.16g), "from all
        colors" one from each color (its rulings: Etched Champion, Iridescent Angel)."""
        args = [a for p in c if not isinstance(p, Token) for a in (p if isinstance(p, tuple) else (p,))]
        return [ir.Keyword("protection", arg=a) for a in dict.fromkeys(args)]

    def kw_hexproof_from(self, c):
        """"Hexproof from A and from B" is two hexproof abilities (CR 702.11d, 702.11f), each with
        a quality as protection states it (``engine.filters.quality``)."""
        args = [a for p in c if not isinstance(p, Token) for a in (p if isinstance(p, tuple) else (p,))]
        _need(all(isinstance(a, str) and a not in (ir.PROTECTION_CHOICE, ir.YOUR_OPPONENTS, ir.CHOSEN_COLOR,
                                                   ir.CHOSEN_PLAYER, ir.MOST_VOTED_COLORS) for a in args), "hexproof from a choice")
        return [ir.Keyword("hexproof from", arg=a) for a in dict.fromkeys(args)]

    def kw_protection_either(self, c):
        """"Protection from artifacts or from the color of your choice": one protection, from
        the quality the controller of the effect granting it chooses (``ir.PROTECTION_OR``)."""
        first, second = [p for p in c if not isinstance(p, Token)]
        _need(isinstance(first, str) and isinstance(second, str), "protection from a choice of groups")
        return [ir.Keyword("protection", arg=f"{first}{ir.PROTECTION_OR}{second}")]

    def kw_affinity(self, c):
        word = str(c[0]).lower()
        _need(word.endswith("s"), "affinity")
        return [ir.Keyword("affinity", arg=word)]

    def kw_number_cost(self, c):
        """"Suspend 4—{U}" (CR 702.62), "Awaken 2—{4}{W}" (CR 702.113), "Reinforce 1—{1}{W}"
        (CR 702.77)."""
        _need(str(c[1]).isdigit(), "X")
        return [ir.Keyword(_kw_name(c[0]), cost=ir.Cost(mana=c[3]), arg=str(c[1]))]

    def kw_dash_cost(self, c):
        """A keyword cost that isn't mana alone: "Echo—Discard a card." (CR 702.30a),
        "Cumulative upkeep—Pay 1 life." (CR 702.24a), "Cycling—Pay 2 life." (CR 702.29a)."""
        name = _kw_name(c[0])
        _need(name in ("echo", "cumulative upkeep", "kicker", "buyback", "flashback", "escape", "cycling", "escalate"), "keyword cost")
        return [ir.Keyword(name, cost=c[2])]

    def kw_splice(self, c):
        """"Splice onto Arcane {1}{R}" (CR 702.47)."""
        return [ir.Keyword("splice", cost=ir.Cost(mana=c[1]), arg=_subtype(str(c[0]))[0])]

    def kw_enchant(self, c):
        if isinstance(c[0], str):           # "Enchant player", "Enchant opponent"
            return [ir.Keyword("enchant", arg=c[0])]
        words, what = c[0]
        return [ir.Keyword("enchant", arg=words, filter=what)]

    def enchant_what(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT), "enchant")
        return _describe(d.filter, d.kind), d.filter

    def enchant_player(self, c):
        return "player"

    def enchant_opponent(self, c):
        return "opponent"

    def prot(self, c):
        """A color, or "multicolored", "monocolored", "colorless", "everything", "snow"."""
        return str(c[0]).lower()

    def prot_all_colors(self, c):
        return tuple(COLOR_NAMES[k] for k in COLORS)

    def prot_type(self, c):
        """A card type, as its plural ("artifacts", "instants"; CR 702.16a)."""
        word = str(c[0]).lower()
        _need(word.endswith("s"), "protection from a card type")
        return word

    def prot_subtype(self, c):
        """A subtype, by its name ("Zombies" -> "Zombie"; CR 702.16a)."""
        return _subtype(str(c[0]))[0]

    def prot_mana_value(self, c):
        """"Protection from converted mana cost 3 or greater" (CR 202.3, 702.16a): "mana value
        3 or greater" ("or less" likewise), read by engine.filters.quality."""
        n = str(c[0])
        _need(n.isdigit(), "protection from a mana value")
        return f"mana value {n} or {'greater' if c[-1].type == 'GREATER_W' else 'less'}"

    def prot_colored_spells(self, c):
        """"Protection from colored spells" (Emrakul, the Aeons Torn): spells only, not the
        permanents they become nor abilities (the card's rulings)."""
        return "colored spells"

    def prot_type_spells(self, c):
        """"Protection from instant spells" (CR 702.16a): the card type's word, then "spells"."""
        word = str(c[0]).lower()
        _need(word in ("instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker"), "spells of a type")
        return f"{word} spells"

    def prot_legendary_type(self, c):
        """"Protection from legendary creatures" (CR 702.16a): both the supertype and the card type."""
        word = str(c[0]).lower()
        _need(word.endswith("s"), "protection from a card type")
        return f"legendary {word}"

    def prot_chosen_player(self, c):
        """"Protection from the chosen player" (CR 702.16k): chosen as the card entered."""
        return ir.CHOSEN_PLAYER

    def prot_opponents(self, c):
        """"Protection from each of your opponents" (CR 702.16i, 702.16k): the players are those
        who are opponents as the effect granting it happens."""
        return ir.YOUR_OPPONENTS

    def prot_chosen(self, c):
        """"Protection from the chosen color": chosen as the source entered, or by "Choose a
        color." before it (see ``body``)."""
        _need(str(c[0]).lower() == "color", "the chosen type")
        return ir.CHOSEN_COLOR

    def choose_color_first(self, c):
        _need(str(c[0]).lower() == "color", "choose a type")
        return [_ChooseColor()]

    def choose_type_first(self, c):
        """"Choose a creature type." opening a spell (CR 608.2d): the later "of the chosen type"
        is that type."""
        _need(str(c[0]).lower() == "creature", "choose a type")
        return [ir.ChooseCreatureType()]

    def choose_name_first(self, c):
        """"Choose a [nonland] card name." opening a spell (CR 201.3, 608.2d): the later "with the
        chosen name" or "with that name" is that name."""
        return [ir.ChooseCardName(c[0])]

    def prot_most_voted(self, c):
        """"Protection from each color with the most votes or tied for most votes": the colors a
        vote before chose, as the effect granting it happens (CR 701.38)."""
        return ir.MOST_VOTED_COLORS

    def prot_choice(self, c):
        """"Protection from the color of your choice": chosen as the effect granting it happens."""
        return ir.PROTECTION_CHOICE

    # ------------------------------------------------------------------ costs
    def costs(self, c):
        return cost_of(c)

    def mana(self, c):
        return ManaCost.parse("".join(map(str, c)))

    def c_mana(self, c):
        return c[0]

    def c_tap(self, c):
        return ir.TapSymbol()

    def c_untap(self, c):
        return ir.UntapSymbol()

    def c_energy(self, c):
        """"Pay {E}{E}": remove two energy counters from yourself (CR 107.14, 118.3)."""
        return ir.PayEnergyCost(len(c))

    def c_life(self, c):
        if str(c[0]).upper() == "X":      # announced as a spell is cast (support: additional costs only)
            return ir.PayLifeCost(0, x=True)
        _need(str(c[0]).isdigit(), "pay X life")
        return ir.PayLifeCost(int(c[0]))

    def c_life_commander_colors(self, c):
        """"Pay life equal to the number of colors in your commanders' color identity"."""
        return ir.PayLifeCost(0, commander_colors=True)

    def c_sac_self(self, c):
        return ir.SacrificeSelfCost()

    def c_sac(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "sacrifice")
        # CR 701.21a: a player can sacrifice only a permanent they control
        return ir.SacrificeCost(dataclasses.replace(d.filter, other=other or d.filter.other, controller="you"))

    def c_exile_cards(self, c):
        """"exile a blue card from your hand", "exile two red cards from your hand" (CR 118.9);
        "exile a creature card from your graveyard", "exile two cards from your graveyard"
        (CR 118.3: cards of the payer's own graveyard, CR 404.1)."""
        n, d = _number(c[0]), c[1]
        # "other cards from your graveyard": other than the card whose cost it is (escape)
        _need(isinstance(n, int) and n >= 1 and d.plural == (n > 1) and d.kind is DescKind.CARD
              and (not d.filter.other or d.filter.zone == "graveyard"), "exile cards")
        if d.filter.zone == "graveyard":
            _need(d.filter.controller == "you", "exile cards from a graveyard")
            return ir.ExileFromGraveyardCost(d.filter, n)
        _need(d.filter.zone == "hand", "exile cards")
        return ir.ExileFromHandCost(d.filter, n)

    def c_put_counter_self(self, c):
        """"Put a -1/-1 counter on ~" (CR 118.3, 122.1)."""
        _need(_number(c[0]) == 1, "put counters")
        return ir.PutCounterCost(c[1])

    def c_put_counter_on(self, c):
        """"put a -1/-1 counter on a creature you control" (CR 118.3): one the payer controls."""
        d = c[-1]
        _need(_number(c[0]) == 1 and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller == "you", "put a counter on")
        return ir.PutCounterCost(c[1], d.filter)

    def c_reveal_from_hand(self, c):
        """"reveal a Pirate card from your hand" (CR 118.3): one card of the payer's hand."""
        n, d = _number(c[0]), c[1]
        _need(n == 1 and not d.plural and d.kind is DescKind.CARD and d.filter.zone == "hand" and not d.filter.other,
              "reveal cards")
        return ir.RevealFromHandCost(d.filter)

    def c_sac_count(self, c):
        """"sacrifice two Mountains", "sacrifice three black creatures" (CR 118.9, 701.21a)."""
        n, d = _number(c[0]), c[1]
        _need(isinstance(n, int) and n >= 1 and d.plural == (n > 1) and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "sacrifice N")
        f = dataclasses.replace(d.filter, controller="you")
        return ir.SacrificeCost(f, n)

    def c_return_to_hand(self, c):
        """"return an Island you control to its owner's hand" (Daze; CR 118.9)."""
        n, d = _number(c[0]), c[1]
        _need(isinstance(n, int) and n >= 1 and d.plural == (n > 1) and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given and d.filter.controller == "you", "return to hand")
        return ir.ReturnToHandCost(d.filter, n)

    def c_discard_hand(self, c):
        return ir.DiscardHandCost()

    def c_discard(self, c):
        _need(c[0] != "another", "discard")
        return ir.DiscardCost(1)

    def c_discard_self(self, c):
        """"Discard ~" (CR 113.6k): the ability works only while the card is in its owner's hand."""
        return ir.DiscardSelfCost()

    def c_exile_self_graveyard(self, c):
        """"Exile ~ from your graveyard" (CR 113.6k): it works only while the card is there."""
        return ir.ExileSelfCost("graveyard")

    def c_exile_source(self, c):
        """"Exile ~": the permanent, from the battlefield (CR 406.1)."""
        return ir.ExileSelfCost("battlefield")

    def c_return_self(self, c):
        """"Return ~ to its owner's hand": the permanent, from the battlefield."""
        return ir.ReturnSelfCost()

    def c_exert(self, c):
        """"Exert ~" (CR 701.43a): the permanent won't untap during its controller's next untap step."""
        return ir.ExertCost()

    def c_discard_random(self, c):
        """"Discard a card at random" (CR 701.9b): the game, not the player, picks the card."""
        _need(c[0] != "another", "discard")
        return ir.DiscardCost(1, at_random=True)

    def c_remove_counter(self, c):
        n = _number(c[0])
        if type(n) is ir.X:     # "Remove X storage counters from ~" (Calciform Pools)
            return ir.RemoveAnyCountersCost(c[1], named_x=True)
        return ir.RemoveCountersCost(c[1], n)

    def c_remove_any_counters(self, c):
        """"Remove any number of storage counters from ~" (storage lands, Mana Batteries)."""
        return ir.RemoveAnyCountersCost(c[0])

    def counter_kind(self, c):
        """A counter's kind (CR 122.1): "+1/+1", "-1/-1" or a word such as "charge"."""
        kind = str(c[0])
        _need(c[0].type == "COUNTER_NAME" or kind in ("+1/+1", "-1/-1"), "counter kind")
        return kind

    def c_tap_others(self, c):
        """"Tap two untapped red creatures you control" (Crackleburr, CR 118.3)."""
        n, d = _number(c[0]), c[1]
        _need(isinstance(n, int) and n > 1 and d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "tap cost")
        return ir.TapUntappedCost(d.filter, n)

    def c_untap_others(self, c):
        """"Untap two tapped blue creatures you control" (Crackleburr, CR 118.3)."""
        n, d = _number(c[0]), c[-1]
        _need(isinstance(n, int) and n > 1 and d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "untap cost")
        return ir.UntapTappedCost(d.filter, n)

    # ------------------------------------------------------------------ loyalty abilities (CR 606)
    def c_loyalty(self, c):
        """A loyalty symbol as a cost (CR 606.4): "+N", "-N", "0"; "-X" removes X loyalty
        counters, X chosen as it is activated (CR 107.3). "+X" is not read."""
        text = str(c[0])
        if text.upper() == "-X":
            return ir.LoyaltySymbol(0, x=True)
        _need(text[-1].isdigit(), "loyalty cost with X")
        return ir.LoyaltySymbol(int(text))

    def c_tap_other(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "tap cost")
        return ir.TapUntappedCost(d.filter)

    # ------------------------------------------------------------------ sentences
    def body(self, c):
        out: list = []
        start = 0           # where the effects of the sentence before begin
        chose = False       # "Choose a color." came first
        for sentence in c:
            if sentence and isinstance(sentence[0], _ChooseColor):
                chose = True
                continue
            if chose:       # "... gain protection from the chosen color": chosen as it happens
                chose = False
                _need(len(sentence) == 1 and type(sentence[0]) is ir.GrantKeywords
                      and any(k.arg == ir.CHOSEN_COLOR for k in sentence[0].keywords), "choose a color")
                keywords = tuple(dataclasses.replace(k, arg=ir.PROTECTION_CHOICE) if k.arg == ir.CHOSEN_COLOR else k
                                 for k in sentence[0].keywords)
                sentence = [dataclasses.replace(sentence[0], keywords=keywords)]
            if sentence and isinstance(sentence[0], _Otherwise):
                _need(len(out) > start, "otherwise")
                out[-1:] = _otherwise(out[-1], sentence[0].effects)
                continue
            if any(getattr(e, "who", None) == ir.Ref(ir.UNABLE_TO_SACRIFICE) for e in sentence):
                # "Each opponent who can't ...": the players the edict just before named (CR 701.21a)
                _need(len(sentence) == 1 and len(out) > start and type(out[-1]) is ir.SacrificePermanents
                      and out[-1].who in (ir.Ref("each_opponent"), ir.Ref("each_player")), "who can't")
            if sentence and isinstance(sentence[0], ir.IfYouDont):
                _need(len(out) > start, "if you don't")
                out[-1:] = _unless_done(out[-1], sentence[0])
                continue
            if sentence and isinstance(sentence[0], _TokenHas):
                _need(len(out) > start and len(sentence) == 1, "it has")
                out[-1] = _token_with(out[-1], sentence[0])
                continue
            if sentence and isinstance(sentence[0], _GainPrevented):
                # CR 615.5: the rest of a prevention effect, done as the damage is prevented
                before = out[start:]
                _need(len(sentence) == 1 and bool(before) and all(type(e) is ir.PreventDamage for e in before),
                      "the damage prevented this way")
                # "that creature": the one creature the prevention protects
                _need(sentence[0].field != "counters" or len(before) == 1 and isinstance(before[0].to, _T)
                      and before[0].to.spec.kind == ir.TargetKind.PERMANENT and before[0].to.spec.count == 1
                      and before[0].also_to is None, "that creature")
                out[start:] = [dataclasses.replace(e, **{sentence[0].field: True}) for e in before]
                continue
            if sentence and isinstance(sentence[0], _StillType):
                # CR 205.1b: "It's still a land." keeps the other types of what the sentence
                # before made a creature
                _need(len(sentence) == 1 and any(type(e) is ir.BecomeCreature for e in _flat(out[start:])),
                      "still a")
                out[start:] = [_keep_types(e) for e in out[start:]]
                continue
            if sentence and isinstance(sentence[0], _NotNew):
                _need(len(out) > start and type(out[-1]) is ir.ChangeText and len(sentence) == 1, "the new type")
                out[-1] = dataclasses.replace(out[-1], not_new=out[-1].not_new + (sentence[0].word,))
                continue
            if sentence and isinstance(sentence[0], _RepeatAny):
                # "this process": every instruction before it, none of them a choice made once
                # for the whole spell (a target, a mode)
                _need(len(sentence) == 1 and bool(out) and not any(type(e) in (ir.May, ir.Modal, ir.RepeatProcess) for e in out)
                      and (sentence[0].share_color or not any(ir.contains(e, lambda n: isinstance(n, _T)) for e in out)),
                      "repeat this process")
                if sentence[0].share_color:     # the process: one mill of two cards, with its target
                    _need(len(out) == 1 and type(out[0]) is ir.Mill and out[0].amount == 2, "two cards milled this way")
                out[:] = [ir.RepeatProcess(tuple(out), if_milled_share_color=sentence[0].share_color)]
                continue
            if sentence and isinstance(sentence[0], _DoesTheSame):
                # the effects of the sentence before, done again by each opponent attacking
                before = out[start:]
                _need(bool(before) and len(sentence) == 1, "does the same")
                out.append(ir.DoesTheSame(ir.Ref(ir.OPPONENTS_ATTACKING), tuple(before)))
                continue
            if sentence and isinstance(sentence[0], _CounteredExile):
                to = sentence[0].to
                _need(len(out) > start and type(out[-1]) in ((ir.CounterSpell, ir.CounterUnlessPays)
                                                            if to == "exile" else (ir.CounterSpell,))
                      and len(sentence) == 1, "countered this way")
                out[-1] = dataclasses.replace(out[-1], **({"exile": True} if to == "exile" else {"instead": to}))
                continue
            if sentence and isinstance(sentence[0], ir.IfYouWin):
                # CR 701.30d after a clash; CR 705.2 after a coin flip (perhaps a "you may"),
                # "If you win the flip" and "If you lose the flip" in either order
                anchor = next((e for e in reversed(out[start:]) if type(e) is not ir.IfYouWin), None)
                flipped = type(anchor) is ir.FlipCoin or (type(anchor) is ir.May and anchor.effects == (ir.FlipCoin(),))
                _need(flipped if sentence[0].flip else type(anchor) is ir.Clash, "if you win")
                _need(len(sentence) == 1 and out[-1] is anchor or type(out[-1]) is ir.IfYouWin, "if you win")
                out += sentence
                continue
            if sentence and type(sentence[0]) is ir.IfVoted:
                # CR 701.38: "If A gets more votes, ..." after the vote of A or B, or another such "If"
                vote = next((e for e in out if type(e) is ir.Vote), None)
                _need(vote is not None and sentence[0].choice in vote.choices and len(sentence) == 1
                      and type(out[-1]) in (ir.Vote, ir.IfVoted), "if ... gets more votes")
                out += sentence
                continue
            if sentence and type(sentence[0]) is _TheyDo:
                # "that attacking player may discard a card. If the player does, they draw a card.":
                # the player who may does both (CR 608.2c)
                last = out[-1] if len(out) > start else None
                _need(type(last) is ir.May and isinstance(last.who, ir.Ref) and last.who != ir.Ref("you")
                      and len(last.effects) == 1 and getattr(last.effects[0], "who", None) == last.who
                      and _may_do(ir.May((dataclasses.replace(last.effects[0], who=ir.Ref("you")),)))
                      and all(getattr(e, "who", None) == ir.Ref("you") for e in sentence[0].effects), "if the player does")
                theirs = tuple(dataclasses.replace(e, who=last.who) for e in sentence[0].effects)
                out[-1] = ir.May(last.effects + (ir.IfYouDo(theirs),), last.who)
                continue
            if sentence and isinstance(sentence[0], ir.IfYouDo):
                _need(len(out) > start, "if you do")
                last = out[-1]
                if any(type(e) is ir.May and e.who is THEY for e in sentence[0].effects):
                    # "If the player does, they may ...": the player offered the "may" before
                    _need(_they_may_do(last), "if the player does")
                    sentence = [ir.IfYouDo(tuple(dataclasses.replace(e, who=last.who) if type(e) is ir.May and e.who is THEY
                                                 else e for e in sentence[0].effects))]
                else:
                    _need(_may_do(last), "if you do")
                if type(last) is ir.May:
                    out[-1] = ir.May(last.effects + tuple(sentence), last.who)
                else:
                    out += sentence
                continue
            if sentence and type(sentence[0]) is ir.ExileIfDies:    # after the damage it is about
                _need(len(sentence) == 1 and any(type(e) is ir.DealDamage for e in out), "would die this turn")
            if sentence and isinstance(sentence[0], _Instead):
                if not out:         # of the paragraph before: see instead_of_line_before
                    out += sentence
                    continue
                before = out[start:]
                _need(bool(before), "instead")
                out[start:] = [sentence[0].replace(before)]
                continue
            start = len(out)
            if any(type(e) is ir.SacrificePermanents and e.up_to for e in out):
                # "Sacrifice any number of Mountains. ~ deals that much damage ...": how many were
                # sacrificed, not an amount of the event (Landslide, Last-Ditch Effort; CR 608.2c)
                sentence = [_counted_that_much(e) for e in sentence]
            out += sentence
        _vote_references(out)
        # a land that stops being a land loses its basic land types' mana abilities (CR 205.1a,
        # 305.6), which the engine doesn't take away: such a "becomes" is refused
        _need(not any(type(e) is ir.BecomeCreature and e.replaces_types and _names_lands(e.what) for e in _flat(out)),
              "a land that becomes only a creature")
        return self._spend_rules(out)

    def _spend_rules(self, effects):
        out: list = []
        for e in effects:
            if type(e) is ir.TriggeredAbility:      # a SpendRule's "trigger" rider: its ability
                _need(bool(out) and type(out[-1]) is ir.AddMana and out[-1].spent_trigger is None, "that mana is spent")
                out[-1] = dataclasses.replace(out[-1], spent_trigger=e)
            elif type(e) is ir.SpendRule:
                # CR 106.6: "this mana" / "that mana" is what the sentence before added
                _need(bool(out) and type(out[-1]) is ir.AddMana, "spend this mana")
                out[-1] = dataclasses.replace(out[-1], spend=_merge_spend(out[-1].spend, e))
            else:
                out.append(e)
        return out

    def sep(self, c):
        return None

    def sentence(self, c):
        """Give subjectless clauses the previous subject, and open durations the next one."""
        effects: list = []
        last = None
        player = None       # the player the last clause with a player subject named
        for clause in c:
            if clause is None:
                continue
            for e in clause:
                # without "this turn", a prevention sentence is a static ability (st_prevent)
                _need(type(e) not in (ir.PreventDamage, ir.RedirectDamage) or bool(e.duration),
                      "a prevention without a duration")
                if getattr(e, "who", None) is PREV_PLAYER:
                    _need(player is not None, "no player named before")
                    e = dataclasses.replace(e, who=player)
                if type(e) is not ir.May and _is_player(getattr(e, "who", None)):
                    player = e.who
                if getattr(e, "what", None) is PREV:
                    _need(last is not None, "no subject")
                    e = dataclasses.replace(e, what=last)
                    # a rule about combat for a group outlives the source: nothing in the group
                    # may name it (CR 611.2c; "Other creatures get +1/+0 and can't block")
                    _need(type(e) is not ir.Restrict or not isinstance(last, ir.Ref) or last.name != "all"
                          or _plain_group(last.filter), "a group that names the source")
                last = _subject_of(e) or last
                effects.append(e)
        duration = None
        for i in range(len(effects) - 1, -1, -1):
            d = getattr(effects[i], "duration", None)
            if d == _OPEN:
                effects[i] = dataclasses.replace(effects[i], duration=duration or "permanent")
            elif d is not None:
                duration = d
        _need(not ir.contains(effects, lambda n: n is UNROUNDED_HALF), "half without a rounding (CR 107.1a)")
        return _gains_as_it_becomes(effects)

    def round_down_each(self, c):
        """"[effects with half X]. Round down each time.": each half rounded down (CR 107.1a)."""
        found: list = []
        effects = [_replaced(e, UNROUNDED_HALF, ir.Half(ir.X()), found) for clause in c if clause for e in clause]
        _need(bool(found), "round down without a half")
        return self.sentence([effects])

    def where_x(self, c):
        """"[effects with X], where X is [a quantity]": X in those effects is that quantity
        (CR 107.3); a sentence without X, or with X anywhere but an amount, is refused."""
        *clauses, _where, value = c
        effects = self.sentence(clauses)
        found = []
        out = [_with_x(e, value, found) for e in effects]
        if type(value) is ir.CountOf:
            # "counter target spell with mana value X or less, where X is the number of Faeries
            # you control": counted as targets are chosen and again as it resolves (CR 107.3, 608.2b)
            out = [_with_x_in_targets(e, value, found) for e in out]
        _need(bool(found), "where X without X")
        # "the number of cards in their hand" is counted for each player dealt the damage
        _need(not ir.per_player(value) or all(type(new) is ir.DealDamage and _is_player(new.to)
                                              for old, new in zip(effects, out) if new is not old),
              "counted for a player")
        _need(not _has_x(out), "X where no quantity goes")     # a target count, a filter
        return out

    def xv_times_mutated(self, c):
        return ir.TimesMutated()

    @v_args(meta=True)
    def delayed_after(self, meta, c):
        """CR 603.7, 603.7c: "[do something] at the beginning of the next end step" (or "of the
        next turn's upkeep") creates a delayed triggered ability that triggers once; "it" is the
        object named now."""
        step, duration = next(x for x in c if isinstance(x, tuple))
        effects = self.sentence([x for x in c if not isinstance(x, tuple)])
        text = self.text[meta.start_pos:meta.end_pos]
        whose = "your" if duration == "your_next_upkeep" else "each"
        ability = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=step, whose=whose),
                                      tuple(effects), text=text)
        return [ir.CreateDelayedTrigger(ability, duration=duration)]

    delayed_before = delayed_after

    @v_args(meta=True)
    def delayed_when(self, meta, c):
        """CR 603.7: "When that creature dies this turn, ..." / "Whenever a creature blocks this
        turn, ...": a delayed triggered ability made as this resolves, which lasts the turn.
        "That creature" is an object named before, fixed now (CR 603.7c); "it" and "its
        controller" in its effect are the object its event names and that one's controller."""
        trigger, what = next(x for x in c if isinstance(x, tuple))
        effects = self.sentence([x for x in c if not isinstance(x, (tuple, Token))])
        effects, targets = bind(effects, ir.Ref("triggering_object"), ir.Ref("triggering_controller"))
        text = self.text[meta.start_pos:meta.end_pos]
        ability = ir.TriggeredAbility(trigger, tuple(effects), tuple(targets), text=text[:1].upper() + text[1:])
        return [ir.CreateDelayedTrigger(ability, duration="this_turn", what=what)]

    def de_that_dies(self, c):
        return ir.Trigger(ir.TriggerEvent.DIES, ir.Filter(types=("Creature",))), THAT_OBJECT    # CR 700.4

    def de_that_leaves(self, c):
        return ir.Trigger(ir.TriggerEvent.LEAVES, ir.Filter()), THAT_OBJECT

    def de_attacks(self, c):
        return ir.Trigger(ir.TriggerEvent.ATTACKS, self._one_of(c, "attacks")), None

    def de_blocks(self, c):
        return ir.Trigger(ir.TriggerEvent.BLOCKS, self._one_of(c, "blocks")), None

    def de_dies(self, c):
        return ir.Trigger(ir.TriggerEvent.DIES, self._one_of(c, "dies")), None

    def de_enters(self, c):
        return ir.Trigger(ir.TriggerEvent.ENTERS, self._one_of(c, "enters")), None

    def de_you_cast(self, c):
        """"Whenever you cast a creature spell this turn" (CR 601.2i)."""
        d = c[-1]
        _need(c[0] != "another" and d.kind is DescKind.SPELL and not d.plural and not d.zone_given, "cast this turn")
        return ir.Trigger(ir.TriggerEvent.CAST, dataclasses.replace(d.filter, controller="you")), None

    def ns_end(self, c):
        return "end", "next_end_step"

    def ns_upkeep(self, c):
        return "upkeep", "next_upkeep"

    def ns_end_of_combat(self, c):
        return "end_of_combat", "next_end_of_combat"

    def kinship(self, c):
        """Kinship's look, reveal and "If you do, ..." as one effect."""
        [done] = [x for x in c if isinstance(x, list)][-1]
        return [ir.RevealTopIfShares(done.effects)]

    def look_reveal(self, c):
        """Look at the top card, may reveal it; the effects if a card of the description is
        revealed (Delver of Secrets)."""
        d = next(x for x in c if isinstance(x, _Desc))
        _need(d.kind is DescKind.CARD and not d.zone_given and not d.plural, "a card revealed this way")
        effects = self.sentence([x for x in c if not isinstance(x, (str, _Desc))])   # an article, a token
        return [ir.LookRevealTop(dataclasses.replace(d.filter, zone="library"), tuple(effects))]

    def if_you_do(self, c):
        """"If you do, draw a card." after "you may discard a card" or "you may pay {1}":
        joined to that action by ``body`` (CR 608.2c). A target named here ("If you do, ~
        deals 1 damage to any target") is the ability's own: chosen as it is put on the stack
        like any other (CR 603.3d, 601.2c), whether or not the action is done later."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        return [ir.IfYouDo(tuple(effects))]

    def if_you_do_reveal_until(self, c):
        """"If you do, reveal cards from the top of your library until ..." (Gamekeeper)."""
        return [ir.IfYouDo(tuple(c[-1]))]

    def if_you_do_look(self, c):
        """"If you do, look at the top two cards of your library. [What is chosen.] [Where the rest
        go.]" (Trail of Crumbs; CR 608.2c, 701.20e)."""
        return [ir.IfYouDo(tuple(self.look_at_top(c)))]

    def if_they_do(self, c):
        """"If the player does, they draw a card." after "that attacking player may ...": joined
        to that "may" by ``body`` (CR 608.2c)."""
        return [_TheyDo(tuple(self.sentence([x for x in c if not isinstance(x, Token)])))]

    def if_they_may_do(self, c):
        """"If the player does, they may copy this spell ..." after "that player may pay {R}{R}":
        ``body`` makes "they" the player of that "may" (CR 608.2c)."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        _need(not _has_target(effects), "targets only if the player does")
        return [ir.IfYouDo((ir.May(tuple(effects), who=THEY),))]

    def if_you_do_where(self, c):
        """"If you do, it gets +X/+X until end of turn, where X is its power.": X is counted as
        the instruction is carried out (CR 107.3, 608.2h)."""
        return [ir.IfYouDo(tuple(self.where_x([x for x in c if not isinstance(x, Token) or x.type == "WHERE_X"])))]

    def if_kicked(self, c):
        """"If this spell was kicked, draw a card." (CR 702.33e). Targets that only a kicked
        spell has (CR 702.33g) are not supported."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        _need(not _has_target(effects), "targets only if kicked")
        return [ir.Conditional("kicked", tuple(effects))]

    def if_alt_paid(self, c):
        """"If this spell's surge cost was paid, ..." (CR 702.117a): like "if it was kicked"."""
        effects = self.sentence([x for x in c[1:] if not isinstance(x, Token)])
        _need(not _has_target(effects), "targets only if an alternative cost was paid")
        return [ir.Conditional(_alt_paid(c), tuple(effects))]

    def if_state(self, c):
        """"If you control a Wizard, draw a card.": checked as the spell or ability resolves
        (CR 608.2c); its targets are chosen either way, as it is cast or put on the stack."""
        effects = self.sentence([x for x in c[1:] if not isinstance(x, Token)])
        return [ir.Conditional(c[0], tuple(effects))]

    def if_discarded(self, c):
        """"If a land card is discarded this way, draw an additional card.": checked as it
        resolves against the cards the effects before it discarded (CR 608.2c, 701.9a)."""
        d = next(x for x in c if isinstance(x, _Desc))
        _need(d.kind is DescKind.CARD and not d.zone_given and not d.plural, "discarded this way")
        effects = self.sentence([x for x in c if isinstance(x, list)])
        return [ir.Conditional(ir.DiscardedThisWay(d.filter), tuple(effects))]

    def state_tail(self, c):
        """"At the beginning of your upkeep, discard a card if you don't control an Ogre.": the
        condition after one instruction, checked as the ability resolves (CR 608.2c), not as it
        triggers (CR 603.4 asks for it right after the trigger condition)."""
        condition = c[-1]
        effects = self.sentence([x for x in c[:-1] if not isinstance(x, Token)])
        return [ir.Conditional(condition, tuple(effects), condition_after=True)]

    def tc_state(self, c):
        """A condition on the game state; "it" would be the object the instruction names, not
        the source ("Counter target spell if it's tapped"): not read."""
        _need(not isinstance(c[0], _OfIt), "it after an instruction")
        return c[0]

    def tc_unless_they_control(self, c):
        """"... to that player unless they control a commander": the player the event named
        controls none, checked as the ability resolves (CR 608.2c)."""
        d = c[-1]
        _need(c[-2] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "unless they control")
        return ir.ThatPlayerControlsNone((d.filter,))

    def tail_cond(self, c):
        return c[0]

    def tc_it_is_color(self, c):
        """"Soul Rend: Destroy target creature if it's white.": the object the instruction named."""
        return ir.ObjectIs(IT, self.oq_colors(c))

    def if_state_instead(self, c):
        """"If [condition], [effects] instead.": the sentence before happens only when the
        condition is false (CR 608.2c)."""
        effects = tuple(self.if_state(c)[0].effects)
        return [_Instead(lambda before: ir.Conditional(c[0], effects, tuple(before)))]

    def state_instead_tail(self, c):
        """"That creature gets -13/-13 until end of turn instead if a creature died this turn."
        (morbid): the condition last."""
        return self.if_state_instead([c[-1], *c[:-1]])

    def state_instead_tail_obj(self, c):
        """"Destroy that creature if it has mana value 4 or less instead if a permanent you
        controlled left the battlefield this turn." (Fatal Push's revolt): the instruction with
        its own condition on the object replaces the one before when the last condition holds
        (CR 608.2c)."""
        inner = self.state_tail(c[:-1])[0]
        return [_Instead(lambda before: ir.Conditional(c[-1], (inner,), tuple(before)))]

    def if_kicked_instead_obj(self, c):
        """"If this spell was kicked, counter that spell if its mana value is 4 or less
        instead." (Prohibit; CR 702.33e, 608.2c)."""
        inner = self.state_tail([x for x in c if not isinstance(x, Token)])[0]
        return [_Instead(lambda before: ir.Conditional("kicked", (inner,), tuple(before)))]

    def if_kicked_instead(self, c):
        """"If this spell was kicked, that creature gets +5/+5 until end of turn instead.":
        the sentence before happens only if it wasn't kicked (CR 608.2c)."""
        effects = self.if_kicked(c)[0].effects
        return [_Instead(lambda before: ir.Conditional("kicked", effects, tuple(before)))]

    def if_kicked_damage(self, c):
        """"If this spell was kicked, it deals 4 damage instead." (Burst Lightning): the damage
        of the sentence before, to the same recipients, with the new amount."""
        source, n = [x for x in c if not isinstance(x, Token)]
        return [_damage_instead("kicked", source, n)]

    def state_damage_instead(self, c):
        """"If you control a Chandra planeswalker, ~ deals 5 damage instead." (CR 608.2c)."""
        return [_damage_instead(c[0], c[1], c[2])]

    def state_damage_instead_tail(self, c):
        """"~ deals 5 damage instead if a creature died this turn." (morbid)."""
        return [_damage_instead(c[2], c[0], c[1])]

    def may(self, c):
        effects = c[0]
        if len(effects) == 1 and type(effects[0]) is ir.UnlessPays and effects[0].who is THAT_PLAYER:
            # "you may draw a card unless that player pays {1}": that player chooses first whether
            # to pay, then you whether to draw (Rhystic Study and Mystic Remora rulings)
            unless = effects[0]
            return [dataclasses.replace(unless, effects=(ir.May(unless.effects),))]
        return [ir.May(tuple(effects))]

    def may_player(self, c):
        """"[player] may [do something]": the player both chooses and does it (CR 603.5)."""
        who, effects = c
        _need(_is_player(who), "may")
        if who == ir.Ref("each_player") and len(effects) == 1 and type(effects[0]) is ir.PutFromHand \
                and effects[0].filter.controller == ir.THEIR_HAND:
            # "Each player may put an artifact ... card from their hand onto the battlefield.": all
            # choose, then all enter at once (Show and Tell's rulings; CR 101.4)
            put = effects[0]
            return [dataclasses.replace(put, filter=dataclasses.replace(put.filter, controller=None),
                                        up_to=True, each_player=True)]
        if all(type(e) is ir.Draw and e.up_to for e in effects):   # "may draw up to two cards": one choice, 0 to 2
            return [dataclasses.replace(e, who=who) if e.who in (ir.Ref("you"), PREV_PLAYER) else e for e in effects]
        return [ir.May(tuple(dataclasses.replace(e, who=who) if getattr(e, "who", None) in (ir.Ref("you"), PREV_PLAYER)
                             else e for e in effects), who)]


_DAMAGED_PLAYER = frozenset({ir.TriggerEvent.DEALS_DAMAGE_TO_PLAYER, ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER,
                             ir.TriggerEvent.DEALS_DAMAGE_TO_OPPONENT, ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_OPPONENT})
# Events whose trigger condition names the player who acted or to whom it happened: the one who
# drew, discarded, cycled, gained or lost life (CR 603.2).
_PLAYER_ACTS = frozenset({ir.TriggerEvent.DRAW, ir.TriggerEvent.DISCARDS, ir.TriggerEvent.CYCLES, ir.TriggerEvent.GAIN_LIFE, ir.TriggerEvent.LOSE_LIFE, ir.TriggerEvent.PLAYS_LAND, ir.TriggerEvent.ACTIVATES,
                          ir.TriggerEvent.PUT_INTO_GRAVEYARD})     # the owner of the graveyard (CR 400.3)


_SELF_INTO_GRAVEYARD = ir.Trigger(ir.TriggerEvent.PUT_INTO_GRAVEYARD, "self")
IN_GRAVEYARD_CONDITION = "self_in_graveyard"


@dataclasses.dataclass(frozen=True)
class _NthCreatureSpell:
    """"if it's the second creature spell you cast this turn": made part of the cast trigger."""

    nth: int
   # the intervening "if" of an ability that works from a graveyard


def _counted_that_much(node):
    """``node`` with "that much" (``ir.EventAmount``) read as the number of permanents sacrificed
    before it in the same ability (``ir.CountedThisWay``)."""
    if node == ir.EventAmount():
        return ir.CountedThisWay()
    if isinstance(node, tuple):
        return tuple(_counted_that_much(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type) and ir.contains(node, lambda n: n == ir.EventAmount()):
        return dataclasses.replace(node, **{f.name: _counted_that_much(getattr(node, f.name))
                                            for f in dataclasses.fields(node)})
    return node


def _from_graveyard(node):
    """``node`` with "return ~ to the battlefield" ("put it onto the battlefield") read as a
    return from the graveyard the ability names: by "if ~ is in your graveyard" or by its
    trigger, the card going there (CR 113.6b, 113.6m, 603.6c)."""
    if type(node) is ir.ReturnToBattlefield and node.what in (ir.Ref("self"), ir.SELF_IN_GRAVEYARD):
        return dataclasses.replace(node, what=ir.Ref("self"), from_graveyard=True)
    if isinstance(node, tuple):
        return tuple(_from_graveyard(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type) and ir.contains(node, lambda n: type(n) is ir.ReturnToBattlefield):
        return dataclasses.replace(node, **{f.name: _from_graveyard(getattr(node, f.name)) for f in dataclasses.fields(node)})
    return node


def _owner_is_you(node):
    """``node`` with "its owner" (ir.ITS_OWNER) read as the ability's controller: the card's
    owner, who controls its trigger from the graveyard (CR 113.8)."""
    if node == ir.Ref(ir.ITS_OWNER):
        return ir.Ref("you")
    if isinstance(node, tuple):
        return tuple(_owner_is_you(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type) and ir.contains(node, lambda n: n == ir.Ref(ir.ITS_OWNER)):
        return dataclasses.replace(node, **{f.name: _owner_is_you(getattr(node, f.name)) for f in dataclasses.fields(node)})
    return node


def _returns_self(node) -> bool:
    """"Return ~ from your graveyard to your hand / to the battlefield" (CR 113.6m)."""
    return type(node) in (ir.ReturnToHand, ir.ReturnToBattlefield) and node.from_graveyard


def _attaches_to(effects, refs: tuple) -> bool:
    """Whether every ``Attach`` of ``effects`` attaches the source to a target or to one of
    ``refs`` (never to the source itself, CR 301.5c, 303.4d)."""
    return not ir.contains(effects, lambda n: type(n) is ir.Attach
                           and not isinstance(n.what, ir.Target) and n.what not in refs)


def _names_player(trigger: ir.Trigger) -> bool:
    """Whether "that player" in the effect means a player the trigger condition names (CR 603.2,
    608.2): the player who tapped the land (CR 106.12a), the player dealt damage ("deals combat
    damage to a player, that player discards a card"), the one who drew, discarded, cycled,
    gained or lost life, the caster of "a player / an opponent casts" (CR 601.2i), and the
    active player of "each player's / each opponent's / enchanted creature's controller's / the
    chosen player's upkeep", the opponent "a creature attacks one of your opponents" names. The engine's ``Seen.player`` is that player for each of them."""
    e = trigger.event
    if e == ir.TriggerEvent.TAPPED_FOR_MANA:
        return trigger.whose is not None
    if e == ir.TriggerEvent.BECOMES_TARGET_BY_SPELL:      # the controller of the spell that targets it
        return True
    if e == ir.TriggerEvent.CAST:
        return isinstance(trigger.subject, ir.Filter) and trigger.subject.controller in (None, "opponent")
    if e == ir.TriggerEvent.BEGINNING_OF_STEP:
        return trigger.whose in ("any", "opponent", "enchanted_controller", ir.CHOSEN_PLAYER, ir.ENCHANTED_PLAYER)
    if e == ir.TriggerEvent.ATTACKS and trigger.attacked is not None:      # the player attacked (CR 508.1b)
        return trigger.attacked.startswith("opponent") or trigger.attacked == ir.ENCHANTED_PLAYER
    return e in _DAMAGED_PLAYER or e in _PLAYER_ACTS
def _unless_done(last, dont: ir.IfYouDont) -> list:
    """CR 608.2c: "Pay {2}{B}. If you don't, ..." -- the payment is the player's choice, and
    what follows happens if it wasn't made; inside a delayed ability ("At the beginning of your
    next upkeep, pay ...", a Pact) the sentence joins that ability."""
    if type(last) is ir.CreateDelayedTrigger:
        ab = last.ability
        _need(bool(ab.effects) and not ab.targets, "if you don't")
        effects = tuple(_unless_done(ab.effects[-1], dont))
        text = ab.text
        return [dataclasses.replace(last, ability=dataclasses.replace(ab, effects=ab.effects[:-1] + effects,
                                                                      text=text))]
    if dont.who == THEY:       # "that player may pay {2}. If the player doesn't, ...": one player
        _need(type(last) is ir.May and (isinstance(last.who, ir.Target) or last.who == THAT_PLAYER)
              and _may_do(dataclasses.replace(last, who=ir.Ref("you"))), "if the player doesn't")
        return [last, dataclasses.replace(dont, who=last.who)]
    if type(last) is ir.PayMana:
        last = ir.May((last,))
    _need(_may_do(last), "if you don't")
    return [last, dont]


def _otherwise(last, effects: tuple) -> list:
    """CR 608.2c: "Otherwise, ..." is what happens when the condition of the sentence before is
    false, or when the action "If you do" followed wasn't done ("If you don't")."""
    if type(last) is ir.Conditional and not last.otherwise:
        return [dataclasses.replace(last, otherwise=effects, otherwise_after=True)]
    did = type(last) is ir.IfYouDo or type(last) is ir.May and bool(last.effects) and type(last.effects[-1]) is ir.IfYouDo
    _need(did, "otherwise")
    return [last, ir.IfYouDont(effects)]


def _one_object(what) -> bool:
    """Whether ``what`` names one object: ~, "it", "that creature", one target (not "up to"), or
    one permanent chosen as the effect happens."""
    if isinstance(what, _T):
        return what.spec.count == 1 and not what.spec.up_to
    return what in (IT, THAT_OBJECT, ir.Ref("self")) or isinstance(what, ir.Ref) and what.name == "chosen"


def _they_may_do(effect) -> bool:
    """Whether "If the player does" can follow ``effect``: "that player may pay {R}{R}", "that
    permanent's controller may sacrifice a land": an action "If you do" could follow, offered
    to another player, who does it as "you"."""
    if type(effect) is not ir.May or effect.who == ir.Ref("you") or len(effect.effects) != 1:
        return False
    inner = effect.effects[0]
    if getattr(inner, "who", None) == effect.who:
        inner = dataclasses.replace(inner, who=ir.Ref("you"))   # type: ignore[arg-type]
    return _may_do(ir.May((inner,)))


def _may_do(effect) -> bool:
    """Whether "If you do" can follow ``effect``: a single discard of one card (at random or
    not), payment (X chosen as it resolves), sacrifice of this object ("~" or "it") or of one
    permanent you choose, a draw of cards by you, the exile of one target or of the object
    itself, returning, tapping or untapping one object, creating tokens, paying energy or life,
    removing counters, revealing the top card of your library, optional ("You may ...") or not. Each of these tells the engine whether
    it was done (``rc.did``)."""
    if type(effect) is ir.May:
        if effect.who != ir.Ref("you") or len(effect.effects) != 1:
            return False
        effect = effect.effects[0]
    t = type(effect)
    one = _one_object(getattr(effect, "what", None))
    return (t is ir.PayMana or t is ir.RevealTop or (t is ir.Discard and effect.amount == 1 and effect.who == ir.Ref("you"))
            # "you may return ~ / target creature to its owner's hand", "tap an untapped creature
            # you control", "untap target creature": one object, moved or tapped or not
            or (t in (ir.ReturnToHand, ir.Tap, ir.Untap) and one)
            or (t is ir.CreateTokens and effect.who == ir.Ref("you"))    # "you may create a token"
            or (t is ir.Sacrifice and effect.what in (ir.Ref("self"), IT))
            # "you may draw a card / two cards. If you do, ...": every card drawn (CR 121.4)
            or (t is ir.Draw and effect.who == ir.Ref("you") and isinstance(effect.amount, int))
            or (t is ir.Exile and isinstance(effect.what, _T) and effect.what.spec.count == 1
                and not effect.what.spec.up_to)            # "you may exile target card ..."
            # "When ~ dies, you may exile it.": the one object, if it is still there (CR 400.7)
            or (t is ir.Exile and effect.what in (IT, THAT_OBJECT, ir.Ref("self"))
                and not effect.until_source_leaves and not effect.linked)
            # "you may sacrifice a land": one permanent chosen and sacrificed (CR 701.21a)
            or (t is ir.SacrificePermanents and effect.who == ir.Ref("you") and effect.count == 1)
            # "you may exile a creature card from your graveyard", "... return a land you
            # control to its owner's hand": the one object chosen as it happens (CR 608.2d)
            or (t in (ir.Exile, ir.ReturnToHand) and isinstance(effect.what, ir.Ref) and effect.what.name == "chosen")
            or t in (ir.PayEnergy, ir.PayLife)     # "you may pay {E}{E} / 2 life" (CR 107.14, 119.4)
            or t is ir.RemoveCounter               # "remove a +1/+1 counter from ~" (CR 122.1)
            or t is ir.PutExiledInGraveyard        # the processors' "put a card ... from exile"
            # "you may have it deal 3 damage to target creature": its one target, which is
            # still legal or the ability doesn't resolve (CR 608.2b)
            or (t is ir.DealDamage and isinstance(effect.to, _T) and effect.to.spec.count == 1
                and not effect.to.spec.up_to and effect.source in (ir.Ref("self"), IT)))


def _damage_instead(condition, source, n) -> "_Instead":
    """The damage of the sentence before, to the same recipients, with amount ``n`` when
    ``condition`` holds (CR 608.2c)."""
    _need(source in (IT, THAT_OBJECT, ir.Ref("self")), "damage instead")

    def replace(before):
        _need(all(type(e) is ir.DealDamage and e.source == ir.Ref("self") for e in before), "damage instead")
        return ir.Conditional(condition, tuple(dataclasses.replace(e, amount=n.value) for e in before),
                              tuple(before))
    return _Instead(replace)


def instead_of_line_before(effects: list):
    """A spell's paragraph whose first sentence ends "instead" ("Morbid — ... instead if a
    creature died this turn.") replaces the paragraph before it: the replacing function, or None
    (CR 608.2c)."""
    return effects[0].replace if effects and isinstance(effects[0], _Instead) else None


def _gains_as_it_becomes(effects: list) -> list:
    """"each planeswalker you control becomes a 4/4 Dragon creature and gains flying": the same
    objects gain it, found once as the effect begins (CR 611.2c), though the first part made them
    no longer planeswalkers; so the keywords join the "becomes"."""
    out: list = []
    for e in effects:
        before = out[-1] if out else None
        if type(e) is ir.GrantKeywords and type(before) is ir.BecomeCreature and e.what == before.what \
                and e.duration == before.duration \
                and all(k.cost is None and k.arg is None and k.filter is None for k in e.keywords):
            out[-1] = dataclasses.replace(before, keywords=before.keywords + e.keywords)
        else:
            out.append(e)
    return out


def _names_lands(what) -> bool:
    """Whether a filter in ``what`` names lands or a land type (CR 205.3i)."""
    if isinstance(what, ir.Filter):
        return "Land" in what.types or any(t in LAND_TYPES for t in what.subtypes)
    if dataclasses.is_dataclass(what) and not isinstance(what, type):
        return any(_names_lands(getattr(what, f.name)) for f in dataclasses.fields(what))
    return isinstance(what, (tuple, list)) and any(_names_lands(x) for x in what)


def _flat(effects):
    """The effects, with those a "you may" holds."""
    for e in effects:
        yield from (e.effects if type(e) is ir.May else (e,))


def _keep_types(e):
    """``e`` with its "becomes a ... creature" keeping the object's other types (CR 205.1b)."""
    if type(e) is ir.May:
        return dataclasses.replace(e, effects=tuple(_keep_types(x) for x in e.effects))
    return dataclasses.replace(e, replaces_types=False) if type(e) is ir.BecomeCreature else e


@dataclass(frozen=True)
class _TheyDo:
    """"If the player does, they draw a card." after "that attacking player may discard a card.":
    effects done by the player who may, for ``body`` to join to that "may" (CR 608.2c)."""

    effects: tuple


@dataclass(frozen=True)
class _Instead:
    """An "... instead." sentence: ``replace`` makes one effect of the effects of the sentence
    before it."""

    replace: Callable


def _has_target(node) -> bool:
    if isinstance(node, _T):
        return True
    if isinstance(node, (tuple, list)):
        return any(_has_target(x) for x in node)
    return dataclasses.is_dataclass(node) and any(_has_target(getattr(node, f.name))
                                                 for f in dataclasses.fields(node))


def _merge_spend(old: ir.SpendRule | None, new: ir.SpendRule) -> ir.SpendRule:
    """One restriction and one rider for the same mana, from two sentences."""
    if old is None:
        return new
    _need(not (old.restricted and new.restricted) and not (old.rider and new.rider), "spend rules")
    return ir.SpendRule(old.spells or new.spells, old.abilities or new.abilities,
                        old.x_costs or new.x_costs, old.rider or new.rider,
                        old.rider_spells or new.rider_spells, f"{old.text} {new.text}")


# The conditions "its [alternative] cost was paid" names, by keyword (CR 118.9).
_ALT_PAID = {"evoke": "evoked", "surge": "surged", "spectacle": "spectacle_paid", "prowl": "prowl_paid"}


def _alt_paid(c) -> str:
    name = _kw_name(next(x for x in c if isinstance(x, Token)))
    _need(name in _ALT_PAID, "alternative cost")
    return _ALT_PAID[name]


def _token_with(effect, has: _TokenHas):
    """The token creation ``effect`` (perhaps a "you may") with the abilities of "It has ..."
    added to the token's characteristics (CR 111.3)."""
    if type(effect) is ir.May and len(effect.effects) == 1:
        return dataclasses.replace(effect, effects=(_token_with(effect.effects[0], has),))
    _need(type(effect) is ir.CreateTokens, "it has: not a token just created")
    spec = effect.token
    _need(not (has.abilities and spec.text), "it has: a token with rules text already")
    spec = dataclasses.replace(spec, keywords=spec.keywords + has.keywords,
                               abilities=spec.abilities + has.abilities,
                               text="\n".join(t for t in (spec.text, has.text) if t))
    return dataclasses.replace(effect, token=spec)


def _replaced(node, old, new, found: list):
    """``node`` with every ``old`` in it replaced by ``new``; ``found`` collects each one."""
    if node is old:
        found.append(node)
        return new
    if isinstance(node, (tuple, list)):
        return type(node)(_replaced(n, old, new, found) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _replaced(getattr(node, f.name), old, new, found) for f in dataclasses.fields(node)}
        changes = {k: v for k, v in changes.items() if v is not getattr(node, k)}
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _with_x(node, value, found: list):
    """``node`` with every X amount replaced by ``value`` (not inside target specs and filters);
    ``found`` collects each replacement."""
    if isinstance(node, ir.X):
        found.append(node)
        return value
    if isinstance(node, (ir.TargetSpec, ir.Filter)):
        return node
    if isinstance(node, tuple):
        return tuple(_with_x(n, value, found) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {}
        for f in dataclasses.fields(node):
            old = getattr(node, f.name)
            new = _with_x(old, value, found)
            if new is not old:
                changes[f.name] = new
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _with_x_in_targets(node, value: ir.CountOf, found: list):
    """``node`` with the X bounds of its target phrases' descriptions (:data:`ir.X_FIELDS`) set
    to the count ``value``, which the description counts whenever it is read."""
    if isinstance(node, _T):
        f = node.spec.filter
        bounds: dict[str, Any] = {name: value for name in ir.X_FIELDS if isinstance(getattr(f, name), ir.X)}
        if not bounds:
            return node
        found.append(node)
        return dataclasses.replace(node, spec=dataclasses.replace(node.spec, filter=dataclasses.replace(f, **bounds)))
    if isinstance(node, tuple):
        return tuple(_with_x_in_targets(n, value, found) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, (type, ir.TargetSpec, ir.Filter)):
        changes = {f.name: new for f in dataclasses.fields(node)
                   if (new := _with_x_in_targets(getattr(node, f.name), value, found)) is not getattr(node, f.name)}
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _has_x(node) -> bool:
    if isinstance(node, ir.X):
        return True
    if isinstance(node, (tuple, list)):
        return any(_has_x(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_has_x(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _vote_references(effects: list) -> None:
    """CR 701.38: "for each death vote" and "each permanent with the most votes" read a vote
    made before them by the same ability: of that word, or of objects; "the voter" is read only
    in the effects of "For each money vote, ..."."""
    votes = [n for n in ir.nodes(effects) if type(n) is ir.Vote]
    _need(len(votes) <= 1, "two votes")
    for n in ir.nodes(effects):
        if type(n) in (ir.VoteCount, ir.ForEachVote):
            _need(bool(votes) and n.choice in votes[0].choices, "a vote count with no vote of that word")
        elif type(n) is ir.Ref and n.name == ir.MOST_VOTES:
            _need(bool(votes) and votes[0].filter is not None, "the most votes with no vote for objects")
    voters = sum(1 for n in ir.nodes(effects) if n == ir.Ref(ir.VOTER))
    _need(voters == sum(1 for e in effects if type(e) is ir.ForEachVote for n in ir.nodes(e.effects) if n == ir.Ref(ir.VOTER)),
          "the voter outside 'for each ... vote'")
