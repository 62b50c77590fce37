"""OracleTransformer rules: Trigger conditions (CR 603)."""
from __future__ import annotations

import dataclasses
from lark import Token

from manastack.oracle import ir
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (
    _need, _number)

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


class TriggerRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ------------------------------------------------------------------ triggers (CR 603)
    def t_when(self, c):
        return c[1]

    def t_step(self, c):
        return c[0]

    def t_step_or_when(self, c):
        """"At the beginning of your upkeep or whenever you cast a green spell": either
        triggers it (CR 603.2); read as one ability per trigger condition, as for
        "When ~ enters or attacks" (transform_general.e_self_either)."""
        _need(isinstance(c[-1], ir.Trigger), "three trigger conditions")
        return c[0], c[-1]

    def e_self_enters(self, c):
        return ir.Trigger(ir.TriggerEvent.ENTERS)

    def e_self_enters_untapped(self, c):
        """"When ~ enters untapped": the event is its entering untapped (CR 603.2, 603.6a); what
        happens to it later doesn't undo the trigger (no intervening if, CR 603.4)."""
        return ir.Trigger(ir.TriggerEvent.ENTERS, untapped=True)

    def e_enters(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "enters")
        f = dataclasses.replace(d.filter, other=other or d.filter.other)
        if len(c) > 2:
            _need(f.controller is None, "enters under")
            f = dataclasses.replace(f, controller=c[2])
        return ir.Trigger(ir.TriggerEvent.ENTERS, f)

    def e_enters_tapped(self, c):
        """"Whenever a permanent enters tapped and under your control" (Amulet of Vigor): it was
        tapped as it entered, seen as the trigger looks at the event (CR 603.2, 603.6a, 614.1c)."""
        trigger = self.e_enters([x for x in c if not isinstance(x, Token)])
        _need(trigger.subject.tapped is None, "enters tapped")
        return dataclasses.replace(trigger, subject=dataclasses.replace(trigger.subject, tapped=True))

    def e_self_or_another_enters(self, c):
        """"Whenever ~ or another Ally enters under your control": ~ itself, or another
        permanent of that kind (CR 603.6a)."""
        trigger = self.e_enters(["another", *c[2:]])       # c: ~, "another", the kind, "under your control"
        return dataclasses.replace(trigger, subject=dataclasses.replace(trigger.subject, or_self=True))

    def under_you(self, c):
        return "you"

    def under_opponent(self, c):
        """"enters under an opponent's control": "that player" is then its controller."""
        return "opponent"

    def under_enchanted_player(self, c):
        """"enters under enchanted player's control": the player this Aura enchants (CR 303.4b)."""
        return ir.ENCHANTED_PLAYER

    def e_self_dies(self, c):
        return ir.Trigger(ir.TriggerEvent.DIES)

    def e_dies(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "dies")
        return ir.Trigger(ir.TriggerEvent.DIES, dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_self_or_another_dies(self, c):
        """"Whenever ~ or another creature you control dies": ~ itself too (CR 603.10a: both
        look back at the battlefield as it was)."""
        trigger = self.e_dies(["another", c[-1]])
        return dataclasses.replace(trigger, subject=dataclasses.replace(trigger.subject, or_self=True))

    # ---- what permanents a description names do (CR 603.2): once for each of them
    def _one_of(self, c, what: str) -> ir.Filter:
        """The filter of "a creature you control", "another Goblin": one permanent at a time."""
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, what)
        return dataclasses.replace(d.filter, other=other or d.filter.other)

    def e_desc_explores(self, c):
        """"Whenever a creature you control explores" (CR 701.44b): once per explore."""
        return ir.Trigger(ir.TriggerEvent.EXPLORES, self._one_of(c, "explores"))

    def e_desc_blocks(self, c):
        """"Whenever a creature you control blocks" (CR 509.1, 603.2)."""
        return ir.Trigger(ir.TriggerEvent.BLOCKS, self._one_of(c, "blocks"))

    def e_desc_blocked(self, c):
        """"Whenever a creature you control becomes blocked" (CR 509.1h): once per attacker,
        however many creatures block it."""
        return ir.Trigger(ir.TriggerEvent.BECOMES_BLOCKED, self._one_of(c, "becomes blocked"))

    def e_desc_tapped(self, c):
        """"Whenever a Merfolk you control becomes tapped" (CR 701.26a)."""
        return ir.Trigger(ir.TriggerEvent.TAPPED, self._one_of(c, "becomes tapped"))

    def e_desc_untapped(self, c):
        """"Whenever a permanent you control becomes untapped" (CR 701.26b): in an untap step too."""
        return ir.Trigger(ir.TriggerEvent.UNTAPPED, self._one_of(c, "becomes untapped"))

    def e_desc_turned_face_up(self, c):
        """"Whenever a permanent you control is turned face up" (CR 702.37e, 708.8)."""
        return ir.Trigger(ir.TriggerEvent.TURNED_FACE_UP, self._one_of(c, "turned face up"))

    def e_self_or_another_face_up(self, c):
        """"Whenever ~ or another creature you control is turned face up"."""
        f = self._one_of(["another", c[-1]], "turned face up")
        return ir.Trigger(ir.TriggerEvent.TURNED_FACE_UP, dataclasses.replace(f, or_self=True))

    def e_desc_leaves(self, c):
        """"Whenever another creature you control leaves the battlefield": looking back at it
        (CR 603.6c, 603.10a)."""
        return ir.Trigger(ir.TriggerEvent.LEAVES, self._one_of(c, "leaves the battlefield"))

    def e_self_or_another_leaves(self, c):
        f = self._one_of(["another", c[-1]], "leaves the battlefield")
        return ir.Trigger(ir.TriggerEvent.LEAVES, dataclasses.replace(f, or_self=True))

    def e_dies_into(self, c):
        """"Whenever a creature is put into your graveyard from the battlefield": it dies (CR
        700.4) and is a card its owner owns (CR 400.3); a token goes there too (CR 111.7)."""
        return ir.Trigger(ir.TriggerEvent.DIES, self._one_of(c, "put into a graveyard"), whose=c[2])

    def e_self_put_into_graveyard(self, c):
        """"When ~ is put into a graveyard from anywhere": the card itself going to its owner's
        graveyard from any zone (CR 400.3); the ability triggers from there (CR 603.6c)."""
        return ir.Trigger(ir.TriggerEvent.PUT_INTO_GRAVEYARD, "self")

    def e_self_put_into_graveyard_from_library(self, c):
        """"When ~ is put into your graveyard from your library" (CR 400.3, 603.6c)."""
        return ir.Trigger(ir.TriggerEvent.PUT_INTO_GRAVEYARD, "self", from_zone="library")

    def e_put_into_graveyard(self, c):
        """"Whenever a creature card is put into an opponent's graveyard from anywhere": a card
        going to a graveyard from any zone, its owner's (CR 400.3); a token is no card (CR 108.2)."""
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind is DescKind.CARD and not d.zone_given and d.filter.controller is None,
              "put into a graveyard")
        f = dataclasses.replace(d.filter, other=other or d.filter.other, zone="graveyard")
        return ir.Trigger(ir.TriggerEvent.PUT_INTO_GRAVEYARD, f, whose=c[2] if len(c) > 2 else None)

    def e_desc_becomes_target(self, c):
        """"Whenever a creature you control becomes the target of a spell or ability [an
        opponent controls]" (CR 115.1): once per permanent per spell or ability."""
        trig = ir.Trigger(ir.TriggerEvent.BECOMES_TARGET, self._one_of(c, "becomes the target"))
        return dataclasses.replace(trig, whose="opponent") if len(c) > 2 else trig

    def e_desc_attacks_whom(self, c):
        """"Whenever a creature attacks you or a planeswalker you control" (CR 508.1b, 508.3a)."""
        return ir.Trigger(ir.TriggerEvent.ATTACKS, self._one_of(c, "attacks"), attacked=c[2])

    def e_desc_dealt_damage(self, c):
        """"Whenever a creature you control is dealt damage": once for each such creature and
        damage event, all its sources together (CR 603.2c, 120.3); "that much" is the total."""
        return ir.Trigger(ir.TriggerEvent.DEALT_DAMAGE, self._one_of(c, "is dealt damage"))

    def e_batch_attacks(self, c):
        """"Whenever one or more creatures you control attack [you]": one trigger for the whole
        declaration (CR 603.2c, 508.1)."""
        d = c[0]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "one or more attack")
        return ir.Trigger(ir.TriggerEvent.ATTACKS, d.filter, one_or_more=True, attacked=c[1] if len(c) > 1 else None)

    def e_enchanted_player_attacked(self, c):
        """"Whenever enchanted player is attacked": one or more creatures attack the player the
        Aura enchants, not a planeswalker of theirs; once per declaration (CR 303.4b, 508.1b,
        603.2c; the Curses of Opulence and Vitality rulings 2017-08-25)."""
        return ir.Trigger(ir.TriggerEvent.ATTACKS, ir.Filter(types=("Creature",)), one_or_more=True, attacked=ir.ENCHANTED_PLAYER)

    def e_enchanted_player_loses(self, c):
        """"When enchanted player loses the game" (CR 104.3, 800.4a): as that player leaves the
        game, while the Aura still enchants them."""
        return ir.Trigger(ir.TriggerEvent.LOSES_GAME, ir.ENCHANTED_PLAYER)

    def aw_you(self, c):
        return "you"

    def aw_you_or_planeswalker(self, c):
        return "you_or_planeswalker"

    def aw_opponent(self, c):
        return "opponent"

    def aw_opponent_or_planeswalker(self, c):
        return "opponent_or_planeswalker"

    def e_attacks(self, c):
        return ir.Trigger(ir.TriggerEvent.ATTACKS)

    def e_attacks_with_others(self, c):
        """"Whenever ~ and at least two other creatures attack" (battalion, CR 207.2c, 508.1)."""
        n = _number(str(c[-1]))
        _need(isinstance(n, int), "at least X other creatures")
        return ir.Trigger(ir.TriggerEvent.ATTACKS, with_others=n)

    def e_desc_attacks(self, c):
        """CR 508.3a: "whenever a creature attacks" triggers for each such attacker."""
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "attacks")
        return ir.Trigger(ir.TriggerEvent.ATTACKS, dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_blocks_or_blocked_by(self, c):
        """Once for each creature it blocks or that blocks it; "that creature" is that one."""
        return ir.Trigger(ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE)

    def e_attacks_unblocked(self, c):
        """CR 509.3g: it becomes an unblocked creature as blockers are declared."""
        return ir.Trigger(ir.TriggerEvent.ATTACKS_UNBLOCKED)

    def e_attacks_alone(self, c):
        """CR 506.5: the only creature declared as an attacker."""
        return ir.Trigger(ir.TriggerEvent.ATTACKS_ALONE)

    def e_desc_attacks_alone(self, c):
        trigger = self.e_desc_attacks(c)
        return dataclasses.replace(trigger, event=ir.TriggerEvent.ATTACKS_ALONE)

    def e_exploits(self, c):
        """"When ~ exploits a creature" (CR 702.110b)."""
        return ir.Trigger(ir.TriggerEvent.EXPLOITS)

    def e_mutates(self, c):
        """"Whenever ~ mutates" (CR 702.140d)."""
        return ir.Trigger(ir.TriggerEvent.MUTATES)

    def e_desc_mutates(self, c):
        """"Whenever a creature you control mutates" (CR 702.140d)."""
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "mutates")
        return ir.Trigger(ir.TriggerEvent.MUTATES, dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_becomes_designated(self, c):
        """"When ~ becomes monstrous" (CR 701.37b), "Whenever a creature you control becomes
        renowned" (CR 702.112b)."""
        event = ir.TriggerEvent("becomes_" + str(c[-1]).lower())
        if len(c) == 2:
            return ir.Trigger(event)
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "becomes renowned")
        return ir.Trigger(event, dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_blocks(self, c):
        return ir.Trigger(ir.TriggerEvent.BLOCKS)

    def e_blocked(self, c):
        return ir.Trigger(ir.TriggerEvent.BECOMES_BLOCKED)

    def e_leaves(self, c):
        return ir.Trigger(ir.TriggerEvent.LEAVES)

    def e_turned_face_up(self, c):
        """CR 702.37e: "When ~ is turned face up"."""
        return ir.Trigger(ir.TriggerEvent.TURNED_FACE_UP)

    def e_damage(self, c):
        combat = any(isinstance(x, Token) and x.type == "COMBAT_KW" for x in c)
        to = next(("_to_" + x[1] for x in c if isinstance(x, tuple)), "")
        event = ir.TriggerEvent("deals_%sdamage%s" % ("combat_" if combat else "", to))
        return ir.Trigger(event, c[0])

    def e_batch_damage(self, c):
        """"Whenever one or more [creatures] deal combat damage to a player": one trigger for all
        of them per event and player (CR 603.2c)."""
        d = c[0]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "one or more")
        trig = self.e_damage([d.filter, *c[1:]])
        return dataclasses.replace(trig, one_or_more=True)

    def ts_self(self, c):
        return "self"


    def ts_attached(self, c):
        return c[0]

    def at_enchanted(self, c):
        return "enchanted"

    def at_equipped(self, c):
        return "equipped"

    def e_attached(self, c):
        """"Whenever enchanted creature becomes tapped", "When equipped creature dies", ...: an
        event of the card's own creature (``attached_event``) happening to the permanent the
        Aura or Equipment is attached to (CR 303.4, 301.5). A creature that left is seen as it
        was attached when it left (CR 603.10a)."""
        subject, event = c
        events = event if isinstance(event, tuple) else (event,)
        out = tuple(dataclasses.replace(t, subject=subject) for t in events)
        return out if isinstance(event, tuple) else out[0]

    def e_blocks_or_blocked(self, c):
        """"blocks or becomes blocked": one trigger condition met by either (CR 509.3c, 509.3d)."""
        return ir.Trigger(ir.TriggerEvent.BLOCKS_OR_BECOMES_BLOCKED)

    def e_attacks_or_blocks(self, c):
        """"attacks or blocks": one ability per event (CR 603.2), as the two can't happen at once."""
        return ir.Trigger(ir.TriggerEvent.ATTACKS), ir.Trigger(ir.TriggerEvent.BLOCKS)

    def ts_desc(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "source")
        return dataclasses.replace(d.filter, other=other or d.filter.other)

    def ts_source(self, c):
        """"a source [an opponent controls]": any object dealing damage, a spell or an ability's
        source too (CR 120.1, 609.7), seen as it was as it dealt the damage."""
        return ir.Filter(controller=c[0] if c else None)

    def sw_opponent(self, c):
        return "opponent"

    def sw_you(self, c):
        return "you"

    def d_self(self, c):
        """"deals damage to ~": once for each source dealing it damage (CR 603.2c)."""
        return "to", "self"

    def d_player(self, c):
        return "to", "player"

    def d_enchanted_player(self, c):
        return "to", ir.ENCHANTED_PLAYER      # the player this Aura enchants (CR 303.4b)

    def d_opponent(self, c):
        return "to", "opponent"

    def d_creature(self, c):
        """"deals combat damage to a creature": once for each creature dealt damage (CR 603.2c);
        "that creature" is the one dealt damage."""
        return "to", "creature"

    def d_you(self, c):
        """"deals combat damage to you" (the monarch's inherent ability, CR 724.2)."""
        return "to", "you"

    def e_gain_life(self, c):
        return ir.Trigger(ir.TriggerEvent.GAIN_LIFE, "you")

    def e_gain_life_first(self, c):
        """"Whenever you gain life for the first time each turn": the first life-gain event of
        the turn (CR 119.3)."""
        return ir.Trigger(ir.TriggerEvent.GAIN_LIFE, "you", nth=1)

    def e_opponent_loses_life(self, c):
        return ir.Trigger(ir.TriggerEvent.LOSE_LIFE, "opponent")

    def e_you_exert(self, c):
        """"Whenever you exert a creature" (CR 701.43)."""
        return ir.Trigger(ir.TriggerEvent.EXERTS, "you")

    def e_draw(self, c):
        return ir.Trigger(ir.TriggerEvent.DRAW, "you")

    def e_draw_nth(self, c):
        """"Whenever you draw your second card each turn" (CR 121.1): that one draw only."""
        return ir.Trigger(ir.TriggerEvent.DRAW, "you", nth=_ORDINALS[str(c[0]).lower()])

    def e_cast_nth(self, c):
        """"Whenever you cast your second spell each turn" (CR 601.2i)."""
        return ir.Trigger(ir.TriggerEvent.CAST, ir.Filter(controller="you", zone="stack"), nth=_ORDINALS[str(c[0]).lower()])

    def e_cast_during(self, c):
        """"Whenever you cast a spell during an opponent's turn": whose turn it is as the spell
        becomes cast (CR 601.2i)."""
        return dataclasses.replace(self.e_cast(c[:-1]), during=c[-1])

    def e_other_cast_during(self, c):
        """"Whenever an opponent casts a blue spell during your turn" (CR 601.2i)."""
        return dataclasses.replace(self.e_other_cast(c[:-1]), during=c[-1])

    def e_cast_nth_during(self, c):
        """"Whenever you cast your first spell during each opponent's turn": the first spell you
        cast in that turn (CR 601.2i)."""
        return dataclasses.replace(self.e_cast_nth(c[:-1]), during=c[-1])

    def e_other_cast_nth(self, c):
        """"Whenever an opponent casts their second spell each turn": counted for the caster
        (CR 601.2i)."""
        return ir.Trigger(ir.TriggerEvent.CAST, ir.Filter(controller=c[0], zone="stack"), nth=_ORDINALS[str(c[1]).lower()])

    def dt_your(self, c):
        return "your"

    def dt_opponent(self, c):
        return "opponent"

    def e_cast_self(self, c):
        """"When you cast this spell": the card's own ability, from the stack (CR 601.2i)."""
        return ir.Trigger(ir.TriggerEvent.CAST, "self")

    def e_finish_voting(self, c):
        """"Whenever players finish voting" (CR 701.38): once all the votes of a vote are cast."""
        return ir.Trigger(ir.TriggerEvent.VOTES_FINISHED)

    def e_you_sacrifice(self, c):
        """"Whenever you sacrifice a creature / another permanent" (CR 701.21a): only a
        permanent's controller sacrifices it; the ability looks back at it (CR 603.10a)."""
        article, d = c[0], c[1]
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given
              and d.filter.controller is None, "you sacrifice")
        return ir.Trigger(ir.TriggerEvent.SACRIFICED, dataclasses.replace(d.filter, controller="you",
                                                            other=d.filter.other or article == "another"))

    def e_you_counter_spell(self, c):
        """"Whenever a spell or ability you control counters a spell" (CR 701.6a)."""
        return ir.Trigger(ir.TriggerEvent.COUNTERS_SPELL, whose="you")

    def e_blocked_by_creature(self, c):
        """Once for each creature that blocks it (CR 509.3f); "that creature" is the blocker."""
        return ir.Trigger(ir.TriggerEvent.BLOCKED_BY_CREATURE)

    def e_self_dealt_damage(self, c):
        """"Whenever ~ is dealt damage": once for each damage event, however many sources dealt
        it (CR 603.2c, 120.3); "that much damage" is the total."""
        return ir.Trigger(ir.TriggerEvent.DEALT_DAMAGE)

    def e_becomes_tapped(self, c):
        return ir.Trigger(ir.TriggerEvent.TAPPED)

    def e_becomes_untapped(self, c):
        """"Whenever ~ becomes untapped" (inspired): in its controller's untap step too (CR 502.3)."""
        return ir.Trigger(ir.TriggerEvent.UNTAPPED)

    def e_control_none(self, c):
        """"When you control no Islands": a state trigger (CR 603.8)."""
        d = c[-1]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None,
              "control no")
        return ir.Trigger(ir.TriggerEvent.CONTROL_NONE, dataclasses.replace(d.filter, controller="you"))

    def e_no_counters(self, c):
        """"When ~ has no ice counters on it": a state trigger (CR 603.8)."""
        return ir.Trigger(ir.TriggerEvent.NO_COUNTERS, counter=c[-1])

    def e_cycle_self(self, c):
        """"When you cycle ~" (CR 702.29c): it triggers where the card went."""
        return ir.Trigger(ir.TriggerEvent.CYCLED)

    def e_cycle_self_or_dies(self, c):
        """"When you cycle ~ or it dies": one ability per event (CR 603.2)."""
        return ir.Trigger(ir.TriggerEvent.CYCLED), ir.Trigger(ir.TriggerEvent.DIES)

    def e_you_cycle(self, c):
        """"Whenever you cycle a card", "... another card" (CR 702.29c): the cycled card's own
        battlefield abilities don't work from where it went, so "another" excludes nothing more."""
        return ir.Trigger(ir.TriggerEvent.CYCLES, "you")

    def e_player_cycles(self, c):
        return ir.Trigger(ir.TriggerEvent.CYCLES, "each")

    def e_discards(self, c):
        """"Whenever you discard a card", "an opponent discards a card" (CR 701.9a); "another
        card" as for cycling: the card's own abilities don't work from the hand."""
        return ir.Trigger(ir.TriggerEvent.DISCARDS, c[0] or "each")

    def e_activates(self, c):
        """"Whenever a player activates an ability that isn't a mana ability", "... an opponent
        activates an ability of an artifact, creature, or land [on the battlefield], if it isn't a
        mana ability": an ability going on the stack (CR 602.2b, 601.2i; mana abilities don't, CR 605.3a);
        the source, when named, is a permanent (the Runic Armasaur and Harsh Mentor rulings)."""
        source = None
        if len(c) > 3:
            d = c[2]
            _need(c[1] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT)
                  and d.filter.zone == "battlefield", "activates an ability of")
            source = d.filter
        return ir.Trigger(ir.TriggerEvent.ACTIVATES, c[0] or "each", source=source)

    def e_plays_land(self, c):
        """"Whenever a player / an opponent plays a land" (CR 305.1): the special action only,
        not a land put onto the battlefield by an effect."""
        return ir.Trigger(ir.TriggerEvent.PLAYS_LAND, c[0] or "each")

    def e_plays_another_land(self, c):
        """"When you play another land" (City of Traitors): a land played other than ~, which
        would otherwise trigger on itself as it is played (CR 305.1, 603.6a)."""
        return ir.Trigger(ir.TriggerEvent.PLAYS_LAND, c[0] or "each", another=True)

    def e_you_discard(self, c):
        """"Whenever you cycle or discard a card": cycling discards the card, and the ability
        triggers once for it (CR 702.29d), so this is "whenever you discard a card"."""
        return ir.Trigger(ir.TriggerEvent.DISCARDS, "you")

    def caster_you(self, c):
        return "you"

    def e_cast(self, c):
        """CR 601.2i: "whenever you cast" triggers once the spell becomes cast; "another ...
        spell": not the source itself (Edgar Markov's eminence)."""
        _need(c[1].kind is DescKind.SPELL and not c[1].plural, "cast")
        return ir.Trigger(ir.TriggerEvent.CAST, dataclasses.replace(c[1].filter, controller="you", other=c[0] == "another"))

    def e_cast_commander(self, c):
        """"When you cast your commander": a spell that is a commander you own (CR 903.3d),
        from any zone."""
        return ir.Trigger(ir.TriggerEvent.CAST, ir.Filter(commander=True, owned=True, controller="you", zone="stack"))

    def e_cast_or_enters(self, c):
        """"Whenever you cast a black spell or a Swamp enters under your control": either event
        triggers it (CR 603.2); one ability per event, as casting a spell puts nothing onto the
        battlefield (CR 601.2a)."""
        return self.e_cast(c[:2]), self.e_enters([None, *c[3:]])

    def e_player_taps(self, c):
        """"Whenever a player / an opponent taps a land for mana" (CR 106.12, 106.12a)."""
        d = c[2]
        _need(c[1] != "another" and not d.plural and d.kind is None and not d.zone_given,
              "taps for mana")
        return ir.Trigger(ir.TriggerEvent.TAPPED_FOR_MANA, d.filter, whose=c[0] or "each")

    def e_is_tapped_for_mana(self, c):
        """"Whenever a basic land is tapped for mana [of the chosen color]" (CR 106.12a)."""
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given,
              "tapped for mana")
        return ir.Trigger(ir.TriggerEvent.TAPPED_FOR_MANA, d.filter, mana_type=c[2] if len(c) > 2 else None)

    def mana_of_chosen(self, c):
        _need(str(c[0]).lower() == "color", "of the chosen type")
        return "chosen"

    def e_you_tap(self, c):
        trigger = self.e_player_taps([None, *c])
        return dataclasses.replace(trigger, whose="you")

    def e_other_cast(self, c):
        """"Whenever a player / an opponent casts ..." (CR 601.2i); the caster controls the
        spell (CR 110.2)."""
        _need(c[1] != "another" and c[2].kind is DescKind.SPELL and not c[2].plural, "cast")
        _need(c[2].filter.controller is None, "cast")
        return ir.Trigger(ir.TriggerEvent.CAST, dataclasses.replace(c[2].filter, controller=c[0]))

    def caster_any(self, c):
        return None

    def caster_opponent(self, c):
        return "opponent"

    def e_tapped_for_mana(self, c):
        """CR 605.1b: a triggered mana ability of the enchanted land."""
        _need(not c[0].plural and c[0].kind is None, "tapped for mana")
        return ir.Trigger(ir.TriggerEvent.TAPPED_FOR_MANA, "enchanted")

    def e_attached_tapped_for_mana(self, c):
        """"Whenever enchanted land is tapped for mana" (CR 605.1b)."""
        _need(c[0] == "enchanted", "equipped creature tapped for mana")
        return ir.Trigger(ir.TriggerEvent.TAPPED_FOR_MANA, "enchanted")

    def e_phases_out(self, c):
        """"Whenever ~ phases out" (CR 702.26b): it looks back in time (CR 603.10b)."""
        return ir.Trigger(ir.TriggerEvent.PHASES_OUT)

    def e_phases_in(self, c):
        """"Whenever ~ phases in" (CR 702.26c)."""
        return ir.Trigger(ir.TriggerEvent.PHASES_IN)

    def step_your(self, c):
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose="your")

    def step_each(self, c):
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose="each")

    def step_each_player(self, c):
        """"At the beginning of each player's upkeep": every upkeep, naming its active player
        ("that player", CR 603.2, 608.2)."""
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose="any")

    def step_enchanted_controller(self, c):
        """"At the beginning of the upkeep of enchanted creature's controller": the step of the
        turn of whoever controls the permanent this Aura enchants (CR 303.4, 603.2)."""
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose="enchanted_controller")

    def step_enchanted_player(self, c):
        """"At the beginning of enchanted player's upkeep": the step of the turn of the player
        this Aura enchants (CR 303.4b), "that player" then."""
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose=ir.ENCHANTED_PLAYER)

    def caster_enchanted(self, c):
        """"enchanted player draws / casts": the player this Aura enchants (CR 303.4b)."""
        return ir.ENCHANTED_PLAYER

    def aw_enchanted_player(self, c):
        """"Whenever a creature attacks enchanted player" (CR 303.4b, 508.1b)."""
        return ir.ENCHANTED_PLAYER

    def step_chosen_player(self, c):
        """"At the beginning of the chosen player's upkeep": the player chosen as the permanent
        entered (CR 614.12), "that player" then (Black Vise)."""
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose=ir.CHOSEN_PLAYER)

    def step_opponent(self, c):
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step=c[0], whose="opponent")

    def step_combat_your(self, c):
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="beginning_of_combat", whose="your")

    def sn_upkeep(self, c):
        return "upkeep"

    def sn_end(self, c):
        return "end"

    def sn_draw(self, c):
        return "draw"

    def step_combat_each(self, c):
        return ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="beginning_of_combat", whose="each")

    def sn_main(self, c):
        """The precombat main phase is the turn's first main phase (CR 505.1a); it has no
        steps (CR 505.2), and what triggers as it begins goes on the stack before the active
        player gets priority (CR 505.6)."""
        return "main1"
