"""OracleTransformer rules: Effects of spells and abilities (CR 608.2, 701)."""
from __future__ import annotations

import dataclasses
from itertools import combinations_with_replacement

from lark import Token, v_args

from manastack.mana import NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.subtypes import CREATURE_TYPES
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (THOSE, no_it_subject, THAT_OBJECT, UNROUNDED_HALF,
    IT, ITS_CONTROLLER, PREDEFINED_TOKENS, PREV, PREV_PLAYER, THAT_CARD, THAT_PLAYER, THAT_SPELL, THAT_TOKEN, UNTIL_EOT, _Amount, _Colors,
    _Desc, _ForEach, _OPEN, _T, _TokenTypes, _amount, _is_object, _is_player, _mana_symbols,
    _StillType, _ThatOfType, _need, _number, _of, _permanent, _plain_group, _ptmod, _subtype)


# the card types an exception may add (CR 300.1)
_CARD_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker"})


class EffectRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ------------------------------------------------------------------ effects
    def damage(self, c):
        """CR 120: "~ deals 2 damage to any target and 1 damage to you": one DealDamage per
        recipient, each with its own amount."""
        source, each = c[0], _of(c, _ForEach)
        _need(_is_object(source) and source is not PREV, "damage source")
        amounts, recipients = [_amount(c[1], each)], [c[2]]
        for token, recipient in zip(c[3::2], c[4::2]):
            if token.type == "AND_DAMAGE":
                _need(each is None, "for each")
                amounts.append(_number(str(token).split()[1]))
            else:
                amounts.append(amounts[0])
            if isinstance(recipient, ir.ControlledBy) and recipient.player is THAT_PLAYER:
                # "target player and each creature that player controls": the player just named
                before = recipients[-1]
                _need(isinstance(before, _T) and before.spec.kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT), "that player")
                recipient = dataclasses.replace(recipient, player=before)
            recipients.append(recipient)
        return [ir.DealDamage(n, r, source) for n, r in zip(amounts, recipients)]

    def damage_divided(self, c):
        """CR 601.2d: "~ deals 3 damage divided as you choose among one, two, or three targets"."""
        source, n, spec = c[0], _of(c, _Amount).value, c[-1]
        _need(_is_object(source) and source is not PREV, "damage source")
        _need(isinstance(n, (int, ir.X)), "divided damage")
        return [ir.DivideDamage(n, _T(spec), source)]

    def da_one_or_two(self, c):
        return dataclasses.replace(c[-1], count=2, up_to=True, at_least=1)

    def da_one_to_three(self, c):
        return dataclasses.replace(c[-1], count=3, up_to=True, at_least=1)

    def da_any_number(self, c):
        """"any number of targets": each gets at least 1 of what is divided (CR 601.2d)."""
        return dataclasses.replace(c[-1], count=ir.ANY_NUMBER, up_to=True, at_least=1)

    def dv_any(self, c):
        return ir.TargetSpec(ir.TargetKind.ANY)

    def dv_what(self, c):
        kind, f = c[0]
        return ir.TargetSpec(ir.TargetKind(kind), f)

    def sacrifice_it(self, c):
        return [ir.Sacrifice(IT)]

    def sacrifice_that(self, c):
        return [ir.Sacrifice(THAT_OBJECT)]

    def sacrifice_by_controller(self, c):
        """"Its controller sacrifices it": the player who controls it then (CR 701.21a)."""
        _need(c[0] is ITS_CONTROLLER, "sacrifices it: its controller")
        return [ir.Sacrifice(IT, by_controller=True)]

    def sacrifice_token(self, c):
        """"Sacrifice those tokens": the tokens this ability created (CR 111.1, 701.21a)."""
        return [ir.Sacrifice(THAT_TOKEN)]

    def pay_mana(self, c):
        return [ir.PayMana(c[0])]

    # ---- damage prevention (CR 615): which damage, to what, by what, for how long
    def prevent_all(self, c):
        """"Prevent all [combat] damage that would be dealt [to X] [by Y] [this turn]"; "to and
        dealt by X" is two effects, one for the damage dealt to X and one for that X deals."""
        kind = _of(c, _DmgKind)
        to, by, this_turn, both = _prevent_parts([x for x in c if isinstance(x, _DealtPart)])
        base = _prevention(None, to, by, kind, this_turn)
        if both is None:
            return [base]
        _need(to is None and by is None, "to and dealt by")
        return [dataclasses.replace(base, to=both), dataclasses.replace(base, source=both)]

    def prevent_all_by(self, c):
        """"Prevent all [combat] damage [that] Y would deal [to X] [this turn]"."""
        kind = _of(c, _DmgKind)
        rest = [x for x in c if not isinstance(x, _DmgKind)]
        this_turn = bool(rest) and rest[-1] is _THIS_TURN
        if this_turn:
            rest = rest[:-1]
        _need(len(rest) in (1, 2), "prevent")
        return [_prevention(None, rest[1] if len(rest) == 2 else None, rest[0], kind, this_turn)]

    def prevent_next(self, c):
        """"Prevent the next N [combat] damage that would be dealt to X [by Y] this turn", or
        dealt by Y to anything (a shield, CR 615.7)."""
        to, by, this_turn, both = _prevent_parts([x for x in c if isinstance(x, _DealtPart)])
        _need(both is None and this_turn and (to is not None or by is not None) and not isinstance(to, tuple),
              "prevent the next")
        return [_prevention(_amount(_of(c, _Amount), None), to, by, _of(c, _DmgKind), this_turn)]

    def st_prevent(self, c):
        """The same sentence without "this turn": a static ability (CR 604.1, 615), naming no
        target and nothing but the permanent and groups read as the damage would be dealt; a
        redirection's new recipient is ~, you or the enchanted or equipped creature (CR 614.9)."""
        out = []
        for e in c[0]:
            _need(e.duration == "" and e.amount is None and not e.once, "a static prevention for a time")
            _need(type(e) is ir.PreventDamage or isinstance(e.instead, ir.Ref), "a static redirection to a target")
            _need(not (isinstance(e.source, ir.Ref) and e.source.name == ir.CHOSEN_SOURCE), "a source of your choice")
            _need(not any(isinstance(x, (_T, type(IT))) for x in (e.to, e.source, e.also_to)), "it")
            out.append(ir.PreventionAbility(e))
        return out

    def st_prevent_some(self, c):
        """"If a source [an opponent controls] would deal damage to X, prevent N of that damage."
        (CR 615.10): N of each damage event, each source's damage to each recipient apart. The
        source may be any description ("a red source", "an artifact"), read as it deals."""
        dealer, victim = _of(c, _Dealer), _of(c, _Victim)
        kind = _of(c, _DmgKind)
        n = _number(str([x for x in c if isinstance(x, Token) and x.type == "NUM"][-1]))
        _need(isinstance(n, int) and n > 0, "prevent X of")
        which = kind.which if kind is not None else None
        return [ir.PreventionAbility(ir.PreventDamage(n, victim.to, which == "combat", dealer.ref,
                                                      which == "noncombat", victim.also_to, duration=""))]

    def st_damage_change(self, c):
        """"If a source you control would deal damage to a permanent or player, it deals double
        that damage to that permanent or player instead." (CR 614.1a): a static ability changing
        the damage itself; "to that ..." must name the recipient named before."""
        dealer, kind, change = _of(c, _Dealer), _of(c, _DmgKind), _of(c, _Change)
        victim = _of(c, _Victim) or _Victim(None, None, "")
        again = next((str(x).lower() for x in c if isinstance(x, Token) and x.type == "TO_THAT_RECIPIENT"), None)
        _need(again is None or again == "to " + victim.again, "a different recipient")
        which = kind.which if kind is not None else None
        return [ir.ReplacementAbility(ir.ReplacementKind.DAMAGE_CHANGE, damage=ir.DamageChange(
            dealer.ref, victim.to, victim.also_to, which == "combat", which == "noncombat",
            change.times, change.plus, change.halve))]

    def st_damage_as_counters(self, c):
        """"If a source you control would deal noncombat damage to a creature an opponent
        controls, put that many -1/-1 counters on that creature instead." (CR 614.1a): no damage
        is dealt; the counters are put instead (a replacement, not a prevention: Soul-Scar
        Mage's rulings). The recipient must be a creature."""
        dealer, kind, victim = _of(c, _Dealer), _of(c, _DmgKind), _of(c, _Victim)
        counter = next(x for x in c if isinstance(x, str))      # the counter kind
        _need(victim is not None and victim.to is not None and victim.also_to is None
              and isinstance(victim.to, ir.Ref) and victim.to.filter is not None
              and victim.to.filter.types == ("Creature",), "damage as counters")
        which = kind.which if kind is not None else None
        return [ir.ReplacementAbility(ir.ReplacementKind.DAMAGE_CHANGE, damage=ir.DamageChange(
            dealer.ref, victim.to, None, which == "combat", which == "noncombat", as_counters=str(counter)))]

    def damage_change_turn(self, c):
        """The same sentence with "this turn" (CR 614.1a): groups read as the damage would be
        dealt, so nothing may name the source the effect outlives (CR 611.2c)."""
        [ability] = self.st_damage_change([x for x in c if x is not _THIS_TURN])
        e = ability.damage
        for ref in (e.source, e.to, e.also_to):
            _need(ref is None or ref.name == "all" and _plain_group(ref.filter), "a change of damage for a turn")
        return [ir.ChangeDamage(e)]

    def dd_source(self, c):
        """"a source", "another red source you control": a source with those characteristics,
        wherever it is (CR 120.2, 609.7)."""
        parts = [x for x in c if isinstance(x, tuple)]
        return _Dealer(self.ds_sources(parts + [("other", True)] if "another" in c else parts))

    def dd_equipped(self, c):
        return _Dealer(ir.Ref("equipped"))

    def dd_desc(self, c):
        """"a creature you control", "a red instant or sorcery spell you control", "an artifact"."""
        d = _of(c, _Desc)
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT, DescKind.SPELL) and not d.zone_given, "a dealer")
        f = dataclasses.replace(d.filter, other=True) if "another" in c else d.filter
        return _Dealer(ir.Ref("all", f))

    def dv_anything(self, c):
        return _Victim(None, None, "that permanent or player")

    def dv_opponent(self, c):
        """"an opponent", "an opponent or a permanent an opponent controls"."""
        also = _victim_group(c)
        return _Victim(ir.Ref("each_opponent"), also, "that player" if also is None else "")

    def dv_player(self, c):
        return _Victim(ir.Ref("each_player"), None, "that player")

    def dv_you(self, c):
        """"you", "you or a creature you control"."""
        also = _victim_group(c)
        return _Victim(ir.Ref("you"), also, "you" if also is None else "")

    def dv_group(self, c):
        """"a Cleric creature you control", "another Dinosaur you control": any of them."""
        also = _victim_group(c)
        return _Victim(also, None, "that creature" if also.filter.types == ("Creature",) else "")

    def dv_self(self, c):
        return _Victim(ir.Ref("self"), None, "~")

    def dv_enchanted_player(self, c):
        """"enchanted player": the player the Aura with this ability enchants (CR 303.4b)."""
        return _Victim(ir.Ref(ir.ENCHANTED_PLAYER), None, "that player")

    def dv_equipped(self, c):
        return _Victim(ir.Ref("equipped"), None, "equipped creature")

    def dc_double(self, c):
        return _Change(times=2)

    def dc_triple(self, c):
        return _Change(times=3)

    def dc_plus(self, c):
        return _Change(plus=_number(str(c[-1])))

    def dc_minus(self, c):
        return _Change(plus=-_number(str(c[-1])))

    def dc_half_down(self, c):
        return _Change(halve=True)

    def damage_cant_be_prevented(self, c):
        return [ir.DamageCantBePrevented()]

    def untargetable_turn(self, c):
        """"Target creature can't be the target of spells or abilities your opponents control
        this turn." (CR 115.1, 611.2): one target."""
        _need(isinstance(c[0], _T) and not c[0].spec.up_to, "can't be the target")
        return [ir.Untargetable(c[0])]

    def cant_lose_game_turn(self, c):
        """"You can't lose the game this turn and your opponents can't win the game this turn."
        (CR 104.3, 104.2): an effect of the resolving spell, for the turn."""
        return [ir.CantLoseGame()]

    def life_floor_turn(self, c):
        """"damage that would reduce your life total to less than 1 reduces it to 1 instead",
        under "Until end of turn," (CR 614.1a); its duration comes from the sentence."""
        _need(str(c[0]) == "1" and str(c[1]) == "1", "life floor")
        return [ir.DamageLifeFloor(_OPEN)]

    def dk_combat(self, c):
        return _DmgKind("combat")

    def dk_noncombat(self, c):
        return _DmgKind("noncombat")

    def this_turn(self, c):
        return _THIS_TURN

    def dp_to(self, c):
        return _DealtPart("to", c[0])

    def dp_by(self, c):
        return _DealtPart("by", c[0])

    def dp_this_turn(self, c):
        return _DealtPart("this_turn", None)

    def dp_to_and_by(self, c):
        return _DealtPart("both", _prevent_party(c[0]))

    def dmg_to(self, c):
        return _prevent_party(c[0])

    def dt_players(self, c):
        return ir.Ref("each_player")

    def dt_you_and(self, c):
        """"to you and creatures you control": the player and a group (two recipients)."""
        d = c[0]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "you and")
        return ir.Ref("you"), ir.Ref("all", d.filter)

    def dmg_source(self, c):
        return _prevent_party(c[0])

    def prevent_next_time(self, c):
        """"The next time Y would deal damage [to X] this turn, prevent that damage." (CR 615.8)"""
        rest = [x for x in c if x is not _THIS_TURN and not isinstance(x, Token)]
        _need(len(rest) in (1, 2), "the next time")
        return [dataclasses.replace(_prevention(None, rest[1] if len(rest) == 2 else None, rest[0], None, True),
                                    once=True)]

    # ---- redirection (CR 614.9): the parts of a prevention, and where the damage goes instead
    def redirect_next(self, c):
        """"The next N damage that would be dealt to X [by Y] this turn is dealt to Z instead."."""
        to, by, this_turn, both = _prevent_parts([x for x in c if isinstance(x, _DealtPart)])
        _need(both is None and this_turn and to is not None and not isinstance(to, tuple), "redirect the next")
        return [_redirection(_prevention(_amount(_of(c, _Amount), None), to, by, None, True), c[-1])]

    def redirect_all(self, c):
        """"All [combat] damage that would be dealt to X [by Y] [this turn] is dealt to Z
        instead."; without "this turn", a static ability (st_prevent)."""
        to, by, this_turn, both = _prevent_parts([x for x in c if isinstance(x, _DealtPart)])
        _need(both is None and to is not None, "redirect all")
        return [_redirection(_prevention(None, to, by, _of(c, _DmgKind), this_turn), c[-1])]

    def redirect_next_time(self, c):
        """"The next time Y would deal damage [to X] this turn, that damage is dealt to Z
        instead." (one instance, as CR 615.8 reads it for prevention)."""
        rest = [x for x in c if x is not _THIS_TURN and not isinstance(x, Token)]
        _need(len(rest) in (2, 3), "the next time")
        base = _prevention(None, rest[1] if len(rest) == 3 else None, rest[0], None, True)
        return [_redirection(dataclasses.replace(base, once=True), rest[-1])]

    def replace_next_draw(self, c):
        """"The next time you would draw a card this turn, [effect] instead." (CR 614.11)."""
        effects = tuple(c[-1])
        _need(bool(effects) and not any(type(e) in (ir.Draw, ir.ReplaceNextDraw) for e in effects), "a draw instead")
        return [ir.ReplaceNextDraw(effects)]

    def redirected_to(self, c):
        return c[-1]

    def chosen_source(self, c):
        """"a red source of your choice", "an artifact source of your choice" (CR 609.7a)."""
        _need(not any(x == "another" for x in c), "another source")
        return ir.Ref(ir.CHOSEN_SOURCE, self.ds_sources([x for x in c if isinstance(x, tuple)]).filter)

    def dealer_self(self, c):
        return ir.Ref("self")

    def dealer_group(self, c):
        """"creatures", "other creatures", "non-Soldier creatures": any of them (o_all)."""
        return self.o_all(c)

    def ds_sources(self, c):
        """"black sources", "artifact sources", "sources you don't control": any object with
        those characteristics (a source of damage, CR 120.2, 609.7)."""
        parts = [x for x in c if isinstance(x, tuple) and not isinstance(x, Token)]
        words = [x for x in parts if x[0] in ("type", "subtype")]
        noun = ("noun", tuple(w[1] for w in words if w[0] == "type"),
                tuple(w[1] for w in words if w[0] == "subtype"), True, None)
        d = self.desc([x for x in parts if x[0] not in ("type", "subtype")] + [noun])
        _need(d.filter.zone == "battlefield" and not d.zone_given, "sources")
        return ir.Ref("all", d.filter)

    def ds_sources_color_choice(self, c):
        """"sources of the color of your choice": of one color the controller chooses as the
        effect begins (CR 608.2d), fixed for as long as it lasts."""
        return ir.Ref("all", ir.Filter(colors=(ir.COLOR_CHOICE,)))

    def ds_blocking_it(self, c):
        """"creatures blocking it" (it: the ability's own permanent, CR 509.1g)."""
        _need(c[0].plural and c[0].kind is None, "blocking it")
        return ir.Ref(ir.BLOCKING_SELF, c[0].filter)

    def ds_blocked_by_it(self, c):
        """"creatures it's blocking"."""
        _need(c[0].plural and c[0].kind is None, "it's blocking")
        return ir.Ref(ir.BLOCKED_BY_SELF, c[0].filter)

    def itself(self, c):
        return ir.Ref("self")

    def recipient(self, c):
        return c[0]

    def r_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, DescKind.PERMANENT), "each")
        return ir.Ref("all", c[0].filter)

    def r_each_that_player(self, c):
        """"... and each creature that player controls": the player named before (see damage)."""
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and _plain_group(d.filter), "each ... that player controls")
        return ir.ControlledBy(d.filter, THAT_PLAYER)

    def r_player_or_planeswalker(self, c):
        """"that player or a planeswalker that player controls": one of them, chosen as the damage
        is dealt (CR 608.2d)."""
        _need(c[0] is THAT_PLAYER, "a player or a planeswalker they control")
        return ir.PlayerOrPlaneswalker(c[0])

    def r_each_player(self, c):
        return ir.Ref("each_player")

    def r_each_opponent(self, c):
        return ir.Ref("each_opponent")

    def _player_or_you(self, c):
        who = c[0] if c and not isinstance(c[0], _Amount) else ir.Ref("you")
        _need(_is_player(who), "not a player")
        return who

    # ------------------------------------------------------------------ edicts (CR 701.21a)
    def edict(self, c, other=False):
        """"Target player sacrifices a creature.", "Each opponent sacrifices two lands."; with
        ``other``, "Sacrifice a creature other than ~" (any but the source, CR 701.21a)."""
        who, n, d = c[0], _number(str(c[-2])), c[-1]
        _need(_is_player(who), "not a player")
        _need(isinstance(n, int) and d.plural == (n > 1) and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given and d.filter.controller is None
              and (other or not d.filter.other), "edict")
        return [ir.SacrificePermanents(who, dataclasses.replace(d.filter, controller="you"), n)]

    def edict_for_each(self, c):
        """"Each opponent sacrifices a creature for each death vote" (CR 701.21a, 701.38): as many
        as the votes for that choice; only a vote's count is read so."""
        fe = c[-1]
        _need(isinstance(fe, _ForEach) and fe.vote is not None, "sacrifices ... for each")
        out = self.edict(c[:-1])
        _need(out[0].count == 1, "sacrifices N for each")
        return [dataclasses.replace(out[0], count=fe.count(1))]

    def return_chosen(self, c):
        """"Each player returns a creature they control to its owner's hand": each player named
        chooses (CR 608.2d), as for an edict."""
        who, n, d = c[0], _number(str(c[-2])), c[-1]
        _need(_is_player(who) and who != ir.Ref("you"), "not another player")
        _need(isinstance(n, int) and d.plural == (n > 1) and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given and d.filter.controller is None and not d.filter.other, "returns")
        return [ir.ReturnPermanents(who, dataclasses.replace(d.filter, controller="you"), n)]

    def edict_prev(self, c):
        """"... and sacrifices a creature": the player named before in the sentence."""
        return self.edict([PREV_PLAYER] + list(c))

    def edict_you_any(self, c):
        """"Sacrifice any number of lands.": as many as its controller chooses (CR 701.21a)."""
        d = c[-1]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and not d.filter.other, "sacrifice any number")
        return [ir.SacrificePermanents(ir.Ref("you"), dataclasses.replace(d.filter, controller="you"),
                                       ir.ANY_NUMBER, up_to=True)]

    def edict_you(self, c):
        """"Sacrifice a creature." as an effect: its controller sacrifices (CR 701.21a)."""
        return self.edict([ir.Ref("you")] + list(c), other=True)

    # ------------------------------------------------------------------ emblems (CR 114)
    def emblem(self, c):
        """CR 114.2: "[player] gets an emblem with "[ability]"."."""
        who, (abilities, text) = c[0], c[-1]
        _need(_is_player(who), "not a player")
        return [ir.CreateEmblem(who, tuple(abilities), text)]

    @v_args(meta=True)
    def em_static(self, meta, c):
        return no_it_subject([a for group in c for a in group]), self.text[meta.start_pos:meta.end_pos]

    @v_args(meta=True)
    def em_triggered(self, meta, c):
        return self.triggered(c)[1], self.text[meta.start_pos:meta.end_pos]

    @v_args(meta=True)
    def em_activated(self, meta, c):
        return self.activated(c)[1], self.text[meta.start_pos:meta.end_pos]

    def draw(self, c):
        return [ir.Draw(_amount(_of(c, _Amount), _of(c, _ForEach)), self._player_or_you(c))]

    def draw_up_to(self, c):
        """"Each player may draw up to two cards": each chooses how many, then draws them."""
        n = _of(c, _Amount).value
        _need(isinstance(n, int), "draw up to X")
        return [ir.Draw(n, self._player_or_you(c), up_to=True)]

    def discard(self, c):
        fe = _of(c, _ForEach)
        _need(fe is None or fe.vote is not None, "discard for each")    # "for each taxes vote" (CR 701.38)
        return [ir.Discard(_amount(_of(c, _Amount), fe), self._player_or_you(c),
                           random="random" in c)]

    def discard_up_to_draw(self, c):
        """"Discard up to two cards, then draw that many cards.": the player chooses how many
        to discard, at most two (any number: their hand), then draws as many as they discarded."""
        n = _number(str(c[0])) if c else ir.ANY_NUMBER
        _need(isinstance(n, int), "discard up to X")
        return [ir.Discard(n, up_to=True), ir.Draw(ir.CountedThisWay("discarded"))]

    def discard_hand(self, c):
        """"Each player discards their hand", "Discard your hand" (CR 701.9a)."""
        who = c[0] if c and c[0] is not None else ir.Ref("you")
        _need(_is_player(who), "not a player")
        return [ir.DiscardHand(who)]

    def reveal_discard_all(self, c):
        """"Target player reveals their hand and discards all nonland cards" (Amnesia; CR 701.20a,
        701.9a): every card of the description in that hand."""
        who, d = c[0], _of(c, _Desc)
        _need(_is_player(who) and d.kind is DescKind.CARD and d.plural and not d.zone_given
              and d.filter.controller is None and "chosen" not in d.filter.subtypes + d.filter.colors, "discards all")
        return [ir.DiscardHand(who, dataclasses.replace(d.filter, zone="hand"), revealed=True)]

    def discard_hand_draw(self, c):
        """"Each player discards all the cards in their hand, then draws that many cards [plus
        one / minus one]" (CR 701.9a, 121.1): each draws as many as they discarded, changed by the
        number given."""
        who = next((x for x in c if not isinstance(x, Token)), None) or ir.Ref("you")
        _need(_is_player(who), "not a player")
        words = [str(x).lower() for x in c if isinstance(x, Token) and x.type in ("PLUS_MINUS", "NUM")]
        more = 0
        if words:
            n = _number(words[1])
            _need(isinstance(n, int), "that many plus X")
            more = n if words[0] == "plus" else -n
        return [ir.DiscardHandDraw(who, more)]

    def at_random(self, c):
        return "random"

    def cards(self, c):
        return None

    # A verb of a player without its own subject ("Target player draws two cards and loses 2
    # life"): the player named before it in the sentence, filled in by ``sentence``.
    def draw_prev(self, c):
        return [ir.Draw(_amount(_of(c, _Amount), _of(c, _ForEach)), PREV_PLAYER)]

    def discard_prev(self, c):
        return [dataclasses.replace(e, who=PREV_PLAYER) for e in self.discard(c)]

    def gain_life_prev(self, c):
        return [ir.GainLife(_amount(c[0], _of(c, _ForEach)), PREV_PLAYER)]

    def lose_life_prev(self, c):
        return [ir.LoseLife(_amount(c[0], _of(c, _ForEach)), PREV_PLAYER)]

    def mill_prev(self, c):
        return [ir.Mill(_of(c, _Amount).value, PREV_PLAYER)]

    def gain_life_you(self, c):
        """"You may gain 1 life": the player of the sentence, "you" unless a "[player] may"
        names another (``may_player``)."""
        return [ir.GainLife(_amount(c[0], _of(c, _ForEach)), ir.Ref("you"))]

    def gain_life(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.GainLife(_amount(c[1], _of(c, _ForEach)), c[0])]

    def lose_life_they(self, c):
        """"they lose 2 life" (Curse of Fool's Wisdom): "they" is the player the trigger names."""
        return [ir.LoseLife(_amount(c[0], None), THAT_PLAYER)]

    def lose_life(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.LoseLife(_amount(c[1], _of(c, _ForEach)), c[0])]

    def lose_half_life(self, c):
        """"Each opponent who can't loses half their life, rounded up." (CR 107.1a)."""
        _need(_is_player(c[0]) and c[0] != ir.Ref("you"), "not a player")
        return [ir.LoseHalfLife(c[0], round_up=str(c[-1]).lower().endswith("up"))]

    def gains(self, c):
        """"~ gains flying until end of turn"; "you gain protection from ...", "you gain shroud"
        (a player with protection, hexproof or shroud, CR 702.16b, 702.11c, 702.18a): a player
        gains no other keyword here."""
        what = c[0] if not isinstance(c[0], list) else PREV
        keywords = next(x for x in c if isinstance(x, list))
        _need(_is_object(what) or what == ir.Ref("you") and all(k.name in ("protection", "hexproof", "hexproof from", "shroud")
                                                                for k in keywords), "gains")
        duration = UNTIL_EOT if "eot" in c else _OPEN
        return [ir.GrantKeywords(what, tuple(keywords), duration)]

    def duration(self, c):
        return "eot"

    def destroy(self, c):
        # "Destroy all creatures target player controls": only the player is targeted (CR 115.1)
        _need(_permanent(c[0]) or isinstance(c[0], ir.ControlledBy), "destroy")
        return [ir.Destroy(c[0], no_regeneration=len(c) > 1)]

    def regenerate(self, c):
        _need(_permanent(c[0]), "regenerate")
        return [ir.Regenerate(c[0])]

    def exile(self, c):
        _need((_is_object(c[0]) or isinstance(c[0], ir.ControlledBy)) and c[0] is not PREV, "exile")
        return [ir.Exile(c[0])]

    def exile_until(self, c):
        """"Exile target creature an opponent controls until ~ leaves the battlefield" (CR 610.3)."""
        _need(_permanent(c[0]), "exile until")
        return [ir.Exile(c[0], until_source_leaves=True)]

    def skip_untap(self, c):
        """"That creature doesn't untap during its controller's next untap step" (CR 502.3)."""
        _need(_permanent(c[0]), "doesn't untap")
        return [ir.SkipNextUntap(c[0])]

    def skip_untap_while_tapped(self, c):
        """"It doesn't untap during its controller's untap step for as long as ~ remains
        tapped" (CR 502.3, 611.2b)."""
        _need(_permanent(c[0]), "doesn't untap")
        return [ir.SkipNextUntap(c[0], while_source_tapped=True)]

    def exile_top(self, c):
        return [ir.ExileTopCard()]

    def exile_top_by(self, c):
        """"that player exiles the top two cards of their library" (CR 406.1)."""
        who, n = c[0], _of(c, _Amount)
        _need(_is_player(who), "not a player")
        return [ir.ExileTopCard(n.value if n is not None else 1, who)]

    def exile_top_n(self, c):
        """"Exile the top three cards of your library." (CR 406.1)"""
        return [ir.ExileTopCard(c[0].value)]

    def play_permission(self, c):
        """"You may play that card this turn": the card this ability exiled (CR 601.3, 305.1)."""
        return [ir.MayPlayExiled()]

    def play_until_next_turn_end(self, c):
        """"You may play cards exiled this way until the end of your next turn." (CR 611.2a)"""
        return [ir.MayPlayExiled(ir.Duration.END_OF_YOUR_NEXT_TURN)]

    def extra_land_plays(self, c):
        """"You may play an additional land this turn", "... up to three additional lands this
        turn" (CR 305.2): a permission, not a choice made as the effect happens."""
        n = _number(str(c[0])) if c else 1
        _need(isinstance(n, int), "additional lands")
        return [ir.ExtraLandPlays(n)]

    def bounce_two(self, c):
        """"Return target creature you control and target creature you don't control to their
        owners' hands": each target phrase its own target (CR 115.1)."""
        first, second = c[0], c[1]
        _need(_permanent(first) and _permanent(second), "return")
        return [ir.ReturnToHand(first), ir.ReturnToHand(second)]

    def bounce(self, c):
        what, owner = c
        if what == ir.Ref(ir.EXILED_CARDS):     # "return the exiled card to its owner's hand" (CR 607.2a)
            _need(owner == "owner", "return to your hand")
            return [ir.ReturnToHand(what)]
        if what == ir.Ref(ir.MOST_VOTES):       # cards voted for: each to its owner's hand (CR 400.3)
            return [ir.ReturnToHand(what)]
        if what is THAT_CARD:       # the card a leaves-the-battlefield trigger saw (CR 400.7e)
            _need(owner == "owner", "return to your hand")
            return [ir.ReturnToHand(what)]
        from_graveyard = isinstance(what, _T) and what.spec.filter.zone == "graveyard"
        if owner == "your" and what in (IT, THAT_OBJECT):
            # "return it (that creature) to your hand": a card you put onto the battlefield or
            # returned; a card goes to its owner's hand whatever the text says (CR 400.3)
            return [ir.ReturnToHand(what)]
        if owner == "your" and isinstance(what, ir.Ref) and what.name == "chosen":
            # "[you may] return a creature card from your graveyard to your hand" (Corpse Churn):
            # not targeted, one card chosen as the effect happens (CR 608.2d)
            _need(what.filter is not None and what.filter.zone == "graveyard", "return to your hand")
            return [ir.ReturnToHand(what)]
        if owner == "your" and isinstance(what, _T) and what.spec.filter.owned and _permanent(what):
            return [ir.ReturnToHand(what)]   # "target commander you own": your hand is its owner's (CR 400.3)
        if owner == "your":
            _need(from_graveyard and what.spec.filter.controller == "you", "return to your hand")
        else:
            _need(_permanent(what) or from_graveyard, "return")
        return [ir.ReturnToHand(what)]

    def return_self_from_graveyard(self, c):
        """"Return ~ from your graveyard to your hand": an ability that works only there
        (CR 113.6m); see LineRules.activated."""
        return [ir.ReturnToHand(ir.Ref("self"), from_graveyard=True)]

    def return_self_to_battlefield(self, c):
        """"Return ~ from your graveyard to the battlefield [tapped] [attached to that
        creature]": under its owner's control, who is the one whose graveyard it is (CR 113.6m,
        110.2a); the object it is attached to, "it" or "that creature", is what the trigger saw."""
        onto = next((x for x in c if not isinstance(x, Token)), None)
        _need(onto is None or onto is IT or onto is THAT_OBJECT, "attached to")
        return [ir.ReturnToBattlefield(ir.Ref("self"), from_graveyard=True, attached_to=onto,
                                       tapped=any(isinstance(x, Token) and x.type == "TAPPED_KW" for x in c))]

    def reanimate(self, c):
        """A card from your own graveyard returns under its owner's control, which is yours
        (CR 110.2a); "that card" or "it", a card an earlier effect or the trigger moved
        (CR 400.7e, 400.7j), returns under its owner's control or yours, as the text says."""
        tapped = any(isinstance(x, Token) and x.type == "TAPPED_KW" for x in c)
        c = [x for x in c if not (isinstance(x, Token) and x.type == "TAPPED_KW")]
        return [dataclasses.replace(e, tapped=tapped) for e in self._reanimate(c)]

    def _reanimate(self, c):
        what = c[0]
        whose = next((x for x in c[1:] if x in ("you", "owner")), None)
        counter = next((x[1] for x in c[1:] if isinstance(x, tuple) and x[0] == "with_counter"), None)
        if what == ir.Ref(ir.EXILED_CARDS):     # CR 607.2a, 610.3c: under their owners' control
            _need(whose == "owner" and counter is None, "return the exiled card")
            return [ir.ReturnToBattlefield(what)]
        if what is THAT_CARD or what is IT or what is THOSE:
            # no "under ... control": under the control of the player the effect has put it
            # there, the ability's controller (CR 110.2a); "those cards": the targets of one
            # phrase, each the card it became (CR 400.7e)
            _need(counter in (None, "+1/+1", "-1/-1"), "return with a keyword counter")
            return [ir.ReturnToBattlefield(what, counter, under_you=whose != "owner")]
        if what == ir.Ref("self") and whose is None and counter is None:
            # "return ~ to the battlefield": from the graveyard an "if ~ is in your graveyard"
            # names (LineRules.triggered marks it so; anywhere else it is refused)
            return [ir.ReturnToBattlefield(ir.SELF_IN_GRAVEYARD)]
        _need(counter is None, "return with a counter")
        _need(isinstance(what, _T) and what.spec.filter.zone == "graveyard"
              and what.spec.filter.controller == "you", "return to the battlefield")
        return [ir.ReturnToBattlefield(what)]

    def hand_owner(self, c):
        return "owner"

    def your(self, c):
        return "your"

    def counter_spell(self, c):
        _need(c[0].spec.kind in ir.STACK_TARGETS, "counter")
        _need(c[0].spec.kind == ir.TargetKind.SPELL or len(c) == 1, "counter an ability unless")
        if len(c) > 2:  # "unless its controller pays {1} for each card in your graveyard" (CR 118.12)
            _need(not c[1].x_count, "{X} for each")
            return [ir.CounterUnlessPays(c[0], ir.Cost(mana=c[1]), times=c[2].count())]
        if len(c) > 1:  # "unless its controller pays {N}" (CR 701.6)
            return [ir.CounterUnlessPays(c[0], ir.Cost(mana=c[1]))]
        return [ir.CounterSpell(c[0])]

    def copy_spell(self, c):
        """CR 707.10: "Copy target instant or sorcery spell." (Twincast), with "You may choose new
        targets for the copy." (CR 707.10c)."""
        spec = c[0].spec
        _need(spec.kind == ir.TargetKind.SPELL and spec.filter.types and set(spec.filter.types) <= {"Instant", "Sorcery"}
              and spec.filter.controller is None, "copy")
        return [ir.CopySpell(c[0], new_targets=len(c) > 1)]

    def others_may_copy(self, c):
        """"each other player may copy that spell and may choose new targets for the copy they
        control": each player but the one the trigger names (who cast it) may, each their own
        copy with new targets (CR 707.10, 707.10c); they choose in APNAP order (CR 101.4)."""
        return [ir.May((ir.CopySpell(THAT_SPELL, new_targets=True),), who=ir.Ref(ir.OTHER_THAN_TRIGGERING_PLAYER))]

    def copy_self(self, c):
        """"copy this spell and may choose a new target for that copy" (Chain Lightning): the
        resolving spell is copied, by the player the sentence names (CR 707.10, 707.10c)."""
        return [ir.CopySpell(ir.Ref("self"), new_targets=True)]

    def counter_that_spell(self, c):
        """"Counter that spell." in a cast trigger (Chalice of the Void, CR 701.6a)."""
        return [ir.CounterSpell(THAT_SPELL)]

    def counter_that_same_mv(self, c):
        """"counter that spell if it has the same mana value as the revealed card" (Counterbalance):
        compared as the ability resolves (CR 202.3, 608.2c)."""
        return [ir.Conditional(ir.SameManaValue(THAT_SPELL, ir.Ref(ir.REVEALED)), (ir.CounterSpell(THAT_SPELL),))]

    def may_reveal_top(self, c):
        """"you may reveal the top card of your library" (CR 701.20a): "the revealed card" after it."""
        return [ir.May((ir.RevealTop(),))]

    def counter_that_unless(self, c):
        """"Counter that spell unless its controller pays {2}" / "... discards a card": the
        spell's controller may pay as it resolves (CR 118.12a)."""
        cost = ir.Cost(mana=c[0]) if c else ir.Cost(parts=(ir.DiscardCost(1),))
        return [ir.CounterUnlessPays(THAT_SPELL, cost)]

    def pump(self, c):
        what = c[0] if not isinstance(c[0], Token) else PREV
        _need(_is_object(what), "gets")
        (p, neg_p), (t, neg_t) = _ptmod(next(x for x in c if isinstance(x, Token)))
        each = _of(c, _ForEach)
        _need(sum(isinstance(x, _ForEach) for x in c) <= 1, "for each")
        if each is not None:
            _need(isinstance(p, int) and isinstance(t, int), "X for each")
            neg_p, neg_t = p < 0, t < 0
            p = each.count(abs(p)) if p else 0
            t = each.count(abs(t)) if t else 0
        duration = UNTIL_EOT if "eot" in c else _OPEN
        return [ir.ModifyPT(what, p, t, duration, neg_p, neg_t)]

    def remove_all_counters(self, c):
        """"remove all fate counters from all permanents" (CR 122.1)."""
        _need(_permanent(c[1]), "remove counters")
        return [ir.RemoveAllCounters(c[1], c[0])]

    def remove_counters(self, c):
        """"Remove up to N counters from target permanent" (Glissa Sunslayer)."""
        amount, what = _number(str(c[0])), c[1]
        _need(isinstance(amount, int) and _permanent(what), "remove counters")
        return [ir.RemoveCounters(what, amount)]

    def put_counters(self, c):
        amount, kind, what = c[0], c[1], c[2]
        _need(_permanent(what), "counters")
        return [ir.PutCounters(what, kind, _amount(amount, _of(c, _ForEach)))]

    def put_counters_equal(self, c):
        """"put a number of +1/+1 counters on it equal to [a quantity]"."""
        kind, what, quantity = c[-3], c[-2], c[-1]
        _need(_permanent(what) and not ir.per_player(quantity) and not _stat_of_it(quantity), "counters")
        return [ir.PutCounters(what, kind, quantity)]

    def reveal_top_to_hand(self, c):
        """"Reveal the top card of your library and put that card into your hand" (Dark
        Confidant)."""
        return [ir.RevealTopToHand()]

    def move_counter(self, c):
        """"move a +1/+1 counter from target creature onto ~" (CR 122.5)."""
        n, kind, source, to = _number(str(c[0])), c[1], c[2], c[3]
        _need(n == 1 and _permanent(source) and _permanent(to), "move counters")
        return [ir.MoveCounter(source, to, kind)]

    def double_counters(self, c):
        """"Double the number of +1/+1 counters on ~" (CR 701.10e)."""
        kind, what = c[0], c[1]
        _need(_permanent(what), "counters")
        return [ir.DoubleCounters(what, kind)]

    def create(self, c):
        amount, (token, tapped) = c[0], c[1]
        return [ir.CreateTokens(token, _amount(amount, _of(c, _ForEach)), tapped)]

    def create_named_legendary(self, c):
        """"create Ragavan, a legendary 2/1 red Monkey creature token": one token with that name
        (CR 111.4) and the supertype legendary (CR 205.4), so the legend rule applies to it."""
        name = str(c[0]).rpartition(", a legendary")[0]
        (token, tapped) = c[1]
        _need(token.name.endswith(" Token"), "a token's name")
        return [ir.CreateTokens(dataclasses.replace(token, name=name, supertypes=("Legendary",)), 1, tapped)]

    def create_several(self, c):
        """"create a 3/3 ... token with deathtouch and a 3/3 ... token with lifelink": each
        kind of token, in the order written (CR 111.2)."""
        parts = [x for x in c if not isinstance(x, Token)]
        return [ir.CreateTokens(token, amount.value, tapped) for amount, (token, tapped) in zip(parts[::2], parts[1::2])]

    def create_equal(self, c):
        """"create a number of 1/1 white Soldier creature tokens equal to [a quantity]"."""
        (token, tapped), quantity = c[-2], c[-1]
        _need(not ir.per_player(quantity) and not _stat_of_it(quantity), "a number of tokens")
        return [ir.CreateTokens(token, quantity, tapped)]

    def create_predefined(self, c):
        """CR 111.10: Treasure, Food, Gold, Clue and Blood tokens have characteristics the rules define."""
        amount, name = c[0], str(c[1])
        spec = ir.TokenSpec(f"{name} Token", None, None, (), ("Artifact",), (name,),
                            text=PREDEFINED_TOKENS[name])
        return [ir.CreateTokens(spec, amount.value)]

    def create_by(self, c):
        """"Its controller creates a 1/1 white Spirit creature token", "Target opponent creates
        ...": the player named creates the tokens (CR 111.2)."""
        who = c[0]
        _need(_is_player(who), "not a player")
        return [dataclasses.replace(e, who=who) for e in self.create(c[1:])]

    def create_predefined_by(self, c):
        _need(_is_player(c[0]), "not a player")
        return [dataclasses.replace(e, who=c[0]) for e in self.create_predefined(c[1:])]

    def create_copy(self, c):
        """"Create a token that's a copy of [an object][, except ...]" (CR 707.2, 111.1): one
        object, a target or one named before ("that creature", "it", ~, the enchanted or
        equipped creature); its copiable values are read as the effect happens."""
        amount, kind, what = c[0], c[1], c[2]
        _need(isinstance(amount.value, int) and amount.value >= 1, "copies: a number")
        _need(what in (IT, THAT_OBJECT, THAT_CARD) or type(what) is _ThatOfType or what in (ir.Ref("self"), ir.Ref("enchanted"), ir.Ref("equipped"))
              or (isinstance(what, _T) and what.spec.count == 1 and not what.spec.up_to
                  and what.spec.kind in (ir.TargetKind.PERMANENT, ir.TargetKind.CARD)), "a copy of: one object")
        changes = c[3] if len(c) > 3 else ir.CopyChanges()
        tapped = str(kind).lower().startswith("tapped")
        return [ir.CreateTokenCopy(what, amount.value, changes, tapped)]

    def create_copy_by(self, c):
        """"You create a token that's a copy of ...": the player named creates it (CR 111.2)."""
        who = c[0]
        _need(_is_player(who), "not a player")
        return [dataclasses.replace(e, who=who) for e in self.create_copy(c[1:])]

    def copy_except(self, c):
        """The exceptions of a copy effect, joined (CR 707.9); each kind once."""
        out: dict = {}
        for part in c:
            if isinstance(part, Token):
                continue
            for k, v in part.items():
                if k in ("keywords", "abilities", "add_types"):
                    out[k] = out.get(k, ()) + v
                elif k == "text":
                    out[k] = "\n".join(t for t in (out.get(k, ""), v) if t)
                else:
                    _need(k not in out, "except: the same characteristic twice")
                    out[k] = v
        return ir.CopyChanges(**out)

    def cc_has(self, c):
        """"except it has haste [and "..."]": abilities the copy has too (CR 707.9a)."""
        keywords = next((x for x in c if isinstance(x, list)), [])
        quoted = next((x for x in c if isinstance(x, tuple)), None)
        part: dict = {"keywords": tuple(keywords)}
        if quoted is not None:
            abilities, text = quoted
            part.update(abilities=tuple(abilities), text=text)
        return part

    def cc_add_type(self, c):
        """"except it's an artifact (a Spirit) in addition to its other types" (CR 707.9b)."""
        word = str(c[0]).split()[2]
        name = word.capitalize() if word.lower() in _CARD_TYPES else word
        _need(word.lower() in _CARD_TYPES or name in CREATURE_TYPES, "in addition: a type")
        return {"add_types": (name,)}

    def cc_pt(self, c):
        """"except it's 1/1", "except it's a 4/4 black Zombie": its power and toughness, and its
        only color and creature type when named (CR 707.9b; God-Pharaoh's Gift's rulings)."""
        words = str(c[0]).split()[1:]
        if words[0] in ("a", "an"):
            words = words[1:]
        power, toughness = (int(n) for n in words[0].split("/"))
        part: dict = {"pt": (power, toughness)}
        for w in words[1:]:
            if w in NAME_TO_COLOR:
                part["color"] = NAME_TO_COLOR[w]
            else:
                _need(w in CREATURE_TYPES, "a creature type")
                part["subtypes"] = (w,)
        return part

    def cc_nonlegendary(self, c):
        """"except it's not legendary" (and "the token isn't legendary if [it] is legendary", the
        same): the copy lacks the legendary supertype (CR 707.9b, 205.4)."""
        return {"nonlegendary": True}

    def token(self, c):
        """A token's characteristics as the effect defines them (CR 111.3); its name is the one
        the effect gives ("named Cloud Sprite"), or else its subtypes plus "Token" (CR 111.4)."""
        tapped = any(isinstance(x, Token) and x.type == "TAPPED_KW" for x in c)
        pt = next(x for x in c if isinstance(x, Token) and x.type in ("PT", "X_PT"))
        colors = _of(c, _Colors)
        _need(colors is not None, "token color")
        kinds = _of(c, _TokenTypes)
        keywords = next((x for x in c if isinstance(x, list)), [])
        power: int | ir.X
        toughness: int | ir.X
        if pt.type == "X_PT":       # "an X/X ... token": X as the token is created (CR 107.3)
            power = toughness = ir.X()
        else:
            power, toughness = (int(v) for v in str(pt).split("/"))
        named = next((str(x).partition(" named ")[2] for x in c if isinstance(x, Token) and x.type == "TOKEN_NAMED"), None)
        # "with "{T}: Add {G}."": the quoted ability is the token's rules text (CR 111.3)
        abilities, text = next((x for x in c if isinstance(x, tuple)), ((), ""))
        # the card's own name in the quoted text ("return target card named Rekindling Phoenix")
        # was read as "~", which in the token's text would be the token: not read
        _need(not ir.contains(abilities, lambda n: type(n) is ir.Filter and n.named_self), "a token naming its creator")
        return ir.TokenSpec(named or " ".join(kinds.subtypes) + " Token", power, toughness, colors.colors,
                            kinds.types, kinds.subtypes, tuple(keywords), text=text, abilities=tuple(abilities)), tapped

    def colors(self, c):
        return _Colors(tuple(NAME_TO_COLOR[str(x).lower()] for x in c))

    def colorless(self, c):
        return _Colors(())

    def token_types(self, c):
        subtypes = tuple(_subtype(str(x))[0] for x in c if x.type == "SUBTYPE")
        _need(all(s in CREATURE_TYPES for s in subtypes), "token subtype")
        kinds = {"ARTIFACT_W": "Artifact", "ENCHANTMENT_W": "Enchantment"}
        types = tuple(kinds[x.type] for x in c if x.type in kinds) + ("Creature",)
        return _TokenTypes(subtypes, types)

    def animate(self, c):
        """"~ becomes a 2/2 creature [with all creature types] until end of turn" (CR 611.2),
        or for good without a duration: it becomes a creature (layer 4) with that power and toughness (layer 7b), of those colors
        (layer 5), subtypes and types (layer 4), with those abilities (layer 6)."""
        what = next(x for x in c if not isinstance(x, (Token, str, tuple)))
        _need(_permanent(what), "becomes")
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        power, toughness = (int(v) for v in str(pt).split("/"))
        kind = next(x for x in c if isinstance(x, tuple) and x and x[0] == "animate_kind")[1]
        return [ir.BecomeCreature(what, power, toughness, duration=UNTIL_EOT if "eot" in c else _OPEN, **kind)]

    def animate_base_pt(self, c):
        """"[~] becomes a green Elk creature with base power and toughness 3/3": as "becomes a
        3/3 green Elk creature" (:meth:`animate`); without a subject, the object named before."""
        what = next((x for x in c if not isinstance(x, (Token, str, tuple))), PREV)
        _need(what is PREV or _permanent(what), "becomes")
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        power, toughness = (int(v) for v in str(pt).split("/"))
        kind = next(x for x in c if isinstance(x, tuple) and x and x[0] == "animate_kind")[1]
        return [ir.BecomeCreature(what, power, toughness, duration=UNTIL_EOT if "eot" in c else _OPEN, **kind)]

    def animate_kind(self, c):
        colors = _of(c, _Colors)
        subtypes = tuple(_subtype(str(x))[0] for x in c if isinstance(x, Token) and x.type == "SUBTYPE")
        _need(all(s in CREATURE_TYPES for s in subtypes), "becomes a creature of this type")
        keywords = tuple(next((x for x in c if isinstance(x, list)), []))
        _need(all(k.cost is None and k.arg is None and k.filter is None for k in keywords), "becomes a creature with")
        # CR 205.1b: "artifact creature" and "that's still a land" keep the other card types;
        # otherwise "creature" replaces them (CR 205.1a)
        keeps = any(isinstance(x, Token) and x.type in ("ARTIFACT_W", "TYPE_W", "IN_ADDITION") for x in c)
        _need(not any(isinstance(x, Token) and x.type == "IN_ADDITION" and "colors" in x.lower() for x in c),
              "in addition to its other colors")
        return ("animate_kind", {
            "replaces_types": not keeps, "all_creature_types": "all" in c, "colors": colors.colors if colors is not None else None,
            "subtypes": subtypes, "keywords": keywords,
            "types": ("Artifact",) if any(isinstance(x, Token) and x.type == "ARTIFACT_W" for x in c) else ()})

    def explore(self, c):
        """"It explores [X times]" (CR 701.44)."""
        _need(_permanent(c[0]), "explore")
        return [ir.Explore(c[0], _number(c[1]) if len(c) > 1 else 1)]

    def phase_out(self, c):
        """"Target creature phases out", "All permanents you control phase out" (CR 702.26b)."""
        _need(_permanent(c[0]), "phase out")
        return [ir.PhaseOut(c[0])]

    def gain_control(self, c):
        """"Gain control of target creature [until end of turn | for as long as you control ~]"
        (CR 613.1b, layer 2; 611.2b)."""
        _need(_permanent(c[0]), "gain control")
        duration = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "while"), "permanent")
        return [ir.GainControl(c[0], UNTIL_EOT if "eot" in c else duration)]

    def gain_control_by(self, c):
        """"Target player gains control of target permanent you control" (Donate), "target
        opponent gains control of it" (CR 613.1b): that player controls it."""
        who, rest = c[0], c[1:]
        _need(_is_player(who), "not a player")
        return [dataclasses.replace(e, who=who) for e in self.gain_control(rest)]

    # ------------------------------------------------ monstrosity (CR 701.37a)
    def monstrosity(self, c):
        return [ir.BecomeDesignated("monstrous", _number(c[0]))]

    def bolster(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "bolster X")
        return [ir.Bolster(n)]

    def adapt(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "adapt X")
        return [ir.Adapt(n)]

    def support(self, c):
        """"Support N" (CR 701.41a): a +1/+1 counter on each of up to N other target creatures;
        on an instant or sorcery "other" excludes nothing, the spell not being a creature."""
        n = _number(c[0])
        _need(isinstance(n, int), "support X")
        spec = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",), other=True), count=n, up_to=True)
        return [ir.PutCounters(_T(spec), "+1/+1", 1)]

    # ------------------------------------------------ the monarch (CR 724)
    def become_monarch(self, c):
        """"you become the monarch" / "its controller becomes the monarch" (CR 724.3)."""
        _need(_is_player(c[0]), "become the monarch")
        return [ir.BecomeMonarch(c[0])]

    # ------------------------------------------------ energy counters (CR 107.14, 122.1)
    def get_energy(self, c):
        """"you get {E}{E}" / "... and get {E}{E}{E}" / "you get {E} for each ...": energy
        counters put on a player (CR 122.1)."""
        who = c[0] if c and not isinstance(c[0], Token) else ir.Ref("you")
        _need(_is_player(who), "get energy")
        n = sum(1 for x in c if isinstance(x, Token) and x.type == "ENERGY")
        return [ir.GetEnergy(_amount(_Amount(n), _of(c, _ForEach)), who)]

    def get_poison(self, c):
        """"[player] gets N poison counters" (CR 122.1): only poison counters are put on players
        this way."""
        who, n, kind = c[0], c[1], str(c[2]).lower()
        _need(_is_player(who) and kind == "poison", "counters on a player")
        return [ir.GetPoison(n.value, who)]

    def get_poison_prev(self, c):
        return [dataclasses.replace(e, who=PREV_PLAYER) for e in self.get_poison([ir.Ref("you"), *c])]

    def pay_energy(self, c):
        """"pay {E}{E}" inside an effect, usually "you may pay {E}{E}. If you do, ..." (CR 107.14)."""
        return [ir.PayEnergy(len(c))]

    # ------------------------------------------------ control: durations, exchanges (CR 701.12)
    def wd_you_control_self(self, c):
        return "while", "while_you_control_source"

    def wd_self_on_battlefield(self, c):
        return "while", "while_source_on_battlefield"

    def exchange_control(self, c):
        """"Exchange control of two target creatures" / "of ~ and target creature" / "of target
        land you control and target land an opponent controls" (CR 701.12b)."""
        _need(all(_permanent(x) for x in c), "exchange control")
        if len(c) == 1:
            _need(isinstance(c[0], _T) and c[0].spec.count == 2 and not c[0].spec.up_to, "exchange two")
            return [ir.ExchangeControl(c[0])]
        _need(not any(isinstance(x, _T) and x.spec.count != 1 for x in c), "exchange control")
        return [ir.ExchangeControl(c[0], c[1])]

    def exchange_life(self, c):
        """"Two target players exchange life totals." (CR 701.12c)"""
        who = c[0]
        _need(isinstance(who, _T) and _is_player(who) and who.spec.count == 2 and not who.spec.up_to,
              "exchange life totals")
        return [ir.ExchangeLifeTotals(who)]

    def exchange_life_with(self, c):
        """"Exchange life totals with target opponent.": you and that player (CR 701.12c)."""
        who = c[0]
        _need(isinstance(who, _T) and _is_player(who) and who.spec.count == 1 and not who.spec.up_to,
              "exchange life totals")
        return [ir.ExchangeLifeTotals(ir.Ref("you"), who)]

    def all_types(self, c):
        return "all"

    def still_type(self, c):
        """"It's still a land.": the "becomes" before keeps the object's other types (CR 205.1b)."""
        return [_StillType()]

    def tap(self, c):
        _need(_permanent(c[0]), "tap")
        return [ir.Tap(c[0])]

    def tap_or_untap(self, c):
        """"You may tap or untap target permanent": which one is chosen as it resolves."""
        _need(_permanent(c[0]), "tap or untap")
        return [ir.TapOrUntap(c[0])]

    def untap(self, c):
        _need(_permanent(c[0]), "untap")
        return [ir.Untap(c[0])]

    def exile_from_own_graveyard(self, c):
        """"Target player exiles a card from their graveyard" (CR 701.13a): that player chooses."""
        who, n = c[0], _number(str(c[1]))
        _need(isinstance(n, int) and n > 0 and _is_player(who), "exiles a card from their graveyard")
        return [ir.ExileFromGraveyard(n, who)]

    def new_targets(self, c):
        """"choose new targets for target spell or ability" (CR 115.7d)."""
        _need(isinstance(c[0], _T) and c[0].spec.kind in (ir.TargetKind.SPELL, ir.TargetKind.ABILITY, ir.TargetKind.SPELL_OR_ABILITY), "new targets")
        return [ir.ChooseNewTargets(c[0])]

    def change_target(self, c):
        """"change the target of target spell with a single target" (CR 115.7a)."""
        _need(isinstance(c[0], _T) and c[0].spec.kind is ir.TargetKind.SPELL
              and c[0].spec.filter.single_target, "change the target")
        return [ir.ChangeTarget(c[0])]

    def look_at_hand(self, c):
        """"Look at target player's hand" (CR 701.20e): shown to you alone."""
        return [ir.LookAtHand(c[0])]

    def reveal_until(self, c):
        """"Reveal cards from the top of your library until you reveal a [card] [for each wild
        vote]. Put that card (those cards) [into your hand / onto the battlefield] and [the rest
        ...]." (CR 701.20a)"""
        d, which = next(x for x in c if isinstance(x, _Desc)), c[-3]
        (to, tapped), rest = c[-2], c[-1]
        votes = [x for x in c if isinstance(x, Token) and x.type == "FOR_EACH_VOTE"]
        _need(to in ("hand", "battlefield") and rest in ("graveyard", "exile", "random", "bottom", "shuffle"),
              "reveal until")
        _need((which is None) == (not votes) and (which is None or which.filter == d.filter), "those cards")
        count = ir.VoteCount(str(votes[0]).split()[2].lower()) if votes else 1
        return [ir.RevealUntil(_card_filter(d, plural=False), to, tapped, rest, count)]

    def reveal_until_may(self, c):
        """"... You may put that card onto the battlefield. Then put all cards revealed this way
        that weren't put onto the battlefield on the bottom of your library in a random order."
        (Genesis Storm; CR 701.20a)."""
        d, rest = next(x for x in c if isinstance(x, _Desc)), c[-1]
        _need(rest in ("random", "bottom"), "reveal until")
        return [ir.RevealUntil(_card_filter(d, plural=False), "battlefield", False, rest, 1, optional=True)]
    def reveal_until_after(self, c):
        """"Exile the top six cards of your library, then reveal cards from the top of your library
        until you reveal a card with the chosen name. Put that card into your hand and exile all
        other cards revealed this way." (Demonic Consultation): the first instruction, then the
        revealing (CR 608.2c, 701.20a)."""
        first = c[0]
        _need(isinstance(first, list) and len(first) == 1 and type(first[0]) is ir.ExileTopCard
              and first[0].who == ir.Ref("you"), "an instruction before revealing")
        return first + self.reveal_until(c[1:])

    def reveal_until_then_exile(self, c):
        """"Reveal cards from the top of your library until you reveal a card with that name, then
        put that card into your hand. Exile all other cards revealed this way, and you lose 1 life
        for each of the exiled cards." (Spoils of the Vault; CR 701.20a, 119.3)"""
        d = next(x for x in c if isinstance(x, _Desc))
        which, (to, tapped) = c[c.index(d) + 1], c[c.index(d) + 2]
        loss = [x for x in c[c.index(d) + 3:] if isinstance(x, Token)]
        _need(to == "hand" and which is None, "reveal until")
        per = _number(str(loss[0])) if loss else 0
        _need(isinstance(per, int), "life for each")
        return [ir.RevealUntil(_card_filter(d, plural=False), to, tapped, "exile", 1, life_per_rest=per)]

    def ru_which(self, c):
        return c[0] if c else None

    def ru_rest(self, c):
        return c[-1]

    def reveal_until_sentence(self, c):
        return c[0]

    def until_rest(self, c):
        return c[-1]

    def ur_exile(self, c):
        return "exile"

    def ur_shuffle(self, c):
        return "shuffle"

    def look_top_of(self, c):
        """"Look at the top card of target player's library. [You may put that card on the bottom
        of that player's library / into their graveyard.]" (CR 701.20e)."""
        return [ir.LookAtTopOf(c[0], c[1] if len(c) > 1 else None)]

    def lod_bottom(self, c):
        return "bottom"

    def lod_graveyard(self, c):
        return "graveyard"

    def remove_from_combat(self, c):
        """"Remove target attacking creature from combat" (CR 506.4)."""
        _need(_permanent(c[0]), "remove from combat")
        return [ir.RemoveFromCombat(c[0])]

    def untap_up_to(self, c):
        """"Untap up to two lands" (Snap): any such permanents, chosen as it resolves."""
        n, d = _number(c[0]), c[-1]
        _need(isinstance(n, int) and n > 1 and d.plural and d.kind in (None, DescKind.PERMANENT)
              and not d.zone_given, "untap up to")
        return [ir.UntapUpTo(n, d.filter)]

    def attach_self(self, c):
        """"Attach it to target creature you control": the source (an Equipment) becomes attached
        (CR 701.3a); to a target creature, as equip's own effect (CR 702.6a), or to "it" / "that
        creature", the permanent a trigger saw enter (``transform_lines.triggered`` checks which)."""
        what = c[-1]
        _need(what is IT or what is THAT_OBJECT or isinstance(what, _T) and what.spec.kind == ir.TargetKind.PERMANENT
              and what.spec.filter.types == ("Creature",) and what.spec.count == 1 and not what.spec.up_to,
              "attach")
        return [ir.Attach(what)]

    def mill(self, c):
        return [ir.Mill(_of(c, _Amount).value, self._player_or_you(c))]

    def mill_equal(self, c):
        """"Its controller mills cards equal to that creature's power." (CR 701.13a, 107.3c)"""
        return [ir.Mill(c[-1], self._player_or_you(c))]

    def their(self, c):
        return None

    def scry(self, c):
        return [ir.Scry(_number(c[0]))]

    def search(self, c):
        """CR 701.23: search a library, put the found cards somewhere, then shuffle."""
        amount, d = _count(c[0], many=True), c[1]
        dest, tapped = c[-2]
        _need(d.kind is DescKind.CARD and not d.zone_given
              and d.plural == (not isinstance(amount, int) or amount > 1), "search")
        _need(not (tapped and dest == "hand"), "search")
        f = dataclasses.replace(d.filter, zone="library")
        attach = None
        if dest == "battlefield_attached_player":
            # "that player": the enchanted player its description named (CR 303.4b)
            _need(d.filter.name_unlike_attached is not None, "attached to that player: no player named")
            dest, attach = "battlefield", ir.Ref(ir.ENCHANTED_PLAYER)
        counter = None
        if dest == "battlefield_counter":     # "with an additional +1/+1 counter on it" (CR 614.1c)
            dest, counter = "battlefield", "+1/+1"
        share = any(isinstance(x, Token) and x.type == "SHARE_LAND_TYPE" for x in c)
        _need(not share or f.types == ("Land",), "cards that share a land type")
        return [ir.SearchLibrary(f, dest, tapped, amount, "reveal" in c, up_to=isinstance(c[0], tuple),
                                 attach_to=attach, share_land_type=share, counter=counter)]

    def search_same_name(self, c):
        """"Search your library for a card with the same name as that card, reveal it, put it into
        your hand, then shuffle" (CR 701.23a, 201.2): the name of the card revealed before."""
        d = c[1]
        _need(_count(c[0]) == 1 and not isinstance(c[0], tuple) and d.kind is DescKind.CARD and not d.plural
              and dataclasses.replace(d.filter, zone="library") == ir.Filter(zone="library"), "a card with the same name")
        return [ir.SearchLibrary(ir.Filter(zone="library"), "hand", False, 1, True, same_name_as=THAT_CARD)]

    def reveal_from_hand(self, c):
        """"Reveal a card from your hand." (CR 701.20a): "that card" after it is the card revealed."""
        return [ir.RevealFromHand()]

    def search_own(self, c):
        """A player searches their own library (CR 701.23a): "[player] may search their library
        for ..., put it onto the battlefield, then shuffle"; the player is the one named before
        (``may_player``, or ``sentence``)."""
        parts = [x for x in c if x is not None]
        return [dataclasses.replace(e, who=PREV_PLAYER, own=True) for e in self.search(parts + [None])]

    def search_each(self, c):
        """"Each player searches their library for ..., puts it onto the battlefield, then
        shuffles" (CR 701.23a): each player named searches their own library."""
        parts = [x for x in c[1:] if x is not None]
        _need(c[0] == ir.Ref("each_player"), "each player searches")
        return [dataclasses.replace(e, who=c[0], own=True) for e in self.search(parts + [None])]

    def choose_target(self, c):
        """"Choose target creature. ... that creature ...": the target of the sentences after it."""
        _need(_permanent(c[0]) or (isinstance(c[0], _T) and c[0].spec.kind in (ir.TargetKind.CARD, ir.TargetKind.SPELL)),
              "choose target")
        return [ir.ChooseTarget(c[0])]

    def may_cast_target_this_turn(self, c):
        """"Choose target artifact card in your graveyard. You may cast that card this turn."
        (Emry, Lurker of the Loch): a permission to cast that card from the graveyard this turn
        (CR 601.3), the target checked as the ability resolves (CR 608.2b)."""
        t = c[0]
        _need(isinstance(t, _T) and t.spec.kind == ir.TargetKind.CARD and t.spec.filter.zone == "graveyard"
              and t.spec.filter.controller == "you" and t.spec.count == 1, "cast that card")
        return [ir.ChooseTarget(t), ir.MayCastFromGraveyard(t)]

    def search_to_top(self, c):
        """"Search your library for a card, then shuffle your library and put that card on top
        of it." (CR 701.23a, 701.24a): the found card is set aside while the library is shuffled."""
        amount, d = _count(c[0]), c[1]
        _need(amount == 1 and d.kind is DescKind.CARD and not d.zone_given and not d.plural
              and not isinstance(c[0], tuple), "search")
        f = dataclasses.replace(d.filter, zone="library")
        return [ir.SearchLibrary(f, "library_top", False, 1, "reveal" in c)]

    def search_split(self, c):
        """"Search your library for up to two basic land cards, reveal those cards, and put one
        onto the battlefield tapped and the other into your hand." (Cultivate; CR 701.23a)"""
        amount, d = c[0], c[1]
        _need(isinstance(amount, tuple) and amount[1] == 2 and d.kind is DescKind.CARD and d.plural and not d.zone_given,
              "search")
        return [ir.SearchLibrary(dataclasses.replace(d.filter, zone="library"), "battlefield",
                                 any(isinstance(x, Token) and x.type == "TAPPED_KW" for x in c), 2, True,
                                 up_to=True, split=True)]

    def search_exile(self, c):
        """"Search your library for three cards, exile them, then shuffle." (CR 701.23a, 406.1)"""
        amount, d = _count(c[0]), c[1]
        _need(d.kind is DescKind.CARD and not d.zone_given and d.plural == (amount > 1), "search")
        return [ir.SearchLibrary(dataclasses.replace(d.filter, zone="library"), "exile", amount=amount,
                                 up_to=isinstance(c[0], tuple))]

    def search_any(self, c):
        return "up_to", ir.ANY_NUMBER

    def shuffle_library(self, c):
        return [ir.ShuffleLibrary()]

    def search_reveal_to_top(self, c):
        """"Search your library for a creature card and reveal that card. Shuffle, then put the
        card on top of it." (Worldly Tutor; CR 701.20a, 701.23a, 401.4)"""
        return [dataclasses.replace(e, reveal=True) for e in self.search_to_top(c)]

    def hand_desc(self, c):
        """A card of a revealed hand: "a nonland card from it" with what follows "from it"
        describing it too ("with mana value 3 or less")."""
        return self.desc([x for x in c if not isinstance(x, Token)])

    def reveal_hand_discard(self, c):
        """"Target opponent reveals their hand. You choose a nonland card from it. That player
        discards that card." (Coercion, Duress; CR 701.20a)."""
        who, d = c[0], _of(c, _Desc)
        _need(_is_player(who) and d.kind is DescKind.CARD and not d.plural and not d.zone_given,
              "reveal hand")
        return [ir.RevealHandDiscard(dataclasses.replace(d.filter, zone="hand"), who)]

    def look_at_top(self, c):
        """"Look at (reveal) the top N cards of your library", what is chosen from among them and
        where it goes, and where the rest go: one LookAtTop (CR 701.20a, 701.20e, 401.4)."""
        (verb, n), choice = c
        _need(not choice.take or isinstance(n, int) and choice.take < n, "look at the top")
        return [dataclasses.replace(choice, amount=n, revealed=verb == "reveal",
                                    unrevealed=choice.unrevealed and verb == "look")]

    def look_at_top_where(self, c):
        """"Look at the top X cards of your library, where X is [a quantity]. [What is chosen].
        [If X is greater than or equal to [a quantity], [effects].]" (Thassa's Oracle): X is the
        quantity, counted as the ability resolves, in the look and in the condition (CR 107.3,
        608.2c)."""
        head, _where, value, choice, *cond = c
        _need(isinstance(head[1], ir.X) and not isinstance(value, ir.X), "where X")
        [look] = self.look_at_top([(head[0], value), choice])
        if not cond:
            return [look]
        _tok, bound, effects = cond
        _need(isinstance(effects, list) and not any(ir.contains(e, lambda n: isinstance(n, ir.X)) for e in effects),
              "X in the effects of the condition")
        return [look, ir.Conditional(ir.AmountAtLeast(value, bound), tuple(effects))]

    def lh_look(self, c):
        return "look", _number(c[0])

    def lh_reveal(self, c):
        return "reveal", _number(c[0])

    def lc_may_reveal(self, c):
        """"You may reveal a creature card from among them and put it into your hand." (CR 701.20a)"""
        return _look_choice(*_present(c), must=False)

    def lc_may_put(self, c):
        """"You may put a creature card from among them onto the battlefield." (CR 701.20e)"""
        return _look_choice(*_present(c), must=False, unrevealed=True)

    def lc_put(self, c):
        """"Put up to two creature cards ... from among them onto the battlefield", "Put all Goblin
        cards revealed this way into your hand and the rest ...": a card is put if there is one."""
        return _look_choice(*_present(c), must=True, unrevealed=True)

    def reveal_top_if(self, c):
        """"[Player] reveals the top card of their library. If it's a [card], [they put it]
        [where]. (Otherwise, [put it] [where].)" (CR 701.20a): "that player" and "they" are the
        revealer, "put" alone its controller's own (the player is "you"); "your hand" only then."""
        who = c[0] if c and _is_player(c[0]) else ir.Ref("you")
        d = _of(c, _Desc)
        _need(d.kind is DescKind.CARD and not d.plural and not d.zone_given, "reveal the top card: if it's a card")
        puts = [x for x in c if isinstance(x, tuple) and x and x[0] == "reveal_put"]
        for _, by_them, yours, _zone, _tapped in puts:
            _need(by_them == (who != ir.Ref("you")), "who puts the revealed card")
            _need(not yours or who == ir.Ref("you"), "your hand: another player's card")
        (_, _, _, to, tapped), *rest = puts
        otherwise = rest[0][3] if rest else None
        _need(not rest or not rest[0][4], "otherwise, tapped")
        return [ir.RevealTopIf(who, dataclasses.replace(d.filter, zone="library"), to, otherwise, tapped)]

    def separate_piles(self, c):
        """"Separate all permanents target player controls into two piles. That player sacrifices
        all permanents in the pile of their choice." (CR 700.3): the controller separates, the
        target player chooses a pile."""
        what = c[0]
        _need(type(what) is ir.ControlledBy and isinstance(what.player, _T) and what.player.spec.kind is ir.TargetKind.PLAYER
              and what.filter.zone == "battlefield" and _plain_group(what.filter) and not what.filter.types,
              "separate into two piles")
        return [ir.SeparatePiles(what, what.player)]

    def exile_top_until_taken(self, c):
        """Tainted Pact: exile the top card of your library, one at a time, until you take one into
        your hand or two exiled this way share a name (CR 406.1, 201.2)."""
        return [ir.ExileTopUntilTaken()]

    def reveal_top_may_if(self, c):
        """"Reveal the top card of your library. You may put that card onto the battlefield if it's
        a [card]. Otherwise, put that card into your hand." (Matter Reshaper; CR 701.20a): a card
        not put there, whatever the reason, goes where "Otherwise" says (the ruling)."""
        (to, yours, tapped), d = c[0], _of(c, _Desc)
        _, by_them, other_yours, otherwise, other_tapped = c[-1]
        _need(d.kind is DescKind.CARD and not d.plural and not d.zone_given and not by_them and not other_tapped
              and to == "battlefield", "reveal the top card: you may put it")
        return [ir.RevealTopIf(ir.Ref("you"), dataclasses.replace(d.filter, zone="library"), to, otherwise, tapped, may=True)]

    def owner_shuffles_reveal_top(self, c):
        """Chaos Warp: the target permanent shuffled into its owner's library (CR 701.24a), then
        that player, the owner as it last existed (CR 608.2h), reveals their top card and puts it
        onto the battlefield if it is of the description (CR 701.20a)."""
        what = c[0]
        _need(isinstance(what, _T) and what.spec.kind == ir.TargetKind.PERMANENT, "the owner of target permanent")
        reveal = self.reveal_top_if([ir.Ref(ir.TARGET_OWNER)] + list(c[1:]))[0]
        return [ir.ShuffleIntoLibrary(what), reveal]

    def rp_they(self, c):
        """"that player puts it", "they put it" and where: (tag, by the revealer named, "your"
        zone, zone, tapped)."""
        zone, yours, tapped = c[-1]
        return ("reveal_put", True, yours, zone, tapped)

    def rp_you(self, c):
        """"put that card" and where, by the ability's controller."""
        zone, yours, tapped = c[-1]
        return ("reveal_put", False, yours, zone, tapped)

    def rd_hand(self, c):
        return "hand", not c, False          # "your hand" (no "their")

    def rd_graveyard(self, c):
        return "graveyard", not c, False

    def rd_battlefield(self, c):
        return "battlefield", False, bool(c)

    def look_top_one(self, c):
        """"Look at the top card of your library. You may put that card into your graveyard."
        (CR 701.20e): else it stays on top."""
        to, _ = next(x for x in c if isinstance(x, tuple))
        _need(to == "graveyard", "the top card")
        return [ir.LookAtTop(1, ir.Filter(zone="library"), "top", to=to, unrevealed=True)]

    def lc_take(self, c):
        """"Put one of them into your hand and the rest on the bottom of your library in any
        order / into your graveyard." (CR 701.20e)"""
        m = _number(c[0])
        _need(isinstance(m, int), "look at the top")
        return ir.LookAtTop(0, None, c[-1], take=m)

    def pk_one(self, c):
        _need(_number(c[0]) == 1, "a number of cards")
        return _Pick((_card_filter(c[1], plural=False),))

    def pk_each(self, c):
        """"a creature card and/or a land card": up to one card for each."""
        nums = [x for x in c if isinstance(x, Token) and x.type == "NUM"]
        _need(all(_number(x) == 1 for x in nums), "a number of cards")
        return _Pick(tuple(_card_filter(d, plural=False) for d in c if isinstance(d, _Desc)), each=True)

    def pk_up_to(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "up to X cards")
        return _Pick((_card_filter(c[1], plural=n > 1),), up_to=n, optional=True)

    def pk_up_to_card(self, c):
        """"up to one of them": of the cards looked at, whatever they are."""
        n = _number(c[0])
        _need(isinstance(n, int), "up to X of them")
        return _Pick((ir.Filter(zone="library"),), up_to=n, optional=True)

    def pk_any(self, c):
        return _Pick((_card_filter(c[0], plural=True),), up_to=ir.ANY_NUMBER, optional=True)

    def pk_any_card(self, c):
        """"any number of them": of the cards looked at, whatever they are."""
        return _Pick((ir.Filter(zone="library"),), up_to=ir.ANY_NUMBER, optional=True)

    def pk_all(self, c):
        return _Pick((_card_filter(c[0], plural=True),), all_matching=True)

    def pick_from(self, c):
        return None

    def picked(self, c):
        return None

    def ld_hand(self, c):
        return "hand", False

    def ld_battlefield(self, c):
        return "battlefield", bool(c)

    def ld_top(self, c):
        return "library_top", False

    def ld_graveyard(self, c):
        return "graveyard", False

    def rest_sentence(self, c):
        return c[-1]

    def rest_of(self, c):
        return None

    def rest_not_put(self, c):
        """"Then put all cards revealed this way that weren't put onto the battlefield into your
        graveyard." (CR 701.20a)"""
        return "graveyard_not_put"

    def lr_hand(self, c):
        return "hand"

    def lr_bottom(self, c):
        return "bottom"

    def lr_top(self, c):
        return "top"

    def put_from_hand(self, c, up_to: bool = False):
        """"You may put a land card from your hand onto the battlefield." (CR 305.4)"""
        n, d = _number(c[0]), c[1]
        _need(isinstance(n, int) and isinstance(d, _Desc) and d.kind is DescKind.CARD and d.plural == (n > 1)
              and d.filter.zone == "hand", "put from your hand")
        their = d.filter.controller == ir.THEIR_HAND      # kept for "Each player may put" (may_player)
        return [ir.PutFromHand(dataclasses.replace(d.filter, controller=ir.THEIR_HAND if their else None),
                               len(c) > 2, n, up_to)]

    def hand_on_library(self, c):
        """"Put two cards from your hand on top of your library in any order" (CR 401.4)."""
        words = str(c[0]).lower().split()
        return [ir.HandOnLibrary(_number(words[1]), bottom="bottom" in words)]

    def hand_on_library_player(self, c):
        """"Target opponent puts a card from their hand on top of their library" (CR 401.4):
        that player chooses the card."""
        who, n, where = c[0], _number(str(c[1])), str(c[2]).lower()
        _need(isinstance(n, int) and _is_player(who), "puts a card from their hand")
        return [ir.HandOnLibrary(n, bottom=where != "top", who=who)]

    def put_from_hand_votes(self, c):
        """"You may put a permanent card from your hand onto the battlefield for each free vote."
        (CR 305.4, 701.38a): up to one card for each vote of that word, entering together."""
        put = self.put_from_hand(c[:2], up_to=True)[0]
        return [dataclasses.replace(put, amount=ir.VoteCount(str(c[2]).split()[2].lower()))]

    def put_from_hand_up_to(self, c):
        return self.put_from_hand(c, up_to=True)

    def look_rest(self, c):
        return c[0]

    def lr_graveyard(self, c):
        return "graveyard"

    def look_back(self, c):
        """"Look at the top N cards of your library, then put them back in any order."""
        n = _number(c[0])
        _need(isinstance(n, int), "look at the top X")
        return [ir.LookAtTop(n, None, "top")]

    def ro_random(self, c):
        return "random"

    def ro_any(self, c):
        return "bottom"

    def one(self, c):
        _need(not c or c[0] != "another", "search")
        return 1

    def search_their(self, c):
        """"Search target opponent's library for an artifact card and put that card onto the
        battlefield under your control. Then that player shuffles their library." (Bribery)"""
        who, amount, d = c[0], c[1], c[2]
        dest, _ = c[-1]
        _need(d.kind is DescKind.CARD and not d.zone_given and d.plural == (_count(amount) > 1), "search")
        return [ir.SearchLibrary(dataclasses.replace(d.filter, zone="library"), dest, False, _count(amount),
                                 who=who, up_to=isinstance(amount, tuple))]

    def search_zones(self, c):
        """"Search target player's graveyard, hand, and library for any number of cards with that
        name and exile them. Then that player shuffles their library." (Memoricide; CR 701.23);
        "for all cards" (Cranial Extraction), "for up to four cards"."""
        who, amount, d = c[0], c[1], c[2]
        _need(d.kind is DescKind.CARD and d.plural and not d.zone_given, "search their zones")
        every = getattr(amount, "type", None) == "ALL_CARDS"
        _need(every or isinstance(amount, tuple), "search for N cards")
        limit = None if every or amount[1] == ir.ANY_NUMBER else _count(amount)
        return [ir.SearchZonesExile(d.filter, who=who, up_to=limit, all=every)]

    def search_zones_same(self, c):
        """"Search its owner's (controller's) graveyard, hand, and library for any number of (all)
        cards with the same name as that card and exile them. Then that player shuffles their
        library." (Surgical Extraction, Counterbore): the name of the target named before, as it
        is or last existed (CR 201.2, 608.2h), searched by that target's owner or controller."""
        whose, amount = str(c[0]).lower(), c[1]
        every = getattr(amount, "type", None) == "ALL_CARDS"
        _need(every or isinstance(amount, tuple), "search for N cards")
        limit = None if every or amount[1] == ir.ANY_NUMBER else _count(amount)
        who = ir.Ref(ir.TARGET_OWNER) if "owner" in whose else ir.Ref("target_controller")
        return [ir.SearchZonesExile(ir.Filter(), who=who, up_to=limit, all=every, same_name_as=THAT_CARD)]

    def search_with_graveyard(self, c):
        """"Search your library and/or graveyard for a card named ..., reveal it, and put it into
        your hand. If you search your library this way, shuffle it." (Angrath's Fury)"""
        d = _of(c, _Desc)
        dest, tapped = c[-1]
        _need(d.kind is DescKind.CARD and not d.plural and not d.zone_given and dest == "hand", "search")
        return [ir.SearchLibrary(dataclasses.replace(d.filter, zone="library"), dest, tapped,
                                 reveal="reveal" in c, graveyard=True)]

    def tl_player(self, c):
        return _T(ir.TargetSpec(ir.TargetKind.PLAYER))

    def tl_opponent(self, c):
        return _T(ir.TargetSpec(ir.TargetKind.OPPONENT))

    def to_exile(self, c):
        return "exile", False

    def to_battlefield_yours(self, c):
        return "battlefield", False

    def search_exactly(self, c):
        return _number(c[0])

    def search_amount(self, c):
        return "up_to", _number(c[0])

    def search_that_many(self, c):
        return "up_to", ir.CountedThisWay()

    def search_that_many_exiled(self, c):
        return ir.CountedThisWay("exiled")

    def article(self, c):
        return "a"

    def another(self, c):
        return "another"

    def reveal(self, c):
        return "reveal"

    def shuffle(self, c):
        return None

    def put_it(self, c):
        return None

    def to_battlefield(self, c):
        return "battlefield", bool(c)

    def to_battlefield_counter(self, c):
        """"onto the battlefield with an additional +1/+1 counter on it" (Neoform; CR 614.1c)."""
        _need(str(c[0]) == "+1/+1", "an additional counter")
        return "battlefield_counter", False

    def to_battlefield_attached_player(self, c):
        """"onto the battlefield attached to that player": an Aura the effect puts on a player it
        names, "that player" of the ability (CR 303.4f)."""
        return "battlefield_attached_player", False

    def to_hand(self, c):
        return "hand", False

    def to_graveyard(self, c):
        return "graveyard", False

    def fight(self, c):
        _need(_permanent(c[0]) and _permanent(c[1]), "fight")
        return [ir.Fight(c[0], c[1])]

    def sacrifice(self, c):
        """"Sacrifice ~"."""
        return [ir.Sacrifice(ir.Ref("self"))]

    def add_extra_mana(self, c):
        """"Its controller adds an additional ..." (CR 106.12a)."""
        return [ir.AddMana(c[0], ITS_CONTROLLER)]

    def add_mana(self, c):
        produce = c[0]
        each = _of(c, _ForEach)
        if each is not None:
            _need(produce.amount == 1, "an amount of mana for each")
            produce = dataclasses.replace(produce, amount=each.count())
        return [ir.AddMana(produce)]

    def add_mana_amount(self, c):
        """"Add an amount of {G} equal to your devotion to green." (CR 700.5)."""
        symbols = _mana_symbols(c[0].symbols)
        _need(len(symbols) == 1 and type(c[1]) is ir.DevotionCount, "an amount of mana")
        return [ir.AddMana(ir.ManaProduce(symbols=symbols, amount=c[1]))]

    def add_devotion_color(self, c):
        """"Choose a color. Add an amount of mana of that color equal to your devotion to that
        color." (CR 700.5): the color is chosen as the ability resolves."""
        return [ir.AddMana(ir.ManaProduce(devotion_color=True))]

    def add_mana_more(self, c):
        """"Add {B}, then add an additional {B} for each charge counter removed this way": the
        first mana, then that much more (Mana Batteries)."""
        first, more, each = c[0], c[2], c[3]
        _need(first.amount == 1 and more.amount == 1, "an amount of mana for each")
        return [ir.AddMana(first), ir.AddMana(dataclasses.replace(more, amount=each.count()))]

    def p_symbols(self, c):
        return ir.ManaProduce(symbols=_mana_symbols(c[0].symbols))

    def p_choice(self, c):
        """"{R} or {G}" (one symbol each), or "{U}{U}, {U}{B}, or {B}{B}" (groups)."""
        groups = [tuple(m.symbols) for m in c]
        if all(len(g) == 1 for g in groups):
            return ir.ManaProduce(choice=_mana_symbols(tuple(g[0] for g in groups)))
        return ir.ManaProduce(combos=tuple(_mana_symbols(g) for g in groups))

    def p_any_color(self, c):
        n = _number(c[0])
        _need(isinstance(n, int) and str(c[-1]).lower() == "color", "X mana")
        return ir.ManaProduce(any_color=n)

    def p_exiled_colors(self, c):
        """"one mana of any of the exiled card's colors": the card the linked ability exiled."""
        _need(_number(c[0]) == 1, "mana of the exiled card's colors")
        return ir.ManaProduce(colors_of=ir.Ref(ir.EXILED_CARDS))

    def p_any_combination(self, c):
        """"two mana in any combination of colors": each multiset of that many colors is one
        choice (15 of two colors), so only small fixed amounts are read."""
        n = _number(c[0])
        _need(isinstance(n, int) and 1 <= n <= 2, "X mana in any combination of colors")
        return ir.ManaProduce(combos=tuple(combinations_with_replacement(("W", "U", "B", "R", "G"), n)))

    def p_combination_of(self, c):
        """"X mana in any combination of {W} and/or {U}": ``amount`` mana, each of either color
        (CR 106.1b); one choice per multiset (X + 1 of them)."""
        first, second = _mana_symbols(c[1].symbols), _mana_symbols(c[3].symbols)
        _need(len(first) == len(second) == 1 and first != second
              and first[0] in "WUBRG" and second[0] in "WUBRG", "mana in any combination")
        return ir.ManaProduce(combination_of=first + second, amount=_number(c[0]))

    def p_commander_identity(self, c):
        """"one mana of any color in your commander's color identity" (CR 903.4, 903.4f)."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "color", "commander's color identity")
        return ir.ManaProduce(commander_identity=True)

    def su_commander(self, c):
        """"Spend this mana only to cast your commander." (Jeweled Lotus; CR 903.3d, 106.6)."""
        return "spells", ir.Filter(commander=True, controller="you", zone="stack")

    def add_mana_that_player(self, c):
        """"That player adds ..." (Mana Flare, CR 106.12a)."""
        return [ir.AddMana(c[0], THAT_PLAYER)]

    def add_color_of(self, c):
        """"Choose a color of a permanent you control. Add one mana of that color." (Meteor
        Crater, the example of CR 106.5)."""
        d = next(x for x in c if isinstance(x, _Desc))
        kinds = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "LIKE_KIND"]
        n = next(x for x in c if isinstance(x, Token) and x.type == "NUM")
        _need(kinds == ["color", "color"] and _number(n) == 1, "color of")
        _need(c[0] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT), "color of")
        return [ir.AddMana(ir.ManaProduce(color_of=d.filter))]

    def p_like_produced(self, c):
        """"one mana of any type that land produced": read from the triggering event."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "type", "mana like produced")
        return ir.ManaProduce(like_produced=True)

    def p_like_sacrificed(self, c):
        """"one mana of any type the sacrificed land could produce" (Squandered Resources):
        CR 106.7 asked of the land as it last existed on the battlefield."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "type" and str(c[2]).lower() == "land",
              "mana like the sacrificed land")
        return ir.ManaProduce(like_sacrificed=True)

    def p_chosen_color(self, c):
        """"one mana of the chosen color" (chosen as the source entered, CR 614.1c)."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "color", "chosen color")
        return ir.ManaProduce(chosen_color=True)

    def p_like_land(self, c):
        """CR 106.7: mana of a type (or color) a land of ``whose`` could produce."""
        _need(_number(c[0]) == 1, "mana like a land")
        return ir.ManaProduce(like_land_could_produce=c[2],
                              color_only=str(c[1]).lower() == "color")

    # CR 106.6: how the mana the sentence before added may be spent; ``body`` attaches the
    # SpendRule to that AddMana.
    @v_args(meta=True)
    def spend_only(self, meta, c):
        """"Spend this mana only to cast ... [or activate abilities of ...] [, and rider]"."""
        uses = [x for x in c if isinstance(x, tuple)]
        kinds = [u[0] for u in uses]
        _need(len(set(kinds)) == len(kinds), "spend this mana only")
        rider = next((x for x in c if isinstance(x, str)), None)
        found = dict(uses)
        return [ir.SpendRule(spells=found.get("spells"), abilities=found.get("abilities"),
                             x_costs="x_costs" in found, rider=rider,
                             text=self.text[meta.start_pos:meta.end_pos])]

    @v_args(meta=True)
    def spend_rider(self, meta, c):
        """"If that mana is spent on [a spell], [rider]" (Boseiju, Guildmages' Forum)."""
        d, rider = c[-2], c[-1]
        _need(c[0] != "another" and d.kind is DescKind.SPELL, "that mana is spent on")
        _need(rider != "plus_one_counter" or d.filter.types == ("Creature",), "that creature")
        return [ir.SpendRule(rider=rider, rider_spells=d.filter,
                             text=self.text[meta.start_pos:meta.end_pos])]

    @v_args(meta=True)
    def spend_trigger(self, meta, c):
        """"When that mana is spent to cast [a spell], [effect]." (Path of Ancestry): a triggered
        ability of the mana's source, once for each such mana spent (CR 106.6, 603.2); its
        effect has no target."""
        d, effects = c[-2], c[-1]
        _need(c[0] != "another" and d.kind is DescKind.SPELL and isinstance(effects, list) and len(effects) == 1
              and type(effects[0]) is ir.Scry, "when that mana is spent")
        text = self.text[meta.start_pos:meta.end_pos]
        ability = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.REFLEXIVE), tuple(effects), text=text)
        return [ir.SpendRule(rider="trigger", rider_spells=d.filter, text=text), ability]

    @v_args(meta=True)
    def spend_commander_counters(self, meta, c):
        """"If you spend this mana to cast your commander, it enters with a number of additional
        +1/+1 counters on it equal to the number of times it's been cast from the command zone
        this game." (Opal Palace; CR 106.6, 903.8)."""
        _need(str(next(x for x in c if isinstance(x, Token) and x.type == "PTMOD")) == "+1/+1", "counters")
        return [ir.SpendRule(rider="commander_counters", rider_spells=ir.Filter(commander=True, owned=True, zone="stack"),
                             text=self.text[meta.start_pos:meta.end_pos])]

    def su_cast(self, c):
        d = c[-1]
        _need(d.kind is DescKind.SPELL and c[0] != "another", "spend to cast")
        # whether kicker can be paid is found before it is announced (alt_costs.affordable),
        # when the spell isn't kicked yet: such mana would never count there
        _need(not d.filter.kicked, "spend only on kicked spells")
        return "spells", d.filter

    def su_abilities(self, c):
        d = c[-1]
        _need(d.kind in (None, DescKind.PERMANENT) and not d.zone_given and c[0] != "another", "abilities of")
        return "abilities", d.filter

    def su_x_costs(self, c):
        _need(c[0].symbols == ("X",), "costs that contain")
        return "x_costs", True

    def rider_uncounterable(self, c):
        return "cant_be_countered"

    def rider_counter(self, c):
        _need(str(c[0]) == "+1/+1", "an additional counter")
        return "plus_one_counter"

    def lo_you(self, c):
        return "you"

    def lo_opponent(self, c):
        return "opponent"

    def for_each(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT, DescKind.CARD), "for each")
        _need(d.kind is not DescKind.CARD or d.zone_given, "for each card")
        return _ForEach(d.filter)

    def for_each_counter(self, c):
        return _ForEach(None, c[0])

    def for_each_removed(self, c):
        """"for each storage counter removed this way": the counters removed to pay the cost."""
        return _ForEach(None, removed=c[0])

    def for_each_destroyed(self, c):
        """"for each creature destroyed this way" (CR 701.8a): the permanents the ability's
        earlier effects destroyed, of that description."""
        d = c[0]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and _plain_group(d.filter),
              "destroyed this way")
        return _ForEach(d.filter, destroyed=True)

    def for_each_kicked(self, c):
        """Multikicker (CR 702.33c): "for each time it was kicked"."""
        return _ForEach(None, kicked=True)

    def for_each_vote(self, c):
        """"for each death vote" (CR 701.38): the votes for that word in the vote before."""
        return _ForEach(None, vote=str(c[0]).split()[2].lower())

    def for_each_spell_cast(self, c):
        """"for each spell you've cast this turn" (Aetherflux Reservoir; CR 601.2i)."""
        return _ForEach(None, spells_cast=True)

    def for_each_commander_cast(self, c):
        """"for each time you've cast your commander (a commander) from the command zone this
        game": one's own commanders are the only ones cast from there (CR 903.8)."""
        return _ForEach(None, commander_casts=True)

    def commanders_to_command(self, c):
        """"Target player returns each commander they control ... to the command zone." (CR 903.3d)."""
        return [ir.CommandersToCommandZone(self._player_or_you(c))]

    def commander_to_hand(self, c):
        """"Put your commander into your hand from the command zone." (CR 903.3d)."""
        return [ir.CommanderToHand()]

    def copy_it_for_each(self, c):
        """"copy it for each time ..." in "When you cast this spell" (the commander Storms), and
        "You may choose new targets for the copies." (CR 707.10, 707.10c)."""
        each = _of(c, _ForEach)
        _need(each is not None and each.commander_casts, "copy it for each")
        return [ir.CopyCastSpell(each.count(), new_targets=len(c) > 1)]

    def for_each_party(self, c):
        """CR 700.8: "for each creature in your party"."""
        return _ForEach(None, party=True)

    def amount(self, c):
        return _Amount(_number(c[0]))

    def that_much(self, c):
        return _Amount(ir.EventAmount())

    def half_x(self, c):
        """"half X": rounded as the sentence after it says (``round_down_each``), else not read."""
        return _Amount(UNROUNDED_HALF)


