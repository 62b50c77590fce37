"""Damage prevention put together from parts (CR 615): which damage (all, combat, noncombat),
dealt to what, by what, for this turn (a resolved spell or ability, CR 615.3) or while a
permanent is on the battlefield (a static ability, CR 604.1), with real cards."""
from __future__ import annotations

import json

from manastack.engine import effect_records as er
from manastack.engine.decisions import Action
from manastack.engine.serialize import state_from_data, state_to_data
from manastack.oracle import ir
from manastack.scenario import Scenario

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, resolve


def _abilities(db, name):
    card = db.get(name)
    assert card.unsupported == (), card.unsupported
    return [a for a in card.abilities if type(a) is not ir.Keyword]


def test_statics_compile_to_a_recipient_and_a_source(db):
    (transport,) = _abilities(db, "Armored Transport")
    assert transport.effect == ir.PreventDamage(
        None, ir.Ref("self"), True, ir.Ref(ir.BLOCKING_SELF, ir.Filter(types=("Creature",))), duration="")
    (defang,) = _abilities(db, "Defang")
    assert defang.effect == ir.PreventDamage(source=ir.Ref("enchanted"), duration="")
    (mark,) = _abilities(db, "Mark of Asylum")
    assert mark.effect == ir.PreventDamage(
        to=ir.Ref("all", ir.Filter(types=("Creature",), controller="you")), noncombat_only=True, duration="")
    # "to and dealt by ~": two effects, one for each side of the damage
    assert [a.effect for a in _abilities(db, "Fog Bank")] == [
        ir.PreventDamage(to=ir.Ref("self"), combat_only=True, duration=""),
        ir.PreventDamage(source=ir.Ref("self"), combat_only=True, duration="")]
    (pixies,) = [a for a in _abilities(db, "Argothian Pixies") if type(a) is ir.PreventionAbility]
    assert pixies.effect.source == ir.Ref("all", ir.Filter(types=("Creature",), all_types=("Artifact", "Creature")))


def test_effects_for_this_turn_compile_from_the_same_parts(db):
    (blur,) = _abilities(db, "Chameleon Blur")
    assert blur.effects == (ir.PreventDamage(to=ir.Ref("each_player"),
                                             source=ir.Ref("all", ir.Filter(types=("Creature",)))),)
    (horse,) = _abilities(db, "Ebony Horse")
    assert horse.effects[1:] == (ir.PreventDamage(to=ir.Target(0), combat_only=True),
                                 ir.PreventDamage(combat_only=True, source=ir.Target(0)))
    (wood,) = [a for a in _abilities(db, "Deep Wood") if type(a) is ir.SpellAbility]   # "to you this turn by attacking creatures"
    assert wood.effects[0].to == ir.Ref("you") and wood.effects[0].source.filter.attacking


def test_sentences_not_understood_stay_unsupported(db):
    # "other creatures" names the source, which the effect outlives (CR 611.2c)
    assert db.get("Haze Frog").unsupported
    # damage from "spells that target it" isn't read
    assert db.get("Bronze Horse").unsupported


def test_a_source_of_one_of_two_colors(db):
    """"a black or red source of your choice": one source that is black or red (CR 105.2, 609.7a)."""
    (realm,) = _abilities(db, "Greater Realm of Preservation")
    (prevent,) = realm.effects
    assert prevent.source == ir.Ref(ir.CHOSEN_SOURCE, ir.Filter(colors=("B", "R"))) and prevent.once


def _play(db, text: str):
    run = Scenario.from_text(text, cards=db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in run.results if not o.passed]
    assert not failed, failed


def test_defang_prevents_the_damage_enchanted_creature_would_deal(db):
    """Defang: all damage the enchanted creature would deal is prevented, combat damage or not;
    the damage dealt to it is not (CR 615.1, 604.1)."""
    _play(db, """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, Savannah Lions]
  - name: Bob
    battlefield: [{card: Defang, attached_to: bears}, {card: Hill Giant, id: giant}]
script:
  - attack: [Grizzly Bears, Savannah Lions]
  - block: {Hill Giant: Grizzly Bears}
  - pass_until: main2
expect:
  life: {Bob: 18}
  graveyard: {Alice: [Grizzly Bears], Bob: [Defang]}     # the Aura goes with the Bears (CR 704.5m)
  objects:
    giant: {zone: battlefield, damage: 0}
""")


