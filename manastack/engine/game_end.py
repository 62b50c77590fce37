"""The end of the game (CR 104): who won, or a draw, and why."""
from __future__ import annotations

from dataclasses import dataclass

from . import morph
from .runner import Ctx


@dataclass(frozen=True)
class Result:
    """How the game ended (CR 104): the winner (None for a draw) and why."""

    winner: int | None
    reason: str
    turn: int

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "turn": self.turn}


def end_game(ctx: Ctx) -> None:
    s = ctx.s
    alive = [p for p in s.players if not p.lost]
    if len(alive) == 1:
        w = alive[0]
        loser = s.players[1 - w.index]
        s.result = Result(w.index, f"{loser.name} lost: {loser.loss_reason}", s.turn)
        s.add_log(f"{w.name} wins the game", ("104.2a",), "end")
    elif not alive:
        s.result = Result(None, "both players lost at the same time", s.turn)
        s.add_log("The game is a draw", ("104.4a",), "end")
    if s.result is not None:
        morph.reveal_all(s)
