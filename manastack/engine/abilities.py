"""A card's abilities by index (the leaf every rules module reads abilities through), with
keywords read as the triggered or activated abilities their rules define (CR 702). The effects
only keywords use are carried out in :mod:`.crew`, :mod:`.cipher`, :mod:`.free_casting`,
:mod:`.unless_costs` and :mod:`.placement_effects`.

The compiler reads "Prowess" or "Ward {2}" as a :class:`ir.Keyword`; the Comprehensive Rules
say what each one means, so the engine turns the keyword into that triggered ability here:

- prowess (CR 702.108a): whenever you cast a noncreature spell, this gets +1/+1 until end of turn;
- persist (CR 702.79a) and undying (CR 702.93a): when it dies, if it had no -1/-1 (+1/+1)
  counters on it, return it under its owner's control with one such counter;
- ward (CR 702.21a): whenever it becomes the target of a spell or ability an opponent controls,
  counter that spell or ability unless that player pays the cost;
- exalted (CR 702.83a): whenever a creature you control attacks alone, it gets +1/+1 until end
  of turn; bushido N (CR 702.45a): whenever this blocks or becomes blocked, +N/+N;
- echo (CR 702.30a): at the beginning of your upkeep, if it came under your control since the
  beginning of your last upkeep, sacrifice it unless you pay the echo cost; cumulative upkeep
  (CR 702.24a): at the beginning of your upkeep, if it is on the battlefield, put an age counter
  on it, then sacrifice it unless you pay the cost once per age counter;
- cipher (CR 702.99): the resolving spell may be exiled encoded on a creature, which then has
  "whenever this creature deals combat damage to a player, you may cast a copy of the encoded
  card without paying its mana cost". The link is kept in the exiled card's ``attached_to``
  (plain data); it ends when the creature leaves the battlefield, since it becomes a new object
  (CR 702.99c, 400.7);
- flanking (CR 702.25a): whenever this becomes blocked by a creature without flanking, that
  creature gets -1/-1 until end of turn; soulshift N (CR 702.46a): when it dies, you may return
  target Spirit card with mana value N or less from your graveyard to your hand;
- cascade (CR 702.85a): when you cast this spell (a trigger that works from the stack), see
  :func:`.free_casting.cascade`;
- madness (CR 702.35a): when this card is exiled by madness's replacement (``events.discard``),
  its owner may cast it for its madness cost, else it goes to the graveyard; see
  :func:`.free_casting.cast_with_madness`;
- ingest (CR 702.115a): whenever it deals combat damage to a player, that player exiles the top
  card of their library;
- renown N (CR 702.112a): when it deals combat damage to a player, if it isn't renowned, put N
  +1/+1 counters on it and it becomes renowned (see :mod:`.keyword_effects`);
- fabricate N (CR 702.123a): when it enters, N +1/+1 counters on it or N Servo tokens; evolve
  (CR 702.100a): whenever a creature you control enters, if it has greater power or toughness,
  a +1/+1 counter on this (the comparison is a condition that reads the event, see
  :mod:`.conditions`);
- modular N (CR 702.43a): when it dies, you may put a +1/+1 counter on target artifact creature
  for each +1/+1 counter it had (last known information, CR 603.10a);
- graft N (CR 702.58a): whenever another creature enters, if this has a +1/+1 counter, you may
  move one onto that creature (CR 122.5); dethrone (CR 702.105a): whenever it attacks the player
  with the most life or tied for it, a +1/+1 counter on it; myriad (CR 702.116a): whenever it
  attacks, a token copy attacking each opponent other than the defending player (none here);
  melee (CR 702.121a): whenever it attacks, +1/+1 until end of turn for each opponent attacked
  with a creature this combat; provoke (CR 702.39a): whenever it attacks, you may have target creature the defending player
  controls untap and block it this combat if able;
- annihilator N (CR 702.86a): whenever it attacks, the defending player sacrifices N permanents;
  battle cry (CR 702.91a): whenever it attacks, each other attacking creature gets +1/+0 until end
  of turn; afterlife N (CR 702.135a): when it dies, N 1/1 white and black Spirit tokens with
  flying; living weapon (CR 702.92a): when it enters, a 0/0 black Phyrexian Germ token, then this
  Equipment is attached to it; mentor (CR 702.134a): whenever it attacks, a +1/+1 counter on
  target attacking creature with less power (if it has left the battlefield before that resolves,
  its last known power is compared, :mod:`.resolve`);
- suspend (CR 702.62a): at the beginning of your upkeep, if this card is suspended, remove a
  time counter; the last one's removal triggers the cast (see :mod:`.suspend`).

Each keyword instance is its own ability and triggers separately (CR 702.108b).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from manastack.mana import ManaCost
from manastack.oracle import ir
from manastack.oracle.ir import Duration
from .zones import EXILE, GRAVEYARD, HAND, LIBRARY, STACK

_CREATURE_TARGET = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",)))
_NONCREATURE_SPELL = ir.Filter(non_types=("Creature",), controller="you", zone=STACK)
_CREATURE_OF_YOURS = ir.Filter(types=("Creature",), controller="you")
_YOUR_UPKEEP = ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="upkeep", whose="your")
_YOUR_SPELL = ir.Filter(controller="you", zone=STACK)


# The tokens keywords create: afterlife's Spirits (CR 702.135a), living weapon's Germ (CR 702.92a).
AFTERLIFE_SPIRIT = ir.TokenSpec("Spirit Token", 1, 1, ("W", "B"), ("Creature",), ("Spirit",),
                                (ir.Keyword("flying"),))
GERM = ir.TokenSpec("Phyrexian Germ Token", 0, 0, ("B",), ("Creature",), ("Phyrexian", "Germ"))


@lru_cache(maxsize=None)
def keyword_trigger(kw: ir.Keyword) -> ir.TriggeredAbility | None:
    """The triggered ability a keyword stands for, or None when it is not a triggered one."""
    if kw.name == "prowess":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CAST, _NONCREATURE_SPELL),
                                   (ir.ModifyPT(ir.Ref("self"), 1, 1),), text="Prowess (CR 702.108a)")
    if kw.name == "persist":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES),
                                   (ir.ReturnToBattlefield(ir.Ref("triggering_object"), "-1/-1"),),
                                   condition="self_had_no_minus1_counters", text="Persist (CR 702.79a)")
    if kw.name == "undying":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES),
                                   (ir.ReturnToBattlefield(ir.Ref("triggering_object"), "+1/+1"),),
                                   condition="self_had_no_plus1_counters", text="Undying (CR 702.93a)")
    if kw.name == "cipher":
        # the ability the encoded card grants its creature (CR 702.99a); see encoded_triggers
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER, "self"),
                                   (ir.CastEncodedCopy(),), text="Cipher (CR 702.99a)")
    if kw.name == "exalted":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS_ALONE, _CREATURE_OF_YOURS),
                                   (ir.ModifyPT(ir.Ref("triggering_object"), 1, 1),),
                                   text="Exalted (CR 702.83a)")
    if kw.name == "bushido" and kw.arg is not None:
        n = int(kw.arg)
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BLOCKS_OR_BECOMES_BLOCKED), (ir.ModifyPT(ir.Ref("self"), n, n),),
                                   text=f"Bushido {n} (CR 702.45a)")
    if kw.name == "soulshift" and kw.arg is not None:
        n = int(kw.arg)
        spirit = ir.TargetSpec(ir.TargetKind.CARD, ir.Filter(subtypes=("Spirit",), controller="you", zone=GRAVEYARD,
                                                 mana_value_at_most=n))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES), (ir.May((ir.ReturnToHand(ir.Target(0)),)),), (spirit,),
                                   text=f"Soulshift {n} (CR 702.46a)")
    if kw.name == "flanking":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BLOCKED_BY_CREATURE_WITHOUT_FLANKING),
                                   (ir.ModifyPT(ir.Ref("triggering_object"), -1, -1),),
                                   text="Flanking (CR 702.25a)")
    # keywords players meet every game: triggered ones
    if kw.name == "extort":
        pay = ir.PayMana(ManaCost(("W/B",)))
        drain = ir.IfYouDo((ir.LoseLife(1, ir.Ref("each_opponent")), ir.GainLife(1)))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CAST, _YOUR_SPELL), (ir.May((pay, drain)),),
                                   text="Extort (CR 702.101a)")
    if kw.name == "afflict" and kw.arg is not None:
        n = int(kw.arg)     # the defending player: the one it attacks (CR 508.5)
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BECOMES_BLOCKED), (ir.LoseLife(n, ir.Ref("defending_player")),),
                                   text=f"Afflict {n} (CR 702.130a)")
    if kw.name == "rampage" and kw.arg is not None:
        bonus = ir.BlockersBeyondFirst(int(kw.arg))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BECOMES_BLOCKED), (ir.ModifyPT(ir.Ref("self"), bonus, bonus),),
                                   text=f"Rampage {kw.arg} (CR 702.23a)")
    if kw.name == "fading" and kw.arg is not None:
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.RemoveCounterOrSacrifice("fade"),),
                                   text=f"Fading {kw.arg} (CR 702.32a)")
    if kw.name == "vanishing":      # with or without N (CR 702.63a-b)
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.RemoveCounterFromSelf("time"),), condition="self_has_time_counter",
                                   text="Vanishing: at the beginning of your upkeep, if it has a time counter on it, "
                                        "remove a time counter from it (CR 702.63a)")
    if kw.name == "ingest":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER, "self"),
                                   (ir.ExileTopCard(1, ir.Ref("triggering_player")),), text="Ingest (CR 702.115a)")
    if kw.name == "renown" and kw.arg is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER, "self"),
                                   (ir.BecomeDesignated("renowned", int(kw.arg)),), condition="self_not_renowned",
                                   text=f"Renown {kw.arg} (CR 702.112a)")
    if kw.name == "exploit":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS), (ir.Exploit(),), text="Exploit (CR 702.110a)")
    if kw.name == "fabricate" and kw.arg is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS), (ir.Fabricate(int(kw.arg)),),
                                   text=f"Fabricate {kw.arg} (CR 702.123a)")
    if kw.name == "haunt":
        # CR 702.55a, on a permanent; an instant's or sorcery's "When the creature ~ haunts dies"
        # isn't read, so such a card with haunt is not supported
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES), (ir.HauntExile(),), (_CREATURE_TARGET,),
                                   text="Haunt (CR 702.55a)")
    if kw.name == "soulbond":
        # CR 702.95a's two triggers as one: a creature of yours entering, this one or another,
        # with the intervening "if" that both are unpaired (engine.conditions, engine.mechanics.soulbond)
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS, _CREATURE_OF_YOURS), (ir.May((ir.Pair(),)),),
                                   condition="soulbond_can_pair", text="Soulbond (CR 702.95a)")
    if kw.name == "evolve":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS, _CREATURE_OF_YOURS),
                                   (ir.PutCounters(ir.Ref("self"), "+1/+1", 1),),
                                   condition="entered_creature_greater", text="Evolve (CR 702.100a)")
    if kw.name == "modular" and kw.arg is not None:
        artifact_creature = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(all_types=("Artifact", "Creature")))
        move = ir.PutCounters(ir.Target(0), "+1/+1", ir.CountersOn("+1/+1"))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES), (ir.May((move,)),), (artifact_creature,),
                                   text=f"Modular {kw.arg} (CR 702.43a)")
    if kw.name == "graft" and kw.arg is not None:      # CR 702.58a, with its enters replacement
        take = ir.MoveCounter(ir.Ref("self"), ir.Ref("triggering_object"), "+1/+1")
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS, ir.Filter(types=("Creature",), other=True)),
                                   (ir.May((take,)),), condition="self_has_plus1_counter",
                                   text=f"Graft {kw.arg} (CR 702.58a)")
    if kw.name == "annihilator" and kw.arg is not None:
        n = int(kw.arg)     # the defending player: the one it attacks (CR 508.5)
        edict = ir.SacrificePermanents(ir.Ref("defending_player"), ir.Filter(), n)
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (edict,), text=f"Annihilator {n} (CR 702.86a)")
    if kw.name == "mentor":     # compared again, as it resolves, with its power then (or last known)
        lesser = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",), attacking=True, power_below_source=True))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (ir.PutCounters(ir.Target(0), "+1/+1", 1),), (lesser,),
                                   text="Mentor (CR 702.134a)")
    if kw.name == "dethrone":   # CR 702.105a: attacking the player with the most life or tied for it
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS, attacked="most_life"),
                                   (ir.PutCounters(ir.Ref("self"), "+1/+1", 1),), text="Dethrone (CR 702.105a)")
    if kw.name == "melee":      # CR 702.121a: +1/+1 for each opponent attacked, counted on resolution
        attacked = ir.OpponentsAttacked()
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (ir.ModifyPT(ir.Ref("self"), attacked, attacked),),
                                   text="Melee (CR 702.121a)")
    if kw.name == "provoke":    # CR 702.39a: the defending player is the opponent, with two players
        provoked = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",), controller="opponent"))
        block = ir.Restrict(ir.Target(0), "must_block_source", duration=Duration.END_OF_COMBAT)
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (ir.May((ir.Untap(ir.Target(0)), block)),), (provoked,),
                                   text="Provoke (CR 702.39a)")
    if kw.name == "myriad":     # CR 702.116a: copies attacking the other opponents, of whom two players have none
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (ir.Myriad(),), text="Myriad (CR 702.116a)")
    if kw.name == "battle cry":
        others = ir.Ref("all", ir.Filter(types=("Creature",), attacking=True, other=True))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ATTACKS), (ir.ModifyPT(others, 1, 0),), text="Battle cry (CR 702.91a)")
    if kw.name == "afterlife" and kw.arg is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES), (ir.CreateTokens(AFTERLIFE_SPIRIT, int(kw.arg)),),
                                   text=f"Afterlife {kw.arg} (CR 702.135a)")
    if kw.name == "living weapon":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS), (ir.CreateTokens(GERM), ir.Attach(ir.Ref("created"))),
                                   text="Living weapon (CR 702.92a)")
    if kw.name == "storm":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CAST, "self"), (ir.StormCopies(),), text="Storm (CR 702.40a)")
    if kw.name in ("replicate", "conspire"):     # CR 702.56a, 702.78a: "if ... was paid" (CR 603.4)
        rule = "702.56a" if kw.name == "replicate" else "702.78a"
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CAST, "self"), (ir.CopyPerPayment(kw.name),),
                                   condition=f"{kw.name}_paid",
                                   text=f"{kw.name.capitalize()}: when you cast this spell, copy it for each time "
                                        f"its {kw.name} cost was paid (CR {rule})")
    if kw.name == "cascade":
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.CAST, "self"), (ir.Cascade(),), text="Cascade (CR 702.85a)")
    if kw.name == "madness" and kw.cost is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.EXILED_WITH_MADNESS, "self"), (ir.CastWithMadness(),),
                                   text=f"Madness {kw.cost.mana} (CR 702.35a)")
    if kw.name == "suspend" and kw.cost is not None and kw.arg is not None:
        cast = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.LAST_TIME_COUNTER_REMOVED, "self"), (ir.CastSuspended(),),
                                   text="When the last time counter is removed, cast it (CR 702.62a)")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.RemoveTimeCounter(cast),),
                                   text=f"Suspend {kw.arg}—{kw.cost.mana} (CR 702.62a)")
    if kw.name == "echo" and kw.cost is not None:
        sacrifice = ir.SacrificeUnlessPays(ir.Ref("self"), kw.cost, keyword="echo")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (sacrifice,), condition="came_under_control_since_last_upkeep",
                                   text=f"Echo{_spaced(kw.cost)} (CR 702.30a)")
    if kw.name == "cumulative upkeep" and kw.cost is not None:
        sacrifice = ir.SacrificeUnlessPays(ir.Ref("self"), kw.cost, ir.CountersOn("age"), "cumulative upkeep")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.PutCounters(ir.Ref("self"), "age"), sacrifice),
                                   condition="self_on_battlefield",
                                   text=f"Cumulative upkeep{_spaced(kw.cost)} (CR 702.24a)")
    if kw.name == "evoke" and kw.cost is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.ENTERS), (ir.Sacrifice(ir.Ref("self")),), condition="evoked",
                                   text=f"Evoke {_cost_words(kw.cost)}: when it enters, if its evoke cost was paid, "
                                        "its controller sacrifices it (CR 702.74a)")
    if kw.name == "recover" and kw.cost is not None and kw.cost.mana is not None:   # CR 702.59a: from the graveyard
        back = ir.May((ir.PayMana(kw.cost.mana), ir.IfYouDo((ir.ReturnToHand(ir.Ref("self"), from_graveyard=True),))))
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.DIES, ir.Filter(types=("Creature",)), whose="you"),
                                   (back, ir.IfYouDont((ir.Exile(ir.Ref("self")),))), from_graveyard=True,
                                   text=f"Recover {_cost_words(kw.cost)}: when a creature is put into your graveyard "
                                        "from the battlefield, you may pay the cost; if you do, return this card "
                                        "to your hand, otherwise exile it (CR 702.59a)")
    if kw.name == "ward" and kw.cost is not None:
        return ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BECOMES_TARGET, "self", whose="opponent"),
                                   (ir.CounterUnlessPays(ir.Ref("triggering_spell"), kw.cost, ward=True),),
                                   text=f"Ward {kw.cost.mana} (CR 702.21a)")
    return None


# Dash (CR 702.109a): the delayed ability a spell cast for its dash cost creates as it resolves
# (see resolve._resolve_permanent); "it" is the permanent, fixed as it is created (CR 603.7c).
DASH_RETURN = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="end", whose="each"),
                                  (ir.ReturnToHand(ir.Target(0)),),
                                  text="Dash: return it to its owner's hand at the beginning of the next end step "
                                       "(CR 702.109a)")


# Unearth (CR 702.84a): the delayed ability its activated ability creates; "it" is the permanent
# the card became, fixed as the ability is created (CR 603.7c).
UNEARTH_EXILE = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="end", whose="each"),
                                    (ir.Exile(ir.Target(0)),),
                                    text="Unearth: exile it at the beginning of the next end step (CR 702.84a)")


# Encore (CR 702.141a): the delayed ability that sacrifices each token its ability made; "it" is
# the token, fixed as the ability is created (CR 603.7c).
ENCORE_SACRIFICE = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="end", whose="each"),
                                       (ir.Sacrifice(ir.Target(0)),),
                                       text="Encore: sacrifice the token at the beginning of the next end step "
                                            "(CR 702.141a)")


# Rebound (CR 702.88a): the delayed ability its replacement creates as the spell is exiled; "this
# card" is the exiled card, fixed as the ability is created (CR 603.7c).
REBOUND_CAST = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.BEGINNING_OF_STEP, step="upkeep", whose="your"),
                                   (ir.CastRebound(),),
                                   text="Rebound: at the beginning of your next upkeep, you may cast this card "
                                        "from exile without paying its mana cost (CR 702.88a)")


# Vanishing (CR 702.63a): its third ability, which the engine puts on the stack when the last time
# counter is removed from the permanent (``triggers.collect``).
VANISHING_SACRIFICE = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.LAST_TIME_COUNTER_REMOVED, "self"), (ir.Sacrifice(ir.Ref("self")),),
                                          text="Vanishing: when the last time counter is removed from it, sacrifice it "
                                               "(CR 702.63a)")


# Miracle (CR 702.94a): the triggered ability linked to revealing the card as it is drawn, put on
# the stack by ``events.draw``.
MIRACLE_CAST = ir.TriggeredAbility(ir.Trigger(ir.TriggerEvent.REVEALED_FOR_MIRACLE, "self"), (ir.CastMiracle(),),
                                   text="Miracle: when you reveal this card, you may cast it by paying its miracle "
                                        "cost (CR 702.94a)")


def keyword_delayed(kw: ir.Keyword) -> ir.TriggeredAbility | None:
    """The delayed triggered ability a keyword may create: dash's return (CR 702.109a),
    unearth's exile (CR 702.84a), rebound's cast (CR 702.88a); and vanishing's sacrifice
    (CR 702.63a) and miracle's cast (CR 702.94a), triggered abilities the engine puts on the stack
    itself."""
    if kw.name == "rebound":
        return REBOUND_CAST
    if kw.name == "vanishing":
        return VANISHING_SACRIFICE
    if kw.name == "miracle" and kw.cost is not None:
        return MIRACLE_CAST
    if kw.cost is None:
        return None
    return DASH_RETURN if kw.name == "dash" else UNEARTH_EXILE if kw.name == "unearth" \
        else ENCORE_SACRIFICE if kw.name == "encore" else None


@lru_cache(maxsize=None)
def keyword_replacement(kw: ir.Keyword) -> ir.ReplacementAbility | None:
    """Keywords that are (in part) a replacement effect on how the permanent enters: fading N
    enters with N fade counters (CR 702.32a); bloodthirst N with N +1/+1 counters if an opponent
    was dealt damage this turn (CR 702.54a); modular N and graft N with N +1/+1 counters
    (CR 702.43a, 702.58a); unleash with a +1/+1 counter if its controller chooses (CR 702.98a);
    devour N with N +1/+1 counters for each creature its controller sacrifices as it enters
    (CR 702.82a); riot with a +1/+1 counter or else haste (CR 702.136a); tribute N with N +1/+1
    counters if the chosen opponent pays tribute (CR 702.104a); amplify N with N +1/+1 counters
    for each card revealed from the hand that shares a creature type with it (CR 702.38a)."""
    if kw.name == "bloodthirst" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, "+1/+1", int(kw.arg),
                                     condition="opponent_dealt_damage_this_turn",
                                     text=f"Bloodthirst {kw.arg} (CR 702.54a)")
    if kw.name == "sunburst":       # the kind of counter depends on how it enters (replacement)
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, None, ir.ColorsSpent(),
                                     text="Sunburst: it enters with a +1/+1 counter (a creature) or a charge counter "
                                          "for each color of mana spent to cast it (CR 702.44a)")
    if kw.name == "vanishing" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, "time", int(kw.arg),
                                     text=f"Vanishing {kw.arg}: it enters with {kw.arg} time counters (CR 702.63a)")
    if kw.name == "modular" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, "+1/+1", int(kw.arg),
                                     text=f"Modular {kw.arg}: it enters with {kw.arg} +1/+1 counters (CR 702.43a)")
    if kw.name == "graft" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, "+1/+1", int(kw.arg),
                                     text=f"Graft {kw.arg}: it enters with {kw.arg} +1/+1 counters (CR 702.58a)")
    if kw.name == "devour" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.DEVOUR, "+1/+1", int(kw.arg),
                                     text=f"Devour {kw.arg} (CR 702.82a)")
    if kw.name == "amplify" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.AMPLIFY, "+1/+1", int(kw.arg), text=f"Amplify {kw.arg} (CR 702.38a)")
    if kw.name == "tribute" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.TRIBUTE, "+1/+1", int(kw.arg), text=f"Tribute {kw.arg} (CR 702.104a)")
    if kw.name == "riot":
        return ir.ReplacementAbility(ir.ReplacementKind.RIOT, "+1/+1", 1, text="Riot (CR 702.136a)")
    if kw.name == "unleash":
        return ir.ReplacementAbility(ir.ReplacementKind.MAY_ENTER_WITH_COUNTER, "+1/+1", 1,
                                     text="Unleash: it may enter with a +1/+1 counter (CR 702.98a)")
    if kw.name == "fading" and kw.arg is not None:
        return ir.ReplacementAbility(ir.ReplacementKind.ENTERS_WITH_COUNTERS, "fade", int(kw.arg),
                                     text=f"Fading {kw.arg}: it enters with {kw.arg} fade counters (CR 702.32a)")
    return None


_CREATURE_YOU_CONTROL = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",), controller="you"))
_TARGET_CREATURE = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Creature",)))
_LAND_YOU_CONTROL = ir.TargetSpec(ir.TargetKind.PERMANENT, ir.Filter(types=("Land",), controller="you"))


@lru_cache(maxsize=None)
def keyword_activated(kw: ir.Keyword) -> ir.ActivatedAbility | None:
    """Keywords that are activated abilities: equip (CR 702.6a: attach to target creature you
    control, as a sorcery), crew (CR 702.122a: tap other creatures with total power N: this
    Vehicle becomes an artifact creature with its printed power and toughness until end of turn)
    outlast (CR 702.107a: [cost], {T}: a +1/+1 counter on this creature, as a sorcery)
    and ninjutsu (CR 702.49a; its cost beyond mana -- revealing the card
    and returning an unblocked attacker -- is paid by :func:`combat.ninjutsu`)."""
    if kw.name == "crew" and kw.arg is not None:
        return ir.ActivatedAbility(ir.Cost(parts=(ir.CrewCost(int(kw.arg)),)), (ir.BecomeCreature(ir.Ref("self"), None, None),),
                                   text=f"Crew {kw.arg} (CR 702.122a)")
    if kw.cost is None:
        return None
    if kw.name == "equip":
        return ir.ActivatedAbility(kw.cost, (ir.Attach(ir.Target(0)),), (_CREATURE_YOU_CONTROL,),
                                   sorcery_speed=True, text=f"Equip {kw.cost.mana} (CR 702.6a)")
    if kw.name == "fortify":        # CR 702.67a: attach to target land you control, as a sorcery
        return ir.ActivatedAbility(kw.cost, (ir.Attach(ir.Target(0)),), (_LAND_YOU_CONTROL,),
                                   sorcery_speed=True, text=f"Fortify {kw.cost.mana} (CR 702.67a)")
    if kw.name == "cycling":
        # "Cycling—Pay 2 life.": a cost without mana (its parts are logged as they are paid)
        cost = "" if kw.cost.mana is None else f" {kw.cost.mana}"
        return ir.ActivatedAbility(kw.cost.with_part(ir.DiscardSelfCost()), (ir.Draw(1),),
                                   text=f"Cycling{cost} (CR 702.29a)", cycling=True)
    found = typecycling_filter(kw.name)
    if found is not None:         # typecycling (CR 702.29e): search for a card of that type instead
        search = ir.SearchLibrary(found, to=HAND, reveal=True)
        return ir.ActivatedAbility(kw.cost.with_part(ir.DiscardSelfCost()), (search,),
                                   text=f"{kw.name.capitalize()} {kw.cost.mana} (CR 702.29e)", cycling=True)
    if kw.name == "encore":        # CR 702.141a: from the graveyard, exiling it, as a sorcery
        return ir.ActivatedAbility(kw.cost.with_part(ir.ExileSelfCost(GRAVEYARD)), (ir.Encore(),), sorcery_speed=True,
                                   text=f"Encore {kw.cost.mana} (CR 702.141a)")
    if kw.name in ("embalm", "eternalize"):      # CR 702.128a, 702.129a: from the graveyard, as a sorcery
        rule = "702.128a" if kw.name == "embalm" else "702.129a"
        return ir.ActivatedAbility(kw.cost.with_part(ir.ExileSelfCost(GRAVEYARD)),
                                   (ir.TokenCopyOfCard(eternalize=kw.name == "eternalize"),), sorcery_speed=True,
                                   text=f"{kw.name.capitalize()} {kw.cost.mana} (CR {rule})")
    if kw.name == "transmute":     # CR 702.53a: from the hand, discarding it, as a sorcery
        search = ir.SearchLibrary(ir.Filter(zone=LIBRARY, same_mana_value=True), to=HAND, reveal=True)
        return ir.ActivatedAbility(kw.cost.with_part(ir.DiscardSelfCost()), (search,), sorcery_speed=True,
                                   text=f"Transmute {kw.cost.mana} (CR 702.53a)")
    if kw.name == "ninjutsu":
        return ir.ActivatedAbility(kw.cost, (ir.EnterAttacking(ir.Ref("self")),),
                                   text=f"Ninjutsu {kw.cost.mana} (CR 702.49a)")
    if kw.name == "commander ninjutsu":     # CR 702.49d: from the hand or the command zone
        return ir.ActivatedAbility(kw.cost, (ir.EnterAttacking(ir.Ref("self")),),
                                   text=f"Commander ninjutsu {kw.cost.mana} (CR 702.49d)")
    if kw.name == "outlast":       # CR 702.107a: [cost], {T}: a +1/+1 counter on it, as a sorcery
        counter = ir.PutCounters(ir.Ref("self"), "+1/+1", 1)
        return ir.ActivatedAbility(kw.cost.with_part(ir.TapSymbol()), (counter,), sorcery_speed=True,
                                   text=f"Outlast {kw.cost.mana} (CR 702.107a)")
    if kw.name == "level up":      # CR 702.87a: a level counter on this permanent, as a sorcery
        return ir.ActivatedAbility(kw.cost, (ir.PutCounters(ir.Ref("self"), "level", 1),),
                                   sorcery_speed=True, text=f"Level up {kw.cost.mana} (CR 702.87a)")
    if kw.name == "unearth":       # CR 702.84a: from the graveyard, as a sorcery
        return ir.ActivatedAbility(kw.cost, (ir.Unearth(),), sorcery_speed=True,
                                   text=f"Unearth {kw.cost.mana} (CR 702.84a)")
    if kw.name == "reinforce" and kw.arg is not None:     # CR 702.77a: from the hand, discarding it
        counters = ir.PutCounters(ir.Target(0), "+1/+1", int(kw.arg))
        return ir.ActivatedAbility(kw.cost.with_part(ir.DiscardSelfCost()), (counters,), (_TARGET_CREATURE,),
                                   text=f"Reinforce {kw.arg}—{kw.cost.mana} (CR 702.77a)")
    if kw.name == "scavenge":      # CR 702.97a: exile it from the graveyard, as a sorcery
        power = ir.StatOf(ir.Ref("self"), "power")
        return ir.ActivatedAbility(kw.cost.with_part(ir.ExileSelfCost(GRAVEYARD)),
                                   (ir.PutCounters(ir.Target(0), "+1/+1", power),), (_TARGET_CREATURE,),
                                   sorcery_speed=True, text=f"Scavenge {kw.cost.mana} (CR 702.97a)")
    return None


# Keywords that are activated abilities working only while the card is in its owner's graveyard.
GRAVEYARD_KEYWORDS = frozenset({"unearth", "scavenge", "embalm", "eternalize", "encore"})


# Typecycling (CR 702.29e): "[Type]cycling [cost]" searches for a card of that type.
_TYPECYCLING = {"plainscycling": "Plains", "islandcycling": "Island", "swampcycling": "Swamp",
                "mountaincycling": "Mountain", "forestcycling": "Forest"}


def typecycling_filter(name: str) -> ir.Filter | None:
    """The cards a typecycling keyword searches for: a land type's cards, or basic land cards."""
    if name in _TYPECYCLING:
        return ir.Filter(subtypes=(_TYPECYCLING[name],), zone=LIBRARY)
    if name == "basic landcycling":
        return ir.Filter(types=("Land",), supertypes=("Basic",), zone=LIBRARY)
    return None


