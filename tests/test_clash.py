"""Clash (CR 701.30) and "If you win", run with real cards from the card corpus: a triggered
ability (Oaken Brawler) and a spell whose "If you win" names the target's controller (Lash
Out). The scenarios/cards/cr-701-30-* files play Research the Deep."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board

ALICE, BOB = 0, 1


def finish(g: Game, prefer: str = "") -> None:
    while g.pending.kind not in ("priority", "clash"):
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"),
                    next((a for a in acts if prefer and prefer in a.label), acts[0])))


def resolve(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def test_clash_compiles_with_if_you_win(db):
    ab = db.get("Lash Out").abilities[0]
    assert [type(e) for e in ab.effects] == [ir.DealDamage, ir.Clash, ir.IfYouWin]


def test_oaken_brawler_wins_its_clash(db):
    """Oaken Brawler's enters trigger: Alice's Shivan Dragon (6) beats Bob's Forest (0); both
    keep their cards on top; the Brawler gets a +1/+1 counter."""
    g = board(db, """
  - name: Alice
    hand: [Oaken Brawler]
    library: [Shivan Dragon]
    battlefield: [Plains, Plains, Plains, Plains]
  - name: Bob
    library: [Forest]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g)
    resolve(g)                       # the creature spell
    resolve(g)                       # its enters trigger
    assert g.pending.kind == "clash" and g.pending.player == ALICE      # APNAP: Alice first
    g.push(Action("top", (g.legal_actions()[0].args[0],)))
    assert g.pending.kind == "clash" and g.pending.player == BOB
    g.push(g.legal_actions()[0])
    s = g.current_state()
    [brawler] = [o for o in s.permanents() if o.card.name == "Oaken Brawler"]
    assert brawler.counters == {"+1/+1": 1}
    assert "Alice wins the clash" in g.explain()


def test_lash_out_loses_with_an_empty_library(db):
    """A player with an empty library reveals nothing and can't win (CR 701.30d): Lash Out's
    second 3 damage doesn't happen; Bob's revealed card decides nothing either."""
    g = board(db, """
  - name: Alice
    hand: [Lash Out]
    battlefield: [Mountain, Mountain]
  - name: Bob
    library: [Forest]
    battlefield: [Grizzly Bears]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    finish(g, "Grizzly Bears")
    resolve(g)
    assert g.pending.kind == "clash" and g.pending.player == BOB       # only Bob revealed a card
    g.push(g.legal_actions()[1])                                      # Forest to the bottom
    s = g.current_state()
    assert s.players[BOB].life == 20
    assert "Alice clashes and reveals nothing" in g.explain()
    assert "Alice does not win the clash" in g.explain()
