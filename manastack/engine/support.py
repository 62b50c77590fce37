"""What the engine can run: a compiled ability is playable only when every part of it is.

The compiler reads far more templates than any one engine release implements in full; this
module walks an ability's IR and lists each part the engine has no rules code for (a keyword, a
static or replacement kind, a trigger event, a condition, an effect). A card with such a part is
not fully supported, exactly as if the compiler had not read that ability: it is refused in
games unless partial cards are allowed, and the part is named in the reason.
"""
from __future__ import annotations

import dataclasses
import typing

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from .abilities import keyword_trigger
from .conditions import CONDITIONS
from . import layers
from .costs import spell_costs
from .effects import HANDLERS
from .mana.abilities import mana_limits
from .turn import STEPS

# Keyword abilities with rules code: static ones read by characteristics, combat, targeting and
# casting (CR 702.2-702.20, 702.111), and triggered ones expanded in abilities.
KEYWORDS = frozenset({
    "flying", "reach", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "menace", "defender", "hexproof", "indestructible", "shroud", "flash",
    "protection", "enchant", "prowess", "persist", "undying", "ward", "changeling", "devoid",
    "fear", "intimidate", "shadow", "plainswalk", "islandwalk", "swampwalk", "mountainwalk",
    "forestwalk", "horsemanship", "equip", "fortify", "ninjutsu", "commander ninjutsu", "cycling", "infect", "wither", "cipher",
    "exalted", "bushido", "echo", "cumulative upkeep", "flanking", "soulshift", "cascade", "crew",
    "partner",      # no effect outside Commander (CR 702.124a); engine.turn logs so at the start
    "kicker", "multikicker", "buyback", "flashback", "entwine",   # spell costs, engine.costs.alternative
    "escape",                   # CR 702.138: a cast from the graveyard, engine.costs.alternative
    "escalate",                 # CR 702.120a: mana for each mode beyond the first, engine.costs.alternative.per_mode
    "replicate", "conspire",    # additional costs and a cast trigger copying the spell, engine.copies
    "assist",                   # another player pays part of the generic mana, engine.casting._assist
    "transmute",                # CR 702.53a: from the hand, a search, engine.abilities.keyword_activated
    "embalm", "eternalize",     # CR 702.128a, 702.129a: from the graveyard, a token copy, engine.keyword_effects
    "convoke",                  # paying with creatures, engine.casting.pay_mana
    "morph", "megamorph",       # face-down spells and permanents, engine.mechanics.morph
    "madness",                  # events.discard and free_casting.cast_with_madness
    "suspend",                  # a special action and two exile triggers, engine.mechanics.suspend
    # keywords players meet every game: cost keywords
    "affinity",                 # a cost reduction, engine.costs.spell_costs (CR 702.41)
    "improvise", "delve",       # tapping artifacts, exiling cards to pay, engine.casting.pay_mana
    "evoke", "dash", "surge",   # alternative costs, engine.costs.alternative; evoke's trigger, dash's return
    "haunt",                    # CR 702.55, on a permanent: engine.mechanics.haunt, its exile trigger in engine.triggers
    "soulbond",                 # CR 702.95: pairing, engine.mechanics.soulbond; "each of those creatures", engine.continuous
    "emerge",                   # CR 702.119: an alternative cost with a creature sacrificed, engine.costs.alternative, casting
    "spectacle",                # an alternative cost once an opponent lost life this turn, engine.costs.alternative
    "prowl",                    # an alternative cost after combat damage by a source of a shared type, engine.costs.alternative
    "storm",                    # a cast trigger that copies the spell, engine.copies
    "extort", "afflict", "rampage",     # triggered, engine.abilities
    "sunburst",                 # counters for the colors spent, engine.replacement.apply_entering
    "vanishing",                # time counters, an upkeep trigger, the sacrifice: engine.triggers
    "fading",                   # enters with fade counters, an upkeep trigger, engine.keyword_effects
    "bloodthirst",              # an enters replacement, engine.replacement.apply_entering
    "skulk",                    # evasion, engine.combat.block_restriction (CR 702.118b)
    "split second",             # engine.timing.split_second, read by legality and free casts
    "plainscycling", "islandcycling", "swampcycling", "mountaincycling", "forestcycling",
    "basic landcycling",        # typecycling (CR 702.29e), engine.abilities.keyword_activated
    "level up",                 # CR 702.87, level symbols CR 711: engine.mechanics.levelers
    "fuse", "aftermath",        # split cards, CR 702.102, 702.127: engine.mechanics.split_cards
    "miracle",                  # revealed as drawn, a cast for its cost: engine.events.draw, free_casting
    "splice",                   # text copied onto an Arcane spell as it is cast, engine.mechanics.splice
    "awaken",                   # an alternative cost adding a target and an effect, engine.keyword_effects
    "overload",                 # an alternative cost changing the text, cards.CardDef.overloaded
    "dredge",                   # a draw replaced, engine.replacement.apply_drawing
    "retrace",                  # cast from the graveyard discarding a land card, engine.costs.alternative
    "jump-start",               # cast from the graveyard discarding a card, then exiled: engine.costs.alternative
    "rebound",                  # a replacement as it resolves, a delayed cast: engine.free_casting
    "unearth", "scavenge",      # from the graveyard, CR 702.84, 702.97: engine.abilities.graveyard_activated
    "renown",                   # CR 702.112, engine.keyword_effects.become_designated
    "ingest",                   # CR 702.115a: a combat damage trigger, engine.abilities.keyword_trigger
    "fabricate", "evolve",      # CR 702.123, 702.100: engine.keyword_effects.fabricate, engine.conditions
    "modular",                  # CR 702.43: an enters replacement and a dies trigger, engine.abilities
    "unleash",                  # CR 702.98: an enters choice (engine.replacement), engine.combat.cant_block
    "recover",                  # CR 702.59: a trigger from the graveyard, engine.abilities.keyword_trigger
    "amplify",                  # CR 702.38: cards revealed as it enters, engine.replacement._amplify
    "encore",                   # CR 702.141: from the graveyard, token copies, engine.keyword_effects.encore
    "devour",                   # CR 702.82: sacrifices chosen as it enters, engine.replacement._devour
    "riot",                     # CR 702.136: a +1/+1 counter or haste as it enters, engine.replacement._riot
    "tribute",                  # CR 702.104: the opponent's choice as it enters, engine.replacement._tribute
    "exploit",                  # CR 702.110: a sacrifice as it resolves, engine.keyword_effects.exploit
    "mutate",                   # CR 702.140: an alternative cost adding a target, merging: engine.mechanics.mutate
    "annihilator", "battle cry", "afterlife", "living weapon",  # CR 702.86, 702.91, 702.135, 702.92: triggered
    "mentor",                   # CR 702.134: a target with less power, rechecked on resolution (engine.resolve)
    "outlast",                  # CR 702.107: activated, engine.abilities.keyword_activated
    "reinforce",                # CR 702.77: activated from the hand, engine.abilities.keyword_activated
    "dethrone",                 # CR 702.105: an attack trigger, engine.triggers._attacks_whom
    "myriad",                   # CR 702.116: an attack trigger with nothing to copy for two players, engine.keyword_effects
    "graft",                    # CR 702.58: an enters replacement and a trigger moving a counter, engine.abilities
    "bestow",                   # CR 702.103: an alternative cost making an Aura spell, engine.mechanics.bestow
    "umbra armor",              # CR 702.89: a destruction replacement, engine.replacement.apply_destruction
    "melee",                    # CR 702.121: an attack trigger, engine.resolution.amount (OpponentsAttacked)
    "provoke",                  # CR 702.39: an attack trigger, engine.abilities.keyword_trigger
    "ascend",                   # CR 702.131: the city's blessing, engine.sba.find (permanents), engine.resolve (spells)
    "phasing",                  # CR 702.26: phasing out and in as the untap step begins, engine.mechanics.phasing
    "hexproof from",            # CR 702.11d: a quality as protection's, engine.filters.hexproof_from
})
# Keywords the engine reads from a card's printed abilities only (costs, how it enters, what it
# can be cycled for): an effect granting one isn't run.
_PRINTED_ONLY = frozenset({"ascend", "affinity", "improvise", "delve", "evoke", "dash", "surge", "spectacle", "prowl", "assist", "bloodthirst",
                          "modular", "graft", "unleash", "devour", "riot", "tribute", "amplify", "recover", "encore",
                          "plainscycling", "islandcycling", "swampcycling", "mountaincycling",
                          "forestcycling", "basic landcycling", "unearth", "scavenge",
                          "rebound", "retrace", "jump-start", "transmute", "embalm", "eternalize", "dredge", "overload",
                          "sunburst", "awaken", "splice", "miracle", "mutate", "outlast", "bestow", "reinforce",
                          "equip", "fortify", "escape"})     # read from the card's own text only (abilities, alt_costs)
