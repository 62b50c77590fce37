"""Skipping turns, steps and phases (CR 614.1b, 614.10), with real cards and their rulings:
"You skip your next turn." (Meditate, Eater of Days), "target opponent skips their next combat
phase" (Stonehorn Dignitary), "Target player skips their next draw step." (Fatigue), the static
"Skip your draw step." (Yawgmoth's Bargain) and "Players skip their untap steps." (Stasis), and
Avizoa's ruling: a "next" skip waits for an occurrence not skipped for another reason
(CR 614.10a)."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.engine.effect_records import SkipNext
from manastack.oracle import ir

from . import game_helpers
from .game_helpers import board, cast_and_pay, resolve


def _advance(g: Game, turn: int, step: str) -> list[tuple[int, int, str]]:
    """Pass (and decline attacks) until turn ``turn`` reaches ``step``; the (turn, active player,
    step) of each priority seen on the way."""
    seen = []
    for _ in range(400):
        s = g.current_state()
        if s.turn == turn and s.step == step and g.pending.kind == "priority":
            return seen
        if g.pending.kind == "priority":
            seen.append((s.turn, s.active, str(s.step)))
            g.push(Action("pass"))
        else:                                  # pay upkeeps; no attackers, no blockers
            options = g.legal_actions()
            g.push(next((a for a in options if a.label.startswith("pay")), options[-1]))
    raise AssertionError(f"never reached turn {turn}, {step}")


def test_the_sentences_compile(db):
    for name in ("Meditate", "Chronatog", "Eater of Days", "Stonehorn Dignitary", "Fatigue", "Blinding Angel",
                 "Avizoa", "Stasis", "Eon Hub", "Yawgmoth's Bargain", "Dragon Appeasement", "Brine Elemental"):
        assert db.get(name).fully_supported, (name, db.get(name).gaps)
    assert db.get("Eater of Days").abilities[-1].effects == (ir.SkipNext("turn", ir.Ref("you"), 2),)
    stasis = db.get("Stasis").abilities[0]
    assert (stasis.effect.kind, stasis.effect.affected, stasis.effect.step) == ("skip_step", "each_player", "untap")


def test_meditate_skips_the_next_turn(db):
    """Meditate: draw four cards; the caster's next turn doesn't begin (CR 614.10): Bob takes
    two turns in a row, and the turn number counts only the turns taken."""
    g = board(db, """
  - name: Alice
    hand: [Meditate]
    battlefield: [Island, Island, Island]
    library: [Island, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
    library: [Forest, Forest, Forest, Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Meditate")
    resolve(g)
    assert len(g.current_state().players[0].hand) == 4
    assert any(type(e) is SkipNext and e.player == 0 and e.what == "turn" for e in g.current_state().effects)
    _advance(g, 5, "main1")
    s = g.current_state()
    assert (s.turn, s.active) == (5, 1)                   # Bob again: Alice's turn was skipped
    assert "Alice skips their turn (Meditate)  [CR 614.10, 614.10a]" in g.explain()
    assert not any(type(e) is SkipNext for e in s.effects)    # used up
    _advance(g, 6, "main1")
    assert g.current_state().active == 0


def test_eater_of_days_skips_two_turns(db):
    g = board(db, """
  - name: Alice
    hand: [Eater of Days]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    library: [Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
    library: [Forest, Forest, Forest, Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Eater of Days")
    resolve(g)
    resolve(g)                                             # its enters trigger
    seen = _advance(g, 7, "main1")
    assert {active for turn, active, _ in seen if 3 < turn < 7} == {1}     # Bob's turns 4, 5 and 6
    assert g.current_state().active == 0 and g.explain().count("Alice skips their turn (Eater of Days)") == 2


def test_stonehorn_dignitary_skips_the_opponents_next_combat_phase(db):
    """Stonehorn Dignitary: on Bob's next turn there is no combat (no attack to declare); two
    Dignitaries' skips add up (their ruling)."""
    g = board(db, """
  - name: Alice
    hand: [Stonehorn Dignitary]
    battlefield: [Plains, Plains, Plains, Plains]
    library: [Plains, Plains, Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
    library: [Forest, Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Stonehorn Dignitary")
    resolve(g)
    resolve(g)
    seen = _advance(g, 5, "main1")
    bob = [step for turn, active, step in seen if turn == 4]
    assert "main1" in bob and "main2" in bob
    assert not any(step in ("beginning_of_combat", "declare_attackers") for step in bob)
    assert "Bob skips their combat phase (Stonehorn Dignitary)" in g.explain()


def test_fatigue_skips_a_draw_step(db):
    g = board(db, """
  - name: Alice
    hand: [Fatigue]
    battlefield: [Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    library: [Forest, Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Fatigue", "Bob")
    resolve(g)
    _advance(g, 4, "main1")
    assert len(g.current_state().players[1].hand) == 0
    _advance(g, 6, "main1")
    assert len(g.current_state().players[1].hand) == 1      # only the next one


def test_yawgmoths_bargain_skips_every_draw_step(db):
    g = board(db, """
  - name: Alice
    battlefield: [Yawgmoth's Bargain]
    library: [Swamp, Swamp, Swamp, Swamp]
  - name: Bob
    library: [Forest, Forest, Forest, Forest]
""", turn=3)
    _advance(g, 7, "main1")
    s = g.current_state()
    assert len(s.players[0].hand) == 0 and len(s.players[1].hand) == 2
    assert "Alice skips their draw step (Yawgmoth's Bargain)  [CR 614.1b, 614.10]" in g.explain()


def test_stasis_and_avizoa_the_skip_waits(db):
    """Avizoa's ruling: "You skip the next untap step that you are not skipping for any other
    reason": while Stasis skips every untap step, Avizoa's skip waits (CR 614.10a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Avizoa, {card: Forest, tapped: true}]
    library: [Forest, Forest, Forest]
  - name: Bob
    battlefield: [Stasis, Island]
    library: [Island, Island, Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Avizoa")
    resolve(g)
    _advance(g, 5, "upkeep")
    s = g.current_state()
    assert game_helpers.on_battlefield(g, "Forest")[0].tapped            # no untap step
    assert any(type(e) is SkipNext and e.what == "untap" for e in s.effects)   # still waiting
    loaded = Game.from_json(g.to_json(), cards=g.db)
    assert any(type(e) is SkipNext and e.what == "untap" for e in loaded.current_state().effects)
    assert "Alice skips their untap step (Stasis)" in g.explain()
