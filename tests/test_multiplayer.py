"""Games of more than two players (CR 800-806): seats and turn order (CR 101.4), the free first
mulligan (CR 103.5c), priority around the table (CR 117.4), "each opponent" and "target player"
among several, attacking several players at once (CR 506.2, 802) and blocking only for yourself
(CR 509.1a, 802.4a), leaving the game (CR 800.4a) and conceding (CR 104.3a), the last player
standing winning (CR 104.2a). Real cards from the corpus, played from scenarios written here."""
from __future__ import annotations

from dataclasses import replace

import pytest

from manastack import Game
from manastack.engine.decisions import Action, ActionKind, DecisionKind, IllegalActionError
from manastack.engine.state import State
from manastack.scenario import Scenario

from .game_helpers import labels

DECKS = ("gruul-stompy", "azorius-skies", "mono-green", "red-green")


def run(db, text: str):
    """Run a scenario written here against the corpus; its expectations must pass."""
    played = Scenario.from_text(text, cards=db).run()
    failed = [f"{o.what}: expected {o.expected}, got {o.actual}" for o in played.results if not o.passed]
    assert not failed, failed
    return played.game


def board(db, text: str) -> Game:
    sc = Scenario.from_text(text, cards=db)
    return Game.from_state(sc.state, sc.db)


# ---------------------------------------------------------------------- the table


def test_game_new_seats_two_to_eight_players_in_order():
    g = Game.new(*DECKS, seed=3)
    s = g.state
    assert [p.name for p in s.players] == ["Alice", "Bob", "Carol", "Dan"]
    assert all(len(p.hand) == 7 for p in s.players)
    with pytest.raises(ValueError, match="give 2 to 8 decks, one per player, not 1"):
        Game.new("gruul-stompy")
    with pytest.raises(ValueError, match="give 2 to 8 decks, one per player, not 9"):
        Game.new(*(["gruul-stompy"] * 9))
    with pytest.raises(ValueError, match="names must be 3 strings"):
        Game.new(*DECKS[:3], names=("A", "B"))


def test_the_two_player_game_is_the_same_game_as_before():
    """Game.new(a, b) is the two-player game it always was: same seed, same game."""
    a = Game.new("gruul-stompy", "azorius-skies", seed=11)
    b = Game.new(*["gruul-stompy", "azorius-skies"], seed=11, names=["Alice", "Bob"], format="normal")
    assert a.to_json() == b.to_json()


def test_apnap_order_runs_from_the_active_player_around_the_table():
    """CR 101.4: the active player, then the others in turn order; a player who left has no
    turn in it (CR 800.4a)."""
    s = State(("A", "B", "C", "D"), None, 0)
    s.active = 2
    assert s.apnap() == (2, 3, 0, 1)
    assert s.next_player(3) == 0
    s.players[3].lost = True
    assert s.apnap() == (2, 0, 1)
    assert s.next_player(2) == 0
    assert s.opponents(2) == [0, 1]


def _mulligan_to_keep(g: Game, player_mulligans: int) -> list[str]:
    """The first player takes ``player_mulligans`` mulligans, then keeps: the decisions asked."""
    first = g.pending.player
    kinds = []
    for _ in range(player_mulligans):
        g.push(Action("mulligan", (), "mulligan"))
    while g.pending.player == first and g.pending.kind in ("mulligan", "bottom"):
        kinds.append(g.pending.kind.value)
        g.push(g.legal_actions()[0])        # keep, then the first card to the bottom
    return kinds


def test_the_first_mulligan_is_free_in_a_multiplayer_game():
    """CR 103.5c, 800.6: in a game of three, one mulligan puts no card on the bottom; a second
    puts one. With two players the first mulligan already costs a card (CR 103.5)."""
    g = Game.new(*DECKS[:3], seed=5)
    first = g.pending.player
    assert _mulligan_to_keep(g, 1) == ["mulligan"]
    assert len(g.state.players[first].hand) == 7
    assert "the first is free in a multiplayer game" in g.explain()
    g = Game.new(*DECKS[:3], seed=5)
    assert _mulligan_to_keep(g, 2) == ["mulligan", "bottom"]
    assert len(g.state.players[first].hand) == 6
    g = Game.new(*DECKS[:2], seed=5)
    first = g.pending.player
    assert _mulligan_to_keep(g, 1) == ["mulligan", "bottom"]
    assert len(g.state.players[first].hand) == 6


