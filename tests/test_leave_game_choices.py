"""What a player who has left the game is no longer asked (CR 800.4f-h): a cost they would pay
or choose whether to pay is not paid (800.4f); effects that name them ("that player",
"defending player") do nothing to them. Games of three and four players with real cards."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
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
