"""Replacement and prevention effects (CR 614, 615, 616), played with real cards: static
abilities that change the damage a source would deal ("it deals double that damage ...
instead", CR 614.1a), static prevention of so much of each damage event (CR 615.10), and
changes to life gain (CR 119.10)."""
from __future__ import annotations

from manastack.scenario import Scenario


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
