"""The Oracle compiler, template by template, each with a real card (CR 113, 602-605, 614)."""
from __future__ import annotations

import dataclasses

import pytest

from manastack.cards import CardDef
from manastack.engine import support
from manastack.oracle import compile_card, ir
from manastack.mana import ManaCost
from manastack.oracle.ir import (
    X, ActivatedAbility, AddMana, AdditionalTriggers, CounterSpell, CounterUnlessPays, CountOf,
    CreateTokens, DealDamage, Destroy, Discard, Draw, Exile, Fight, Filter, GainLife,
    GrantKeywords, Keyword, LoseLife, ManaProduce, May, Mill, Modal, ModifyPT, PutCounters, Ref,
    Regenerate, ReplacementAbility, ReturnToBattlefield, ReturnToHand, Scry, SearchLibrary,
    SpellAbility, StaticAbility, Tap, Target, TargetSpec, TokenSpec, Trigger, TriggeredAbility,
    Untap, YouControl)

CREATURE = Filter(types=("Creature",))


def card(name: str, text: str, type_line: str = "Creature — Test", cost: str = "{1}") -> CardDef:
    types_part, _, subtypes = type_line.partition(" — ")
    words = types_part.split()
    supertypes = [w for w in words if w in ("Basic", "Legendary")]
    built = CardDef.from_face({
        "name": name, "manaCost": cost, "type": type_line, "supertypes": supertypes,
        "types": [w for w in words if w not in supertypes],
        "subtypes": subtypes.split(), "text": text})
    # What the compiler read, before the engine's own support check (manastack.engine.support).
    result = compile_card(built)
    return dataclasses.replace(built, abilities=tuple(result.abilities), unsupported=tuple(result.unsupported))


def spell(name: str, text: str, kind: str = "Instant", cost: str = "{1}") -> SpellAbility:
    c = card(name, text, kind, cost)
    assert c.unsupported == (), c.unsupported
    [ability] = c.abilities
    assert isinstance(ability, SpellAbility)
    return ability


def only(c: CardDef):
    assert c.unsupported == (), c.unsupported
    [ability] = c.abilities
    return ability


# ----------------------------------------------------------------------------- keywords


def test_keyword_lines():
    c = card("Vampire Nighthawk", "Flying\nDeathtouch\nLifelink")
    assert c.abilities == (Keyword("flying"), Keyword("deathtouch"), Keyword("lifelink"))
    c = card("Serra Angel", "Flying, vigilance")
    assert c.abilities == (Keyword("flying"), Keyword("vigilance"))
    assert card("Fencing Ace", "Double strike").abilities == (Keyword("double strike"),)


def test_keywords_with_costs_and_arguments():
    c = card("Felix Five-Boots", "Menace, ward {2}")
    assert c.abilities == (Keyword("menace"), Keyword("ward", cost=_mana("{2}")))
    c = card("Ninja of the Deep Hours", "Ninjutsu {1}{U} (reminder: return an attacker.)")
    assert c.abilities == (Keyword("ninjutsu", cost=_mana("{1}{U}")),)
    c = card("Stonecoil Serpent", "Reach, trample, protection from multicolored")
    assert c.abilities[-1] == Keyword("protection", arg="multicolored")
    c = card("Pacifism", "Enchant creature", "Enchantment — Aura")
    assert c.abilities == (Keyword("enchant", arg="creature", filter=Filter(types=("Creature",))),)
    c = card("Bone Saw", "Equip {1}", "Artifact — Equipment")
    assert c.abilities == (Keyword("equip", cost=_mana("{1}")),)
    assert card("Kitchen Finks", "Persist").abilities == (Keyword("persist"),)
    assert card("Bushi Tenderfoot", "Bushido 1").abilities == (Keyword("bushido", arg="1"),)
    c = card("Burrenton Bombardier", "Flying\nReinforce 2—{2}{W} ({2}{W}, Discard this card: Put two +1/+1 "
                                      "counters on target creature.)")
    assert c.abilities[-1] == Keyword("reinforce", cost=_mana("{2}{W}"), arg="2")     # CR 702.77a
    c = card("Grenzo's Cutthroat", "First strike\nDethrone (Whenever this creature attacks the player with the "
                                   "most life or tied for most life, put a +1/+1 counter on it.)")
    assert c.abilities[-1] == Keyword("dethrone")       # CR 702.105a
    c = card("Simic Initiate", "Graft 1 (This creature enters the battlefield with a +1/+1 counter on it. Whenever "
                               "another creature enters the battlefield, you may move a +1/+1 counter from this "
                               "creature onto it.)")
    assert c.abilities == (Keyword("graft", arg="1"),)      # CR 702.58a
    assert card("Warchief Giant", "Haste\nMyriad").abilities[-1] == Keyword("myriad")      # CR 702.116a
    c = card("Goblin Grappler", "Provoke (Whenever this creature attacks, you may have target creature defending "
                                "player controls untap and block it if able.)")
    assert c.abilities == (Keyword("provoke"),)         # CR 702.39a
    c = card("Wings of the Guard", "Flying\nMelee (Whenever this creature attacks, it gets +1/+1 until end of turn "
                                   "for each opponent you attacked this combat.)")
    assert c.abilities[-1] == Keyword("melee")          # CR 702.121a


def test_ascend_and_the_city_blessing_condition():
    """Ascend (CR 702.131) and "you have the city's blessing" as a condition: a static's "as long
    as", an intervening "if", an activation restriction, and "unless" (negated)."""
    c = card("Spire Winder", "Flying\nAscend (If you control ten or more permanents, you get the city's blessing "
                             "for the rest of the game.)\nSpire Winder gets +1/+1 as long as you have the city's "
                             "blessing.")
    assert c.abilities[1] == Keyword("ascend")
    assert c.abilities[2].effect == ir.static_effect("modify_pt", "self", 1, 1, condition="city_blessing")
    c = card("Mausoleum Harpy", "Whenever another creature you control dies, if you have the city's blessing, "
                                "put a +1/+1 counter on Mausoleum Harpy.")
    assert c.abilities[0].condition == "city_blessing"
    c = card("Orazca Relic", "{T}: Add {C}.\n{3}, {T}: You gain 2 life and draw a card. Activate this ability "
                             "only if you have the city's blessing.", type_line="Artifact")
    assert c.abilities[1].condition == "city_blessing"
    c = card("Wayward Swordtooth", "Wayward Swordtooth can't attack or block unless you have the city's blessing.")
    assert [a.effect for a in c.abilities] == [ir.static_effect("cant_attack", "self", condition="no_city_blessing"),
                                               ir.static_effect("cant_block", "self", condition="no_city_blessing")]


def _mana(text):
    from manastack.oracle.ir import Cost
    return Cost(mana=ManaCost.parse(text))


# ----------------------------------------------------------------------------- mana (CR 605)


@pytest.mark.parametrize("text, produce", [
    ("{T}: Add {G}.", ManaProduce(("G",))),
    ("{T}: Add {C}{C}.", ManaProduce(("C", "C"))),
    ("{T}: Add {R} or {G}.", ManaProduce(choice=("R", "G"))),
    ("{T}: Add one mana of any color.", ManaProduce(any_color=1)),
    ("{T}: Add one mana of any type that a land you control could produce.",
     ManaProduce(like_land_could_produce="you")),
    ("{T}: Add one mana of any color that a land an opponent controls could produce.",
     ManaProduce(like_land_could_produce="opponent", color_only=True)),
    ("{T}: Add {G} for each creature you control.",
     ManaProduce(("G",), amount=CountOf(Filter(types=("Creature",), controller="you")))),
])
def test_mana_abilities(text, produce):
    ability = only(card("Mana Source", text, "Land"))
    assert isinstance(ability, ActivatedAbility) and ability.is_mana
    assert ability.cost.tap and ability.effects == (AddMana(produce),)


def test_basic_lands_have_their_intrinsic_ability():
    forest = card("Forest", "({T}: Add {G}.)", "Basic Land — Forest", cost="")
    assert forest.unsupported == ()
    [ability] = forest.abilities
    assert ability.is_mana and ability.effects == (AddMana(ManaProduce(("G",))),)


def test_triggered_mana_ability_of_an_aura():
    c = card("Wild Growth", "Enchant land\nWhenever enchanted land is tapped for mana, its "
             "controller adds an additional {G}.", "Enchantment — Aura")
    ability = c.abilities[1]
    assert ability.trigger == Trigger("tapped_for_mana", "enchanted") and ability.is_mana
    assert ability.effects == (AddMana(ManaProduce(("G",)), Ref("attached_controller")),)


def test_dark_ritual_is_a_spell_that_adds_mana():
    assert spell("Dark Ritual", "Add {B}{B}{B}.").effects == (
        AddMana(ManaProduce(("B", "B", "B"))),)


def test_ability_with_a_target_is_not_a_mana_ability():
    ability = only(card("Prodigal Pyromancer", "{T}: Prodigal Pyromancer deals 1 damage to "
                        "any target."))
    assert not ability.is_mana and ability.targets == (TargetSpec("any"),)


# ----------------------------------------------------------------------------- spells


def test_damage_to_any_target():
    s = spell("Shock", "Shock deals 2 damage to any target.")
    assert s.effects == (DealDamage(2, Target(0)),) and s.targets == (TargetSpec("any"),)


@pytest.mark.parametrize("text, to, targets", [
    ("~ deals 3 damage to target creature.", Target(0), (TargetSpec("permanent", CREATURE),)),
    ("~ deals 2 damage to each opponent.", Ref("each_opponent"), ()),
    ("~ deals 1 damage to target player or planeswalker.", Target(0),
     (TargetSpec("player_or_planeswalker"),)),
])
def test_damage_recipients(text, to, targets):
    s = spell("Zap", text.replace("~", "Zap"))
    assert s.effects == (DealDamage(s.effects[0].amount, to),) and s.targets == targets


def test_damage_to_each_creature_and_each_player():
    s = spell("Pestilence Blast", "Pestilence Blast deals 1 damage to each creature and each "
              "player.")
    assert s.effects == (DealDamage(1, Ref("all", CREATURE)), DealDamage(1, Ref("each_player")))


def test_draw_discard_life():
    assert spell("Divination", "Draw two cards.", "Sorcery").effects == (Draw(2),)
    s = spell("Mind Rot", "Target player discards two cards.", "Sorcery")
    assert s.effects == (Discard(2, Target(0)),) and s.targets == (TargetSpec("player"),)
    s = spell("Absorb Vis", "Target player loses 4 life and you gain 4 life.", "Sorcery")
    assert s.effects == (LoseLife(4, Target(0)), GainLife(4))


def test_destroy_exile_bounce_counter():
    s = spell("Naturalize", "Destroy target artifact or enchantment.")
    assert s.effects == (Destroy(Target(0)),)
    assert s.targets == (TargetSpec("permanent", Filter(types=("Artifact", "Enchantment"))),)
    s = spell("Path", "Exile target creature an opponent controls.")
    assert s.targets[0].filter == Filter(types=("Creature",), controller="opponent")
    assert s.effects == (Exile(Target(0)),)
    s = spell("Unsummon", "Return target creature to its owner's hand.")
    assert s.effects == (ReturnToHand(Target(0)),)
    s = spell("Cancel", "Counter target spell.")
    assert s.effects == (CounterSpell(Target(0)),) and s.targets[0].kind == "spell"
    s = spell("Doom Blade", "Destroy target nonblack creature.")
    assert s.targets[0].filter == Filter(types=("Creature",), non_colors=("B",))


def test_destroy_without_regeneration():
    s = spell("Wrath of God", "Destroy all creatures. They can't be regenerated.", "Sorcery")
    assert s.effects == (Destroy(Ref("all", CREATURE), no_regeneration=True),)


def test_target_restrictions():
    s = spell("Plummet", "Destroy target creature with flying.")
    assert s.targets[0].filter == Filter(types=("Creature",), keywords=("flying",))
    s = spell("Vindicate", "Destroy target nonland permanent.", "Sorcery")
    assert s.targets[0] == TargetSpec("permanent", Filter(non_types=("Land",)))
    s = spell("Gut Shot", "Gut Shot deals 1 damage to target opponent.")
    assert s.targets == (TargetSpec("opponent"),)
    s = spell("Tandem Lookout", "Tap up to two target creatures.")
    assert s.targets == (TargetSpec("permanent", CREATURE, count=2, up_to=True),)
    assert s.effects == (Tap(Target(0)),)
    s = spell("Grapple", "Target creature you control fights target creature you don't control.")
    assert s.effects == (Fight(Target(0), Target(1)),)
    assert s.targets[1].filter.controller == "not_you"


def test_pump_and_keywords_until_end_of_turn():
    s = spell("Giant Growth", "Target creature gets +3/+3 until end of turn.")
    assert s.effects == (ModifyPT(Target(0), 3, 3),)
    s = spell("Brute Force", "Target creature gets +3/+3 and gains trample until end of turn.")
    assert s.effects == (ModifyPT(Target(0), 3, 3),
                         GrantKeywords(Target(0), (Keyword("trample"),)))
    s = spell("Last Gasp", "Target creature gets -3/-3 until end of turn.")
    assert s.effects == (ModifyPT(Target(0), -3, -3),)


def test_x_and_for_each():
    s = spell("Blaze", "Blaze deals X damage to any target.", "Sorcery", "{X}{R}")
    assert s.effects == (DealDamage(X(), Target(0)),)
    s = spell("Card Flood", "Draw a card for each creature you control.", "Sorcery")
    assert s.effects == (Draw(CountOf(Filter(types=("Creature",), controller="you"))),)


def test_counters_tokens_tap_mill_scry_search():
    s = spell("Battlegrowth", "Put a +1/+1 counter on target creature.")
    assert s.effects == (PutCounters(Target(0), "+1/+1", 1),)
    s = spell("Sprout", "Create a 1/1 green Saproling creature token.")
    assert s.effects == (CreateTokens(TokenSpec("Saproling Token", 1, 1, ("G",), ("Creature",),
                                                ("Saproling",))),)
    s = spell("Frostbreath", "Tap up to two target creatures. Draw a card.")
    assert s.effects == (Tap(Target(0)), Draw())
    assert spell("Thought Scour", "Target player mills two cards. Draw a card.").effects == (
        Mill(2, Target(0)), Draw())
    assert spell("Opt", "Scry 1. Draw a card.").effects == (Scry(1), Draw())
    s = spell("Rampant Growth", "Search your library for a basic land card, put it onto the "
              "battlefield tapped, then shuffle.", "Sorcery")
    assert s.effects == (SearchLibrary(Filter(types=("Land",), supertypes=("Basic",),
                                              zone="library"), "battlefield", True),)
    s = spell("Untamed Wilds", "Untap target land.")
    assert s.effects == (Untap(Target(0)),)


def test_return_card_from_graveyard():
    s = spell("Raise Dead", "Return target creature card from your graveyard to your hand.",
              "Sorcery")
    assert s.effects == (ReturnToHand(Target(0)),)
    assert s.targets == (TargetSpec("card", Filter(types=("Creature",), controller="you",
                                                   zone="graveyard")),)


def test_modal_spell_has_targets_per_mode():
    s = spell("Treva's Charm", "Choose one —\n• Destroy target enchantment.\n• Exile target "
              "attacking creature.\n• Draw a card, then discard a card.")
    [modal] = s.effects
    assert isinstance(modal, Modal) and modal.choose == 1 and len(modal.modes) == 3
    assert modal.modes[1].targets == (TargetSpec("permanent", Filter(types=("Creature",),
                                                                     attacking=True)),)
    assert modal.modes[2].effects == (Draw(), Discard())
    assert modal.modes[0].text == "Destroy target enchantment."


# ----------------------------------------------------------------------------- permanents


def test_activated_abilities():
    ability = only(card("Walking Ballista", "Remove a +1/+1 counter from Walking Ballista: It "
                        "deals 1 damage to any target."))
    assert ability.cost == ir.Cost(parts=(ir.RemoveCountersCost("+1/+1", 1),))
    assert ability.effects == (DealDamage(1, Target(0), Ref("self")),)
    ability = only(card("Hematite Golem", "{1}{R}: Hematite Golem gets +2/+0 until end of turn."))
    assert ability.effects == (ModifyPT(Ref("self"), 2, 0),) and not ability.sorcery_speed
    ability = only(card("Wall of Bone", "{B}: Regenerate Wall of Bone."))
    assert ability.effects == (Regenerate(Ref("self")),)


def test_activate_only_as_a_sorcery_both_wordings():
    for restriction in ("Activate only as a sorcery.",
                        "Activate this ability only any time you could cast a sorcery."):
        ability = only(card("Sorcerer", "{2}: Draw a card. " + restriction))
        assert ability.sorcery_speed and ability.effects == (Draw(),)


def test_sacrifice_and_tap_costs():
    ability = only(card("Springleaf Drum", "{T}, Tap an untapped creature you control: Add one "
                        "mana of any color.", "Artifact"))
    assert ability.cost == ir.Cost(parts=(ir.TapSymbol(), ir.TapUntappedCost(Filter(types=("Creature",),
                                                                                    controller="you"))))
    ability = only(card("Bottle Gnomes", "Sacrifice Bottle Gnomes: You gain 3 life."))
    assert ability.cost == ir.Cost(parts=(ir.SacrificeSelfCost(),)) and ability.effects == (GainLife(3),)


@pytest.mark.parametrize("text, trigger", [
    ("When ~ enters the battlefield, draw a card.", Trigger("enters")),
    ("When ~ enters, draw a card.", Trigger("enters")),
    ("When ~ dies, draw a card.", Trigger("dies")),
    ("Whenever ~ attacks, draw a card.", Trigger("attacks")),
    ("Whenever ~ deals combat damage to a player, draw a card.",
     Trigger("deals_combat_damage_to_player")),
    ("Whenever you gain life, draw a card.", Trigger("gain_life", "you")),
    ("At the beginning of your upkeep, draw a card.",
     Trigger("beginning_of_step", step="upkeep", whose="your")),
    ("Whenever another creature enters the battlefield under your control, draw a card.",
     Trigger("enters", Filter(types=("Creature",), controller="you", other=True))),
    ("Whenever you cast a noncreature spell, draw a card.",
     Trigger("cast", Filter(non_types=("Creature",), controller="you", zone="stack"))),
])
def test_triggers(text, trigger):
    ability = only(card("Trigger Test", text.replace("~", "Trigger Test")))
    assert isinstance(ability, TriggeredAbility)
    assert ability.trigger == trigger and ability.effects == (Draw(),)