# Keywords an effect may take away (CR 613.1f): those rules code reads through
# engine.characteristics.keywords, so a loss is seen wherever they matter.
_LOSABLE = frozenset({"flying", "first strike", "double strike", "trample", "defender", "hexproof",
                      "indestructible", "shroud", "vigilance", "lifelink", "deathtouch", "reach", "menace",
                      "fear", "intimidate", "shadow", "horsemanship", "infect", "wither", "plainswalk",
                      "islandwalk", "swampwalk", "mountainwalk", "forestwalk"})
# The cost lists below name what a cost may be made of as ir.cost_aspects does: "mana", a
# part's class ("SacrificeCost"), and a field of a part away from its default
# ("SacrificeCost.count": more than one permanent). The parts a kicker, buyback or flashback
# cost may have (CR 702.33a, 702.27a, 702.34a).
SPELL_COST_PARTS = frozenset({"mana", "PayLifeCost", "SacrificeCost", "SacrificeCost.count", "TapUntappedCost",
                              "TapUntappedCost.count", "DiscardCost", "DiscardCost.x"})
# The parts an escape cost may have (CR 702.138a): mana and cards exiled from the graveyard.
ESCAPE_COST_PARTS = frozenset({"mana", "ExileFromGraveyardCost", "ExileFromGraveyardCost.count"})
# The parts "As an additional cost to cast this spell, ..." may have (CR 601.2b, 118.8).
ADDITIONAL_COST_PARTS = frozenset({"PayLifeCost", "SacrificeCost", "SacrificeCost.count", "DiscardCost",
                                   "DiscardCost.card_type", "DiscardCost.at_random", "ReturnToHandCost",
                                   "TapUntappedCost", "TapUntappedCost.count", "ExileFromGraveyardCost",
                                   "ExileFromGraveyardCost.count", "RevealFromHandCost", "PutCounterCost",
                                   "PutCounterCost.filter", "PayLifeCost.x"})
# The parts an alternative cost printed on the card may have (CR 118.9), and its conditions.
ALTERNATIVE_COST_PARTS = frozenset({"mana", "SacrificeCost", "PayLifeCost", "TapUntappedCost", "ExileFromHandCost",
                                    "ExileFromHandCost.count", "SacrificeCost.count", "ReturnToHandCost",
                                    "ReturnToHandCost.count", "DiscardCost", "DiscardCost.subtype"})
ALTERNATIVE_CONDITIONS = frozenset({"YouControl", "NotYourTurn", "OpponentControls", "EnteredThisTurn", "PlayerCount",
                                    "no_spells_cast_this_game"})   # a named condition: Once Upon a Time; or all of them (AllOf)
# "Cast ~ only ..." (CR 601.3): the restrictions engine.timing.cast_restriction checks.
CAST_RESTRICTIONS = frozenset({"steps", "attacked", "another_spell"})
# The parts a cost paid "or else" may have: echo, cumulative upkeep (CR 702.30a, 702.24a),
# "sacrifice ~ unless you ..." (CR 118.12a); engine.costs.unless pays them.
UNLESS_COST_PARTS = frozenset({"mana", "PayLifeCost", "DiscardCost", "DiscardCost.card_type", "PayEnergyCost",
                               "SacrificeCost", "SacrificeCost.count", "ReturnToHandCost", "ReturnToHandCost.count"})
