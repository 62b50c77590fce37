"""Sentences that refer to what the sentence before did (CR 608.2c): "If you do, ..." after
paying life, sacrificing another permanent, removing a counter, exiling a card you choose from
your graveyard or hand, or returning another permanent you control to its owner's hand."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.scenario import Scenario

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick, resolve


def _at_upkeep(db, players: str) -> Game:
    """Alice's upkeep, her beginning-of-upkeep trigger resolving: its first question pending."""
    sc = Scenario.from_text(f"turn: 2\nactive: Bob\nstep: end\nplayers:\n{players}", cards=db)
    g = Game.from_state(sc.state, sc.db)
    while g.current_state().step != "upkeep" or not g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    resolve(g)
    return g


def test_bringer_of_the_black_dawn_pays_two_life_to_search(corpus_db):
    """"you may pay 2 life. If you do, search your library for a card, then shuffle and put that
    card on top of it." (CR 119.4: paid life is lost)."""
    g = _at_upkeep(corpus_db, """
  - name: Alice
    library: [Island, Shock, Island]
    battlefield: [Bringer of the Black Dawn]
  - name: Bob
""")
    pick(g, "yes")
    pick(g, "Shock")
    s = g.current_state()
    assert s.players[0].life == 18 and s.objs[s.players[0].library[-1]].card.name == "Shock"


def test_bringer_cannot_pay_more_life_than_it_has(corpus_db):
    """CR 119.4: with 1 life, 2 life can't be paid: "no" is the only answer (given without
    asking), and there is no search."""
    g = _at_upkeep(corpus_db, """
  - name: Alice
    life: 1
    library: [Island, Shock, Island]
    battlefield: [Bringer of the Black Dawn]
  - name: Bob
""")
    s = g.current_state()
    assert g.pending.kind == "priority" and s.players[0].life == 1
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Island", "Shock", "Island"]