@dataclasses.dataclass(frozen=True)
class _Pick:
    """What is chosen from among the cards looked at: a card for each filter (``each``), up to
    ``up_to`` cards (``optional``: "up to", "any number"), or all that match."""

    filters: tuple
    up_to: int = 1
    optional: bool = False
    each: bool = False
    all_matching: bool = False


def _card_filter(d: _Desc, plural: bool) -> ir.Filter:
    """A description of cards in a library ("a creature card with mana value X or less")."""
    _need(isinstance(d, _Desc) and d.kind is DescKind.CARD and d.plural == plural and not d.zone_given,
          "cards among them")
    return dataclasses.replace(d.filter, zone="library")


def _present(c) -> tuple:
    """The pick, the destination and where the rest go, from a choice's children."""
    rest = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
    return _of(c, _Pick), next(x for x in c if isinstance(x, tuple)), rest[-1]


def _look_choice(pick: _Pick, dest: tuple, rest: str, must: bool, unrevealed: bool = False) -> ir.LookAtTop:
    """The LookAtTop of a choice among the top cards (its amount is filled in by look_at_top)."""
    to, tapped = dest
    _need(rest != "graveyard_not_put" or to == "battlefield", "the cards not put")
    _need(to != "library_top" or pick.up_to == 1 and not pick.each and not pick.all_matching, "on top")
    _need(must or not pick.all_matching, "all of them")
    return ir.LookAtTop(0, pick.filters[0], "graveyard" if rest == "graveyard_not_put" else rest,
                        all_matching=pick.all_matching, to=to, tapped=tapped, up_to=pick.up_to,
                        must=must and not pick.optional and not pick.all_matching, more=pick.filters[1:],
                        unrevealed=unrevealed and to == "hand")


