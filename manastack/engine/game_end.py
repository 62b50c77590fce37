"""The end of the game (CR 104): who won, or a draw, and why."""
from __future__ import annotations

from .mechanics import morph
from .leave_game import leave
from .runner import Ctx
from .state import Result      # how it ended, kept on the state; manastack.Result names it here


def end_game(ctx: Ctx) -> None:
    """After players lost (or conceded): with one player left, that player wins (CR 104.2a);
    with none, the game is a draw (CR 104.4a); with more, those who lost leave the game and it
    goes on (CR 800.4)."""
    s = ctx.s
    alive = [p for p in s.players if not p.lost]
    if len(alive) == 1:
        w = alive[0]
        losers = [p for p in s.players if p.lost]
        s.result = Result(w.index, "; ".join(f"{p.name} lost: {p.loss_reason}" for p in losers), s.turn)
        s.add_log(f"{w.name} wins the game", ("104.2a",), "end")
    elif not alive:
        s.result = Result(None, "both players lost at the same time" if len(s.players) == 2
                          else "the last players lost at the same time", s.turn)
        s.add_log("The game is a draw", ("104.4a",), "end")
    else:
        for p in s.players:
            if p.lost and p.index not in s.left:
                leave(ctx, p.index)
    if s.result is not None:
        morph.reveal_all(s)


def concede(ctx: Ctx, player: int) -> None:
    """CR 104.3a: ``player`` concedes: they leave the game at once and lose it."""
    s = ctx.s
    p = s.players[player]
    p.lost = True
    p.loss_reason = "conceded"
    s.add_log(f"{p.name} concedes the game", ("104.3a",), "end")
    end_game(ctx)