def test_every_player_decides_on_mulligans_in_turn_order_and_turns_go_round_the_seats():
    """CR 103.5, 101.4: mulligans from the starting player around the table; then each player's
    turn follows the one to their right; the starting player draws on turn 1 (CR 800.7)."""
    g = Game.new(*DECKS, seed=8)
    start = g.pending.player
    asked = []
    while g.pending.kind == "mulligan":
        asked.append(g.pending.player)
        g.push(Action("keep", (), ""))
    assert asked == [(start + k) % 4 for k in range(4)]
    actives = []
    while g.turn <= 5:
        if not actives or actives[-1][0] != g.turn:
            actives.append((g.turn, g.state.active))
        d = g.pending
        g.push(next((a for a in d.options if a.kind in ("pass", "done", "keep")), d.options[0]))
    assert [a for _t, a in actives] == [(start + k) % 4 for k in range(5)]
    assert f"{g.state.players[start].name} draws" in g.explain() or "skips the first draw" not in g.explain()
    assert "skips the first draw" not in g.explain()


# ---------------------------------------------------------------------- priority and "each opponent"

THREE = """
turn: 4
players:
  - name: Alice
{alice}
  - name: Bob
{bob}
  - name: Carol
{carol}
"""


def test_priority_goes_round_every_player_before_a_spell_resolves(db):
    """CR 117.4: the top of the stack resolves once all players pass in succession."""
    g = board(db, THREE.format(alice="    hand: [Shock]\n    battlefield: [Mountain]",
                               bob="    battlefield: [Forest]", carol="    battlefield: [Forest]"))
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Bob" in a.label or a.kind == "autopay"))
    passed = []
    while g.current_state().stack:
        passed.append(g.pending.player)
        g.push(Action("pass"))
    assert passed == [0, 1, 2]
    assert g.state.players[1].life == 18


def test_each_opponent_is_every_other_player_still_in_the_game(db):
    """Kokusho, the Evening Star: "each opponent loses 5 life. You gain life equal to the life
    lost this way" -- with three opponents, 15 (CR 102.2, 806.1)."""
    run(db, """
turn: 5
active: Dan
players:
  - name: Alice
    battlefield: ["Kokusho, the Evening Star"]
  - name: Bob
  - name: Carol
  - name: Dan
    hand: [Cruel Edict]
    battlefield: [{card: Swamp, count: 2}]
script:
  - cast: Cruel Edict
    targets: [Alice]
  - resolve
  - resolve
expect:
  life: {Alice: 35, Bob: 15, Carol: 15, Dan: 15}
""")


def test_target_player_offers_every_player_still_in_the_game(db):
    g = board(db, """
turn: 5
players:
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain]
  - name: Bob
  - name: Carol
  - name: Dan
""")
    g.concede(2)
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    offered = labels(g)
    assert any("Bob" in x for x in offered) and any("Dan" in x for x in offered) and any("Alice" in x for x in offered)
    assert not any("Carol" in x for x in offered)


# ---------------------------------------------------------------------- combat

COMBAT = """
turn: 4
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}, {card: Vault Skirge, id: skirge}]
  - name: Bob
    battlefield: [Garruk Wildspeaker, Llanowar Elves]
  - name: Carol
    battlefield: [Serra Angel]
"""


def test_attacking_several_players_and_a_planeswalker_in_one_combat(db):
    """CR 802.2-802.3: every opponent is a defending player; each attacker attacks one of them
    or one of their planeswalkers. Each defending player blocks only what attacks them or their
    planeswalkers (CR 509.1a, 802.4a), in APNAP order (CR 802.4)."""
    run(db, COMBAT + """
script:
  - attack: [bears, giant, skirge]
    at: {bears: Bob, skirge: Carol}
    planeswalkers: {giant: Garruk Wildspeaker}
  - block: {Serra Angel: bears}
    illegal: "509.1a"
  - block: {Llanowar Elves: giant}
  - pass_until: end_of_combat
expect:
  life: {Alice: 21, Bob: 18, Carol: 19}
  graveyard: {Bob: [Llanowar Elves]}
""")


def test_the_attack_options_name_each_player_and_each_planeswalker(db):
    g = board(db, COMBAT + "step: beginning_of_combat\n")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    bears = [a.label for a in g.legal_actions() if "Grizzly Bears" in a.label]
    assert bears == ["attack Bob with Grizzly Bears", "attack Carol with Grizzly Bears",
                     "attack Garruk Wildspeaker with Grizzly Bears"]