def test_you_may_and_it():
    ability = only(card("Ninja of the Deep Hours", "Whenever Ninja of the Deep Hours deals "
                        "combat damage to a player, you may draw a card."))
    assert ability.effects == (May((Draw(),)),)
    ability = only(card("Fearless Fledgling", "Landfall — Whenever a land enters the battlefield "
                        "under your control, put a +1/+1 counter on Fearless Fledgling. It gains "
                        "flying until end of turn."))
    assert ability.effects == (PutCounters(Ref("self"), "+1/+1"),
                               GrantKeywords(Ref("self"), (Keyword("flying"),)))
    ability = only(card("Ogre Battledriver", "Whenever another creature enters under your "
                        "control, that creature gets +2/+0 and gains haste until end of turn."))
    assert ability.effects[0] == ModifyPT(Ref("triggering_object"), 2, 0)


def test_sword_of_fire_and_ice():
    c = card("Sword of Fire and Ice", "Equipped creature gets +2/+2 and has protection from red "
             "and from blue.\nWhenever equipped creature deals combat damage to a player, Sword "
             "of Fire and Ice deals 2 damage to any target and you draw a card.\nEquip {2}",
             "Artifact — Equipment")
    assert c.unsupported == ()
    pump, has, trigger, equip = c.abilities
    assert pump.effect.kind == "modify_pt" and pump.effect.affected == "equipped"
    assert has.effect.keywords == (Keyword("protection", arg="red"),
                                   Keyword("protection", arg="blue"))
    assert trigger.trigger == Trigger("deals_combat_damage_to_player", "equipped")
    assert trigger.effects == (DealDamage(2, Target(0)), Draw())
    assert equip == Keyword("equip", cost=_mana("{2}"))


def test_statics():
    s = only(card("Glorious Anthem", "Creatures you control get +1/+1.", "Enchantment"))
    assert isinstance(s, StaticAbility) and s.effect.kind == "modify_pt"
    assert s.effect.affected == Filter(types=("Creature",), controller="you")
    c = card("Elvish Archdruid", "Other Elves you control get +1/+1.")
    assert c.abilities[0].effect.affected == Filter(subtypes=("Elf",), controller="you",
                                                    other=True)
    c = card("Fervor", "Creatures you control have haste.", "Enchantment")
    assert c.abilities[0].effect.keywords == (Keyword("haste"),)
    assert only(card("Jungle Lion", "Jungle Lion can't block.")).effect.kind == "cant_block"
    c = card("Pacifism", "Enchanted creature can't attack or block.", "Enchantment — Aura")
    assert [a.effect.kind for a in c.abilities] == ["cant_attack", "cant_block"]


def test_replacements():
    r = only(card("Guildgate", "Guildgate enters the battlefield tapped.", "Land"))
    assert r == ReplacementAbility("enters_tapped",
                                   text="Guildgate enters the battlefield tapped.")
    r = only(card("Endless One", "Endless One enters with X +1/+1 counters on it.", cost="{X}"))
    assert (r.kind, r.counter_kind, r.amount) == ("enters_with_counters", "+1/+1", X())
    r = only(card("Charging Tuskodon", "If Charging Tuskodon would deal combat damage to a "
                  "player, it deals double that damage to that player instead."))
    assert r.kind == "double_damage_to_player"


def test_additional_triggers():
    a = only(card("Panharmonicon", "If an artifact or creature entering the battlefield causes a "
                  "triggered ability of a permanent you control to trigger, that ability "
                  "triggers an additional time.", "Artifact"))
    assert a == AdditionalTriggers("enters", Filter(types=("Artifact", "Creature")), text=a.text)


# ----------------------------------------------------------------------------- text handling


def test_self_references_and_reminder_text():
    for text in ("This creature can't block.", "Jungle Lion can't block.",
                 "Jungle Lion can't block. (It still attacks.)"):
        assert only(card("Jungle Lion", text)).effect.kind == "cant_block"
    c = card("Jace, Test Prodigy", "Jace can't block.")
    assert c.abilities[0].effect.affected == "self"


def test_unsupported_sentences_are_reported_verbatim():
    # a quantity no grammar reads (devotion is read since CR 700.5 quantities were added)
    c = card("Gray Merchant of Asphodel", "When Gray Merchant of Asphodel enters the "
             "battlefield, each opponent loses X life, where X is the number of moons you dreamed "
             "of. You gain life equal to the life lost this way.\nFlying")
    assert c.abilities == (Keyword("flying"),)
    first = ("When Gray Merchant of Asphodel enters the battlefield, each opponent loses X life, "
             "where X is the number of moons you dreamed of.")
    # the sentence where the parser stopped is to blame; the next one is dropped with its line
    assert c.unsupported == (first,)
    assert [g.text for g in c.gaps] == [first, "You gain life equal to the life lost this way."]
    assert c.gaps[1].reason.startswith("dropped with its line")


def test_a_partly_understood_line_is_entirely_unsupported():
    c = card("Tormenting Voice", "Draw two cards. Then do something unknown.", "Sorcery")
    assert c.abilities == () and c.unsupported == ("Then do something unknown.",)


def test_wrong_meanings_are_refused():
    # "that player" names no player here; "artifact creature" needs both types.
    for text in ("Whenever Hound attacks, that player discards a card.",
                 "Destroy target artifact creature."):
        assert card("Hound", text).unsupported == (text,)


# ----------------------------------------------------------------------------- more templates


def test_activation_once_each_turn():
    ability = only(card("Frostwalla", "{S}: Frostwalla gets +2/+2 until end of turn. Activate "
                        "this ability only once each turn."))
    assert ability.once_per_turn and not ability.sorcery_speed


def test_counter_unless_and_reanimate():
    s = spell("Mana Leak", "Counter target spell unless its controller pays {3}.")
    assert s.effects == (CounterUnlessPays(Target(0), _mana("{3}")),)
    a = only(card("Order of Whiteclay", "{1}{W}{W}, {Q}: Return target creature card with "
                  "converted mana cost 3 or less from your graveyard to the battlefield."))
    assert a.cost.untap and a.effects == (ReturnToBattlefield(Target(0)),)
    assert a.targets[0].filter == Filter(types=("Creature",), controller="you",
                                         mana_value_at_most=3, zone="graveyard")


def test_attacking_or_blocking_and_keyword_pairs():
    s = spell("Arrows of Justice", "Arrows of Justice deals 4 damage to target attacking or "
              "blocking creature.")
    assert s.targets[0].filter == Filter(types=("Creature",), attacking_or_blocking=True)
    a = only(card("Sunmane Pegasus", "{1}{W}: Sunmane Pegasus gains vigilance and lifelink until "
                  "end of turn."))
    assert a.effects == (GrantKeywords(Ref("self"), (Keyword("vigilance"), Keyword("lifelink"))),)


def test_named_counters_and_for_each_after_duration():
    c = card("Thallid", "At the beginning of your upkeep, put a spore counter on Thallid.\n"
             "Remove three spore counters from Thallid: Create a 1/1 green Saproling creature "
             "token.")
    assert c.unsupported == ()
    assert c.abilities[0].effects == (PutCounters(Ref("self"), "spore"),)
    assert c.abilities[1].cost == ir.Cost(parts=(ir.RemoveCountersCost("spore", 3),))
    s = spell("Might of the Masses", "Target creature gets +1/+1 until end of turn for each "
              "creature you control.")
    each = CountOf(Filter(types=("Creature",), controller="you"))
    assert s.effects == (ModifyPT(Target(0), each, each),)


def test_other_attackers_and_suspend():
    a = only(card("Chief", "Whenever another creature you control attacks, it gains trample "
                  "until end of turn."))
    assert a.trigger == Trigger("attacks", Filter(types=("Creature",), controller="you",
                                                  other=True))
    assert a.effects == (GrantKeywords(Ref("triggering_object"), (Keyword("trample"),)),)
    c = card("Ancestral Vision", "Suspend 4—{U}", "Sorcery")
    assert c.abilities == (Keyword("suspend", cost=_mana("{U}"), arg="4"),)


def test_another_target_after_a_target_is_other_than_that_target():
    # "another target creature" here means a creature other than the first target (CR 115.4,
    # 601.2c), not other than the source
    c = card("Rites of Reaping", "Target creature gets +3/+3 until end of turn. Another target "
             "creature gets -3/-3 until end of turn.", "Sorcery")
    first, second = only(c).targets
    assert second.other_than == (0,) and not second.filter.other and first.other_than == ()


def test_intervening_if_conditions():
    a = only(card("Goblin Bushwhacker", "When Goblin Bushwhacker enters the battlefield, if it "
                  "was kicked, creatures you control get +1/+0 and gain haste until end of turn."))
    assert a.condition == "kicked"
    everyone = Ref("all", Filter(types=("Creature",), controller="you"))
    assert a.effects == (ModifyPT(everyone, 1, 0), GrantKeywords(everyone, (Keyword("haste"),)))
    elf = only(card("Odd Trigger", "When Odd Trigger enters, if you control an Elf, draw a card."))
    assert elf.condition == YouControl((Filter(subtypes=("Elf",), controller="you"),))
    c = card("Odd Trigger", "When Odd Trigger enters, if an Elf entered the battlefield this turn, draw a card.")
    assert c.abilities == () and len(c.unsupported) == 1


def test_two_recipients_and_type_lists():
    a = only(card("Fireslinger", "{T}: Fireslinger deals 1 damage to any target and 1 damage "
                  "to you."))
    assert a.effects == (DealDamage(1, Target(0)), DealDamage(1, Ref("you")))
    s = spell("Befoul", "Destroy target artifact, creature, or land.", "Sorcery")
    assert s.targets[0].filter == Filter(types=("Artifact", "Creature", "Land"))
    s = spell("Purify", "Destroy all artifacts, creatures, and enchantments.", "Sorcery")
    assert s.effects == (Destroy(Ref("all", Filter(types=("Artifact", "Creature",
                                                          "Enchantment")))),)


def test_other_players_casting_and_enchanted_creature_dying():
    a = only(card("Sentinel", "Whenever an opponent casts a creature spell, you gain 1 life."))
    assert a.trigger == Trigger("cast", Filter(types=("Creature",), controller="opponent",
                                               zone="stack"))
    a = only(card("Aura", "When enchanted creature dies, draw a card.", "Enchantment — Aura"))
    assert a.trigger == Trigger("dies", "enchanted")


def test_when_you_do_is_a_reflexive_trigger_with_its_own_targets():
    """CR 603.12: "you may sacrifice it. When you do, destroy target ..." (Flaxen Intruder)."""
    c = card("Flaxen Intruder", "Whenever Flaxen Intruder deals combat damage to a player, you may "
             "sacrifice it. When you do, destroy target artifact or enchantment.")
    [ab] = c.abilities
    assert ab.targets == ()                      # the outer ability targets nothing
    [may] = ab.effects
    sacrifice, reflexive = may.effects
    assert sacrifice == ir.Sacrifice(Ref("self"))
    assert reflexive.ability.trigger.event == "reflexive"
    assert reflexive.ability.effects == (Destroy(Target(0)),)
    [spec] = reflexive.ability.targets
    assert set(spec.filter.types) == {"Artifact", "Enchantment"}
    assert reflexive.ability.text == "When you do, destroy target artifact or enchantment."


def test_enchant_keeps_its_whole_restriction_in_a_filter():
    """CR 702.5a, 303.4a: an Aura targets and may enchant only what its enchant ability allows,
    so the keyword carries the whole description: mana value, controller, supertype."""
    c = card("Threads", "Enchant creature with converted mana cost 2 or less", "Enchantment — Aura")
    assert c.abilities == (Keyword("enchant", arg="creature",
                                   filter=Filter(types=("Creature",), mana_value_at_most=2)),)
    c = card("Lamprey", "Enchant creature you control", "Enchantment — Aura")
    assert c.abilities[0].filter == Filter(types=("Creature",), controller="you")
    c = card("Basic Aura", "Enchant basic land", "Enchantment — Aura")
    assert c.abilities[0].filter == Filter(types=("Land",), supertypes=("Basic",))
    c = card("Forest Aura", "Enchant Forest", "Enchantment — Aura")
    assert c.abilities == (Keyword("enchant", arg="Forest", filter=Filter(subtypes=("Forest",))),)


def test_enchant_descriptions_the_check_cannot_read_are_refused():
    """"Enchant creature card in a graveyard" (Animate Dead) is no permanent: refused."""
    c = card("Dead Aura", "Enchant creature card in a graveyard", "Enchantment — Aura")
    assert c.unsupported and not c.abilities


def test_x_must_be_defined_by_a_cost_or_a_where_clause(corpus_db):
    """CR 107.3: X is a value chosen for a cost with {X} (Blaze's mana cost; Stonecoil Serpent's,
    read as it enters, 107.3m) or one a "where X is" defines (Porcuparrot). The same ability
    with its definition cut off reads X from nowhere: the line is refused, not compiled with
    some X, and the reason says so."""
    for name in ("Blaze", "Stonecoil Serpent", "Porcuparrot"):
        assert corpus_db.get(name).fully_supported, name
    parrot = corpus_db.get("Porcuparrot").face
    cut = dict(parrot, text=parrot["text"].split(", where X is")[0] + ".")
    built = CardDef.from_face(cut)
    [line] = built.unsupported
    assert line.endswith("deals X damage to any target.")
    assert any("X is not defined" in g.reason and "107.3" in g.reason for g in built.gaps)
    blaze = dict(corpus_db.get("Blaze").face, manaCost="{1}{R}")
    assert not CardDef.from_face(blaze).fully_supported


def test_may_gain_life_without_a_subject():
    """"you may gain 1 life", "you may gain life equal to ...": the player who may is the one
    who gains (CR 608.2d); "target player may gain" is that player."""
    c = card("Gainer", "Whenever another creature enters, you may gain 1 life.")
    [ab] = c.abilities
    assert ab.effects == (ir.May((ir.GainLife(1, ir.Ref("you")),)),)
    c = card("Counter", "When ~ enters, you may gain life equal to the number of Allies you control.")
    [ab] = c.abilities
    [may] = ab.effects
    assert may.effects == (ir.GainLife(ir.CountOf(ir.Filter(subtypes=("Ally",), controller="you")), ir.Ref("you")),)
    c = card("Giver", "When ~ enters, target player may gain 3 life.")
    [ab] = c.abilities
    assert ab.effects == (ir.May((ir.GainLife(3, ir.Target(0)),), ir.Target(0)),)


def test_events_of_permanents_a_description_names():
    """"Whenever a creature you control becomes blocked / blocks / becomes tapped / is turned
    face up / leaves the battlefield / becomes the target of ...": the object events of
    each permanent the description fits (CR 603.2); "your graveyard" is the owner's (CR 400.3);
    "attacks you or a planeswalker you control" names whom it attacks (CR 508.1b)."""
    def trigger(text):
        [ab] = card("T", text + ", draw a card.").abilities
        return ab.trigger
    mine = Filter(types=("Creature",), controller="you")
    assert trigger("Whenever a creature you control becomes blocked") == ir.Trigger("becomes_blocked", mine)
    assert trigger("Whenever a creature you control blocks") == ir.Trigger("blocks", mine)
    assert trigger("Whenever a Merfolk you control becomes tapped") == \
        ir.Trigger("tapped", Filter(subtypes=("Merfolk",), controller="you"))
    assert trigger("Whenever a permanent becomes untapped") == ir.Trigger("untapped", Filter())
    assert trigger("Whenever a permanent you control is turned face up") == \
        ir.Trigger("turned_face_up", Filter(controller="you"))
    assert trigger("Whenever ~ or another creature you control leaves the battlefield") == \
        ir.Trigger("leaves", dataclasses.replace(mine, other=True, or_self=True))
    assert trigger("Whenever a nontoken creature is put into your graveyard from the battlefield") == \
        ir.Trigger("dies", Filter(types=("Creature",), nontoken=True), whose="you")
    assert trigger("Whenever a creature is put into an opponent's graveyard from the battlefield") == \
        ir.Trigger("dies", Filter(types=("Creature",)), whose="opponent")
    assert trigger("Whenever a creature you control becomes the target of a spell or ability an opponent "
                   "controls") == ir.Trigger("becomes_target", mine, whose="opponent")
    assert trigger("Whenever a creature attacks you or a planeswalker you control") == \
        ir.Trigger("attacks", Filter(types=("Creature",)), attacked="you_or_planeswalker")
    assert trigger("Whenever a creature attacks one of your opponents") == \
        ir.Trigger("attacks", Filter(types=("Creature",)), attacked="opponent")


def test_you_may_have_a_subject_act():
    """"you may have it deal 1 damage to any target", "... have target player mill two cards",
    "... have ~ become a 3/3 ...": the controller chooses; the subject acts (CR 603.5)."""
    [ab] = card("Arsonist", "When ~ dies, you may have it deal 1 damage to any target.").abilities
    assert ab.effects == (ir.May((ir.DealDamage(1, ir.Target(0), source=ir.Ref("self")),)),)
    [ab] = card("Miller", "Whenever a land enters under your control, you may have target player mill two "
                "cards.").abilities
    assert ab.effects == (ir.May((ir.Mill(2, ir.Target(0)),)),)
    [ab] = card("Fighter", "When ~ enters, you may have it fight target creature you don't control.").abilities
    [may] = ab.effects
    assert type(may) is ir.May and type(may.effects[0]) is ir.Fight


