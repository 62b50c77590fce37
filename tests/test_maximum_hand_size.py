"""Maximum hand size (CR 402.2, 514.1): "Your maximum hand size is reduced by two." (Thought
Nibbler), "... increased by two." (Trusted Advisor), "Each opponent's maximum hand size is
reduced by one." (Gnat Miser), "Players have no maximum hand size." (Price of Knowledge): rules
changed by static abilities (CR 613.11). Real cards from the corpus, played to the cleanup step."""
from __future__ import annotations

from manastack.engine.turn import maximum_hand_size

from .game_helpers import board


def _to_next_turn(g) -> list[str]:
    """Pass (no attack) until the turn changes; the prompts of the discards asked on the way."""
    turn, prompts = g.current_state().turn, []
    while g.current_state().turn == turn:
        if g.pending.kind == "discard":
            prompts.append(g.pending.prompt)
            g.push(g.legal_actions()[0])
            continue
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "pass" or a.label == "don't attack"), acts[0]))
    return prompts


def _hand(n: int) -> str:
    return "[" + ", ".join(["Island"] * n) + "]"


def test_thought_nibbler_makes_its_controller_discard_down_to_five(db):
    g = board(db, f"""
  - name: Alice
    battlefield: [Thought Nibbler]
    hand: {_hand(8)}
  - name: Bob
""", turn=3)
    assert maximum_hand_size(g.current_state(), 0) == 5
    assert maximum_hand_size(g.current_state(), 1) == 7
    prompts = _to_next_turn(g)
    assert len(prompts) == 3 and "Discard down to 5 cards" in prompts[0]
    assert len(g.current_state().players[0].hand) == 5


def test_trusted_advisor_and_thought_nibbler_add_up(db):
    """+2 and -2: seven again; a player with eight cards discards one (CR 613.11)."""
    g = board(db, f"""
  - name: Alice
    battlefield: [Thought Nibbler, Trusted Advisor]
    hand: {_hand(8)}
  - name: Bob
""", turn=3)
    assert maximum_hand_size(g.current_state(), 0) == 7
    assert len(_to_next_turn(g)) == 1


def test_gnat_miser_reduces_only_the_opponents_hand_size(db):
    g = board(db, f"""
  - name: Alice
    battlefield: [Gnat Miser]
    hand: {_hand(7)}
  - name: Bob
    hand: {_hand(7)}
    library: [Island, Island, Island]
""", turn=3)
    assert maximum_hand_size(g.current_state(), 0) == 7
    assert _to_next_turn(g) == []               # Alice keeps seven
    prompts = _to_next_turn(g)                  # Bob draws to eight, discards down to six
    assert len(prompts) == 2 and "Discard down to 6 cards" in prompts[0]
    assert len(g.current_state().players[1].hand) == 6


def test_no_maximum_hand_size_for_every_player_outweighs_a_reduction(db):
    """Price of Knowledge: no player has a maximum hand size, Thought Nibbler's reduction
    notwithstanding; Alice keeps her nine cards (CR 402.2, 514.1)."""
    g = board(db, f"""
  - name: Alice
    battlefield: [Thought Nibbler, Price of Knowledge]
    hand: {_hand(9)}
  - name: Bob
""", turn=3)
    assert maximum_hand_size(g.current_state(), 0) is None
    assert maximum_hand_size(g.current_state(), 1) is None
    assert _to_next_turn(g) == []
    assert len(g.current_state().players[0].hand) == 9
    assert "Alice has no maximum hand size and keeps 9 cards" in g.explain()
