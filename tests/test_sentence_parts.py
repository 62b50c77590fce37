"""Sentence parts that combine with the rest of the grammar, read from real corpus cards: the
abilities a token is created with (CR 111.3), rules about combat for this turn (CR 611.2), and
static abilities that apply only while a condition holds (CR 611.3a)."""
from __future__ import annotations

import dataclasses

from manastack import Game
from manastack.cards import CardDef
from manastack.engine import characteristics as ch
from manastack.engine import support
from manastack.engine.effect_records import CombatRule, pairs_filter
from manastack.oracle import ir
from manastack.oracle.compiler import compile_card

from manastack.scenario import Scenario

from .game_helpers import board

CREATURE = ir.Filter(types=("Creature",))


def play(text: str, db) -> Game:
    """Run a scenario written in the test with the corpus; its expectations must pass."""
    run = Scenario.from_text(text, cards=db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in run.results if not o.passed]
    assert not failed and run.results, failed
    return run.game


def effects(db, name, index=0):
    return db.get(name).abilities[index].effects


# ------------------------------------------------------------------ tokens with abilities (CR 111.3)


def test_it_has_a_quoted_ability_becomes_the_tokens_text(corpus_db):
    """Nest Invader: "create a 0/1 ... Eldrazi Spawn creature token. It has "Sacrifice this
    creature: Add {C}."": the ability is the token's own, read like a printed one."""
    (create,) = effects(corpus_db, "Nest Invader")
    token = create.token
    assert token.subtypes == ("Eldrazi", "Spawn") and token.text == "Sacrifice ~: Add {C}."
    (granted,) = token.abilities
    assert granted.is_mana and granted.cost == ir.Cost(parts=(ir.SacrificeSelfCost(),))
    assert corpus_db.get("Nest Invader").fully_supported


def test_they_have_and_you_may_create(corpus_db):
    """"They have" after two tokens (Dread Drone); "you may create ... It has" (Awakening Zone)."""
    (create,) = effects(corpus_db, "Dread Drone")
    assert create.amount == 2 and create.token.text == "Sacrifice ~: Add {C}."
    (may,) = effects(corpus_db, "Awakening Zone")
    assert type(may) is ir.May and may.effects[0].token.abilities
    assert corpus_db.get("Dread Drone").fully_supported and corpus_db.get("Awakening Zone").fully_supported


# ------------------------------------------------------------------ combat rules this turn (CR 611.2)


def test_cant_block_this_turn_reads_target_group_and_previous_subject(corpus_db):
    assert effects(corpus_db, "Stun")[0] == ir.Restrict(ir.Target(0), "cant_block")
    assert effects(corpus_db, "Falter") == (
        ir.Restrict(ir.Ref("all", ir.Filter(types=("Creature",), without_keywords=("flying",))), "cant_block"),)
    # "gets +1/+0 until end of turn and can't be blocked this turn": the same creature
    pump, rule = effects(corpus_db, "Distortion Strike")
    assert type(pump) is ir.ModifyPT and rule == ir.Restrict(ir.Target(0), "cant_be_blocked")
    assert effects(corpus_db, "Off Balance") == (ir.Restrict(ir.Target(0), "cant_attack"),
                                                 ir.Restrict(ir.Target(0), "cant_block"))
    assert effects(corpus_db, "Into the Fray") == (ir.Restrict(ir.Target(0), "attacks_each_combat"),)
    for name in ("Stun", "Falter", "Distortion Strike", "Off Balance", "Goblin Heelcutter", "Aetherling"):
        assert corpus_db.get(name).fully_supported, name


def test_a_group_naming_the_source_is_refused(corpus_db):
    """"Other creatures can't attack this turn" (Intimidation Bolt) names the source, which the
    effect outlives: not read, rather than read as all creatures."""
    assert not corpus_db.get("Intimidation Bolt").fully_supported


def test_attacks_this_turn_if_able(corpus_db):
    """Into the Fray on Bob's Grizzly Bears in his upkeep: they must attack this turn
    (CR 508.1d): passing on to the second main phase, Bob declares them as an attacker and
    Alice takes 2."""
    play("""
turn: 4
active: Bob
step: upkeep
priority: Alice
players:
  - name: Alice
    hand: [Into the Fray]
    battlefield: [Mountain]
  - name: Bob
    library: [Forest]
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: Into the Fray
    targets: [bears]
  - resolve
  - pass_until: postcombat main
expect:
  life: {Alice: 18}
""", corpus_db)


