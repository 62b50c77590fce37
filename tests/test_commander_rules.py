"""Commander games (CR 903) with real cards: the command zone, commander tax, the commander's
return to the command zone, commander damage, the commander's color identity in mana abilities,
saves and the Game API. Each rule has its test; the scenarios in scenarios/cards/cr-903-*.yaml and
cr-704-6c-*.yaml play the same rules through the scenario files."""
from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from manastack import Game
from manastack.cli import main
from manastack.engine.costs import alternative as alt_costs
from manastack.sim.games import GameRunner, SimSetup
from manastack.sim.run import DeckCheckError, prepare_decks, simulate
from manastack.table import board_lines, why_text
from manastack.decks import Deck, DeckError, DeckFormat
from manastack.engine import commanders
from manastack.engine.legality import why_not_cast
from manastack.engine.mana.types import could_produce_map
from manastack.engine.zones import Zone
from manastack.scenario import Scenario

AYULA = "Ayula, Queen Among Bears"
RADHA = "Radha, Heir to Keld"


def run(db, text: str):
    return Scenario.from_text(text, cards=db).run()


def board(db, alice: str, bob: str = "", extra: str = "", script: str = "") -> str:
    return (f"name: t\ndescription: t\ncites: ['903']\nformat: commander\nturn: 5\n{extra}"
            f"players:\n  - name: Alice\n{alice}  - name: Bob\n{bob or '    life: 40'}\n" + script)


def test_903_7_forty_life_and_903_6_command_zone(db):
    deck = Deck("g", ((99, "Forest"),), commander=((1, AYULA),))
    game = Game.new(deck, Deck("r", ((99, "Mountain"),), commander=((1, RADHA),)), seed=3, cards=db,
                    format="commander")
    s = game.peek()
    assert [p.life for p in s.players] == [40, 40]
    assert [[s.objs[i].card.name for i in p.command] for p in s.players] == [[AYULA], [RADHA]]
    assert [s.objs[i].zone for p in s.players for i in p.command] == [Zone.COMMAND, Zone.COMMAND]
    assert [len(p.library) + len(p.hand) for p in s.players] == [99, 99]
    assert s.players[0].commander_identity == "G" and s.players[1].commander_identity == "RG"
    assert "903.7" in game.explain() and "903.6" in game.explain()


def test_normal_games_are_unchanged(db):
    s = Game.new("gruul-stompy", "azorius-skies", seed=1).peek()
    assert [p.life for p in s.players] == [20, 20] and s.variant == "" and not any(p.command for p in s.players)


def test_game_new_refuses_an_unknown_format(db):
    with pytest.raises(ValueError, match="format must be one of"):
        Game.new("gruul-stompy", "azorius-skies", format="brawl")


TAX = """    commanders: ["Ayula, Queen Among Bears"]
    command: ["Ayula, Queen Among Bears"]
    commander_casts: {"Ayula, Queen Among Bears": 2}
    battlefield: [Forest, Forest, Forest, Forest, Forest]
"""


def test_903_8_tax_is_an_additional_cost_in_why_not_and_the_log(db):
    """Two casts before: {1}{G} plus {4}; five Forests can't pay {5}{G}, and the reason says why."""
    scenario = Scenario.from_text(board(db, TAX), cards=db)
    s = scenario.state
    ayula = next(s.objs[i] for i in s.players[0].command)
    why = why_not_cast(s, 0, ayula)
    assert why is not None and "{5}{G}" in why and "commander tax" in why and "903.8" in why
    assert commanders.tax(s, 0, ayula) == 4


