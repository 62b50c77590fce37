"""The limited range of influence option (CR 801) in games of five and six players with a range
of 1: who is within range (801.2, 801.2b), attacks (801.3), targets (801.4), what spells affect
("each opponent", "each creature": 801.10), triggers (801.7), Auras (801.8), winning (801.14), and
a player leaving the game bringing their neighbours within each other's range as the next turn
begins (801.2c). Real cards from the corpus, played from scenarios written here."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.engine import influence
from manastack.engine.decisions import Action
from manastack.scenario import Scenario, ScenarioError

from .game_helpers import labels

SIX = ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank")


def run(db, text: str):
    played = Scenario.from_text(text, cards=db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in played.results if not o.passed]
    assert not failed, failed
    return played.game


def board(db, text: str) -> Game:
    sc = Scenario.from_text(text, cards=db)
    return Game.from_state(sc.state, sc.db)


def table(extra: dict[str, str] | None = None, head: str = "turn: 5\n") -> str:
    """Six players at range 1; ``extra`` gives a player's lines (hand, battlefield)."""
    lines = [head.rstrip("\n"), "range_of_influence: 1", "players:"]
    for name in SIX:
        lines.append(f"  - name: {name}")
        if extra and name in extra:
            lines += ["    " + x for x in extra[name].strip("\n").splitlines()]
    return "\n".join(lines) + "\n"


def test_the_players_within_range_are_the_neighbours_and_oneself():
    """CR 801.2, 801.2a-b: with range 1, each player reaches the players on either side of their
    seat, around the table, and always themselves."""
    g = Game.new(*["mono-green"] * 6, seed=1, range_of_influence=1)
    s = g.state
    assert s.reach[0] == (0, 1, 5) and s.reach[3] == (2, 3, 4) and s.reach[5] == (0, 4, 5)
    g2 = Game.new(*["mono-green"] * 6, seed=1, range_of_influence=2)
    assert g2.state.reach[0] == (0, 1, 2, 4, 5)
    assert Game.new(*["mono-green"] * 6, seed=1).state.reach is None       # off by default (CR 806)
    assert "Range of influence 1: Alice: Alice, Bob, Frank;" in g.explain() and "801.2c]" in g.explain()


def test_bad_ranges_are_refused_with_what_and_where(db):
    with pytest.raises(ValueError, match="range_of_influence must be a number of seats from 1 to 4"):
        Game.new(*["mono-green"] * 5, range_of_influence=9)
    with pytest.raises(ValueError, match="three or more players"):
        Game.new("mono-green", "mono-green", range_of_influence=1)
    with pytest.raises(ScenarioError, match="three or more players"):
        Scenario.from_text("range_of_influence: 1\nplayers: [{name: A}, {name: B}]\n", cards=db).state


def test_each_opponent_is_each_opponent_within_range(db):
    """CR 801.10: Blood Tithe ("Each opponent loses 3 life. You gain life equal to the life lost
    this way") reaches only Bob and Frank, Alice's neighbours."""
    run(db, table({"Alice": "hand: [Blood Tithe]\nbattlefield: [{card: Swamp, count: 4}]"}) + """
script:
  - cast: Blood Tithe
  - resolve
expect:
  life: {Alice: 26, Bob: 17, Carol: 20, Dan: 20, Erin: 20, Frank: 17}
""")


def test_pyroclasm_deals_damage_only_to_creatures_within_range(db):
    """CR 801.10's example: Pyroclasm deals 2 damage to each creature controlled by Alex and the
    players to his left and right, and to no other."""
    creature = "battlefield: [Grizzly Bears]"
    run(db, table({"Alice": "hand: [Pyroclasm]\nbattlefield: [{card: Mountain, count: 2}, Grizzly Bears]",
                   **{n: creature for n in SIX[1:]}}) + """
script:
  - cast: Pyroclasm
  - resolve
expect:
  graveyard: {Alice: [Pyroclasm, Grizzly Bears], Bob: [Grizzly Bears], Frank: [Grizzly Bears], Carol: [], Dan: [], Erin: []}
""")