def _count(amount, many: bool = False):
    """A search amount: N, or ("up_to", N) for "up to N"; with ``many`` also "up to that many"
    (``ir.CountedThisWay``)."""
    n = amount[1] if isinstance(amount, tuple) else amount
    _need(isinstance(n, int) or many and type(n) is ir.CountedThisWay, "search for X cards")
    return n


# ------------------------------------------------------------------ damage prevention (CR 615)
@dataclasses.dataclass(frozen=True)
class _DmgKind:
    """"combat" or "noncombat" damage."""

    which: str


@dataclasses.dataclass(frozen=True)
class _DealtPart:
    """One part of "that would be dealt ...": "to" X, "by" Y, "this_turn", "both" (to and by X)."""

    part: str
    what: object


@dataclasses.dataclass(frozen=True)
class _Dealer:
    """The source a static damage ability names ("a red source you control"): any such source."""

    ref: ir.Ref


@dataclasses.dataclass(frozen=True)
class _Victim:
    """The recipient a static damage ability names (None: anything), a second one ("you or a
    creature you control"), and how "to that ..." names it again."""

    to: ir.Ref | None
    also_to: ir.Ref | None
    again: str


@dataclasses.dataclass(frozen=True)
class _Change:
    """How the damage changes: times, plus (less when negative), or halved rounded down."""

    times: int = 1
    plus: int = 0
    halve: bool = False


