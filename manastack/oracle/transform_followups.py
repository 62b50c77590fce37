"""OracleTransformer rules: follow-up parts that combine with the rest of a line: putting an
object into its owner's library (CR 401.4), a permanent you choose as the effect happens
(CR 608.2d), "your next untap step" (CR 502.3), the life lost this way (CR 119.3), becoming the
target of a spell or ability (CR 603.2), "can't be blocked by" (CR 509.1b), the abilities a
token is created with (CR 111.3), a duration put first ("Until end of turn, ...", CR 611.2) and
quoted abilities granted by an effect (CR 613.1f, 113.10)."""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from lark import Token, v_args

from manastack.mana import NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.text_change import WordKind
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (IT, THAT_OBJECT, THAT_PLAYER, THAT_SPELL, UNTIL_EOT, _OPEN, _Amount, _plain_group, no_it_subject, PREDEFINED_TOKENS, PREV, _CounteredExile, _DoesTheSame, _RepeatAny, _GainPrevented, _NotNew, _Otherwise, _TokenHas, _T, _Desc, _ForEach, _is_player, _need,
                                              _is_object, _number, _of, _permanent, cost_of)


@dataclass(frozen=True)
class _TimesOver:
    """"pay {1} for each card in your hand": the cost is paid once per object counted
    (CR 118.12), until ``sacrifice_unless`` takes the count."""

    count: object


def _unless_cost(items) -> ir.Cost:
    """The cost an "unless" clause names, paid once: each kind of part at most once."""
    items = items if isinstance(items, list) else [items]
    _need(not any(isinstance(x, _TimesOver) for x in items), "unless cost")
    return cost_of(items, "unless cost")


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


class FollowupRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    def put_library(self, c):
        """"Put target creature on top of its owner's library" (Condemn puts it at the bottom).
        Only a target: a permanent, or a card in a graveyard (CR 401.4)."""
        what, end = c[0], next(x for x in c if x in ("top", "bottom"))
        _need(isinstance(what, _T) and (
            what.spec.kind == ir.TargetKind.PERMANENT
            or (what.spec.kind == ir.TargetKind.CARD and what.spec.filter.zone == "graveyard")), "put into a library")
        return [ir.PutInLibrary(what, bottom=end == "bottom")]

    def cant_cast_same_name(self, c):
        """The creature named before: its owner, and its name as it last existed (CR 608.2h)."""
        return [ir.CantCastSameName(THAT_OBJECT)]

    def discard_or_lose(self, c):
        """The same players discard, then lose life unless the card matched (CR 701.9a)."""
        who, again = c[0], c[2]
        d = next(x for x in c if isinstance(x, _Desc))
        n = _number(str(c[-1]))
        _need(who == again and who in (ir.Ref("each_opponent"), ir.Ref("each_player")) and isinstance(n, int)
              and d.kind is DescKind.CARD and not d.plural and not d.zone_given, "discard, then lose life")
        return [ir.DiscardOrLoseLife(who, d.filter, n)]

    def gain_flashback(self, c):
        """Flashback for a turn, its cost the card's mana cost (CR 702.34a): instant and sorcery
        cards in your graveyard, one target or each of them."""
        what = c[0]
        if isinstance(what, _T):
            f = what.spec.filter
        else:
            _need(isinstance(what, ir.Ref) and what.name == "all" and what.filter is not None, "gains flashback")
            f = what.filter
        _need(f.zone == "graveyard" and f.controller == "you" and f.types and set(f.types) <= {"Instant", "Sorcery"},
              "gains flashback: instant and sorcery cards in your graveyard")
        return [ir.GainFlashback(what)]

    def gain_flashback_each(self, c):
        """"Each instant and sorcery card in your graveyard gains flashback ...": those there as
        the effect happens (CR 608.2c; Past in Flames's rulings)."""
        d = c[1]
        _need(isinstance(d, _Desc) and d.kind is DescKind.CARD and not d.plural and d.zone_given, "each card gains flashback")
        return self.gain_flashback([ir.Ref("all", d.filter)])

    def put_library_nth(self, c):
        """"Put target nonland permanent into its owner's library third from the top" (Teferi,
        Hero of Dominaria), "put it into its owner's library third from the top": a target as
        :meth:`put_library` takes, or the card itself, found in the zone it went to (CR 400.7)."""
        what = next((x for x in c if isinstance(x, _T)), None)
        if what is None:
            what = ir.Ref("self") if any(str(x) == "~" for x in c) else IT
        else:
            _need(what.spec.kind == ir.TargetKind.PERMANENT
                  or (what.spec.kind == ir.TargetKind.CARD and what.spec.filter.zone == "graveyard"), "put into a library")
        nth = next(x for x in c if isinstance(x, Token) and x.type == "ORDINAL")
        return [ir.PutInLibrary(what, from_top=_ORDINALS[str(nth).lower()])]

    def put_all_library(self, c):
        """"Put all creatures on the bottom of their owners' libraries." (Terminus): together,
        each owner choosing the order of their own cards (CR 401.4)."""
        d, end = _of(c, _Desc), next(x for x in c if x in ("top", "bottom"))
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "put all into libraries")
        return [ir.PutInLibrary(ir.Ref("all", d.filter), bottom=end == "bottom")]

    def put_it_library(self, c):
        """"When ~ dies, put it on the bottom of its owner's library": the card itself, found in
        the zone it went to (CR 400.7, 401.4)."""
        what = IT if not c or str(c[0]) != "~" else ir.Ref("self")
        end = next(x for x in c if x in ("top", "bottom"))
        return [ir.PutInLibrary(what, bottom=end == "bottom")]

    def put_your_library(self, c):
        """"Put target card from your graveyard on top of your library": a card you own, so your
        library is its owner's (CR 401.4; several go in the order their targets were chosen)."""
        what = c[0]
        _need(isinstance(what, _T) and what.spec.kind == ir.TargetKind.CARD and what.spec.filter.zone == "graveyard"
              and what.spec.filter.controller == "you", "put into your library")
        return self.put_library(c)

    def put_onto_battlefield(self, c):
        """"Put target creature card from a graveyard onto the battlefield under your control"
        (CR 110.2a: under the control of the effect's controller)."""
        what = c[0]
        _need(isinstance(what, _T) and what.spec.kind == ir.TargetKind.CARD and what.spec.filter.zone == "graveyard",
              "put onto the battlefield")
        return [ir.ReturnToBattlefield(what, under_you=True)]

    def put_it_onto_battlefield(self, c):
        """"Put it onto the battlefield": the card named before, under the control of the
        effect's controller (CR 110.2a); if it has left the zone it was seen in, it is a new
        object and stays where it is (CR 400.7)."""
        return [ir.ReturnToBattlefield(IT, under_you=True)]

    def shuffle_hand_graveyard(self, c):
        """"Each player shuffles their hand and graveyard into their library[, then draws seven
        cards]" (CR 701.24a, 121.1): the same players draw."""
        who = c[0]
        _need(_is_player(who), "not a player")
        amount = next((x for x in c[1:] if isinstance(x, _Amount)), None)
        return [ir.ShuffleHandAndGraveyard(who)] + ([ir.Draw(amount.value, who)] if amount is not None else [])

    def its_owner_shuffles_graveyard(self, c):
        """"Its owner shuffles their graveyard into their library." (CR 701.24a): "its owner" is
        read by the trigger of the card itself that says it (transform_lines.triggered)."""
        return [ir.ShuffleHandAndGraveyard(ir.Ref(ir.ITS_OWNER), hand=False)]

    def shuffle_graveyard(self, c):
        """"Target player shuffles their graveyard into their library." (CR 701.24a)"""
        _need(_is_player(c[0]), "not a player")
        return [ir.ShuffleHandAndGraveyard(c[0], hand=False)]

    def shuffle_hand(self, c):
        """"That player shuffles their hand into their library." (CR 701.24a)"""
        _need(_is_player(c[0]), "not a player")
        return [ir.ShuffleHandAndGraveyard(c[0], graveyard=False)]

    def shuffle_it_owner(self, c):
        """"Choose target artifact. Its owner shuffles it into their library." (CR 701.24a)"""
        return [ir.ShuffleIntoLibrary(IT)]

    def exile_sacrifice_return(self, c):
        """"Each player exiles all creature cards from their graveyard, then sacrifices all
        creatures they control, then puts all cards they exiled this way onto the battlefield."
        (CR 406.3, 701.21a, 110.2a)"""
        who, exiled, sacrificed = c[0], c[1], c[-1]
        _need(_is_player(who) and isinstance(exiled, _Desc) and isinstance(sacrificed, _Desc), "exile, sacrifice, return")
        _need(exiled.kind in (None, DescKind.CARD) and not exiled.zone_given and exiled.filter.controller is None
              and sacrificed.kind in (None, DescKind.PERMANENT) and not sacrificed.zone_given
              and sacrificed.filter.controller is None, "exile, sacrifice, return")
        return [ir.ExileSacrificeReturn(who, dataclasses.replace(exiled.filter, zone="graveyard"), sacrificed.filter)]

    def each_puts_from_graveyard(self, c):
        """"Each player puts a creature card from their graveyard onto the battlefield." (CR 110.2a)"""
        who, n, d = c[0], str(c[1]).lower(), c[2]
        _need(n in ("a", "an", "one") and _is_player(who) and isinstance(d, _Desc) and not d.plural and d.kind in (None, DescKind.CARD)
              and not d.zone_given and d.filter.controller is None, "put from their graveyard")
        return [ir.EachPutsFromGraveyard(who, dataclasses.replace(d.filter, zone="graveyard"))]

    def each_returns_all_from_graveyard(self, c):
        """"Each player returns each creature card from their graveyard to the battlefield."
        (Magister of Worth; CR 110.2a): every matching card, no choice."""
        who, d = c[0], c[1]
        _need(_is_player(who) and isinstance(d, _Desc) and not d.plural and d.kind in (None, DescKind.CARD)
              and not d.zone_given and d.filter.controller is None, "return from their graveyard")
        return [ir.EachPutsFromGraveyard(who, dataclasses.replace(d.filter, zone="graveyard"), every=True)]

    def return_then_owner_discards(self, c):
        """"Return target permanent to its owner's hand, then that player discards a card.": the
        owner of the target (CR 400.3) discards (CR 701.9a), read as the only target."""
        returned = c[0]
        _need(len(returned) == 1 and type(returned[0]) is ir.ReturnToHand and isinstance(returned[0].what, _T)
              and _permanent(returned[0].what) and returned[0].what.spec.count == 1, "return to its owner's hand")
        return [*returned, ir.Discard(1, ir.Ref(ir.TARGET_OWNER))]

    def switch_pt(self, c):
        """"Switch target creature's power and toughness until end of turn" (CR 613.4d)."""
        what = ir.Ref("self") if isinstance(c[0], Token) else c[0]
        _need(_permanent(what), "switch")
        return [ir.SwitchPT(what)]

    def set_base_pt(self, c):
        """"~ has base power and toughness 4/2 until end of turn" (layer 7b, CR 613.4b)."""
        what = c[0] if not isinstance(c[0], (Token, str)) else PREV
        _need(_permanent(what) or what is PREV, "base power and toughness")
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        power, toughness = (int(v) for v in str(pt).split("/"))
        return [ir.SetBasePT(what, power, toughness)]

    def shuffle_into_library(self, c):
        """"Shuffle ~ into its owner's library" (Beacon of Destruction), "Shuffle target card from
        a graveyard into its owner's library" (CR 701.24a)."""
        what = c[0]
        _need(what == ir.Ref("self") or isinstance(what, _T) and (
            what.spec.kind == ir.TargetKind.PERMANENT or what.spec.kind == ir.TargetKind.CARD and what.spec.filter.zone == "graveyard"),
            "shuffle into a library")
        return [ir.ShuffleIntoLibrary(what)]

    def le_top(self, c):
        return "top"

    def le_bottom(self, c):
        return "bottom"

    def gain_life_lost(self, c):
        """"You gain life equal to the life lost this way." (Kokusho, Exsanguinate)."""
        _need(_is_player(c[0]), "not a player")
        return [ir.GainLife(ir.LifeLostThisWay(), c[0])]

    def gain_life_prevented(self, c):
        """"You gain life equal to the damage prevented this way." (CR 615.5): joined by ``body``
        to the prevention of the sentence before."""
        _need(c[0] == ir.Ref("you"), "another player gains the damage prevented")
        return [_GainPrevented()]

    def counters_prevented(self, c):
        """"For each 1 damage prevented this way, put a +1/+1 counter on that creature." (CR 615.5):
        on the creature the prevention before protects, joined to it by ``body``."""
        _need(c[-1] == "+1/+1", "counters other than +1/+1")
        return [_GainPrevented("counters")]

    def skip_untap_yours(self, c):
        """"~ doesn't untap during your next untap step" (CR 502.3); without a subject, the
        one of the clause before ("... and doesn't untap during your next untap step")."""
        what = c[0] if c and not isinstance(c[0], Token) else PREV
        _need(what is PREV or _permanent(what), "doesn't untap")
        if isinstance(what, ir.Ref) and what.name == "all":     # a group: "lands you control"
            _need(what.filter == ir.Filter(types=what.filter.types, controller="you")
                  and bool(what.filter.types), "doesn't untap: only permanents of a type you control")
        return [ir.SkipNextUntap(what, yours=True)]

    # ---- optional actions "If you do" can follow (CR 608.2c)
    def pay_life(self, c):
        """"Pay 2 life" in an effect, usually "You may pay 2 life. If you do, ..." (CR 119.4)."""
        return [ir.PayLife(_number(str(c[0])))]

    def remove_counter(self, c):
        """"Remove a +1/+1 counter from ~", "... from target creature" (CR 122.1): counters of
        one kind, all of them or "If you do" doesn't apply."""
        n, kind, what = _number(str(c[0])), c[1], c[2]
        _need(isinstance(n, int) and _permanent(what), "remove counters")
        return [ir.RemoveCounter(what, kind, n)]

    def put_exiled_card(self, c):
        """The processors' "put a card an opponent owns from exile into that player's graveyard"."""
        return [ir.PutExiledInGraveyard()]

    def otherwise(self, c):
        """"Otherwise, ...": joined to the "If ..." sentence before it by ``body``."""
        return [_Otherwise(tuple(self.sentence([x for x in c if not isinstance(x, Token)])))]

    def edict_you_another(self, c):
        """"Sacrifice another creature" as an effect: a permanent its controller chooses other
        than the source (CR 701.21a)."""
        d = c[-1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None and not d.filter.other, "sacrifice another")
        return [ir.SacrificePermanents(ir.Ref("you"), dataclasses.replace(d.filter, controller="you", other=True))]

    # ---- "If that creature is a Human, ...": the object named before (CR 608.2c, 608.2h)
    def obj_cond(self, c):
        return ir.ObjectIs(THAT_OBJECT, c[-1])

    def oc_its(self, c):
        """"If it's an artifact creature, ...": "it" is the object named last."""
        return ir.ObjectIs(IT, self.oq_desc(c))

    def oc_mana_value(self, c):
        """"if it has mana value 2 or less", "if its mana value is 3 or greater" (CR 202.3)."""
        n = _number(str(c[0]))
        _need(isinstance(n, int), "mana value X")
        at_most = str(c[1]).lower() == "less"
        return ir.ObjectIs(IT, ir.Filter(mana_value_at_most=n) if at_most else ir.Filter(mana_value_at_least=n))

    def oc_counter(self, c):
        """"If that creature has (had) a +1/+1 counter on it" (CR 122.1)."""
        return ir.ObjectIs(THAT_OBJECT, ir.Filter(counter=c[-1]))

    def oc_keyword(self, c):
        """"If that creature has infect" (CR 702.1)."""
        return ir.ObjectIs(THAT_OBJECT, ir.Filter(keywords=(str(c[-1]).lower(),)))

    def oq_desc(self, c):
        """"a Human", "an artifact creature", "a Zombie card": one object's characteristics."""
        d = _of(c, _Desc)
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT, DescKind.CARD) and _plain_group(d.filter)
              and d.filter.controller is None, "that creature is a ...")
        return d.filter

    def oq_colors(self, c):
        """"red", "white or blue": any of the colors (CR 105.2)."""
        return ir.Filter(colors=tuple(NAME_TO_COLOR[str(t).lower()] for t in c))

    def oq_attacking(self, c):
        return ir.Filter(attacking=True)

    def o_chosen(self, c):
        """"a land you control": one permanent you control matching the description, chosen
        as the effect happens (CR 608.2d); no target ("another": other than the source). Only
        "you control", so the chooser is the ability's controller. Also "a creature card from your graveyard" and "a card from
        your hand": one of your own cards there (exiled: Forgotten Harvest, Forsaken City)."""
        d = _of(c, _Desc)
        card = d.kind is DescKind.CARD and d.zone_given and d.filter.zone in ("graveyard", "hand")
        _need(not d.plural and d.filter.controller == "you" and (not d.filter.other or card)
              and (card or d.kind in (None, DescKind.PERMANENT) and not d.zone_given), "a permanent you choose")
        # "another creature you control": not the source (CR 109.1)
        return ir.Ref("chosen", dataclasses.replace(d.filter, other=True) if "another" in c else d.filter)

    def e_becomes_target(self, c):
        """"When ~ becomes the target of a spell or ability" (of any player, CR 115.1)."""
        return ir.Trigger(ir.TriggerEvent.BECOMES_TARGET, "self")

    def e_becomes_target_by_spell(self, c):
        """"Whenever ~ becomes the target of a spell" (an ability targeting it doesn't count;
        CR 115.1a); "that spell's controller" is the player who controls that spell."""
        return ir.Trigger(ir.TriggerEvent.BECOMES_TARGET_BY_SPELL, "self")

    def e_becomes_target_by_opponent_spell(self, c):
        """"... of a spell an opponent controls" (CR 115.1a): not an ability."""
        return ir.Trigger(ir.TriggerEvent.BECOMES_TARGET_BY_SPELL, "self", whose="opponent")

    def e_becomes_target_opponent(self, c):
        """"... of a spell or ability an opponent controls" (CR 115.1)."""
        return ir.Trigger(ir.TriggerEvent.BECOMES_TARGET, "self", whose="opponent")

    def e_player_draws(self, c):
        """"Whenever an opponent draws a card" / "a player draws a card": each card (CR 121.2)."""
        return ir.Trigger(ir.TriggerEvent.DRAW, c[0] or "each")

    def e_player_gains_life(self, c):
        """"Whenever an opponent gains life" (CR 119.3)."""
        return ir.Trigger(ir.TriggerEvent.GAIN_LIFE, c[0] or "each")

    def e_player_sacrifices(self, c):
        """"Whenever a player sacrifices a creature" (CR 701.21a): its controller sacrifices it."""
        article, d = c[0], c[1]
        _need(article != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "a player sacrifices")
        return ir.Trigger(ir.TriggerEvent.SACRIFICED, d.filter)

    def st_pt_count(self, c, kind="pt_equal_count"):
        """"~'s power and toughness are each equal to [1 plus] the number of creatures you
        control": a characteristic-defining ability (CR 604.3, 613.4a), in every zone; "~'s
        power (toughness) is equal to ...": that one, the other printed, unless "and its
        toughness is equal to that number plus 1" follows (Tarmogoyf)."""
        count = next(x for x in c if isinstance(x, (ir.Filter, ir.CardTypesAmong)))
        plus = next((_number(x) for x in c if isinstance(x, Token) and x.type == "NUM"), 0)
        then = next((int(x.split()[1]) for x in c if isinstance(x, Token) and x.type == "PLUS_N"), None)
        _need(isinstance(plus, int), "plus X")
        power, toughness = plus, plus
        if then is not None:        # "... and its toughness is equal to that number plus 1"
            kind, toughness = "pt_equal_count", plus + then
        return [ir.StaticAbility(ir.static_effect(kind, "self", count=count, power=power, toughness=toughness))]

    def st_power_count(self, c):
        return self.st_pt_count(c, "power_equal_count")

    def st_toughness_count(self, c):
        return self.st_pt_count(c, "toughness_equal_count")

    def ptc_objects(self, c):
        """"the number of creatures you control", "... of instant cards in your graveyard"."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind in (None, DescKind.PERMANENT, DescKind.CARD) and (d.kind is not DescKind.CARD or d.zone_given),
              "equal to the number of")
        return d.filter

    def ptc_card_types(self, c):
        """"the number of card types among cards in all graveyards" (CR 205.2a)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind is DescKind.CARD and d.zone_given, "card types among")
        return ir.CardTypesAmong(d.filter)

    def unless_they(self, c):
        """"[effect] unless they pay {2}" (CR 118.12): "they" is the one player every effect
        of the clause names (who loses life, discards, sacrifices, or is dealt the damage)."""
        effects, cost = c[0], _unless_cost(c[-1])
        named = {e.to if type(e) is ir.DealDamage else getattr(e, "who", None) for e in effects}
        _need(len(named) == 1, "unless they")
        (who,) = named
        # "they" is a third person: never "you"; "each player" would ask each in turn
        _need(_is_player(who) and who not in (ir.Ref("you"), ir.Ref("each_player")), "unless they")
        return [ir.UnlessPays(tuple(effects), cost, who)]

    def unless_you(self, c):
        """"Tap ~ unless you pay 1 life", "destroy ~ unless you sacrifice two Islands": as it
        resolves the controller pays all of the cost, or the effects happen (CR 118.12). Cost
        parts the engine can't pay are left to the support check."""
        effects, cost = c[0], _unless_cost(c[-1])
        _need(not ir.contains(effects, lambda n: type(n) in (ir.May, ir.UnlessPays, ir.SacrificeUnlessPays)),
              "unless you")
        return [ir.UnlessPays(tuple(effects), cost)]

    def unless_that_player(self, c):
        """"counter it unless that player pays {3}" (Nether Void): the player the trigger names
        (the one who cast the spell) may pay the whole cost, or the effects happen (CR 118.12)."""
        return [ir.UnlessPays(tuple(c[0]), ir.Cost(mana=c[-1]), THAT_PLAYER)]

    def sacrifice_unless_spent(self, c):
        """"When ~ enters, sacrifice it unless {U} was spent to cast it." (CR 601.2h)."""
        words = next(str(x) for x in c if isinstance(x, Token) and x.type == "UNLESS_SPENT")
        return [ir.SacrificeUnlessSpent(words[words.index("{") + 1].upper())]

    def sacrifice_unless(self, c):
        """"Sacrifice ~ unless you pay {1}{R}", "sacrifice it unless you return a land you
        control to its owner's hand", "... unless you pay {1} for each card in your hand": the
        controller pays all of the cost or sacrifices (CR 118.12a, 603.5). "it" is the object
        the ability is about (the permanent that entered). Cost parts the engine can't pay are
        left to the support check, which names them."""
        items = c[-1] if isinstance(c[-1], list) else [c[-1]]
        each = [x for x in items if isinstance(x, _TimesOver)]
        times = each[0].count if each else 1
        what = ir.Ref("self") if any(getattr(x, "type", None) == "SELF" for x in c) else IT
        return [ir.SacrificeUnlessPays(what, cost_of([x for x in items if not isinstance(x, _TimesOver)]), times,
                                       keyword="ability")]

    def damage_unless(self, c):
        """"~ deals 8 damage to you unless you pay {G}{G}{G}{G}": the controller pays all of the
        cost or is dealt the damage (CR 118.12)."""
        return [ir.UnlessPays(tuple(self.damage([c[0], c[1], c[2]])), _unless_cost(c[-1]))]

    def unless_cost(self, c):
        return c[0]

    def c_mana_each(self, c):
        """"pay {1} for each card in your hand": the cost, once per object counted (CR 118.12)."""
        return [c[0], _TimesOver(_of(c, _ForEach).count())]

    def c_discard_n(self, c):
        n = _number(c[0])
        _need(isinstance(n, int) and n >= 1, "discard N")
        return ir.DiscardCost(n)

    def c_discard_type(self, c):
        """"discard a creature card" (CR 701.9a): a card of that type from the hand."""
        word = str(c[-1]).lower()
        _need(c[0] != "another" and not word.endswith("s"), "discard a type of card")
        return ir.DiscardCost(1, card_type=word.capitalize())

    def c_discard_subtype(self, c):
        """"discard a Forest card" (CR 701.9a, 205.3): a card of that subtype from the hand (the
        cards' rulings: any card with the land type, a nonbasic land or Dryad Arbor too)."""
        _need(c[0] != "another", "discard a card of a subtype")
        return ir.DiscardCost(1, subtype=str(c[1]))

    def c_discard_subtype_and_another(self, c):
        """"discard an Island card and another card" (Foil): two parts, the second paid with a
        card the first left in the hand."""
        return [self.c_discard_subtype(c[:2]), ir.DiscardCost(1)]

    def investigate(self, c):
        """CR 701.36a: create a Clue token (CR 111.10f)."""
        spec = ir.TokenSpec("Clue Token", None, None, (), ("Artifact",), ("Clue",), text=PREDEFINED_TOKENS["Clue"])
        return [ir.CreateTokens(spec)]

    def extra_turn(self, c):
        """CR 500.7: "Take an extra turn after this one.", "Target player takes ..."."""
        who = c[0] if c else ir.Ref("you")
        _need(_is_player(who), "not a player")
        return [ir.ExtraTurn(who)]

    def skip_next(self, c):
        """CR 614.10: "You skip your next turn.", "that player skips their next combat phase"."""
        who = c[0] if len(c) > 1 else ir.Ref("you")
        _need(_is_player(who), "not a player")
        what, count = c[-1]
        return [ir.SkipNext(what, who, count)]

    def sk_turn(self, c):
        return "turn", 1

    def sk_turns(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "X turns")
        return "turn", n

    def sk_combat(self, c):
        return "combat", 1

    def skip_what(self, c):
        return c[0], 1

    def sw_untap(self, c):
        return "untap"

    def sw_upkeep(self, c):
        return "upkeep"

    def sw_draw(self, c):
        return "draw"

    def does_the_same_attacking(self, c):
        """"Each opponent attacking that player does the same." after "Whenever enchanted player
        is attacked, ...": joined by ``body`` to the effects before it (Curse of Opulence)."""
        return [_DoesTheSame()]

    def repeat_any(self, c):
        """"You may repeat this process any number of times." (Ad Nauseam): joined by ``body``
        to every effect before it."""
        return [_RepeatAny()]

    def repeat_share_color(self, c):
        """"If two cards that share a color were milled this way, repeat this process." after a
        mill of two cards (Grindstone)."""
        return [_RepeatAny(share_color=True)]

    def attacking_opponents_untap(self, c):
        """"Each opponent attacking that player untaps all nonland permanents they control." after
        "Whenever enchanted player is attacked": each such opponent untaps the permanents they
        control, done as "you" (``ir.DoesTheSame``; CR 506.2, 701.26b)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None,
              "untaps all ... they control")
        mine = ir.Ref("all", dataclasses.replace(d.filter, controller="you"))
        return [ir.DoesTheSame(ir.Ref(ir.OPPONENTS_ATTACKING), (ir.Untap(mine),))]

    def countered_exile(self, c):
        """"If that spell is countered this way, exile it instead of putting it into its owner's
        graveyard." (or put it into its owner's hand, on top or on the bottom of its owner's
        library): joined to the counter before it by ``body`` (CR 614.15)."""
        return [_CounteredExile(c[0])]

    def ci_exile(self, c):
        return "exile"

    def ci_hand(self, c):
        return "hand"

    def ci_top(self, c):
        return "library_top"

    def ci_bottom(self, c):
        return "library_bottom"

    def exile_if_dies(self, c):
        """"If that creature would die this turn, exile it instead." (CR 614.1a)."""
        return [ir.ExileIfDies(c[0])]

    def dw_that(self, c):
        return THAT_OBJECT

    def dw_damaged(self, c):
        """"A permanent dealt damage this way": what the damage before it was dealt to."""
        return ir.Ref(ir.DAMAGED_THIS_WAY)

    def dw_damaged_creature(self, c):
        """"A creature dealt damage this way": the creatures among them (not a planeswalker)."""
        return ir.Ref(ir.DAMAGED_THIS_WAY, ir.Filter(types=("Creature",)))

    def clash(self, c):
        """CR 701.30b: you and an opponent each clash."""
        return [ir.Clash()]

    def if_you_win(self, c):
        """"If you win, ..." after "Clash with an opponent." (CR 701.30d): joined to the clash by
        ``body``. A target named here is the ability's own, chosen as it is cast or put on the
        stack (CR 601.2c, 603.3d)."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        return [ir.IfYouWin(tuple(effects))]

    def if_you_win_flip(self, c):
        """"If you win the flip, ..." after "Flip a coin." (CR 705.2), joined to it by ``body``."""
        return [ir.IfYouWin(tuple(self.sentence([x for x in c if not isinstance(x, Token)])), flip=True)]

    def if_you_lose_flip(self, c):
        """"If you lose the flip, ..." (CR 705.2)."""
        return [ir.IfYouWin(tuple(self.sentence([x for x in c if not isinstance(x, Token)])), flip=True, lose=True)]

    def flip_coin(self, c):
        return [ir.FlipCoin()]

    def vote_words(self, c):
        """CR 701.38a-b: "Starting with you, each player votes for A or B." (words)."""
        words = tuple(w.strip() for w in re.split(r",? or |, ", str(c[1]).lower()))
        _need(len(set(words)) == len(words), "a vote for different words")
        return [ir.Vote(choices=words)]

    def choose_votes(self, c):
        """"You choose how each player votes this turn." (CR 701.38)."""
        return [ir.ChooseVotes()]

    def vote_object(self, c):
        """CR 701.38b: "... votes for a nonland permanent you don't control" (objects, not
        targets): one permanent, or one card of a graveyard the description names."""
        d = c[-1]
        _need(not d.plural and (d.kind in (None, DescKind.PERMANENT) or d.kind is DescKind.CARD and d.zone_given), "a vote for an object")
        return [ir.Vote(filter=d.filter)]

    def for_each_drawn(self, c):
        """"For each card drawn this way, discard a card.": a discard as many times as the
        effects before it drew cards (CR 121.1, 608.2c; Messenger Jays)."""
        effects = self.sentence([x for x in c[1:] if not isinstance(x, Token)])
        _need(len(effects) == 1 and type(effects[0]) is ir.Discard and effects[0].amount == 1
              and effects[0].who == ir.Ref("you") and not effects[0].random, "for each card drawn this way")
        return [dataclasses.replace(effects[0], amount=ir.DrawnThisWay())]

    def if_voted(self, c):
        """"If A gets more votes[ or the vote is tied], ..." after a vote (CR 701.38): joined to
        the vote by ``body``."""
        head = str(c[0]).lower()
        effects = self.sentence([x for x in c[1:] if not isinstance(x, Token)])
        return [ir.IfVoted(head.split()[1], tuple(effects), tied=head.endswith("tied"))]

    def for_each_vote_do(self, c):
        """"For each money vote, ..." (CR 701.38a): the sentence once for each vote of that word."""
        effects = self.sentence([x for x in c[1:] if not isinstance(x, Token)])
        return [ir.ForEachVote(str(c[0]).split()[2].lower(), tuple(effects))]

    def voter_gain_control(self, c):
        """"choose a permanent owned by the voter and gain control of it" (CR 608.2d, 613.1b): one
        permanent of that voter's, chosen, not targeted, kept for good."""
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None,
              "a permanent owned by the voter")
        return [ir.GainControl(ir.ChosenOwnedBy(d.filter, ir.Ref(ir.VOTER)), "permanent")]

    def if_voted_copy(self, c):
        """"If B gets more votes[ or the vote is tied], copy the spell. You may choose new targets
        for the copy." (CR 701.38, 707.10c): the spell the text named before."""
        head = str(c[0]).lower()
        return [ir.IfVoted(head.split()[1], (ir.CopySpell(THAT_SPELL, new_targets=True),), tied=head.endswith("tied"))]

    def proliferate(self, c):
        return [ir.Proliferate()]

    def amass(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "amass X")
        return [ir.Amass(n)]

    def surveil(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "surveil X")
        return [ir.Surveil(n)]

    def reveal_hand_exile(self, c):
        """"Target opponent reveals their hand. You choose a nonland card from it and exile that
        card." (Castigate): as Coercion's template, with the card exiled (CR 701.20a, 406.1)."""
        return [dataclasses.replace(e, exile=True) for e in self.reveal_hand_discard(c)]

    def reveal_hand_exile_until(self, c):
        """"... Exile that card until ~ leaves the battlefield." (Kitesail Freebooter): as
        Castigate's, the card linked to the source and returned to its owner's hand when the
        source leaves (CR 610.3)."""
        return [dataclasses.replace(e, exile=True, until_source_leaves=True)
                for e in self.reveal_hand_discard([x for x in c if not isinstance(x, Token)])]

    def token_has(self, c):
        """"It has "[ability]"" after "create ... token" (CR 111.3): the quoted ability is part
        of the token's characteristics; ``body`` adds it to the token."""
        abilities, text = c[-1]
        return [_TokenHas(tuple(abilities), text)]

    def token_has_keywords(self, c):
        """"They have haste." after "create ... tokens" (CR 111.3)."""
        keywords = next(x for x in c if isinstance(x, list))
        return [_TokenHas(keywords=tuple(keywords))]

    @v_args(meta=True)
    def ga_activated(self, meta, c):
        return self.activated(c)[1], self.text[meta.start_pos:meta.end_pos]

    @v_args(meta=True)
    def ga_triggered(self, meta, c):
        return self.triggered(c)[1], self.text[meta.start_pos:meta.end_pos]

    @v_args(meta=True)
    def ga_static(self, meta, c):
        return no_it_subject([a for group in c for a in group]), self.text[meta.start_pos:meta.end_pos]

    def restrict(self, c):
        """"[Objects] can't block this turn" and its kin (CR 611.2, 509.1b, 508.1c); without a
        subject, the one of the clause before."""
        what = c[0] if len(c) > 1 else PREV
        _need(what is PREV or _permanent(what), "can't ... this turn")
        _need(not isinstance(what, ir.Ref) or what.name != "all" or _plain_group(what.filter),
              "a group that names the source")
        return [ir.Restrict(what, rule, blockers) for rule, blockers in c[-1]]

    def restrict_must_attack(self, c):
        """"Target creature attacks this turn if able." (CR 508.1d)."""
        what = c[0] if c and not isinstance(c[0], Token) else PREV
        _need(what is PREV or _permanent(what), "attacks this turn if able")
        _need(not isinstance(what, ir.Ref) or what.name != "all" or _plain_group(what.filter),
              "a group that names the source")
        return [ir.Restrict(what, "attacks_each_combat")]

    def restrict_must_block(self, c):
        """"Target creature blocks this turn if able." (CR 509.1c)."""
        return self._combat_rule(c, "must_block")

    def restrict_must_block_self(self, c):
        """"Target creature blocks ~ this turn if able." (CR 509.1c): ~ is the source."""
        return self._combat_rule(c, "must_block_source")

    def restrict_cant_block_self(self, c):
        """"Target creature can't block ~ this turn." (CR 509.1b)."""
        return self._combat_rule(c, "cant_block_source")

    def restrict_must_be_blocked(self, c):
        """"Target creature must be blocked this turn if able." (CR 509.1c)."""
        return self._combat_rule(c, "must_be_blocked")

    def restrict_lure(self, c):
        """"All creatures able to block target creature this turn do so." (CR 509.1c): a
        requirement for each creature able to block it."""
        return self._combat_rule(c[1:], "must_be_blocked_by_all")

    def restrict_block_additional(self, c):
        """"~ can block an additional creature this turn." (CR 509.1a-b): one more each time."""
        return self._combat_rule(c, "block_additional")

    def restrict_despite_defender(self, c):
        """"~ can attack this turn as though it didn't have defender." (CR 702.3b, 611.2)."""
        return self._combat_rule(c, "attacks_despite_defender")

    def restrict_block_any_number(self, c):
        """"Target creature can block any number of creatures this turn." (CR 509.1a-b)."""
        return self._combat_rule(c, "block_any_number")

    def restrict_must_attack_you(self, c):
        """"Target creature an opponent controls attacks you this turn if able." (CR 508.1d):
        with two players, the creature's controller's opponent is you, and it attacks you, not
        a planeswalker (a forced attacker attacks the player, engine.combat)."""
        what = c[0] if c and not isinstance(c[0], Token) else PREV
        _need(isinstance(what, _T) and what.spec.filter.controller == "opponent", "attacks you")
        return self._combat_rule(c, "attacks_each_combat")

    def _combat_rule(self, c, rule: str) -> list:
        what = c[0] if c and not isinstance(c[0], Token) else PREV
        _need(what is PREV or _permanent(what), rule)
        _need(not isinstance(what, ir.Ref) or what.name != "all" or _plain_group(what.filter),
              "a group that names the source")
        return [ir.Restrict(what, rule)]

    def restrict_no_damage(self, c):
        """"~ assigns no combat damage this turn" (CR 510.1a: it deals none, in either step)."""
        what = c[0] if c and not isinstance(c[0], Token) else PREV
        _need(not isinstance(what, ir.Ref) or what.name != "all", "a group assigning no combat damage")
        return self._combat_rule(c, "no_combat_damage")

    def cr_cant_block(self, c):
        return [("cant_block", None)]

    def cr_cant_attack(self, c):
        return [("cant_attack", None)]

    def cr_cant_attack_block(self, c):
        return [("cant_attack", None), ("cant_block", None)]

    def cr_unblockable(self, c):
        return [("cant_be_blocked", None)]

    def cr_unblockable_by(self, c):
        """"can't be blocked by creatures with power 2 or less this turn" (CR 509.1b)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind is None and d.filter.types == ("Creature",) and not d.zone_given,
              "can't be blocked by")
        _need(_plain_group(d.filter), "blockers that name the source")
        return [("cant_be_blocked_by", d.filter)]


    # ---- quantities (CR 107.3c): "..., where X is [quantity]."

    def xv_quantity(self, c):
        return c[0]

    def damage_equal(self, c):
        """"[source] deals damage equal to [quantity] to [recipient]" (either order): "its" is
        the source ("Target creature you control deals damage equal to its power to ...")."""
        source, quantity = c[0], next(x for x in c if isinstance(x, _QUANTITIES))
        recipient = next(x for x in c[1:] if x is not quantity)
        _need(_is_object(source) and source is not PREV, "damage source")
        _need(not ir.per_player(quantity) or _is_player(recipient), "counted for a player")
        if isinstance(quantity, ir.StatOf) and quantity.what is IT:
            quantity = dataclasses.replace(quantity, what=source)
        return [ir.DealDamage(quantity, recipient, source)]

    def draw_equal(self, c):
        """"Draw cards equal to [quantity]" (CR 121.1)."""
        who = c[0] if len(c) > 1 else ir.Ref("you")
        _need(_is_player(who), "not a player")
        return [ir.Draw(c[-1], who)]

    def q_count(self, c):
        """"the number of creatures you control", "... cards in your graveyard" (CR 604.3)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind in (None, DescKind.PERMANENT, DescKind.CARD) and (d.kind is not DescKind.CARD or d.zone_given)
              and _plain_group(d.filter), "the number of")
        return ir.CountOf(d.filter)

    def q_count_theirs(self, c):
        """"the number of nonbasic lands that player controls" (Price of Progress)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and _plain_group(d.filter), "the number of ... they control")
        return ir.CountPerPlayer(d.filter)

    def q_attached_to_them(self, c):
        """"the number of Curses attached to them" (Curse of Thirst): the permanents attached to
        the player dealt damage (CR 303.4b)."""
        d = _of(c, _Desc)
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and _plain_group(d.filter), "the number of ... attached to them")
        return ir.CountPerPlayer(d.filter, attached=True)

    def q_hand_theirs(self, c):
        """"the number of cards in that player's hand" (Sudden Impact)."""
        return ir.CountPerPlayer(ir.Filter(zone="hand"))

    def q_your_library(self, c):
        """"the number of cards in your library" (Thassa's Oracle)."""
        return ir.CountOf(ir.Filter(zone="library", controller="you"))

    def q_twice(self, c):
        """"twice the number of ...": a count, doubled."""
        _need(isinstance(c[0], (ir.CountOf, ir.CountPerPlayer)), "twice")
        return dataclasses.replace(c[0], multiplier=c[0].multiplier * 2)

    def q_minus(self, c):
        """"the number of cards in your hand minus 4" (Ivory Tower, Iron Maiden)."""
        return _minus(c[0], c[1], from_n=False)

    def q_from(self, c):
        """"3 minus the number of cards in their hand" (Rackling, Storm World)."""
        return _minus(c[1], c[0], from_n=True)

    def q_plus(self, c):
        """"two plus the number of Zombies you control" (Liliana, the Last Hope)."""
        n = _number(str(c[0]))
        _need(type(c[1]) is ir.CountOf and c[1].multiplier == 1 and isinstance(n, int), "plus")
        return ir.Plus(c[1], n)

    def q_devotion(self, c):
        """"your devotion to black", "... to black and red" (CR 700.5)."""
        return ir.DevotionCount(tuple(NAME_TO_COLOR[str(x).lower()] for x in c))

    def q_life_total(self, c):
        """"your life total" (Death's Shadow; CR 119.1)."""
        return ir.LifeTotal()

    def q_counters(self, c):
        return ir.CountersOn(c[0])

    def q_stat(self, c):
        return c[0]

    def q_self_stat(self, c):
        return ir.StatOf(ir.Ref("self"), c[-1])

    # ---- a duration put first, quoted abilities granted (CR 611.2, 613.1f, 113.10)
    def eot_sentence(self, c):
        """"Until end of turn, target creature gets +2/+0 and gains trample.": every effect of
        the sentence lasts until end of turn (CR 611.2a, 514.2); one that can't is refused."""
        return _until_eot(self.sentence(_eot_clauses(c)))

    def next_turn_sentence(self, c):
        """"Until your next turn, your life total can't change and you gain protection from
        everything." (Teferi's Protection): effects of the controller, lasting until their next
        turn begins (CR 611.2a); other effects are refused."""
        effects = self.sentence([[dataclasses.replace(e, duration=ir.UNTIL_YOUR_NEXT_TURN)
                                  if getattr(e, "duration", None) == _OPEN else e for e in x]
                                 if isinstance(x, list) else x for x in c])
        _need(all(type(e) in (ir.LifeCantChange, ir.GrantKeywords) and e.duration == ir.UNTIL_YOUR_NEXT_TURN
                  and e.what == ir.Ref("you") if type(e) is ir.GrantKeywords else e.duration == ir.UNTIL_YOUR_NEXT_TURN
                  for e in effects), "until your next turn")
        return effects

    def next_turn_clause(self, c):
        return c[0]

    def ntc_life_cant_change(self, c):
        """"your life total can't change" (CR 119.7, 119.8), for the sentence's duration."""
        return [ir.LifeCantChange(ir.Ref("you"), _OPEN)]

    def eot_where_x(self, c):
        """"Until end of turn, creatures you control get +X/+X, where X is ..." (CR 107.3)."""
        return _until_eot(self.where_x(_eot_clauses(c)))

    def eot_may_play(self, c):
        """"Until end of turn, you may play that card.": the card this ability exiled
        (CR 601.3, 305.1), as "You may play that card this turn"."""
        return [ir.MayPlayExiled()]

    def next_turn_end_may_play(self, c):
        """"Until the end of your next turn, you may play those cards." (CR 601.3, 611.2a)"""
        return [ir.MayPlayExiled(ir.Duration.END_OF_YOUR_NEXT_TURN)]

    def gains_quoted(self, c):
        """"gains "{T}: ..."", "gain trample and "Whenever this creature ..."": the quoted
        activated or triggered abilities (CR 113.10), with the keywords before them (CR 613.1f).
        Its duration comes from the sentence: "Until end of turn" first, else none (it lasts)."""
        what = c[0] if c and not isinstance(c[0], (list, tuple, Token)) else PREV
        _need(what is PREV or _permanent(what), "gains")
        abilities, text = c[-1]
        _need(all(type(a) in (ir.ActivatedAbility, ir.TriggeredAbility) for a in abilities), "a quoted ability")
        keywords = next((x for x in c if isinstance(x, list)), [])
        granted = ir.GainAbility(what, tuple(dataclasses.replace(a, text=text) for a in abilities), _OPEN)
        return ([ir.GrantKeywords(what, tuple(keywords), _OPEN)] if keywords else []) + [granted]

    def lose_keywords(self, c):
        """"Target creature loses flying until end of turn", "All creatures lose flying until
        end of turn" (layer 6, CR 613.1f)."""
        what = c[0] if not isinstance(c[0], list) else PREV
        _need(what is PREV or _permanent(what), "loses")
        keywords = next(x for x in c if isinstance(x, list))
        return [ir.LoseKeywords(what, tuple(keywords), UNTIL_EOT if "eot" in c else _OPEN)]

    def lose_all_abilities(self, c):
        """"It loses all abilities until end of turn", "Target creature loses all abilities"
        (layer 6, CR 613.1f); without a duration it lasts (CR 611.2a)."""
        what = c[0] if c and c[0] != "eot" else PREV
        _need(what is PREV or _permanent(what), "loses all abilities")
        return [ir.LoseAllAbilities(what, UNTIL_EOT if "eot" in c else _OPEN)]

    def become_color(self, c):
        """"Target creature becomes blue until end of turn", "Rainbow Crow becomes the color of
        your choice until end of turn" (layer 5, CR 613.1e); without a duration it lasts."""
        what = c[0] if not isinstance(c[0], tuple) else PREV
        _need(what is PREV or _permanent(what), "becomes a color")
        _kind, colors, choose = next(x for x in c if isinstance(x, tuple))
        return [ir.BecomeColor(what, colors, choose, UNTIL_EOT if "eot" in c else _OPEN)]

    def become_creature_type(self, c):
        """"~ becomes the creature type of your choice until end of turn" (layer 4, CR 205.1a):
        that type instead of its other creature types; without a duration it lasts."""
        what = c[0] if not isinstance(c[0], Token) else PREV
        _need(what is PREV or _permanent(what), "becomes a creature type")
        return [ir.BecomeCreatureType(what, UNTIL_EOT if "eot" in c else _OPEN)]

    def become_land_type(self, c):
        """"Target land becomes a Forest until end of turn", "... becomes the basic land type of
        your choice until end of turn" (layer 4, CR 305.7); without a duration it lasts."""
        what = c[0] if not isinstance(c[0], Token) else PREV
        _need(what is PREV or _permanent(what), "becomes a land type")
        words = str(next(x for x in c if isinstance(x, Token) and x.type == "NEW_LAND_TYPE"))
        found = re.findall(r"Plains|Island|Swamp|Mountain|Forest", words)
        types = tuple(found) if found else ("Plains", "Island", "Swamp", "Mountain", "Forest")
        return [ir.BecomeLandType(what, types, UNTIL_EOT if "eot" in c else _OPEN)]

    def change_text(self, c):
        """"Change the text of target permanent by replacing all instances of one color word
        with another [or one basic land type with another] [until end of turn]" (CR 612); the
        target may be a spell too ("target spell or permanent")."""
        head, kinds = str(c[0]).lower(), str(c[1]).lower()
        words = tuple(k.value for k in WordKind if k.value in kinds)
        spec = ir.TargetSpec(ir.TargetKind.SPELL_OR_PERMANENT if "spell or" in head else ir.TargetKind.PERMANENT)
        return [ir.ChangeText(_T(spec), words, UNTIL_EOT if "eot" in c else _OPEN)]

    def new_type_not(self, c):
        return [_NotNew(str(c[0]).split()[-1].capitalize())]

    def nc_color(self, c):
        return "new_color", (NAME_TO_COLOR[str(c[0]).lower()],), False

    def nc_colorless(self, c):
        return "new_color", (), False

    def nc_choice(self, c):
        _need(str(c[0]).lower() == "color", "the type of your choice")
        return "new_color", (), True

    def pump_while_tapped(self, c):
        """"Target creature gets +2/-2 for as long as ~ remains tapped." (CR 611.2b)."""
        [e] = self.pump([x for x in c if not (isinstance(x, Token) and x.type == "WHILE_SELF_TAPPED")])
        _need(e.duration == _OPEN, "a duration twice")
        return [dataclasses.replace(e, duration=WHILE_SOURCE_TAPPED)]

    def pump_next_turn(self, c):
        """"Target creature gets -2/-1 until your next turn." (CR 611.2a): it ends as the
        controller's next turn begins."""
        [e] = self.pump([x for x in c if not (isinstance(x, Token) and x.type == "UNTIL_YOUR_NEXT_TURN")])
        _need(e.duration == _OPEN, "a duration twice")
        return [dataclasses.replace(e, duration=ir.UNTIL_YOUR_NEXT_TURN)]

    def quoted_sentence(self, c):
        """A sentence whose last clause grants a quoted ability: the period inside the quotation
        marks ends it (CR 113.10)."""
        clauses = [x for x in c if isinstance(x, list)]
        last = clauses[-1][-1] if clauses and clauses[-1] else None
        # a granted ability, or a token created with one ("... token with "{T}: Add {G}."", CR 111.3)
        _need(type(last) is ir.GainAbility or type(last) is ir.CreateTokens and bool(last.token.abilities),
              "a quoted ability")
        return self.sentence(c)

    def eot_quoted_sentence(self, c):
        return _until_eot(self.quoted_sentence(_eot_clauses(c)))


_QUANTITIES = (ir.CountOf, ir.CountersOn, ir.StatOf, ir.CountPerPlayer, ir.Minus, ir.Plus, ir.DevotionCount)


def _minus(count, n, from_n: bool) -> ir.Minus:
    """A count less a number, or a number less a count (CR 107.1b)."""
    n = _number(str(n))
    _need(type(count) in (ir.CountOf, ir.CountPerPlayer) and count.multiplier == 1
          and isinstance(n, int), "minus")
    return ir.Minus(count, n, from_n)



WHILE_SOURCE_TAPPED = "while_source_tapped"


def _eot_clauses(c) -> list:
    """The clauses after "Until end of turn,", each effect whose duration the sentence gives
    (``_OPEN``) lasting until end of turn."""
    return [[dataclasses.replace(e, duration=UNTIL_EOT) if getattr(e, "duration", None) == _OPEN else e
             for e in x] if isinstance(x, list) else x for x in c if x != "eot"]


def _until_eot(effects: list) -> list:
    """The effects of a sentence under "Until end of turn,": each must last until end of turn
    (a continuous effect, CR 611.2a); a one-shot effect or one with another duration is refused."""
    _need(all(getattr(e, "duration", None) == UNTIL_EOT for e in effects), "until end of turn")
    # "target creature gets +3/+3 and other creatures you control get +1/+1": other than the
    # target, which a group's "other" (other than the source) doesn't say
    _need(not (any(isinstance(getattr(e, "what", None), _T) for e in effects)
               and any(isinstance(getattr(e, "what", None), ir.Ref) and e.what.filter is not None
                       and e.what.filter.other for e in effects)), "other than the target")
    return effects
