"""Auras that enchant a player, the Curses (CR 303.4, 702.5d, 704.5m), with real cards and the
official rulings the corpus carries for them (Curse of Predation and Curse of the Forsaken
2013-10-17, Psychic Possession 2006-05-01, Curse of the Bloody Tome 2011-09-22, Curse of
Stalked Prey 2011-09-22, Curse of the Nightly Hunt 2011-09-22), cited by date and paraphrased."""
from __future__ import annotations

import json

import pytest

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.filters import legal_targets
from manastack.engine.state import PlayerRef, enchanted_player
from manastack.engine.targets import aura_target_spec
from manastack.engine.view import player_view

from .game_helpers import play as run, board, cast_and_pay, pick, resolve

CURSES = ("Curse of the Bloody Tome", "Curse of Death's Hold", "Curse of Predation", "Curse of the Forsaken",
          "Curse of the Nightly Hunt", "Psychic Possession", "Trespasser's Curse", "Curse of Stalked Prey",
          "Curse of Opulence", "Curse of Vitality", "Curse of Verbosity", "Curse of Disturbance",
          "Curse of Shallow Graves", "Curse of Fool's Wisdom", "Curse of Exhaustion", "Curse of Thirst", "Curse of Bounty",
          "Curse of Bloodletting", "Curse of Chaos", "Curse of the Pierced Heart", "Curse of Vengeance",
          "Curse of Misfortunes", "Curse of Echoes", "Curse of Inertia")


def _obj(g: Game, name: str):
    return next(o for o in g.current_state().objs.values() if o.card.name == name)


def _log(g: Game) -> list:
    return list(g.log)


def test_curses_compile_fully(db):
    """"Enchant player" and "Enchant opponent" (CR 702.5d) with what the Curses say of
    "enchanted player": its upkeep, its draws, attacks on it, combat damage to it, creatures
    entering under its control, creatures it controls."""
    for name in CURSES:
        assert db.get(name).fully_supported, name


def test_a_curse_targets_a_player_and_enters_attached_to_them(db):
    """CR 303.4a, 608.3c: the Curse spell targets the player it will enchant and enters attached
    to them; any player, its caster too (Curse of Predation rulings 2013-10-17); no permanent
    (CR 702.5d). Then, at the beginning of that player's upkeep, they mill two cards, and only
    one when their library has one (Curse of the Bloody Tome ruling 2011-09-22)."""
    g = board(db, """
  - name: Alice
    hand: [Curse of the Bloody Tome]
    battlefield: [{card: Island, count: 3}, Grizzly Bears]
    library: [{card: Island, count: 5}]
  - name: Bob
    battlefield: [Hill Giant]
    library: [Mountain]
""", turn=3)
    pick(g, "cast Curse of the Bloody Tome")
    offered = [a.label for a in g.legal_actions()]
    assert any("Bob" in x for x in offered) and any("Alice" in x for x in offered)
    assert not any("Bears" in x or "Giant" in x for x in offered)
    g.pop()
    cast_and_pay(g, "cast Curse of the Bloody Tome", "Bob")
    resolve(g)
    curse = _obj(g, "Curse of the Bloody Tome")
    assert curse.zone == "battlefield" and curse.attached_to == PlayerRef(1) and enchanted_player(curse) == 1
    assert any(e.text == "Curse of the Bloody Tome is attached to Bob" and "303.4b" in e.rules for e in _log(g))


BLOODY_TOME = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}]
    library: [{card: Island, count: 5}]
  - name: Bob
    library: [Mountain]
script:
  - pass_until: upkeep
    turn: 4
  - resolve
  - expect:
      graveyard: {Bob: 1}
      library: {Bob: 0, Alice: 5}
"""


def test_enchanted_players_upkeep_trigger_names_that_player(db):
    g = run(BLOODY_TOME, db)
    assert any("enchanted player's upkeep" in e.text and e.rules == ("603.2",) for e in _log(g))


def test_curse_of_deaths_hold_shrinks_only_the_enchanted_players_creatures(db):
    """"Creatures enchanted player controls get -1/-1." (CR 303.4b, 613.4c)"""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of Death's Hold, attached_to: Bob}, Hill Giant]
  - name: Bob
    battlefield: [Hill Giant, Llanowar Elves]
""", turn=3)
    s = g.current_state()
    giants = sorted((o for o in s.permanents() if o.card.name == "Hill Giant"), key=lambda o: o.controller)
    assert ch.power_toughness(s, giants[0]) == (3, 3)
    assert ch.power_toughness(s, giants[1]) == (2, 2)
    g.push(g.legal_actions()[0])        # anything: the state-based actions kill the Elves (CR 704.5f)
    assert _obj(g, "Llanowar Elves").zone == "graveyard"


PREDATION = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}]
  - name: Bob
    battlefield: [{card: Curse of Predation, attached_to: Alice}, Garruk Wildspeaker]
  - name: Carol
    battlefield: [{card: Curse of the Forsaken, attached_to: Bob}]