def test_choosing_among_the_top_cards_of_a_library():
    """"Look at / reveal the top N cards", a choice from among them (a card, a card of each
    kind, up to N, any number, all) put somewhere, and where the rest go (CR 701.20, 401.4)."""
    lib = dataclasses.replace(CREATURE, zone="library")
    s = spell("Collected Company", "Look at the top six cards of your library. Put up to two creature "
              "cards with mana value 3 or less from among them onto the battlefield. Put the rest on the "
              "bottom of your library in any order.")
    assert s.effects == (ir.LookAtTop(6, dataclasses.replace(lib, mana_value_at_most=3), "bottom",
                                      to="battlefield", up_to=2),)
    s = spell("Benefaction of Rhonas", "Reveal the top five cards of your library. You may put a creature "
              "card and/or an enchantment card from among them into your hand. Put the rest into your "
              "graveyard.", "Sorcery")
    assert s.effects == (ir.LookAtTop(5, lib, "graveyard", revealed=True,
                                      more=(Filter(types=("Enchantment",), zone="library"),)),)
    s = spell("Elvish Rejuvenator", "Look at the top five cards of your library. You may put a land card "
              "from among them onto the battlefield tapped. Then put the rest on the bottom of your library "
              "in a random order.")
    assert s.effects == (ir.LookAtTop(5, Filter(types=("Land",), zone="library"), to="battlefield", tapped=True),)
    s = spell("Genesis Wave", "Reveal the top X cards of your library. You may put any number of permanent "
              "cards with mana value X or less from among them onto the battlefield. Then put all cards "
              "revealed this way that weren't put onto the battlefield into your graveyard.", "Sorcery", "{X}{G}")
    [look] = s.effects
    assert look.amount == X() and look.filter.mana_value_at_most == X() and look.up_to == ir.ANY_NUMBER
    assert (look.to, look.rest, look.revealed) == ("battlefield", "graveyard", True)
    s = spell("Muxus", "Reveal the top six cards of your library. Put all Goblin creature cards with mana "
              "value 5 or less from among them onto the battlefield and the rest on the bottom of your "
              "library in a random order.")
    assert s.effects[0].all_matching and s.effects[0].to == "battlefield"
    s = spell("Taigam's Scheming", "Look at the top five cards of your library. Put any number of them into "
              "your graveyard and the rest back on top of your library in any order.", "Sorcery")
    assert s.effects == (ir.LookAtTop(5, Filter(zone="library"), "top", to="graveyard", up_to=ir.ANY_NUMBER),)
    s = spell("Sleight of Hand", "Look at the top two cards of your library. Put one of them into your hand "
              "and the other on the bottom of your library.", "Sorcery")
    assert s.effects == (ir.LookAtTop(2, None, "bottom", take=1),)
    s = spell("Tracker's Instincts", "Reveal the top four cards of your library. Put a creature card from "
              "among them into your hand and the rest into your graveyard.", "Sorcery")
    assert s.effects == (ir.LookAtTop(4, lib, "graveyard", revealed=True, must=True),)
    # "all" with "you may", or two cards on top, say nothing the engine would do right
    assert card("Bad", "Look at the top five cards of your library. You may put all creature cards "
                "from among them into your hand. Put the rest into your graveyard.", "Sorcery").unsupported
    assert card("Bad", "Look at the top five cards of your library. Put up to two creature cards "
                "from among them on top of your library. Put the rest into your graveyard.", "Sorcery").unsupported


def test_mana_value_x_or_less_in_a_search():
    s = spell("Chord of Calling", "Search your library for a creature card with mana value X or less, put "
              "it onto the battlefield, then shuffle.", "Instant", "{X}{G}{G}{G}")
    assert s.effects == (SearchLibrary(dataclasses.replace(CREATURE, mana_value_at_most=X(), zone="library"),
                                       "battlefield"),)
    # X is the spell's: a "where X is" can't be told from it, so it is refused
    assert card("Bad", "Search your library for a creature card with mana value X or less, put it onto the "
                "battlefield, then shuffle, where X is the number of lands you control.", "Sorcery").unsupported


def test_putting_cards_from_your_hand_onto_the_battlefield():
    """CR 305.4: "put ... from your hand onto the battlefield", a card or up to N."""
    s = spell("Growth Spiral", "Draw a card. You may put a land card from your hand onto the battlefield.")
    assert s.effects == (Draw(), May((ir.PutFromHand(Filter(types=("Land",), zone="hand")),)))
    s = spell("Elvish Pioneer", "You may put a basic land card from your hand onto the battlefield tapped.")
    assert s.effects == (May((ir.PutFromHand(Filter(types=("Land",), supertypes=("Basic",), zone="hand"), True),)),)
    s = spell("Tooth", "Put up to two creature cards from your hand onto the battlefield.", "Sorcery")
    assert s.effects == (ir.PutFromHand(dataclasses.replace(CREATURE, zone="hand"), amount=2, up_to=True),)
    # "from your hand" is what says where the cards are
    assert card("Bad", "You may put a creature card onto the battlefield.", "Sorcery").unsupported


def test_cost_parts_read_in_every_cost():
    """CR 118, 602.1: the parts of a cost read alike in an activated ability and in an
    additional cost (CR 601.2b): cards of a type, at random, from the graveyard, several."""
    lavamancer = card("Grim Lavamancer", "{R}, {T}, Exile two cards from your graveyard: "
                      "Grim Lavamancer deals 2 damage to any target.")
    [ab] = lavamancer.abilities
    assert ab.cost == ir.Cost(mana=ManaCost(("R",)), parts=(
        ir.TapSymbol(), ir.ExileFromGraveyardCost(Filter(controller="you", zone="graveyard"), 2)))
    [ab] = card("Amok", "{1}, Discard a card at random: Put a +1/+1 counter on target creature.").abilities
    assert ab.cost == ir.Cost(mana=ManaCost(("1",)), parts=(ir.DiscardCost(1, at_random=True),))
    [ab] = card("Floodbringer", "{2}, Return a land you control to its owner's hand: Tap target land.").abilities
    assert ab.cost.part(ir.ReturnToHandCost) == ir.ReturnToHandCost(Filter(types=("Land",), controller="you"))
    [ab] = card("Survival of the Fittest", "{G}, Discard a creature card: Draw a card.").abilities
    assert ab.cost.part(ir.DiscardCost) == ir.DiscardCost(1, card_type="Creature")
    [ab] = card("Ruthless Disposal", "As an additional cost to cast this spell, discard a card and "
                "sacrifice a creature.", "Sorcery").abilities
    # the parts in their own order, whatever the text's (ir.COST_PARTS)
    assert ab.cost == ir.Cost(parts=(ir.SacrificeCost(Filter(types=("Creature",), controller="you")),
                                     ir.DiscardCost(1)))
    [other] = card("Ruthless Disposal", "As an additional cost to cast this spell, sacrifice a creature "
                   "and discard a card.", "Sorcery").abilities
    assert other.cost == ab.cost and other.cost.parts == ab.cost.parts
    # mana or {T} is never an additional cost of this form
    assert card("Nothing", "As an additional cost to cast this spell, {T}.", "Sorcery").unsupported

# ----------------------------------------------------------------------------- "If you do" (CR 608.2c)
def test_optional_actions_that_if_you_do_follows(corpus_db):
    """Paying life (CR 119.4), sacrificing another permanent (CR 701.21a), removing a counter
    (CR 122.1), exiling a card you choose from your graveyard or hand and returning another
    permanent you control, each followed by "If you do"."""
    draw = ir.IfYouDo((Draw(),))
    [erebos] = [a for a in corpus_db.get("Erebos, Bleak-Hearted").abilities if type(a) is ir.TriggeredAbility]
    assert erebos.effects == (May((ir.PayLife(2), draw)),)
    other_creature = Filter(types=("Creature",), controller="you", other=True)
    [infiltrator] = corpus_db.get("Bloodmist Infiltrator").abilities
    assert infiltrator.effects == (May((ir.SacrificePermanents(Ref("you"), other_creature),
                                        ir.IfYouDo((ir.Restrict(Ref("self"), "cant_be_blocked"),)))),)
    hydra = corpus_db.get("Clockwork Hydra").abilities[1]
    assert hydra.effects == (ir.RemoveCounter(Ref("self"), "+1/+1"), ir.IfYouDo((DealDamage(1, Target(0)),)))
    [harvest] = corpus_db.get("Forgotten Harvest").abilities
    land_card = Filter(types=("Land",), controller="you", zone="graveyard")
    assert harvest.effects[0].effects[0] == Exile(Ref("chosen", land_card))
    city = corpus_db.get("Forsaken City").abilities[1]
    assert city.effects[0].effects[0] == Exile(Ref("chosen", Filter(controller="you", zone="hand")))
    [sabertooth] = corpus_db.get("Temur Sabertooth").abilities
    assert sabertooth.effects[0].effects[0] == ReturnToHand(Ref("chosen", other_creature))


def test_conditions_on_the_object_named_before(corpus_db):
    """"If that creature was a Human", "If it's an artifact creature", "If that creature has a
    +1/+1 counter on it": a condition on the target (CR 608.2c, 608.2h); "it" after the condition
    is that target, never the damage's source ("itself" would be)."""
    [caress] = corpus_db.get("Death's Caress").abilities
    assert caress.effects[1] == ir.Conditional(ir.ObjectIs(Target(0), Filter(subtypes=("Human",))),
                                               (GainLife(ir.StatOf(Target(0), "toughness")),))
    [bring_low] = corpus_db.get("Bring Low").abilities
    assert bring_low.effects == (ir.Conditional(ir.ObjectIs(Target(0), Filter(counter="+1/+1")),
                                                (DealDamage(5, Target(0)),), (DealDamage(3, Target(0)),)),)
    [dart] = corpus_db.get("Lightning Dart").abilities
    assert dart.effects[0].condition == ir.ObjectIs(Target(0), Filter(colors=("W", "U")))
    [flash] = corpus_db.get("Aether Flash").abilities
    assert flash.effects == (DealDamage(2, Ref("triggering_object")),)
    # "it" after a player target is not that player: refused
    assert not corpus_db.get("Dimensional Infiltrator").fully_supported


def test_paying_x_in_a_triggered_ability(corpus_db):
    """"you may pay {X}. If you do, you gain X life." (CR 107.3f): X chosen as it resolves; only a
    triggered ability, which has no X of its own, is run."""
    [vigil] = corpus_db.get("Vigil for the Lost").abilities
    assert vigil.effects == (May((ir.PayMana(ManaCost.parse("{X}")), ir.IfYouDo((GainLife(X()),)))),)
    assert corpus_db.get("Vigil for the Lost").fully_supported
    assert corpus_db.get("Wildborn Preserver").fully_supported


def test_otherwise_after_a_condition_or_if_you_do(corpus_db):
    """"Otherwise, ..." (CR 608.2c): the effects when the condition before is false (Cling to
    Dust: "If it was a creature card, you gain 3 life. Otherwise, you draw a card."), or when the
    action "If you do" followed wasn't done (Insatiable Appetite)."""
    spell = next(a for a in corpus_db.get("Cling to Dust").abilities if type(a) is SpellAbility)
    assert spell.effects[1] == ir.Conditional(ir.ObjectIs(Target(0), Filter(types=("Creature",))),
                                              (GainLife(3),), (Draw(),), otherwise_after=True)
    [appetite] = corpus_db.get("Insatiable Appetite").abilities
    assert appetite.effects[1] == ir.IfYouDont((ModifyPT(Target(0), 3, 3, "end_of_turn"),))
    raker = corpus_db.get("Mind Raker").abilities[1]
    assert raker.effects[0].effects[0] == ir.PutExiledInGraveyard()


def test_conditions_with_planeswalker_types_colors_and_counted_subtypes():
    """"if you control a Basri planeswalker" (CR 205.3j), "a blue or black permanent" (either
    color, CR 105.2), "two or more Plains" (a subtype whose plural is itself), "exactly one
    creature": parts of the one state condition (CR 603.4, 611.3a)."""
    a = only(card("Adherent", "At the beginning of combat on your turn, if you control a Basri "
                  "planeswalker, put a +1/+1 counter on Adherent."))
    assert a.condition == YouControl((Filter(types=("Planeswalker",), subtypes=("Basri",), controller="you"),))
    a = only(card("Sanctuary", "At the beginning of your upkeep, if you control a blue or black "
                  "permanent, you gain 2 life.", "Enchantment"))
    assert a.condition == YouControl((Filter(colors=("U", "B"), controller="you"),))
    a = only(card("Hedge-Mage", "When Hedge-Mage enters, if you control two or more Plains, you "
                  "may destroy target enchantment."))
    assert a.condition == YouControl((Filter(subtypes=("Plains",), controller="you"),), at_least=2)
    a = only(card("Rising", "At the beginning of your end step, if you control exactly one "
                  "creature, draw a card.", "Enchantment"))
    assert a.condition == YouControl((Filter(types=("Creature",), controller="you"),), at_least=1, at_most=1)


def test_conditions_on_other_players_and_on_objects_anyone_controls():
    """"that player has ...": the player the trigger names, refused where it names none
    (CR 603.2); "an opponent has 10 or less life"; objects counted whoever controls them, on
    the battlefield or in your graveyard (CR 400.1, 404.1)."""
    a = only(card("Mongrel", "At the beginning of each opponent's upkeep, if that player has two "
                  "or fewer cards in hand, Mongrel deals 2 damage to that player."))
    assert a.condition == ir.PlayerCount("cards_in_hand", at_most=2, whose="that_player")
    c = card("Odd Trigger", "Whenever a creature dies, if that player has no cards in hand, draw a card.")
    assert c.abilities == () and len(c.unsupported) == 1
    a = only(card("Vampire", "As long as an opponent has 10 or less life, Vampire gets +2/+1."))
    assert a.effect.condition == ir.PlayerCount("life", at_most=10, whose="opponent")
    a = only(card("Knight", "At the beginning of your end step, if a player lost 4 or more life "
                  "this turn, put a +1/+1 counter on Knight."))
    assert a.condition == ir.PlayerCount("life_lost_this_turn", at_least=4, whose="any")
    a = only(card("Plague", "At the beginning of the end step, if no creatures are on the "
                  "battlefield, sacrifice Plague.", "Enchantment"))
    assert a.condition == ir.ObjectCount(Filter(types=("Creature",)), 0, 0)
    a = only(card("Wolverine", "Wolverine has double strike as long as there are three or more "
                  "instant and/or sorcery cards in your graveyard."))
    assert a.effect.condition == ir.ObjectCount(
        Filter(types=("Instant", "Sorcery"), controller="you", zone="graveyard"), 3)
    a = only(card("Firebrand", "Firebrand has haste as long as a Warrior card is in your graveyard."))
    assert a.effect.condition == ir.ObjectCount(Filter(subtypes=("Warrior",), controller="you", zone="graveyard"))


def test_conditions_either_none_counters_and_activation_limits():
    """"[condition] or there is ..." (AnyOf); "no opponent controls ..."; "~ has four or more
    quest counters on it" (CR 122.1); "Activate only during the end of combat step" and two
    limits joined by "and only" (CR 602.5b)."""
    desert = Filter(subtypes=("Desert",), controller="you")
    a = only(card("Camel", "Camel has lifelink as long as you control a Desert or there is a "
                  "Desert card in your graveyard."))
    assert a.effect.condition == ir.AnyOf((YouControl((desert,)), ir.ObjectCount(
        dataclasses.replace(desert, zone="graveyard"))))
    a = only(card("Kavu", "Kavu has haste as long as no opponent controls a white or blue creature."))
    assert a.effect.condition == ir.OpponentControls(
        (Filter(types=("Creature",), colors=("W", "U"), controller="opponent"),), none=True)
    a = only(card("Ascension", "{1}{W}: Draw a card. Activate only if Ascension has four or more "
                  "quest counters on it.", "Enchantment"))
    assert a.condition == ir.HasCounter("quest", 4)
    a = only(card("Dunes", "{T}: Dunes deals 1 damage to target attacking creature. Activate only "
                  "during the end of combat step.", "Land"))
    assert a.condition == "end_of_combat_step"
    a = only(card("Gutter", "{1}{B}: Draw a card. Activate only during your turn and only if an "
                  "opponent lost life this turn."))
    assert a.your_turn and a.condition == ir.PlayerCount("life_lost_this_turn", at_least=1, whose="opponent")
    a = only(card("Pouncer", "{1}: Pouncer gains flying until end of turn. Activate only once each "
                  "turn and only if an opponent controls a creature with flying."))
    assert a.once_per_turn and type(a.condition) is ir.OpponentControls
    # "it" is the enchanted creature here, not the source
    [_, st] = card("Cloak", "Enchant creature\nEnchanted creature has shroud as long as it's untapped.",
                   "Enchantment — Aura").abilities
    assert st.effect.condition == ir.AttachedIs(Filter(tapped=False))


def test_events_of_the_enchanted_or_equipped_permanent():
    """CR 303.4, 301.5: the events the card's own creature could meet, happening to the permanent
    the Aura or Equipment is attached to; "it" and "its controller" name that permanent."""
    a = only(card("Insolence", "Whenever enchanted creature becomes tapped, Insolence deals 2 damage to that "
                  "creature's controller.", "Enchantment — Aura"))
    assert a.trigger == Trigger("tapped", "enchanted")
    assert a.effects == (DealDamage(2, Ref("attached_controller"), Ref("self")),)
    a = only(card("Ragged Veins", "Whenever enchanted creature is dealt damage, its controller loses that much life.",
                  "Enchantment — Aura"))
    assert a.trigger == Trigger("dealt_damage", "enchanted")
    assert a.effects == (LoseLife(ir.EventAmount(), Ref("attached_controller")),)
    c = card("Nettling Curse", "Whenever enchanted creature attacks or blocks, its controller loses 3 life.",
             "Enchantment — Aura")
    assert [ab.trigger for ab in c.abilities] == [Trigger("attacks", "enchanted"), Trigger("blocks", "enchanted")]
    a = only(card("Ferocity", "Whenever enchanted creature blocks or becomes blocked, you may put a +1/+1 "
                  "counter on it.", "Enchantment — Aura"))
    assert a.trigger == Trigger("blocks_or_becomes_blocked", "enchanted")
    a = only(card("Infiltration Lens", "Whenever equipped creature becomes blocked by a creature, you may draw "
                  "two cards.", "Artifact — Equipment"))
    assert a.trigger == Trigger("blocked_by_creature", "equipped")
    a = only(card("Blight", "When enchanted land becomes tapped, destroy it.", "Enchantment — Aura"))
    assert a.trigger == Trigger("tapped", "enchanted") and a.effects == (Destroy(Ref("enchanted")),)
    a = only(card("Funeral March", "When enchanted creature leaves the battlefield, its controller sacrifices "
                  "a creature.", "Enchantment — Aura"))
    assert a.trigger == Trigger("leaves", "enchanted")
    # "it" after "blocked by a creature" could be either creature: refused
    assert card("Lens", "Whenever equipped creature becomes blocked by a creature, destroy it.",
                "Artifact — Equipment").unsupported