def test_only_players_and_permanents_within_range_can_be_targeted(db):
    """CR 801.4: Shock is offered Alice, Bob and Frank and their creatures, not Carol, Dan or
    Erin nor theirs; targeting Dan is refused with the rule."""
    g = board(db, table({"Alice": "hand: [Shock]\nbattlefield: [Mountain]",
                         **{n: "battlefield: [Grizzly Bears]" for n in SIX[1:]}}))
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    offered = labels(g)
    for name in ("Alice", "Bob", "Frank"):
        assert any(name in x for x in offered), offered
    for name in ("Carol", "Dan", "Erin"):
        assert not any(name in x for x in offered), offered
    bears = [x for x in offered if "Grizzly Bears" in x]
    assert len(bears) == 2           # Bob's and Frank's


def test_creatures_attack_only_opponents_within_range(db):
    """CR 801.3: Alice's Grizzly Bears may attack Bob or Frank, or Bob's planeswalker; not Carol."""
    g = board(db, table({"Alice": "battlefield: [Grizzly Bears]", "Bob": "battlefield: [Garruk Wildspeaker]",
                         "Carol": "battlefield: [Jace Beleren]"}, head="turn: 5\nstep: beginning_of_combat\n"))
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    assert [a.label for a in g.legal_actions() if a.kind == "attack"] == [
        "attack Bob with Grizzly Bears", "attack Frank with Grizzly Bears",
        "attack Garruk Wildspeaker with Grizzly Bears"]
    run(db, table({"Alice": "battlefield: [{card: Grizzly Bears, id: bears}]"}, head="turn: 5\n") + """
script:
  - attack: [bears]
    at: {bears: Carol}
    illegal: "801.3"
""")


def test_a_player_leaving_brings_the_players_beside_them_within_range_at_the_next_turn(db):
    """CR 801.2c (its example): Bob, between Alice and Carol, concedes during Alice's turn. Carol
    is not yet within Alice's range that turn (Blood Tithe still misses her); as Carol's turn
    begins the ranges are determined again, and her Shock may target Alice."""
    g = run(db, table({"Alice": "hand: [Blood Tithe]\nbattlefield: [{card: Swamp, count: 4}]",
                       "Carol": "hand: [Shock]\nbattlefield: [Mountain]\nlibrary: [Mountain]"}, head="turn: 1\n") + """
script:
  - concede: Bob
  - cast: Blood Tithe
  - resolve
  - expect:
      life: {Alice: 23, Carol: 20, Frank: 17}
  - pass_until: main1
    turn: 2
  - cast: Shock
    targets: [Alice]
  - resolve
expect:
  active: Carol
  life: {Alice: 21}
""")
    s = g.state
    assert s.reach[0] == (0, 2, 5) and s.reach[2] == (0, 2, 3)
    assert "Carol" in g.explain().split("Turn 2")[1].split("\n")[1]     # the ranges logged anew


def test_a_game_with_a_range_saves_and_loads(db):
    g = Game.new(*["mono-green"] * 5, seed=4, range_of_influence=1)
    for _ in range(40):
        if g.pending is None:
            break
        g.push(g.legal_actions()[-1])
    again = Game.from_json(g.to_json())
    assert again.state.influence == 1 and again.state.reach == g.state.reach
    assert again.to_json() == g.to_json()


def test_within_reads_objects_by_their_controller():
    """CR 801.2d: an object is within range when its controller is (a card in a hand or
    graveyard by its owner)."""
    g = Game.new(*["mono-green"] * 5, seed=2, range_of_influence=1)
    s = g.state
    card = s.objs[s.players[2].hand[0]]
    assert not influence.object_within(s, 0, card) and influence.object_within(s, 1, card)
    assert influence.within(s, 0, 4) and not influence.within(s, 0, 2)