def test_a_defending_player_is_offered_only_blocks_of_creatures_attacking_them(db):
    g = board(db, COMBAT + "step: beginning_of_combat\n")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.state
    bears, skirge = (next(o.id for o in s.permanents(0) if o.card.name == n) for n in ("Grizzly Bears", "Vault Skirge"))
    g.push(Action("attack", (bears, "p1")))
    g.push(Action("attack", (skirge, "p2")))
    g.push(Action("done"))
    while g.pending.kind != "blockers":
        g.push(Action("pass"))
    assert g.pending.player == 1            # Bob first: APNAP order (CR 802.4)
    assert [a.label for a in g.legal_actions() if a.kind == "block"] == ["Llanowar Elves blocks Grizzly Bears"]
    g.push(Action("done"))
    assert g.pending.player == 2
    assert [a.label for a in g.legal_actions() if a.kind == "block"] == ["Serra Angel blocks Vault Skirge"]
    why = g.why_not(Action("block", (next(o.id for o in s.permanents(2)), bears)))
    assert "CR 509.1a" in why and "attacks Bob, not Carol" in why


def test_the_defending_player_of_an_attacker_is_the_one_it_attacks(db):
    """Annihilator (CR 702.86a) makes "the defending player" sacrifice: the player Ulamog's
    Crusher attacks (CR 508.5, 802.2a), not the other opponent."""
    g = run(db, """
turn: 4
players:
  - name: Alice
    battlefield: [{card: Ulamog's Crusher, id: crusher}]
  - name: Bob
    battlefield: [Forest, Forest]
  - name: Carol
    battlefield: [Plains, Plains]
script:
  - attack: crusher
    at: {crusher: Carol}
  - resolve
  - choose: Plains
expect:
  battlefield: {Bob: [Forest, Forest], Carol: []}
""")
    assert g.state.players[2].graveyard


# ---------------------------------------------------------------------- leaving the game


def test_a_player_who_concedes_leaves_with_what_they_own_and_control_effects_end(db):
    """CR 104.3a, 800.4a: Alice concedes: her cards leave the game, Threaten's control effect
    giving her Carol's Hill Giant ends, her spell on the stack leaves; the game goes on, and her
    next turn doesn't begin (CR 800.4k)."""
    g = run(db, """
turn: 5
players:
  - name: Alice
    hand: [Threaten, Shock]
    battlefield: [{card: Mountain, count: 4}]
  - name: Bob
  - name: Carol
    battlefield: [Hill Giant]
  - name: Dan
script:
  - cast: Threaten
    targets: [Hill Giant]
  - resolve
  - expect:
      battlefield: {Alice: [Hill Giant, Mountain, Mountain, Mountain, Mountain], Carol: []}
  - cast: Shock
    targets: [Bob]
  - concede: Alice
  - expect:
      battlefield: {Alice: [], Carol: [Hill Giant]}
      stack: []
      left: [Alice]
      result: none
  - pass_until: upkeep
    turn: 6
expect:
  active: Bob
  life: {Bob: 20}
""")
    s = g.state
    assert not any(o.owner == 0 for o in s.objs.values())
    assert "Alice leaves the game" in g.explain() and "CR 800.4a" in g.explain()