script:
  - attack: [bears, giant]
    planeswalkers: {giant: Garruk Wildspeaker}
    at: {bears: Bob}
  - resolve
  - expect:
      objects:
        bears: {counters: {}}
        giant: {counters: {}}
      life: {Alice: 21}
"""


def test_attacks_on_the_enchanted_player_trigger_and_attacks_on_a_planeswalker_do_not(db):
    """"Whenever a creature attacks enchanted player" (CR 508.1b, 508.3a): the Bears attack Bob,
    whom Curse of the Forsaken enchants, so their controller gains 1 life; the Giant attacks
    Bob's planeswalker, which the Curse doesn't see (rulings 2013-10-17). Curse of Predation
    enchants Alice, who is not attacked: no counter."""
    g = run(PREDATION, db)
    assert sum(1 for e in _log(g) if "Curse of the Forsaken's ability triggers" in e.text) == 1
    assert not any("Curse of Predation's ability triggers" in e.text for e in _log(g))


PREDATION_ON_BOB = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Curse of Predation, attached_to: Bob}]
  - name: Bob
    battlefield: [Plains]
script:
  - attack: [bears]
  - resolve
  - expect:
      objects:
        bears: {counters: {"+1/+1": 1}, power: 3}
"""


def test_curse_of_predation_puts_a_counter_on_the_attacker(db):
    run(PREDATION_ON_BOB, db)


STALKED_PREY = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Curse of Stalked Prey, attached_to: Bob}]
  - name: Bob
    battlefield: [Plains]
script:
  - attack: [bears]
  - pass_until: combat_damage
  - resolve
  - expect:
      life: {Bob: 18}
      objects:
        bears: {counters: {"+1/+1": 1}}
"""


def test_combat_damage_to_the_enchanted_player_triggers(db):
    """"Whenever a creature deals combat damage to enchanted player" (CR 510.2, 603.2)."""
    run(STALKED_PREY, db)


def test_curse_of_the_nightly_hunt_makes_the_enchanted_players_creatures_attack(db):
    """"Creatures enchanted player controls attack each combat if able." (CR 508.1d): Alice's
    creatures must attack; Bob's Curse doesn't touch Bob's own (ruling 2011-09-22: the
    enchanted player still chooses whom they attack)."""
    g = board(db, """
  - name: Alice
    battlefield: [Hill Giant]
  - name: Bob
    battlefield: [{card: Curse of the Nightly Hunt, attached_to: Alice}, Grizzly Bears]
""", turn=3)
    while g.pending.kind not in ("attackers", "blockers"):
        g.push(Action("pass"))
    assert g.pending.kind == "blockers"     # the one legal declaration, made without asking
    assert _obj(g, "Hill Giant").attacking == 1
    g = board(db, """
  - name: Alice
    battlefield: [Hill Giant]
  - name: Bob
    battlefield: [{card: Curse of the Nightly Hunt, attached_to: Bob}, Grizzly Bears]
