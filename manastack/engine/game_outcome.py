"""Effects that make a player win or lose the game (CR 104.2b, 104.3e), and "If you don't"
(CR 608.2c)."""
from __future__ import annotations

from manastack.oracle import ir

from .filters import cant_lose, cant_win
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
        if (why := cant_lose(s, p)) is not None:
            s.add_log(f"{player.name} can't lose the game: {why} says so ({rc.card.name})", ("104.3",), "end")
            continue
        player.lost = True
        player.loss_reason = f"{rc.card.name}'s effect"
        s.add_log(f"{player.name} loses the game ({rc.card.name})", ("104.3e",), "end")
    end_game(ctx)


def win_game(ctx: Ctx, e: ir.WinGame, rc) -> None:
    """CR 104.2b: the player wins the game as the effect happens, so every other player has lost
    (CR 104.2a); a player who would both win and lose at once loses (CR 104.3f), so one who has
    already lost doesn't win. With a limited range of influence, the opponents within the
    player's range lose the game instead (CR 801.14)."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        winner = s.players[p]
        if winner.lost:
            continue
        if (why := cant_win(s, p)) is not None:
            s.add_log(f"{winner.name} can't win the game: {why} says so ({rc.card.name})", ("104.2",), "end")
            continue
        if s.reach is not None:     # CR 801.14: the opponents within the player's range lose instead
            losers = [s.players[o] for o in s.opponents(p) if o in s.reach[p] and cant_lose(s, o) is None]
            s.add_log(f"{winner.name} would win the game ({rc.card.name}): instead "
                      + ", ".join(x.name for x in losers) + " lose the game", ("801.14", "104.3e"), "end")
            for other in losers:
                other.lost = True
                other.loss_reason = f"{winner.name} would have won the game with {rc.card.name}'s effect"
            continue
        s.add_log(f"{winner.name} wins the game ({rc.card.name})", ("104.2b",), "end")
        for other in s.players:
            if other.index != p and not other.lost and cant_lose(s, other.index) is None:
                other.lost = True
                other.loss_reason = f"{winner.name} won the game with {rc.card.name}'s effect"
    end_game(ctx)


def if_you_dont(ctx: Ctx, e: ir.IfYouDont, rc) -> None:
    """CR 608.2c: the effects happen only if the optional action before them wasn't done."""
    s = ctx.s
    who = rc.controller if e.who == ir.Ref("you") else next(iter(named_players(ctx, e.who, rc)), rc.controller)
    s.add_log(f"{s.players[who].name} {'did it' if rc.did else 'did not do it'}, so "
              f"{rc.card.name}'s \"if you don't\" {'does nothing' if rc.did else 'applies'}", ("608.2c",), "resolve")
    if not rc.did:
        execute(ctx, e.effects, rc)