def works_from_command_zone(ab) -> bool:
    """Eminence (CR 113.6b): a triggered or static ability that says it works "in the command
    zone or on the battlefield"; a commander card's other abilities don't work there (CR 113.6)."""
    condition = ab.effect.condition if type(ab) is ir.StaticAbility else getattr(ab, "condition", None)
    return condition == ir.IN_COMMAND_ZONE_OR_BATTLEFIELD


@lru_cache(maxsize=4096)
def eminent(card) -> bool:
    """Whether ``card`` has an ability that works from the command zone (CR 113.6b); cached per
    card definition (every event asks it of each commander in a command zone)."""
    return any(works_from_command_zone(ab) for ab in card.abilities)


@lru_cache(maxsize=4096)
def battlefield_activated(card) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """(index, ability) for the activated abilities a permanent has on the battlefield,
    equip and crew included (ninjutsu works from the hand, CR 702.49a; "Return ~ from your
    graveyard" from the graveyard, CR 113.6m); cached per card definition (a priority decision
    asks it of every permanent)."""
    out = []
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.ActivatedAbility:
            if not ab.from_graveyard and ab.cost.part(ir.DiscardSelfCost) is None:
                out.append((i, ab))
        elif type(ab) is ir.Keyword and ab.name in ("equip", "fortify", "crew", "level up", "outlast"):
            act = keyword_activated(ab)
            if act is not None:
                out.append((i, act))
    return tuple(out)