def _victim_group(c) -> ir.Ref | None:
    """"a creature you control", "another Dinosaur you control" as a group of recipients."""
    d = _of(c, _Desc)
    if d is None:
        return None
    _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "a recipient")
    return ir.Ref("all", dataclasses.replace(d.filter, other=True) if "another" in c else d.filter)


_THIS_TURN = _DealtPart("this_turn", None)
# the references a prevention effect may name (targets, "it" and "that creature" are bound later)
_PREVENT_REFS = frozenset({"self", "you", "each_player", "each_opponent", "enchanted", "equipped", "all",
                           ir.BLOCKING_SELF, ir.BLOCKED_BY_SELF, ir.CHOSEN_SOURCE,
                           "chosen"})     # "a creature you control": read only by st_prevent_some


def _prevent_party(x):
    """A recipient or source of prevented damage, refused unless the prevention can name it."""
    if isinstance(x, tuple):
        return x
    if isinstance(x, ir.Ref):
        _need(x.name in _PREVENT_REFS, "prevention of " + x.name)
    elif isinstance(x, _T):
        _need(x.spec.kind in (ir.TargetKind.ANY, ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT, ir.TargetKind.PERMANENT, ir.TargetKind.PLAYER_OR_PLANESWALKER, ir.TargetKind.OPPONENT_OR_PLANESWALKER), "target " + x.spec.kind)
    else:
        _need(x is IT or x is THAT_OBJECT, "prevention")
    return x