# The parts a cost a player pays to stop an effect may have ("that player loses 2 life unless
# they pay {2}", CR 118.12); engine.costs.unless.unless_pays.
PLAYER_UNLESS_COST_PARTS = frozenset({"mana", "PayLifeCost"})
STATIC_KINDS = frozenset({"modify_pt", "grant_keywords", "cant_attack", "cant_block",
                          "loyalty_as_instant",         # CR 606.3, engine.mechanics.loyalty
                          "no_legend_rule", "cant_be_countered", "attacks_each_combat",
                          "cant_be_blocked", "can_block_only_flying", "doesnt_untap",
                          "untap_during_others",        # CR 502.3, engine.turn
                          "cant_be_blocked_by",         # CR 509.1b, engine.combat.block_restriction
                          "cant_be_blocked_except_by",  # CR 509.1b, engine.combat.block_restriction
                          "cant_block_attackers",       # CR 509.1b, engine.combat.block_restriction
                          "cant_activate", "cant_activate_nonmana",   # CR 602.5, engine.activation_limits
                          "cant_cast",                  # CR 101.2, engine.timing.cast_forbidden
                          "one_spell_each_turn",        # CR 101.2, engine.timing.spell_limit
                          "pt_equal_count", "power_equal_count", "toughness_equal_count",   # CR 604.3, 613.4a: engine.continuous
                          "max_one_blocker",            # CR 509.1b, engine.combat.declare_blockers
                          "min_blockers",               # CR 509.1b, engine.combat.fewest_blockers
                          "assign_as_unblocked",        # CR 510.1, engine.combat.combat_damage
                          "cant_attack_alone", "cant_block_alone",   # CR 506.5, engine.combat
                          "additional_land",            # CR 305.2, engine.legality.land_limit
                          "cast_as_though_flash",       # CR 601.3, engine.timing.can_cast_timing
                          "cast_without_paying",        # CR 118.9, engine.costs.alternative.alternatives
                          "must_be_blocked_by_all",     # CR 509.1c, engine.combat.block_problem
                          "grant_ability", "set_land_type", "may_not_untap",
                          "attack_unless_land",         # CR 508.1c, engine.combat.missing_land
                          "cost_increase", "cost_reduction",     # spell costs, CR 601.2f
                          "self_cost_reduction",      # the card's own, for each creature in the party: engine.costs.spell_costs
                          "control",                  # an Aura's control effect, engine.control
                          "no_maximum_hand_size",     # CR 402.2, engine.turn._cleanup
                          "maximum_hand_size",        # CR 402.2, 613.11, engine.turn.maximum_hand_size
                          "cant_gain_life",           # CR 119.7, engine.filters.cant_gain_life
                          "draw_one_each_turn",       # CR 121.1, engine.filters.draw_limited
                          "extra_vote", "may_extra_vote",   # CR 701.38d, engine.mechanics.votes.votes_of
                          "skip_step",                # CR 614.10, engine.skips
                          "begin_on_battlefield",     # CR 103.6a, engine.turn._opening_hand
                          "block_additional",         # CR 509.1a-b, engine.combat.block_capacity
                          "block_any_number",         # CR 509.1a-b, engine.combat.block_capacity
                          "must_be_blocked",          # CR 509.1c, engine.combat.block_problem
                          "cast_from_graveyard",      # CR 601.3, its own card only: engine.costs.alternative
                          "lose_keywords",            # CR 613.1f, 613.7: engine.continuous
                          "add_types",                # layers 4-5 (CR 613.1d-e): engine.continuous
                          "set_colors",               # CR 105.3, layer 5: engine.continuous
                          "all_creature_types",       # CR 205.3m, layer 4: engine.continuous
                          "set_base_pt",              # CR 613.4b, layer 7b: engine.continuous
                          "base_pt_mana_value",       # CR 613.4b, layer 7b: engine.continuous (Opalescence)
                          "lose_all_abilities",       # CR 613.1f, layer 6: engine.continuous (Humility)
                          "remove_types",             # CR 613.1d, layer 4: engine.continuous
                          "set_creature_types",       # CR 205.1b, layer 4: engine.continuous
                          "add_supertypes", "remove_supertypes",   # CR 205.4b, layer 4: engine.continuous
                          "cant_have_keywords",       # CR 113.11, 613.1f: engine.continuous
                          "cant_attack_you",          # CR 508.1c: engine.combat.why_not_attack
                          "goaded",                   # CR 701.38b: engine.combat.declare_attackers
                          "attacks_despite_defender",   # CR 702.3b: engine.combat.why_not_attack
                          "player_keywords",          # CR 702.11c, 702.18a: engine.filters.player_keywords
                          "life_cant_change",         # CR 119.7-119.8: engine.filters.life_cant_change
                          "cant_lose_game", "cant_win_game", "no_zero_life_loss", "damage_as_infect",
                          "no_cause_triggers",
                          "minimum_spell_cost"})      # CR 601.2f: engine.costs.spell_costs.total_cost       # CR 603.2: engine.triggers.hushed   # CR 104.3, 104.2: engine.filters.cant_lose, cant_win
# The static effects that change definitions which may hold only while a condition does
# (CR 611.3a; engine.continuous): the others have no card checked against its rulings yet.
_CONDITIONAL_CHANGING = frozenset({ir.StaticGrantAbility, ir.StaticRemoveTypes, ir.StaticAddTypes,
                                   ir.StaticSetCreatureTypes})
# What a "modify_pt" static ability counts, "for each ..." (CR 613.4c): objects matching a filter,
# or counters of a kind on the source ("for each charge counter on ~"); continuous._times.
STATIC_COUNTS = frozenset({"Filter", "CountersOn",
                           "AttachedCount",      # "for each Aura attached to it": continuous._times
                           "CardTypesAmong",     # Tarmogoyf's count: continuous.cda_count
                           "LifeTotal"})         # "where X is your life total": continuous._times
# The replacement effects the compiler reads, carried out by engine.replacement, events
# (life_floor, prevention) or draws (empty_draw_wins). The other kinds are made from keywords
# (devour, amplify, tribute, riot, unleash: engine.abilities) and checked as keywords.
REPLACEMENT_KINDS = frozenset(ir.ReplacementKind) - {
    ir.ReplacementKind.DEVOUR, ir.ReplacementKind.AMPLIFY, ir.ReplacementKind.TRIBUTE,
    ir.ReplacementKind.RIOT, ir.ReplacementKind.MAY_ENTER_WITH_COUNTER}
# What keeps "enters tapped" from applying: a state condition or an action as it enters
# (CR 614.1d, 614.12; engine.replacement._enters_tapped_unless).
ENTERS_UNLESS = frozenset({"YouControl", "OpponentCount", "PayLifeOption", "RevealOption"})
# Typed conditions of "as long as" static abilities (CR 611.3a; engine.conditions.holds).
STATIC_CONDITIONS = frozenset({"YouControl", "HasCounter", "NotYourTurn", "OpponentControls", "PlayerCount",
                               "AttachedIs",    # "as long as it's a Human" of the attached permanent
                               "ObjectCount", "AnyOf", "EnteredThisTurn",
                               "Devotion"})     # CR 700.5: a God "isn't a creature" while it is low
# Typed conditions of intervening "if" clauses and activation limits (CR 603.4, 602.5b).
STATE_CONDITIONS = frozenset({"YouControl", "OpponentControls", "PlayerCount", "SelfPower", "SelfIs", "ObjectCount", "AnyOf", "AllOf",
                              "EnteredThisTurn",
                              "NotYourTurn", "HasCounter", "HadCounter", "ManaSpent",
                              "ObjectIs",     # "If that creature is a Human", engine.effects._object_is
                              "AmountAtLeast",    # "If the sacrificed creature's toughness was 4 or greater", effects._conditional
                              "ThatPlayerControlsNone",   # "unless they control a commander", effects._conditional
                              "DiscardedThisWay",   # the same
                              "SameManaValue"})   # "if it has the same mana value as the revealed card", the same   # "If a land card is discarded this way", the same
