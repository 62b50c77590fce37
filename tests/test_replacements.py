"""Replacement and prevention effects (CR 614, 615, 616), played with real cards: static
abilities that change the damage a source would deal ("it deals double that damage ...
instead", CR 614.1a), static prevention of so much of each damage event (CR 615.10), and
changes to life gain (CR 119.10)."""
from __future__ import annotations

from manastack.scenario import Scenario

from . import game_helpers
from .game_helpers import cast_and_pay, resolve


def _play(db, text: str):
    run = Scenario.from_text(text, cards=db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in run.results if not o.passed]
    assert not failed, failed


def _bolt(db, alice: str, bob: str, target: str, expect: str, steps: str = "") -> None:
    """Alice casts Lightning Bolt at ``target`` with these permanents on the battlefield."""
    _play(db, f"""
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain{alice}]
  - name: Bob
    battlefield: [Plains{bob}]
script:
  - cast: Lightning Bolt
    target: {target}
  - resolve
{steps}expect:
{expect}
""")


def test_furnace_of_rath_doubles_damage_to_any_player_or_permanent(db):
    """Furnace of Rath: damage from any source, to any player or permanent, is doubled."""
    _bolt(db, "", ", Furnace of Rath", "Bob", "  life: {Bob: 14}")
    _bolt(db, ", Furnace of Rath", ", {card: Hill Giant, id: giant}", "giant",
          "  graveyard: {Bob: [Hill Giant]}")


def test_ghosts_of_the_innocent_halves_damage_rounded_down(db):
    """Ghosts of the Innocent: half the damage, rounded down (CR 107.1a): 3 becomes 1."""
    _bolt(db, "", ", Ghosts of the Innocent", "Bob", "  life: {Bob: 19}")


def test_torbran_adds_to_red_sources_you_control_dealing_damage_to_opponents(db):
    """Torbran: a red source its controller controls deals 2 more to an opponent or an
    opponent's permanent; damage to its controller or their own permanents is unchanged
    (Torbran rulings 2019-10-04)."""
    _bolt(db, ", \"Torbran, Thane of Red Fell\"", "", "Bob", "  life: {Bob: 15}")
    _bolt(db, ", \"Torbran, Thane of Red Fell\"", "", "Alice", "  life: {Alice: 17}")
    _bolt(db, ", \"Torbran, Thane of Red Fell\"", ", {card: Serra Angel, id: angel}", "angel",
          "  graveyard: {Bob: [Serra Angel]}")        # 5 damage to a 4/4


def test_the_player_dealt_damage_orders_the_replacement_effects(db):
    """Torbran and Furnace of Rath: the player being dealt damage chooses the order (CR 616.1;
    Torbran rulings): 3 plus 2, doubled, is 10; 3 doubled, plus 2, is 8."""
    both = ", \"Torbran, Thane of Red Fell\", Furnace of Rath"
    _bolt(db, both, "", "Bob", "  life: {Bob: 10}", "  - replacement: [Torbran]\n")
    _bolt(db, both, "", "Bob", "  life: {Bob: 12}", "  - replacement: [Furnace of Rath]\n")


def test_fire_servant_doubles_only_its_controllers_red_instants_and_sorceries(db):
    """Fire Servant: a red instant or sorcery spell you control; a spell is a source only on the
    stack, so a red creature's combat damage is not doubled (CR 112.1, 120.2)."""
    _bolt(db, ", Fire Servant", "", "Bob", "  life: {Bob: 14}")
    _bolt(db, "", ", Fire Servant", "Bob", "  life: {Bob: 17}")
    _play(db, """
turn: 3
players:
  - name: Alice
    battlefield: [Fire Servant, Mountain]
  - name: Bob
script:
  - attack: Fire Servant
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 16}
""")


def test_benevolent_unicorn_lessens_damage_from_spells(db):
    """Benevolent Unicorn: a spell deals 1 less, any player's; a creature's damage is unchanged."""
    _bolt(db, "", ", Benevolent Unicorn", "Bob", "  life: {Bob: 18}")
    _play(db, """
turn: 3
players:
  - name: Alice
    battlefield: [Hill Giant, Benevolent Unicorn]
  - name: Bob
script:
  - attack: Hill Giant
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 17}
""")


def test_lashknife_barrier_lessens_damage_to_creatures_you_control(db):
    """Lashknife Barrier: 3 damage to its controller's Hill Giant becomes 2, which it survives;
    damage to the player is unchanged."""
    _bolt(db, "", ", Lashknife Barrier, {card: Hill Giant, id: giant}", "giant",
          "  objects:\n    giant: {zone: battlefield, damage: 2}")
    _bolt(db, "", ", Lashknife Barrier", "Bob", "  life: {Bob: 17}")


