"""Votes (CR 701.38): "Will of the council" and "Council's dilemma" cards of the corpus in games
of three and four players. Each player votes in turn order starting with the controller
(701.38a), for words or objects (701.38b); extra votes are cast together (701.38d)."""
from __future__ import annotations

from manastack import Game
from manastack.agents import HeuristicAgent
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.scenario import Scenario
from manastack.tactician import TacticianAgent

from .game_helpers import cast_and_pay


def board(db, text: str) -> Game:
    sc = Scenario.from_text(text, cards=db)
    return Game.from_state(sc.state, sc.db)


def resolve_top(g: Game) -> None:
    """Everyone passes once: the top of the stack begins to resolve."""
    for _ in range(len(g.state.players)):
        if g.pending.kind != "priority":
            return
        g.push(Action("pass"))


def votes(g: Game, *choices: str) -> list[int]:
    """Answer the vote decisions in order, each by the label of its choice; the voters."""
    voters = []
    for choice in choices:
        assert g.pending.kind == "vote", g.pending
        voters.append(g.pending.player)
        g.push(next(a for a in g.legal_actions() if a.label == f"vote for {choice}"))
    return voters


PLEA = """
turn: 3
active: {active}
players:
  - name: Alice
    hand: [Plea for Power]
    battlefield: [{{card: Island, count: 4}}]
    library: [Island, Island, Island, Island]
  - name: Bob
    hand: [Plea for Power]
    battlefield: [{{card: Island, count: 4}}]
    library: [Island, Island, Island, Island]
  - name: Carol
  - name: Dan
"""


def test_each_player_votes_in_turn_order_starting_with_the_controller(db):
    """CR 701.38a: Bob casts it on his turn: Bob, Carol, Dan, then Alice vote; "time" gets more
    votes, so Bob takes an extra turn and draws nothing."""
    g = board(db, PLEA.format(active="Bob"))
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert votes(g, "time", "time", "knowledge", "time") == [1, 2, 3, 0]
    s = g.state
    assert s.next_turns[:1] == (1,) and len(s.players[1].hand) == 0
    lines = [e for e in g.log if "votes for" in e.text]
    assert [e.text for e in lines] == ["Bob votes for time", "Carol votes for time", "Dan votes for knowledge",
                                       "Alice votes for time"]
    assert all("701.38a" in e.rules for e in lines)


def test_a_tie_goes_to_the_choice_that_says_so(db):
    """"If knowledge gets more votes or the vote is tied": two votes each, so Alice draws three
    cards and takes no extra turn."""
    g = board(db, PLEA.format(active="Alice"))
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert votes(g, "time", "knowledge", "time", "knowledge") == [0, 1, 2, 3]
    s = g.state
    assert not s.next_turns and len(s.players[0].hand) == 3


JUDGMENT = """
turn: 3
players:
  - name: Alice
    hand: [Council's Judgment]
    battlefield: [{card: Plains, count: 3}, Llanowar Elves]
  - name: Bob
    battlefield: [Troll Ascetic]
  - name: Carol
    battlefield: [Grizzly Bears]
"""


def test_votes_for_objects_are_not_targets_and_a_tie_exiles_each(db):
    """Council's Judgment (rulings): the candidates are the nonland permanents Alice doesn't
    control, hexproof Troll Ascetic among them (nothing is targeted); Alice's own Elves are not
    offered. One vote each for the Troll and the Bears and one more for the Troll: the Troll
    alone is exiled; a tie exiles both (701.38b)."""
    g = board(db, JUDGMENT)
    cast_and_pay(g, "cast Council's Judgment")
    resolve_top(g)
    offered = [a.label for a in g.legal_actions()]
    assert offered == ["vote for Troll Ascetic", "vote for Grizzly Bears"]
    tie = g.copy()
    assert votes(g, "Troll Ascetic", "Grizzly Bears", "Troll Ascetic") == [0, 1, 2]
    names = [o.card.name for o in g.state.permanents()]
    assert "Troll Ascetic" not in names and "Grizzly Bears" in names
    votes(tie, "Troll Ascetic", "Grizzly Bears", "Grizzly Bears")
    names = [o.card.name for o in tie.state.permanents()]
    assert "Grizzly Bears" not in names and "Troll Ascetic" in names