@lru_cache(maxsize=4096)
def battlefield_nonmana_activated(card) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """:func:`battlefield_activated` less mana abilities (CR 605): what a priority decision
    offers as "activate"; most permanents have none."""
    return tuple((i, ab) for i, ab in battlefield_activated(card) if not ab.is_mana)


@lru_cache(maxsize=4096)
def hand_activated(card) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """(index, ability) for activated abilities that work while the card is in a hand:
    cycling and typecycling (CR 702.29a, 702.29e), transmute (CR 702.53a), reinforce (CR 702.77a)
    and those whose cost discards the card ("Discard ~", CR 113.6k); cached per card definition."""
    out = []
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.ActivatedAbility and ab.cost.part(ir.DiscardSelfCost) is not None:
            out.append((i, ab))
        elif type(ab) is ir.Keyword and (ab.name in ("cycling", "transmute", "reinforce")
                                         or typecycling_filter(ab.name) is not None):
            act = keyword_activated(ab)
            if act is not None:
                out.append((i, act))
    return tuple(out)


@lru_cache(maxsize=4096)
def graveyard_activated(card) -> tuple[tuple[int, ir.ActivatedAbility], ...]:
    """(index, ability) for activated abilities that work while the card is in its owner's
    graveyard: unearth, scavenge, embalm and eternalize (CR 702.84a, 702.97a, 702.128a,
    702.129a), and those that return the card from there (CR 113.6m); cached per card definition."""
    out = []
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.ActivatedAbility and ab.from_graveyard:
            out.append((i, ab))
        elif type(ab) is ir.Keyword and ab.name in GRAVEYARD_KEYWORDS:
            act = keyword_activated(ab)
            if act is not None:
                out.append((i, act))
    return tuple(out)


