""""Counter target spell unless its controller pays {X}" (Clash of Wills): the X of the cost is
the X chosen for the spell (CR 107.3a, 118.12)."""
from __future__ import annotations

from manastack.scenario import Scenario


def test_clash_of_wills_asks_for_its_own_x(corpus_db):
    text = """
turn: 3
players:
  - name: Alice
    hand: [Divination]
    battlefield: [{card: Island, count: 5}]
  - name: Bob
    hand: [Clash of Wills]
    battlefield: [{card: Island, count: 3}]
script:
  - cast: Divination
  - cast: Clash of Wills
    target: Divination
    x: 2
  - resolve
"""
    game = Scenario.from_text(text, cards=corpus_db).run().game
    d = game.pending
    assert d.kind == "unless" and "{2}" in d.prompt
    game.push(next(a for a in d.options if a.kind == "pay"))
    while game.pending.kind == "pay":           # the payment: found automatically
        game.push(next(a for a in game.legal_actions() if a.kind == "autopay"))
    s = game.current_state()
    assert sum(1 for i in s.battlefield if s.objs[i].tapped and s.objs[i].controller == 0) == 5
    assert [i.label for i in s.stack] == ["Divination"]
