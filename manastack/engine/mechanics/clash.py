"""Clash (CR 701.30): the controller of the effect and an opponent each reveal the top card of
their library and may put it on the bottom; the one who revealed the card of higher mana value
wins, which "If you win, ..." reads. Flipping a coin (CR 705), won or lost, which "If you win
the flip, ..." and "If you lose the flip, ..." read."""
from __future__ import annotations

from manastack.oracle import ir

from .. import characteristics as ch
from ..decisions import Action, ActionKind, Decision, DecisionKind
from ..resolution import execute
from ..wording import possessive


def clash(ctx, e: ir.Clash, rc) -> None:
    """CR 701.30b-d: "Clash with an opponent": the controller chooses an opponent (the one
    opponent of a two-player game); both reveal their top cards at the same time, decide in
    APNAP order whether to put them on the bottom (CR 701.30a, 101.4), and the cards move at the
    same time. A player with an empty library reveals nothing. The controller wins if their card
    has a higher mana value than the other card revealed (CR 701.30d)."""
    s = ctx.s
    me = rc.controller
    them = next((p.index for p in s.players if p.index != me and not p.lost), None)
    players = [me] if them is None else sorted((me, them), key=lambda p: (p - s.active) % len(s.players))
    revealed = {p: s.players[p].library[-1] for p in players if s.players[p].library}
    for p in players:
        what = s.objs[revealed[p]].card.name if p in revealed else "nothing (their library is empty)"
        s.add_log(f"{s.players[p].name} clashes and reveals {what}", ("701.30a", "701.30c"), "reveal")
    bottom = []
    for p in players:                       # APNAP order (CR 701.30c)
        if p not in revealed:
            continue
        name = s.objs[revealed[p]].card.name
        answer = ctx.ask(Decision(p, DecisionKind.CLASH, f"Clash: keep {name} on top of your library or put it "
                                  "on the bottom? (CR 701.30a)",
                                  (Action(ActionKind.TOP, (revealed[p],), f"keep {name} on top"),
                                   Action(ActionKind.BOTTOM, (revealed[p],), f"put {name} on the bottom"))))
        if answer.kind == ActionKind.BOTTOM:
            bottom.append(p)
    for p in bottom:                        # the cards move at the same time (CR 701.30c)
        library = s.players[p].library
        library.remove(revealed[p])
        library.insert(0, revealed[p])
        s.add_log(f"{s.players[p].name} puts {s.objs[revealed[p]].card.name} on the bottom of their library",
                  ("701.30a",), "zone")
    mine = ch.mana_value(s.objs[revealed[me]]) if me in revealed else None
    others = [ch.mana_value(s.objs[revealed[p]]) for p in players if p != me and p in revealed]
    rc.won_clash = mine is not None and all(mine > v for v in others)
    s.add_log(f"{s.players[me].name} {'wins' if rc.won_clash else 'does not win'} the clash of "
              f"{possessive(rc.card.name)} effect", ("701.30d",), "resolve")


def flip_coin(ctx, e: ir.FlipCoin, rc) -> None:
    """CR 705.1-705.2: the controller flips a coin and calls it; the call matches the result
    with an even chance, so the game's generator decides the win at once (no call is asked:
    every call wins with the same chance)."""
    s = ctx.s
    rc.won_flip = s.rng.below(2) == 0
    s.add_log(f"{s.players[rc.controller].name} flips a coin for {possessive(rc.card.name)} effect and "
              f"{'wins' if rc.won_flip else 'loses'} the flip", ("705.1", "705.2"), "resolve")


def if_you_win(ctx, e: ir.IfYouWin, rc) -> None:
    """CR 701.30d: the effects happen only if the controller won the clash before them; after a
    coin flip, only if they won the flip (or, for "If you lose the flip", lost it; CR 705.2)."""
    if (rc.won_flip is not None and rc.won_flip != e.lose) if e.flip else rc.won_clash:
        execute(ctx, e.effects, rc)