# One-shot delayed triggers (CR 603.7c): their duration, and the step whose beginning fires them.
ONE_SHOT_DELAYS: dict[str, str] = {Duration.NEXT_END_STEP: "end", Duration.NEXT_UPKEEP: "upkeep", Duration.YOUR_NEXT_UPKEEP: "upkeep",
                   Duration.NEXT_CLEANUP: "cleanup", Duration.NEXT_END_OF_COMBAT: "end_of_combat"}


@lru_cache(maxsize=None)
def nested_abilities(card) -> tuple[ir.TriggeredAbility, ...]:
    """Triggered abilities created by the card's effects rather than printed on it: reflexive
    ones ("When you do, ...", CR 603.12) and one-shot delayed ones (CR 603.7c), in order. They
    are addressed by negative indexes (-1 is the first), so a pending one saves like any other."""
    found: list = []

    def walk(node) -> None:
        if isinstance(node, (tuple, list)):
            for item in node:
                walk(item)
        elif type(node) in (ir.CreateReflexive, ir.RemoveTimeCounter) or (
                type(node) is ir.CreateDelayedTrigger and (node.duration in ONE_SHOT_DELAYS
                                                           or node.duration == Duration.THIS_TURN)):
            found.append(node.ability)
            walk(node.ability.effects)
        elif type(node) is ir.AddMana and node.spent_trigger is not None:
            found.append(node.spent_trigger)     # "When that mana is spent to cast ..." (CR 106.6)
        elif type(node) is ir.Keyword:
            walk(keyword_trigger(node))
            delayed = keyword_delayed(node)
            if delayed is not None:
                found.append(delayed)
        elif dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                walk(getattr(node, f.name))

    walk(card.abilities)
    return tuple(found)


