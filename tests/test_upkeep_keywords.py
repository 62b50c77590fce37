"""Exalted (CR 702.83), bushido (CR 702.45), echo (CR 702.30), cumulative upkeep (CR 702.24),
"Draw a card at the beginning of the next turn's upkeep" (CR 603.7c), "You may choose not to
untap ~ during your untap step" (CR 502.3) and "Activate only during your upkeep" (CR 602.5):
compiled from real cards' Oracle text and run, with their official rulings (cited by date,
paraphrased). Each scenarios/ file of these plays the main case; these tests pin the rest."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.cards import CardDef
from manastack.decks import Deck
from manastack.engine import turn
from manastack.engine.abilities import keyword_trigger
from manastack.oracle import ir

from .game_helpers import labels, play, play_out_randomly

ALICE, BOB = 0, 1


def card(name: str, text: str, type_line: str = "Creature — Test", cost: str = "{1}") -> CardDef:
    types = type_line.split(" — ")[0].split()
    return CardDef.from_face({"name": name, "manaCost": cost, "type": type_line, "types": types,
                              "text": text, "power": "1", "toughness": "1"})


# ------------------------------------------------------------------------------ compiling


def test_the_templates_compile_to_what_the_rules_say():
    exalted = keyword_trigger(ir.Keyword("exalted"))
    assert exalted.trigger == ir.Trigger("attacks_alone", ir.Filter(types=("Creature",), controller="you"))
    assert exalted.effects == (ir.ModifyPT(ir.Ref("triggering_object"), 1, 1),)
    assert keyword_trigger(ir.Keyword("bushido", arg="2")).effects == (ir.ModifyPT(ir.Ref("self"), 2, 2),)
    echo = card("Goblin Patrol", "Echo {R}").abilities[0]
    assert echo == ir.Keyword("echo", cost=ir.Cost(mana=echo.cost.mana)) and str(echo.cost.mana) == "{R}"
    assert keyword_trigger(echo).condition == "came_under_control_since_last_upkeep"
    assert card("Deepcavern Imp", "Echo—Discard a card.").abilities[0].cost == ir.Cost(parts=(ir.DiscardCost(1),))
    upkeep = keyword_trigger(card("Gallowbraid", "Cumulative upkeep—Pay 1 life.").abilities[0])
    assert upkeep.condition == "self_on_battlefield"
    assert upkeep.effects[0] == ir.PutCounters(ir.Ref("self"), "age")
    flare = card("Flare", "Flare deals 1 damage to any target.\nDraw a card at the beginning of the "
                 "next turn's upkeep.", "Instant").abilities[0]
    delayed = flare.effects[1]
    assert delayed.duration == "next_upkeep" and delayed.ability.effects == (ir.Draw(1),)
    assert delayed.ability.trigger.step == "upkeep"
    prison = card("Amber Prison", "You may choose not to untap Amber Prison during your untap step.",
                  "Artifact")
    assert prison.abilities[0].effect.kind == "may_not_untap" and prison.fully_supported
    augur = card("Augur il-Vec", "Sacrifice Augur il-Vec: You gain 4 life. Activate this ability only "
                 "during your upkeep.").abilities[0]
    assert augur.upkeep_only and not augur.sorcery_speed


def test_what_the_engine_doesnt_run_is_reported():
    """Granted triggered keywords aren't read from their granting effects (Sublime Archangel's
    other creatures would have exalted); cumulative upkeep that taps creatures isn't run."""
    archangel = card("Sublime Archangel", "Flying\nExalted\nOther creatures you control have exalted.")
    assert any("granting the triggered keyword 'exalted'" in u for u in archangel.unsupported)
    evil = card("Undying Evil", "Target creature gains undying until end of turn.", "Instant")
    assert any("granting the triggered keyword 'undying'" in u for u in evil.unsupported)
    tapper = card("Test Tapper", "Cumulative upkeep—Tap an untapped creature you control.")
    assert any("cost part 'TapUntappedCost'" in u for u in tapper.unsupported)


# ------------------------------------------------------------------------------ exalted


