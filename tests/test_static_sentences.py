"""One static sentence, several effects (CR 604, 613): a subject ("Enchanted creature", "~",
"Creatures you control") and its effects joined by commas and "and", each read alone: gets
+N/+N (for each ...), has keywords and quoted abilities (CR 613.1f), can't attack or block,
can't be blocked (by ...), attacks each combat if able. Real cards and their rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch, combat, conditions, layers
from manastack.engine.mana import abilities as mana_abilities
from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers
from .test_oracle_compiler import card


def _effects(db, name: str) -> dict[str, ir.StaticEffect]:
    c = db.get(name)
    assert not c.unsupported, c.unsupported
    return {ab.effect.kind: ab.effect for ab in c.abilities if type(ab) is ir.StaticAbility}


def test_three_effects_in_one_sentence(db):
    """Infectious Bloodlust: "gets +2/+1, has haste, and attacks each combat if able"."""
    effects = _effects(db, "Infectious Bloodlust")
    assert (effects["modify_pt"].power, effects["modify_pt"].toughness) == (2, 1)
    assert [k.name for k in effects["grant_keywords"].keywords] == ["haste"]
    assert effects["attacks_each_combat"].affected == "enchanted"
    assert {e.affected for e in effects.values()} == {"enchanted"}


def test_for_each_then_two_keywords(db):
    """Glaive of the Guildpact: "gets +1/+0 for each Gate you control and has vigilance and menace"."""
    effects = _effects(db, "Glaive of the Guildpact")
    pump = effects["modify_pt"]
    assert (pump.power, pump.toughness, pump.count.subtypes, pump.count.controller) == (1, 0, ("Gate",), "you")
    assert [k.name for k in effects["grant_keywords"].keywords] == ["vigilance", "menace"]
    assert effects["modify_pt"].affected == "equipped"


def test_keyword_and_quoted_triggered_ability(db):
    """Staggering Insight: "has lifelink and "Whenever this creature deals combat damage to a
    player, draw a card."": the quoted ability is granted as a triggered ability (CR 613.1f)."""
    effects = _effects(db, "Staggering Insight")
    assert [k.name for k in effects["grant_keywords"].keywords] == ["lifelink"]
    (granted,) = effects["grant_ability"].abilities
    assert type(granted) is ir.TriggeredAbility and granted.trigger.event == "deals_combat_damage_to_player"
    assert granted.text.startswith("Whenever ~ deals combat damage to a player")


def test_restrictions_joined(db):
    """Whispersilk Cloak: "can't be blocked and has shroud"; Changeling Outcast: "can't block and
    can't be blocked"."""
    assert set(_effects(db, "Whispersilk Cloak")) == {"cant_be_blocked", "grant_keywords"}
    assert set(_effects(db, "Changeling Outcast")) == {"cant_block", "cant_be_blocked"}


def test_a_keyword_without_has_or_a_missing_period_is_refused():
    """Not English, so not read: a keyword joined as if it were an effect, a sentence cut short."""
    assert card("Test Aura", "Enchanted creature gets +1/+1 and flying.", "Enchantment — Aura").unsupported
    assert card("Test Aura", "Enchanted creature gets +1/+1 and has flying", "Enchantment — Aura").unsupported
    assert card("Test Aura", "Enchanted creature gets +1/+1 and gets +1/+1.", "Enchantment — Aura").unsupported


def test_ethereal_armor_counts_itself_and_auras_on_opponents_creatures(db):
    """Ethereal Armor ruling: it counts each enchantment you control, itself and Auras you
    control attached to an opponent's permanents included (CR 613.4c)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - {card: Ethereal Armor, attached_to: bears}
      - {card: Pacifism, attached_to: giant}
  - name: Bob
    battlefield: [{card: Hill Giant, id: giant}]
""", turn=3)
    s = g.current_state()
    (bears,) = game_helpers.on_battlefield(g, "Grizzly Bears")
    assert ch.power_toughness(s, bears) == (4, 4)
    assert ch.has(s, bears, "first strike")


def test_commanders_authority_token_for_the_creatures_controller(db):
    """Commander's Authority ruling: the controller of the enchanted creature gets the token
    (the granted ability is the creature's, CR 613.1f, 603.3a)."""
    g = game_helpers.board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Commander's Authority, attached_to: bears}]
  - name: Bob
    library: [Forest, Forest]
    battlefield: [{card: Grizzly Bears, id: bears}]
