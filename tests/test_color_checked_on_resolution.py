""""Counter target spell if it's blue." (Pyroblast, Hydroblast): any spell may be the target and
its color is checked only as the spell resolves (CR 608.2c; Pyroblast ruling 2016-06-08)."""
from __future__ import annotations

from .game_helpers import board, names, pick, resolve

ALICE, BOB = 0, 1


def _bob_casts_then_alice_pyroblasts(db, bob_spell: str):
    g = board(db, f"""
  - name: Alice
    hand: [Pyroblast]
    battlefield: [Mountain]
  - name: Bob
    hand: [{bob_spell}]
    battlefield: [Island, Island, Mountain]
""", active="Bob")
    pick(g, f"cast {bob_spell}")
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), next((a for a in acts if "Alice" in a.label), acts[0])))
    g.push(next(a for a in g.legal_actions() if a.kind == "pass"))      # Bob passes: Alice may answer
    assert g.pending.player == ALICE
    pick(g, "cast Pyroblast")
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        mode = next((a for a in acts if "Counter target spell" in a.label), None)
        target = next((a for a in acts if bob_spell in a.label), None)
        g.push(next((a for a in acts if a.kind == "autopay"), mode or target or acts[0]))
    return g


def test_pyroblast_counters_a_blue_spell(db):
    g = _bob_casts_then_alice_pyroblasts(db, "Opt")
    resolve(g)          # Pyroblast
    assert names(g, BOB, "graveyard") == ["Opt"] and len(g.current_state().stack) == 0
    assert names(g, BOB, "hand") == []      # Opt never resolved: no card drawn


def test_pyroblast_may_target_a_red_spell_which_it_does_not_counter(db):
    """Lightning Bolt is a legal target; on resolution it isn't blue, so it isn't countered
    and resolves afterwards: Alice takes 3."""
    g = _bob_casts_then_alice_pyroblasts(db, "Lightning Bolt")
    resolve(g)          # Pyroblast: nothing happens
    assert [i.label for i in g.current_state().stack] and "Pyroblast" in names(g, ALICE, "graveyard")
    resolve(g)          # Lightning Bolt
    assert g.current_state().players[ALICE].life == 17