def test_mishra_doubles_damage_of_creatures_you_control(db):
    """Mishra: "If a creature you control would deal damage, it deals double that damage
    instead": combat damage too (CR 510.2)."""
    _play(db, """
turn: 3
players:
  - name: Alice
    battlefield: [Mishra, Grizzly Bears]
  - name: Bob
script:
  - attack: Grizzly Bears
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 16}
""")


def test_a_sphere_prevents_some_damage_from_sources_of_its_color(db):
    """Sphere of Law: 2 of the damage a red source would deal to its controller is prevented
    (CR 615.10); other damage and damage to others is dealt."""
    _bolt(db, "", ", Sphere of Law", "Bob", "  life: {Bob: 19}")
    _bolt(db, ", Sphere of Law", "", "Bob", "  life: {Bob: 17}")
    _play(db, """
turn: 3
active: Bob
players:
  - name: Alice
    battlefield: [Sphere of Law]
  - name: Bob
    battlefield: [Grizzly Bears]
script:
  - attack: Grizzly Bears
  - block: none
  - pass_until: main2
expect:
  life: {Alice: 18}
""")


def _lifelink(db, alice: str, bob: str, expect: str, steps: str = "") -> None:
    """Alice's Vampire Nighthawk (lifelink) deals 2 combat damage to Bob: Alice gains 2 life."""
    _play(db, f"""
turn: 3
players:
  - name: Alice
    battlefield: [Vampire Nighthawk{alice}]
  - name: Bob
    battlefield: [Plains{bob}]
script:
  - attack: Vampire Nighthawk
  - block: none
  - pass_until: combat_damage
{steps}expect:
{expect}
""")


def test_rhox_faithmender_doubles_its_controllers_life_gain(db):
    """Rhox Faithmender: twice that much life (2 becomes 4); two of them, four times (CR 616.1e-f:
    each applies once to the event)."""
    _lifelink(db, ", Rhox Faithmender", "", "  life: {Alice: 24, Bob: 18}")
    _lifelink(db, ", Rhox Faithmender, Rhox Faithmender", "", "  life: {Alice: 28}")
    _lifelink(db, "", ", Rhox Faithmender", "  life: {Alice: 22}")       # Bob's: not Alice's gain


def test_the_player_gaining_life_orders_the_changes(db):
    """Boon Reflection and Angel of Vitality: the player gaining life chooses the order
    (CR 616.1): 2 doubled, plus 1, is 5; 2 plus 1, doubled, is 6."""
    both = ", Boon Reflection, Angel of Vitality"
    _lifelink(db, both, "", "  life: {Alice: 25}", "  - replacement: [Boon Reflection]\n")
    _lifelink(db, both, "", "  life: {Alice: 26}", "  - replacement: [Angel of Vitality]\n")


def test_sulfuric_vortex_stops_every_players_life_gain(db):
    """Sulfuric Vortex: no life is gained, so no life gain event happens and Ajani's Pridemate
    doesn't trigger (CR 119.10, 603.2): nothing is on the stack after combat damage."""
    _lifelink(db, ", {card: Ajani's Pridemate, id: cat}", ", Sulfuric Vortex",
              "  life: {Alice: 20}\n  stack: []")


def test_tainted_remedy_turns_an_opponents_life_gain_into_life_loss(db):
    """Tainted Remedy: an opponent of its controller loses that much life instead (CR 614.1a);
    its controller's own gain is unchanged."""
    _lifelink(db, "", ", Tainted Remedy", "  life: {Alice: 18, Bob: 18}")
    _lifelink(db, ", Tainted Remedy", "", "  life: {Alice: 22}")


def test_reverse_damage_gains_the_life_its_prevention_saved(db):
    """Reverse Damage: the next time the chosen source would deal damage to its controller this
    turn, that damage is prevented and she gains that much life (CR 615.5, 615.8)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains, Plains, Plains]
    hand: [Reverse Damage]
  - name: Bob
    battlefield: [Hill Giant]
script:
  - attack: Hill Giant
  - block: none
  - pass
  - cast: Reverse Damage
    by: Alice
  - resolve
  - choose: [Hill Giant]
  - pass_until: main2
expect:
  life: {Alice: 23}
""")


def test_candles_glow_gains_only_what_it_prevented(db):
    """Candles' Glow prevents the next 3 damage to its target: of Serra Angel's 4, 3 are
    prevented and gained, 1 is dealt (CR 615.5, 615.7)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains, Plains]
    hand: [Candles' Glow]
  - name: Bob
    battlefield: [Serra Angel]
script:
  - attack: Serra Angel
  - block: none
  - pass
  - cast: Candles' Glow
    by: Alice
    target: Alice
  - resolve
  - pass_until: main2
expect:
  life: {Alice: 22}
""")


