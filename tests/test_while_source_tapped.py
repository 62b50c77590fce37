""""It doesn't untap during its controller's untap step for as long as ~ remains tapped"
(CR 502.3, 611.2b): held at every untap step until the source untaps."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, on_battlefield, resolve

BOB = 1


def _to_upkeep_of(g, player: int) -> None:
    """Both players pass until ``player``'s next upkeep (their untap step done)."""
    start = g.current_state().turn
    while not (g.current_state().active == player and g.current_state().turn > start
               and g.current_state().step == "upkeep" and g.pending.kind == "priority"):
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])


def _twiddle_untap(g, target: str) -> None:
    if g.pending.player == BOB:
        g.push(Action("pass"))                   # Bob passes in his upkeep: Alice may cast
    cast_and_pay(g, "cast Twiddle", target)
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind in ("yes", "untap")))


def test_mana_leech_holds_the_land_until_it_untaps(db):
    """Bob's Forest stays tapped in his untap step while Mana Leech stays tapped; once Alice
    untaps Mana Leech (Twiddle, in Bob's upkeep) the effect ends for good (CR 611.2b)."""
    g = board(db, """
  - name: Alice
    hand: [Twiddle]
    battlefield: [Mana Leech, Island]
    library: [Island, Island]
  - name: Bob
    battlefield: [Forest]
    library: [Island, Island]
""")
    cast_and_pay(g, "activate Mana Leech", "Forest")
    resolve(g)
    assert on_battlefield(g, "Forest")[0].tapped
    _to_upkeep_of(g, BOB)
    assert on_battlefield(g, "Forest")[0].tapped and on_battlefield(g, "Mana Leech")[0].tapped
    assert len([e for e in g.current_state().effects if e.kind == "skip_next_untap"]) == 1   # not used up
    _twiddle_untap(g, "Mana Leech")
    assert not on_battlefield(g, "Mana Leech")[0].tapped
    assert not [e for e in g.current_state().effects if e.kind == "skip_next_untap"]


def test_nothing_happens_if_the_source_is_already_untapped(db):
    """CR 611.2b: an effect "for as long as ~ remains tapped" that would begin after ~ untapped
    does nothing (here a Twiddle untaps Sand Squid in response)."""
    g = board(db, """
  - name: Alice
    hand: [Twiddle]
    battlefield: [Sand Squid, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "activate Sand Squid", "Grizzly Bears")
    cast_and_pay(g, "cast Twiddle", "Sand Squid")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind in ("yes", "untap")))
    assert not on_battlefield(g, "Sand Squid")[0].tapped
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")[0].tapped
    assert not [e for e in g.current_state().effects if e.kind == "skip_next_untap"]