def test_a_group_is_read_as_the_damage_would_be_dealt(db):
    """Divine Light's effect covers a creature that enters after it resolved: prevention is no
    change of characteristics, so its group isn't fixed as it resolves (CR 611.2c, 615.1)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Divine Light, Grizzly Bears]
    battlefield: [Plains, Forest, Forest]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""", turn=3)
    cast_and_pay(g, "cast Divine Light")
    resolve(g)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Grizzly Bears")[0].damage == 0
    assert names(g, 1, "graveyard") == ["Shock"]


def test_a_shield_with_groups_saves_and_loads():
    from manastack import Game
    s = Game.new("gruul-stompy", "azorius-skies", seed=1).current_state().copy()
    shield = er.PreventionShield(None, -1, False, "end_of_turn", 7, "Channel Harm",
                                 er.filter_pairs(ir.Filter(controller="you")), 0, None,
                                 er.filter_pairs(ir.Filter(controller="not_you")), True)
    s.effects = [shield]
    (loaded,) = state_from_data(json.loads(json.dumps(state_to_data(s))), Game.new(
        "gruul-stompy", "azorius-skies", seed=1).db).effects
    assert er.pairs_filter(loaded.group) == ir.Filter(controller="you")
    assert er.pairs_filter(loaded.by_group) == ir.Filter(controller="not_you")
    assert (loaded.player, loaded.noncombat_only, loaded.amount) == (0, True, -1)


def test_a_source_of_your_choice_is_chosen_as_the_effect_begins(db):
    """Pay No Heed: the source is chosen as it resolves, among the sources there are (CR 609.7a),
    and all the damage it would deal this turn is prevented; the other attacker's is dealt."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains]
    hand: [Pay No Heed]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
script:
  - attack: [Hill Giant, Grizzly Bears]
  - block: none
  - pass
  - cast: Pay No Heed
    by: Alice
  - resolve
  - choose: [Hill Giant]           # asked: two sources to choose from
  - pass_until: main2
expect:
  life: {Alice: 18}
""")


def test_a_chosen_source_must_have_the_properties_named(db):
    """Circle of Protection, Black offers only black sources: with none, nothing is chosen and
    nothing is prevented (CR 609.7a)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: ["Circle of Protection: Black", Plains]
  - name: Bob
    battlefield: [Hill Giant]
script:
  - attack: Hill Giant
  - block: none
  - pass
  - activate: "Circle of Protection: Black"
    by: Alice
  - resolve
  - pass_until: main2
expect:
  life: {Alice: 17}
""")


def test_a_static_prevents_so_much_of_each_damage_event(db):
    """"prevent 1 of that damage": 1 of each damage event (CR 615.10), whichever source."""
    (seraph,) = [a for a in _abilities(db, "Guardian Seraph") if type(a) is ir.PreventionAbility]
    assert seraph.effect == ir.PreventDamage(1, ir.Ref("you"), source=ir.Ref("all", ir.Filter(controller="opponent")),
                                             duration="")
    (djeru,) = [a for a in _abilities(db, "Djeru, With Eyes Open") if type(a) is ir.PreventionAbility]
    assert djeru.effect.to == ir.Ref("all", ir.Filter(types=("Planeswalker",), controller="you"))
    # Djeru rulings 2017-07-14: several sources at once, 1 of each one's damage
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: ["Djeru, With Eyes Open", {card: Garruk Wildspeaker, id: garruk}]
  - name: Bob
    battlefield: [Grizzly Bears, Savannah Lions]
script:
  - attack: [Grizzly Bears, Savannah Lions]
    planeswalkers: {Grizzly Bears: Garruk Wildspeaker, Savannah Lions: Garruk Wildspeaker}
  - block: none
  - pass_until: main2
expect:
  objects:
    garruk: {counters: {loyalty: 1}}   # 3, less 1 from each attacker
""")