def test_a_triggered_ability_triggers_only_on_events_within_its_controllers_range(db):
    """CR 801.7: Dan Shocks Carol's Grizzly Bears. Bob's Blood Artist ("Whenever Blood Artist or
    another creature dies, ...") triggers: Carol is within Bob's range; Alice's doesn't, the
    creature that died being Carol's, outside Alice's range."""
    g = run(db, table({"Alice": "battlefield: [Blood Artist]", "Bob": "battlefield: [Blood Artist]",
                       "Carol": "battlefield: [Grizzly Bears]",
                       "Dan": "hand: [Shock]\nbattlefield: [Mountain]"}, head="turn: 5\nactive: Dan\n") + """
script:
  - cast: Shock
    targets: [Grizzly Bears]
  - resolve
expect:
  graveyard: {Carol: [Grizzly Bears]}
""")
    # Bob's ability alone is put on the stack, its target chosen among the players in his range
    assert g.pending.player == 1 and g.pending.kind == "targets"
    assert [a.label for a in g.legal_actions()] == ["target Alice", "target Bob", "target Carol"]
    assert "Blood Artist's ability doesn't trigger: the event is not entirely within Alice's range" in g.explain()


def test_an_aura_on_a_player_outside_its_controllers_range_goes_to_the_graveyard(db):
    """CR 801.8: an Aura can't enchant a player outside its controller's range; one attached to
    such a player is put into its owner's graveyard as a state-based action (CR 704.5m)."""
    g = run(db, table({"Alice": "battlefield: [{card: Curse of the Bloody Tome, attached_to: Dan}, "
                                "{card: Curse of Death's Hold, attached_to: Bob}]"}) + """
script:
  - pass_until: end
expect:
  graveyard: {Alice: [Curse of the Bloody Tome]}
""")
    assert "outside its controller's range of influence (CR 801.8)" in g.explain()


def test_a_player_who_would_win_makes_the_opponents_within_range_lose_instead(db):
    """CR 801.14: Alice's Felidar Sovereign ("At the beginning of your upkeep, if you have 40 or
    more life, you win the game") makes Bob and Frank lose the game; the game goes on among the
    other players (CR 104.2a)."""
    g = run(db, table({"Alice": "life: 40\nbattlefield: [Felidar Sovereign]\nlibrary: [Plains]"},
                      head="turn: 6\nactive: Frank\nstep: end\n") + """
script:
  - pass_until: main1
expect:
  left: [Bob, Frank]
  result: none
""")
    assert "instead Bob, Frank lose the game" in g.explain() and "801.14" in g.explain()