def test_exalted_doesnt_trigger_when_two_creatures_attack():
    """Noble Hierarch ruling (2020-08-07): you must attack with exactly one creature."""
    game = play("""
turn: 3
players:
  - name: Alice
    battlefield: [Noble Hierarch, Grizzly Bears, {card: Grizzly Bears, id: second}]
  - name: Bob
script:
  - attack: [Grizzly Bears, second]
expect:
  stack: 0
  triggered: {Noble Hierarch: 0}
""")
    assert "attacks alone" not in game.explain()


def test_exalted_on_the_attacking_creature_itself_and_only_for_its_controller():
    """Akrasan Squire ruling (2008-10-01): each exalted ability of yours triggers, perhaps the
    attacker's own. Bob's exalted doesn't: "a creature you control" (CR 702.83a)."""
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [Akrasan Squire]
  - name: Bob
    battlefield: [Akrasan Squire]
script:
  - attack: Akrasan Squire
  - resolve
  - pass_until: main2
expect:
  life: {Bob: 18}
""")


def test_battlegrace_angel_attacks_alone_trigger_and_exalted():
    """"Whenever a creature you control attacks alone, it gains lifelink": "it" is that creature."""
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Battlegrace Angel, id: angel}, {card: Grizzly Bears, id: bears}]
  - name: Bob
script:
  - attack: bears
  - action: "put the rest on the stack in the order they triggered"
  - resolve
  - resolve
  - expect:
      objects: {bears: {power: 3, keywords: [lifelink]}, angel: {power: 4}}
  - pass_until: main2
expect:
  life: {Alice: 23, Bob: 17}
""")


# ------------------------------------------------------------------------------ bushido


def test_bushido_triggers_once_when_blocked_by_two():
    """Becoming blocked is one event however many creatures block (CR 509.1h, 702.45a)."""
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Ronin Houndmaster, id: ronin}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: a}, {card: Grizzly Bears, id: b}]
script:
  - attack: ronin
  - block: [{a: ronin}, {b: ronin}]
  - expect:
      stack: ["Ronin Houndmaster's ability"]
  - resolve
expect:
  objects: {ronin: {power: 3, toughness: 3}}
  triggered: {Ronin Houndmaster: 1}
""")


def test_unblocked_bushido_creature_doesnt_trigger():
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Devoted Retainer, id: retainer}]
  - name: Bob
script:
  - attack: retainer
  - pass_until: main2
expect:
  life: {Bob: 19}
  triggered: {Devoted Retainer: 0}
""")


# ------------------------------------------------------------------------------ echo


ECHO_UPKEEP = """
turn: 3
players:
  - name: Alice
    hand: [Act of Treason]
    library: [{card: Mountain, count: 3}]
    battlefield: [{card: Mountain, count: 3}]
  - name: Bob
    library: [{card: Mountain, count: 3}]
    battlefield: [{card: Goblin Patrol, id: patrol}, Mountain]
script:
  - cast: Act of Treason
    target: patrol
  - resolve
  - pass_until: upkeep
    turn: 4
  - expect:
      stack: ["Goblin Patrol's ability"]
      objects: {patrol: {controller: Bob}}
  - resolve
"""


def test_echo_triggers_again_after_control_returns():
    """Orcish Hellraiser ruling (2019-06-14): echo triggers if another player took control of it
    and it came back since the beginning of your last upkeep. Bob had Goblin Patrol for long,
    Alice took it for a turn: at Bob's next upkeep he must pay echo again."""
    game = play(ECHO_UPKEEP)
    assert game.pending.kind == "unless" and game.pending.player == BOB
    game.push("don't pay: sacrifice Goblin Patrol")
    assert [game.current_state().objs[i].card.name for i in game.current_state().players[BOB].graveyard] \
        == ["Goblin Patrol"]
    assert "Bob doesn't pay Goblin Patrol's echo (pay {R})  [CR 702.30a, 118.12a]" in game.explain()


def test_echo_decision_saves_and_loads_mid_decision():
    """Decisions are data: a game waiting for the echo payment loads and goes on the same way."""
    game = play(ECHO_UPKEEP)
    loaded = Game.from_json(game.to_json(), cards=game.db)
    assert loaded.pending == game.pending and labels(loaded) == labels(game)
    for g in (game, loaded):
        g.push("pay {R} and keep Goblin Patrol")
        g.push("pay automatically")
    assert loaded.explain() == game.explain()
    assert "Goblin Patrol stays on the battlefield" in game.explain()