def test_undercity_scavenger_sacrifices_another_creature(corpus_db):
    """"you may sacrifice another creature. If you do, put two +1/+1 counters on ~, then scry 2":
    the Scavenger itself can't be the one sacrificed (CR 701.21a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Undercity Scavenger]
    library: [Island, Island, Island]
    battlefield: [{card: Swamp, count: 4}, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Undercity Scavenger")
    resolve(g)
    resolve(g)
    pick(g, "yes")
    # the only other creature is sacrificed without a choice; then scry 2
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    [scavenger] = on_battlefield(g, "Undercity Scavenger")
    assert scavenger.counters == {"+1/+1": 2}
    assert names(g, 0, "graveyard") == ["Grizzly Bears"]


def test_undercity_scavenger_alone_does_nothing(corpus_db):
    """With no other creature nothing is sacrificed, so there are no counters."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Undercity Scavenger]
    library: [Island, Island, Island]
    battlefield: [{card: Swamp, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Undercity Scavenger")
    resolve(g)
    resolve(g)
    pick(g, "yes")
    [scavenger] = on_battlefield(g, "Undercity Scavenger")
    assert scavenger.counters == {} and names(g, 0, "graveyard") == []


def test_clockwork_hydra_removes_a_counter_to_deal_damage(corpus_db):
    """"Whenever ~ attacks or blocks, remove a +1/+1 counter from it. If you do, ~ deals 1 damage
    to any target."."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Clockwork Hydra, counters: {"+1/+1": 2}}]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Clockwork Hydra")
    pick(g, "target Bob")
    resolve(g)
    s = g.current_state()
    [hydra] = on_battlefield(g, "Clockwork Hydra")
    assert hydra.counters == {"+1/+1": 1} and s.players[1].life == 19


def test_clockwork_hydra_without_counters_deals_no_damage(corpus_db):
    """A Hydra with no +1/+1 counter can't remove one, so it deals no damage (its ruling)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Clockwork Hydra, Glorious Anthem]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Clockwork Hydra")
    pick(g, "target Bob")
    resolve(g)
    assert g.current_state().players[1].life == 20


def test_forgotten_harvest_exiles_a_land_card_from_the_graveyard(corpus_db):
    """"you may exile a land card from your graveyard. If you do, put a +1/+1 counter on target
    creature.": the card is chosen as the ability resolves (CR 608.2d)."""
    g = _at_upkeep(corpus_db, """
  - name: Alice
    graveyard: [Forest, Shock]
    battlefield: [Forgotten Harvest, Grizzly Bears]
  - name: Bob
""")
    pick(g, "yes")
    assert names(g, 0, "exile") == ["Forest"] and names(g, 0, "graveyard") == ["Shock"]
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert bears.counters == {"+1/+1": 1}


def test_temur_sabertooth_returns_another_creature(corpus_db):
    """"You may return another creature you control to its owner's hand. If you do, ~ gains
    indestructible": the Sabertooth itself is not among the choices."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Temur Sabertooth, Grizzly Bears, {card: Forest, count: 2}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Temur Sabertooth")
    resolve(g)
    pick(g, "yes")
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    [cat] = on_battlefield(g, "Temur Sabertooth")
    s = g.current_state()
    assert "indestructible" in ch.keywords(s, cat)


def _cast_at(g, card: str, target: str) -> None:
    cast_and_pay(g, f"cast {card}", target)
    resolve(g)


def test_deaths_caress_gains_life_for_a_human(corpus_db):
    """"Destroy target creature. If that creature was a Human, you gain life equal to its
    toughness.": the creature as it last existed on the battlefield (CR 608.2h)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Death's Caress]
    battlefield: [{card: Swamp, count: 5}]
  - name: Bob
    battlefield: [Elite Vanguard]
""", turn=3)
    _cast_at(g, "Death's Caress", "Elite Vanguard")
    s = g.current_state()
    assert names(g, 1, "graveyard") == ["Elite Vanguard"] and s.players[0].life == 21


def test_deaths_caress_gains_nothing_for_another_creature(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Death's Caress]
    battlefield: [{card: Swamp, count: 5}]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    _cast_at(g, "Death's Caress", "Grizzly Bears")
    assert names(g, 1, "graveyard") == ["Grizzly Bears"] and g.current_state().players[0].life == 20


def test_lightning_dart_deals_four_to_a_white_creature_and_one_otherwise(corpus_db):
    """"If that creature is white or blue, ~ deals 4 damage to it instead."."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Lightning Dart, Lightning Dart]
    battlefield: [{card: Mountain, count: 4}]
  - name: Bob
    battlefield: [Serra Angel, Hill Giant]
""", turn=3)
    _cast_at(g, "Lightning Dart", "Serra Angel")
    assert names(g, 1, "graveyard") == ["Serra Angel"]
    _cast_at(g, "Lightning Dart", "Hill Giant")
    [giant] = on_battlefield(g, "Hill Giant")
    assert giant.damage == 1


def test_cemetery_recruitment_draws_for_a_zombie_card(corpus_db):
    """"Return target creature card from your graveyard to your hand. If it's a Zombie card, draw
    a card."."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Cemetery Recruitment]
    library: [Island, Island]
    graveyard: [Gravedigger]
    battlefield: [{card: Swamp, count: 2}]
  - name: Bob
""", turn=3)
    _cast_at(g, "Cemetery Recruitment", "Gravedigger")
    assert names(g, 0, "hand") == ["Gravedigger", "Island"]


def test_cemetery_recruitment_draws_nothing_for_another_creature_card(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Cemetery Recruitment]
    library: [Island, Island]
    graveyard: [Grizzly Bears]
    battlefield: [{card: Swamp, count: 2}]
  - name: Bob
""", turn=3)
    _cast_at(g, "Cemetery Recruitment", "Grizzly Bears")
    assert names(g, 0, "hand") == ["Grizzly Bears"]


def test_aether_flash_damages_the_creature_that_entered(corpus_db):
    """"Whenever a creature enters, ~ deals 2 damage to it.": "it" is the creature, not ~."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Aether Flash, {card: Forest, count: 2}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    resolve(g)
    assert names(g, 0, "graveyard") == ["Grizzly Bears"] and on_battlefield(g, "Aether Flash")


def _answer(g, *labels: str) -> None:
    """Answer the pending decisions: each one with the action whose label starts with the next
    of ``labels``, payments automatically, until priority."""
    todo = list(labels)
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            pick(g, todo.pop(0))


def test_vigil_for_the_lost_pays_x_to_gain_x_life(corpus_db):
    """"Whenever a creature you control dies, you may pay {X}. If you do, you gain X life.": X is
    chosen as the ability resolves, among what can be paid (CR 107.3f)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Vigil for the Lost, Grizzly Bears, {card: Plains, count: 3}, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    resolve(g)
    assert [a.label for a in g.legal_actions()] == ["yes", "no"]
    pick(g, "yes")
    assert [a.label for a in g.legal_actions()] == ["X = 0", "X = 1", "X = 2", "X = 3"]
    _answer(g, "X = 3")
    assert g.current_state().players[0].life == 23