""", turn=3)
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    assert "don't attack" in [a.label for a in g.legal_actions()]


TRESPASSER = """
turn: 3
players:
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [{card: Forest, count: 2}]
  - name: Bob
    battlefield: [{card: Trespasser's Curse, attached_to: Alice}]
script:
  - cast: Grizzly Bears
  - resolve
  - resolve
  - expect:
      life: {Alice: 19, Bob: 21}
"""


def test_a_creature_entering_under_the_enchanted_players_control_triggers(db):
    """"Whenever a creature enters the battlefield under enchanted player's control, that player
    loses 1 life and you gain 1 life." (CR 603.6a)"""
    run(TRESPASSER, db)


POSSESSION = """
turn: 4
players:
  - name: Alice
    battlefield: [{card: Psychic Possession, attached_to: Bob}]
    library: [{card: Island, count: 3}]
  - name: Bob
    library: [{card: Mountain, count: 3}]
script:
  - pass_until: draw
  - resolve
  - may: yes
  - expect:
      hand: {Alice: 1, Bob: 1}
"""


def test_enchanted_opponent_draws_and_you_may_draw(db):
    """"Whenever enchanted opponent draws a card, you may draw a card." (CR 121.2, 603.5)"""
    run(POSSESSION, db)


def test_enchant_opponent_cannot_target_its_caster_and_falls_off_its_controller(db):
    """Psychic Possession rulings 2006-05-01: it targets an opponent; on its own controller it is
    put into its owner's graveyard as a state-based action (CR 704.5m)."""
    g = board(db, """
  - name: Alice
    hand: [Psychic Possession]
    battlefield: [{card: Island, count: 4}]
  - name: Bob
""", turn=3)
    spec = aura_target_spec(db.get("Psychic Possession"))
    s = g.current_state()
    assert legal_targets(s, spec, next(o for o in s.objs.values() if o.card.name == "Psychic Possession"), 0) == ["p1"]
    pick(g, "cast Psychic Possession")      # the one legal target is chosen without asking
    assert [e.text for e in _log(g)][-1] == "Psychic Possession targets Bob"
    g = board(db, """
  - name: Alice
    battlefield: [{card: Psychic Possession, attached_to: Alice}, {card: Island, count: 4}]
  - name: Bob
""", turn=3)
    g.push(g.legal_actions()[0])
    assert _obj(g, "Psychic Possession").zone == "graveyard"
    assert any("attached to a player" in e.text and "704.5m" in e.rules for e in _log(g))


def test_hexproof_and_shroud_players_cant_be_targeted_by_a_curse(db):
    """CR 702.11c, 702.18a: "You have hexproof." keeps an opponent's Curse from targeting its
    controller, "You have shroud." any Curse; with no legal target left, the Curse can't be
    cast (CR 601.2c)."""
    players = """
  - name: Alice
    hand: [Curse of the Bloody Tome]
    battlefield: [{card: Island, count: 3}%s]
  - name: Bob
    battlefield: [Leyline of Sanctity]
"""
    g = board(db, players % "", turn=3)
    s = g.current_state()
    curse = _obj(g, "Curse of the Bloody Tome")
    assert legal_targets(s, aura_target_spec(curse.card), curse, 0) == ["p0"]
    g = board(db, players % ", True Believer", turn=3)
    assert not any(a.label.startswith("cast Curse") for a in g.legal_actions())


def test_protection_from_everything_puts_the_curse_into_the_graveyard(db):
    """Curse of Predation rulings 2013-10-17: if the enchanted player gains protection from the
    Curse, it is put into its owner's graveyard (CR 702.16c, 704.5m); Teferi's Protection gives
    protection from everything (CR 702.16j)."""
    g = board(db, """
  - name: Alice
    hand: [Teferi's Protection]
    battlefield: [{card: Plains, count: 3}]
  - name: Bob
    battlefield: [{card: Curse of Predation, attached_to: Alice}]
""", turn=3)
    cast_and_pay(g, "cast Teferi's Protection")
    resolve(g)
    assert _obj(g, "Curse of Predation").zone == "graveyard"
    assert any("protection from it" in e.text and "704.5m" in e.rules for e in _log(g))


def test_a_curse_on_a_player_who_leaves_the_game_goes_to_the_graveyard(db):
    """CR 303.4c, 800.4a; Psychic Possession ruling 2006-05-01: when the enchanted opponent leaves
    a multiplayer game, the Aura is put into its owner's graveyard as a state-based action."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Psychic Possession, attached_to: Carol}, {card: Curse of Death's Hold, attached_to: Bob}]
  - name: Bob
  - name: Carol
""", turn=5)
    g.concede(2)
    assert _obj(g, "Psychic Possession").zone == "graveyard"
    assert _obj(g, "Curse of Death's Hold").zone == "battlefield"
    assert any("left the game" in e.text and "704.5m" in e.rules for e in _log(g))


def test_the_view_and_a_save_show_the_enchanted_player(db):
    """The player view gives an Aura on a player as ``attached_to_player`` (not as an object),
    and a save keeps it (``{"player": 1}``), loaded back as the same typed reference."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}]
  - name: Bob
""", turn=3)
    seen = next(p for p in player_view(g.current_state(), 1)["battlefield"] if p["name"] == "Curse of the Bloody Tome")
    assert seen["attached_to"] is None and seen["attached_to_player"] == 1
    data = json.loads(g.to_json())
    obj = next(o for o in data["state"]["objects"] if o["attached_to"] == {"player": 1})
    assert obj["id"] == _obj(g, "Curse of the Bloody Tome").id
    back = Game.from_json(json.dumps(data), g.db)
    assert _obj(back, "Curse of the Bloody Tome").attached_to == PlayerRef(1)


def test_a_save_naming_a_player_not_in_the_game_is_refused(db):
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}]
  - name: Bob
""", turn=3)
    data = json.loads(g.to_json())
    next(o for o in data["state"]["objects"] if o["attached_to"] == {"player": 1})["attached_to"] = {"player": 5}
    with pytest.raises(ValueError, match="attached_to.player: player 5 is not one of"):
        Game.from_json(json.dumps(data), g.db)


def test_a_curse_put_onto_the_battlefield_enchants_a_player_its_controller_chooses(db):
    """CR 303.4f: a Curse put onto the battlefield by an effect (Zur the Enchanter's search) is
    attached to a player its controller chooses as it enters; it doesn't target (CR 115.10), so
    Bob's hexproof doesn't stop it (702.11c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Zur the Enchanter]
    library: [Curse of the Bloody Tome, Island]
  - name: Bob
    battlefield: [Leyline of Sanctity]
""", turn=3)
    while g.pending.kind != "choose_enchanted":
        kind = g.pending.kind
        g.push(Action("pass") if kind == "priority" else next(
            a for a in g.legal_actions() if a.label in ("attack with Zur the Enchanter", "yes", "Curse of the Bloody Tome")))
    assert "303.4f" in g.pending.prompt
    assert [a.label for a in g.legal_actions()] == ["Alice", "Bob"]
    pick(g, "Bob")
    assert _obj(g, "Curse of the Bloody Tome").attached_to == PlayerRef(1)
    assert any(e.text == "Curse of the Bloody Tome enters attached to Bob" and e.rules == ("303.4f",) for e in _log(g))


@pytest.mark.parametrize("bad", [{"player": "1"}, {"player": 1, "also": 2}, {"who": 1}, {"player": True}])
def test_a_save_with_a_malformed_enchanted_player_is_refused_with_its_place(db, bad):
    """Bad input is named with its place and loads nothing (a save's ``attached_to`` is an object
    id, ``{"player": index}`` or null)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}]
  - name: Bob