# ------------------------------------------------------------------------------ cumulative upkeep


def test_cumulative_upkeep_counter_goes_on_before_the_sacrifice():
    """Mwonvuli Ooze and Revered Unicorn rulings (2008-04-01): not paying, the permanent still gets
    its age counter first; then it is sacrificed (CR 702.24a)."""
    game = play("""
turn: 2
active: Bob
step: end
players:
  - name: Alice
    library: [{card: Forest, count: 3}]
    battlefield: [{card: Uktabi Efreet, counters: {age: 1}}, Forest, Forest]
  - name: Bob
script:
  - pass_until: upkeep
  - resolve
  - action: "don't pay: sacrifice Uktabi Efreet"
expect:
  graveyard: {Alice: [Uktabi Efreet]}
""")
    log = game.explain()
    assert log.index("1 age counter put on Uktabi Efreet") < log.index("Alice sacrifices Uktabi Efreet")
    assert "pay {G}{G} for 2 age counters" in log


def test_cumulative_upkeep_life_beyond_the_life_total_cant_be_paid():
    """CR 119.4: life can be paid only up to the life total; with 4 life Gallowbraid's six age
    counters can't be paid for, so it is sacrificed (CR 118.3)."""
    game = play("""
turn: 2
active: Bob
step: end
players:
  - name: Alice
    life: 4
    library: [{card: Swamp, count: 3}]
    battlefield: [{card: Gallowbraid, counters: {age: 5}}]
  - name: Bob
script:
  - pass_until: upkeep
  - resolve
expect:
  life: {Alice: 4}
  graveyard: {Alice: [Gallowbraid]}
""")
    assert "Alice can't pay Gallowbraid's cumulative upkeep (pay 6 life for 6 age counters)" in game.explain()


def test_cumulative_upkeep_does_nothing_once_the_permanent_left():
    """The intervening "if it is on the battlefield" (CR 702.24a, 603.4): bolted in response, the
    Efreet gets no counter and nothing is asked."""
    game = play("""
turn: 2
active: Bob
step: end
players:
  - name: Alice
    hand: [Lightning Bolt, Lightning Bolt]
    library: [{card: Forest, count: 3}]
    battlefield: [{card: Uktabi Efreet, id: efreet}, Mountain, Mountain]
  - name: Bob
script:
  - pass_until: upkeep
  - cast: Lightning Bolt
    target: efreet
  - resolve
  - cast: Lightning Bolt
    target: efreet
  - resolve
  - resolve
expect:
  stack: 0
  graveyard: {Alice: [Uktabi Efreet, Lightning Bolt, Lightning Bolt]}
""")
    assert "Uktabi Efreet's ability does nothing: its \"if\" condition is false now" in game.explain()


# ------------------------------------------------------------------------------ the next turn's upkeep