# Limits on activating a mana ability (CR 602.5b, 605.3a; engine.mana.abilities.limited):
# "Activate only if ...", "... only once each turn", "... no more than N times each turn".
MANA_LIMITS = frozenset({"condition", "once", "times"})
# Cost increases beyond generic mana (CR 601.2f): strive's "costs {2}{U} more to cast for each
# target beyond the first" (engine.costs.alternative.per_target), "White spells you cast cost {W} more
# to cast." (engine.costs.spell_costs.total_cost).
SPELL_COST_INCREASES = frozenset({"per_target", "colored"})
# X of a card's own "This spell costs {X} less to cast, where X is ..." (engine.costs.spell_costs).
OWN_COST_COUNTS = frozenset(spell_costs.OWN_COST_COUNTS)
# Costs of mana abilities paid with a choice (engine.mana.abilities.activate): "Remove any
# number of storage counters from ~" (CR 118.3, 602.2b).
MANA_COST_PARTS = frozenset({"RemoveAnyCountersCost"})
# Riders of mana (CR 106.6): what spending the mana does to the spell it pays for.
MANA_RIDERS = frozenset({"cant_be_countered", "plus_one_counter", "trigger", "commander_counters"})
TRIGGER_EVENTS = frozenset({
    ir.TriggerEvent.ENTERS, ir.TriggerEvent.DIES, ir.TriggerEvent.LEAVES, ir.TriggerEvent.ATTACKS, ir.TriggerEvent.BLOCKS, ir.TriggerEvent.BECOMES_BLOCKED, ir.TriggerEvent.BEGINNING_OF_STEP,
    ir.TriggerEvent.CAST, ir.TriggerEvent.TAPPED_FOR_MANA, ir.TriggerEvent.BECOMES_TARGET, ir.TriggerEvent.BECOMES_TARGET_BY_SPELL, ir.TriggerEvent.GAIN_LIFE, ir.TriggerEvent.LOSE_LIFE, ir.TriggerEvent.DRAW,
    ir.TriggerEvent.VOTES_FINISHED,       # CR 701.38, engine.mechanics.votes.vote
    ir.TriggerEvent.LOSES_GAME,           # CR 104.3, 800.4a: engine.leave_game.leave
    ir.TriggerEvent.REFLEXIVE, ir.TriggerEvent.ATTACKS_ALONE, ir.TriggerEvent.ATTACKS_UNBLOCKED, ir.TriggerEvent.BLOCKS_OR_BECOMES_BLOCKED, ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE, ir.TriggerEvent.BLOCKED_BY_CREATURE_WITHOUT_FLANKING,
    ir.TriggerEvent.DEALS_DAMAGE, ir.TriggerEvent.DEALS_COMBAT_DAMAGE, ir.TriggerEvent.DEALS_DAMAGE_TO_PLAYER, ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER,
    ir.TriggerEvent.DEALS_DAMAGE_TO_OPPONENT, ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_OPPONENT,
    ir.TriggerEvent.TURNED_FACE_UP,           # CR 702.37e, engine.mechanics.morph
    ir.TriggerEvent.CHAPTER,                  # a Saga's chapter ability, CR 714.2b: engine.mechanics.sagas
    ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_YOU,    # the monarch's inherent ability (CR 724.2), engine.monarch
    ir.TriggerEvent.DEALS_DAMAGE_TO_YOU,           # "Whenever a creature deals damage to you" (CR 120.3)
    ir.TriggerEvent.DEALS_DAMAGE_TO_SELF,          # "Whenever a source deals damage to ~" (CR 120.3, 603.2c)
    ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_ENCHANTED_PLAYER,   # CR 303.4b, a Curse
    ir.TriggerEvent.BECOMES_RENOWNED, ir.TriggerEvent.BECOMES_MONSTROUS,    # CR 702.112b, 701.37b: engine.keyword_effects
    ir.TriggerEvent.EXERTS,                   # "Whenever you exert a creature" (CR 701.43), engine.events.exert
    ir.TriggerEvent.COUNTERS_SPELL,           # "Whenever a spell or ability you control counters a spell" (CR 701.6a), engine.events.counter_spell
    ir.TriggerEvent.ACTIVATES,                # an ability that isn't a mana ability activated (CR 602.2b, 601.2i), engine.casting.activate
    ir.TriggerEvent.EXPLOITS,                 # "When ~ exploits a creature" (CR 702.110b), engine.keyword_effects.exploit
    ir.TriggerEvent.MUTATES,                  # "Whenever this creature mutates" (CR 702.140d), engine.mechanics.mutate
    ir.TriggerEvent.PHASES_OUT, ir.TriggerEvent.PHASES_IN,  # "Whenever ~ phases out / in" (CR 702.26b-c, 603.10b), engine.mechanics.phasing
    ir.TriggerEvent.CYCLED, ir.TriggerEvent.CYCLES,         # "When you cycle ~", "Whenever a player cycles a card" (CR 702.29c)
    ir.TriggerEvent.DISCARDS,                 # "Whenever you discard a card" (CR 701.9a, 702.29d)
    ir.TriggerEvent.PLAYS_LAND,               # "Whenever a player plays a land" (CR 305.1), engine.turn._play_land
    ir.TriggerEvent.DEALT_DAMAGE,             # "Whenever ~ is dealt damage" (CR 120.3)
    ir.TriggerEvent.TAPPED, ir.TriggerEvent.UNTAPPED,       # "Whenever ~ becomes tapped / untapped" (CR 701.26)
    ir.TriggerEvent.CONTROL_NONE,             # "When you control no Islands", a state trigger (CR 603.8)
    ir.TriggerEvent.NO_COUNTERS,              # "When ~ has no ice counters on it", a state trigger (CR 603.8)
    ir.TriggerEvent.DEALS_DAMAGE_TO_CREATURE, ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_CREATURE,   # "that creature": Ref damaged_object
    ir.TriggerEvent.SACRIFICED,               # "Whenever you sacrifice a creature" (CR 701.21a)
    ir.TriggerEvent.BLOCKED_BY_CREATURE,      # "Whenever ~ becomes blocked by a creature" (CR 509.3f)
    ir.TriggerEvent.PUT_INTO_GRAVEYARD,       # "Whenever a card is put into your graveyard from anywhere" (CR 400.3)
    ir.TriggerEvent.EXPLORES,                 # "Whenever a creature you control explores" (CR 701.44b)
})
# Whom an attacker attacks, in "Whenever a creature attacks you [or a planeswalker you control]"
# (CR 508.1b; engine.triggers._attacks_whom), and whose graveyard a creature is put into
# ("put into your graveyard from the battlefield", CR 400.3; engine.triggers.instances).
ATTACKED = frozenset({"you", "you_or_planeswalker", "opponent", "opponent_or_planeswalker", "most_life",
                      ir.ENCHANTED_PLAYER})     # CR 303.4b, the player an Aura enchants
