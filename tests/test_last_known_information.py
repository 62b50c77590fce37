"""Objects that changed zones: last known information (CR 608.2h), the new object a card becomes
(CR 400.7e, 400.7j), "dies" for any permanent (CR 700.4), effects that end the game
(CR 104.2b, 104.3e) and replacement of "would be put into a graveyard from anywhere" (CR 614.6).
Real cards from the corpus; expectations from their Oracle text, rulings and the CR."""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.oracle import compile_card, ir
from manastack.scenario import Scenario

from .game_helpers import board, cast_and_pay, resolve


def _card(name: str, text: str, type_line: str = "Instant") -> CardDef:
    types_part, _, subtypes = type_line.partition(" — ")
    return CardDef.from_face({"name": name, "type": type_line, "manaCost": "{W}", "text": text,
                              "types": types_part.split(), "subtypes": subtypes.split()})


def run(corpus_db, text: str):
    """Play an inline scenario with the corpus; every expectation must pass."""
    result = Scenario.from_text(text, cards=corpus_db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in result.results if not o.passed]
    assert not failed, failed
    return result.game


HEAD = "name: t\ndescription: t\ncites: ['608.2h']\n"


# ------------------------------------------------------------------------ compiling


def test_its_power_after_exile_is_a_stat_of_the_target():
    [ab] = compile_card(_card("S", "Exile target creature. Its controller gains life equal to its power.")).abilities
    assert ab.effects[1] == ir.GainLife(ir.StatOf(ir.Target(0), "power"), ir.Ref("target_controller"))


def test_its_mana_value_of_a_countered_spell_is_refused():
    """A spell's last known information isn't kept: Illumination stays unsupported."""
    c = _card("I", "Counter target artifact or enchantment spell. Its controller gains life equal to its "
              "mana value.")
    assert compile_card(c).unsupported


def test_that_card_in_a_dies_trigger_is_the_triggering_object():
    c = _card("A", "Enchant creature\nWhen enchanted creature dies, return that card to the battlefield "
              "under your control.", "Enchantment — Aura")
    ab = compile_card(c).abilities[-1]
    assert ab.trigger == ir.Trigger("dies", "enchanted")
    assert ab.effects == (ir.ReturnToBattlefield(ir.Ref("triggering_object"), under_you=True),)


def test_put_into_a_graveyard_from_the_battlefield_is_dies():
    """CR 700.4: the two wordings are one trigger event."""
    a = compile_card(_card("F", "Whenever an artifact is put into a graveyard from the battlefield, draw a card.",
                           "Artifact")).abilities[0]
    b = compile_card(_card("F", "Whenever an artifact dies, draw a card.", "Artifact")).abilities[0]
    assert a.trigger == b.trigger == ir.Trigger("dies", ir.Filter(types=("Artifact",)))


def test_a_pact_joins_if_you_dont_to_its_delayed_ability():
    [ab] = compile_card(_card("P", "Draw a card.\nAt the beginning of your next upkeep, pay {2}{B}. "
                              "If you don't, you lose the game.", "Sorcery")).abilities
    delayed = ab.effects[-1]
    assert delayed.duration == "your_next_upkeep"
    may, dont = delayed.ability.effects
    assert type(may) is ir.May and type(may.effects[0]) is ir.PayMana
    assert dont == ir.IfYouDont((ir.LoseGame(ir.Ref("you")),))


def test_graveyard_replacements_compile_with_whose_graveyard_and_what():
    leyline = compile_card(_card("L", "If a card would be put into an opponent's graveyard from anywhere, "
                                 "exile it instead.", "Enchantment")).abilities[0]
    assert (leyline.kind, leyline.whose, leyline.cards_only) == ("graveyard_to_exile", "opponent", True)
    rip = compile_card(_card("R", "If a card or token would be put into a graveyard from anywhere, exile it "
                             "instead.", "Enchantment")).abilities[0]
    assert (rip.whose, rip.cards_only) == (None, False)


# ------------------------------------------------------------------------ playing


def test_swords_to_plowshares_uses_the_power_and_controller_as_it_last_existed(corpus_db):
    """Ruling 2018-03-16: the power of the creature as it last existed; a stolen creature's
    controller then was Alice, so Alice gains the life."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Swords to Plowshares, Giant Growth]
    battlefield: [Plains, Forest, {card: Grizzly Bears, id: bears, owner: Bob}]
  - name: Bob
script:
  - cast: Giant Growth
    target: bears
  - resolve
  - cast: Swords to Plowshares
    target: bears
  - resolve
expect:
  life: {Alice: 25, Bob: 20}
  exile: {Bob: [Grizzly Bears]}
""")


def test_swords_on_a_creature_with_negative_power_gains_nothing(corpus_db):
    """Ruling 2018-03-16: negative power gives no life and takes none."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Swords to Plowshares]
    battlefield: [Plains]
  - name: Bob
    battlefield: [{card: Wall of Wood, id: wall, counters: {"-1/-1": 1}}]
script:
  - cast: Swords to Plowshares
    target: wall
  - resolve
expect:
  life: {Bob: 20}
""")