def test_statics_of_the_attached_permanent_read_as_parts():
    """One subject with several effects (CR 613): "doesn't untap during its controller's untap
    step" (CR 502.3), "can't be blocked by more than one creature" and "can block an additional
    creature each combat" (CR 509.1a-b), "can't attack alone" (CR 506.5) join the others."""
    c = card("Leaden Fists", "Enchanted creature gets +3/+3 and doesn't untap during its controller's untap step.",
             "Enchantment — Aura")
    assert [ab.effect.kind for ab in c.abilities] == ["modify_pt", "doesnt_untap"]
    assert c.abilities[1].effect.affected == "enchanted"
    c = card("Vorrac Battlehorns", "Equipped creature has trample and can't be blocked by more than one creature.",
             "Artifact — Equipment")
    assert [ab.effect.kind for ab in c.abilities] == ["max_one_blocker", "grant_keywords"]
    c = card("Iona's Blessing", "Enchanted creature gets +2/+2, has vigilance, and can block an additional "
             "creature each combat.", "Enchantment — Aura")
    assert [(ab.effect.kind, getattr(ab.effect, "amount", 0)) for ab in c.abilities] == [
        ("modify_pt", 0), ("block_additional", 1), ("grant_keywords", 0)]
    c = card("Sightless Brawler", "Enchanted creature gets +3/+2 and can't attack alone.", "Enchantment — Aura")
    assert c.abilities[1].effect == ir.static_effect("cant_attack_alone", "enchanted")
    # "your untap step" is the source's own; anything else doesn't untap during its controller's
    assert card("Fists", "Enchanted creature doesn't untap during your untap step.", "Enchantment — Aura").unsupported


def test_static_bonus_for_each_counter_on_the_source_or_where_x_is():
    """CR 613.4c, 107.3: "for each charge counter on ~" counts the source's counters; "gets
    +X/+X, where X is the number of ..." counts as "for each" would."""
    a = only(card("Banshee's Blade", "Equipped creature gets +1/+1 for each charge counter on Banshee's Blade.",
                  "Artifact — Equipment"))
    assert a.effect == ir.static_effect("modify_pt", "equipped", 1, 1, count=ir.CountersOn("charge"))
    a = only(card("Bonehoard", "Equipped creature gets +X/+X, where X is the number of creature cards in all "
                  "graveyards.", "Artifact — Equipment"))
    assert a.effect == ir.static_effect("modify_pt", "equipped", 1, 1,
                                       count=Filter(types=("Creature",), zone="graveyard"))
    a = only(card("Spontaneous Mutation", "Enchanted creature gets -X/-0, where X is the number of cards in your "
                  "graveyard.", "Enchantment — Aura"))
    assert (a.effect.power, a.effect.toughness) == (-1, 0)
    a = only(card("Opaline Bracers", "Equipped creature gets +X/+X, where X is the number of charge counters on "
                  "Opaline Bracers.", "Artifact — Equipment"))
    assert a.effect.count == ir.CountersOn("charge")
    # X undefined, or a fixed part beside X: refused
    assert card("Aura", "Enchanted creature gets +X/+X.", "Enchantment — Aura").unsupported
    assert card("Aura", "Enchanted creature gets +X/+1, where X is the number of cards in your hand.",
                "Enchantment — Aura").unsupported


def test_types_and_colors_the_attached_creature_has_too():
    """Layers 4 and 5 (CR 613.1d-e, 105.3, 205.3m)."""
    c = card("Angelic Armaments", "Equipped creature gets +2/+2, has flying, and is a white Angel in addition to "
             "its other colors and types.", "Artifact — Equipment")
    assert c.abilities[1].effect == ir.static_effect("add_types", "equipped", subtypes=("Angel",), colors=("W",))
    c = card("Silverskin Armor", "Equipped creature gets +1/+1 and is an artifact in addition to its other types.",
             "Artifact — Equipment")
    assert c.abilities[1].effect == ir.static_effect("add_types", "equipped", types=("Artifact",))
    c = card("Grave Servitude", "Enchanted creature gets +3/-1 and is black.", "Enchantment — Aura")
    assert c.abilities[1].effect == ir.static_effect("set_colors", "enchanted", colors=("B",))
    c = card("Amorphous Axe", "Equipped creature gets +3/+0 and is every creature type.", "Artifact — Equipment")
    assert c.abilities[1].effect == ir.static_effect("all_creature_types", "equipped")
    # a land type in addition to the others: the land has that type's mana ability too (CR 305.6)
    c = card("Aura", "Enchanted land is a Swamp in addition to its other types.", "Enchantment — Aura")
    assert c.abilities[-1].effect == ir.static_effect("add_types", "enchanted", subtypes=("Swamp",))
    # colors without "its other colors": refused
    for text in ("Enchanted creature is a black Zombie in addition to its other types.",):
        assert card("Aura", text, "Enchantment — Aura").unsupported, text


def test_either_of_two_colors_in_a_description():
    """"a black or green permanent" (CR 105.2): an object of either color."""
    a = only(card("Abzan Runemark", "Enchanted creature has vigilance as long as you control a black or green "
                  "permanent.", "Enchantment — Aura"))
    assert a.effect.condition == YouControl((Filter(controller="you", colors=("B", "G")),))
    s = spell("Celestial Purge", "Exile target black or red permanent.")
    assert s.targets[0].filter == Filter(colors=("B", "R"))


def test_base_power_and_toughness_and_losing_a_keyword():
    """Layers 7b and 6 (CR 613.4b, 613.1f)."""
    a = only(card("Reduce in Stature", "Enchanted creature has base power and toughness 0/2.", "Enchantment — Aura"))
    assert a.effect == ir.static_effect("set_base_pt", "enchanted", 0, 2)
    c = card("Sky Tether", "Enchanted creature has defender and loses flying.", "Enchantment — Aura")
    assert [a.effect for a in c.abilities] == [
        ir.static_effect("grant_keywords", "enchanted", keywords=(Keyword("defender"),)),
        ir.static_effect("lose_keywords", "enchanted", keywords=(Keyword("flying"),))]


def test_you_may_have_someone_do_it():
    """"you may have [object or player] [verb]": the controller chooses (CR 608.2d), and the one
    named does it; "deal" and "fight" in their plain form after "have"."""
    a = only(card("Arsonist", "When Arsonist dies, you may have it deal 1 damage to any target."))
    assert a.effects == (May((DealDamage(1, Target(0)),)),)
    a = only(card("Nightstalker", "When Nightstalker enters the battlefield, you may have target "
                  "opponent discard a card."))
    assert a.effects == (May((Discard(1, Target(0)),)),)
    a = only(card("Stag", "When Stag enters the battlefield, you may have it fight target creature "
                  "you don't control."))
    assert a.effects == (May((Fight(Ref("self"), Target(0)),)),)
    a = only(card("Eye", "Whenever a player casts a blue spell, you may gain 1 life."))
    assert a.effects == (May((GainLife(1),)),)


def test_an_instants_own_cycling_trigger_is_a_triggered_ability():
    """CR 702.29c: "When you cycle ~" on an instant or sorcery is a triggered ability of the card,
    not part of its spell effect."""
    c = card("Pulse", "Target creature gets -4/-4 until end of turn.\nCycling {1}{B}{B}\n"
             "When you cycle Pulse, you may have target creature get -1/-1 until end of turn.",
             "Instant", "{2}{B}{B}")
    assert c.unsupported == ()
    spell_ab, cycling, trig = c.abilities
    assert isinstance(spell_ab, SpellAbility) and spell_ab.effects == (ModifyPT(Target(0), -4, -4),)
    assert trig.trigger == Trigger("cycled")
    assert trig.effects == (May((ModifyPT(Target(0), -1, -1),)),)


def test_one_of_several_colors():
    """"a blue or black spell", "a blue, black, or red spell": any one of the colors (CR 105.2);
    with another color word besides, refused."""
    a = only(card("Adder", "Whenever an opponent casts a blue or black spell, you may put a +1/+1 "
                  "counter on Adder."))
    assert a.trigger == Trigger("cast", Filter(colors=("U", "B"), controller="opponent", zone="stack"))
    a = only(card("Faithful", "Whenever you cast a blue, black, or red spell, you gain 1 life."))
    assert a.trigger.subject.colors == ("U", "B", "R")
    s = spell("Mark", "Destroy target green or white creature.")
    assert s.targets[0].filter == Filter(types=("Creature",), colors=("G", "W"))
    assert card("Odd", "Destroy target red green or white creature.", "Instant").unsupported


def test_tap_or_untap():
    """"You may tap or untap target permanent": one effect whose choice is made as it resolves
    (CR 701.26, 608.2d)."""
    a = only(card("Mite", "When Mite enters the battlefield, you may tap or untap target permanent."))
    assert a.effects == (May((ir.TapOrUntap(Target(0)),)),)
    assert a.targets == (TargetSpec("permanent", Filter()),)


def test_cast_triggers_by_turn_and_count():
    """Cast triggers (CR 601.2i) limited to whose turn it is, or to a player's Nth spell."""
    a = only(card("Cutthroat", "Whenever you cast a spell during an opponent's turn, draw a card."))
    assert a.trigger == Trigger("cast", Filter(controller="you", zone="stack"), during="opponent")
    a = only(card("Hippocamp", "Whenever you cast your first spell during each opponent's turn, draw a card."))
    assert a.trigger == Trigger("cast", Filter(controller="you", zone="stack"), nth=1, during="opponent")
    a = only(card("Wisent", "Whenever an opponent casts a blue spell during your turn, draw a card."))
    assert a.trigger == Trigger("cast", Filter(colors=("U",), controller="opponent", zone="stack"), during="your")
    a = only(card("Kraum", "Whenever an opponent casts their second spell each turn, draw a card."))
    assert a.trigger == Trigger("cast", Filter(controller="opponent", zone="stack"), nth=2)


def test_unless_the_caster_pays():
    """"you may draw a card unless that player pays {1}": the caster's payment comes first, the
    "may" is inside it (Rhystic Study rulings); "counter it" in a cast trigger is that spell."""
    a = only(card("Study", "Whenever an opponent casts a spell, you may draw a card unless that "
                  "player pays {1}.", "Enchantment"))
    assert a.effects == (ir.UnlessPays((May((Draw(1),)),), ir.Cost(mana=ManaCost.parse("{1}")),
                                       Ref("triggering_player")),)
    a = only(card("Void", "Whenever a player casts a spell, counter it unless that player pays {3}.",
                  "Enchantment"))
    assert a.effects == (ir.UnlessPays((CounterSpell(Ref("triggering_spell")),),
                                       ir.Cost(mana=ManaCost.parse("{3}")), Ref("triggering_player")),)
    assert card("Odd", "When Odd enters the battlefield, counter it.").unsupported


# ------------------------------------------------------------------ durations first, granted abilities


def test_until_end_of_turn_first_covers_every_effect_of_the_sentence(corpus_db):
    """CR 611.2a: "Until end of turn, target creature gets +1/+0 and gains first strike and
    lifelink." (Swift Justice) is the pump and the keywords, both until end of turn."""
    [ability] = corpus_db.get("Swift Justice").abilities
    assert ability.effects == (ModifyPT(Target(0), 1, 0), GrantKeywords(Target(0), (Keyword("first strike"), Keyword("lifelink"))))
    assert all(e.duration == "end_of_turn" for e in ability.effects)
    # a one-shot effect can't last: "Until end of turn, draw a card." is refused
    c = card("Odd Spell", "Until end of turn, draw a card.", "Instant")
    assert c.unsupported and not c.abilities
    # "other creatures" beside a target means other than the target: refused (Sigil Blessing)
    assert not corpus_db.get("Sigil Blessing").fully_supported


def test_until_end_of_turn_you_may_play_that_card(corpus_db):
    """CR 601.3: impulse draw, "exile the top card of your library. Until end of turn, you may
    play that card." (Abbot of Keral Keep)."""
    [_, trig] = corpus_db.get("Abbot of Keral Keep").abilities
    assert [type(e).__name__ for e in trig.effects] == ["ExileTopCard", "MayPlayExiled"]


def test_a_quoted_ability_granted_until_end_of_turn(corpus_db):
    """CR 613.1f, 113.10: "Until end of turn, target creature gains trample and "{G}: Regenerate
    this creature."" (Run Wild): the keyword and the quoted ability, its text kept."""
    [ability] = corpus_db.get("Run Wild").abilities
    keywords, granted = ability.effects
    assert keywords == GrantKeywords(Target(0), (Keyword("trample"),))
    assert type(granted) is ir.GainAbility and granted.what == Target(0) and granted.duration == "end_of_turn"
    [regenerate] = granted.abilities
    assert regenerate.cost == ir.Cost(mana=ManaCost.parse("{G}")) and regenerate.effects == (Regenerate(Ref("self")),)
    assert regenerate.text == "{G}: Regenerate ~."
    # a group, each of up to two targets, a triggered ability (Brawl, Warriors' Lesson)
    [brawl] = corpus_db.get("Brawl").abilities
    assert brawl.effects[0].what == Ref("all", CREATURE)
    [lesson] = corpus_db.get("Warriors' Lesson").abilities
    [trig] = lesson.effects[0].abilities
    assert trig.trigger == Trigger("deals_combat_damage_to_player") and trig.effects == (Draw(),)


def test_a_quoted_ability_granted_without_a_duration_lasts(corpus_db):
    """"it gains haste and "When this creature dies, ..."" (Flame-Wreathed Phoenix): no
    duration, so the effect lasts as long as the permanent (CR 611.2a)."""
    trig = corpus_db.get("Flame-Wreathed Phoenix").abilities[-1]
    assert [e.duration for e in trig.effects] == ["permanent", "permanent"]
    assert type(trig.effects[1]) is ir.GainAbility


def test_a_static_keyword_and_quoted_ability(corpus_db):
    """"Enchanted creature has lifelink and "Whenever ..."" (Eternal Thirst) is read as before."""
    assert corpus_db.get("Eternal Thirst").fully_supported
    assert corpus_db.get("Lightning Prowess").fully_supported


def test_then_sentences_and_its_power_of_the_source(corpus_db):
    """"Then that creature deals damage equal to its power to target creature ...": a sentence
    may begin with "Then" (CR 608.2c), and "its" is the creature dealing the damage."""
    [ambush] = corpus_db.get("Domri's Ambush").abilities
    assert ambush.effects[1] == DealDamage(ir.StatOf(Target(0), "power"), Target(1), Target(0))
    [deadshot] = corpus_db.get("Deadshot").abilities
    assert deadshot.effects[1] == DealDamage(ir.StatOf(Target(0), "power"), Target(1), Target(0))


def test_that_creature_cant_be_regenerated(corpus_db):
    """"Destroy target ... creature. That creature can't be regenerated." (CR 701.19c)."""
    trigger = corpus_db.get("Nekrataal").abilities[-1]
    assert trigger.effects == (Destroy(Target(0), no_regeneration=True),)


def test_a_player_plays_a_land():
    """CR 305.1: "Whenever a player plays a land", and "that player" is the one who played it."""
    a = only(card("Horn", "Whenever a player plays a land, that player draws a card.", "Artifact"))
    assert a.trigger == Trigger("plays_land", "each")
    assert a.effects == (Draw(1, Ref("triggering_player")),)
    a = only(card("Wurm", "Whenever an opponent plays a land, put a +1/+1 counter on Wurm."))
    assert a.trigger == Trigger("plays_land", "opponent")


def test_the_first_life_gain_of_a_turn():
    a = only(card("Cleric", "Whenever you gain life for the first time each turn, put a +1/+1 counter on Cleric."))
    assert a.trigger == Trigger("gain_life", "you", nth=1)


def test_spells_of_two_descriptions_in_a_cost_change():
    """CR 601.2f: "White spells and black spells you cast cost {1} less to cast." is one reduction
    for spells of either color; descriptions differing in more than one way are refused."""
    [ab] = card("Stormscape Familiar", "White spells and black spells you cast cost {1} less to cast.").abilities
    assert ab.effect.affected == Filter(colors=("W", "B"), controller="you", zone="stack")
    [ab] = card("Bosk Banneret", "Treefolk spells and Shaman spells you cast cost {1} less to cast.").abilities
    assert ab.effect.affected.subtypes == ("Treefolk", "Shaman")
    assert card("Nothing", "White creature spells and black spells you cast cost {1} less to cast.").unsupported


def test_as_long_as_the_attached_creature_is_otherwise():
    """CR 611.3a: a condition on the enchanted creature, and "Otherwise, it ..." while it fails."""
    c = card("Clutch of Undeath", "Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3.",
             "Enchantment — Aura")
    zombie = ir.AttachedIs(Filter(subtypes=("Zombie",)))
    assert [(ab.effect.power, ab.effect.condition) for ab in c.abilities] == [
        (3, zombie), (-3, dataclasses.replace(zombie, negated=True))]
    c = card("Serra's Boon", "Enchanted creature gets +1/+2 as long as it's white. Otherwise, it gets -2/-1.",
             "Enchantment — Aura")
    assert c.abilities[0].effect.condition == ir.AttachedIs(Filter(colors=("W",)))
    # "it" of ~ itself, or "if it's a ..." in a spell: not this condition
    assert card("Mistform Wall", "Mistform Wall has defender as long as it's a Wall.").unsupported


def test_enchanted_land_is_a_basic_land_type():
    """CR 305.7: "Enchanted land is an Island." sets its land type."""
    c = card("Spreading Seas", "Enchant land\nWhen Spreading Seas enters the battlefield, draw a card.\n"
             "Enchanted land is an Island.", "Enchantment — Aura")
    assert c.unsupported == ()
    assert c.abilities[-1].effect == ir.static_effect("set_land_type", "enchanted", land_type="Island")


def test_conditions_on_counters_a_permanent_had_and_the_source_tapped():
    """"if it had no time counters on it" reads the permanent a leaves-the-battlefield trigger saw
    (CR 603.10a), in such a trigger only; "if ~ is tapped" the source."""
    a = only(card("Grub", "When Grub dies, if it had no time counters on it, draw a card."))
    assert a.condition == ir.HadCounter("time", none=True)
    c = card("Odd Trigger", "Whenever Odd Trigger attacks, if it had a +1/+1 counter on it, draw a card.")
    assert c.abilities == () and len(c.unsupported) == 1
    a = only(card("Vault", "At the beginning of your draw step, if Vault is tapped, it deals 1 damage "
                  "to you.", "Artifact"))
    assert a.condition == "self_tapped"


def test_a_spell_paragraph_that_opens_with_a_condition():
    """Addendum: "If you cast this spell during your main phase, draw a card." as a paragraph of
    its own, checked as the spell resolves (CR 608.2c); in a trigger it is refused."""
    s = spell("Admonition", "Return target creature to its owner's hand.\nAddendum — If you cast "
              "this spell during your main phase, draw a card.")
    assert s.effects[1] == ir.Conditional("cast_in_your_main_phase", (Draw(1, Ref("you")),))
    c = card("Mark", "When Mark enters, if you cast it during your main phase, draw a card.")
    assert c.abilities == () and len(c.unsupported) == 1