def test_an_additional_vote_is_cast_with_the_players_own(db):
    """Brago's Representative (CR 701.38d; its ruling: cumulative): Bob controls two, so he votes
    three times, all in his turn to vote, before Carol. Three "knowledge" votes against two
    "time" votes: Alice draws three cards."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Plea for Power]
    battlefield: [{card: Island, count: 4}]
    library: [Island, Island, Island, Island]
  - name: Bob
    battlefield: [Brago's Representative, Brago's Representative]
  - name: Carol
""")
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert votes(g, "time", "knowledge", "knowledge", "knowledge", "time") == [0, 1, 1, 1, 2]
    bob = [e for e in g.log if e.text.startswith("Bob votes")]
    assert len(bob) == 3 and all("701.38d" in e.rules for e in bob)
    assert len(g.state.players[0].hand) == 3 and not g.state.next_turns


def test_each_vote_of_a_councils_dilemma_counts(db):
    """Lieutenants of the Guard (its rulings: each vote adds to the effect, in the stated
    order): two "strength" votes and one "numbers" vote give two +1/+1 counters and one Soldier."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Lieutenants of the Guard]
    battlefield: [{card: Plains, count: 5}]
  - name: Bob
  - name: Carol
""")
    cast_and_pay(g, "cast Lieutenants of the Guard")
    resolve_top(g)          # the creature spell
    resolve_top(g)          # its enters trigger
    assert votes(g, "strength", "numbers", "strength") == [0, 1, 2]
    s = g.state
    lieutenants = next(o for o in s.permanents() if o.card.name == "Lieutenants of the Guard")
    assert lieutenants.counters.get("+1/+1") == 2
    assert sum(1 for o in s.permanents() if o.card.name == "Soldier Token") == 1


def test_a_player_who_left_does_not_vote(db):
    """CR 800.4a, 701.38a: Carol conceded; Alice, Bob and Dan vote."""
    g = board(db, PLEA.format(active="Alice"))
    g.concede(2)
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert votes(g, "time", "knowledge", "knowledge") == [0, 1, 3]
    assert len(g.state.players[0].hand) == 3


def test_the_agents_vote_by_their_stated_rule(db):
    """Words: the caster votes for the first choice, the others for the one a tie gives. Objects
    (Council's Judgment): the caster for the costliest permanent, another player for a third
    player's costliest one."""
    g = board(db, PLEA.format(active="Alice"))
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    heuristic, tactician = HeuristicAgent(), TacticianAgent(lookahead=False)
    picks = []
    while g.pending.kind == "vote":
        agent = heuristic if g.pending.player % 2 else tactician
        a = agent.choose(g, g.pending)
        picks.append(a.label)
        g.push(a)
    assert picks == ["vote for time", "vote for knowledge", "vote for knowledge", "vote for knowledge"]
    g = board(db, JUDGMENT.replace("[Grizzly Bears]", "[Grizzly Bears, Serra Angel]"))
    cast_and_pay(g, "cast Council's Judgment")
    resolve_top(g)
    picks = []
    while g.pending.kind == "vote":
        a = HeuristicAgent().choose(g, g.pending)
        picks.append(a.label)
        g.push(a)
    assert picks == ["vote for Serra Angel", "vote for Serra Angel", "vote for Troll Ascetic"]
    assert "Serra Angel" not in [o.card.name for o in g.state.permanents()]


def test_an_additional_vote_a_player_may_cast(db):
    """Ballot Broker (CR 701.38d): Bob may vote an additional time; he declines it once and the
    vote is tied, so Alice draws three. Cast, his second vote makes "time" win."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Plea for Power]
    battlefield: [{card: Island, count: 4}]
    library: [Island, Island, Island, Island]
  - name: Bob
    battlefield: [Ballot Broker]
  - name: Carol
  - name: Dan
""")
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    again = g.copy()
    votes(g, "time", "knowledge")
    assert g.pending.player == 1 and g.legal_actions()[-1].label == "don't vote an additional time"
    g.push(g.legal_actions()[-1])
    votes(g, "time", "knowledge")
    assert len(g.state.players[0].hand) == 3 and not g.state.next_turns
    assert votes(again, "time", "time", "time", "knowledge", "knowledge") == [0, 1, 1, 2, 3]
    assert again.state.next_turns[:1] == (0,)