def test_heal_draws_at_the_next_upkeep_across_save_and_load():
    """Heal ruling (2009-10-01): the card is drawn at the beginning of the next turn's upkeep
    whether or not damage was prevented. The delayed ability waits in the saved game."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Heal]
    library: [Island, Island]
    battlefield: [Plains]
  - name: Bob
    library: [{card: Mountain, count: 3}]
script:
  - cast: Heal
    target: Alice
  - resolve
""")
    assert [e.kind for e in game.current_state().effects].count("delayed_next_upkeep") == 1
    loaded = Game.from_json(game.to_json(), cards=game.db)
    for g in (game, loaded):
        for _ in range(40):
            s = g.current_state()
            if s.step == "upkeep" and s.stack:
                break
            g.push(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
        assert (s.turn, s.active, [i.label for i in s.stack]) == (4, BOB, ["Heal's delayed ability"])
        g.push("pass priority")
        g.push("pass priority")
        assert len(g.current_state().players[ALICE].hand) == 1
        assert not g.current_state().effects
    assert loaded.explain() == game.explain()


# ------------------------------------------------------------------------------ untap step


UNTAP = """
allow_partial: true
turn: 3
step: untap
players:
  - name: Alice
    library: [{card: Island, count: 3}]
    battlefield: [{card: Amber Prison, tapped: true}, {card: Mountain, tapped: true}]
  - name: Bob
cards:
  - name: Amber Prison
    mana_cost: "{4}"
    type: Artifact
    text: "You may choose not to untap Amber Prison during your untap step."
"""


def test_the_untap_choice_is_a_decision_that_saves_and_loads():
    """CR 502.3-502.4: no priority in the untap step, but the active player chooses; the game
    waits with the choice pending like any decision."""
    game = play(UNTAP)
    d = game.pending
    assert (d.kind, d.player, game.current_state().step) == ("may", ALICE, "untap")
    assert labels(game) == ["leave Amber Prison tapped", "untap Amber Prison"]
    loaded = Game.from_json(game.to_json(), cards=game.db)
    for g in (game, loaded):
        g.push("untap Amber Prison")
        s = g.current_state()
        assert s.step == "upkeep" and not any(o.tapped for o in s.permanents())
    assert loaded.explain() == game.explain()


def test_an_untapped_permanent_asks_nothing():
    s = play(UNTAP.replace("{card: Amber Prison, tapped: true}", "Amber Prison")).current_state()
    assert s.step == "upkeep"
    assert not turn.untap_choices(s)


def test_random_agent_answers_the_untap_choice():
    game = play(UNTAP)
    game.push(RandomAgent(3).choose(game, game.pending))
    assert game.current_state().step == "upkeep"


# ------------------------------------------------------------------------------ upkeep-only activations


@pytest.mark.parametrize("step, active, offered", [("upkeep", "Alice", True), ("main1", "Alice", False),
                                                   ("upkeep", "Bob", False)])
def test_upkeep_only_ability_is_offered_only_in_its_controllers_upkeep(step, active, offered):
    """"Activate only during your upkeep": not in a main phase, not in the opponent's upkeep."""
    game = play(f"""
turn: 3
step: {step}
active: {active}
priority: Alice
players:
  - name: Alice
    battlefield: [Augur il-Vec]
  - name: Bob
""")
    assert any(a.kind == "activate" for a in game.legal_actions()) == offered


def test_icatian_moneychanger_counts_the_counters_it_had_when_sacrificed():
    """Sacrificed to pay the cost, the source is seen as it last existed (CR 608.2h): three credit
    counters give 3 life. Its ability works only during its controller's upkeep."""
    play("""
turn: 3
step: upkeep
cards:
  - name: Icatian Moneychanger
    mana_cost: "{W}"
    type: Creature — Human
    text: "Icatian Moneychanger enters the battlefield with three credit counters on it.\\nWhen Icatian Moneychanger enters the battlefield, it deals 3 damage to you.\\nAt the beginning of your upkeep, put a credit counter on Icatian Moneychanger.\\nSacrifice Icatian Moneychanger: You gain 1 life for each credit counter on Icatian Moneychanger. Activate this ability only during your upkeep."
    power: 0
    toughness: 2
players:
  - name: Alice
    battlefield: [{card: Icatian Moneychanger, counters: {credit: 3}}]
  - name: Bob
script:
  - activate: Icatian Moneychanger
  - resolve
expect:
  life: {Alice: 23}
""")


# ------------------------------------------------------------------------------ random games


@pytest.mark.parametrize("seed", range(4))
def test_random_agents_play_decks_of_these_cards(seed):
    """Random agents answer every new decision (echo and upkeep payments, untap choices, the
    order of exalted triggers) in whole games."""
    spells = ["Akrasan Squire", "Noble Hierarch", "Battlegrace Angel", "Devoted Retainer",
              "Ronin Houndmaster", "Goblin Patrol", "Deepcavern Imp", "Uktabi Efreet", "Gallowbraid",
              "Flare", "Heal", "Augur il-Vec"]
    lands = ["Plains", "Forest", "Mountain", "Swamp"]
    deck = Deck("upkeep", tuple((2, n) for n in spells) + tuple((4, n) for n in lands))
    game = Game.new(deck, deck, seed=seed)
    play_out_randomly(game, seed)