def test_flameblast_dragon_deals_the_x_paid(corpus_db):
    """"Whenever ~ attacks, you may pay {X}{R}. If you do, ~ deals X damage to any target."."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Flameblast Dragon, {card: Mountain, count: 4}]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Flameblast Dragon")
    pick(g, "target Bob")
    resolve(g)
    _answer(g, "yes", "X = 3")
    assert g.current_state().players[1].life == 17


def test_wildborn_preserver_reflexive_ability_has_the_x_paid(corpus_db):
    """"you may pay {X}. When you do, put X +1/+1 counters on ~.": the reflexive ability's X is
    the one paid for the ability that created it (CR 603.12, 107.3n)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Wildborn Preserver, {card: Forest, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    resolve(g)
    _answer(g, "yes", "X = 2")
    resolve(g)
    [preserver] = on_battlefield(g, "Wildborn Preserver")
    assert preserver.counters == {"+1/+1": 2}


def test_insatiable_appetite_with_a_food(corpus_db):
    """"You may sacrifice a Food (Gingerbrute, an artifact creature Food). If you do, target
    creature gets +5/+5 until end of turn.
    Otherwise, that creature gets +3/+3 until end of turn." (CR 608.2c)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Insatiable Appetite]
    battlefield: [Grizzly Bears, Gingerbrute, {card: Forest, count: 2}]
  - name: Bob
""", turn=3, allow_partial="true")
    cast_and_pay(g, "cast Insatiable Appetite", "Grizzly Bears")
    resolve(g)
    _answer(g, "yes")
    s = g.current_state()
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (7, 7) and not on_battlefield(g, "Gingerbrute")


def test_insatiable_appetite_without_sacrificing(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Insatiable Appetite]
    battlefield: [Grizzly Bears, Gingerbrute, {card: Forest, count: 2}]
  - name: Bob
""", turn=3, allow_partial="true")
    cast_and_pay(g, "cast Insatiable Appetite", "Grizzly Bears")
    resolve(g)
    _answer(g, "no")
    s = g.current_state()
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (5, 5) and on_battlefield(g, "Gingerbrute")


def test_scavenging_ooze_grows_only_for_a_creature_card(corpus_db):
    """"Exile target card from a graveyard. If it was a creature card, put a +1/+1 counter on ~
    and you gain 1 life.": the card as it last existed in the graveyard (CR 608.2h)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Scavenging Ooze, {card: Forest, count: 2}]
  - name: Bob
    graveyard: [Grizzly Bears, Island]
""", turn=3)
    cast_and_pay(g, "activate Scavenging Ooze", "Island")
    resolve(g)
    [ooze] = on_battlefield(g, "Scavenging Ooze")
    assert ooze.counters == {} and g.current_state().players[0].life == 20
    cast_and_pay(g, "activate Scavenging Ooze", "Grizzly Bears")
    resolve(g)
    [ooze] = on_battlefield(g, "Scavenging Ooze")
    assert ooze.counters == {"+1/+1": 1} and g.current_state().players[0].life == 21
    assert names(g, 1, "exile") == ["Grizzly Bears", "Island"]


def test_ruin_processor_puts_an_opponents_exiled_card_into_the_graveyard(corpus_db):
    """"you may put a card an opponent owns from exile into that player's graveyard. If you do,
    you gain 5 life." Only an opponent's card can be chosen."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ruin Processor]
    exile: [Island]
    battlefield: [{card: Swamp, count: 7}]
  - name: Bob
    exile: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Ruin Processor")
    resolve(g)
    _answer(g, "yes")
    assert names(g, 1, "graveyard") == ["Grizzly Bears"] and names(g, 0, "exile") == ["Island"]
    assert g.current_state().players[0].life == 25


