"""The Oracle compiler, template by template, each with a real card (CR 113, 602-605, 614)."""
from __future__ import annotations

import dataclasses

import pytest

from manastack.cards import CardDef
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
    assert ability.cost.remove_counters == ("+1/+1", 1)
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
    assert ability.cost.tap and ability.cost.tap_untapped == Filter(types=("Creature",),
                                                                    controller="you")
    ability = only(card("Bottle Gnomes", "Sacrifice Bottle Gnomes: You gain 3 life."))
    assert ability.cost.sacrifice_self and ability.effects == (GainLife(3),)


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
    c = card("Gray Merchant of Asphodel", "When Gray Merchant of Asphodel enters the "
             "battlefield, each opponent loses X life, where X is your devotion to black. You "
             "gain life equal to the life lost this way.\nFlying")
    assert c.abilities == (Keyword("flying"),)
    first = ("When Gray Merchant of Asphodel enters the battlefield, each opponent loses X life, "
             "where X is your devotion to black.")
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
    assert c.abilities[1].cost.remove_counters == ("spore", 3)
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
