"""Follow-up parts that compose with the rest of a line, read from real corpus cards: "it" after
"create a token" (CR 111.1), a permanent you choose (CR 608.2d), putting an object into its
owner's library (CR 401.4), "your next untap step" (CR 502.3), the life lost this way
(CR 119.3), becoming a target (CR 603.2), "can't be blocked by" (CR 509.1b)."""
from __future__ import annotations

from manastack.oracle import ir

YOU_LAND = ir.Filter(types=("Land",), controller="you")


def effects(db, name, index=0):
    return db.get(name).abilities[index].effects


def test_it_after_create_a_token_is_the_token(corpus_db):
    """Rakdos Guildmage: "Create a ... token ... Exile it at the beginning of the next end
    step." exiles the token just created, not the Guildmage (CR 111.1, 603.7c)."""
    ability = corpus_db.get("Rakdos Guildmage").abilities[1]
    assert isinstance(ability.effects[0], ir.CreateTokens)
    assert ability.effects[1].ability.effects == (ir.Exile(ir.Ref("created")),)
    assert corpus_db.get("Tidal Wave").fully_supported


def test_a_land_you_control_is_chosen_not_targeted(corpus_db):
    chancery = corpus_db.get("Azorius Chancery")
    trigger = next(a for a in chancery.abilities if isinstance(a, ir.TriggeredAbility))
    assert trigger.effects == (ir.ReturnToHand(ir.Ref("chosen", YOU_LAND)),) and trigger.targets == ()
    assert chancery.fully_supported


def test_put_on_top_or_bottom_of_its_owners_library(corpus_db):
    assert effects(corpus_db, "Banishment Decree") == (ir.PutInLibrary(ir.Target(0)),)
    kelpie = corpus_db.get("Grazing Kelpie").abilities[0]
    assert kelpie.effects == (ir.PutInLibrary(ir.Target(0), bottom=True),)
    assert kelpie.targets[0].filter.zone == "graveyard"


def test_put_it_on_top_names_the_card_where_it_went(corpus_db):
    """Avenging Angel's "put it on top" names the card in the graveyard it went to (CR 400.7,
    603.10a): the source as it became, found only there (tests/test_put_it_into_library.py
    plays it, and a card exiled from the graveyard in response stays in exile)."""
    angel = corpus_db.get("Avenging Angel")
    assert angel.fully_supported
    trigger = next(a for a in angel.abilities if isinstance(a, ir.TriggeredAbility))
    assert trigger.effects == (ir.May((ir.PutInLibrary(ir.Ref("self")),)),)


def test_your_next_untap_step(corpus_db):
    lake = corpus_db.get("Cloudcrest Lake").abilities[1]
    assert lake.effects[1] == ir.SkipNextUntap(ir.Ref("self"), yours=True)
    homarid = effects(corpus_db, "Homarid Warrior")         # "... and doesn't untap ..."
    assert homarid[1] == ir.SkipNextUntap(ir.Ref("self"), yours=True)


def test_life_lost_this_way(corpus_db):
    assert effects(corpus_db, "Exsanguinate") == (
        ir.LoseLife(ir.X(), ir.Ref("each_opponent")), ir.GainLife(ir.LifeLostThisWay(), ir.Ref("you")))


def test_becomes_the_target_of_a_spell_or_ability(corpus_db):
    walker = corpus_db.get("Frost Walker").abilities[0]
    assert walker.trigger == ir.Trigger("becomes_target", "self")
    assert walker.effects == (ir.Sacrifice(ir.Ref("self")),)


def test_cant_be_blocked_by_creatures_with_power(corpus_db):
    wolf = corpus_db.get("Arlinn's Wolf").abilities[0].effect
    assert wolf.kind == "cant_be_blocked_by" and wolf.blockers.power_at_most == 2
    kithkin = corpus_db.get("Amrou Kithkin").abilities[0].effect
    assert kithkin.blockers.power_at_least == 3


def test_sacrifice_unless_you_pay(corpus_db):
    djinn = next(a for a in corpus_db.get("Drifting Djinn").abilities if isinstance(a, ir.TriggeredAbility))
    (effect,) = djinn.effects
    assert isinstance(effect, ir.SacrificeUnlessPays) and str(effect.cost.mana) == "{1}{U}"


def test_investigate_and_surveil(corpus_db):
    (clue,) = corpus_db.get("Magnifying Glass").abilities[1].effects
    assert clue.token.subtypes == ("Clue",) and clue.token.types == ("Artifact",)
    assert effects(corpus_db, "Notion Rain")[0] == ir.Surveil(2)


def test_counts_in_statics(corpus_db):
    armor = corpus_db.get("Blanchwood Armor").abilities[1].effect
    assert (armor.kind, armor.affected, armor.count.subtypes) == ("modify_pt", "enchanted", ("Forest",))
    nightmare = corpus_db.get("Nightmare").abilities[1].effect
    assert nightmare.kind == "pt_equal_count" and nightmare.count.subtypes == ("Swamp",)


def test_reveal_hand_then_exile_the_chosen_card(corpus_db):
    (castigate,) = effects(corpus_db, "Castigate")
    assert castigate.exile and castigate.filter.non_types == ("Land",)
    assert not effects(corpus_db, "Coercion")[0].exile


def test_cant_be_blocked_by_more_than_one(corpus_db):
    assert corpus_db.get("Charging Rhino").abilities[0].effect.kind == "max_one_blocker"
    troll = corpus_db.get("Challenger Troll").abilities[0].effect
    assert troll.kind == "max_one_blocker" and troll.affected.power_at_least == 4


def test_a_target_named_after_if_you_do_is_the_abilitys(corpus_db):
    """CR 603.3d: Embersmith's "If you do, ~ deals 1 damage to any target" has its target
    chosen as the ability is put on the stack; the payment comes on resolution."""
    (trigger,) = corpus_db.get("Embersmith").abilities
    (may,) = trigger.effects
    assert may.effects == (ir.PayMana(may.effects[0].cost), ir.IfYouDo((ir.DealDamage(1, ir.Target(0)),)))
    assert [t.kind for t in trigger.targets] == ["any"]


def test_that_player_is_the_damaged_player(corpus_db):
    (trigger,) = [a for a in corpus_db.get("Hypnotic Specter").abilities if isinstance(a, ir.TriggeredAbility)]
    assert trigger.effects == (ir.Discard(1, ir.Ref("triggering_player"), random=True),)


def test_if_you_do_after_sacrificing_it_or_exiling_a_target(corpus_db):
    shrike = corpus_db.get("Impaler Shrike").abilities[-1]
    assert shrike.effects[0].effects == (ir.Sacrifice(ir.Ref("self")), ir.IfYouDo((ir.Draw(3),)))
    imp = corpus_db.get("Carrion Imp").abilities[1]
    assert imp.effects[0].effects == (ir.Exile(ir.Target(0)), ir.IfYouDo((ir.GainLife(2),)))