def _prevent_parts(parts: list) -> tuple:
    """(to, by, this turn, to-and-by) from the parts of "that would be dealt ...", each once."""
    kinds = [p.part for p in parts]
    _need(all(kinds.count(k) == 1 for k in kinds), "a part twice")
    got = {p.part: p.what for p in parts}
    return got.get("to"), got.get("by"), "this_turn" in got, got.get("both")


def _redirection(e: ir.PreventDamage, instead) -> ir.RedirectDamage:
    """The damage ``e`` names, dealt to ``instead`` instead: one object or player, fixed as the
    effect begins (a single target, ~, you, the enchanted creature)."""
    _need(isinstance(instead, _T) and instead.spec.count == 1 and not instead.spec.up_to
          or isinstance(instead, ir.Ref) and instead.name in ("self", "you", "enchanted", "equipped"),
          "redirected to a group")
    return ir.RedirectDamage(instead, e.amount, e.to, e.combat_only, e.source, e.noncombat_only, e.also_to,
                             e.duration, e.once)


def _prevention(amount, to, by, kind, this_turn: bool) -> ir.PreventDamage:
    also = None
    if isinstance(to, tuple):
        to, also = to
    _need(not isinstance(by, tuple), "by you")
    _need(by is None or not (isinstance(by, ir.Ref) and by.name in ("you", "each_player", "each_opponent")),
          "damage dealt by a player")
    _need(to is None or not (isinstance(to, ir.Ref) and to.name in (ir.BLOCKING_SELF, ir.BLOCKED_BY_SELF)),
          "damage dealt to blockers")
    _need(not any(isinstance(x, ir.Ref) and x.name == "chosen" for x in (to, by, also)), "a permanent you choose")
    if this_turn:       # an effect that outlives its source reads groups without it (CR 611.2c)
        for x in (to, by, also):
            _need(not (isinstance(x, ir.Ref) and (x.name in (ir.BLOCKING_SELF, ir.BLOCKED_BY_SELF)
                                                  or x.name == "all" and not _plain_group(x.filter))),
                  "a group that names the source")
    which = kind.which if kind is not None else None
    return ir.PreventDamage(amount, to, which == "combat", by, which == "noncombat", also,
                            "end_of_turn" if this_turn else "")


def _stat_of_it(quantity) -> bool:
    """"equal to its power" with no object said before "it": not read."""
    return isinstance(quantity, ir.StatOf) and quantity.what is IT