def works_in_exile(ab: ir.TriggeredAbility) -> bool:
    """Madness's and suspend's triggers work while the card is exiled, and only then (CR 702.35a,
    702.62a); so do a haunting card's "when the creature it haunts dies" (CR 702.55c)."""
    return bool(ab.effects) and type(ab.effects[0]) in (ir.CastWithMadness, ir.RemoveTimeCounter) \
        or ab.trigger.subject == "haunted"


def nested_index(card, ability: ir.TriggeredAbility) -> int:
    return -1 - nested_abilities(card).index(ability)


def ability_at(card, index: int):
    """A card's ability by index, with a keyword read as the triggered or activated ability
    the rules say it is; negative indexes name abilities created by effects (reflexive and
    delayed ones, see :func:`nested_abilities`)."""
    if index < 0:
        return nested_abilities(card)[-1 - index]
    ab = card.abilities[index]
    if type(ab) is ir.Keyword:
        return keyword_trigger(ab) or keyword_activated(ab) or ab
    return ab


@lru_cache(maxsize=4096)
def triggered_abilities(card) -> tuple[tuple[int, ir.TriggeredAbility], ...]:
    """(index, ability) for every triggered ability of ``card``, keywords included (cached per
    card definition: every event asks this of every permanent)."""
    out = []
    for i, ab in enumerate(card.abilities):
        t = type(ab)
        if t is ir.TriggeredAbility:
            out.append((i, ab))
        elif t is ir.Keyword:
            trig = keyword_trigger(ab)
            if trig is not None:
                out.append((i, trig))
    return tuple(out)


