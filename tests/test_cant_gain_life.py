""""Players can't gain life." (Rampaging Ferocidon) and "Your opponents can't gain life."
(Erebos, God of the Dead): a player an effect says can't gain life gains none, lifelink and
spells alike (CR 119.7). Real cards from the corpus."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, pick, resolve


def _cast_nectar(g, by: int) -> None:
    if g.pending.player != by:
        g.push(Action("pass"))
    pick(g, "cast Sacred Nectar")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve(g)


def test_rampaging_ferocidon_stops_every_players_life_gain(db):
    g = board(db, """
  - name: Alice
    battlefield: [Rampaging Ferocidon, Plains, Plains]
    hand: [Sacred Nectar]
  - name: Bob
""", turn=3)
    _cast_nectar(g, 0)
    assert g.current_state().players[0].life == 20
    assert "Alice can't gain life: Rampaging Ferocidon says so" in g.explain()


def test_erebos_stops_only_the_opponents_life_gain(db):
    """Erebos's controller still gains life; the opponent doesn't (the card's rulings: a
    player who can't gain life gains none, CR 119.7)."""
    g = board(db, """
  - name: Alice
    battlefield: ["Erebos, God of the Dead", Plains, Plains]
    hand: [Sacred Nectar]
  - name: Bob
    battlefield: [Plains, Plains]
    hand: [Sacred Nectar]
    library: [Plains, Plains]
""", turn=3)
    _cast_nectar(g, 0)
    assert g.current_state().players[0].life == 24
    g.push(Action("pass"))
    while g.current_state().turn == 3:
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "pass" or a.label == "don't attack"), acts[0]))
    while g.current_state().step != "main1":
        g.push(Action("pass"))
    _cast_nectar(g, 1)
    assert g.current_state().players[1].life == 20