""", turn=3)
    data = json.loads(g.to_json())
    i = next(i for i, o in enumerate(data["state"]["objects"]) if o["attached_to"] == {"player": 1})
    data["state"]["objects"][i]["attached_to"] = bad
    with pytest.raises(ValueError, match=rf"objects\[{i}\]\.attached_to"):
        Game.from_json(json.dumps(data), g.db)


def test_the_table_shows_a_curse_with_the_player_it_enchants(db):
    """The terminal board lists a Curse (an Aura attached to a player, CR 303.4b) with the
    enchanted player, "Curse of ... on Bob (Alice's)", and marks it "on Bob" among its
    controller's permanents; the view the web table draws from names the player it is on."""
    from manastack.table import board_lines
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}, {card: Curse of Death's Hold, attached_to: Alice}]
  - name: Bob
    battlefield: [Grizzly Bears]
  - name: Carol
""")
    seats: dict[str, list[str]] = {}
    for line in map(str, board_lines(g, 0)[1:]):
        if not line.startswith(" "):
            seat = line.split(":")[0]
        seats.setdefault(seat, []).append(line)
    assert "  enchanted by: Curse of the Bloody Tome on Bob (Alice's)" in seats["Bob"]
    assert any("Curse of the Bloody Tome [on Bob]" in x and "other permanents" in x for x in seats["Alice"])
    assert "  enchanted by: Curse of Death's Hold on Alice" in seats["Alice"]
    assert not any("enchanted by" in x for x in seats["Carol"])
    view = g.view(2)
    tome = next(x for x in view["battlefield"] if x["name"] == "Curse of the Bloody Tome")
    assert tome["attached_to_player"] == 1 and tome["attached_to"] is None


# "Whenever enchanted player is attacked, ... Each opponent attacking that player does the same."
ATTACKED = """
turn: 6
active: Carol
step: beginning_of_combat
players:
  - name: Alice
    battlefield: [{card: %s, attached_to: Bob}]
    library: [{card: Island, count: 3}]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain, Garruk Wildspeaker]
  - name: Carol
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}]
    library: [{card: Forest, count: 3}]
  - name: Dan
"""


def test_curse_of_opulence_gives_a_gold_token_to_its_controller_and_the_attacking_opponent(db):
    """Curse of Opulence: it triggers once however many creatures attack the enchanted player;
    its controller creates a Gold token (CR 111.10c), then the opponent attacking that player
    does the same (rulings 2017-08-25)."""
    g = run(ATTACKED % "Curse of Opulence" + """
script:
  - attack: [bears, giant]
    at: {bears: Bob, giant: Bob}
  - resolve
expect:
  battlefield: {Alice: [Curse of Opulence, Gold Token], Carol: [Grizzly Bears, Hill Giant, Gold Token]}
""", db)
    assert sum("Curse of Opulence's ability triggers" in e.text for e in _log(g)) == 1
    gold = next(o for o in g.current_state().objs.values() if o.card.name == "Gold Token")
    assert gold.card.subtypes == ("Gold",) and "Add one mana of any color" in gold.card.text


def test_curse_of_vitality_does_not_trigger_when_only_a_planeswalker_of_the_player_is_attacked(db):
    """Rulings 2017-08-25: the ability won't trigger if only a planeswalker controlled by the
    enchanted player is attacked."""
    g = run(ATTACKED % "Curse of Vitality" + """
script:
  - attack: [bears]
    at: {}
    planeswalkers: {bears: Garruk Wildspeaker}
  - pass_until: combat_damage
expect:
  life: {Alice: 20, Carol: 20}
""", db)
    assert not any("Curse of Vitality's ability triggers" in e.text for e in _log(g))


def test_curse_of_vitality_with_no_creature_left_attacking_only_its_controller_gains(db):
    """Rulings 2017-08-25: a player is attacking another if they control a creature attacking
    that player; if none is attacking the enchanted player as the ability resolves, only the
    Curse's controller performs its actions. Bob Shocks the lone attacker in response."""
    run(ATTACKED % "Curse of Vitality" + """
script:
  - attack: [bears]
    at: {bears: Bob}
  - pass
  - pass
  - pass
  - cast: Shock
    by: Bob
    targets: [bears]
  - resolve
  - resolve
expect:
  life: {Alice: 22, Carol: 20}
""", db)