def test_chant_of_vitu_ghazi_gains_for_each_prevented_damage_event(db):
    """Chant of Vitu-Ghazi: all damage creatures would deal this turn is prevented, and its
    controller gains the life of each such event, his own creatures' damage too (CR 615.5)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains, Plains, Plains, Plains, Plains, Plains, Plains, Plains, Grizzly Bears]
    hand: [Chant of Vitu-Ghazi]
  - name: Bob
    battlefield: [Hill Giant, Serra Angel]
script:
  - attack: [Hill Giant, Serra Angel]
  - block: {Grizzly Bears: Hill Giant}
  - pass
  - cast: Chant of Vitu-Ghazi
    by: Alice
  - resolve
  - pass_until: main2
expect:
  life: {Alice: 29, Bob: 20}
""")


def test_en_kor_deals_the_next_damage_to_another_creature_instead(db):
    """Spirit en-Kor, activated twice: 2 of Lightning Bolt's 3 damage are dealt to Grizzly Bears
    instead, by Lightning Bolt (CR 614.9), and the last 1 to Spirit en-Kor."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [{card: Spirit en-Kor, id: kor}, {card: Grizzly Bears, id: bears}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
script:
  - cast: Lightning Bolt
    target: kor
  - activate: Spirit en-Kor
    by: Alice
    target: bears
  - activate: Spirit en-Kor
    by: Alice
    target: bears
  - resolve
  - resolve
  - resolve
  - replacement: [Spirit en-Kor]      # two shields: Alice orders them (CR 616.1)
expect:
  graveyard: {Alice: [Grizzly Bears], Bob: [Lightning Bolt]}
  objects:
    kor: {zone: battlefield, damage: 1}
""")


def test_beacon_of_destiny_takes_the_chosen_sources_next_damage(db):
    """Beacon of Destiny: the next time the chosen source would deal damage to its controller
    this turn, that damage is dealt to Beacon of Destiny instead (CR 614.9): Hill Giant's 3
    combat damage destroys it and Alice loses no life."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Beacon of Destiny]
  - name: Bob
    battlefield: [Hill Giant]
script:
  - attack: Hill Giant
  - block: none
  - pass
  - activate: Beacon of Destiny
    by: Alice
  - resolve
  - choose: [Hill Giant]
  - pass_until: main2
expect:
  life: {Alice: 20}
  graveyard: {Alice: [Beacon of Destiny]}
""")


def test_sivvis_valor_redirects_even_damage_that_cant_be_prevented(db):
    """Sivvi's Valor: all damage to the creature this turn is dealt to its controller instead;
    redirection prevents nothing, so "damage can't be prevented" doesn't stop it (CR 614.9,
    615.12)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains, Plains, Plains, {card: Grizzly Bears, id: bears}]
    hand: [Sivvi's Valor]
  - name: Bob
    hand: [Flaring Pain, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain]
script:
  - cast: Flaring Pain
  - resolve
  - cast: Lightning Bolt
    target: bears
  - cast: Sivvi's Valor
    by: Alice
    target: bears
    alternative: no
  - resolve
  - resolve
expect:
  life: {Alice: 17}
  objects:
    bears: {zone: battlefield, damage: 0}
""")


def test_empyrial_archangel_is_dealt_the_damage_its_controller_would_be_dealt(db):
    """Empyrial Archangel, a static redirection (CR 604.1, 614.9): Lightning Bolt's damage to
    Alice is dealt to it instead, even after Flaring Pain (CR 615.12 concerns prevention)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [{card: Empyrial Archangel, id: angel}]
  - name: Bob
    hand: [Flaring Pain, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain]
script:
  - cast: Flaring Pain
  - resolve
  - cast: Lightning Bolt
    target: Alice
  - resolve
expect:
  life: {Alice: 20}
  objects:
    angel: {damage: 3}
""")


def test_palisade_giant_takes_the_damage_of_its_controllers_other_permanents(db):
    """Palisade Giant: damage to Alice's other permanents is dealt to it instead; damage to the
    Giant itself stays where it is."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [{card: Palisade Giant, id: giant}, {card: Grizzly Bears, id: bears}]
  - name: Bob
    hand: [Lightning Bolt, Shock]
    battlefield: [Mountain, Mountain]
script:
  - cast: Lightning Bolt
    target: bears
  - resolve
  - cast: Shock
    target: giant
  - resolve
expect:
  objects:
    giant: {damage: 5}
    bears: {zone: battlefield, damage: 0}
""")