def test_a_group_rule_survives_a_save(corpus_db):
    """The group of a rule about combat is kept as plain data in a save (CR 611.2c)."""
    game = board(corpus_db, """  - name: Alice
    hand: [Falter]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    game.push("cast Falter")
    game.push("pay automatically")
    while game.state.stack:
        game.push("pass priority")
    (rule,) = [e for e in game.state.effects if type(e) is CombatRule]
    loaded = Game.from_json(game.to_json())
    (again,) = [e for e in loaded.state.effects if type(e) is CombatRule]
    assert pairs_filter(again.group) == pairs_filter(rule.group) == ir.Filter(
        types=("Creature",), without_keywords=("flying",))


# ------------------------------------------------------------------ statics while a condition holds (CR 611.3a)


def static(db, name, index=0):
    return db.get(name).abilities[index].effect


def test_as_long_as_before_or_after_the_static_sentence(corpus_db):
    assert static(corpus_db, "Kird Ape").condition == ir.YouControl(
        (ir.Filter(subtypes=("Forest",), controller="you"),))
    assert static(corpus_db, "Ahn-Crop Invader").condition == "your_turn"
    assert static(corpus_db, "Grasping Scoundrel").condition == "self_attacking"
    assert static(corpus_db, "Ainok Artillerist").condition == ir.HasCounter("+1/+1")
    # "As long as ~ is equipped, it gets +1/+1 and has first strike.": "it" is the Glaivemaster
    pump, grant = corpus_db.get("Auriok Glaivemaster").abilities
    assert (pump.effect.affected, pump.effect.condition) == ("self", "self_equipped")
    assert (grant.effect.kind, grant.effect.condition) == ("grant_keywords", "self_equipped")
    aura = [a for a in corpus_db.get("Aboshan's Desire").abilities if type(a) is ir.StaticAbility]
    assert aura[-1].effect.condition == ir.PlayerCount("cards_in_graveyard", at_least=7)
    for name in ("Kird Ape", "Ahn-Crop Invader", "Grasping Scoundrel", "Auriok Glaivemaster",
                 "Chillerpillar", "Ardent Recruit"):
        assert corpus_db.get(name).fully_supported, name


def test_a_condition_after_an_attached_subject_is_about_that_creature():
    """"Enchanted creature gets +1/+1 as long as it's attacking": "it" is the enchanted
    creature, not the Aura, so the condition is read about the permanent the Aura is attached to."""
    card = CardDef.from_face({"name": "Test Aura", "type": "Enchantment — Aura", "types": ["Enchantment"],
                              "subtypes": ["Aura"], "text": "Enchant creature\nEnchanted creature gets +1/+1 as long as it's attacking."})
    result = compile_card(card)
    static = result.abilities[-1].effect
    assert not result.unsupported and static.affected == "enchanted"
    assert static.condition == ir.AttachedIs(ir.Filter(attacking=True))


def test_metalcraft_counts_artifacts_as_they_are_now(corpus_db):
    """Ardent Recruit is 1/1 with two artifacts and 3/3 with three (CR 611.3a)."""
    game = board(corpus_db, """  - name: Alice
    battlefield: [{card: Ardent Recruit, id: recruit}, Ornithopter, Ornithopter]
    hand: [Memnite]
  - name: Bob
""", turn=3)
    recruit = next(o for o in game.state.permanents() if o.card.name == "Ardent Recruit")
    assert ch.power_toughness(game.state, recruit) == (1, 1)
    game.push("cast Memnite")
    while game.state.stack:
        game.push("pass priority")
    s = game.state
    recruit = next(o for o in s.permanents() if o.card.name == "Ardent Recruit")
    assert ch.power_toughness(s, recruit) == (3, 3)


# ------------------------------------------------------------------ coin flips (CR 705)


def test_flip_a_coin_then_win_or_lose(corpus_db):
    flip, win, lose = effects(corpus_db, "Bottle of Suleiman")
    assert flip == ir.FlipCoin()
    assert (win.flip, win.lose, type(win.effects[0])) == (True, False, ir.CreateTokens)
    assert (lose.flip, lose.lose, lose.effects) == (True, True, (ir.DealDamage(5, ir.Ref("you")),))
    assert corpus_db.get("Bottle of Suleiman").fully_supported


def test_if_you_win_the_flip_needs_a_flip_before_it(corpus_db):
    """"If you win the flip" after a clash (or "If you win," after a flip) is not read."""
    card = CardDef.from_face({"name": "Test", "type": "Sorcery", "types": ["Sorcery"],
                              "text": "Clash with an opponent. If you win the flip, draw a card."})
    assert compile_card(card).unsupported


def test_bottle_of_suleiman_wins_or_loses_the_flip(corpus_db):
    """Over several seeds Alice both wins and loses the flip of Bottle of Suleiman; each time
    exactly the effect of the outcome happens (CR 705.2): a 5/5 flying Djinn, or 5 damage."""
    outcomes = set()
    for seed in range(12):
        game = board(corpus_db, """  - name: Alice
    battlefield: [Bottle of Suleiman, Island]
  - name: Bob
""", turn=3, seed=seed)
        game.push(next(a for a in game.legal_actions() if a.label.startswith("activate Bottle of Suleiman")))
        if game.pending.kind.name != "PRIORITY":
            game.push("pay automatically")
        while game.state.stack:
            game.push("pass priority")
        s = game.state
        log = [line.text for line in s.log_entries()]
        won = any("wins the flip" in text for text in log)
        djinns = [o for o in s.permanents() if o.card.name == "Djinn Token"]
        if won:
            assert len(djinns) == 1 and ch.power_toughness(s, djinns[0]) == (5, 5) and s.players[0].life == 20
        else:
            assert any("loses the flip" in text for text in log)
            assert not djinns and s.players[0].life == 15
        outcomes.add(won)
    assert outcomes == {True, False}


# ------------------------------------------------------------------ quantities (CR 107.3c)


def test_where_x_is_a_quantity_anywhere_x_goes(corpus_db):
    """"..., where X is [quantity]": every X of the sentence is the quantity, counted as the
    effect happens: a power bonus (Chameleon Colossus), a number of cards (Barrin's Codex)."""
    (pump,) = effects(corpus_db, "Chameleon Colossus", 2)
    assert pump.power == pump.toughness == ir.StatOf(ir.Ref("self"), "power")
    (draw,) = effects(corpus_db, "Barrin's Codex", 1)
    assert draw.amount == ir.CountersOn("page")
    (hoplite,) = effects(corpus_db, "Akroan Hoplite")
    assert hoplite.power == ir.CountOf(ir.Filter(types=("Creature",), controller="you", attacking=True))
    for name in ("Chameleon Colossus", "Barrin's Codex", "Akroan Hoplite", "Auriok Bladewarden"):
        assert corpus_db.get(name).fully_supported, name


def test_a_where_x_quantity_is_that_quantity_not_the_spells_x(corpus_db):
    """"where X is your devotion to green" (Aspect of Hydra): X is the devotion (CR 700.5),
    counted as the spell resolves, never the spell's own X (CR 107.3, it has none)."""
    (ability,) = corpus_db.get("Aspect of Hydra").abilities
    (pump,) = ability.effects
    assert pump.power == pump.toughness == ir.DevotionCount(("G",), 1)


def test_equal_to_a_quantity(corpus_db):
    """"deals damage equal to its power to ..." ("its": the creature dealing it, Rabid Bite);
    "gains life equal to its power" still reads the object named (Swords to Plowshares)."""
    (bite,) = effects(corpus_db, "Rabid Bite")
    assert bite == ir.DealDamage(ir.StatOf(ir.Target(0), "power"), ir.Target(1), ir.Target(0))
    exile, gain = effects(corpus_db, "Swords to Plowshares")
    assert gain.amount == ir.StatOf(ir.Target(0), "power")
    assert corpus_db.get("Rabid Bite").fully_supported


def test_a_condition_on_a_land_type_effect_is_not_supported(corpus_db):
    """Land-type effects (Blood Moon) are applied by the layers without reading an "as long as"
    condition, so such an effect with a condition is listed as a gap rather than applied always
    (CR 611.3a). A granted quoted ability (Chromatic Lantern's) reads its condition
    (engine.layers.card_now), so it has none."""
    lantern = corpus_db.get("Chromatic Lantern")
    grant = next(ab for ab in lantern.abilities if type(ab) is ir.StaticAbility)
    assert grant.effect.kind == "grant_ability" and support.gaps(grant) == []
    held = dataclasses.replace(grant, effect=dataclasses.replace(grant.effect, condition=ir.NotYourTurn()))
    assert support.gaps(held) == []
    moon = next(ab for ab in corpus_db.get("Blood Moon").abilities if type(ab) is ir.StaticAbility)
    held = dataclasses.replace(moon, effect=dataclasses.replace(moon.effect, condition=ir.NotYourTurn()))
    assert support.gaps(held) == ["static effect 'set_land_type' as long as a condition holds"]