def test_whenever_players_finish_voting(db):
    """Grudge Keeper (Alice's) triggers once the players finish voting on Bob's Plea for Power:
    Carol voted for knowledge, a choice Alice didn't vote for, and loses 2 life; Bob and Dan
    voted for time, as Alice did, and lose nothing."""
    g = board(db, """
turn: 3
active: Bob
players:
  - name: Alice
    battlefield: [Grudge Keeper]
  - name: Bob
    hand: [Plea for Power]
    battlefield: [{card: Island, count: 4}]
    library: [Island, Island, Island, Island]
  - name: Carol
  - name: Dan
""")
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert votes(g, "time", "knowledge", "time", "time") == [1, 2, 3, 0]
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Grudge Keeper's ability"]
    saved = g.to_json()                   # what the trigger saw of the votes is saved with it
    assert Game.from_json(saved, db).to_json() == saved
    resolve_top(g)
    assert [p.life for p in g.current_state().players] == [20, 20, 18, 20]
    assert any("the players finishing voting" in e.text for e in g.log)


def test_capital_punishment_sacrifices_and_discards_for_each_vote(db):
    """Capital Punishment (its rulings 2016-08-23): two "death" votes and one "taxes" vote. Each
    opponent sacrifices two creatures (Carol, with one, sacrifices it: all if fewer), then
    discards one card (Carol, with none, discards nothing); the effects in the stated order."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Capital Punishment]
    battlefield: [{card: Swamp, count: 6}, Grizzly Bears]
  - name: Bob
    hand: [Shock, Island]
    battlefield: [Grizzly Bears, Hill Giant, Serra Angel]
  - name: Carol
    battlefield: [Llanowar Elves]
""")
    cast_and_pay(g, "cast Capital Punishment")
    resolve_top(g)
    assert votes(g, "death", "taxes", "death") == [0, 1, 2]
    for choice in ("Grizzly Bears", "Hill Giant", "Shock"):      # Bob's choices
        assert g.pending.player == 1
        g.push(next(a for a in g.legal_actions() if a.label == choice))
    s = g.state
    assert [o.card.name for o in s.permanents(1)] == ["Serra Angel"]
    assert s.permanents(2) == [] and [o.card.name for o in s.permanents(0)][-1] == "Grizzly Bears"
    assert [s.objs[i].card.name for i in s.players[1].hand] == ["Island"]
    assert sorted(s.objs[i].card.name for i in s.players[1].graveyard) == ["Grizzly Bears", "Hill Giant", "Shock"]


def test_messenger_jays_discards_a_card_for_each_card_drawn_this_way(db):
    """Messenger Jays (its rulings 2016-08-23: each vote adds to the effect, in the stated order):
    one "feather" and two "quill" votes: a +1/+1 counter, two cards drawn, then two discarded; with
    one card left in the library, one drawn and so one discarded (CR 121.4)."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Messenger Jays, Shock]
    battlefield: [{card: Island, count: 5}]
    library: %s
  - name: Bob
  - name: Carol
"""
    for library, drawn in (("[Forest, Mountain, Swamp]", 2), ("[Forest]", 1)):
        g = board(db, text % library)
        cast_and_pay(g, "cast Messenger Jays")
        resolve_top(g)          # the creature spell
        resolve_top(g)          # its enters trigger
        votes(g, "feather", "quill", "quill")
        while g.pending.kind == "discard":
            g.push(g.legal_actions()[0])
        s = g.state
        jays = next(o for o in s.permanents(0) if o.card.name == "Messenger Jays")
        assert jays.counters.get("+1/+1") == 1
        assert len(s.players[0].graveyard) == drawn and len(s.players[0].hand) == 1


MAGISTER = """
turn: 3
players:
  - name: Alice
    hand: [Magister of Worth]
    battlefield: [{card: Plains, count: 3}, {card: Swamp, count: 3}, Llanowar Elves]
    graveyard: [Grizzly Bears, Island]
  - name: Bob
    battlefield: [Troll Ascetic]
    graveyard: [Hill Giant]
  - name: Carol
  - name: Dan
"""


def test_magister_of_worth_grace_returns_each_creature_card_to_its_owner(db):
    """Magister of Worth: "grace" gets more votes (three to one), so each player returns each
    creature card from their graveyard to the battlefield under their own control (CR 110.2a),
    all of them, no choice; a land card stays."""
    g = board(db, MAGISTER)
    cast_and_pay(g, "cast Magister of Worth")
    resolve_top(g)          # the creature spell
    resolve_top(g)          # its enters trigger
    assert votes(g, "grace", "condemnation", "grace", "grace") == [0, 1, 2, 3]
    s = g.state
    back = {o.card.name: o.controller for o in s.permanents() if o.card.name in ("Grizzly Bears", "Hill Giant")}
    assert back == {"Grizzly Bears": 0, "Hill Giant": 1}
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Island"]