""", turn=3, active="Alice", step="end")
    while not (g.current_state().active == 1 and g.current_state().stack):
        g.push(Action("pass"))
    assert g.current_state().step == "upkeep"
    game_helpers.resolve(g)
    s = g.current_state()
    tokens = [o for o in s.permanents() if o.card.name == "Human Token"]
    assert [o.controller for o in tokens] == [1]


def test_delirium_as_a_static_condition_and_an_intervening_if(db):
    """Thraben Foulbloods: "gets +1/+1 and has menace as long as there are four or more card
    types among cards in your graveyard" (CR 611.3a); Soul Swallower's upkeep trigger has the
    same words as an intervening "if" (CR 603.4)."""
    effects = _effects(db, "Thraben Foulbloods")
    delirium = ir.PlayerCount("card_types_in_graveyard", at_least=4)
    assert {e.condition for e in effects.values()} == {delirium}
    (trigger,) = [ab for ab in db.get("Soul Swallower").abilities if type(ab) is ir.TriggeredAbility]
    assert trigger.condition == delirium and not db.get("Soul Swallower").unsupported


def test_delirium_counts_types_of_cards_not_tokens(db):
    """Delirium rulings: Wicker Witch (an artifact creature), Catalog (an instant) and Chaplain's
    Blessing (a sorcery) make four card types (CR 205.2a); a token in a graveyard is no card and
    counts for none (CR 111.7)."""
    g = game_helpers.board(db, """
  - name: Alice
    graveyard: [Wicker Witch, Catalog, Chaplain's Blessing]
    battlefield: [{card: Gnarlwood Dryad, id: dryad}]
  - name: Bob
""", turn=3)
    s = g.current_state()
    (dryad,) = game_helpers.on_battlefield(g, "Gnarlwood Dryad")
    delirium = _effects(db, "Gnarlwood Dryad")["modify_pt"].condition
    assert conditions.evaluate(s, delirium, dryad)
    assert ch.power_toughness(s, dryad) == (3, 3)
    s2 = s.copy()
    sorcery = next(o for o in s2.objs.values() if o.card.name == "Chaplain's Blessing")
    s2.own(sorcery.id).is_token = True
    assert not conditions.evaluate(s2, delirium, dryad)


def test_threshold_grants_a_quoted_ability_only_while_it_holds(db):
    """Fledgling Dragon: the quoted ability is the Dragon's only with seven or more cards in its
    controller's graveyard (CR 611.3a, 613.1f)."""
    effects = _effects(db, "Fledgling Dragon")
    assert effects["grant_ability"].condition == ir.PlayerCount("cards_in_graveyard", at_least=7)
    g = game_helpers.board(db, """
  - name: Alice
    graveyard: [Island, Island, Island, Island, Island, Island, Island]
    battlefield: [{card: Fledgling Dragon, id: dragon}]
  - name: Bob
""", turn=3)
    s = g.current_state()
    (dragon,) = game_helpers.on_battlefield(g, "Fledgling Dragon")
    assert any(type(ab) is ir.ActivatedAbility for ab in layers.card_now(s, dragon).abilities)
    assert ch.power_toughness(s, dragon) == (5, 5)


def test_blockable_only_by_and_no_activations(db):
    """Dread Warlock: "can't be blocked except by black creatures" (CR 509.1b); Arrest: "can't
    attack or block, and its activated abilities can't be activated" (CR 602.5); Faith's
    Fetters: "... unless they're mana abilities" (CR 605.1a)."""
    warlock = _effects(db, "Dread Warlock")["cant_be_blocked_except_by"]
    assert warlock.affected == "self" and warlock.blockers.colors == ("B",)
    assert set(_effects(db, "Arrest")) == {"cant_attack", "cant_block", "cant_activate"}
    assert set(_effects(db, "Faith's Fetters")) == {"cant_attack", "cant_block", "cant_activate_nonmana"}
    # "three or more creatures" is no description of blockers but a number of them (CR 509.1b)
    least = card("Test", "Test can't be blocked except by three or more creatures.").abilities[0].effect
    assert (least.kind, least.amount) == ("min_blockers", 3)


def test_arrest_forbids_mana_abilities_faiths_fetters_does_not(db):
    """CR 602.5, 605.1a: under Arrest the Elves can't tap for mana; under Faith's Fetters they
    can, and only their non-mana abilities are forbidden."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield:
      - {card: Llanowar Elves, id: arrested}
      - {card: Llanowar Elves, id: fettered}
  - name: Bob
    battlefield:
      - {card: Arrest, attached_to: arrested}
      - {card: Faith's Fetters, attached_to: fettered}
""", turn=3)
    s = g.current_state()
    sources = [o.id for o, _i, _ab in mana_abilities.mana_sources(s, 0)]
    elves = game_helpers.on_battlefield(g, "Llanowar Elves")
    arrested = next(o for o in elves if any(a.card.name == "Arrest" and a.attached_to == o.id
                                            for a in s.permanents()))
    assert arrested.id not in sources and len(sources) == 1


