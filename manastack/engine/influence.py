"""The limited range of influence option (CR 801): an option of a multiplayer game, off by
default (a free-for-all, CR 806, has every player within every other's reach).

With the option, ``State.influence`` is the range, N seats (the same for every player) or one
number of seats for each player in seat order (different players may have different ranges,
CR 801.2a), and
``State.reach`` holds, for each player, the players within N seats of them, counted among the
players still in the game as each turn begins (CR 801.2, 801.2b-c): a player who leaves the game
brings the players on either side of their seat nearer from the next turn on. An object is
within a player's range when its controller is (CR 801.2d; a card in a zone without a controller
by its owner, CR 108.4a).

What reads it: attacks (801.3, ``attack_targets.defending_players``), targets (801.4,
``filters.legal_targets``), choices of objects and players (801.5a), activating the abilities of
another player's object (801.6, ``legality.why_not_activate``), what a spell or ability
affects or sees (801.10-801.11, ``resolution.resolve_subject``), triggered abilities (801.7,
``triggers.collect``), Auras (801.8, ``sba``), winning (801.14, ``game_outcome.win_game``).
"""
from __future__ import annotations

from .state import Obj, State
from .zones import BATTLEFIELD, STACK

# the largest range a game may have: with eight players, 4 seats reach every one of them
MAX_RANGE = 4


def seats(influence: int | tuple[int, ...], player: int) -> int:
    """A player's range in seats: the one range of every player, or their own (CR 801.2a)."""
    return influence if isinstance(influence, int) else influence[player]


def determine(s: State) -> None:
    """CR 801.2c: who is within each player's range, fixed as a turn begins: the players still
    in the game within that player's number of seats of them either way around the table (801.2,
    801.2a), themselves always (801.2b). A player who has left reaches no one but themselves."""
    if not s.influence:
        return
    seated = [p.index for p in s.players if not p.lost]
    n = len(seated)
    reach: list[tuple[int, ...]] = []
    for p in s.players:
        if p.lost:
            reach.append((p.index,))
            continue
        i, n_seats = seated.index(p.index), seats(s.influence, p.index)
        reach.append(tuple(sorted({seated[(i + k) % n] for k in range(-n_seats, n_seats + 1)})))
    s.reach = tuple(reach)


def within(s: State, player: int, other: int) -> bool:
    """Whether ``other`` is within ``player``'s range of influence (CR 801.2)."""
    reach = s.reach
    return reach is None or other in reach[player]


def holder(o: Obj) -> int:
    """The player whose range an object is in (CR 801.2d): its controller on the battlefield or
    the stack, else its owner (CR 108.4a)."""
    return o.controller if o.zone == BATTLEFIELD or o.zone == STACK else o.owner


def object_within(s: State, player: int, o: Obj) -> bool:
    """Whether the object ``o`` is within ``player``'s range of influence (CR 801.2d)."""
    reach = s.reach
    return reach is None or holder(o) in reach[player]


def players_within(s: State, player: int, players: list[int]) -> list[int]:
    """``players``, less those outside ``player``'s range of influence (CR 801.2)."""
    reach = s.reach
    return players if reach is None else [p for p in players if p in reach[player]]


def ranges_words(influence: int | tuple[int, ...]) -> str:
    """The option in words: "1", or each player's range "1, 2, 1" (CR 801.2a)."""
    return str(influence) if isinstance(influence, int) else ", ".join(map(str, influence))


def describe(s: State) -> str:
    """Each player's range, in words, for the log."""
    reach = s.reach or ()
    names = [p.name for p in s.players]
    return "; ".join(f"{names[i]}: " + ", ".join(names[j] for j in r)
                     for i, r in enumerate(reach) if not s.players[i].lost)
