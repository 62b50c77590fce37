"""Copying a spell (CR 707.10), "Any player may activate this ability" (CR 113.8), "Activate only
during your turn[, before attackers are declared]" (CR 602.5b), "~ can't attack unless defending
player controls an Island" (CR 508.1c) and horsemanship (CR 702.31): compiled from real cards'
Oracle text and run, with their official rulings (cited by date, paraphrased). The scenarios/
files of these play the main cases; these tests pin the rest."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.cards import default_db
from manastack.decks import Deck
from manastack.engine import legality
from manastack.oracle import ir

from .game_helpers import play, play_out_randomly

ALICE, BOB = 0, 1


def named(game: Game, name: str, zone: str = "battlefield"):
    return next(o for o in game.current_state().objs.values() if o.card.name == name and o.zone == zone)


# ------------------------------------------------------------------------------ compiling


def test_the_templates_compile_to_what_the_rules_say():
    db = default_db()
    twincast = db.get("Twincast").abilities[0]
    assert twincast.effects == (ir.CopySpell(ir.Target(0), new_targets=True),)
    spec = twincast.targets[0]
    assert spec.kind == "spell" and spec.filter.types == ("Instant", "Sorcery")
    brute = [ab for ab in db.get("Chained Brute").abilities if type(ab) is ir.ActivatedAbility][0]
    assert brute.your_turn and not brute.before_attackers and not brute.any_player
    veteran = db.get("Alaborn Veteran").abilities[0]
    assert veteran.before_attackers and not veteran.your_turn
    wall = db.get("Quicksilver Wall").abilities[1]
    assert wall.any_player and wall.effects == (ir.ReturnToHand(ir.Ref("self")),)
    monster = db.get("Sea Monster").abilities[0].effect
    assert (monster.kind, monster.affected, monster.land_type) == ("attack_unless_land", "self", "Island")
    assert db.get("Shu Cavalry").abilities == (ir.Keyword("horsemanship"),)


def test_similar_sentences_that_mean_something_else_are_not_read(corpus_db):
    """Fork's copy is red, Dual Casting copies only your spells and Ronom Serpent needs a snow
    land: none of these is read as the plain template."""
    for name in ("Fork", "Dual Casting", "Ronom Serpent", "Whimwader"):
        assert not corpus_db.get(name).fully_supported, name


def test_the_corpus_cards_of_each_template_compile(corpus_db):
    for name in ("Twincast", "Reverberate", "Quicksilver Wall", "Feral Hydra", "Flailing Soldier",
                 "Chained Brute", "Stone Catapult", "Sea Monster", "Wu Warship", "Wei Scout"):
        assert corpus_db.get(name).fully_supported, name


# ------------------------------------------------------------------------------ copying spells


TWINCAST_BOB_BOLT = """
turn: 3
active: Bob
players:
  - name: Alice
    hand: [Twincast]
    battlefield: [{card: Island, count: 2}, {card: Grizzly Bears, id: bears}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, {card: Savannah Lions, id: lions}]
script:
  - cast: Lightning Bolt
    target: bears
  - cast: Twincast
    target: Lightning Bolt
  - resolve
"""


def test_a_copy_of_an_opponents_spell_is_the_copiers():
    """Reverberate ruling 2010-08-15: any instant or sorcery spell may be copied, whoever controls
    it, and the copier controls the copy; its targets may all change (Twincast ruling 2009-10-01)."""
    game = play(TWINCAST_BOB_BOLT + """
  - action: "target Savannah Lions"
  - expect:
      stack: [Copy of Lightning Bolt, Lightning Bolt]
  - resolve
  - resolve
expect:
  graveyard: {Alice: [Twincast, Grizzly Bears], Bob: [Lightning Bolt, Savannah Lions]}
""")
    assert "Alice puts a copy of Lightning Bolt on the stack" in game.explain()


def test_the_copy_may_keep_its_targets():
    """CR 707.10c: the copier may leave any target unchanged."""
    game = play(TWINCAST_BOB_BOLT + """
  - action: "keep Grizzly Bears"
  - resolve
  - expect:
      graveyard: {Alice: [Twincast, Grizzly Bears]}
  - resolve
expect:
  graveyard: {Bob: [Lightning Bolt]}