def test_curse_of_verbosity_and_disturbance_each_attacking_opponent_does_the_same(db):
    """Curse of Verbosity: the controller draws, then the attacking opponent draws; Curse of
    Disturbance: each creates a 2/2 black Zombie under their own control (CR 111.2)."""
    run(ATTACKED % "Curse of Verbosity" + """
script:
  - attack: [bears]
    at: {bears: Bob}
  - resolve
expect:
  hand: {Alice: 1, Carol: 1}
""", db)
    run(ATTACKED % "Curse of Disturbance" + """
script:
  - attack: [giant]
    at: {giant: Bob}
  - resolve
expect:
  battlefield: {Alice: [Curse of Disturbance, Zombie Token], Carol: [Grizzly Bears, Hill Giant, Zombie Token]}
""", db)


def test_a_curse_on_its_own_controller_gives_them_its_effect_once(db):
    """Rulings 2017-08-25: enchanting yourself, you get the effect whenever another player attacks
    you, and the attacking opponent does the same."""
    run(ATTACKED.replace("attached_to: Bob", "attached_to: Alice") % "Curse of Vitality" + """
script:
  - attack: [bears]
    at: {bears: Alice}
  - resolve
expect:
  life: {Alice: 22, Carol: 22}
""", db)


def test_the_gold_token_of_gild_is_its_casters_and_sacrifices_for_mana_of_any_color(db):
    """CR 111.10c: a Gold token is a colorless Gold artifact with "Sacrifice this token: Add one
    mana of any color." Gild exiles Bob's creature and its caster creates the Gold (its ruling
    2014-02-01: you control the token, whoever controlled the creature); the Gold then pays for
    Shock's {R} with no land."""
    g = board(db, """
  - name: Alice
    hand: [Gild, Shock]
    battlefield: [{card: Swamp, count: 4}]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Gild", "Grizzly Bears")
    resolve(g)
    s = g.state
    gold = next(o for o in s.permanents(0) if o.card.name == "Gold Token")
    assert gold.is_token and gold.card.types == ("Artifact",) and gold.card.colors == ()
    assert s.permanents(1) == [] and [s.objs[i].card.name for i in s.players[1].exile] == ["Grizzly Bears"]
    cast_and_pay(g, "cast Shock", "Bob")
    resolve(g)
    s = g.state
    assert s.players[1].life == 18 and not any(o.card.name == "Gold Token" for o in s.permanents())


# The Curses of the attacking player, the enchanted player's draws and spells
def test_curse_of_shallow_graves_lets_the_attacking_player_create_a_tapped_zombie(db):
    """"Whenever a player attacks enchanted player with one or more creatures, that attacking
    player may create a tapped 2/2 black Zombie creature token.": Carol, the active player
    (CR 506.2), chooses and gets the token; one trigger for two attackers (CR 603.2c); an attack
    on a planeswalker of the enchanted player alone doesn't trigger it (its ruling)."""
    g = run(ATTACKED % "Curse of Shallow Graves" + """
script:
  - attack: [bears, giant]
    at: {bears: Bob, giant: Bob}
""", db)
    assert sum("Curse of Shallow Graves' ability triggers" in e.text for e in _log(g)) == 1
    g.push(Action("pass"))
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    assert g.pending.player == 2
    pick(g, "yes")
    zombie = _obj(g, "Zombie Token")
    assert zombie.controller == 2 and zombie.tapped and zombie.card.colors == ("B",)
    g = run(ATTACKED % "Curse of Shallow Graves" + """
script:
  - attack: [bears]
    at: {}
    planeswalkers: {bears: Garruk Wildspeaker}
  - pass_until: combat_damage
""", db)
    assert not any("Curse of Shallow Graves' ability triggers" in e.text for e in _log(g))


def test_curse_of_fools_wisdom_drains_the_enchanted_player_as_they_draw(db):
    """"Whenever enchanted player draws a card, they lose 2 life and you gain 2 life." ("they":
    the player the trigger names): Bob draws for his turn."""
    run(POSSESSION.replace("Psychic Possession", "Curse of Fool's Wisdom").replace("""  - may: yes
  - expect:
      hand: {Alice: 1, Bob: 1}""", """  - expect:
      life: {Alice: 22, Bob: 18}
      hand: {Alice: 0, Bob: 1}"""), db)


def test_curse_of_exhaustion_limits_the_enchanted_player_to_one_spell_each_turn(db):
    """"Enchanted player can't cast more than one spell each turn." (CR 101.2, 303.4b): Bob, after
    one spell, can cast no other this turn; Alice, whose Curse it is, still can. Its ruling
    (2011-01-22): a spell cast before the Curse was there counts too."""
    from .game_helpers import cast_action
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of Exhaustion, attached_to: Bob}, {card: Mountain, count: 2}]
    hand: [Shock, Shock]
  - name: Bob
    battlefield: [{card: Mountain, count: 2}]
    hand: [Shock, Shock]