def test_adamant_mana_spent_to_cast():
    """Adamant (CR 207.2c): the mana of one color spent to cast the spell (CR 601.2h), for a
    spell's effect as it resolves and for a permanent's counter as it enters (CR 614.1c)."""
    s = spell("Slaying Fire", "Slaying Fire deals 3 damage to any target.\nAdamant — If at least three "
              "red mana was spent to cast this spell, it deals 4 damage instead.", cost="{2}{R}")
    [e] = s.effects
    assert e.condition == ir.ManaSpent("R", 3) and e.effects == (DealDamage(4, Target(0)),)
    assert e.otherwise == (DealDamage(3, Target(0)),)
    a = only(card("Ardenvale Paladin", "Adamant — If at least three white mana was spent to cast this "
                  "spell, Ardenvale Paladin enters the battlefield with a +1/+1 counter on it."))
    assert a == ir.ReplacementAbility("enters_with_counters", "+1/+1", 1, condition=ir.ManaSpent("W", 3),
                                      text=a.text)


def test_damage_triggers_of_sources_and_of_creatures_dealt_damage():
    """"Whenever a source [an opponent controls] deals damage to ~ / you" (CR 120.1: any
    object dealing damage), "that source's controller"; "Whenever a creature you control is
    dealt damage" (CR 120.3)."""
    [ab] = card("Sphinx", "Whenever a source deals damage to ~, that source's controller mills that many "
                "cards.").abilities
    assert ab.trigger == ir.Trigger("deals_damage_to_self", Filter())
    assert ab.effects == (ir.Mill(ir.EventAmount(), ir.Ref("triggering_controller")),)
    [ab] = card("Konda", "Whenever a source an opponent controls deals damage to you, that player sacrifices "
                "a permanent.").abilities
    assert ab.trigger == ir.Trigger("deals_damage_to_you", Filter(controller="opponent"))
    assert ab.effects[0].who == ir.Ref("triggering_controller")
    [ab] = card("Rite", "Whenever a creature you control is dealt damage, put a +1/+1 counter on it.").abilities
    assert ab.trigger == ir.Trigger("dealt_damage", Filter(types=("Creature",), controller="you"))
    assert ab.effects == (ir.PutCounters(ir.Ref("triggering_object"), "+1/+1"),)


def test_tokens_in_descriptions():
    """"a creature token", "creature tokens you control", "a Caribou token" (CR 111.1)."""
    [ab] = card("Priest", "Whenever a creature token enters under your control, you gain 1 life.").abilities
    assert ab.trigger == ir.Trigger("enters", Filter(types=("Creature",), controller="you", token=True))
    [ab] = card("Virtue", "Creature tokens you control get +1/+1.", "Enchantment").abilities
    assert ab.effect.affected == Filter(types=("Creature",), controller="you", token=True)
    [ab] = card("Range", "Sacrifice a Caribou token: You gain 1 life.", "Enchantment").abilities
    assert ab.cost.part(ir.SacrificeCost) == ir.SacrificeCost(Filter(subtypes=("Caribou",), controller="you",
                                                                     token=True))


def test_losing_keywords_in_effects_and_statics(corpus_db):
    """CR 613.1f: "Target creature loses flying until end of turn." (Radjan Spirit), "gains
    flying and loses trample" (Canopy Dragon: "and" before a verb joins clauses), and the static
    "Equipped creature gets +10/+10 and loses flying." (Colossus Hammer)."""
    [ability] = corpus_db.get("Radjan Spirit").abilities
    assert ability.effects == (ir.LoseKeywords(Target(0), (Keyword("flying"),)),)
    dragon = corpus_db.get("Canopy Dragon").abilities[-1]
    assert dragon.effects == (GrantKeywords(Ref("self"), (Keyword("flying"),)),
                              ir.LoseKeywords(Ref("self"), (Keyword("trample"),)))
    hammer = [a.effect for a in corpus_db.get("Colossus Hammer").abilities if type(a) is StaticAbility]
    assert [(e.kind, getattr(e, "keywords", ())) for e in hammer] == [("modify_pt", ()), ("lose_keywords", (Keyword("flying"),))]
    # "When ~ blocks, it loses defender.": no duration, it lasts (Elder Land Wurm)
    [trig] = [a for a in corpus_db.get("Elder Land Wurm").abilities if type(a) is TriggeredAbility]
    assert trig.effects == (ir.LoseKeywords(Ref("self"), (Keyword("defender"),), "permanent"),)


def test_and_before_a_verb_ends_a_keyword_list(corpus_db):
    """"gains trample and gets +X/+X" (Craterhoof Behemoth) is two clauses."""
    trig = corpus_db.get("Craterhoof Behemoth").abilities[-1]
    assert [type(e).__name__ for e in trig.effects] == ["GrantKeywords", "ModifyPT"]


def test_becomes_a_creature_without_a_duration_lasts(corpus_db):
    """"Target Mountain becomes a 3/1 creature. It's still a land." (Siege of Towers) has no
    duration (CR 611.2a); "Until end of turn, ~ becomes ... and loses flying" (Chimeric Sphere)
    gives both parts the turn."""
    spell_ab = next(a for a in corpus_db.get("Siege of Towers").abilities if type(a) is SpellAbility)
    assert [e.duration for e in spell_ab.effects] == ["permanent"]
    sphere = corpus_db.get("Chimeric Sphere").abilities[-1]
    assert [e.duration for e in sphere.effects] == ["end_of_turn", "end_of_turn"]


def test_becomes_a_color(corpus_db):
    """Layer 5 (CR 613.1e): "Target creature becomes blue until end of turn." (Cerulean Wisps),
    "the color of your choice" (Rainbow Crow), in a list of effects (Traitor's Clutch), and a
    spell or permanent target stays refused (Blind Seer)."""
    wisps = next(a for a in corpus_db.get("Cerulean Wisps").abilities if type(a) is SpellAbility)
    assert wisps.effects[0] == ir.BecomeColor(Target(0), ("U",))
    crow = corpus_db.get("Rainbow Crow").abilities[-1]
    assert crow.effects == (ir.BecomeColor(Ref("self"), (), True),)
    clutch = next(a for a in corpus_db.get("Traitor's Clutch").abilities if type(a) is SpellAbility)
    assert [type(e).__name__ for e in clutch.effects] == ["ModifyPT", "BecomeColor", "GrantKeywords"]
    assert all(e.duration == "end_of_turn" for e in clutch.effects)
    assert not corpus_db.get("Blind Seer").fully_supported


def test_for_as_long_as_it_remains_tapped(corpus_db):
    """CR 611.2b: "Target creature gets +1/+1 for as long as ~ remains tapped." (Tawnos's
    Weaponry); a group too (Thran Weaponry)."""
    ability = corpus_db.get("Tawnos's Weaponry").abilities[-1]
    assert ability.effects == (ModifyPT(Target(0), 1, 1, "while_source_tapped"),)
    ability = corpus_db.get("Thran Weaponry").abilities[-1]
    assert ability.effects == (ModifyPT(Ref("all", CREATURE), 2, 2, "while_source_tapped"),)


def test_blocks_and_attacks_this_turn(corpus_db):
    """CR 508.1d, 509.1b-c: "blocks this turn if able" (Culling Mark), "blocks ~ this turn if
    able" (Rampant Elephant), "can't block ~ this turn" (Screeching Griffin), "must be blocked
    this turn if able" (Irresistible Prey), "attacks you this turn if able" on an opponent's
    creature (Alluring Siren)."""
    def rules(name):
        return [e.rule for a in corpus_db.get(name).abilities if hasattr(a, "effects")
                for e in a.effects if type(e) is ir.Restrict]
    assert rules("Culling Mark") == ["must_block"]
    assert rules("Rampant Elephant") == ["must_block_source"]
    assert rules("Screeching Griffin") == ["cant_block_source"]
    assert rules("Irresistible Prey") == ["must_be_blocked"]
    assert rules("Alluring Siren") == ["attacks_each_combat"]
    # "attacks target opponent": the creature's controller may be that opponent (Dulcet Sirens)
    assert not corpus_db.get("Dulcet Sirens").fully_supported


def test_and_or_between_card_types_is_either():
    """"artifacts and/or creatures", "artifacts, creatures, and/or lands", "instant and/or sorcery
    cards": each object is of one of the types; "to their owners' hands" as "to its owner's hand"."""
    s = spell("Baral", "Return up to three target artifacts and/or creatures to their owners' hands.")
    assert s.targets[0].filter.types == ("Artifact", "Creature") and s.targets[0].count == 3
    s = spell("Scholar", "Return up to two target instant and/or sorcery cards from your graveyard to your hand.")
    assert s.targets[0].filter.types == ("Instant", "Sorcery") and s.targets[0].filter.zone == "graveyard"
    s = spell("Icy", "Tap two target artifacts, creatures, and/or lands.")
    assert s.targets[0].filter.types == ("Artifact", "Creature", "Land")


def test_more_searches():
    """Searches for a list of subtypes, for any number of cards, exiling, on top after a reveal,
    split between the battlefield and the hand; "Shuffle your library." alone (CR 701.23, 701.24)."""
    s = spell("Farseek", "Search your library for a Plains, Island, Swamp, or Mountain card and put it onto the "
              "battlefield tapped. Then shuffle.", "Sorcery")
    assert s.effects == (SearchLibrary(Filter(subtypes=("Plains", "Island", "Swamp", "Mountain"), zone="library"),
                                       "battlefield", True),)
    s = spell("Mana Severance", "Search your library for any number of land cards and exile them. Then shuffle.")
    assert s.effects == (SearchLibrary(Filter(types=("Land",), zone="library"), "exile", amount=ir.ANY_NUMBER,
                                       up_to=True),)
    s = spell("Worldly Tutor", "Search your library for a creature card and reveal that card. Shuffle, then put "
              "the card on top of it.")
    assert s.effects == (SearchLibrary(dataclasses.replace(CREATURE, zone="library"), "library_top", reveal=True),)
    s = spell("Cultivate", "Search your library for up to two basic land cards, reveal those cards, and put one "
              "onto the battlefield tapped and the other into your hand, then shuffle.", "Sorcery")
    assert s.effects == (SearchLibrary(Filter(types=("Land",), supertypes=("Basic",), zone="library"), "battlefield",
                                       True, 2, True, up_to=True, split=True),)
    s = spell("Ponder", "Look at the top three cards of your library, then put them back in any order. You may "
              "shuffle. Draw a card.", "Sorcery")
    assert s.effects[1] == May((ir.ShuffleLibrary(),))


def test_graveyard_cards_on_top_of_your_library_and_mills_of_a_quantity():
    s = spell("Gravepurge", "Put any number of target creature cards from your graveyard on top of your library. "
              "Draw a card.")
    assert s.effects == (ir.PutInLibrary(Target(0)), Draw())
    assert (s.targets[0].count, s.targets[0].up_to, s.targets[0].filter.zone) == (ir.ANY_NUMBER, True, "graveyard")
    s = spell("Grisly Spectacle", "Destroy target nonartifact creature. Its controller mills cards equal to that "
              "creature's power.")
    assert s.effects[1] == Mill(ir.StatOf(Target(0), "power"), Ref("target_controller"))
    s = spell("Jace's Erasure", "You may have target player mill a card.")
    assert s.effects == (May((Mill(1, Target(0)),)),)
    # a card in a graveyard that may not be yours is not put into "your" library
    assert card("Bad", "Put target card from a graveyard on top of your library.", "Sorcery").unsupported


def test_return_two_target_phrases_to_their_owners_hands():
    s = spell("Peel from Reality", "Return target creature you control and target creature you don't control "
              "to their owners' hands.")
    assert s.effects == (ReturnToHand(Target(0)), ReturnToHand(Target(1)))
    assert [t.filter.controller for t in s.targets] == ["you", "not_you"]


def test_shuffling_a_graveyard_or_a_chosen_permanent_and_the_top_card_alone():
    s = spell("Reminisce", "Target player shuffles their graveyard into their library.", "Sorcery")
    assert s.effects == (ir.ShuffleHandAndGraveyard(Target(0), hand=False),)
    s = spell("Deglamer", "Choose target artifact or enchantment. Its owner shuffles it into their library.")
    assert s.effects == (ir.ChooseTarget(Target(0)), ir.ShuffleIntoLibrary(Target(0)))
    s = spell("Tank", "Look at the top card of your library. You may put that card into your graveyard.")
    assert s.effects == (ir.LookAtTop(1, Filter(zone="library"), "top", to="graveyard", unrevealed=True),)


def test_amass_and_ingest():
    """"Amass N" is the keyword action of CR 701.47a, Zombies for an older card (701.47d);
    ingest is a keyword (CR 702.115a). "amass X" is refused: nothing defines X."""
    a = only(card("Reaver", "When Reaver enters the battlefield, amass 1."))
    assert a.effects == (ir.Amass(1),)
    assert only(card("Invasion", "At the beginning of your upkeep, you lose 1 life and amass 1.",
                     "Enchantment")).effects == (ir.LoseLife(1), ir.Amass(1))
    assert card("Drone", "Ingest").abilities == (Keyword("ingest"),)
    assert card("Horde", "Amass X.", "Sorcery").unsupported


def test_one_or_more_creatures_attack():
    """"Whenever one or more creatures you control attack [you]": one trigger per declaration
    (CR 603.2c); no one attacker is "it"."""
    [ab] = card("Dragon", "Whenever one or more creatures you control attack, you gain 1 life for each "
                "attacking creature.").abilities
    assert ab.trigger == ir.Trigger("attacks", Filter(types=("Creature",), controller="you"), one_or_more=True)
    [ab] = card("Prayer", "Whenever one or more creatures attack you, draw a card.", "Enchantment").abilities
    assert ab.trigger == ir.Trigger("attacks", Filter(types=("Creature",)), one_or_more=True, attacked="you")
    assert not card("Bad", "Whenever one or more creatures you control attack, untap it.").abilities


def test_more_effect_verbs():
    """"draw an additional card" (CR 121.1), "sacrifice a creature other than ~" (CR 701.21a),
    exchanging life totals (CR 701.12c): two target players, or you and one target player."""
    assert only(card("Dragon", "At the beginning of your draw step, draw an additional card.")
                ).effects == (Draw(1, Ref("you")),)
    assert only(card("Taskmaster", "At the beginning of your upkeep, sacrifice a creature other than "
                     "Taskmaster.")).effects == (ir.SacrificePermanents(
                         Ref("you"), Filter(types=("Creature",), controller="you", other=True)),)
    ab = only(card("Conduit", "{6}, {T}: Two target players exchange life totals.", "Artifact"))
    assert ab.effects == (ir.ExchangeLifeTotals(Target(0)),) and ab.targets[0].count == 2
    ab = only(card("Mirror", "{T}: Exchange life totals with target opponent.", "Artifact"))
    assert ab.effects == (ir.ExchangeLifeTotals(Ref("you"), Target(0)),)
    # one target player is not two; "other than ~" is for your own sacrifice only
    assert card("Bad", "{T}: Target player exchanges life totals.", "Artifact").unsupported
    assert card("Bad", "{T}: Target player sacrifices a creature other than Bad.", "Artifact").unsupported


def test_enchanted_land_is_one_basic_land_type_only():
    """"Enchanted land is an Island." sets the land type (CR 305.7); several types, a creature
    or a type that isn't basic are not read this way."""
    [_, st] = card("Seas", "Enchant land\nEnchanted land is an Island.", "Enchantment — Aura").abilities
    assert st.effect == ir.static_effect("set_land_type", "enchanted", land_type="Island")
    assert card("Growth", "Enchant land\nEnchanted land is a Mountain, Forest, and Plains.",
                "Enchantment — Aura").unsupported
    assert card("Zendikon", "Enchant land\nEnchanted land is a 3/3 black Ooze creature.",
                "Enchantment — Aura").unsupported
    assert card("Desert", "Enchant land\nEnchanted land is a Desert.", "Enchantment — Aura").unsupported


def test_other_than_self_in_descriptions():
    """"other than ~" is "other" (not the source) in a target and in "all" (Faceless Butcher,
    Worldslayer)."""
    ab = only(card("Butcher", "When Butcher enters the battlefield, exile target creature other than Butcher."))
    assert ab.targets[0].filter == Filter(types=("Creature",), other=True)
    ab = only(card("Slayer", "Whenever equipped creature deals combat damage to a player, destroy all "
                   "permanents other than Slayer.", "Artifact — Equipment"))
    assert ab.effects == (Destroy(Ref("all", Filter(other=True))),)


def test_proliferate():
    """CR 701.34a: a keyword action alone or among other verbs."""
    assert only(card("Progress", "Proliferate. Draw a card.", "Instant")).effects == (ir.Proliferate(), ir.Draw(1))
    a = only(card("Clasp", "{4}, {T}: Proliferate.", "Artifact"))
    assert a.effects == (ir.Proliferate(),)


def test_doesnt_untap_while_the_source_remains_tapped():
    """CR 611.2b: the hold lasts while the source remains tapped, not only the next untap step."""
    a = only(card("Leech", "{T}: Tap target land. It doesn't untap during its controller's untap step "
                           "for as long as Leech remains tapped."))
    assert a.effects == (ir.Tap(ir.Target(0)), ir.SkipNextUntap(ir.Target(0), while_source_tapped=True))


def test_enters_with_counters_if():
    """CR 614.1c: "~ enters with ... counters on it if [condition]" (raid, morbid, ferocious,
    revolt, "if you cast it from your hand")."""
    for text, condition in (
            ("if you attacked this turn", "you_attacked_this_turn"),
            ("if a creature died this turn", "creature_died_this_turn"),
            ("if a permanent you controlled left the battlefield this turn", "permanent_left_this_turn"),
            ("if you cast it from your hand", "cast_from_hand"),
            ("if you control a creature with power 4 or greater",
             ir.YouControl((Filter(types=("Creature",), controller="you", power_at_least=4),)))):
        r = only(card("Boar", f"Boar enters the battlefield with two +1/+1 counters on it {text}."))
        assert (r.kind, r.counter_kind, r.amount, r.condition) == ("enters_with_counters", "+1/+1", 2, condition)
    # "it" would be another object than the source: not read
    assert card("Pair", "Whenever a creature enters the battlefield, if you cast it from your hand, "
                        "draw a card.", "Enchantment").unsupported


