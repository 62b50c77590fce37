""""You can't lose the game and your opponents can't win the game." (Platinum Angel, a static
ability) and "You can't lose the game this turn and your opponents can't win the game this turn.
Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1
instead." (Angel's Grace): CR 104.2, 104.3, 614.1a, with the cards' rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, resolve


def _bob_casts(g, card: str, *targets: str) -> None:
    """Alice passes; Bob casts ``card`` at ``targets`` and it resolves."""
    g.push(Action("pass"))
    cast_and_pay(g, f"cast {card}", *targets)
    resolve(g)


def _graced(db, life: int, bob_hand: str):
    g = board(db, f"""
  - name: Alice
    life: {life}
    hand: [Angel's Grace]
    battlefield: [Plains]
  - name: Bob
    hand: {bob_hand}
    battlefield: [Mountain, Swamp, Swamp]
""", turn=3)
    cast_and_pay(g, "cast Angel's Grace")
    resolve(g)
    return g


def test_angels_grace_damage_leaves_its_controller_at_one_life(db):
    g = _graced(db, 2, "[Lightning Bolt]")
    _bob_casts(g, "Lightning Bolt", "Alice")
    assert g.current_state().players[0].life == 1 and g.result is None
    assert "Angel's Grace: the damage reduces Alice's life total to 1 instead" in g.explain()


def test_angels_grace_life_loss_is_not_changed_but_she_does_not_lose(db):
    """Rulings: only damage is changed ("lose life" goes below 1 as normal), and a player who
    can't lose the game keeps playing at 0 or less life (CR 104.3, 704.5a)."""
    g = _graced(db, 1, "[Geth's Verdict]")
    _bob_casts(g, "Geth's Verdict", "Alice")
    assert g.current_state().players[0].life == 0
    assert g.result is None and g.pending is not None


def test_after_angels_grace_ends_its_controller_loses_at_zero_life(db):
    """Ruling: once the effect wears off in the cleanup step, a life total of 0 or less loses."""
    g = _graced(db, 1, "[Geth's Verdict]")
    _bob_casts(g, "Geth's Verdict", "Alice")
    for _ in range(40):
        if g.result is not None:
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    assert g.result is not None and g.result.winner == 1
    assert g.current_state().turn == 3          # in the cleanup step of the same turn


def test_without_angels_grace_the_bolt_kills(db):
    g = board(db, """
  - name: Alice
    life: 2
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    _bob_casts(g, "Lightning Bolt", "Alice")
    assert g.result is not None and g.result.winner == 1


PLATINUM = """
  - name: Alice
    life: {life}
    hand: [Divination]
    battlefield: [Platinum Angel, Island, Island, Island]
    library: {library}
  - name: Bob
    hand: [Lightning Bolt, Shatter]
    battlefield: [Mountain, Mountain, Mountain]
"""


def test_platinum_angel_keeps_its_controller_in_the_game_until_it_leaves(db):
    g = board(db, PLATINUM.format(life=2, library="[Island]"), turn=3)
    _bob_casts(g, "Lightning Bolt", "Alice")
    assert g.current_state().players[0].life == -1 and g.result is None
    _bob_casts(g, "Shatter", "Platinum Angel")
    assert not on_battlefield(g, "Platinum Angel")
    assert g.result is not None and g.result.winner == 1


def test_a_draw_from_an_empty_library_under_platinum_angel_is_forgotten(db):
    """CR 704.5b looks back only to the last check of state-based actions: once Platinum Angel
    is gone, a player who drew from an empty library while it was there doesn't lose for it."""
    g = board(db, PLATINUM.format(life=20, library="[]"), turn=3)
    cast_and_pay(g, "cast Divination")
    resolve(g)
    assert g.result is None
    _bob_casts(g, "Shatter", "Platinum Angel")
    assert not on_battlefield(g, "Platinum Angel") and g.result is None
