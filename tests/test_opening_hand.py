""""If ~ is in your opening hand, you may begin the game with it on the battlefield." (CR 103.6,
103.6a): after the mulligans, the starting player, then each other player in turn order, may put
such cards onto the battlefield; then the first turn begins. Real cards: the Leylines."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action

from .game_helpers import on_battlefield


def _deck(extra: str) -> list[str]:
    return [extra] * 20 + ["Swamp"] * 20


def _keep_all(g: Game) -> None:
    while g.pending.kind == "mulligan":
        g.push(Action("keep"))


def test_the_leylines_compile(db):
    for name in ("Leyline of the Void", "Leyline of Anticipation", "Leyline of Vitality", "Leyline of Singularity"):
        card = db.get(name)
        assert card.fully_supported, (name, card.gaps)
        assert any(ab.effect.kind == "begin_on_battlefield" for ab in card.abilities if hasattr(ab, "effect"))


def test_each_player_may_begin_with_a_leyline_on_the_battlefield_starting_player_first(db):
    g = Game.new(_deck("Leyline of the Void"), _deck("Leyline of Anticipation"), seed=3, cards=db)
    _keep_all(g)
    s = g.current_state()
    first = s.first_player
    assert g.pending.kind == "may" and g.pending.player == first       # the starting player first (CR 103.6)
    asked = []
    while g.pending.kind == "may":
        asked.append(g.pending.player)
        g.push(Action("yes") if g.pending.player == first else Action("no"))
    assert asked == sorted(asked, key=lambda p: p != first)              # then the other player
    s = g.current_state()
    mine = "Leyline of the Void" if first == 0 else "Leyline of Anticipation"
    theirs = "Leyline of Anticipation" if first == 0 else "Leyline of the Void"
    hand_count = sum(1 for i in s.players[first].hand if s.objs[i].card.name == mine)
    assert len(on_battlefield(g, mine)) == asked.count(first) and hand_count + len(on_battlefield(g, mine)) >= 1
    assert not on_battlefield(g, theirs)
    assert "begins the game with " + mine + " on the battlefield  [CR 103.6, 103.6a]" in g.explain()
    assert s.turn == 1 and g.pending.kind == "priority"
    loaded = Game.from_json(g.to_json(), cards=g.db)
    assert loaded.to_json() == g.to_json()


def test_no_question_without_such_a_card(db):
    g = Game.new(_deck("Grizzly Bears"), _deck("Grizzly Bears"), seed=3, cards=db)
    _keep_all(g)
    assert g.pending.kind != "may" and g.current_state().turn == 1