GRAVEYARD_OWNERS = frozenset({"you", "opponent"})
# Events other than damage that "Whenever one or more ..." batches into one trigger for all the
# objects of one event (CR 603.2c; engine.triggers._batch_attack).
BATCHED_EVENTS = frozenset({ir.TriggerEvent.ATTACKS})
TRIGGER_SUBJECTS = frozenset({"self", "enchanted", "equipped",
                              "haunted"})       # CR 702.55b-c: the creature a card in exile haunts, engine.triggers
# Whose turn it must be as a spell is cast, for a cast trigger (CR 601.2i; engine.triggers.instances).
TRIGGER_TURNS = frozenset({"your", "opponent"})
PLAYER_SUBJECTS = frozenset({"you", "opponent", "each", ir.ENCHANTED_PLAYER})
TARGET_KINDS = frozenset(ir.TargetKind) - {ir.TargetKind.TRIGGERED_ABILITY}   # CR 115.1d
REFS = frozenset({"self", "you", "each_opponent", "each_other_player", "each_player", "target_controller", "enchanted",
                  "equipped", "attached_controller", "triggering_controller",
                  "triggering_player", "triggering_object", "triggering_spell", "all",
                  "created", "chosen",
                  "defending_player",    # CR 506.2, in the attacker's own attack triggers
                  "damaged_object",      # the creature a "deals damage to a creature" trigger saw
                  ir.BLOCKING_SELF, ir.BLOCKED_BY_SELF,    # a static prevention's sources, engine.replacement
                  ir.CHOSEN_SOURCE,      # "a source of your choice" (CR 609.7a), engine.effects._choose_source
                  ir.EXILED_CARDS,       # CR 607.2a, engine.state.exiled_with
                  ir.REVEALED,           # engine.effects._reveal_top_to_hand
                  ir.SACRIFICED,         # CR 608.2h, engine.casting._remember_sacrificed
                  ir.DAMAGED_THIS_WAY,   # engine.effects._deal_damage
                  ir.MOST_VOTES,         # CR 701.38b, engine.resolution.resolve_subject
                  ir.VOTER,              # CR 701.38a, in "For each money vote, ...": engine.mechanics.votes
                  ir.ENCHANTED_PLAYER,   # CR 303.4b: engine.resolution.resolve_subject, engine.replacement._is_recipient
                  ir.TARGET_OWNER,       # the owner of the only target, engine.resolution.resolve_subject
                  ir.DISSENTERS,         # CR 701.38, the same
                  ir.UNABLE_TO_SACRIFICE,    # CR 701.21a: engine.edicts._choose, engine.resolution
                  ir.OPPONENTS_ATTACKING,    # CR 506.2, 303.4b: engine.resolution.resolve_subject
                  ir.ATTACKING_PLAYER,       # CR 506.2, the same
                  ir.OTHER_THAN_TRIGGERING_PLAYER})   # CR 102.3, the same
CONTROLLERS = frozenset({None, "you", "opponent", "not_you",
                         ir.CHOSEN_PLAYER,      # CR 614.12: the player chosen as the source entered, engine.filters
                         ir.ENCHANTED_PLAYER})  # CR 303.4b: the player an Aura enchants, engine.filters
DURATIONS = frozenset({Duration.END_OF_TURN, Duration.PERMANENT, Duration.NEXT_END_STEP, Duration.NEXT_UPKEEP,
                       Duration.YOUR_NEXT_UPKEEP,      # CR 603.7c, a Pact's "your next upkeep"
                       Duration.NEXT_CLEANUP,          # CR 603.7c, 514.3a: Armor of Thorns' sacrifice, engine.resolve
                       Duration.NEXT_END_OF_COMBAT,    # CR 603.7c, 511.2: "at end of combat", engine.triggers
                       Duration.WHILE_YOU_CONTROL_SOURCE, Duration.WHILE_SOURCE_ON_BATTLEFIELD,    # engine.control
                       Duration.WHILE_SOURCE_TAPPED,       # CR 611.2b, a modify_pt record: engine.events.untap
                       Duration.THIS_TURN})                # a delayed ability waiting for an event this turn: engine.triggers
# Cards of several faces the engine plays (CR 709-715; manastack.cards.multiface.Layout values).
LAYOUTS = frozenset({"normal",
                     "transform",               # CR 712.2, engine.mechanics.double_faced
                     "adventure",               # CR 715, engine.mechanics.adventure
                     "flip",                    # CR 710, engine.mechanics.flip_cards
                     "modal_dfc",               # CR 712.3, 712.12: a land back face, engine.mechanics.double_faced
                     "split", "aftermath"})     # CR 709, 702.127, engine.mechanics.split_cards


def _steps() -> frozenset[str]:
    return frozenset(STEPS)


def _effects() -> frozenset[type]:
    return frozenset(HANDLERS)


def _conditions() -> frozenset[str]:
    return frozenset(CONDITIONS)


def _condition_gaps(condition, out: list[str], triggered: bool = False) -> None:
    """A condition is a name the engine knows or a typed state condition it evaluates; "that
    player" is a player a triggered ability's event names (engine.conditions.holds)."""
    if isinstance(condition, str):
        if condition not in _conditions():
            out.append(f"condition {condition!r}")
    elif type(condition) in (ir.AnyOf, ir.AllOf):
        for part in condition.conditions:
            _condition_gaps(part, out, triggered)
    elif condition is not None and type(condition).__name__ not in STATE_CONDITIONS:
        out.append(f"condition {type(condition).__name__}")
    elif type(condition) is ir.PlayerCount and condition.what not in ir.PLAYER_COUNTS:
        out.append(f"count {condition.what!r}")
    elif type(condition) is ir.PlayerCount and condition.whose == "that_player" and not triggered:
        out.append("a condition on \"that player\" outside a triggered ability")
    elif type(condition) is ir.HadCounter and not triggered:
        out.append("a condition on the counters a permanent had outside a triggered ability")