def test_903_8_tax_counts_each_cast_from_the_command_zone(db):
    text = board(db, TAX.replace(": 2}", ": 1}").replace("Forest, Forest, Forest, Forest, Forest",
                                                            "Forest, Forest, Forest, Forest"),
                 script="script:\n  - cast: \"Ayula, Queen Among Bears\"\n  - resolve:\n")
    result = run(db, text)
    s = result.game.peek()
    assert dict(s.players[0].commander_casts) == {AYULA: 2}
    assert "plus {2} commander tax" in result.game.explain()
    # on the battlefield, its mana value is still 2: the tax is no part of its mana cost (CR 202.3)
    assert [s.objs[i].card.name for i in s.battlefield].count(AYULA) == 1


def test_903_3_a_copy_of_a_commander_is_not_a_commander(db):
    """Clone copying Ayula is a Clone card: not a commander (CR 903.3, 707.2)."""
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n"
             "    battlefield: [\"Ayula, Queen Among Bears\", Island, Island, Island, Island]\n    hand: [Clone]\n")
    result = run(db, board(db, alice, script="script:\n  - cast: Clone\n  - resolve:\n  - choose: [\"Ayula, Queen Among Bears\"]\n"))
    s = result.game.peek()
    named = [o for o in s.permanents() if o.card.name == AYULA]
    assert len(named) == 2 or any(o.printed is not None for o in named)
    assert sum(commanders.is_commander(s, o) for o in named) == 1


def test_903_3_still_a_commander_after_zone_changes(db):
    """Ayula dies, stays in the graveyard, is returned to the hand: each new object is still the commander."""
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n"
             "    battlefield: [\"Ayula, Queen Among Bears\", Mountain]\n    hand: [Lightning Bolt]\n")
    result = run(db, board(db, alice, script="script:\n  - cast: Lightning Bolt\n    target: \"Ayula, Queen Among Bears\"\n"
                                             "  - resolve:\n  - may: false\n"))
    s = result.game.peek()
    gone = [s.objs[i] for i in s.players[0].graveyard if s.objs[i].card.name == AYULA]
    assert len(gone) == 1 and commanders.is_commander(s, gone[0])
    assert gone[0].id in s.players[0].commander_left      # CR 704.6d: not asked again
    assert "903.9a" in result.game.explain()


def test_903_10a_damage_is_tracked_per_commander(db):
    """Isperia deals Alice combat damage: counted for Isperia alone, on top of what it dealt before."""
    ruric = "Isperia, Supreme Judge"
    bob = f"    commanders: [\"{ruric}\"]\n    battlefield: [\"{ruric}\"]\n"
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n    command: [\"Ayula, Queen Among Bears\"]\n"
             f"    commander_damage: {{\"{ruric}\": 5}}\n")
    text = board(db, alice, bob, extra="active: Bob\n",
                 script=f"script:\n  - attack: [\"{ruric}\"]\n  - block: none\n  - pass: 2\n")
    s = run(db, text).game.peek()
    assert s.players[0].commander_damage == ((1, ruric, 11),)
    assert s.players[0].life == 34 and s.result is None
    assert s.players[1].commander_damage == ()


def test_704_6c_twenty_one_from_two_commanders_is_not_enough(db):
    """20 from Radha and 20 from another commander: no single commander reached 21."""
    p = commanders
    s = Scenario.from_text(board(db, "    commanders: [\"Ayula, Queen Among Bears\"]\n"), cards=db).state
    s.players[1].commander_damage = ((0, AYULA, 20), (0, "Other", 20))
    assert p.lethal_commander(s.players[1]) is None
    s.players[1].commander_damage = ((0, AYULA, 21),)
    assert p.lethal_commander(s.players[1]) == (0, AYULA, 21)