def test_magister_of_worth_a_tie_destroys_all_other_creatures(db):
    """"If condemnation gets more votes or the vote is tied": two votes each is a tie (its ruling:
    two or more choices with the most votes), so every creature but Magister of Worth is
    destroyed and nothing returns."""
    g = board(db, MAGISTER)
    cast_and_pay(g, "cast Magister of Worth")
    resolve_top(g)
    resolve_top(g)
    votes(g, "grace", "condemnation", "grace", "condemnation")
    names = [o.card.name for o in g.state.permanents() if "Creature" in o.card.types]
    assert names == ["Magister of Worth"]
    assert "Hill Giant" in [g.state.objs[i].card.name for i in g.state.players[1].graveyard]


def test_council_guardian_gains_protection_from_each_color_tied_for_most_votes(db):
    """Council Guardian: a vote of four words, "blue, black, red, or green" (CR 701.38b); red and
    green tie with two votes each, so it gains protection from both and from no other color
    (CR 702.16a); its ruling: before the vote resolves it has none."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Council Guardian]
    battlefield: [{card: Plains, count: 6}]
  - name: Bob
  - name: Carol
  - name: Dan
""")
    cast_and_pay(g, "cast Council Guardian")
    resolve_top(g)
    guardian = next(o for o in g.state.permanents() if o.card.name == "Council Guardian")
    assert not ch.protections(g.state, guardian)
    resolve_top(g)
    assert [a.label for a in g.legal_actions()] == ["vote for blue", "vote for black", "vote for red",
                                                  "vote for green"]
    votes(g, "red", "green", "green", "red")
    assert sorted(ch.protections(g.state, guardian)) == ["green", "red"]
    assert any("Council Guardian gains protection from red and from green" in e.text for e in g.log)


def test_illusion_of_choice_its_controller_chooses_every_vote_this_turn(db):
    """Illusion of Choice: Alice chooses how each player votes this turn (CR 701.38); every vote
    of Plea for Power is her decision, still counted as the voter's. Bob's Ballot Broker: Bob
    decides whether to cast his additional vote, Alice how (its ruling, 2016-08-23). The log
    says who chose."""
    g = board(db, """
turn: 3
players:
  - name: Alice
    hand: [Illusion of Choice, Plea for Power]
    battlefield: [{card: Island, count: 5}]
    library: [Island, Island, Island, Island, Island]
  - name: Bob
    battlefield: [Ballot Broker]
  - name: Carol
""")
    cast_and_pay(g, "cast Illusion of Choice")
    resolve_top(g)
    saved = g.to_json()
    assert '"ChoosesVotes"' in saved and Game.from_json(saved).to_json() == saved    # kept in a save
    cast_and_pay(g, "cast Plea for Power")
    resolve_top(g)
    assert g.pending.player == 0 and "as Alice's vote" not in g.pending.prompt
    votes(g, "knowledge")
    assert g.pending.kind == "vote" and g.pending.player == 0 and "as Bob's vote" in g.pending.prompt
    g.push(next(a for a in g.legal_actions() if a.label == "vote for time"))
    assert g.pending.kind == "may" and g.pending.player == 1
    g.push(next(a for a in g.legal_actions() if a.label == "vote an additional time"))
    assert g.pending.player == 0
    g.push(next(a for a in g.legal_actions() if a.label == "vote for time"))
    assert g.pending.player == 0 and "as Carol's vote" in g.pending.prompt
    g.push(next(a for a in g.legal_actions() if a.label == "vote for time"))
    assert g.state.next_turns[:1] == (0,)
    lines = [e.text for e in g.log if "votes for" in e.text]
    assert lines == ["Alice votes for knowledge", "Bob votes for time (Alice chose how)",
                     "Bob votes for time (Alice chose how)", "Carol votes for time (Alice chose how)"]


SPLIT = """
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    hand: [Split Decision]
    battlefield: [{card: Island, count: 2}, Grizzly Bears]
  - name: Carol
    battlefield: [Hill Giant]
"""


