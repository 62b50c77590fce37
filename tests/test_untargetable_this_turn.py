"""Vines of Vastwood: "Target creature can't be the target of spells or abilities your opponents
control this turn. If this spell was kicked, that creature gets +4/+4 until end of turn."
(CR 115.1, 611.2, 702.33). The card's ruling: this isn't hexproof; on an opponent's creature,
that opponent can't target their own creature either."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, labels, on_battlefield, pick

BOARD = """
  - name: Alice
    hand: [Vines of Vastwood]
    battlefield: [Grizzly Bears, Forest, Forest]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Hill Giant]
"""


def _vines(g, kicked: bool, target: str) -> None:
    pick(g, "cast Vines of Vastwood")
    g.push(next(a for a in g.legal_actions() if a.label == ("pay kicker {G}" if kicked else "don't pay kicker")))
    g.push(next(a for a in g.legal_actions() if a.label == f"target {target}"))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    g.push(Action("pass"))          # Alice passes: Bob may answer


def _bolt_targets(g) -> list[str]:
    pick(g, "cast Lightning Bolt")
    return labels(g)


def test_the_opponent_cant_target_the_creature_this_turn(db):
    g = board(db, BOARD, turn=3)
    _vines(g, False, "Grizzly Bears")
    assert _bolt_targets(g) == ["target Alice", "target Bob", "target Hill Giant"]
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power_toughness(g.current_state(), bears) == (2, 2)


def test_kicked_it_also_gets_plus_four(db):
    g = board(db, BOARD, turn=3)
    _vines(g, True, "Grizzly Bears")
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power_toughness(g.current_state(), bears) == (6, 6)


def test_on_an_opponents_creature_its_controller_cant_target_it(db):
    """The ruling: not hexproof; the opponents of Vines's controller can't target it."""
    g = board(db, BOARD, turn=3)
    _vines(g, False, "Hill Giant")
    assert "target Hill Giant" not in _bolt_targets(g)


def test_without_vines_the_bolt_may_target_the_bears(db):
    g = board(db, BOARD, turn=3)
    g.push(Action("pass"))
    assert "target Grizzly Bears" in _bolt_targets(g)