""")
    cast_and_pay(g, "cast Shock", "Bob")
    resolve(g)
    assert cast_action(g, "Shock") is not None          # Alice isn't enchanted
    g.push(Action("pass"))                              # Bob has priority in Alice's turn
    assert g.pending.player == 1 and cast_action(g, "Shock") is not None
    cast_and_pay(g, "cast Shock", "Alice")
    resolve(g)
    g.push(Action("pass"))
    assert g.pending.player == 1 and cast_action(g, "Shock") is None


def test_curse_of_thirst_deals_damage_equal_to_the_curses_attached_to_that_player(db):
    """"... deals damage to that player equal to the number of Curses attached to them." (CR
    303.4b): two Curses on Bob, Alice's and Carol's, one on Carol; at Bob's upkeep he is dealt 2."""
    run("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Curse of Thirst, attached_to: Bob}, {card: Curse of Death's Hold, attached_to: Carol}]
    library: [{card: Island, count: 5}]
  - name: Bob
    library: [Mountain]
  - name: Carol
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}]
    library: [{card: Island, count: 5}]
script:
  - pass_until: upkeep
    turn: 4
  - resolve
  - expect:
      life: {Bob: 18, Carol: 20}
""", db)


def test_curse_of_bounty_untaps_its_controllers_and_each_attacking_opponents_permanents(db):
    """Curse of Bounty: Alice untaps her nonland permanents, then Carol, attacking Bob, untaps
    hers, the Hill Giant tapped to attack among them (lands stay tapped; CR 506.2); Dan, who
    doesn't attack, untaps nothing."""
    g = run("""
turn: 6
active: Carol
step: beginning_of_combat
players:
  - name: Alice
    battlefield: [{card: Curse of Bounty, attached_to: Bob}, {card: Grizzly Bears, tapped: true}, {card: Forest, tapped: true}]
  - name: Bob
  - name: Carol
    battlefield: [{card: Hill Giant, id: giant}, {card: Llanowar Elves, tapped: true}, {card: Mountain, tapped: true}]
  - name: Dan
    battlefield: [{card: Llanowar Elves, tapped: true}]
script:
  - attack: [giant]
    at: {giant: Bob}
  - resolve
""", db)
    tapped = {(o.controller, o.card.name): o.tapped for o in g.current_state().permanents()}
    assert tapped[(0, "Grizzly Bears")] is False and tapped[(0, "Forest")] is True
    assert tapped[(2, "Llanowar Elves")] is False and tapped[(2, "Mountain")] is True
    assert tapped[(2, "Hill Giant")] is False and tapped[(3, "Llanowar Elves")] is True


def _resolve_all(g: Game) -> None:
    """Every player passes until the stack is empty (CR 608.1)."""
    while g.current_state().stack:
        g.push(Action("pass"))


BLOODLETTING = """
  - name: Alice
    hand: [Lightning Bolt, Lightning Bolt]
    battlefield: [{card: Curse of Bloodletting, attached_to: Bob}, {card: Mountain, count: 2}]
  - name: Bob
    battlefield: [{card: Curse of Bloodletting, attached_to: Carol}]
  - name: Carol
    battlefield: [{card: Curse of Bloodletting, attached_to: Carol}]
"""


def test_curse_of_bloodletting_doubles_damage_to_the_enchanted_player_only(db):
    """"If a source would deal damage to enchanted player, it deals double that damage to that
    player instead." (CR 614.1a, 303.4b; rulings 2011-01-22: any damage, whoever controls the
    source; two Curses on one player double it twice). Bolts: Bob, enchanted by Alice's Curse,
    takes 6; Carol, enchanted by two, takes 12; Alice, enchanted by none, would take 3."""
    g = board(db, BLOODLETTING, turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    _resolve_all(g)
    assert g.current_state().players[1].life == 14
    cast_and_pay(g, "cast Lightning Bolt", "Carol")
    _resolve_all(g)
    s = g.current_state()
    assert (s.players[0].life, s.players[1].life, s.players[2].life) == (20, 14, 8)
    assert any("Curse of Bloodletting: Lightning Bolt deals double that damage instead" in e.text
               and "614.1a" in e.rules for e in _log(g))


def test_curse_of_chaos_the_attacking_player_may_discard_then_draws(db):
    """"Whenever a player attacks enchanted player with one or more creatures, that attacking
    player may discard a card. If the player does, they draw a card." (CR 608.2c): Carol attacks
    Bob with two creatures: one trigger (its ruling, 2013-10-17: once per attacking player per
    combat), controlled by Alice; Carol, not Alice, chooses, discards her Shock and draws a
    Forest."""
    text = ATTACKED.replace("    library: [{card: Forest, count: 3}]\n  - name: Dan",
                            "    hand: [Shock]\n    library: [{card: Forest, count: 3}]\n  - name: Dan")
    g = run(text % "Curse of Chaos" + """
script:
  - attack: [bears, giant]
    at: {bears: Bob, giant: Bob}
""", db)
    assert sum("Curse of Chaos' ability triggers" in e.text for e in _log(g)) == 1
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    assert g.pending.player == 2 and g.pending.kind == "may"
    pick(g, "yes")
    while g.pending.kind != "priority":     # which card: the one she has
        g.push(g.legal_actions()[0])
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[2].graveyard] == ["Shock"]
    assert [s.objs[i].card.name for i in s.players[2].hand] == ["Forest"]
    assert len(s.players[0].hand) == 0 and len(s.players[0].library) == 3