def encoded_triggers(s, creature) -> list[tuple[object, int, ir.TriggeredAbility, int]]:
    """(card, index, ability, exiled card id) for the cipher abilities ``creature`` has from
    cards encoded on it (CR 702.99a)."""
    out: list[tuple[object, int, ir.TriggeredAbility, int]] = []
    for oid in [i for p in s.in_turn_order(creature.controller) for i in s.players[p].exile]:
        card_obj = s.objs[oid]
        if card_obj.attached_to != creature.id or card_obj.designations:   # exiled by it, not encoded
            continue
        for i, ab in enumerate(card_obj.card.abilities):
            trig = keyword_trigger(ab) if type(ab) is ir.Keyword and ab.name == "cipher" else None
            if trig is not None:
                out.append((card_obj.card, i, trig, oid))
    return out


def _spaced(cost: ir.Cost) -> str:
    """How a keyword's cost follows its name: "Echo {R}", "Echo—Discard a card"."""
    if not cost.parts:
        return f" {cost.mana}"
    text = cost_text(cost)
    return "—" + text[0].upper() + text[1:]


def _cost_words(cost: ir.Cost) -> str:
    return str(cost.mana) if not cost.parts else cost_text(cost)


# the order cost_text names the parts in
_SAID_ORDER = {kind: i for i, kind in enumerate((ir.PayLifeCost, ir.PayEnergyCost, ir.DiscardCost, ir.SacrificeCost,
                                                 ir.ReturnToHandCost))}