@pytest.mark.parametrize("has_commander, produced", [(False, set()), (True, {"G"})])
def test_106_5_106_7_903_4f_command_tower(db, has_commander, produced):
    """Command Tower: no commander, no mana and nothing it could produce (CR 903.4f, 106.5, 106.7);
    with Ayula (green) it could produce green only. Reflecting Pool follows (CR 106.7)."""
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n" if has_commander else "") + \
        "    battlefield: [Command Tower, Reflecting Pool]\n"
    scenario = Scenario.from_text(board(db, alice, script="script:\n  - activate: Command Tower\n"), cards=db)
    s = scenario.state
    types = could_produce_map(s)
    tower, pool = sorted(s.permanents(0), key=lambda o: o.card.name)
    assert tower.card.name == "Command Tower"
    assert set(types.get(tower.id, ())) == produced
    assert set(types.get(pool.id, ())) == produced        # a land Alice controls could produce
    result = scenario.run()
    assert result.game.peek().players[0].pool == ({"G": 1} if has_commander else {})
    if not has_commander:
        assert "903.4f" in result.game.explain()


def test_arcane_signet_two_colors(db):
    """Arcane Signet with Radha (red and green): one mana of either, chosen."""
    alice = "    commanders: [\"Radha, Heir to Keld\"]\n    battlefield: [Arcane Signet]\n"
    s = Scenario.from_text(board(db, alice), cards=db).state
    signet = s.permanents(0)[0]
    assert set(could_produce_map(s)[signet.id]) == {"R", "G"}


def test_fierce_guardianship_free_only_with_a_commander(db):
    """"If you control a commander, you may cast this spell without paying its mana cost"
    (CR 903.3d: a commander on the battlefield; the ruling: any player's commander you control)."""
    card = db.get("Fierce Guardianship")
    assert card.fully_supported and db.get("Deadly Rollick").fully_supported
    with_commander = ("    commanders: [\"Ayula, Queen Among Bears\"]\n"
                      "    battlefield: [\"Ayula, Queen Among Bears\"]\n    hand: [Deadly Rollick]\n")
    without = "    battlefield: [Grizzly Bears]\n    hand: [Deadly Rollick]\n"
    for alice, free in ((with_commander, True), (without, False)):
        s = Scenario.from_text(board(db, alice), cards=db).state
        rollick = s.objs[s.players[0].hand[0]]
        assert bool(alt_costs.alternatives(s, 0, rollick)) == free


def test_jeweled_lotus_mana_only_for_the_commander(db):
    card = db.get("Jeweled Lotus")
    assert card.fully_supported
    spend = card.abilities[0].effects[0].spend
    assert spend is not None and spend.spells.commander


def test_save_and_load_keep_commander_state(db):
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n    command: [\"Ayula, Queen Among Bears\"]\n"
             "    commander_casts: {\"Ayula, Queen Among Bears\": 1}\n    commander_damage: {\"Radha, Heir to Keld\": 9}\n")
    bob = "    commanders: [\"Radha, Heir to Keld\"]\n    exile: [\"Radha, Heir to Keld\"]\n"
    game = Game.from_state(Scenario.from_text(board(db, alice, bob), cards=db).state, db)
    back = Game.from_json(game.to_json(), cards=db)
    a, b = game.peek(), back.peek()
    assert b.variant == "commander"
    for p, q in zip(a.players, b.players):
        assert (p.commanders, p.commander_identity, p.commander_casts, p.commander_damage, p.commander_left) == \
            (q.commanders, q.commander_identity, q.commander_casts, q.commander_damage, q.commander_left)
        assert p.command == q.command


def test_view_shows_commanders_to_everyone(db):
    alice = "    commanders: [\"Ayula, Queen Among Bears\"]\n    command: [\"Ayula, Queen Among Bears\"]\n"
    game = Game.from_state(Scenario.from_text(board(db, alice), cards=db).state, db)
    seen = game.view(1)["players"][0]
    assert seen["commanders"] == [AYULA] and seen["emblems"] == []
    assert [c["name"] for c in seen["command_zone"]] == [AYULA]


