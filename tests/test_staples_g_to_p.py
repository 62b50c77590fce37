"""Staples from Guardian Project to Past in Flames (tests/data/staples.txt) made to compile, each
played in a real game with its rulings where the corpus has them, and other corpus cards of the
same template beside it."""
from __future__ import annotations

import pytest

from manastack.engine.decisions import IllegalActionError
from manastack.engine import combat
from manastack.oracle import ir

from .game_helpers import board, pick, play


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


def test_nivix_cyclops_attacks_only_after_a_spell(db):
    """Nivix Cyclops: an instant or sorcery cast lets it attack this turn despite defender
    (CR 702.3b, 611.2) and pumps it; without one it can't attack at all."""
    cyclops = db.get("Nivix Cyclops")
    assert cyclops.fully_supported
    trig = cyclops.abilities[1]
    assert ir.Restrict(ir.Ref("self"), "attacks_despite_defender") in trig.effects
    for name in ("Mirror Wall", "Wall of Wonder", "Walking Wall", "Skyclave Squid", "Roving Keep"):
        assert db.get(name).fully_supported, name
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Nivix Cyclops]
  - name: Bob
script:
  - cast: Lightning Bolt
    target: Bob
  - resolve
  - resolve
  - attack: [Nivix Cyclops]
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 13}
""", cards=db)
    assert any("can attack as though it didn't have defender" in t for t in _log(game))
    idle = board(db, """
  - name: Alice
    battlefield: [Island, Nivix Cyclops]
  - name: Bob
""", turn=3)
    s = idle.current_state()
    [cyclops_obj] = [s.objs[i] for i in s.battlefield if s.objs[i].card.name == "Nivix Cyclops"]
    assert combat.why_not_attack(s, cyclops_obj) == "Nivix Cyclops has defender (CR 702.3b)"