def _split_decision(db) -> Game:
    """Alice bolts Bob; Bob answers with Split Decision on the Bolt, and it resolves to the vote."""
    g = board(db, SPLIT)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    g.push(Action("pass"))          # Alice passes with the Bolt on the stack; Bob may answer
    cast_and_pay(g, "cast Split Decision", "Lightning Bolt")
    resolve_top(g)
    return g


def test_split_decision_denial_counters_the_chosen_spell(db):
    """"Choose target instant or sorcery spell." (CR 601.2c) then a vote starting with Bob, the
    caster (CR 701.38a): "denial" has more votes, so the Bolt is countered (CR 701.6a) and Bob
    keeps his life; nothing is copied."""
    g = _split_decision(db)
    assert votes(g, "denial", "denial", "duplication") == [1, 2, 0]
    s = g.state
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Lightning Bolt"]
    assert not s.stack and s.players[1].life == 20
    assert any("denial has more votes" in e.text for e in g.log)


def test_split_decision_a_tie_copies_the_spell_for_its_caster(db):
    """"If duplication gets more votes or the vote is tied, copy the spell. You may choose new
    targets for the copy." (CR 707.10, 707.10c; rulings 2014-05-29: the copy is Bob's, put on
    the stack, not cast, and may get new targets). Two votes to one for duplication: Bob's copy
    hits Carol's Hill Giant instead; then Alice's Bolt still hits Bob."""
    g = _split_decision(db)
    assert votes(g, "duplication", "denial", "duplication") == [1, 2, 0]
    assert g.pending.kind == "new_target" and g.pending.player == 1
    g.push(next(a for a in g.legal_actions() if a.label == "target Hill Giant"))
    s = g.state
    assert len(s.stack) == 2
    copy = s.stack[-1]
    assert copy.controller == 1
    resolve_top(g)
    resolve_top(g)
    s = g.state
    assert "Hill Giant" in [s.objs[i].card.name for i in s.players[2].graveyard]
    assert s.players[1].life == 17


def test_split_decision_a_tied_vote_copies(db):
    """"... or the vote is tied" (CR 701.38a; ruling 2014-05-29: tied means more than one
    choice has the most votes): one vote each of two players, Carol having conceded; the copy
    keeps the Bolt's target, so Bob takes 6."""
    g = board(db, SPLIT)
    g.concede(2)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Split Decision", "Lightning Bolt")
    resolve_top(g)
    assert votes(g, "denial", "duplication") == [1, 0]
    g.push(next(a for a in g.legal_actions() if a.label == "keep Bob"))
    resolve_top(g)
    resolve_top(g)
    assert g.state.players[1].life == 14


EXPROPRIATE = """
turn: 3
players:
  - name: Alice
    hand: [Expropriate]
    battlefield: [{card: Island, count: 9}, Llanowar Elves]
  - name: Bob
    battlefield: [Troll Ascetic, Grizzly Bears]
  - name: Carol
    battlefield: [Hill Giant]
"""


def test_expropriate_each_time_vote_is_an_extra_turn_and_each_money_vote_a_permanent(db):
    """"For each time vote, take an extra turn after this one." (CR 500.7) and "For each money
    vote, choose a permanent owned by the voter and gain control of it." (CR 613.1b): Alice and
    Carol vote time, Bob votes money; Alice takes two extra turns and gains control of a
    permanent Bob owns, chosen, not targeted, so hexproof Troll Ascetic may be chosen (its
    rulings, 2016-08-23); Carol's Giant is not offered. Then Expropriate is exiled."""
    g = board(db, EXPROPRIATE)
    cast_and_pay(g, "cast Expropriate")
    resolve_top(g)
    assert votes(g, "time", "money", "time") == [0, 1, 2]
    assert g.pending.kind == "choose_permanent" and g.pending.player == 0
    assert [a.label for a in g.legal_actions()] == ["Troll Ascetic", "Grizzly Bears"]
    g.push(next(a for a in g.legal_actions() if a.label == "Troll Ascetic"))
    s = g.state
    troll = next(o for o in s.permanents() if o.card.name == "Troll Ascetic")
    assert troll.controller == 0 and troll.owner == 1
    assert s.next_turns[:2] == (0, 0)
    assert [s.objs[i].card.name for i in s.players[0].exile] == ["Expropriate"]
    assert any("chooses Troll Ascetic" in e.text and "608.2d" in e.rules for e in g.log)