def cost_text(cost: ir.Cost) -> str:
    """A cost paid "or else" (echo, cumulative upkeep, "sacrifice ~ unless you ...") in words:
    the parts such a cost may have (support.UNLESS_COST_PARTS)."""
    words = [f"pay {cost.mana}"] if cost.mana is not None else []
    for part in sorted(cost.parts, key=lambda p: _SAID_ORDER.get(type(p), len(_SAID_ORDER))):
        match part:
            case ir.PayLifeCost(amount=n):
                words.append(f"pay {n} life")
            case ir.PayEnergyCost(amount=n):
                words.append(f"pay {'{E}' * n}")
            case ir.DiscardCost(count=n, card_type=kind, subtype=sub):
                card = f"{sub} card" if sub else f"{kind.lower()} card" if kind else "card"
                words.append(f"discard a {card}" if n == 1 else f"discard {n} {card}s")
            case ir.SacrificeCost(filter=f, count=n):
                words.append(f"sacrifice {_count(n, _kind(f))}")
            case ir.ReturnToHandCost(filter=f, count=n):
                words.append(f"return {_count(n, _kind(f))} to its owner's hand")
    return " and ".join(words) or "pay {0}"


def _kind(f: ir.Filter) -> str:
    """A short name for the permanents ``f`` matches ("untapped Island", "non-Lair land")."""
    words = (["another"] if f.other else []) + (["untapped"] if f.tapped is False else []) \
        + [f"non-{s}" for s in f.non_subtypes] + [f"non{t.lower()}" for t in f.non_types]
    return " ".join(words + [" or ".join(f.subtypes) or " or ".join(t.lower() for t in f.types) or "permanent"])