def test_curse_of_chaos_declined_nothing_is_drawn(db):
    """"If the player does": Carol declines, so she keeps her Shock and draws nothing."""
    text = ATTACKED.replace("    library: [{card: Forest, count: 3}]\n  - name: Dan",
                            "    hand: [Shock]\n    library: [{card: Forest, count: 3}]\n  - name: Dan")
    g = run(text % "Curse of Chaos" + """
script:
  - attack: [bears]
    at: {bears: Bob}
""", db)
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    pick(g, "no")
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[2].hand] == ["Shock"] and len(s.players[2].library) == 3


PIERCED = """
  - name: Alice
    battlefield: [{card: Curse of the Pierced Heart, attached_to: Bob}]
  - name: Bob
    battlefield: [%s]
  - name: Carol
"""


def test_curse_of_the_pierced_heart_the_player_or_a_planeswalker_of_theirs(db):
    """"At the beginning of enchanted player's upkeep, ~ deals 1 damage to that player or a
    planeswalker that player controls." (CR 608.2d: chosen as it resolves, not targeted): Bob
    controls Garruk, so Alice, the Curse's controller, chooses between Bob and Garruk; she picks
    Garruk, who loses a loyalty counter (CR 120.3c)."""
    g = board(db, PIERCED % "Garruk Wildspeaker", turn=6, active="Bob", step="untap")
    while g.pending.kind == "priority" and not g.current_state().stack:
        g.push(Action("pass"))
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    assert g.pending.player == 0
    assert [a.label for a in g.legal_actions()] == ["Bob", "Garruk Wildspeaker"]
    pick(g, "Garruk Wildspeaker")
    s = g.current_state()
    garruk = _obj(g, "Garruk Wildspeaker")
    assert garruk.counters.get("loyalty") == 2 and s.players[1].life == 20


def test_curse_of_the_pierced_heart_with_no_planeswalker_hits_the_player(db):
    """With no planeswalker there is no choice: Bob takes 1."""
    g = board(db, PIERCED % "Mountain", turn=6, active="Bob", step="untap")
    while g.current_state().players[1].life == 20 and g.pending.kind == "priority":
        g.push(Action("pass"))
    assert g.current_state().players[1].life == 19
    assert any("Curse of the Pierced Heart deals 1 damage to Bob" in e.text for e in _log(g))


VENGEANCE = """
  - name: Alice
    battlefield: [{card: Curse of Vengeance, attached_to: Bob, counters: {spite: 2}}]
    library: [{card: Island, count: 5}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Carol
"""


def test_curse_of_vengeance_counts_spells_and_pays_out_when_the_player_loses(db):
    """"Whenever enchanted player casts a spell, put a spite counter on ~." (its ruling,
    2016-11-08: the counter comes before the spell resolves), then "When enchanted player loses
    the game, you gain X life and draw X cards, where X is the number of spite counters on ~."
    (CR 104.3a, 800.4a): Bob casts a Bolt (a third counter) and concedes; the Curse, put into
    the graveyard as its player is gone (CR 704.5m), is read as it last existed: Alice gains 3
    life and draws 3 cards."""
    g = board(db, VENGEANCE, turn=3, active="Bob")
    cast_and_pay(g, "cast Lightning Bolt", "Carol")
    while g.current_state().stack:
        g.push(Action("pass"))
    assert _obj(g, "Curse of Vengeance").counters.get("spite") == 3
    g.concede(1)
    while g.current_state().stack or g.pending.kind != "priority":
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    s = g.current_state()
    assert s.players[0].life == 23 and len(s.players[0].hand) == 3
    assert any("Curse of Vengeance's ability triggers" in e.text for e in _log(g))


def test_curse_of_misfortunes_fetches_a_curse_of_another_name_onto_that_player(db):
    """Curse of Misfortunes: at the beginning of Alice's upkeep she may search her library for a
    Curse card whose name no Curse attached to the enchanted player has (its ruling 2011-01-22:
    checked as the ability resolves, against each Curse enchanting that player, whoever
    controls it) and put it onto the battlefield attached to that player, without casting or
    targeting (CR 303.4f, 115.10); then she shuffles (CR 701.23a, 701.24a)."""
    assert db.get("Curse of Misfortunes").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of Misfortunes, attached_to: Bob}]
    library: [Curse of the Bloody Tome, Curse of Death's Hold, Curse of Misfortunes, Island]
  - name: Bob
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}, Llanowar Elves]
    library: [{card: Island, count: 5}]