def test_squees_embrace_returns_the_card_the_creature_became(corpus_db):
    """CR 400.7e, 603.10a: the Aura was attached as the creature left, so its ability
    triggers, and it returns the new object in the graveyard to its owner's hand."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Doom Blade]
    battlefield: [Swamp, Swamp, {card: Squee's Embrace, attached_to: bears}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: Doom Blade
    target: bears
  - resolve
  - expect:
      stack: ["Squee's Embrace's ability"]
  - resolve
expect:
  hand: {Bob: [Grizzly Bears]}
  graveyard: {Alice: [Doom Blade, Squee's Embrace], Bob: 0}
""")


def test_otherworldly_journey_returns_the_exiled_card_with_a_counter(corpus_db):
    """Ruling 2004-12-01: a new creature, with a +1/+1 counter; CR 603.7c: the delayed ability
    refers to the card the creature became in exile."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Otherworldly Journey]
    battlefield: [Plains, Plains]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears, damage: 1}]
script:
  - cast: Otherworldly Journey
    target: bears
  - resolve
  - expect:
      exile: {Bob: [Grizzly Bears]}
  - pass_until: end
  - resolve
expect:
  objects: {bears: {zone: battlefield, controller: Bob, counters: {"+1/+1": 1}, damage: 0}}
""")


def test_femeref_enchantress_sees_an_aura_put_into_a_graveyard(corpus_db):
    """CR 700.4, 704.5m: an Aura whose creature died is put into a graveyard from the battlefield
    as a state-based action, which triggers Femeref Enchantress."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Doom Blade]
    battlefield: [Swamp, Swamp, Femeref Enchantress, {card: Squee's Embrace, attached_to: bears}]
    library: [Island]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: Doom Blade
    target: bears
  - resolve
  - action: "put the rest on the stack in the order they triggered"
  - resolve
  - resolve
expect:
  hand: {Alice: [Island], Bob: [Grizzly Bears]}
  triggered: {Femeref Enchantress: 1}
""")


def test_a_pact_paid_in_your_next_upkeep_keeps_you_in_the_game(corpus_db):
    run(corpus_db, HEAD + """
turn: 3
players:
  - name: Alice
    hand: [Pact of the Titan]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
    library: [Mountain, Mountain]
  - name: Bob
    library: [Forest, Forest]
script:
  - cast: Pact of the Titan
  - resolve
  - pass_until: upkeep
    turn: 5
  - resolve
  - may: yes
expect:
  result: none
  count: {Giant Token: 1}
""")


def test_one_with_death_loses_the_game(corpus_db):
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [One with Death]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
script:
  - cast: One with Death
  - resolve
expect:
  result: {winner: Bob}
""")


def test_leyline_of_the_void_exiles_only_an_opponents_cards(corpus_db):
    """A card goes to its owner's graveyard (CR 404.2): Leyline exiles Bob's Shock, not
    Alice's."""
    run(corpus_db, HEAD + """
allow_partial: true
players:
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain, Leyline of the Void]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
script:
  - cast: Shock
    target: Bob
  - resolve
  - cast: Shock
    by: Bob
    target: Alice
  - resolve
expect:
  graveyard: {Alice: [Shock], Bob: 0}
  exile: {Bob: [Shock]}
""")


def test_an_aura_with_nothing_to_enchant_stays_in_the_library(corpus_db):
    """CR 303.4g: Zur finds Wild Growth (enchant land) with no land on the battlefield: it
    can't enter, and stays in the library, which is then shuffled."""
    game = run(corpus_db, HEAD + """
players:
  - name: Alice
    battlefield: [{card: Zur the Enchanter, id: zur}]
    library: [Wild Growth, Island, Island]
  - name: Bob
script:
  - attack: [zur]
  - resolve
  - may: yes
  - choose: [Wild Growth]
expect:
  count: {Wild Growth: 0}
  library: {Alice: 3}
""")
    assert any("303.4g" in e.rules for e in game.state.log_entries())


def test_heroic_and_spells_that_target_compile_to_a_filter_on_the_spell():
    ab = compile_card(_card("H", "Whenever you cast a spell that targets ~, draw a card.",
                            "Creature — Human")).abilities[0]
    assert ab.trigger.subject.targets_self and ab.trigger.subject.zone == "stack"
    cost = compile_card(_card("B", "Spells your opponents cast that target ~ cost {2} more to cast.",
                              "Creature — Elemental")).abilities[0]
    assert cost.effect.kind == "cost_increase" and cost.effect.affected.targets_self
    assert cost.effect.affected.controller == "opponent"


def test_enters_or_is_put_into_a_graveyard_is_two_abilities():
    abs_ = compile_card(_card("W", "When ~ enters or is put into a graveyard from the battlefield, draw a card.",
                              "Artifact")).abilities
    assert [a.trigger.event for a in abs_] == ["enters", "dies"]


