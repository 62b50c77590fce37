"""The public face of the engine: :class:`Game`, in the spirit of python-chess.

>>> import manastack
>>> game = manastack.Game.new("gruul-stompy", "azorius-skies", seed=7)
>>> game.pending.kind.value              # who must decide what
'mulligan'
>>> game.push(game.legal_actions()[0])   # keep
>>> snapshot = game.copy()
>>> game.pop().label                     # take the last action back
'keep 7 cards'
>>> snapshot.pending.kind.value, game.pending.kind.value
('mulligan', 'mulligan')
"""
from __future__ import annotations

from collections import deque

import orjson

from manastack.cards import CardDB, CardError, default_db
from manastack.cards.identity import commanders_identity
from manastack.decks import Deck, DeckError, commander_deck, load_deck  # noqa: F401  (re-exported)
from manastack.engine import commanders, influence
from manastack.engine import characteristics as ch
from manastack.engine.mana import spend as mana_spend
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind, IllegalActionError
from manastack.engine.game_end import Result, concede
from manastack.engine.legality import explain
from manastack.engine.loop import advance
from manastack.engine.runner import Ctx, NeedDecision
from manastack.engine.serialize import state_from_data, state_to_data
from manastack.engine.state import Obj, State
from manastack.engine.turn import run_operation
from manastack.engine.view import player_view

from manastack.engine.save_check import SaveError, check_save
from manastack.limits import MAX_DEPTH, MAX_SAVE_BYTES, excerpt, json_depth_ok

_new_game = object.__new__
MIN_SEED, MAX_SEED = -(2 ** 63), 2 ** 64 - 1     # the generator keeps 64 bits (rng.py)
MIN_PLAYERS, MAX_PLAYERS = 2, 8
# the players' names when none are given, in seat order
DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi")
# the game variants Game.new knows: "normal", the two-player game or with more players a
# free-for-all (CR 806); "commander", a Commander game (CR 903)
FORMATS = ("normal", commanders.COMMANDER)

# An unbounded history keeps the game before every CHECKPOINT_EVERY-th move (and around a
# concession); :meth:`Game.pop` plays the moves since the last checkpoint again, at most
# CHECKPOINT_EVERY - 1 pushes. The old states a long game would keep otherwise are most of
# its memory, and the collector walks them.
CHECKPOINT_EVERY = 32
_MOVE_ONLY = (None, None, None)     # a history entry kept without its game: (..., action)

# read at every push: under Python 3.11 a module global is cheaper than an enum member
_PASS, _PRIORITY, _CONCEDE = ActionKind.PASS, DecisionKind.PRIORITY, ActionKind.CONCEDE