def test_where_a_spell_was_cast_from():
    """CR 601.2a: "if you cast it from your hand" (intervening, CR 603.4), "If this spell was cast
    from a graveyard, ... instead" (CR 608.2c)."""
    ab = only(card("Stoker", "When Stoker enters the battlefield, if you cast it from your hand, draw a card."))
    assert ab.condition == "cast_from_hand"
    sp = spell("Savagery", "Put five +1/+1 counters on target creature. If this spell was cast from a "
                           "graveyard, put ten +1/+1 counters on that creature instead.", "Sorcery")
    [cond] = sp.effects
    assert cond.condition == "cast_from_graveyard" and cond.effects[0].amount == 10
    assert cond.otherwise[0].amount == 5
    ab = only(card("Aeronauts", "When Aeronauts enters the battlefield, if a permanent you controlled left "
                                "the battlefield this turn, you gain 5 life."))
    assert ab.condition == "permanent_left_this_turn"


def test_condition_after_one_instruction():
    """"[instruction] if [condition]." is checked as it resolves (CR 608.2c), even in a triggered
    ability (not an intervening "if", CR 603.4); "it" there is the object the instruction names."""
    ab = only(card("Oni", "At the beginning of your upkeep, discard a card if you don't control an Ogre."))
    assert ab.condition is None
    assert ab.effects == (ir.Conditional(ir.YouControl((Filter(subtypes=("Ogre",), controller="you"),), at_least=0, at_most=0),
                                         (ir.Discard(),), condition_after=True),)
    sp = spell("Rend", "Destroy target creature if it's white.", "Sorcery")
    assert sp.effects == (ir.Conditional(ir.ObjectIs(Target(0), Filter(colors=("W",))), (Destroy(Target(0)),),
                                         condition_after=True),)
    ring = only(card("Ring", "At the beginning of your upkeep, put a +1/+1 counter on equipped creature if it's blue.",
                     "Artifact — Equipment"))
    assert ring.effects[0].condition == ir.ObjectIs(Ref("equipped"), Filter(colors=("U",)))
    # "it's tapped" said after an instruction is about its object, not the source: not read
    assert card("Liege", "Whenever you cast a black spell, you may destroy target creature if it's tapped.").unsupported
    # two instructions before the condition: which of them it governs isn't settled
    assert card("Two", "Draw a card and you gain 1 life if you control an Ogre.", "Instant").unsupported


def test_phase_trigger_steps():
    """"each combat" is every beginning of combat step (CR 507), "your precombat main phase" the
    turn's first main phase (CR 505.1a), "each other player's" step an opponent's (CR 102.2)."""
    a = only(card("Rider", "At the beginning of each combat, Rider gets +1/+1 until end of turn."))
    assert a.trigger == Trigger("beginning_of_step", step="beginning_of_combat", whose="each")
    a = only(card("Market", "At the beginning of your precombat main phase, add {B}.", "Artifact"))
    assert a.trigger == Trigger("beginning_of_step", step="main1", whose="your")
    a = only(card("Well", "At the beginning of each other player's draw step, that player draws an "
                          "additional card.", "Enchantment"))
    assert a.trigger == Trigger("beginning_of_step", step="draw", whose="opponent")
    assert a.effects == (Draw(1, who=Ref("triggering_player")),)


def test_win_the_game():
    """CR 104.2b: "you win the game" after an intervening "if" (Felidar Sovereign)."""
    a = only(card("Sovereign", "At the beginning of your upkeep, if you have 40 or more life, you win the game."))
    assert a.effects == (ir.WinGame(),)
    assert a.condition == ir.PlayerCount("life", at_least=40)


def test_count_minus_a_number():
    """"the number of cards in your hand minus 4" and "3 minus the number of cards in their hand"
    (CR 107.1b); the count of "their" hand only in damage dealt to players."""
    a = only(card("Tower", "At the beginning of your upkeep, you gain X life, where X is the number of "
                           "cards in your hand minus 4.", "Artifact"))
    assert a.effects == (GainLife(ir.Minus(CountOf(Filter(controller="you", zone="hand")), 4)),)
    a = only(card("Rack", "At the beginning of each opponent's upkeep, Rack deals X damage to that player, "
                          "where X is 3 minus the number of cards in their hand."))
    assert a.effects[0].amount == ir.Minus(ir.CountPerPlayer(Filter(zone="hand")), 3, from_n=True)
    assert card("Rack", "At the beginning of your upkeep, Rack deals X damage to target creature, "
                        "where X is 3 minus the number of cards in their hand.").unsupported


def test_step_or_cast_trigger():
    """"At the beginning of your upkeep or whenever you cast a green spell": one ability per
    trigger condition (CR 603.2; Shrine of Boundless Growth)."""
    c = card("Shrine", "At the beginning of your upkeep or whenever you cast a green spell, put a "
                       "charge counter on Shrine.", "Artifact")
    assert c.unsupported == ()
    up, cast = c.abilities
    assert up.trigger == Trigger("beginning_of_step", step="upkeep", whose="your")
    assert cast.trigger == Trigger("cast", Filter(controller="you", colors=("G",), zone="stack"))
    assert up.effects == cast.effects == (PutCounters(Ref("self"), "charge"),)


def test_effect_unless_you_pay_a_cost():
    """"[effect] unless you [cost]" (CR 118.12): any effect, any cost the unless-costs read;
    "unless you control ..." stays a condition of a static ability."""
    a = only(card("Phage", "At the beginning of your upkeep, tap Phage unless you pay 1 life."))
    assert a.effects == (ir.UnlessPays((ir.Tap(Ref("self")),), ir.Cost(parts=(ir.PayLifeCost(1),))),)
    a = only(card("Lesson", "Discard a card unless you return a land you control to its owner's hand.", "Sorcery"))
    assert type(a.effects[0]) is ir.UnlessPays and a.effects[0].effects == (Discard(1, Ref("you")),)
    a = only(card("Phage", "At the beginning of your upkeep, sacrifice Phage unless you pay {1}."))
    assert type(a.effects[0]) is ir.SacrificeUnlessPays
    c = card("Castaways", "Castaways can't attack unless you control an artifact.")
    assert c.unsupported == () and type(only(c)) is StaticAbility


def test_reveal_top_card_into_hand():
    """"reveal the top card of your library and put that card into your hand" (CR 701.20a): "its
    mana value" / "that card's mana value" after it is that card's; "it" as an object is refused."""
    a = only(card("Seer", "At the beginning of your upkeep, reveal the top card of your library and put "
                          "that card into your hand. You lose life equal to that card's mana value."))
    assert a.effects == (ir.RevealTopToHand(), ir.LoseLife(ir.StatOf(Ref(ir.REVEALED), "mana_value")))
    assert card("Seer", "At the beginning of your upkeep, reveal the top card of your library and put "
                        "that card into your hand. Discard it.").unsupported
    assert card("Seer", "When Seer dies, you gain life equal to that card's power.").unsupported


def test_monocolored():
    """"monocolored": exactly one color (CR 105.2a; Ultimate Price)."""
    a = only(card("Price", "Destroy target monocolored creature.", "Instant"))
    assert a.targets[0].filter == Filter(types=("Creature",), monocolored=True)


def test_cast_or_enters_trigger_is_two_abilities():
    """"Whenever you cast a black spell or a Swamp enters under your control": one ability per
    event (CR 603.2)."""
    c = card("Staff of the Death Magus", "Whenever you cast a black spell or a Swamp enters the battlefield "
             "under your control, you gain 1 life.", "Artifact")
    assert c.unsupported == ()
    cast, enters = c.abilities
    assert cast.trigger == Trigger("cast", Filter(colors=("B",), controller="you", zone="stack"))
    assert enters.trigger == Trigger("enters", Filter(subtypes=("Swamp",), controller="you"))
    assert cast.effects == enters.effects == (GainLife(1),)


def test_cast_triggers_on_kicked_spells_and_adventurers():
    """"a kicked spell" (CR 702.33d) and "a creature spell that has an Adventure" (CR 715.2) in a
    cast trigger; "a kicked creature" on the battlefield is refused."""
    a = only(card("Lullmage's Familiar", "Whenever you cast a kicked spell, you gain 2 life."))
    assert a.trigger == Trigger("cast", Filter(controller="you", zone="stack", kicked=True))
    a = only(card("Edgewall Innkeeper", "Whenever you cast a creature spell that has an Adventure, draw a card."))
    assert a.trigger == Trigger("cast", Filter(types=("Creature",), controller="you", zone="stack", adventure=True))
    c = card("Odd Kicks", "Destroy target kicked creature.", "Instant")
    assert c.abilities == () and len(c.unsupported) == 1


def test_spell_colors_type_lists_and_base_power_and_toughness():
    """"a spell that's both red and white" (each color), "that's white, blue, black, or red" (any
    one), "an instant, sorcery, or Wizard spell" (a card type or a subtype, CR 205.2-205.3), and
    "~ has base power and toughness 4/2 until end of turn" (layer 7b, CR 613.4b)."""
    a = only(card("Battlegate Mimic", "Whenever you cast a spell that's both red and white, Battlegate Mimic "
                  "has base power and toughness 4/2 until end of turn and gains first strike until end of turn."))
    assert a.trigger == Trigger("cast", Filter(controller="you", zone="stack", all_colors=("R", "W")))
    assert a.effects == (ir.SetBasePT(Ref("self"), 4, 2), GrantKeywords(Ref("self"), (Keyword("first strike"),)))
    a = only(card("Quirion Dryad", "Whenever you cast a spell that's white, blue, black, or red, put a +1/+1 "
                  "counter on Quirion Dryad."))
    assert a.trigger.subject.colors == ("W", "U", "B", "R")
    a = only(card("Umara Wizard", "Whenever you cast an instant, sorcery, or Wizard spell, Umara Wizard gains "
                  "flying until end of turn."))
    assert a.trigger == Trigger("cast", Filter(types=("Instant", "Sorcery"), subtypes=("Wizard",), controller="you",
                                               zone="stack", types_or_subtypes=True))
    a = only(card("Sram", "Whenever you cast an Aura, Equipment, or Vehicle spell, draw a card."))
    assert a.trigger.subject == Filter(subtypes=("Aura", "Equipment", "Vehicle"), controller="you", zone="stack")


def test_attacks_as_though_it_didnt_have_defender():
    """"can attack as though it didn't have defender" (CR 702.3b) under a condition about the
    source ("is enchanted or equipped") or the equipped creature ("has defender")."""
    [_, st] = card("Knight", "Defender\nAs long as Knight is enchanted or equipped, it can attack as though it "
                   "didn't have defender.").abilities
    assert st.effect == ir.static_effect("attacks_despite_defender", "self",
                                        condition=ir.AnyOf(("self_enchanted", "self_equipped")))
    [st, _] = card("Chariot", "As long as equipped creature has defender, it can attack as though it didn't "
                   "have defender.\nEquip {3}", "Artifact — Equipment").abilities
    assert st.effect == ir.static_effect("attacks_despite_defender", "equipped",
                                        condition=ir.AttachedIs(Filter(keywords=("defender",))))


def test_creatures_that_are_enchanted():
    """"Creatures you control that are enchanted" (CR 303.4): ``Filter.enchanted``."""
    [_, st] = card("Magemark", "Enchant creature\nCreatures you control that are enchanted get +1/+1.",
                   "Enchantment — Aura").abilities
    assert st.effect.affected == Filter(types=("Creature",), controller="you", enchanted=True)


def test_activate_an_ability_triggers():
    """"Whenever a player activates an ability that isn't a mana ability" (CR 602.2b, 601.2i, 605.3a),
    "an opponent activates an ability of an artifact, creature, or land on the battlefield, if it
    isn't a mana ability"; "that player" is who activated it. Without "isn't a mana ability" the
    sentence stays unread (mana abilities aren't seen)."""
    a = only(card("Burning-Tree Shaman", "Whenever a player activates an ability that isn't a mana ability, "
                  "Burning-Tree Shaman deals 1 damage to that player."))
    assert a.trigger == Trigger("activates", "each")
    assert a.effects == (DealDamage(1, Ref("triggering_player")),)
    a = only(card("Harsh Mentor", "Whenever an opponent activates an ability of an artifact, creature, or land "
                  "on the battlefield, if it isn't a mana ability, Harsh Mentor deals 2 damage to that player."))
    assert a.trigger == Trigger("activates", "opponent",
                                source=Filter(types=("Artifact", "Creature", "Land")))
    c = card("Ceaseless Searblades", "Whenever you activate an ability of an Elemental, Ceaseless Searblades "
             "gets +1/+0 until end of turn.")
    assert c.abilities == () and len(c.unsupported) == 1
def test_remove_any_number_of_counters_for_mana():
    """Storage lands and Mana Batteries: the cost removes any number of counters of one kind,
    and the mana counts those removed this way."""
    a = only(card("Hold", "{T}, Remove any number of storage counters from Hold: Add {R} for each storage "
                          "counter removed this way.", "Land"))
    assert a.is_mana and a.cost == ir.Cost(parts=(ir.TapSymbol(), ir.RemoveAnyCountersCost("storage")))
    assert a.effects == (ir.AddMana(ir.ManaProduce(symbols=("R",), amount=ir.CountersRemoved("storage"))),)
    a = only(card("Battery", "{T}, Remove any number of charge counters from Battery: Add {B}, then add an "
                             "additional {B} for each charge counter removed this way.", "Artifact"))
    assert a.effects == (ir.AddMana(ir.ManaProduce(symbols=("B",))),
                         ir.AddMana(ir.ManaProduce(symbols=("B",), amount=ir.CountersRemoved("charge"))))
    # the counters counted must be the ones the cost removes
    assert card("Odd", "{T}, Remove any number of storage counters from Odd: Add {R} for each charge "
                       "counter removed this way.", "Land").unsupported


def test_remove_x_counters_for_x_mana_in_a_combination():
    """Calciform Pools: "Remove X storage counters" is the number chosen as the cost is paid,
    and X in its effect is that number (CR 107.3); the mana is any mix of two colors."""
    a = only(card("Pools", "{1}, Remove X storage counters from Pools: Add X mana in any combination of "
                           "{W} and/or {U}.", "Land"))
    assert a.is_mana and a.cost == ir.Cost(ManaCost.parse("{1}"), (ir.RemoveAnyCountersCost("storage", named_x=True),))
    assert a.effects == (ir.AddMana(ir.ManaProduce(amount=ir.CountersRemoved("storage"), combination_of=("W", "U"))),)
    # an X paid in mana as well, and a "combination" of one color, are refused
    assert card("Odd", "{X}, Remove X storage counters from Odd: Add X mana in any combination of {W} and/or "
                       "{U}.", "Land").unsupported
    assert card("Odd", "{T}: Add X mana in any combination of {W} and/or {W}.", "Land").unsupported


def test_limits_on_mana_abilities():
    """CR 602.5b on mana abilities: a condition, once each turn, N times each turn."""
    a = card("Field", "{T}: Add {C}.\n{T}: Add {W} or {B}. Activate only if you control a Swamp.", "Land").abilities[1]
    assert a.is_mana and a.condition == ir.YouControl((ir.Filter(subtypes=("Swamp",), controller="you"),))
    a = only(card("Translator", "Pay 1 life: Add {C}. Activate only once each turn."))
    assert a.is_mana and a.once_per_turn
    a = only(card("Cinder", "{1}: Add {B} or {R}. Activate this ability no more than three times each turn."))
    assert a.is_mana and a.times_per_turn == 3


def test_strive_cost_per_target():
    """Strive (an ability word): a cost increase per target beyond the first (CR 601.2f)."""
    c = card("Presence", "Strive — This spell costs {2}{W} more to cast for each target beyond the first.\n"
                         "Any number of target creatures each get +1/+1 until end of turn.", "Instant", "{W}")
    assert c.unsupported == ()
    [strive] = [a for a in c.abilities if type(a) is ir.CostPerTarget]
    assert strive.mana == ManaCost.parse("{2}{W}")
    assert card("Odd", "This spell costs {2} less to cast for each target beyond the first.\n"
                       "Any number of target creatures each get +1/+1 until end of turn.", "Instant").unsupported


def test_additional_cost_or_another():
    """"As an additional cost to cast this spell, [cost] or [cost]." (CR 601.2b): one of two."""
    [ab] = [a for a in card("Adept", "As an additional cost to cast this spell, reveal a Merfolk card from "
                                     "your hand or pay {3}.\nDraw a card.").abilities if type(a) is ir.AdditionalCost]
    assert ab.cost == ir.Cost(parts=(ir.RevealFromHandCost(Filter(subtypes=("Merfolk",), zone="hand",
                                                                  controller="you")),))
    assert ab.or_cost == ir.Cost(mana=ManaCost.parse("{3}"))
    [ab] = [a for a in card("Harvest", "As an additional cost to cast this spell, sacrifice a creature or pay "
                                       "{3}{B}.\nDraw a card.", "Sorcery").abilities if type(a) is ir.AdditionalCost]
    assert ab.cost == ir.Cost(parts=(ir.SacrificeCost(Filter(types=("Creature",), controller="you")),))
    assert ab.or_cost == ir.Cost(mana=ManaCost.parse("{3}{B}"))
    [ab] = [a for a in card("Payment", "As an additional cost to cast this spell, pay 5 life or sacrifice a "
                                       "creature or enchantment.\nDraw a card.", "Instant").abilities
            if type(a) is ir.AdditionalCost]
    assert ab.cost == ir.Cost(parts=(ir.PayLifeCost(5),))
    assert ab.or_cost == ir.Cost(parts=(ir.SacrificeCost(Filter(types=("Creature", "Enchantment"), controller="you")),))


def test_token_named():
    """"... creature token named Cloud Sprite" names the token (CR 111.4); "a card named ..." in
    other sentences is not read as a token's name."""
    a = only(card("Smith", "{1}, {T}: Create a 3/1 red Beast creature token named Carnivore."))
    assert a.effects[0].token.name == "Carnivore" and a.effects[0].token.subtypes == ("Beast",)
    a = only(card("Master", "{2}{G}{G}: Create a 1/1 green Wolf creature token named Wolves of the Hunt."))
    assert a.effects[0].token.name == "Wolves of the Hunt"
    a = only(card("Maker", "{T}: Create a 1/1 green Wolf creature token."))
    assert a.effects[0].token.name == "Wolf Token"


