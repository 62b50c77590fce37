"""What a player who has left the game is no longer asked (CR 800.4f-h): a cost they would pay
or choose whether to pay is not paid (800.4f); another choice an object asks of them is made by
another player its controller chooses (800.4g), one a rule asks by the next player in turn order
(800.4h); effects that name them ("that player") do nothing to them (800.4a)."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind
from manastack.engine.runner import Ctx, NeedDecision
from manastack.engine.state import State
from manastack.scenario import Scenario

from .game_helpers import cast_and_pay


def board(db, text: str) -> Game:
    sc = Scenario.from_text(text, cards=db)
    return Game.from_state(sc.state, sc.db)


def test_a_cost_a_player_who_left_would_pay_is_not_paid(db):
    """Rhystic Study: Bob casts a spell and Alice's Study triggers; Bob concedes with it on the
    stack. As it resolves, Bob is not asked to pay {1}: the cost is not paid (CR 800.4f), so
    Alice may draw, and does."""
    g = board(db, """
turn: 5
active: Bob
players:
  - name: Alice
    battlefield: [Rhystic Study]
    library: [Island, Island]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Forest]
  - name: Carol
""")
    cast_and_pay(g, "cast Grizzly Bears")
    s = g.current_state()
    assert [i.label for i in s.stack][-1].startswith("Rhystic Study")
    g.concede(1)
    asked = []
    while g.current_state().stack:
        d = g.pending
        asked.append((d.player, d.kind.value))
        g.push(next((a for a in g.legal_actions() if a.kind in ("pass", "yes")), g.legal_actions()[0]))
    assert all(player != 1 for player, _kind in asked)
    assert len(g.current_state().players[0].hand) == 1
    assert any("800.4f" in e.rules for e in g.log)


def _left_table():
    """A table of Alice, Bob, Carol and Dan from which Bob has left."""
    s = State(("Alice", "Bob", "Carol", "Dan"), None, 0)
    s.players[1].lost = True
    s.left = (1,)
    return s


def test_a_choice_a_rule_asks_of_a_player_who_left_goes_to_the_next_player():
    """CR 800.4h: no object asks it: Carol, the next player in turn order, makes it."""
    s = _left_table()
    options = (Action(ActionKind.CHOOSE, (1,), "one"), Action(ActionKind.CHOOSE, (2,), "two"))
    with pytest.raises(NeedDecision) as asked:
        Ctx(s, []).ask(Decision(1, DecisionKind.CHOOSE_PERMANENT, "choose", options))
    assert asked.value.decision.player == 2 and asked.value.decision.options == options
    assert "800.4h" in s.log_entries()[-1].rules


def test_a_choice_an_object_asks_of_a_player_who_left_is_given_by_its_controller():
    """CR 800.4g: Alice's spell asked Bob: Alice chooses another opponent to make the choice,
    Carol or Dan (not herself, as Bob was her opponent); Carol then answers it."""
    s = _left_table()
    options = (Action(ActionKind.CHOOSE, (1,), "one"), Action(ActionKind.CHOOSE, (2,), "two"))
    question = Decision(1, DecisionKind.CHOOSE_PERMANENT, "choose", options, {"controller": 0})
    with pytest.raises(NeedDecision) as asked:
        Ctx(s, []).ask(question)
    who = asked.value.decision
    assert who.player == 0 and who.kind == "choose_player" and [o.label for o in who.options] == ["Carol", "Dan"]
    s = _left_table()
    with pytest.raises(NeedDecision) as asked:
        Ctx(s, [Action(ActionKind.PLAYER, ("p2",))]).ask(question)
    assert asked.value.decision.player == 2
    assert Ctx(_left_table(), [Action(ActionKind.PLAYER, ("p2",)), options[1]]).ask(question) == options[1]


def test_whether_a_player_who_left_pays_a_cost_is_no():
    """CR 800.4f: the cost is not paid, nobody is asked."""
    s = _left_table()
    options = (Action(ActionKind.PAY, (), "pay {1}"), Action(ActionKind.DECLINE, (), "don't pay {1}"))
    assert Ctx(s, []).ask(Decision(1, DecisionKind.UNLESS, "pay?", options)).kind == ActionKind.DECLINE
    assert "800.4f" in s.log_entries()[-1].rules