class Game:
    """A game of two to eight players. Stop points are decisions: read :attr:`pending`, pick one of
    :meth:`legal_actions`, :meth:`push` it. :meth:`pop` undoes the last push."""

    __slots__ = ("_base", "_answers", "_pending", "_history", "db")

    def __init__(self, base: State, answers: list[Action], pending: Decision | None,
                 db: CardDB | None = None, history: bool | int = True) -> None:
        self._base = base
        self._answers = answers
        self._pending = pending
        # (the game before a move, its answers, its decision, the move); the game None where
        # pop plays the moves since the last checkpoint again
        self._history: deque[tuple[State | None, list[Action] | None, Decision | None, Action]] | None = \
            _new_history(history)
        self.db = db

    # ------------------------------------------------------------------ creating

    @classmethod
    def new(cls, *decks, seed: int = 0, names: "tuple[str, ...] | list[str] | None" = None,
            format: str = "normal", cards: CardDB | None = None, allow_partial: bool = False,
            history: bool | int = True, range_of_influence: "int | tuple[int, ...] | list[int]" = 0) -> "Game":
        """Start a game (CR 103) between two to eight decks, one per player in seat order (turn
        order goes from each seat to the next, CR 101.4): bundled deck names, decklist paths,
        :class:`~manastack.decks.Deck` objects or lists of card names. ``Game.new(a, b)`` is a
        two-player game; ``Game.new(a, b, c, d)`` a four-player free-for-all (CR 806: every
        opponent may be attacked, CR 802). ``names``: one per deck (default Alice, Bob, Carol, ...).

        ``history``: what :meth:`pop` can take back: True, every action (the game is kept
        before every ``CHECKPOINT_EVERY``-th one, and pop plays the moves since again); a number
        N, the last N actions (the game before each kept); False, none (playouts and
        simulations, which then keep no old states).
        ``format``: "normal", or "commander" for a Commander game (CR 903): each deck's commander
        section (or an MTGO sideboard of one or two cards) starts in the command zone, 40 life.
        ``range_of_influence``: the limited range of influence option (CR 801) with that many
        seats, 1 to 4, for a game of three or more players, or one such number for each player in
        seat order (CR 801.2a); 0 (the default) leaves it off."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not MIN_SEED <= seed <= MAX_SEED:
            raise ValueError(f"Game.new: seed must be an integer from {MIN_SEED} to {MAX_SEED}, "
                             f"not {seed!r}"[:200])
        if names is None and MIN_PLAYERS <= len(decks) <= MAX_PLAYERS:
            names = DEFAULT_NAMES[:len(decks)]
        names = _check_new_arguments(len(decks), names, format, cards, allow_partial, history)
        _check_range(len(decks), range_of_influence)
        db = cards or default_db()
        loaded = [load_deck(d, db, allow_partial) for d in decks]
        s = State(tuple(names), db, seed)
        s.influence = range_of_influence if isinstance(range_of_influence, int) else tuple(range_of_influence)
        if format == commanders.COMMANDER:
            s.variant = commanders.COMMANDER
            loaded = [commander_deck(d) for d in loaded]
        for player, deck in enumerate(loaded):
            if s.variant:
                _set_up_commanders(s, player, deck, db)
            for name in deck.card_names:
                o = Obj(s.next_id, db.get(name), player, "library")
                s.next_id += 1
                s.objs[o.id] = o
                s.players[player].library.append(o.id)
        return cls.from_state(s, db, history)

    @classmethod
    def from_state(cls, s: State, db: CardDB | None = None, history: bool | int = True) -> "Game":
        """Run a prepared state forward to its first decision."""
        base, answers, pending = advance(s, [])
        return cls(base, answers, pending, db, history)

    # ------------------------------------------------------------------ reading

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None once it is over."""
        return self._pending

    @property
    def state(self) -> State:
        """A copy of the state at the start of the current operation, without the answers in
        progress (use :meth:`current_state` to see a cast half done). Changing it changes
        nothing in this game or any other."""
        return self._base.snapshot()

    def current_state(self) -> State:
        """A copy of the state with every answer given so far applied (a spell mid-cast is on
        the stack). Changing it changes nothing in this game or any other."""
        if self._pending is None:
            return self._base.snapshot()
        s = self._base.snapshot()
        try:
            run_operation(Ctx(s, list(self._answers)))
        except NeedDecision:
            pass
        return s

    def peek(self) -> State:
        """The state with the answers given so far applied, for reading only. With no answer in
        progress it is the game's own state, not a copy, so it costs nothing; otherwise a
        working copy with the answers replayed. Agents and search that only read (the
        heuristic agent, MCTS playouts) use it; anything that may change the state must use
        :meth:`current_state`, since changing this one would change the game and its copies."""
        if not self._answers or self._pending is None:
            return self._base
        s = self._base.copy()
        try:
            run_operation(Ctx(s, list(self._answers)))
        except NeedDecision:
            pass
        return s

    @property
    def turn(self) -> int:
        """The number of the current turn (CR 500.1), counted from 1; cheap to read."""
        return self._base.turn

    @property
    def in_progress(self) -> bool:
        """Whether answers have been given within the current operation (a cast half done)."""
        return bool(self._answers)

    @property
    def result(self) -> Result | None:
        return self._base.result

    @property
    def is_over(self) -> bool:
        return self._base.result is not None

    def view(self, player: int) -> dict:
        """What ``player`` may see now (CR 400.2): hidden zones only as counts; ``-1`` is no
        player (a spectator: public information only). Raises ValueError for any other number
        that is no player of this game."""
        s = self.current_state()
        if isinstance(player, bool) or not isinstance(player, int) or not -1 <= player < len(s.players):
            raise ValueError(f"view: no player {str(player)[:40]!r}; the players are 0 to {len(s.players) - 1}, "
                             "and -1 is a spectator")
        return player_view(s, player)

    def legal_actions(self) -> list[Action]:
        return list(self._pending.options) if self._pending else []

    @property
    def log(self):
        return self.current_state().log_entries()

    def explain(self, last: int | None = None) -> str:
        """The game log, every line with the rules that govern it."""
        if last is not None and (isinstance(last, bool) or not isinstance(last, int) or last < 0):
            raise ValueError(f"explain: last must be None or a number of lines, 0 or more, not {str(last)[:40]!r}")
        entries = self.log
        if last is not None:
            entries = entries[len(entries) - last:] if last < len(entries) else entries
        return "\n".join(e.render() for e in entries)

    # ------------------------------------------------------------------ playing

    def push(self, action: Action | int | str) -> None:
        """Answer the pending decision. ``action`` may be an :class:`Action`, an index into
        :meth:`legal_actions`, or an action's label. Raises :class:`IllegalActionError` (and
        changes nothing) when it isn't legal now, or when the label is shared by several
        different actions (the error lists them)."""
        if self._pending is None:
            raise IllegalActionError("the game is over: no decision is pending")
        chosen = self._resolve(action)
        answers = self._answers + [chosen]
        base, answers, pending = advance(self._base, answers, len(answers))
        history = self._history
        if history is not None:
            if history.maxlen is None and len(history) % CHECKPOINT_EVERY and history[-1][3].kind is not _CONCEDE:
                history.append(_MOVE_ONLY + (chosen,))      # taken back by replay (pop)
            else:
                history.append((self._base, self._answers, self._pending, chosen))
        self._base, self._answers, self._pending = base, answers, pending

    def concede(self, player: int) -> None:
        """``player`` concedes (CR 104.3a): they may at any time, whoever is to decide. They leave
        the game at once and lose it; with one player left, that player wins (CR 104.2a),
        otherwise the game goes on without them (CR 800.4a). Taken back by :meth:`pop` like a
        push. An answer half given (a spell half cast) is taken back first: the concession
        comes before it, and the pending decision is asked again (of the next player, when it
        was the one who conceded who had priority, CR 800.4a)."""
        if self._pending is None:
            raise IllegalActionError("the game is over: no one can concede")
        s = self._base
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(s.players):
            raise IllegalActionError(f"concede: no player {player!r}; the players are 0 to {len(s.players) - 1}")
        if s.players[player].lost:
            raise IllegalActionError(f"{s.players[player].name} has already left the game")
        s = s.copy()
        concede(Ctx(s, []), player)
        base, answers, pending = advance(s, [])
        if self._history is not None:       # a checkpoint: pop never replays a concession
            self._history.append((self._base, self._answers, self._pending, Action(ActionKind.CONCEDE, (player,),
                                                                                     f"{s.players[player].name} concedes")))
        self._base, self._answers, self._pending = base, answers, pending

    def why_not(self, action: Action | int | str) -> str | None:
        """Why ``action`` can't be pushed now, in words with its CR numbers, or None when it is
        a legal answer to the pending decision. The reasons come from the engine's one source
        of legality (:mod:`manastack.engine.legality`), the same that lists the legal actions."""
        if self._pending is None:
            return "the game is over: no decision is pending"
        try:
            self._resolve(action)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def _resolve(self, action) -> Action:
        pending = self._pending
        if pending is None:
            raise IllegalActionError("the game is over: no decision is pending")
        if isinstance(action, Action) and action.kind == _PASS and not action.args \
                and pending.kind is _PRIORITY:
            return action       # CR 117.3d: a player with priority may always pass; nothing to list
        options = pending.options
        if isinstance(action, bool) or not isinstance(action, (Action, int, str)):
            raise IllegalActionError(f"push() takes an Action, an index into legal_actions() or an "
                                     f"action's label, not {type(action).__name__} {action!r}"[:200])
        if isinstance(action, int):         # not a bool: refused above
            if 0 <= action < len(options):
                return options[action]
            raise IllegalActionError(f"no action number {action}: there are {len(options)}")
        if isinstance(action, str):
            named = list(dict.fromkeys(o for o in options if o.label == action or str(o) == action))
            if len(named) > 1:
                raise IllegalActionError(
                    f"{action!r} names {len(named)} different actions for {pending.prompt!r}; push one "
                    "of them as an Action or by index: "
                    + "; ".join(f"{options.index(o)}: {o.kind}{o.args}" for o in named))
            if named:
                return named[0]
            raise IllegalActionError(f"no legal action {excerpt(action)} for {pending.prompt!r}; "
                                     f"legal: {', '.join(map(str, options))}")
        found = pending.find(action)
        if found is None:
            why = explain(self.current_state(), pending.player, action)
            raise IllegalActionError(f"{action} is not legal for {pending.prompt!r}"
                                     + (f": {why}" if why else "")
                                     + f"; legal: {', '.join(map(str, options[:15]))}")
        return found

    def pop(self) -> Action:
        """Undo the last :meth:`push` and return its action. Raises IndexError when there is
        none to take back: none was pushed, the history's bound was reached, or the game keeps
        no history."""
        history = self._history
        if not history:
            raise IndexError("no action to take back" if history is not None
                             else "no action to take back: this game keeps no history")
        base, answers, pending, action = history.pop()
        if base is None or answers is None:
            self._base, self._answers, self._pending = _replay(history)
        else:
            self._base, self._answers, self._pending = base, answers, pending
        return action

    @property
    def move_stack(self) -> list[Action]:
        """The actions :meth:`pop` could take back, oldest first."""
        return [h[3] for h in self._history or ()]

    def copy(self, history: bool = False) -> "Game":
        """An independent game at the same point, in O(1): states are never changed in place,
        so the two games share them. ``history=True``: the copy can take back what this game
        can, and keeps recording; otherwise it keeps no history (a playout)."""
        g = _new_game(Game)
        g._base, g._answers, g._pending, g.db = self._base, self._answers[:], self._pending, self.db
        g._history = deque(self._history, self._history.maxlen) \
            if history and self._history is not None else None
        return g

    # ------------------------------------------------------------------ saving

    def to_json(self) -> str:
        """The game at its pending decision, answers in progress included, as JSON."""
        return orjson.dumps(self.to_data(), option=orjson.OPT_NON_STR_KEYS).decode()

    def to_data(self) -> dict:
        """The save as plain data (see :meth:`to_json`)."""
        return {"state": state_to_data(self._base), "answers": [a.to_json() for a in self._answers]}

    @classmethod
    def from_json(cls, text: str | bytes, cards: CardDB | None = None) -> "Game":
        """Load a save of :meth:`to_json`. A save is checked before it is decoded (shape,
        bounds, impossible states: ``engine/save_check.py``); a bad one raises
        :class:`SaveError` naming the place in the document, as a JSON path."""
        if not isinstance(text, (str, bytes)):
            raise SaveError(f"$: a save is the JSON text of Game.to_json() (str or bytes), not {type(text).__name__}")
        if cards is not None and not isinstance(cards, CardDB):
            raise ValueError(f"Game.from_json: cards must be a CardDB (manastack.load_db(path) reads a card file), "
                             f"not {type(cards).__name__}")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"$: the save is larger than the {MAX_SAVE_BYTES:,} bytes allowed")
        if not json_depth_ok(text):
            raise SaveError(f"$: lists and objects nested deeper than {MAX_DEPTH} levels")
        try:
            data = orjson.loads(text)
        except (orjson.JSONDecodeError, UnicodeDecodeError) as exc:
            raise SaveError(f"$: not valid JSON ({str(exc)[:200]})") from None
        db = cards or default_db()
        check_save(data, depth_checked=True, cards=db)
        try:
            s = state_from_data(data["state"], db)
        except (ValueError, CardError) as exc:
            raise SaveError(f"$.state: {str(exc)[:300]}") from None
        try:
            answers = [Action.from_json(a) for a in data["answers"]]
        except ValueError as exc:
            raise SaveError(f"$.answers: {str(exc)[:300]}") from None
        try:
            base, answers, pending = advance(s, answers)
        except IllegalActionError as exc:
            raise SaveError(f"$.answers: the saved answers can't be replayed: {str(exc)[:300]}") from None
        return cls(base, answers, pending, db)

    # ------------------------------------------------------------------ helpers for people

    def describe(self) -> str:
        """A short text picture of the board."""
        s = self.current_state()
        lines = [f"Turn {s.turn}, {s.step}; {s.players[s.active].name} is the active player"]
        for p in s.players:
            lines.append(f"{p.name}: {p.life} life, {len(p.hand)} in hand, {len(p.library)} in library, "
                         f"{len(p.graveyard)} in graveyard"
                         + (f", mana pool {mana_spend.pool_text(p)}" if p.pool or p.special_mana else ""))
            perms = []
            for o in s.permanents(p.index):
                desc = o.card.name
                if ch.is_creature(s, o):
                    pw, t = ch.power_toughness(s, o)
                    desc += f" {pw}/{t}"
                if o.tapped:
                    desc += " (tapped)"
                if o.counters:
                    desc += " [" + ", ".join(f"{n} {k}" for k, n in o.counters.items()) + "]"
                perms.append(desc)
            lines.append("  battlefield: " + (", ".join(perms) or "-"))
        if s.stack:
            lines.append("stack (top first): " + ", ".join(i.label for i in reversed(s.stack)))
        return "\n".join(lines)