def test_self_cost_x_less():
    """"This spell costs {X} less to cast, where X is ..." (CR 601.2f): devotion, total power,
    greatest power, total mana value."""
    def eff(text):
        return only(card("Spell", text + "\n", "Creature — Test")).effect
    e = eff("This spell costs {X} less to cast, where X is your devotion to black.")
    assert (e.kind, e.for_each, e.colors, e.amount) == ("self_cost_reduction", "devotion", ("B",), 1)
    e = eff("This spell costs {X} less to cast, where X is the total power of creatures you control.")
    assert (e.for_each, e.count) == ("total_power", Filter(types=("Creature",), controller="you"))
    e = eff("This spell costs {X} less to cast, where X is the greatest power among creatures you control.")
    assert e.for_each == "greatest_power"
    assert card("Spell", "This spell costs {X} more to cast, where X is your devotion to black.").unsupported


def test_put_a_counter_as_a_cost():
    """"Put a -1/-1 counter on ~:" and "put a -1/-1 counter on a creature you control" (CR 118.3)."""
    a = only(card("Druid", "Put a -1/-1 counter on Druid: Untap Druid."))
    assert a.cost == ir.Cost(parts=(ir.PutCounterCost("-1/-1"),))
    [ab] = [a for a in card("Sting", "As an additional cost to cast this spell, put a -1/-1 counter on a creature "
                                     "you control.\nDestroy target creature.", "Sorcery").abilities
            if type(a) is ir.AdditionalCost]
    assert ab.cost == ir.Cost(parts=(ir.PutCounterCost("-1/-1", Filter(types=("Creature",), controller="you")),))


def test_as_long_as_the_attached_permanent_named_is():
    """"As long as equipped creature is a Human, it ...": the condition is on the attached
    permanent (CR 301.5, 611.3a) and "it" is that permanent; "gets an additional" is a pump."""
    [st, _] = card("Cleaver", "As long as equipped creature is a Human or an Angel, it gets an additional "
                   "+1/+0.\nEquip {1}", "Artifact — Equipment").abilities
    assert st.effect == ir.static_effect("modify_pt", "equipped", power=1,
                                        condition=ir.AttachedIs(Filter(subtypes=("Human", "Angel"))))
    [_, st] = card("Helm", "Enchant creature\nAs long as enchanted creature is legendary, it has hexproof.",
                   "Enchantment — Aura").abilities
    assert st.effect == ir.static_effect("grant_keywords", "enchanted", keywords=(ir.Keyword("hexproof"),),
                                        condition=ir.AttachedIs(Filter(supertypes=("Legendary",))))
    [_, st] = card("Caves", "Enchant land\nAs long as enchanted land is a basic Mountain, Goblin creatures "
                   "get +0/+2.", "Enchantment — Aura").abilities
    assert st.effect.affected == Filter(types=("Creature",), subtypes=("Goblin",))
    assert st.effect.condition == ir.AttachedIs(Filter(subtypes=("Mountain",), supertypes=("Basic",)))
    # "a red creature or a Goblin" is not one filter of creature types
    assert card("Bad", "As long as equipped creature is a red creature or a Goblin, it has haste.\nEquip {1}",
                "Artifact — Equipment").unsupported


def test_a_god_isnt_a_creature_while_devotion_is_low():
    """"As long as your devotion to red and white is less than seven, ~ isn't a creature."
    (CR 700.5, 613.1d): the creature type removed while the devotion is at most six."""
    [st] = card("Iroas", "As long as your devotion to red and white is less than seven, Iroas isn't a "
                "creature.", "Legendary Enchantment Creature — God").abilities
    assert st.effect == ir.static_effect("remove_types", "self", types=("Creature",),
                                        condition=ir.Devotion(("R", "W"), 6))
    # a group's types are not changed this way
    assert card("Bad", "As long as you control a Plains, artifacts you control aren't creatures.",
                "Enchantment").unsupported


def test_a_group_that_cant_have_a_keyword():
    """"lose trample and can't have or gain trample" (CR 113.11): a loss and a rule that no
    effect gives it."""
    [st1, st2] = card("Archetype", "Creatures your opponents control lose trample and can't have or gain "
                      "trample.", "Enchantment Creature — Human Warrior").abilities
    opp = Filter(types=("Creature",), controller="opponent")
    assert {st1.effect, st2.effect} == {
        ir.static_effect("lose_keywords", opp, keywords=(ir.Keyword("trample"),)),
        ir.static_effect("cant_have_keywords", opp, keywords=(ir.Keyword("trample"),))}


def test_cant_attack_you_or_your_planeswalkers():
    """"can't attack you or a planeswalker you control" (CR 508.1c), one effect among others."""
    abilities = card("Vow", "Enchant creature\nEnchanted creature gets +2/+2, has flying, and can't attack you "
                     "or a planeswalker you control.", "Enchantment — Aura").abilities
    assert ir.static_effect("cant_attack_you", "enchanted") in [a.effect for a in abilities[1:]]


def test_is_goaded():
    """"is goaded" as a static effect of an Aura or Equipment (CR 701.38b)."""
    abilities = card("Blade", "Equipped creature gets +2/+0 and is goaded.\nEquip {1}",
                     "Artifact — Equipment").abilities
    assert ir.static_effect("goaded", "equipped") in [a.effect for a in abilities if type(a) is ir.StaticAbility]


def test_a_group_enters_tapped():
    """"Creatures your opponents control enter the battlefield tapped." (CR 614.1c)."""
    ab = only(card("Sovereign", "Creatures your opponents control enter the battlefield tapped."))
    assert (ab.kind, ab.affected) == ("enters_tapped", Filter(types=("Creature",), controller="opponent"))


def test_static_damage_changes():
    """CR 614.1a: "If [a source] would deal damage [to X], it deals double that damage / that
    much damage plus N / half that damage, rounded down, [to that X] instead."; the source and
    recipient are free parts, "to that ..." must name the recipient again."""
    any_source = Ref("all", Filter())
    ab = only(card("Furnace", "If a source would deal damage to a permanent or player, it deals double that "
                   "damage to that permanent or player instead.", "Enchantment"))
    assert (ab.kind, ab.damage) == ("damage_change", ir.DamageChange(any_source, times=2))
    ab = only(card("Torbran", "If a red source you control would deal damage to an opponent or a permanent an "
                   "opponent controls, it deals that much damage plus 2 instead."))
    assert ab.damage == ir.DamageChange(Ref("all", Filter(controller="you", colors=("R",))), Ref("each_opponent"),
                                        Ref("all", Filter(controller="opponent")), plus=2)
    ab = only(card("Servant", "If a red instant or sorcery spell you control would deal damage, it deals double "
                   "that damage instead."))
    assert ab.damage.source == Ref("all", Filter(types=("Instant", "Sorcery"), controller="you", colors=("R",),
                                                 zone="stack"))
    ab = only(card("Barrier", "If a source would deal damage to a creature you control, it deals that much damage "
                   "minus 1 to that creature instead.", "Enchantment"))
    assert ab.damage == ir.DamageChange(any_source, Ref("all", Filter(types=("Creature",), controller="you")),
                                        plus=-1)
    ab = only(card("Ghosts", "If a source would deal damage to a permanent or player, it deals half that damage, "
                   "rounded down, to that permanent or player instead."))
    assert ab.damage.halve
    # "to that creature" after "a player" names another recipient: not read
    assert card("Odd", "If a source would deal damage to a player, it deals double that damage to that "
                "creature instead.").unsupported


def test_static_prevention_of_some_damage_from_any_source_description():
    """CR 615.10: "If a red source / an artifact would deal damage to you, prevent 2 of that damage."."""
    ab = only(card("Sphere", "If a red source would deal damage to you, prevent 2 of that damage.", "Enchantment"))
    assert ab.effect == ir.PreventDamage(2, Ref("you"), source=Ref("all", Filter(colors=("R",))), duration="")
    ab = only(card("Purity", "If an artifact would deal damage to you, prevent 1 of that damage.", "Enchantment"))
    assert ab.effect.source == Ref("all", Filter(types=("Artifact",)))


def test_life_gain_changes():
    """CR 614.1a, 119.10: "If you would gain life, you gain twice that much life / that much life
    plus 1 instead"; "If a player / an opponent would gain life, that player gains no life / loses
    that much life instead"."""
    ab = only(card("Faithmender", "If you would gain life, you gain twice that much life instead."))
    assert (ab.kind, ab.whose, ab.life) == ("life_gain_change", "you", ir.LifeGainChange(times=2))
    ab = only(card("Vitality", "If you would gain life, you gain that much life plus 1 instead."))
    assert ab.life == ir.LifeGainChange(plus=1)
    ab = only(card("Vortex", "If a player would gain life, that player gains no life instead.", "Enchantment"))
    assert (ab.whose, ab.life) == (None, ir.LifeGainChange(times=0))
    ab = only(card("Remedy", "If an opponent would gain life, that player loses that much life instead.",
                   "Enchantment"))
    assert (ab.whose, ab.life) == ("opponent", ir.LifeGainChange(lose=True))
    assert card("Odd", "If you would gain life, that player gains no life instead.").unsupported


def test_life_gained_from_the_damage_prevented():
    """CR 615.5: "You gain life equal to the damage prevented this way." is the rest of the
    prevention of the sentence before, done as it prevents damage."""
    ab = only(card("Strike", "The next time target creature would deal damage this turn, prevent that damage. "
                   "You gain life equal to the damage prevented this way.", "Instant"))
    assert ab.effects == (ir.PreventDamage(source=ir.Target(0), once=True, gain_life=True),)
    ab = only(card("Glow", "Prevent the next 3 damage that would be dealt to any target this turn. You gain life "
                   "equal to the damage prevented this way.", "Instant"))
    assert ab.effects == (ir.PreventDamage(3, ir.Target(0), gain_life=True),)
    assert card("Odd", "Draw a card. You gain life equal to the damage prevented this way.", "Instant").unsupported


def test_redirection_of_damage():
    """CR 614.9: the parts of a prevention, and the one object or player the damage is dealt to
    instead."""
    ab = only(card("Kor", "{0}: The next 1 damage that would be dealt to Kor this turn is dealt to target "
                   "creature you control instead."))
    assert ab.effects == (ir.RedirectDamage(ir.Target(0), 1, Ref("self")),)
    ab = only(card("Carom", "The next 1 damage that would be dealt to target creature this turn is dealt to "
                   "another target creature instead.", "Instant"))
    assert ab.effects == (ir.RedirectDamage(ir.Target(1), 1, ir.Target(0)),) and ab.targets[1].other_than == (0,)
    ab = only(card("Beacon", "{T}: The next time a source of your choice would deal damage to you this turn, that "
                   "damage is dealt to Beacon instead.", "Artifact"))
    assert ab.effects == (ir.RedirectDamage(Ref("self"), to=Ref("you"), source=Ref(ir.CHOSEN_SOURCE, Filter()),
                                            once=True),)
    ab = only(card("Valor", "All damage that would be dealt to target creature this turn is dealt to you instead.",
                   "Instant"))
    assert ab.effects == (ir.RedirectDamage(Ref("you"), to=ir.Target(0)),)
    # a group can't be dealt the damage instead; without "this turn" it would last until used
    assert card("Odd", "The next 1 damage that would be dealt to target creature this turn is dealt to "
                "creatures you control instead.", "Instant").unsupported
    assert card("Eladamri", "{0}: The next 1 damage that would be dealt to target creature you control is dealt "
                "to you instead.").unsupported


def test_static_redirection_of_damage():
    """CR 604.1, 614.9: without "this turn", "All damage that would be dealt to you is dealt to ~
    instead." is a static ability; a target can't be its new recipient."""
    ab = only(card("Archangel", "All damage that would be dealt to you is dealt to Archangel instead."))
    assert ab.effect == ir.RedirectDamage(Ref("self"), to=Ref("you"), duration="")
    ab = only(card("Pariah", "All damage that would be dealt to you is dealt to enchanted creature instead.",
                   "Enchantment"))
    assert ab.effect.instead == Ref("enchanted")
    assert card("Odd", "All damage that would be dealt to you is dealt to target creature instead.").unsupported


def test_counters_for_the_damage_prevented():
    """CR 615.5: "For each 1 damage prevented this way, put a +1/+1 counter on that creature.":
    on the one creature the prevention before protects."""
    ab = only(card("Faith", "Prevent the next 3 damage that would be dealt to target creature this turn. For each "
                   "1 damage prevented this way, put a +1/+1 counter on that creature.", "Instant"))
    assert ab.effects == (ir.PreventDamage(3, ir.Target(0), counters=True),)
    assert card("Odd", "Prevent all damage that would be dealt to you this turn. For each 1 damage prevented "
                "this way, put a +1/+1 counter on that creature.", "Instant").unsupported


def test_prevention_and_damage_change_parts_combine():
    """"the next 1 combat damage", the next damage "dealt by ~" to anything, and "equipped
    creature" as the source of a damage change (CR 614.1a, 615.7)."""
    ab = only(card("Griffin", "{1}{W}: Prevent the next 1 combat damage that would be dealt to you this turn."))
    assert ab.effects == (ir.PreventDamage(1, Ref("you"), combat_only=True),)
    ab = only(card("Wire", "{2}: Prevent the next 1 damage that would be dealt by Wire this turn.", "Artifact"))
    assert ab.effects == (ir.PreventDamage(1, source=Ref("self")),)
    ab = only(card("Flail", "If equipped creature would deal combat damage, it deals double that damage instead.",
                   "Artifact — Equipment"))
    assert ab.damage == ir.DamageChange(Ref("equipped"), combat_only=True, times=2)


def test_damage_changes_for_a_turn():
    """CR 614.1a: the same change of damage with "this turn", from a resolving spell; groups that
    name the source it outlives are refused (CR 611.2c)."""
    ab = only(card("Insult", "If a source you control would deal damage this turn, it deals double that damage "
                   "instead.", "Sorcery"))
    assert ab.effects == (ir.ChangeDamage(ir.DamageChange(Ref("all", Filter(controller="you")), times=2)),)
    assert card("Odd", "If another source you control would deal damage this turn, it deals double that damage "
                "instead.", "Sorcery").unsupported


def test_attach_the_source_to_the_permanent_that_entered():
    """CR 701.3a: "attach ~ to it / that creature" in an enters trigger is the permanent the
    trigger saw (no target, CR 115.10); elsewhere "it" is refused."""
    a = only(card("Rig", "Whenever a creature enters the battlefield under your control, you may attach "
                  "Rig to it.", "Artifact — Equipment"))
    assert a.effects == (May((ir.Attach(Ref("triggering_object")),)),)
    a = only(card("Club", "Whenever a creature enters the battlefield under your control, attach Club to "
                  "that creature.", "Artifact — Equipment"))
    assert a.effects == (ir.Attach(Ref("triggering_object")),)
    assert card("Odd", "Whenever a creature attacks, attach Odd to it.", "Artifact — Equipment").unsupported
    assert card("Self", "When Self enters the battlefield, attach Self to it.", "Artifact — Equipment").unsupported


def test_return_the_card_from_the_graveyard_to_the_battlefield():
    """CR 113.6m: "return ~ from your graveyard to the battlefield [tapped] [attached to that
    creature]" works only from the graveyard, in triggered and activated abilities; CR 303.4f:
    the Aura enchants the object named."""
    a = only(card("Ghast", "Whenever a land enters the battlefield under your control, you may return "
                  "Ghast from your graveyard to the battlefield."))
    assert a.from_graveyard and a.effects == (May((ReturnToBattlefield(Ref("self"), from_graveyard=True),)),)
    a = only(card("Fangs", "When a creature with converted mana cost 6 or greater enters the battlefield, you "
                  "may return Fangs from your graveyard to the battlefield attached to that creature.",
                  "Enchantment — Aura"))
    assert a.trigger.subject == Filter(types=("Creature",), mana_value_at_least=6)
    assert a.effects == (May((ReturnToBattlefield(Ref("self"), from_graveyard=True,
                                                  attached_to=Ref("triggering_object")),)),)
    a = only(card("Skeleton", "{1}{B}: Return Skeleton from your graveyard to the battlefield tapped."))
    assert a.from_graveyard and a.effects == (ReturnToBattlefield(Ref("self"), from_graveyard=True, tapped=True),)
    # an Aura's trigger on its creature dying happens on the battlefield (CR 603.10a)
    assert card("Screams", "When enchanted creature dies, return Screams from your graveyard to the "
                "battlefield.", "Enchantment — Aura").unsupported


def test_an_instants_trigger_that_returns_it_from_the_graveyard():
    """An instant's triggered ability returning it from its owner's graveyard works there (CR
    113.6m); any other trigger of an instant is still refused."""
    c = card("Branches", "Create a 1/1 green Treefolk Shaman creature token.\nWhenever a Forest enters the "
             "battlefield under your control, you may return Branches from your graveyard to your hand.",
             "Tribal Instant — Treefolk")
    assert c.unsupported == ()
    assert [type(a) for a in c.abilities] == [SpellAbility, TriggeredAbility]
    assert c.abilities[1].from_graveyard
    assert card("Other", "Draw a card.\nWhenever a Forest enters the battlefield under your control, you gain "
                "1 life.", "Instant").unsupported


def test_a_card_put_into_a_graveyard_from_anywhere():
    """CR 400.3: "a card is put into an opponent's graveyard from anywhere" is any card going to
    that graveyard; "that card" is the card there, "that player" the graveyard's owner."""
    a = only(card("Compost", "Whenever a black card is put into an opponent's graveyard from anywhere, "
                  "you may draw a card.", "Enchantment"))
    assert a.trigger == Trigger("put_into_graveyard", Filter(colors=("B",), zone="graveyard"), whose="opponent")
    a = only(card("Void", "Whenever another card is put into a graveyard from anywhere, exile that card.",
                  "Enchantment"))
    assert a.trigger == Trigger("put_into_graveyard", Filter(other=True, zone="graveyard"))
    assert a.effects == (Exile(Ref("triggering_object")),)
    assert card("Tokens", "Whenever a creature you control is put into a graveyard from anywhere, draw a card.",
                "Enchantment").unsupported


def test_move_a_counter():
    """"Move a +1/+1 counter from ~ onto target creature" (CR 122.5; Simic Fluxmage)."""
    a = only(card("Fluxmage", "{1}{U}, {T}: Move a +1/+1 counter from Fluxmage onto target creature."))
    assert a.effects == (ir.MoveCounter(Ref("self"), ir.Target(0), "+1/+1"),)
    assert card("Fluxmage", "{1}{U}: Move two +1/+1 counters from Fluxmage onto target creature.").unsupported


def test_player_returns_a_permanent_they_control():
    """"Each player returns a creature they control to its owner's hand" (Curfew): each chooses."""
    a = only(card("Curfew", "Each player returns a creature they control to its owner's hand.", "Instant"))
    assert a.effects == (ir.ReturnPermanents(Ref("each_player"), Filter(types=("Creature",), controller="you")),)


