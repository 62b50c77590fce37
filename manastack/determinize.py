"""Hidden information for search: one world consistent with what a player knows (CR 400.2).

A player sees public zones, their own hand and the sizes of hidden zones (CR 400.2, 401.2,
402.3); the order of every library and the other players' hands are unknown to them. A
*determinization* is a copy of the game in which exactly those unknowns are resampled: the
cards of each other player's hand and library are dealt again at random between the two zones
(same sizes), the player's own library is shuffled, and the game's random generator gets a new
seed, so future shuffles can't be predicted from it either. Everything the player may see is
unchanged, which is what information-set search (``manastack.mcts``) needs.

Known simplification: cards whose position the player saw (a scry, a revealed card) are
resampled like any other hidden card.
"""
from __future__ import annotations

from manastack.engine.decisions import IllegalActionError
from manastack.engine.loop import advance
from manastack.game import Game
from manastack.rng import Rng
from manastack.engine.zones import HAND, LIBRARY


def determinize(game: Game, player: int, seed: int) -> Game | None:
    """A copy of ``game`` with what ``player`` can't see resampled from ``seed``; None when the
    answers given so far in the current operation don't replay in the resampled world (for
    example when they name a card that was just drawn)."""
    rng = Rng(seed)
    s = game.state                  # a snapshot of its own: changing it changes nothing else
    for opponent in [p for p in s.players if p.index != player]:     # each other player, in seat order
        hidden = opponent.hand + opponent.library
        rng.shuffle(hidden)
        in_hand = len(opponent.hand)
        opponent.hand, opponent.library = hidden[:in_hand], hidden[in_hand:]
        for zone in (HAND, LIBRARY):
            for oid in getattr(opponent, zone):
                if s.objs[oid].zone != zone:
                    o = s.objs[oid].copy()
                    o.zone = zone
                    s.objs[oid] = o
    rng.shuffle(s.players[player].library)
    s.rng = Rng(rng.next64())
    try:
        # replay the answers given so far in the current operation (a cast half done) in the
        # new world; the Game keeps them privately, and only this module reads them
        base, answers, pending = advance(s, list(game._answers))
    except IllegalActionError:
        return None
    return Game(base, answers, pending, game.db, history=False)     # a playout keeps no history
