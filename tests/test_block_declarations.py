"""Declaring blockers one block at a time (CR 509.1): every block offered can be completed to a
legal declaration, "done" is offered only for a legal one, and each agent, and the terminal
table, can declare two blockers on one attacker. Real cards: Boggart Brute (3/2 menace, CR
702.111b), Grizzly Bears, Hill Giant, Culling Mark ("Target creature blocks this turn if
able.", CR 509.1c), Prized Unicorn ("All creatures able to block ~ do so.")."""
from __future__ import annotations

import pytest

from manastack.agents import FirstLegalAgent, HeuristicAgent, RandomAgent
from manastack.engine.decisions import Action
from manastack.engine.block_declarations import BlockProblem, offer
from manastack.mcts import MCTSAgent, MCTSConfig
from manastack.table import Human, Table

from .game_helpers import board, cast_and_pay, labels, on_battlefield, pass_until, resolve

ALICE, BOB = 0, 1
BRUTE_VS = """
  - name: Alice
    battlefield: [{{card: Boggart Brute, attacking: true, tapped: true}}]
  - name: Bob
    life: {life}
    battlefield: [{bob}]
"""


def _at_blockers(db, bob: str, life: int = 20):
    g = board(db, BRUTE_VS.format(bob=bob, life=life), turn=5, step="declare_attackers")
    while g.current_state().step == "declare_attackers":
        g.push(Action("pass"))
    return g


def _blocks(g) -> dict[str, list[str]]:
    """Attacker name -> the names of its blockers, once blockers are declared."""
    s = g.current_state()
    return {s.objs[a].card.name: [s.objs[b].card.name for b in bs] for a, bs in s.combat.get("blockers", {}).items()}


def _declare(g, agent, cap: int = 40) -> int:
    """Let ``agent`` answer Bob's blocker decisions until blockers are declared; the answers it gave."""
    n = 0
    while g.pending.kind == "blockers":
        assert n < cap, "the declaration of blockers doesn't end"
        g.push(agent.choose(g, g.pending))
        n += 1
    return n


# ------------------------------------------------------------------ one creature against menace


def test_a_lone_creature_isnt_offered_against_menace(db):
    """One Grizzly Bears can't block Boggart Brute (CR 702.111b): no block is offered, so the
    declaration of no blockers is made without asking."""
    g = _at_blockers(db, "Grizzly Bears")
    assert g.pending.kind == "priority"
    assert "Bob declares no blockers" in g.explain()
    bears, brute = on_battlefield(g, "Grizzly Bears")[0], on_battlefield(g, "Boggart Brute")[0]
    assert "menace" in g.why_not(Action("block", (bears.id, brute.id)))


@pytest.mark.parametrize("agent", [RandomAgent(3), FirstLegalAgent(), HeuristicAgent(1)], ids=["random", "first",
                                                                                            "heuristic"])
def test_every_agent_gets_through_combat_against_menace_with_one_creature(db, agent):
    """The heuristic player picked the lone block again and again while the engine took it back;
    now every agent reaches the second main phase in a few answers."""
    g = board(db, BRUTE_VS.format(bob="Grizzly Bears, Hill Giant", life=2), turn=5, step="declare_attackers")
    g.push(Action("pass"))
    g.push(Action("pass"))
    for _ in range(30):
        if g.pending is None or g.current_state().step == "main2":
            break
        g.push(agent.choose(g, g.pending))
    assert g.pending is None or g.current_state().step == "main2"


def test_search_rollouts_from_a_menace_block_end_within_their_turn(db):
    """In the position that sent every rollout of the search player to its action cap, one
    rollout now plays through to the next turn in far fewer actions."""
    g = _at_blockers(db, "Grizzly Bears, {card: Hill Giant, tapped: true}", life=10)
    rollout = HeuristicAgent(0)
    turn, n = g.turn, 0
    while g.pending is not None and g.turn == turn:
        g.push(rollout.choose(g, g.pending))
        n += 1
        assert n < 100
    agent = MCTSAgent(HeuristicAgent(0), MCTSConfig(iterations=8, rollout_actions=300), seed=1)
    g = _at_blockers(db, "Grizzly Bears, Grizzly Bears", life=10)
    agent.choose(g, g.pending)
    assert agent.iterations >= 1


# ------------------------------------------------------------------ two blockers on one attacker


def test_the_second_blocker_of_a_menace_attacker_is_the_only_answer(db):
    g = _at_blockers(db, "Grizzly Bears, Grizzly Bears")
    assert sorted(labels(g)) == ["Grizzly Bears blocks Boggart Brute"] * 2 + ["don't block"]
    g.push(g.legal_actions()[0])
    assert _blocks(g) == {"Boggart Brute": ["Grizzly Bears", "Grizzly Bears"]}


def test_with_three_creatures_done_waits_for_the_second(db):
    g = _at_blockers(db, "Grizzly Bears, Grizzly Bears, Hill Giant")
    g.push(next(a for a in g.legal_actions() if a.label == "Hill Giant blocks Boggart Brute"))
    assert sorted(labels(g)) == ["Grizzly Bears blocks Boggart Brute"] * 2
    assert g.pending.context["incomplete"] == ("Boggart Brute has menace: it can't be blocked except by two or "
                                               "more creatures (CR 702.111b)")
    g.push(g.legal_actions()[0])
    assert sorted(labels(g)) == ["Grizzly Bears blocks Boggart Brute", "no more blockers"]