""", turn=3, step="untap")
    for _ in range(10):
        if g.pending.kind == "search":
            break
        g.push(next((a for a in g.legal_actions() if a.label.lower().startswith("yes")), None)
               or Action("pass"))
    offered = [a.label for a in g.legal_actions()]
    assert "Curse of Death's Hold" in offered
    assert "Curse of the Bloody Tome" not in offered and "Curse of Misfortunes" not in offered
    assert "Island" not in offered
    pick(g, "Curse of Death's Hold")
    hold = _obj(g, "Curse of Death's Hold")
    assert hold.zone == "battlefield" and enchanted_player(hold) == 1 and hold.controller == 0
    assert _obj(g, "Llanowar Elves").zone == "graveyard"      # its -1/-1 works at once (CR 704.5f)


def test_curse_of_echoes_lets_each_other_player_copy_the_spell(db):
    """Curse of Echoes on Bob: when Bob casts an instant, each other player (Alice, its
    controller, and Carol) may copy it and may choose new targets for their copy (CR 707.10c).
    Its rulings (2011-01-22): the active player first, then the others in turn order; the copies
    aren't cast (no cast trigger); the last copy made resolves first. Carol declines here."""
    assert db.get("Curse of Echoes").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of Echoes, attached_to: Bob}, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Hill Giant]
  - name: Carol
    battlefield: [Llanowar Elves]
""", turn=2, active="Bob")
    cast_and_pay(g, "cast Lightning Bolt", "Llanowar Elves")
    s = g.current_state()
    assert len(s.stack) == 2 and s.stack[-1].card.name == "Curse of Echoes"
    asked = []
    for _ in range(12):
        if g.pending.kind == "priority":
            if s.stack and s.stack[-1].card.name != "Curse of Echoes":
                break
            g.push(Action("pass"))
        elif g.pending.kind == "may":
            asked.append(g.current_state().players[g.pending.player].name)
            pick(g, "yes" if g.pending.player == 0 else "no")
        elif g.pending.kind == "may_new_targets" or any(a.label.startswith("target") for a in g.legal_actions()):
            want = "Hill Giant" if g.pending.player == 0 else "Llanowar Elves"
            g.push(next((a for a in g.legal_actions() if want in a.label), g.legal_actions()[0]))
        else:
            g.push(next((a for a in g.legal_actions() if "yes" in a.label.lower() or "change" in a.label.lower()),
                        g.legal_actions()[0]))
        s = g.current_state()
    assert asked == ["Carol", "Alice"]          # in turn order from the active player, Bob left out
    assert [i.label for i in s.stack] == ["Lightning Bolt", "Copy of Lightning Bolt"]
    copy = s.stack[-1]
    assert copy.controller == 0 and [s.objs[t].card.name for t in copy.targets[0]] == ["Hill Giant"]
    assert any(e.text.startswith("Alice puts a copy of Lightning Bolt on the stack") for e in g.log)


def test_curse_of_inertia_the_attacking_player_chooses_the_target(db):
    """Curse of Inertia (Alice's) on Bob: Carol attacks Bob with two creatures; the ability
    triggers once (its ruling: once per attacking player per combat) and Carol, the attacking
    player, chooses the target, though Alice controls the ability, so Alice's hexproof Gladecover
    Scout may be chosen (its ruling 2013-10-17; CR 702.11b). On resolution Carol may tap or
    untap it (CR 701.26): she taps it."""
    assert db.get("Curse of Inertia").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [{card: Curse of Inertia, attached_to: Bob}, Gladecover Scout]
  - name: Bob
    battlefield: [Forest]
  - name: Carol
    battlefield: [Grizzly Bears, Hill Giant]
""", turn=3, active="Carol", step="beginning_of_combat")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.current_state()
    for o in s.permanents(2):
        g.push(Action("attack", (o.id, "p1")))
    if g.pending.kind == "attackers":      # every creature declared: the declaration may end by itself
        g.push(Action("done"))
    assert g.pending.kind == "targets" and g.pending.player == 2
    offered = [a.label for a in g.legal_actions()]
    assert "target Gladecover Scout" in offered
    pick(g, "target Gladecover Scout")
    s = g.current_state()
    assert [i.card.name for i in s.stack] == ["Curse of Inertia"] and s.stack[0].controller == 0
    while s.stack:
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            assert g.pending.player == 2            # the "may" and the tap-or-untap are Carol's
            pick(g, "tap" if g.pending.kind == "tap_or_untap" else "yes")
        s = g.current_state()
    assert _obj(g, "Gladecover Scout").tapped