def test_ruin_processor_with_nothing_to_process_gains_nothing(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Ruin Processor]
    exile: [Island]
    battlefield: [{card: Swamp, count: 7}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ruin Processor")
    resolve(g)
    _answer(g, "yes")
    assert names(g, 0, "exile") == ["Island"] and g.current_state().players[0].life == 20


def test_deadshot_deals_damage_equal_to_the_tapped_creatures_power(corpus_db):
    """"Tap target creature. It deals damage equal to its power to another target creature.":
    "its" is the creature dealing the damage, not the one dealt it."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Deadshot]
    battlefield: [{card: Mountain, count: 4}]
  - name: Bob
    battlefield: [Hill Giant, Serra Angel]
""", turn=3)
    cast_and_pay(g, "cast Deadshot", "Hill Giant")
    while g.pending.kind != "priority":
        pick(g, "target Serra Angel")
    resolve(g)
    [angel] = on_battlefield(g, "Serra Angel")
    assert angel.damage == 3


def test_hunt_the_weak_then_that_creature_fights(corpus_db):
    """"Put a +1/+1 counter on target creature you control. Then that creature fights target
    creature you don't control." ("Then": the next instruction, in order, CR 608.2c)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Hunt the Weak]
    battlefield: [Hill Giant, {card: Forest, count: 4}]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    pick(g, "cast Hunt the Weak")
    _answer(g, "target Hill Giant", "target Grizzly Bears")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    [giant] = on_battlefield(g, "Hill Giant")
    assert giant.counters == {"+1/+1": 1} and giant.damage == 2


def test_redcap_raiders_taps_an_untapped_non_human(corpus_db):
    """"you may tap an untapped non-Human creature you control. If you do, ~ gets +1/+1 and gains
    trample until end of turn.": a Human can't be the one tapped."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Redcap Raiders, Grizzly Bears, Elite Vanguard]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Redcap Raiders")
    pick(g, "no more attackers")
    resolve(g)
    _answer(g, "yes")
    s = g.current_state()
    [bears] = on_battlefield(g, "Grizzly Bears")
    [vanguard] = on_battlefield(g, "Elite Vanguard")
    [raiders] = on_battlefield(g, "Redcap Raiders")
    assert bears.tapped and not vanguard.tapped
    assert ch.power(s, raiders) == int(raiders.card.power) + 1 and "trample" in ch.keywords(s, raiders)


def test_soldevi_golem_untaps_itself_only_if_it_untapped_the_target(corpus_db):
    """"you may untap target tapped creature an opponent controls. If you do, untap ~."."""
    g = _at_upkeep(corpus_db, """
  - name: Alice
    battlefield: [{card: Soldevi Golem, tapped: true}]
  - name: Bob
    battlefield: [{card: Hill Giant, tapped: true}]
""")
    _answer(g, "yes")
    [golem] = on_battlefield(g, "Soldevi Golem")
    [giant] = on_battlefield(g, "Hill Giant")
    assert not golem.tapped and not giant.tapped


def test_turntimber_ranger_creates_a_wolf_for_a_counter(corpus_db):
    """"you may create a 2/2 green Wolf creature token. If you do, put a +1/+1 counter on ~."."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Turntimber Ranger]
    battlefield: [{card: Forest, count: 5}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Turntimber Ranger")
    resolve(g)
    resolve(g)
    _answer(g, "yes")
    [ranger] = on_battlefield(g, "Turntimber Ranger")
    assert ranger.counters == {"+1/+1": 1} and len(on_battlefield(g, "Wolf Token")) == 1


def test_burn_the_impure_hits_the_controller_of_an_infect_creature(corpus_db):
    """"~ deals 3 damage to target creature. If that creature has infect, ~ deals 3 damage to
    that creature's controller."."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Burn the Impure, Burn the Impure]
    battlefield: [{card: Mountain, count: 4}]
  - name: Bob
    battlefield: [Blight Mamba, Grizzly Bears]
""", turn=3)
    _cast_at(g, "Burn the Impure", "Blight Mamba")
    assert names(g, 1, "graveyard") == ["Blight Mamba"] and g.current_state().players[1].life == 17
    _cast_at(g, "Burn the Impure", "Grizzly Bears")
    assert g.current_state().players[1].life == 17