def test_the_next_draw_replaced():
    """CR 614.11: "The next time you would draw a card this turn, [effect] instead."; a draw
    can't replace the draw."""
    ab = only(card("Worship", "{1}: The next time you would draw a card this turn, you gain 5 life instead.",
                   "Enchantment"))
    assert ab.effects == (ir.ReplaceNextDraw((GainLife(5),)),)
    ab = only(card("War", "{1}: The next time you would draw a card this turn, War deals 2 damage to any target "
                   "instead.", "Enchantment"))
    assert ab.effects == (ir.ReplaceNextDraw((DealDamage(2, ir.Target(0)),)),) and ab.targets[0].kind == "any"
    assert card("Odd", "{1}: The next time you would draw a card this turn, draw two cards instead.",
                "Enchantment").unsupported


def test_damage_replaced_by_counters():
    """CR 614.1a: "If damage would be dealt to ~, put that many +1/+1 counters on it instead."."""
    ab = only(card("Hydra", "If damage would be dealt to Hydra, put that many +1/+1 counters on it instead."))
    assert (ab.kind, ab.counter_kind) == ("damage_as_counters", "+1/+1")


def test_life_total_floor():
    """CR 614.1a: "Damage that would reduce your life total to less than 1 reduces it to 1 instead."."""
    ab = only(card("Ali", "Damage that would reduce your life total to less than 1 reduces it to 1 instead."))
    assert (ab.kind, ab.amount) == ("life_floor", 1)

def test_spells_cost_colored_mana_more():
    """"White spells you cast cost {W} more to cast." (CR 601.2f); a colored reduction stays refused."""
    e = only(card("Leech", "White spells you cast cost {W} more to cast.")).effect
    assert (e.kind, e.mana, e.amount) == ("cost_increase", ManaCost.parse("{W}"), 0)
    assert card("Odd", "White spells you cast cost {W} less to cast.").unsupported


def test_that_creature_after_exactly_one_creature():
    """"As long as you control exactly one creature, that creature gets +2/+0": the creatures
    you control; "that creature" after any other condition is refused."""
    [st] = card("Wanderings", "As long as you control exactly one creature, that creature gets +2/+0.",
                "Enchantment").abilities
    assert st.effect.affected == Filter(types=("Creature",), controller="you")
    assert card("Bad", "As long as you control two or more creatures, that creature gets +2/+0.",
                "Enchantment").unsupported
    [_, st] = card("Cloak", "Enchant creature\nEnchanted creature has shroud as long as it's untapped.",
                   "Enchantment — Aura").abilities
    assert st.effect.condition == ir.AttachedIs(Filter(tapped=False))


def test_for_each_aura_attached_to_it():
    """"gets +2/+2 for each Aura attached to it" (CR 613.4c): ``AttachedCount``."""
    [st] = card("Dancer", "Dancer gets +2/+2 for each Aura attached to it.").abilities
    assert st.effect == ir.static_effect("modify_pt", "self", power=2, toughness=2,
                                        count=ir.AttachedCount(Filter(subtypes=("Aura",))))


def test_a_creature_you_control_explores():
    """CR 701.44b: "Whenever a creature you control explores", once per explore."""
    a = only(card("Walker", "Whenever a creature you control explores, put a +1/+1 counter on Walker and you "
                  "gain 3 life."))
    assert a.trigger == Trigger("explores", Filter(types=("Creature",), controller="you"))
    assert a.effects == (PutCounters(Ref("self"), "+1/+1"), GainLife(3))


def test_delayed_triggers_for_this_turn():
    """CR 603.7: "When that creature dies this turn, ..." (the object named before, CR 603.7c)
    and "Whenever a creature blocks this turn, ..." (any such object) are delayed triggered
    abilities the spell creates; "it" and "its controller" in them are the object the event
    names. "When you do" stays a reflexive ability (CR 603.12); "that creature" with nothing
    named before is refused; "fights that creature" is never the fighter itself."""
    s = spell("Wound", "Put a -1/-1 counter on target creature. When that creature dies this turn, its "
              "controller gets a poison counter.")
    delayed = s.effects[1]
    assert delayed.duration == "this_turn" and delayed.what == Target(0)
    assert delayed.ability.trigger == Trigger("dies", Filter(types=("Creature",)))
    assert delayed.ability.effects == (ir.GetPoison(1, Ref("triggering_controller")),)
    s = spell("Cry", "Untap all white creatures you control. Whenever a creature blocks this turn, it gets "
              "+0/+1 until end of turn.", "Sorcery")
    assert s.effects[1].what is None and s.effects[1].ability.trigger == Trigger("blocks", CREATURE)
    assert s.effects[1].ability.effects == (ModifyPT(Ref("triggering_object"), 0, 1),)
    assert card("Lone", "When that creature dies this turn, you gain 3 life.", "Instant").unsupported
    a = only(card("Cavalier", "When Cavalier enters the battlefield, you may sacrifice another creature. When "
                  "you do, destroy target creature an opponent controls."))
    assert ir.contains(a.effects, lambda n: type(n) is ir.CreateReflexive)
    s = spell("Feed", "Choose target creature an opponent controls. When that creature dies this turn, you gain "
              "3 life. Target creature you control fights that creature.", "Sorcery")
    assert s.effects[-1] == Fight(Target(1), Target(0))


def test_an_opponent_taps_for_mana_and_that_land():
    """"Whenever an opponent taps a land for mana, that land doesn't untap during its
    controller's next untap step" (CR 106.12a, 502.3): "that land" is the land the trigger saw."""
    a = only(card("Vorinclex", "Whenever an opponent taps a land for mana, that land doesn't untap during its "
                  "controller's next untap step."))
    assert a.trigger == Trigger("tapped_for_mana", Filter(types=("Land",)), whose="opponent")
    assert a.effects == (ir.SkipNextUntap(Ref("triggering_object")),)


def test_becomes_a_creature_replaces_or_keeps_card_types(corpus_db):
    """CR 205.1a: "becomes a 4/4 red Dragon creature" makes the object only a creature; "It's
    still a land", "that's still a land", "in addition to its other types" and "artifact
    creature" keep its other types (CR 205.1b). "and gains flying" joins the "becomes": the same
    objects, found as the effect begins (CR 611.2c). A land made only a creature is refused."""
    def becomes(name):
        result = compile_card(corpus_db.get(name))
        assert not result.unsupported, name
        return [n for n in ir.nodes(tuple(result.abilities)) if type(n) is ir.BecomeCreature]
    sarkhan, = becomes("Sarkhan the Masterless")
    assert sarkhan.replaces_types and sarkhan.subtypes == ("Dragon",) and [k.name for k in sarkhan.keywords] == ["flying"]
    ancients, = becomes("Hidden Ancients")
    assert ancients.replaces_types and ancients.duration == "permanent"
    for name in ("Celestial Colonnade", "Crawling Barrens", "Verdant Touch", "Still Life", "Darksteel Brute",
                 "Creeping Tar Pit"):
        assert [b.replaces_types for b in becomes(name)] == [False], name
    assert only(card("Hidden Ancients", "When an opponent casts an enchantment spell, if Hidden Ancients is an "
                     "enchantment, Hidden Ancients becomes a 5/5 Treefolk creature.", "Enchantment")).condition \
        == ir.SelfIs(Filter(types=("Enchantment",)))
    assert card("Grow", "Target land becomes a 3/3 creature until end of turn.", "Instant").unsupported


def test_becomes_a_land_type(corpus_db):
    """Layer 4 (CR 305.7): "Target land becomes a Forest until end of turn." (Kavu Recluse), "the
    basic land type of your choice" (Jinx), a choice of two (Tundra Kavu), and no duration:
    it lasts (Thelonite Monk, CR 611.2a). "in addition to its other types" stays refused."""
    assert corpus_db.get("Kavu Recluse").abilities[-1].effects == (ir.BecomeLandType(Target(0), ("Forest",)),)
    jinx = next(a for a in corpus_db.get("Jinx").abilities if type(a) is SpellAbility)
    assert jinx.effects[0] == ir.BecomeLandType(Target(0), ("Plains", "Island", "Swamp", "Mountain", "Forest"))
    assert corpus_db.get("Tundra Kavu").abilities[-1].effects[0].land_types == ("Plains", "Island")
    assert corpus_db.get("Thelonite Monk").abilities[-1].effects[0].duration == "permanent"
    assert not corpus_db.get("Sealock Monster").fully_supported


def test_spells_cast_as_though_they_had_flash(corpus_db):
    """CR 601.3: "You may cast [spells] as though they had flash." is a static ability over the
    spells described (Vedalken Orrery, Shimmer Myr, Yeva); "Aura spells with enchant creature"
    stays refused (Rootwater Shaman)."""
    def effect(name):
        return next(a.effect for a in corpus_db.get(name).abilities if type(a) is ir.StaticAbility)
    assert effect("Vedalken Orrery").kind == "cast_as_though_flash"
    assert effect("Shimmer Myr").affected == Filter(types=("Artifact",), zone="stack")
    assert effect("Yeva, Nature's Herald").affected == Filter(types=("Creature",), colors=("G",), zone="stack")
    assert not corpus_db.get("Rootwater Shaman").fully_supported


def test_additional_land_this_turn(corpus_db):
    """CR 305.2: "You may play an additional land this turn." (Explore) and "... up to three
    additional lands this turn" (Summer Bloom) are permissions, not choices (no May)."""
    explore = next(a for a in corpus_db.get("Explore").abilities if type(a) is SpellAbility)
    assert explore.effects == (ir.ExtraLandPlays(), ir.Draw(1))
    bloom = next(a for a in corpus_db.get("Summer Bloom").abilities if type(a) is SpellAbility)
    assert bloom.effects == (ir.ExtraLandPlays(3),)


def test_two_plural_types_joined_by_and(corpus_db):
    """"all creatures and lands", "artifacts and enchantments you control": each object of either
    type (Devastation, Fountain Watch); "all enchantments target player controls" targets only the
    player (Primeval Light, CR 115.1)."""
    spell = next(a for a in corpus_db.get("Devastation").abilities if type(a) is SpellAbility)
    assert spell.effects == (Destroy(Ref("all", Filter(types=("Creature", "Land")))),)
    st = next(a for a in corpus_db.get("Fountain Watch").abilities if type(a) is ir.StaticAbility)
    assert st.effect.affected == Filter(types=("Artifact", "Enchantment"), controller="you")
    light = next(a for a in corpus_db.get("Primeval Light").abilities if type(a) is SpellAbility)
    assert light.effects == (Destroy(ir.ControlledBy(Filter(types=("Enchantment",)), Target(0))),)
    assert light.targets[0].kind == "player"


def test_x_in_a_target_description(corpus_db):
    """"with mana value X" (no more, no less) and "with power X or less" in a spell's or activated
    ability's target: the X announced as it is cast (CR 601.2b-c; Disembowel, Gang Up, Hearth
    Kami); in a triggered ability's target it stays refused."""
    spell = next(a for a in corpus_db.get("Disembowel").abilities if type(a) is SpellAbility)
    assert spell.targets[0].filter == Filter(types=("Creature",), mana_value_at_most=ir.X(), mana_value_at_least=ir.X())
    spell = next(a for a in corpus_db.get("Gang Up").abilities if type(a) is SpellAbility)
    assert spell.targets[0].filter == Filter(types=("Creature",), power_at_most=ir.X())
    assert corpus_db.get("Hearth Kami").fully_supported
    kami = card("Kami", "When Kami enters the battlefield, destroy target artifact with mana value X.",
                cost="{X}{R}")
    assert "X in a description" in support.gaps(kami.abilities[0])[0]


def test_a_spell_that_chooses_a_creature_type_first(corpus_db):
    """"Choose a creature type." opening a spell, then "of the chosen type" / "of that type"
    (CR 608.2d): Distant Melody, Pack's Disdain. In a permanent's ability it stays refused."""
    melody = next(a for a in corpus_db.get("Distant Melody").abilities if type(a) is SpellAbility)
    assert melody.effects == (ir.ChooseCreatureType(), ir.Draw(ir.CountOf(Filter(subtypes=("chosen",), controller="you"))))
    assert corpus_db.get("Pack's Disdain").fully_supported
    shaman = card("Shaman", "{T}: Choose a creature type. Draw a card for each creature you control of that type.")
    assert "choosing a creature type" in support.gaps(shaman.abilities[0])[0]


def test_discard_the_hand_then_draw_that_many():
    """CR 701.9a, 121.1: "Each player discards all the cards in their hand, then draws that many
    cards minus one." (Dark Deal), "Discard all the cards in your hand, then draw that many cards."."""
    deal = only(card("Deal", "Each player discards all the cards in their hand, then draws that many cards minus one.",
                     "Sorcery"))
    assert deal.effects == (ir.DiscardHandDraw(Ref("each_player"), -1),)
    winds = only(card("Winds", "Discard all the cards in your hand, then draw that many cards.", "Sorcery"))
    assert winds.effects == (ir.DiscardHandDraw(),)


def test_reveal_the_hand_and_discard_all_of_a_kind(corpus_db):
    """CR 701.20a, 701.9a: "Target player reveals their hand and discards all nonland cards."
    (Amnesia); "of that color" after "Choose a color." stays refused (Persecute)."""
    spell = next(a for a in corpus_db.get("Amnesia").abilities if type(a) is SpellAbility)
    assert spell.effects == (ir.DiscardHand(Target(0), Filter(non_types=("Land",), zone="hand"), revealed=True),)
    assert not corpus_db.get("Persecute").fully_supported


def test_for_each_permanent_destroyed_this_way(corpus_db):
    """CR 701.8a: "You gain 1 life for each creature destroyed this way." (Fumigate) counts what
    the spell's own destroy did."""
    spell = next(a for a in corpus_db.get("Fumigate").abilities if type(a) is SpellAbility)
    assert spell.effects[1] == ir.GainLife(ir.DestroyedThisWay(Filter(types=("Creature",))))


def test_two_conditions_together():
    """"an opponent controls a Forest and you control a Swamp", "you control a blue permanent and
    a black permanent": both must hold (ir.AllOf); the Legates' free cast is an alternative cost
    of nothing (CR 118.9)."""
    alt = only(card("Legate", "If an opponent controls a Forest and you control a Swamp, you may cast this "
                              "spell without paying its mana cost."))
    assert (alt.cost, alt.condition) == (ir.Cost(), ir.AllOf((
        ir.OpponentControls((Filter(subtypes=("Forest",), controller="opponent"),)),
        YouControl((Filter(subtypes=("Swamp",), controller="you"),)))))
    ab = only(card("Sanctuary", "At the beginning of your upkeep, if you control a black or red permanent, you gain "
                                "2 life. If you control a black permanent and a red permanent, you gain 4 life instead.",
                   "Enchantment"))
    [cond] = ab.effects
    assert cond.condition == ir.AllOf((YouControl((Filter(controller="you", colors=("B",)),)),
                                       YouControl((Filter(controller="you", colors=("R",)),))))
    assert cond.effects == (GainLife(4),) and cond.otherwise == (GainLife(2),)


def test_life_compared_between_players():
    """"an opponent has more life than you", "you have more life than an opponent" (CR 119)."""
    ab = only(card("Linvala", "When Linvala enters the battlefield, if an opponent has more life than you, you gain 5 life."))
    assert ab.condition == ir.PlayerCount("life", whose="opponent", more_than="you")
    sp = spell("Cache", "You gain 2 life. Then if you have more life than an opponent, draw a card.")
    assert sp.effects[1].condition == ir.PlayerCount("life", more_than="an_opponent")


def test_permanents_that_entered_this_turn():
    """"if you had a land enter the battlefield under your control this turn" (landfall), "if an
    opponent had two or more lands enter ...", "another creature" (ir.EnteredThisTurn)."""
    sp = spell("Mysteries", "Draw two cards. If you had a land enter the battlefield under your control this "
                            "turn, draw three cards instead.")
    assert sp.effects[0].condition == ir.EnteredThisTurn(("Land",))
    alt = only(card("Trap", "If an opponent had two or more lands enter the battlefield under their control this "
                            "turn, you may pay {3}{R}{R} rather than pay this spell's mana cost.", "Instant — Trap"))
    assert alt.condition == ir.EnteredThisTurn(("Land",), "opponent", 2)
    st = only(card("Stag", "Stag gets +2/+2 as long as you had another creature enter the battlefield under your "
                           "control this turn."))
    assert st.effect.condition == ir.EnteredThisTurn(("Creature",), other=True)


def test_static_ability_if():
    """A static ability's "if [condition]" reads as "as long as" (CR 611.3a): Hobble, Orgg."""
    st = only(card("Hobble", "Enchanted creature can't block if it's black.", "Enchantment — Aura"))
    assert st.effect == ir.static_effect("cant_block", "enchanted", condition=ir.AttachedIs(Filter(colors=("B",))))
    st = only(card("Orgg", "Orgg can't attack if defending player controls an untapped creature with power 3 or greater."))
    assert st.effect.kind == "cant_attack" and st.effect.condition == ir.OpponentControls(
        (Filter(types=("Creature",), controller="opponent", tapped=False, power_at_least=3),))


def test_a_condition_first_before_an_alternative_cost_or_a_cost_change():
    """"If [condition], you may [cost] rather than pay this spell's mana cost" (CR 118.9) and
    "If [condition], this spell costs {N} less to cast" (CR 601.2f) begin alike; both are read,
    and a cost change keeps to conditions about the game."""
    snuff = only(card("Snuff Out", "If you control a Swamp, you may pay 4 life rather than pay this spell's "
                                   "mana cost.", "Instant"))
    assert type(snuff) is ir.AlternativeCost and snuff.cost == ir.Cost(parts=(ir.PayLifeCost(4),))
    tap = only(card("Orim's Cure", "If you control a Plains, you may tap an untapped creature you control "
                                   "rather than pay this spell's mana cost.", "Instant"))
    assert type(tap) is ir.AlternativeCost
    fury = only(card("Avatar of Fury", "If an opponent controls seven or more lands, this spell costs {6} less "
                                       "to cast.", "Creature — Avatar", "{6}{R}{R}"))
    assert fury.effect.kind == "self_cost_reduction" and fury.effect.amount == 6
    assert fury.effect.condition == ir.OpponentControls((ir.Filter(types=("Land",), controller="opponent"),), 7)
    assert card("Test", "If it's your turn, this spell costs {1} less to cast.").unsupported