def _static_condition_gaps(condition) -> list[str]:
    """What the engine can't check of an "as long as" condition (CR 611.3a)."""
    if condition is None:
        return []
    if isinstance(condition, str):
        return [] if condition in _conditions() else [f"condition {condition!r}"]
    if type(condition) is ir.AnyOf:
        return [g for part in condition.conditions for g in _static_condition_gaps(part)]
    if type(condition).__name__ not in STATIC_CONDITIONS:
        return [f"static ability while {type(condition).__name__}"]
    if type(condition) is ir.PlayerCount and condition.whose == "that_player":
        return ["a static ability while \"that player\" ..."]
    return []


def gaps(ability) -> list[str]:
    """The parts of one compiled ability the engine can't run, in words (empty: playable)."""
    out: list[str] = []
    _walk(ability, out)
    if type(ability) is not ir.TriggeredAbility and ir.contains(ability, lambda n: type(n) is ir.TargetSpec
                                                                and n.chooser is not None):
        out.append("a target chosen by another player outside a triggered ability")   # engine.targets
    if type(ability) is not ir.SpellAbility and ir.contains(ability, lambda n: type(n) is ir.ChooseCardName):
        out.append("choosing a card name in an ability of a permanent")   # kept on the spell only
    if type(ability) is not ir.SpellAbility and ir.contains(ability, lambda n: type(n) is ir.ChooseCreatureType):
        # the choice is kept on the spell (effects._choose_creature_type); a permanent's would
        # be mistaken for the one made as it entered
        out.append("choosing a creature type in an ability of a permanent")
    if type(ability) not in (ir.SpellAbility, ir.ReplacementAbility) \
            and ir.contains(ability, lambda n: type(n) is ir.ManaSpent):
        out.append("mana spent to cast a spell, outside the spell")    # read from its stack item only
    removed = ir.contains(ability, lambda n: type(n) is ir.CountersRemoved)
    storage = type(ability) is ir.ActivatedAbility and ability.cost.part(ir.RemoveAnyCountersCost) is not None
    if (removed or storage) and not (
            type(ability) is ir.ActivatedAbility and ability.is_mana):
        # engine.mana.abilities.activate: the number is chosen as a mana ability's cost is paid
        out.append("removing any number of counters for an ability other than a mana ability")
    if type(ability) is ir.TriggeredAbility:
        # a triggered ability has no X of its own: one paid as it resolves is chosen then
        # (CR 107.3f, engine.effects._pay_mana); a spell's or activated ability's X is the
        # one announced for it (CR 107.3a)
        out = [g for g in out if g != _PAY_X]
    return out