def test_expropriate_a_money_vote_for_yourself_takes_back_what_you_own(db):
    """Its ruling (2016-08-23): money voted by Alice gains control of a permanent Alice owns,
    whoever controls it: her Elves, which Carol controls. Two money votes by two voters, each a
    choice among that voter's permanents (Carol's Elves are Alice's); Bob's time vote gives
    Alice one extra turn."""
    g = board(db, EXPROPRIATE.replace("    battlefield: [Hill Giant]",
                                      "    battlefield: [Hill Giant, {card: Llanowar Elves, owner: Alice}]")
              .replace("{card: Island, count: 9}, Llanowar Elves", "{card: Island, count: 9}"))
    cast_and_pay(g, "cast Expropriate")
    resolve_top(g)
    votes(g, "money", "time", "money")
    assert [a.label for a in g.legal_actions()] == ["Island"] * 9 + ["Llanowar Elves"]
    g.push(next(a for a in g.legal_actions() if a.label == "Llanowar Elves"))
    s = g.state          # Carol's vote: her one permanent, the Giant, chosen without a question
    assert {o.card.name for o in s.permanents() if o.controller == 0} == {"Island", "Llanowar Elves", "Hill Giant"}
    assert s.next_turns[:1] == (0,)


STAMPEDE = """
turn: 3
players:
  - name: Alice
    hand: [Selvala's Stampede, Hill Giant, Forest, Lightning Bolt]
    battlefield: [{card: Forest, count: 6}]
    library: [Island, Grizzly Bears, Island, Llanowar Elves, Troll Ascetic, Island]
  - name: Bob
  - name: Carol
"""


def test_selvalas_stampede_reveals_a_creature_card_for_each_wild_vote(db):
    """"Reveal cards from the top of your library until you reveal a creature card for each wild
    vote. Put those creature cards onto the battlefield, then shuffle the rest into your
    library." (CR 701.20a): two wild votes reveal down to the second creature card (the Troll
    and the Island after it stay unrevealed); the Bears and the Elves enter, the revealed
    Islands are shuffled back. One free vote: Alice may put one permanent card from her hand
    onto the battlefield (CR 305.4), the Giant, not the Bolt (rulings 2016-08-23: the revealed
    creatures enter first, then the card from the hand)."""
    g = board(db, STAMPEDE)
    cast_and_pay(g, "cast Selvala's Stampede")
    resolve_top(g)
    assert votes(g, "wild", "free", "wild") == [0, 1, 2]
    assert any(e.text == "Alice reveals cards from the top of their library until 2 match: Island, Grizzly Bears, Island, Llanowar Elves" and "701.20a" in e.rules
               for e in g.log)
    s = g.current_state()
    assert {o.card.name for o in s.permanents() if o.card.name != "Forest"} == {"Grizzly Bears", "Llanowar Elves"}
    assert sorted(s.objs[i].card.name for i in s.players[0].library) == ["Island", "Island", "Island", "Troll Ascetic"]
    assert g.pending.kind == "may"
    g.push(next(a for a in g.legal_actions() if a.kind == "yes"))
    offered = [a.label for a in g.legal_actions()]
    assert offered == ["Hill Giant", "Forest", "no more"]
    g.push(next(a for a in g.legal_actions() if a.label == "Hill Giant"))
    s = g.current_state()
    assert {o.card.name for o in s.permanents() if o.card.name != "Forest"} == {"Grizzly Bears", "Llanowar Elves", "Hill Giant"}
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Forest", "Lightning Bolt"]


def test_selvalas_stampede_with_no_wild_vote_reveals_nothing(db):
    """Three free votes: no wild vote, so no card is revealed; Alice may put up to three
    permanent cards from her hand onto the battlefield and has two, the Giant and the Forest:
    after them nothing is left to choose (the Bolt is no permanent card)."""
    g = board(db, STAMPEDE)
    cast_and_pay(g, "cast Selvala's Stampede")
    resolve_top(g)
    votes(g, "free", "free", "free")
    assert any(e.text.startswith("Alice reveals no card") for e in g.log)
    g.push(next(a for a in g.legal_actions() if a.kind == "yes"))
    g.push(next(a for a in g.legal_actions() if a.label == "Hill Giant"))
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    assert g.pending.kind == "priority" and not g.current_state().stack
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Lightning Bolt"]
    assert len(s.players[0].library) == 6