""")
    assert "doesn't resolve: all its targets are illegal" in game.explain()   # CR 608.2b


def test_the_new_target_choice_survives_saving_and_the_random_agent_answers_it():
    game = play(TWINCAST_BOB_BOLT)
    assert game.pending.kind == "new_target" and game.pending.player == ALICE
    labels = [a.label for a in game.legal_actions()]
    assert labels[0] == "keep Grizzly Bears" and "target Savannah Lions" in labels
    again = Game.from_json(game.to_json(), game.db)
    assert again.pending.kind == "new_target"
    again.push(RandomAgent(1).choose(again, again.pending))
    assert [i.label for i in again.current_state().stack] == ["Lightning Bolt", "Copy of Lightning Bolt"]


def test_a_copy_of_a_kicked_spell_is_kicked():
    """Twincast ruling 2005-06-01: effects of additional costs paid for the original are copied as
    though those costs were paid for the copy too (CR 707.10)."""
    play("""
turn: 3
players:
  - name: Alice
    hand: [Burst Lightning, Twincast]
    battlefield: [{card: Mountain, count: 5}, {card: Island, count: 2}]
  - name: Bob
    battlefield: [Grizzly Bears]
script:
  - cast: Burst Lightning
    kicker: yes
    target: Bob
  - cast: Twincast
    target: Burst Lightning
  - resolve
  - action: "keep Bob"
  - resolve
  - resolve
expect:
  life: {Bob: 12}
  graveyard: {Alice: [Burst Lightning, Twincast]}
""")


# ------------------------------------------------------------------------------ any player may activate


WALL = """
turn: 3
players:
  - name: Alice
    battlefield: [Quicksilver Wall, Grizzly Bears, {card: Island, count: 4}]
  - name: Bob
    battlefield: [{card: Mountain, count: %d}]
script:
  - pass
"""


@pytest.mark.parametrize("mountains, offered", [(4, True), (3, False)])
def test_the_opponent_may_activate_when_they_can_pay(mountains, offered):
    """CR 113.8: the activator pays the cost, from their own mana."""
    game = play(WALL % mountains)
    s = game.current_state()
    assert game.pending.player == BOB
    mine = [s.objs[a.args[0]].card.name for a in game.legal_actions() if a.kind == "activate"]
    assert mine == (["Quicksilver Wall"] if offered else [])
    why = legality.cannot_activate(s, BOB, named(game, "Grizzly Bears"))
    assert "no ability any player may activate (CR 602.2, 113.8)" in why
    if not offered:
        assert "can't be paid" in legality.cannot_activate(s, BOB, named(game, "Quicksilver Wall"))


# ------------------------------------------------------------------------------ limits on attacking and blocking


def test_a_creature_with_horsemanship_can_block_one_without():
    """CR 702.31b: horsemanship limits only what can block the creature that has it."""
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}]
  - name: Bob
    battlefield: [{card: Shu Cavalry, id: cavalry}]
script:
  - attack: bears
  - block: {cavalry: bears}
  - pass_until: end_of_combat
expect:
  life: {Bob: 20}
  objects:
    bears: {zone: graveyard}
    cavalry: {zone: graveyard}
""")


def test_sea_monster_asks_only_the_defending_player():
    """CR 508.1c: Sea Monster's own controller's Islands don't let it attack."""
    game = play("""
turn: 3
players:
  - name: Alice
    battlefield: [Sea Monster, Island]
  - name: Bob
    battlefield: [Mountain]
script:
  - pass_until: declare_attackers
""")
    assert "Alice declares no attackers" in game.explain()      # it was never a candidate
    why = legality.cannot_attack(game.current_state(), named(game, "Sea Monster"))
    assert why == "Sea Monster can't attack while the defending player controls no Island (CR 508.1c)"


# ------------------------------------------------------------------------------ random games


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_these_cards_end_cleanly(seed):
    spells = ["Twincast", "Lightning Bolt", "Shock", "Quicksilver Wall", "Saproling Cluster",
              "Chained Brute", "Alaborn Veteran", "Sea Monster", "Shu Cavalry", "Wei Scout",
              "Grizzly Bears", "Divination"]
    lands = ["Island", "Mountain", "Plains", "Forest", "Swamp"]
    deck = Deck("copy-limit", tuple((2, n) for n in spells) + tuple((3, n) for n in lands) + ((1, "Island"),))
    game = Game.new(deck, deck, seed=seed)
    play_out_randomly(game, seed)