@pytest.mark.parametrize("seed", range(2))
def test_whole_commander_games_fuzz(db, seed):
    """Random play of the bundled Commander decks: cards are conserved, commanders stay
    commanders, the game ends or runs long, and a save mid-game loads and goes on the same."""
    game = Game.new("commander-ayula", "commander-radha", seed=seed, cards=db, format="commander", history=False)
    rnd = random.Random(seed)
    total = len(game.peek().objs)
    for n in range(600):
        if game.pending is None:
            break
        game.push(rnd.choice(game.legal_actions()))
        if n == 300:
            saved = Game.from_json(game.to_json(), cards=db)
            assert saved.legal_actions() == game.legal_actions()
        s = game.peek()
        assert len([o for o in s.objs.values() if not o.is_token]) == total      # cards are conserved
        for p in s.players:
            named = [o for o in s.objs.values() if o.owner == p.index and commanders.is_commander(s, o)]
            assert len(named) == 1           # one commander each, wherever it is (CR 903.3)


def test_simulate_and_play_commander_games(db, corpus_path):
    """``simulate --format commander`` checks the decks as Commander decks and plays Commander
    games; ``play --format commander`` too."""
    a, b = prepare_decks(("commander-ayula", "commander-isperia"), db, DeckFormat.COMMANDER, True)
    game, _agents = GameRunner(SimSetup((a, b), ("first", "first"), 5, game_format="commander"), db).start(0)
    assert [p.life for p in game.peek().players] == [40, 40] and all(p.command for p in game.peek().players)
    with pytest.raises(DeckCheckError) as err:
        simulate("gruul-stompy", "commander-ayula", games=1, workers=1, cards=(str(corpus_path),), fmt="commander")
    assert any("903" in str(p) for p in err.value.problems)
    out = CliRunner().invoke(main, ["play", "--agents", "first,first", "--decks", "commander-ayula,commander-radha",
                                    "--format", "commander", "--cards", str(corpus_path), "--json", "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "903.7" in out.output


def test_702_124_two_partner_commanders_start_in_the_command_zone(db):
    """Kraum and Rograkh, both with partner: both commanders, identity UR from the two together;
    partner is no longer logged as doing nothing (it chose the commanders, CR 702.124a)."""
    kraum, rograkh = "Kraum, Ludevic's Opus", "Rograkh, Son of Rohgahh"
    deck = Deck("ur", ((49, "Island"), (49, "Mountain")), commander=((1, kraum), (1, rograkh)))
    game = Game.new(deck, Deck("g", ((99, "Forest"),), commander=((1, AYULA),)), seed=1, cards=db,
                    format="commander")
    s = game.peek()
    assert s.players[0].commanders == (kraum, rograkh) and s.players[0].commander_identity == "UR"
    assert sorted(s.objs[i].card.name for i in s.players[0].command) == [kraum, rograkh]
    assert "does nothing in this game" not in game.explain()
    three = Deck("x", ((97, "Island"),), commander=((1, kraum), (1, rograkh), (1, AYULA)))
    with pytest.raises(DeckError, match="3 commanders"):
        Game.new(three, deck, cards=db, format="commander")


def test_the_table_shows_command_zones_tax_and_commander_damage(db):
    alice = ("    commanders: [\"Ayula, Queen Among Bears\"]\n    command: [\"Ayula, Queen Among Bears\"]\n"
             "    commander_casts: {\"Ayula, Queen Among Bears\": 1}\n    commander_damage: {\"Radha, Heir to Keld\": 9}\n")
    bob = "    commanders: [\"Radha, Heir to Keld\"]\n    command: [\"Radha, Heir to Keld\"]\n"
    game = Game.from_state(Scenario.from_text(board(db, alice, bob), cards=db).state, db)
    text = "\n".join(line.plain for line in board_lines(game, 0))
    assert "command zone: Ayula, Queen Among Bears; Ayula, Queen Among Bears cast 1x (tax {2})" in text
    assert "commander damage taken: 9 from Radha, Heir to Keld" in text
    assert "command zone: Radha, Heir to Keld" in text
    assert "commander tax" in why_text(game, 0, AYULA)      # why not: {3}{G} with the tax (CR 903.8)