def test_each_creature_with_a_counter_on_it(db):
    """Crowned Ceratok: "Each creature you control with a +1/+1 counter on it has trample."
    (CR 122.1): a creature has trample while it has such a counter."""
    effect = _effects(db, "Crowned Ceratok")["grant_keywords"]
    assert effect.affected.counter == "+1/+1" and effect.affected.controller == "you"
    g = game_helpers.board(db, """
  - name: Alice
    battlefield:
      - Crowned Ceratok
      - {card: Grizzly Bears, counters: {"+1/+1": 1}}
      - Llanowar Elves
  - name: Bob
""", turn=3)
    s = g.current_state()
    (bears,) = game_helpers.on_battlefield(g, "Grizzly Bears")
    (elves,) = game_helpers.on_battlefield(g, "Llanowar Elves")
    assert ch.has(s, bears, "trample") and not ch.has(s, elves, "trample")


def test_a_dying_creature_is_seen_with_its_counters(db):
    """Skyclave Shadowcat: "Whenever a creature you control with a +1/+1 counter on it dies,
    draw a card." The creature is seen as it last existed on the battlefield (CR 603.10a)."""
    g = game_helpers.board(db, """
  - name: Alice
    library: [Island, Island]
    battlefield:
      - Skyclave Shadowcat
      - {card: Grizzly Bears, counters: {"+1/+1": 1}, damage: 1}
      - Llanowar Elves
  - name: Bob
    hand: [Pyroclasm]
    battlefield: [Mountain, Mountain]
""", turn=3, active="Bob")
    game_helpers.cast_and_pay(g, "cast Pyroclasm")
    while g.current_state().stack:
        game_helpers.resolve(g)
    assert len(g.current_state().players[0].hand) == 1       # the Bears (3/3, 1 damage) and the Elves died


def test_cant_attack_or_block_unless_you_control_another_giant(db):
    """Blind-Spot Giant: "can't attack or block unless you control another Giant": alone it can't
    attack (CR 508.1c, 611.3a); Desperate Castaways: "can't attack unless you control an
    artifact"."""
    effects = _effects(db, "Blind-Spot Giant")
    cond = effects["cant_attack"].condition
    assert (cond.at_least, cond.at_most, cond.filters[0].subtypes, cond.filters[0].other) == (0, 0, ("Giant",), True)
    assert effects["cant_block"].condition == cond
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Blind-Spot Giant, Desperate Castaways, Ornithopter]
  - name: Bob
""", turn=3)
    s = g.current_state()
    (blind,) = game_helpers.on_battlefield(g, "Blind-Spot Giant")
    (castaways,) = game_helpers.on_battlefield(g, "Desperate Castaways")
    assert combat.why_not_attack(s, blind) is not None
    assert combat.why_not_attack(s, castaways) is None            # Ornithopter is an artifact


def test_cant_block_creatures_with_power_and_cant_be_blocked_by_walls(db):
    """Brassclaw Orcs: "can't block creatures with power 2 or greater"; Bog Rats: "can't be
    blocked by Walls" (CR 509.1b)."""
    orcs = _effects(db, "Brassclaw Orcs")["cant_block_attackers"]
    assert orcs.affected == "self" and orcs.attackers.power_at_least == 2
    rats = _effects(db, "Bog Rats")["cant_be_blocked_by"]
    assert rats.blockers.subtypes == ("Wall",)
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, attacking: true, tapped: true}, {card: Llanowar Elves, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Brassclaw Orcs]
""", turn=3, step="declare_attackers")
    s = g.current_state()
    (orcs_obj,) = game_helpers.on_battlefield(g, "Brassclaw Orcs")
    (bears,) = game_helpers.on_battlefield(g, "Grizzly Bears")
    (elves,) = game_helpers.on_battlefield(g, "Llanowar Elves")
    assert combat.block_restriction(s, orcs_obj, bears) is not None
    assert combat.block_restriction(s, orcs_obj, elves) is None