def _set_up_commanders(s: State, player: int, deck: Deck, db: CardDB) -> None:
    """CR 903.6: the deck's commanders (none, one, or two with partner) into the command zone."""
    cards = [db.get(name) for count, name in deck.commander for _ in range(count)]
    if len(cards) > 2:
        raise DeckError(f"{deck.name}: {len(cards)} commanders; a deck has one, or two with partner (CR 903.3, 702.124)")
    commanders.set_up(s, player, cards, commanders_identity(cards))


def _check_new_arguments(count: int, names: object, format, cards, allow_partial, history) -> tuple[str, ...]:
    """Refuse the arguments of :meth:`Game.new` that are not of their type or out of their
    bounds (a player's name is 1 to 100 characters, as in a save), before anything is made;
    the players' names, checked."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(f"Game.new: give {MIN_PLAYERS} to {MAX_PLAYERS} decks, one per player, not {count}")
    if not (isinstance(names, (tuple, list)) and len(names) == count
            and all(isinstance(n, str) and 1 <= len(n) <= 100 for n in names)):
        raise ValueError(f"Game.new: names must be {count} strings of 1 to 100 characters, one per deck, "
                         f"not {names!r}"[:200])
    if len(set(names)) != len(names):
        raise ValueError(f"Game.new: names must be different, not {names!r}"[:200])
    if format not in FORMATS:
        raise ValueError(f"Game.new: format must be one of {', '.join(FORMATS)}, not {format!r}"[:200])
    if cards is not None and not isinstance(cards, CardDB):
        raise ValueError(f"Game.new: cards must be a CardDB (manastack.load_db(path) reads a card "
                         f"file), not {type(cards).__name__}")
    if not isinstance(allow_partial, bool):
        raise ValueError(f"Game.new: allow_partial must be True or False, not {type(allow_partial).__name__}")
    if not isinstance(history, bool) and not (isinstance(history, int) and 0 < history <= 10 ** 9):
        raise ValueError(f"Game.new: history must be True, False or a number of actions from 1 to "
                         f"1,000,000,000, not {history!r}"[:200])
    return tuple(names)


def _check_range(count: int, seats: object) -> None:
    """The limited range of influence option (CR 801.1: an option of multiplayer games): a
    number of seats from 1 to ``influence.MAX_RANGE``, or 0 for none, or such a number for each
    player (CR 801.2a)."""
    def seats_ok(n: object, low: int) -> bool:
        return not isinstance(n, bool) and isinstance(n, int) and low <= n <= influence.MAX_RANGE
    if isinstance(seats, (list, tuple)):
        if len(seats) != count or not all(seats_ok(n, 1) for n in seats):
            raise ValueError(f"Game.new: range_of_influence for each player must be {count} numbers of seats "
                             f"from 1 to {influence.MAX_RANGE}, one per player in seat order, not {seats!r}"[:200])
    elif not seats_ok(seats, 0):
        raise ValueError(f"Game.new: range_of_influence must be a number of seats from 1 to "
                         f"{influence.MAX_RANGE}, or 0 for none, not {seats!r}"[:200])
    if seats and count < 3:
        raise ValueError("Game.new: range_of_influence is an option of games of three or more players "
                         f"(CR 801.1), not of {count}")


def _replay(history: deque) -> tuple[State, list[Action], Decision | None]:
    """The game after the last move of ``history``, played again from the checkpoint before
    it: each move pushed once more, as :meth:`Game.push` did (the same state and answers give
    the same game). The moves replayed become checkpoints, so taking them back in turn costs
    no more replays. A move after a concession is a checkpoint, so no concession is replayed."""
    c = len(history) - 1
    while history[c][0] is None:
        c -= 1
    base, answers, pending, chosen = history[c]
    for k in range(c + 1, len(history) + 1):
        answers = answers + [chosen]
        base, answers, pending = advance(base, answers, len(answers))
        if k == len(history):
            break
        chosen = history[k][3]
        history[k] = (base, answers, pending, chosen)
    return base, answers, pending


def _new_history(history: bool | int) -> deque | None:
    """The undo history for a ``history`` argument (see :meth:`Game.new`)."""
    if history is True:
        return deque()
    if history is False:
        return None
    if isinstance(history, int) and history > 0:
        return deque(maxlen=history)
    raise ValueError(f"history must be True, False or a positive number of actions, not {history!r}")


__all__ = ["Game", "Deck", "Action", "Decision", "IllegalActionError", "Result", "SaveError"]