@pytest.mark.parametrize("agent", [FirstLegalAgent(), HeuristicAgent(1),
                                   MCTSAgent(HeuristicAgent(0), MCTSConfig(iterations=30), seed=2)],
                         ids=["first", "heuristic", "mcts"])
def test_each_agent_double_blocks_a_menace_attacker_it_must_block(db, agent):
    """At 3 life Bob must block Boggart Brute, which takes both his Bears."""
    g = _at_blockers(db, "Grizzly Bears, Grizzly Bears", life=3)
    _declare(g, agent)
    assert _blocks(g) == {"Boggart Brute": ["Grizzly Bears", "Grizzly Bears"]}


def test_random_agents_declare_a_double_block_or_none(db):
    found = set()
    for seed in range(8):
        g = _at_blockers(db, "Grizzly Bears, Grizzly Bears")
        _declare(g, RandomAgent(seed))
        found.add(len(_blocks(g).get("Boggart Brute", [])))
    assert found == {0, 2}


def test_the_heuristic_player_gangs_up_on_an_attacker_one_creature_can_t_stop(db):
    """Hill Giant (3/3) attacks; neither of Bob's Bears survives or kills it alone, two kill it
    and it can kill only one: the heuristic player blocks with both (CR 509.1a, 510.1c)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Hill Giant, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Grizzly Bears, Grizzly Bears]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    _declare(g, HeuristicAgent(1))
    assert _blocks(g) == {"Hill Giant": ["Grizzly Bears", "Grizzly Bears"]}


def test_the_table_declares_a_double_block(db):
    """At the terminal, the second blocker is the one answer left once the first is chosen: the
    table never asks it; the two Bears are merged into one numbered choice."""
    g = _at_blockers(db, "Grizzly Bears, Grizzly Bears, Hill Giant")
    typed = iter(["2", "1", "2", "q"])    # Hill Giant blocks; a Bears blocks; then "no more blockers"
    shown: list[str] = []

    class Out:
        def print(self, *things, **_):
            shown.extend(str(getattr(t, "plain", t)) for t in things)

    Table(g, [HeuristicAgent(), Human()], Out(), read=lambda _: next(typed)).run()
    assert any("Grizzly Bears blocks Boggart Brute  (×2)" in line for line in shown)
    assert "Hill Giant blocks Boggart Brute; Grizzly Bears blocks Boggart Brute" in g.explain()


# ------------------------------------------------------------------ requirements (CR 509.1c)


def test_a_creature_that_blocks_if_able_takes_the_other_along_against_menace(db):
    """CR 509.1c's example: a creature that "blocks if able" and one with no abilities against a
    menace attacker: the only legal declaration has both block, made without asking."""
    g = board(db, """
  - name: Alice
    hand: [Culling Mark]
    battlefield: [Forest, Forest, Forest, Boggart Brute]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant]
""", turn=3)
    cast_and_pay(g, "cast Culling Mark", "Grizzly Bears")
    resolve(g)
    pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if a.label == "attack with Boggart Brute"))
    while g.current_state().step == "declare_attackers":
        g.push(Action("pass"))
    assert _blocks(g) == {"Boggart Brute": ["Grizzly Bears", "Hill Giant"]}


def test_lure_with_menace_and_one_creature_able_asks_nothing():
    """Prized Unicorn with menace can't be blocked by one creature: the requirement to block it
    can't be obeyed without breaking the restriction, so Bob's one creature is free (CR 509.1c)."""
    p = BlockProblem([1], {1: (10, 11)}, {1: 1}, least={10: 2}, must_pair={(1, 10): 1})
    assert offer(p, []) == offer(BlockProblem([1], {1: (10, 11)}, {1: 1}, least={10: 2}), [])
    assert offer(p, []).blocks == ((1, 11),) and offer(p, []).done


def test_lure_takes_every_creature_able(db):
    """Prized Unicorn: "All creatures able to block ~ do so." Both untapped creatures must block
    it; the declaration is made without asking."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Prized Unicorn, attacking: true, tapped: true}, {card: Grizzly Bears, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
""", turn=5, step="declare_attackers")
    while g.current_state().step == "declare_attackers":
        g.push(Action("pass"))
    assert _blocks(g) == {"Prized Unicorn": ["Hill Giant", "Grizzly Bears"]}


def test_most_requirements_are_obeyed_with_two_lures():
    """Two attackers that all creatures able must block, one creature able to block one: it
    obeys one requirement, either one (CR 509.1c), and blocking nothing is not offered."""
    p = BlockProblem([1], {1: (10, 11)}, {1: 1}, must_pair={(1, 10): 1, (1, 11): 1})
    first = offer(p, [])
    assert first.blocks == ((1, 10), (1, 11)) and not first.done
    assert first.short == ("requirements", 0, 1)
    assert offer(p, [(1, 11)]).done


def test_a_menace_attacker_and_a_creature_that_can_block_two():
    """A creature that can block an additional creature (capacity 2) and another against two
    attackers, one with menace: both on the menace attacker, or the first on both of them with
    the second on the menace one."""
    p = BlockProblem([1, 2], {1: (10, 11), 2: (10,)}, {1: 2, 2: 1}, least={10: 2})
    assert set(offer(p, []).blocks) == {(1, 10), (1, 11), (2, 10)}
    after = offer(p, [(2, 10)])
    assert after.blocks == ((1, 10),) and not after.done
    assert offer(p, [(2, 10), (1, 10)]).blocks == ((1, 11),)