def _walk(node, out: list[str]) -> None:
    t = type(node)
    if isinstance(node, (tuple, list)):
        for item in node:
            _walk(item, out)
        return
    if not dataclasses.is_dataclass(node):
        return
    if t in _X_BOUND or t is ir.Ref and getattr(node, "name", None) in ("all", "chosen"):
        node = _x_bound(node)       # X read as they resolve (resolution.bound_x)
    if t is ir.SearchLibrary and type(node.filter.mana_value_equals) is ir.Plus:
        # counted as the search happens (effects._search_library_of); its amount walked alone
        _walk(node.filter.mana_value_equals, out)
        node = dataclasses.replace(node, filter=dataclasses.replace(node.filter, mana_value_equals=None))
    if t in (ir.SpellAbility, ir.ActivatedAbility):
        node = _targets_x_bound(node)   # X announced before targets (targets.x_fits)
    if t is ir.PreventionAbility:       # CR 615 while on the battlefield: no duration of its own
        for f in dataclasses.fields(node.effect):
            if f.name != "duration":
                _walk(getattr(node.effect, f.name), out)
        return
    if t is ir.Keyword:
        if node.name not in KEYWORDS:
            out.append(f"keyword {node.name!r}")
        elif node.name in ("echo", "cumulative upkeep") and node.cost is not None:
            out += _cost_gaps(node.cost, UNLESS_COST_PARTS, f"{node.name} cost")
        elif node.name == "madness" and node.cost is not None and node.cost.mana.x_count:
            out.append("madness cost with X")      # X would have to be chosen as it is cast
        elif node.name in ("morph", "megamorph") and (node.cost is None or node.cost.parts or node.cost.mana is None
                                                     or node.cost.mana.x_count):
            out.append(f"{node.name} cost with X or other than mana")      # CR 702.37f: X not run
        elif node.name in ("evoke", "dash", "surge", "spectacle", "prowl", "transmute", "embalm", "eternalize", "unearth",
                           "scavenge", "overload", "awaken", "splice", "miracle", "mutate", "outlast", "bestow", "reinforce",
                           "recover", "encore") \
                and (node.cost is None or node.cost.parts or node.cost.mana is None or node.cost.mana.x_count):
            out.append(f"{node.name} cost with X or other than mana")
        elif node.name in ("kicker", "multikicker", "buyback", "flashback", "entwine", "replicate") \
                and node.cost is not None:
            out += _cost_gaps(node.cost, SPELL_COST_PARTS, f"{node.name} cost")
        elif node.name == "escalate":      # an additional cost paid per extra mode (CR 702.120a)
            out += _cost_gaps(node.cost, ADDITIONAL_COST_PARTS | {"mana"}, "escalate cost") if node.cost is not None \
                else ["escalate without a cost"]
            if node.cost is not None and node.cost.mana is not None and node.cost.mana.x_count:
                out.append("escalate cost with X")
        elif node.name == "escape":
            out += _cost_gaps(node.cost, ESCAPE_COST_PARTS, "escape cost") if node.cost is not None \
                else ["escape without a cost"]
    elif t is ir.AdditionalCost:
        out += _cost_gaps(node.cost, ADDITIONAL_COST_PARTS, "additional cost")
        if node.or_cost is not None:       # its mana is added to the total cost (engine.costs.alternative.parts)
            out += _cost_gaps(ir.Cost(parts=node.or_cost.parts), ADDITIONAL_COST_PARTS, "additional cost")
    elif t is ir.UnlessPays and node.who != ir.Ref("you"):
        out += _cost_gaps(node.cost, PLAYER_UNLESS_COST_PARTS, "unless cost")
    elif t in (ir.SacrificeUnlessPays, ir.UnlessPays):
        out += _cost_gaps(node.cost, UNLESS_COST_PARTS, "unless cost")
    elif t is ir.AlternativeCost:          # engine.costs.alternative (CR 118.9)
        out += _cost_gaps(node.cost, ALTERNATIVE_COST_PARTS, "alternative cost")
        if node.cost.mana is not None and node.cost.mana.x_count:
            out.append("alternative cost with X")
        parts = node.condition.conditions if type(node.condition) is ir.AllOf else (node.condition,)
        for part in parts:
            if part is not None and ir.condition_key(part) not in ALTERNATIVE_CONDITIONS \
                    or type(part) is ir.PlayerCount and (part.whose == "that_player" or part.more_than is not None):
                out.append(f"alternative cost while {ir.condition_key(part)}")
    elif isinstance(node, ir.StaticEffect):
        if node.kind not in STATIC_KINDS:
            out.append(f"static effect {node.kind!r}")
        if node.affected == "paired" and node.condition != "self_paired":
            out.append("\"each of those creatures\" without \"as long as ~ is paired\"")
        if isinstance(node, ir.StaticSelfCostReduction) and node.for_each not in OWN_COST_COUNTS | {None, "party"}:
            out.append(f"a cost reduction by {node.for_each!r}")
        if type(getattr(node, "count", None)) is ir.CountersOn and t is not ir.StaticModifyPT:
            out.append(f"static effect {node.kind!r} counting counters")
        if node.condition is not None and t in layers.CHANGING_TYPES and t not in _CONDITIONAL_CHANGING:
            # the layers read such conditions (engine.continuous), but no card of these has been
            # checked against its rulings yet (CR 611.3a)
            out.append(f"static effect {node.kind!r} as long as a condition holds")
        out += _static_condition_gaps(node.condition)
    elif t is ir.ReplacementAbility:
        if node.kind not in REPLACEMENT_KINDS:
            out.append(f"replacement effect {node.kind!r}")
        if node.condition is not None and node.kind == ir.ReplacementKind.ENTERS_WITH_COUNTERS:
            _condition_gaps(node.condition, out)   # engine.replacement.apply_entering
        if node.kind == ir.ReplacementKind.ENTER_OR_GRAVEYARD:
            if type(node.unless) is not ir.DiscardOption:
                out.append(f"{node.kind!r} unless {type(node.unless).__name__}")
        elif node.unless is not None and (node.kind != ir.ReplacementKind.ENTERS_TAPPED
                                          or type(node.unless).__name__ not in ENTERS_UNLESS):
            out.append(f"{node.kind!r} unless {type(node.unless).__name__}")
    elif t is ir.Trigger:
        if node.event not in TRIGGER_EVENTS:
            out.append(f"trigger event {node.event!r}")
        subjects = PLAYER_SUBJECTS if node.event in ir.PLAYER_EVENTS else TRIGGER_SUBJECTS
        if isinstance(node.subject, str) and node.subject not in subjects:
            out.append(f"trigger subject {node.subject!r} for {node.event!r}")
        if node.event == ir.TriggerEvent.BEGINNING_OF_STEP and node.step not in _steps():
            out.append(f"step {node.step!r}")
        if node.attacked is not None and (node.event != ir.TriggerEvent.ATTACKS or node.attacked not in ATTACKED):
            out.append(f"attacking {node.attacked!r}")
        if node.one_or_more and not node.event.startswith("deals_") and node.event not in BATCHED_EVENTS:
            out.append(f"one or more for {node.event!r}")
        if node.event in (ir.TriggerEvent.DIES, ir.TriggerEvent.PUT_INTO_GRAVEYARD) and node.whose is not None and node.whose not in GRAVEYARD_OWNERS:
            out.append(f"put into the graveyard of {node.whose!r}")
        if node.nth and node.event not in (ir.TriggerEvent.DRAW, ir.TriggerEvent.CAST) and (node.event, node.nth) != (ir.TriggerEvent.GAIN_LIFE, 1):
            out.append(f"the Nth {node.event!r} of a turn")
        if node.during is not None and (node.event != ir.TriggerEvent.CAST or node.during not in TRIGGER_TURNS):
            out.append(f"{node.event!r} during {node.during!r} turn")
        if node.untapped and node.event != ir.TriggerEvent.ENTERS:    # engine.triggers._zone_change
            out.append(f"{node.event!r} untapped")
    elif t in (ir.TriggeredAbility, ir.Conditional):
        _condition_gaps(node.condition, out, triggered=t is ir.TriggeredAbility)
        if t is ir.TriggeredAbility and type(node.condition) in (ir.ObjectIs, ir.AmountAtLeast, ir.ThatPlayerControlsNone, ir.DiscardedThisWay, ir.SameManaValue):
            out.append("a condition on an object named before, as an intervening \"if\"")   # effects._conditional only
    elif t is ir.TargetSpec:
        if node.kind not in TARGET_KINDS:
            out.append(f"target kind {node.kind!r}")
        if node.filter.power_below_source:      # rechecked on resolution, when the source may be gone
            out.append("a target compared with the source's power")
    elif t is ir.Ref:
        if node.name not in REFS:
            out.append(f"reference {node.name!r}")
    elif t is ir.Filter:
        if node.controller not in CONTROLLERS:
            out.append(f"controller {node.controller!r}")
        if ir.has_x(node):
            out.append("X in a description of a triggered ability's target, a trigger or a static ability")
        if type(node.mana_value_equals) is ir.Plus:
            out.append("a mana value counted as it resolves, outside a library search")
    elif t is ir.SpendRule:
        if node.rider is not None and node.rider not in MANA_RIDERS:
            out.append(f"mana rider {node.rider!r}")
    elif t is ir.ActivatedAbility:
        if node.is_mana:
            out += [f"activation limit {k!r} on a mana ability" for k in mana_limits(node) if k not in MANA_LIMITS]
        _condition_gaps(node.condition, out)
        if type(node.condition) in (ir.ObjectIs, ir.AmountAtLeast, ir.ThatPlayerControlsNone, ir.DiscardedThisWay, ir.SameManaValue):
            out.append("a condition on an object named before, as an activation limit")   # effects._conditional only
        c = node.cost
        if (life := c.part(ir.PayLifeCost)) is not None and life.x:
            out.append("pay X life in an activation cost")      # announced only as a spell is cast
        if (discard := c.part(ir.DiscardCost)) is not None and discard.x:
            out.append("discard X cards in an activation cost")
        if node.any_player and (node.is_mana or c.tap or c.untap or c.sacrifice_self
                                or c.part(ir.RemoveCountersCost)):
            out.append("any player may activate a mana ability or one paid with its own permanent")
    elif t is ir.CreateEmblem:
        out += _emblem_gaps(node)
    elif t is ir.PayMana and node.cost.x_count:
        out.append(_PAY_X)
    elif hasattr(node, "duration") and node.duration not in DURATIONS and not (
            node.duration == ir.UNTIL_YOUR_NEXT_TURN and (t is ir.GrantKeywords and node.what == ir.Ref("you")
                                                          or t is ir.LifeCantChange and node.who == ir.Ref("you")
                                                          or t is ir.ModifyPT)
            or node.duration == Duration.END_OF_YOUR_NEXT_TURN and t is ir.MayPlayExiled):
        out.append(f"duration {node.duration!r}")     # "until your next turn": a player's, engine.events.next_turn_of
    if t is ir.LoseKeywords or isinstance(node, ir.StaticKeywordsLost):
        out += [f"losing the keyword {k.name!r}" for k in node.keywords if k.name not in _LOSABLE or k.arg is not None]
    if t is ir.GrantKeywords or t is ir.StaticGrantKeywords:
        out += [f"granting the triggered keyword {k.name!r}" for k in node.keywords if _is_triggered(k)]
        out += [f"granting the keyword {k.name!r}" for k in node.keywords if k.name in _PRINTED_ONLY]
    if _is_effect(t) and t not in _effects():
        out.append(f"effect {t.__name__}")
    if t in (ir.SpellAbility, ir.ActivatedAbility, ir.TriggeredAbility):
        out += _division_gaps(node)
        for verb, before in (("sacrificed", lambda e: type(e) is ir.SacrificePermanents and e.up_to),
                             ("exiled", lambda e: type(e) is ir.Exile and (type(e.what) is ir.ControlledBy or
                                                                           isinstance(e.what, ir.Ref) and e.what.name == "all"))):
            if ir.contains(node.effects, lambda n: n == ir.CountedThisWay(verb)) and not any(map(before, node.effects)):
                out.append(f"\"that many\" with nothing {verb} this way before it")    # engine.edicts, effects._exile
        if any(type(e) is ir.RemoveAllCounters for e in node.effects) and \
                ir.contains(node.effects, lambda n: type(n) is ir.EventAmount):
            out.append("\"that many\" counters removed this way")     # effects._remove_all_counters counts none
        if len(node.targets) != 1 and ir.contains(node.effects, lambda n: n == ir.Ref(ir.TARGET_OWNER)):
            out.append("the owner of one target of several")     # engine.resolution: the first
    if _is_effect(t) and t is not ir.DealDamage and any(
            ir.per_player(getattr(node, f.name)) for f in dataclasses.fields(node)):
        out.append("an amount counted for each player outside damage")    # engine.effects._deal_damage
    for f in dataclasses.fields(node):
        _walk(getattr(node, f.name), out)