def test_conceding_while_another_player_decides(db):
    """CR 104.3a: a player may concede at any time, not only when they decide. The attacker
    attacking the one who left deals no combat damage (CR 800.4e)."""
    g = board(db, COMBAT + "step: beginning_of_combat\n")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.state
    bears = next(o.id for o in s.permanents(0) if o.card.name == "Grizzly Bears")
    g.push(Action("attack", (bears, "p1")))
    g.push(Action("done"))
    g.concede(1)
    assert g.state.left == (1,)
    while g.state.step != "end_of_combat":
        g.push(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    assert "No combat damage is dealt" in g.explain()
    g.pop()     # the concession, too, is taken back like a push
    with pytest.raises(IllegalActionError, match="no player 7"):
        g.concede(7)


def test_the_last_player_in_the_game_wins(db):
    """CR 104.2a: once all their opponents have left, the player still in the game wins."""
    g = Game.new(*DECKS[:3], seed=2)
    g.concede(0)
    assert not g.is_over
    with pytest.raises(IllegalActionError, match="already left"):
        g.concede(0)
    g.concede(2)
    assert g.is_over and g.result.winner == 1
    assert "Alice lost: conceded; Carol lost: conceded" == g.result.reason


def test_a_two_player_concession_ends_the_game():
    g = Game.new("gruul-stompy", "azorius-skies", seed=2)
    g.concede(1)
    assert g.result.winner == 0 and "conceded" in g.result.reason
    assert "CR 104.3a" in g.explain()


# ---------------------------------------------------------------------- where a user meets it


def test_each_player_sees_their_own_hand_and_only_counts_of_the_others(db):
    """CR 400.2: a player's hand and every library are hidden from every other player."""
    g = Game.new(*DECKS[:3], seed=4)
    for viewer in range(3):
        v = g.view(viewer)
        for p, seen in enumerate(v["players"]):
            assert ("hand" in seen) == (p == viewer)
            assert seen["hand_count"] == 7 and "library" not in seen


def test_a_four_player_game_saves_and_loads_mid_game_and_goes_on_the_same(db):
    g = Game.new(*DECKS, seed=6, history=False)
    agents = [__import__("manastack").RandomAgent(i) for i in range(4)]
    for _ in range(300):
        g.push(agents[g.pending.player].choose(g, g.pending))
    g.concede(g.state.next_player(g.state.active))
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json()
    for _ in range(100):
        if g.pending is None:
            break
        a = agents[g.pending.player].choose(g, g.pending)
        g.push(a)
        loaded.push(a)
    assert loaded.to_json() == g.to_json()


def test_a_save_naming_a_player_the_game_does_not_have_is_refused():
    import orjson
    from manastack.game import SaveError
    data = orjson.loads(Game.new("gruul-stompy", "azorius-skies", seed=1).to_json())
    data["state"]["scalars"]["active"] = 3
    with pytest.raises(SaveError, match=r"\$.state.scalars.active: player 3 is not one of the save's 2 players"):
        Game.from_json(orjson.dumps(data))


def test_a_save_naming_a_default_controller_the_game_does_not_have_is_refused():
    """CR 110.2a: an object's default controller is one of the game's players, checked on load."""
    import orjson
    from manastack.game import SaveError
    data = orjson.loads(Game.new("gruul-stompy", "azorius-skies", seed=1).to_json())
    data["state"]["objects"][0]["default_controller"] = 5
    with pytest.raises(SaveError, match=r"\$.state.objects\[0\].default_controller: player 5 is not one of the save's 2 players"):
        Game.from_json(orjson.dumps(data))


def test_the_heuristic_agent_attacks_the_opponent_with_the_lowest_life_it_can_attack_safely(db):
    from manastack.agents import HeuristicAgent
    g = board(db, """
turn: 4
step: beginning_of_combat
players:
  - name: Alice
    battlefield: [Hill Giant]
  - name: Bob
    life: 5
    battlefield: [Serra Angel]
  - name: Carol
    life: 9
  - name: Dan
    life: 12
""")
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    choice = HeuristicAgent(1).choose(g, g.pending)
    assert choice.label == "attack Carol with Hill Giant"     # Bob's Angel would block and kill it


def test_play_seats_one_agent_per_seat_and_deals_the_decks_round(db):
    from click.testing import CliRunner
    from manastack.cli import main
    result = CliRunner().invoke(main, ["play", "--agents", "heuristic,heuristic,random,first", "--seed", "3", "--quiet"])
    assert result.exit_code == 0, result.output
    assert "wins" in result.output or "Draw" in result.output
    result = CliRunner().invoke(main, ["play", "--agents", "random", "--seed", "3"])
    assert result.exit_code == 2 and "expected 2 to 8 agents" in result.output


def test_a_short_fuzz_of_three_and_four_player_games_holds_every_invariant(corpus_db, playable):
    """The whole-game fuzz (cards conserved, push/pop exact, save/load continues, same seed same
    game) over the first actions of a three- and a four-player game; in each a player concedes
    within them and leaves the game (CR 104.3a, 800.4a): in the three-player one during the
    mulligans, in the four-player one during play."""
    from manastack import fuzz
    for players, seed in ((3, 3), (4, 0)):
        taken: list = []
        game = fuzz.play_game(corpus_db, playable, seed, 150, must_end=False, actions=taken, players=players)
        assert len(taken) == 150 or game.result is not None
        assert any(a.kind == "concede" for a in taken) and game.state.left


def test_the_defending_player_of_an_attacker_gone_from_combat_is_the_one_it_attacked(db):
    """CR 508.5: Ulamog's Crusher attacks Carol while Grizzly Bears attack Bob; Bob returns the
    Crusher to its owner's hand with its annihilator trigger on the stack. The trigger's
    defending player is still Carol, the player the Crusher was attacking, not Bob."""
    g = run(db, """
players:
  - name: Alice
    battlefield: [{card: Ulamog's Crusher, id: crusher}, {card: Grizzly Bears, id: bears}]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island, Forest]
  - name: Carol
    battlefield: [Plains, Swamp]
script:
  - attack: [crusher, bears]
    at: {crusher: Carol, bears: Bob}
  - pass
  - cast: Unsummon
    by: Bob
    targets: [crusher]
  - resolve
  - resolve
  - choose: Plains
expect:
  battlefield: {Bob: [Forest, Island], Carol: []}
""")
    assert {g.state.objs[c].card.name for c in g.state.players[2].graveyard} == {"Plains", "Swamp"}


def test_with_several_players_attacked_the_controller_chooses_the_defending_player(db):
    """CR 508.5a: an ability that names no attacking creature, while Bob and Carol are both
    attacked, refers to the defending player its controller chooses: a decision of theirs, one
    answer per attacked player, logged with the rule. No compiled card names one (the engine
    reads "defending player" only in an attacker's own attack trigger, which remembers whom
    its creature attacked, CR 508.5), so the test takes that memory from the Crusher's trigger
    once the Crusher has left combat: the choice is the rule's fallback."""
    g = run(db, """
players:
  - name: Alice
    battlefield: [{card: Ulamog's Crusher, id: crusher}, {card: Grizzly Bears, id: bears}, Llanowar Elves]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island, Forest]
  - name: Carol
    battlefield: [Plains, Swamp]
script:
  - attack: [crusher, bears, Llanowar Elves]
    at: {crusher: Carol, bears: Bob, Llanowar Elves: Carol}
  - pass
  - cast: Unsummon
    by: Bob
    targets: [crusher]
  - resolve
""")
    s = g.state
    trigger = s.stack[-1]
    trigger.event = replace(trigger.event, defender=None)
    g = Game.from_state(s, db)
    while g.pending.kind == DecisionKind.PRIORITY:
        g.push(Action(ActionKind.PASS))
    decision = g.pending
    assert decision.player == 0 and decision.kind == DecisionKind.CHOOSE_PLAYER
    assert "CR 508.5a" in decision.prompt
    assert labels(g) == ["defending player: Bob", "defending player: Carol"]
    g.push(next(a for a in g.legal_actions() if a.label == "defending player: Bob"))
    assert any(e.text == "Alice chooses Bob as the defending player of Ulamog's Crusher's ability"
               and e.rules == ("508.5a",) for e in g.log)
    assert g.pending.player == 1 and g.pending.kind == DecisionKind.SACRIFICE     # Bob sacrifices
    g.push(next(a for a in g.legal_actions() if a.label == "Island"))
    assert {g.state.objs[o].card.name for o in g.state.players[1].graveyard} == {"Unsummon", "Forest", "Island"}
    assert not g.state.players[2].graveyard


def test_a_control_effect_ends_after_the_default_controller_left_and_the_object_is_exiled(db):
    """CR 800.4c, 110.2a: Alice puts Bob's Hill Giant onto the battlefield under her control
    with Reanimate, so she controls it by default; Carol takes it with Control Magic. Alice
    concedes: the Giant, controlled by Carol, stays (CR 800.4a exiles only what Alice still
    controls). When Bob's Disenchant destroys Control Magic, the Giant would return to Alice,
    who has left: it is exiled, not given to its owner Bob."""
    g = run(db, """
turn: 5
players:
  - name: Alice
    library: [{card: Wastes, count: 5}]
    hand: [Reanimate]
    battlefield: [Swamp]
  - name: Bob
    library: [{card: Wastes, count: 5}]
    graveyard: [Hill Giant]
    hand: [Disenchant]
    battlefield: [Plains, Plains]
  - name: Carol
    library: [{card: Wastes, count: 5}]
    hand: [Control Magic]
    battlefield: [{card: Island, count: 4}]
  - name: Dan
    library: [{card: Wastes, count: 5}]
script:
  - cast: Reanimate
    targets: [Hill Giant]
  - resolve
  - expect:
      battlefield: {Alice: [Hill Giant, Swamp]}
  - pass_until: main
    turn: 7
  - cast: Control Magic
    targets: [Hill Giant]
  - resolve
  - expect:
      battlefield: {Alice: [Swamp], Carol: [Control Magic, Hill Giant, Island, Island, Island, Island]}
  - pass
  - concede: Alice
  - expect:
      left: [Alice]
      battlefield: {Carol: [Control Magic, Hill Giant, Island, Island, Island, Island]}
  - pass_until: main
    turn: 9
  - cast: Disenchant
    targets: [Control Magic]
  - resolve
expect:
  battlefield: {Bob: [Plains, Plains], Carol: [Island, Island, Island, Island]}
  exile: {Bob: [Hill Giant]}
""")
    assert any(e.rules == ("800.4c",) and e.text.startswith("Hill Giant would return to Alice") for e in g.log)


# Alice reanimates Bob's Hill Giant under her control; in her own turn two turns later, Carol takes it with Threaten.
_THREATENED_GIANT = """
turn: 5
players:
  - name: Alice
    library: [{card: Wastes, count: 5}]
    hand: [Reanimate]
    battlefield: [Swamp]
  - name: Bob
    library: [{card: Wastes, count: 5}]
    graveyard: [Hill Giant]
  - name: Carol
    library: [{card: Wastes, count: 5}]
    hand: [Threaten]
    battlefield: [{card: Mountain, count: 3}]
script:
  - cast: Reanimate
    targets: [Hill Giant]
  - resolve
  - pass_until: main
    turn: 7
  - cast: Threaten
    targets: [Hill Giant]
  - resolve
"""


def test_a_control_effect_that_ends_gives_the_permanent_back_to_its_default_controller(db):
    """CR 110.2a, 613.1b: Alice reanimates Bob's Hill Giant under her control; Carol takes it
    until end of turn with Threaten. As that effect ends the Giant returns to Alice, who put
    it onto the battlefield, not to its owner Bob."""
    run(db, _THREATENED_GIANT + """  - expect:
      battlefield: {Alice: [Swamp], Carol: [Hill Giant, Mountain, Mountain, Mountain]}
  - pass_until: next turn
expect:
  battlefield: {Alice: [Hill Giant, Swamp], Bob: []}
""")


def test_an_until_end_of_turn_control_effect_ends_after_the_default_controller_left(db):
    """CR 800.4c, 514.2: Carol takes Alice's reanimated Hill Giant (Bob's card) with Threaten;
    Alice concedes that turn. As "until end of turn" effects end in the cleanup step, the
    Giant would return to Alice, who has left: it is exiled."""
    run(db, _THREATENED_GIANT + """  - concede: Alice
  - expect:
      battlefield: {Carol: [Hill Giant, Mountain, Mountain, Mountain]}
  - pass_until: next turn
expect:
  battlefield: {Bob: [], Carol: [Mountain, Mountain, Mountain]}
  exile: {Bob: [Hill Giant]}
""")


def test_nothing_goes_to_a_player_who_has_left(db):
    """CR 800.4b, at the engine's own entry points (an effect names only players still in the
    game, so no card's text reaches them; `resolution.named_players`): after Bob concedes, a
    control change to him doesn't happen, a token created under his control isn't created, and
    a card put onto the battlefield under his control stays where it is. Each is logged with
    the rule."""
    from manastack.engine import events
    from manastack.engine.runner import Ctx
    from manastack.oracle import ir

    g = board(db, """
turn: 3
players:
  - name: Alice
    battlefield: [Grizzly Bears]
    graveyard: [Hill Giant]
  - name: Bob
    battlefield: [Forest]
  - name: Carol
""")
    g.concede(1)
    s = g.current_state().copy()
    assert s.left == (1,)
    ctx = Ctx(s, [])
    bears = next(o for o in s.permanents() if o.card.name == "Grizzly Bears")
    events.change_control(ctx, bears, 1, ir.Duration.PERMANENT, "Threaten")
    assert s.objs[bears.id].controller == 0
    before = set(s.objs)
    spec = ir.TokenSpec("Snake Token", 1, 1, ("G",), ("Creature",), ("Snake",))
    assert events.create_token(ctx, spec, 1) is None
    assert set(s.objs) == before and not any(o.controller == 1 for o in s.permanents())
    giant = next(s.objs[i] for i in s.players[0].graveyard)
    assert events.move(ctx, giant, "battlefield", controller=1) is None
    assert giant.id in s.players[0].graveyard and giant.zone == "graveyard"
    ruled = [e.text for e in s.log_entries() if e.rules == ("800.4b",)]
    assert len(ruled) == 3 and all("Bob" in t for t in ruled)