def _count(n: int, kind: str) -> str:
    return f"{n} {kind}s" if n > 1 else f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


@lru_cache(maxsize=8192)
def ways_to_play(card) -> frozenset[str]:
    """The rarer ways a card can be played from a hand, a graveyard or exile, each found on
    its definition: "back" (a modal double face, CR 712.12), "halves" (a split card, CR 709),
    "adventure" (CR 715), "morph" (CR 702.37c), "suspend" (CR 702.62a), "ninjutsu" (CR 702.49,
    commander ninjutsu too). A priority decision looks for each of them only when some card has it."""
    kws = {ab.name for ab in card.abilities if type(ab) is ir.Keyword}
    return frozenset(
        ({"back"} if card.back is not None else set()) | ({"halves"} if card.halves else set())
        | ({"adventure"} if card.adventure is not None else set())
        | ({"morph"} if kws & {"morph", "megamorph"} else set()) | (kws & {"suspend", "ninjutsu"})
        | ({"ninjutsu"} if "commander ninjutsu" in kws else set()))


@lru_cache(maxsize=16384)
def keyword(card, name: str) -> ir.Keyword | None:
    """The definition's first keyword ability named ``name`` (asked of every card in a hand
    or graveyard at every priority: found once per definition and name)."""
    return next((ab for ab in card.abilities if type(ab) is ir.Keyword and ab.name == name), None)


def keyword_of(card, name: str) -> ir.Keyword:
    """The keyword ability ``name`` of a definition known to have one (a cost named in a
    spell's ``cast_costs``, a card cast or exiled with it); an error names it when it has none."""
    kw = keyword(card, name)
    if kw is None:
        raise ValueError(f"{card.name} has no {name} ability")
    return kw


def keyword_cost(card, name: str) -> ir.Cost:
    """The cost of the keyword ability ``name`` (madness, suspend, morph, ...) of a definition
    known to have it."""
    cost = keyword_of(card, name).cost
    if cost is None:
        raise ValueError(f"{card.name}'s {name} ability has no cost")
    return cost


def suspended(o) -> bool:
    """CR 702.62b: in exile, with suspend and a time counter."""
    return o.zone == EXILE and keyword(o.card, "suspend") is not None and o.counters.get("time", 0) > 0