# Effects and references whose description may say "with mana value X or less": the X of the
# resolving spell or ability is read as they happen (resolution.bound_x, CR 107.3). In a target of
# a spell or activated ability, the X announced (_targets_x_bound); not in a trigger or a static
# ability.
_X_BOUND = (ir.SearchLibrary, ir.LookAtTop, ir.RevealHandDiscard, ir.PutFromHand, ir.CastFromHand, ir.ControlledBy)


def _x_bound(node):
    """``node`` with the X of "mana value X or less" in its description set aside."""
    def bound(f):
        return ir.with_x(f, None) if f is not None else f
    changes = {"filter": bound(node.filter)}
    if type(node) is ir.LookAtTop:
        changes["more"] = tuple(bound(f) for f in node.more)
    return dataclasses.replace(node, **changes)


def _targets_x_bound(ab):
    """A spell or activated ability with the X in its targets' descriptions set aside: its X is
    announced, and the targets checked against it, as it is cast or activated (CR 601.2b-c,
    602.2b; engine.targets.x_fits) and as it resolves (CR 608.2b)."""
    def bound(specs):
        return tuple(dataclasses.replace(sp, filter=ir.with_x(sp.filter, None)) for sp in specs)
    effects = tuple(dataclasses.replace(e, modes=tuple(dataclasses.replace(m, targets=bound(m.targets))
                                                       for m in e.modes)) if type(e) is ir.Modal else e
                    for e in ab.effects)
    return dataclasses.replace(ab, targets=bound(ab.targets), effects=effects)


def _division_gaps(ab) -> list[str]:
    """engine.targets.choose_division divides a fixed amount or X among the targets of an
    ability's own effects (CR 601.2d); one inside a mode, "you may" or the like, or of an amount
    counted as it resolves, isn't run."""
    top = [e for e in ab.effects if type(e) is ir.DivideDamage]
    found: list = []
    _find(ab.effects, ir.DivideDamage, found)
    if len(found) > len(top):
        return ["damage divided inside another effect"]
    return ["damage divided of an amount other than a number or X"
            for e in top if not isinstance(e.amount, (int, ir.X)) or not isinstance(e.to, ir.Target)]


def _find(node, kind: type, out: list) -> None:
    if isinstance(node, (tuple, list)):
        for item in node:
            _find(item, kind, out)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        if type(node) is kind:
            out.append(node)
        for f in dataclasses.fields(node):
            _find(getattr(node, f.name), kind, out)


def _emblem_gaps(node: ir.CreateEmblem) -> list[str]:
    """An emblem's abilities work from the command zone (CR 114.4) where the engine reads them
    there: its triggered abilities and its static abilities other than those that change
    definitions (which ``layers`` finds on the battlefield only)."""
    out = []
    for ab in node.abilities:
        if type(ab) is ir.StaticAbility and type(ab.effect) in layers.CHANGING_TYPES:
            out.append(f"emblem with a static ability of kind {ab.effect.kind!r}")
        elif type(ab) is ir.ActivatedAbility and (ab.is_mana or ab.cost.tap or ab.cost.untap or ab.cost.sacrifice_self
                                                  or ab.cost.part(ir.LoyaltySymbol) is not None):
            out.append("emblem with a mana ability or one paid with itself")   # engine.legality.activatable
        elif type(ab) not in (ir.StaticAbility, ir.TriggeredAbility, ir.ActivatedAbility):
            out.append(f"emblem with {type(ab).__name__}")
    return out


def _is_triggered(kw: ir.Keyword) -> bool:
    """Triggered keywords work only where printed: ``triggers.collect`` reads a card's own."""
    return keyword_trigger(kw) is not None


def _cost_gaps(cost: ir.Cost, supported: frozenset[str], what: str) -> list[str]:
    """The parts of ``cost`` (by :func:`ir.cost_aspects`) the engine can't pay."""
    return [f"{what} part {aspect!r}" for aspect in ir.cost_aspects(cost) if aspect not in supported]


_PAY_X = "paying {X} in an effect other than a triggered ability's"
_EFFECT_TYPES: frozenset[type] | None = None


def _is_effect(t: type) -> bool:
    """Effect nodes are the members of ir.Effect (and any newer node named in effects)."""
    global _EFFECT_TYPES
    if _EFFECT_TYPES is None:
        _EFFECT_TYPES = frozenset(typing.get_args(ir.Effect)) | _effects()
    return t in _EFFECT_TYPES
