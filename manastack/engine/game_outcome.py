"""Effects that make a player lose the game (CR 104.3e), and "If you don't" (CR 608.2c).

"You win the game" (CR 104.2b) compiles to :class:`ir.WinGame` but has no handler yet: every
card that says it also has a condition the engine doesn't read, so none could run it."""
from __future__ import annotations

from manastack.oracle import ir

from .game_end import end_game
from .resolution import execute, named_players
from .runner import Ctx


def lose_game(ctx: Ctx, e: ir.LoseGame, rc) -> None:
    """CR 104.3e: the player loses the game as the effect happens; with one player left, that
    player wins (CR 104.2a)."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        if player.lost:
            continue
        player.lost = True
        player.loss_reason = f"{rc.card.name}'s effect"
        s.add_log(f"{player.name} loses the game ({rc.card.name})", ("104.3e",), "end")
    end_game(ctx)


def if_you_dont(ctx: Ctx, e: ir.IfYouDont, rc) -> None:
    """CR 608.2c: the effects happen only if the optional action before them wasn't done."""
    s = ctx.s
    s.add_log(f"{s.players[rc.controller].name} {'did it' if rc.did else 'did not do it'}, so "
              f"{rc.card.name}'s \"if you don't\" {'does nothing' if rc.did else 'applies'}", ("608.2c",), "resolve")
    if not rc.did:
        execute(ctx, e.effects, rc)