def test_that_lands_controller_is_the_triggering_objects_controller():
    ab = compile_card(_card("D", "Whenever a land is put into a graveyard from the battlefield, ~ deals 2 "
                            "damage to that land's controller.", "Artifact")).abilities[0]
    assert ab.effects[0].to == ir.Ref("triggering_controller")


def test_sacrificing_carapace_takes_its_toughness_bonus_away_first(corpus_db):
    """Carapace ruling (2004-10-04): it leaves as the ability is activated, so a creature kept
    alive only by its +0/+2 is destroyed (lethal damage, CR 704.5g) before the regeneration."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears, damage: 2}, {card: Carapace, attached_to: bears}]
  - name: Bob
script:
  - activate: Carapace
  - resolve
expect:
  graveyard: {Alice: [Carapace, Grizzly Bears]}
""")


def test_a_permanent_that_exiles_itself_finds_the_card_it_became(corpus_db):
    """CR 400.7j: Flickering Spirit's "Exile ~, then return it" returns the exiled card; Ghost
    Council's delayed ability returns the card it became in exile at the next end step."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    battlefield: [Plains, Plains, Plains, Plains, Plains, {card: Flickering Spirit, id: fs, damage: 1},
                  {card: Ghost Council of Orzhova, id: gc}, {card: Grizzly Bears, id: bears}]
  - name: Bob
script:
  - activate: fs
  - resolve
  - expect:
      objects: {fs: {zone: battlefield, damage: 0}}
  - activate: gc
    choose: [bears]
  - resolve
  - expect:
      objects: {gc: {zone: exile}}
  - pass_until: end
  - resolve
expect:
  objects: {gc: {zone: battlefield}}
""")


def test_condescend_asks_for_the_x_it_was_cast_with(corpus_db):
    """"Counter target spell unless its controller pays {X}": X is the value chosen for
    Condescend (CR 107.3); Bob, with one untapped Forest, can't pay {2}."""
    run(corpus_db, HEAD + """
players:
  - name: Alice
    hand: [Condescend]
    battlefield: [Island, Island, Island]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Forest]
active: Bob
script:
  - cast: Grizzly Bears
  - cast: Condescend
    by: Alice
    target: Grizzly Bears
    x: 2
  - resolve
expect:
  graveyard: {Bob: [Grizzly Bears], Alice: [Condescend]}
""")


# ------------------------------------------------------------------------ leaving together


def test_leaves_the_battlefield_triggers_see_the_others_that_leave_with_them(corpus_db):
    """Wrath of God destroys Poison-Tip Archer and two other creatures at once: the Archer's
    "another creature dies" ability looks back in time and triggers for both others, whichever
    of them the engine moves first (CR 603.10a, 704.3)."""
    game = run(corpus_db, HEAD + """
turn: 3
players:
  - name: Alice
    hand: [Wrath of God]
    battlefield: [{card: Plains, count: 4}, Poison-Tip Archer, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
script:
  - cast: Wrath of God
  - resolve
  - action: "put the rest on the stack in the order they triggered"
  - resolve
  - resolve
expect:
  triggered: {Poison-Tip Archer: 2}
  life: {Bob: 18}
  stack: 0
""")
    assert game.state.players[0].life == 20


def test_its_controller_after_an_entered_permanent_has_left(corpus_db):
    """Kavu Lair: "its controller draws a card" for a creature with power 4 or more that
    entered; if the creature has left before the ability resolves, its last controller draws
    (CR 608.2h), not nobody. Bob returns Alice's Craw Wurm to her hand in response."""
    run(corpus_db, HEAD + """
turn: 3
players:
  - name: Alice
    hand: [Craw Wurm]
    library: [Island, Island]
    battlefield: [{card: Forest, count: 6}, Kavu Lair]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island]
script:
  - cast: Craw Wurm
  - resolve
  - expect:
      stack: ["Kavu Lair's ability"]
  - cast: Unsummon
    by: Bob
    target: Craw Wurm
  - resolve
  - resolve
expect:
  hand: {Alice: [Craw Wurm, Island]}
  library: {Alice: [Island]}
""")



def test_warstorm_surge_reads_the_power_the_creature_has_as_the_ability_resolves(corpus_db):
    """Warstorm Surge ruling 2011-09-22 (CR 608.2h): the creature that entered deals damage equal
    to its power as the ability resolves while it is still on the battlefield: Giant Growth in
    response makes Grizzly Bears deal 5, not the 2 it had as it entered."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grizzly Bears, Giant Growth]
    battlefield: [Warstorm Surge, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    while g.pending.kind != "priority":         # the trigger's target: Bob
        g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    assert [i.card.name for i in g.current_state().stack] == ["Warstorm Surge"]
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    resolve(g)
    resolve(g)
    assert g.current_state().players[1].life == 20 - 5