def test_only_players_within_range_vote_for_objects_within_their_own_range(db):
    """CR 801.10, 801.5a: in a five-player game at range 1, Alice's Council's Judgment has Alice,
    Bob and Erin vote (Carol and Dan are outside her range); the permanents voted for are those
    within both Alice's and the voter's range: Bob may vote for Bob's or Alice's neighbours'
    permanents but not Carol's, which Alice's spell doesn't see."""
    g = board(db, """
turn: 5
range_of_influence: 1
players:
  - name: Alice
    hand: [Council's Judgment]
    battlefield: [{card: Plains, count: 3}]
  - name: Bob
    battlefield: [Grizzly Bears]
  - name: Carol
    battlefield: [Hill Giant]
  - name: Dan
  - name: Erin
    battlefield: [Serra Angel]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "vote":
        g.push(g.legal_actions()[0])
    # Alice sees Bob's Bears and Erin's Angel, not Carol's Hill Giant
    assert [a.label for a in g.legal_actions()] == ["vote for Grizzly Bears", "vote for Serra Angel"]
    g.push("vote for Grizzly Bears")
    log = g.explain()
    # Bob and Erin each have one permanent within both ranges, so vote without being asked
    assert "Bob votes for Grizzly Bears" in log and "Erin votes for Serra Angel" in log
    assert "Carol votes" not in log and "Dan votes" not in log
    assert "the vote ends, Grizzly Bears 2, Serra Angel 1" in log
    assert "Grizzly Bears is exiled" in log


def test_play_takes_a_range_of_influence():
    from click.testing import CliRunner
    from manastack.cli import main
    result = CliRunner().invoke(main, ["play", "--agents", "first,first,first,first,first", "--seed", "2",
                                       "--decks", "mono-green,red-green", "--range-of-influence", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert "Range of influence 1" in result.output
    result = CliRunner().invoke(main, ["play", "--agents", "first,first", "--range-of-influence", "1"])
    assert result.exit_code == 2 and "three or more players (CR 801.1)" in result.output


def test_an_ability_any_player_may_activate_only_within_their_range(db):
    """CR 801.6: Warmonger's ability "any player may activate"; Frank, beside Alice, may
    activate it, Dan, three seats away, may not, and the reason says so."""
    from manastack.engine.legality import why_not_activate
    extra = {"Alice": "battlefield: [Warmonger]", "Dan": "battlefield: [Mountain, Mountain]",
             "Frank": "battlefield: [Mountain, Mountain]"}
    frank = board(db, table(extra, head="turn: 5\nactive: Frank\n"))
    assert any(x.startswith("activate Warmonger") for x in labels(frank))
    dan = board(db, table(extra, head="turn: 5\nactive: Dan\n"))
    assert not any(x.startswith("activate Warmonger") for x in labels(dan))
    s = dan.state
    warmonger = next(o for o in s.permanents() if o.card.name == "Warmonger")
    assert "outside Dan's range of influence" in why_not_activate(s, 3, warmonger, warmonger.card.abilities[0], 0)
    assert "801.6" in why_not_activate(s, 3, warmonger, warmonger.card.abilities[0], 0)


def test_different_players_may_have_different_ranges(db):
    """CR 801.2a: each player's own range, in seat order: Alice reaches two seats either way,
    Bob and the others one; a range reaches from its player, so Alice reaches Carol while Carol
    doesn't reach Alice. Saved and loaded as it is; a list of the wrong length is refused."""
    g = Game.new(*["mono-green"] * 6, seed=1, range_of_influence=[2, 1, 1, 1, 1, 1])
    s = g.state
    assert s.reach[0] == (0, 1, 2, 4, 5) and s.reach[2] == (1, 2, 3)
    assert influence.within(s, 0, 2) and not influence.within(s, 2, 0)
    assert "Range of influence 2, 1, 1, 1, 1, 1: Alice: Alice, Bob, Carol, Erin, Frank;" in g.explain()
    assert "801.2a" in g.explain()
    loaded = Game.from_json(g.to_json())
    assert loaded.state.influence == (2, 1, 1, 1, 1, 1) and loaded.state.reach == s.reach
    assert loaded.to_json() == g.to_json()
    bad = g.to_json().replace('"influence":[2,1,1,1,1,1]', '"influence":[2,1,1]')
    assert bad != g.to_json()
    with pytest.raises(ValueError, match="scalars.influence: 3 ranges of influence for 6 players"):
        Game.from_json(bad)
    with pytest.raises(ValueError, match="6 numbers of seats from 1 to 4, one per player"):
        Game.new(*["mono-green"] * 6, range_of_influence=[2, 1])
    sc = board(db, "turn: 5\nrange_of_influence: [1, 2, 1, 1]\nplayers: [{name: A}, {name: B}, {name: C}, {name: D}]\n")
    assert sc.state.reach[1] == (0, 1, 2, 3) and sc.state.reach[0] == (0, 1, 3)
    with pytest.raises(ScenarioError, match="gives 3 ranges for 4 players"):
        Scenario.from_text("range_of_influence: [1, 2, 1]\nplayers: [{name: A}, {name: B}, {name: C}, {name: D}]\n",
                           cards=db).state