def test_test_of_faith_puts_a_counter_for_each_damage_prevented(db):
    """Test of Faith: the next 3 damage to the creature is prevented and it gets a +1/+1
    counter for each 1 prevented, right after the damage event and before state-based actions
    (CR 615.5, 704.3): of Craw Wurm's 6, 3 are prevented and 3 dealt to the Bears, 5/5 by then."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Plains, Plains, {card: Grizzly Bears, id: bears}]
    hand: [Test of Faith]
  - name: Bob
    battlefield: [Craw Wurm]
script:
  - attack: Craw Wurm
  - block: {Grizzly Bears: Craw Wurm}
  - pass
  - cast: Test of Faith
    by: Alice
    target: bears
  - resolve
  - pass_until: main2
expect:
  objects:
    bears: {zone: battlefield, damage: 3, counters: {"+1/+1": 3}}
""")


def test_inquisitors_flail_doubles_the_equipped_creatures_combat_damage(db):
    """Inquisitor's Flail: the equipped creature's combat damage is doubled (CR 614.1a)."""
    _play(db, """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Inquisitor's Flail, attached_to: bears}]
  - name: Bob
script:
  - attack: Grizzly Bears
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 16}
""")


def test_decorated_griffin_prevents_the_next_combat_damage_to_its_controller(db):
    """Decorated Griffin: "Prevent the next 1 combat damage that would be dealt to you this
    turn." (CR 615.7): Hill Giant's 3 becomes 2."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [Decorated Griffin, Plains, Plains]
  - name: Bob
    battlefield: [Hill Giant]
script:
  - attack: Hill Giant
  - block: none
  - pass
  - activate: Decorated Griffin
    by: Alice
  - resolve
  - pass_until: main2
expect:
  life: {Alice: 18}
""")


def test_insult_doubles_the_damage_of_its_controllers_sources_this_turn(db):
    """Insult: until the turn ends, damage from sources its controller controls is doubled
    (CR 614.1a): Shock, cast after it, deals 4."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Insult // Injury, Shock]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Insult")
    resolve(g)
    cast_and_pay(g, "cast Shock", "Bob")
    resolve(g)
    assert g.current_state().players[1].life == 16


def test_words_of_worship_replaces_the_next_draw_this_turn(db):
    """Words of Worship: the next time its controller would draw a card this turn, she gains 5
    life instead and draws nothing (CR 614.11); the draw after that is a draw."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Divination]
    library: [Forest, Forest, Forest]
    battlefield: [Words of Worship, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Words of Worship")
    resolve(g)
    cast_and_pay(g, "cast Divination")
    resolve(g)
    s = g.current_state()
    assert s.players[0].life == 25 and len(s.players[0].hand) == 1 and len(s.players[0].library) == 2


def test_words_of_war_deals_its_damage_to_the_target_chosen_as_it_was_activated(db):
    """Words of War: the target is chosen as the ability is activated; the damage is dealt when
    the draw is replaced (CR 614.11, 601.2c)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Divination]
    library: [Forest, Forest]
    battlefield: [Words of War, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Words of War", "Bob")
    resolve(g)
    assert g.current_state().players[1].life == 20
    cast_and_pay(g, "cast Divination")
    resolve(g)
    s = g.current_state()
    assert s.players[1].life == 18 and len(s.players[0].hand) == 1


def test_phytohydra_gets_counters_instead_of_damage(db):
    """Phytohydra: Lightning Bolt's 3 damage becomes three +1/+1 counters (CR 614.1a), even
    when damage can't be prevented: this replaces the damage, it prevents nothing (CR 615.12)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    battlefield: [{card: Phytohydra, id: hydra}]
  - name: Bob
    hand: [Flaring Pain, Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain]
script:
  - cast: Flaring Pain
  - resolve
  - cast: Lightning Bolt
    target: hydra
  - resolve
expect:
  objects:
    hydra: {zone: battlefield, damage: 0, counters: {"+1/+1": 3}}
""")


def test_ali_from_cairo_changes_the_life_lost_not_the_damage(db):
    """Ali from Cairo: damage that would reduce its controller's life total below 1 reduces it
    to 1 instead (CR 614.1a); the damage is still dealt, so lifelink gains all of it (Worship
    rulings)."""
    _play(db, """
turn: 4
active: Bob
players:
  - name: Alice
    life: 2
    battlefield: [Ali from Cairo]
  - name: Bob
    battlefield: [Vampire Nighthawk]
script:
  - attack: Vampire Nighthawk
  - block: none
  - pass_until: main2
expect:
  life: {Alice: 1, Bob: 22}
""")
