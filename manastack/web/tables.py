"""Game tables served to browsers: a game, who sits at each seat (a person or an agent), the
answers the table gives by itself, undo, and what each connection is sent.

A table runs the agents' and the automatic answers (auto-pass at priority where passing or
tapping mana is all a player could do outside their stops, the automatic payment; CR 117.3,
601.2g-h, as at the terminal: :func:`manastack.table.auto_answer`) until a person must
decide. A person's answer may be several actions at once (declaring two attackers, then
"done"): they are pushed in order, and if one of them isn't legal when its turn comes every
one is taken back, so a refused answer changes nothing. A closing "done" is dropped when the
declaration before it ended by itself (the last creature that could attack was declared).
Undo takes back the person's last answer and everything that followed it.

Nothing here is tied to the web server: :mod:`manastack.web.app` calls it from its handlers;
the tests drive it directly too."""
from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from manastack.agents import AgentSpecError, agent_names, parse_agent
from manastack.cards import CardDB, CardError
from manastack.decks import DeckError, bundled_decks, commander_decks
from manastack.engine.commanders import COMMANDER
from manastack.engine.decisions import Action, ActionKind, IllegalActionError
from manastack.engine.legality import explain
from manastack.game import FORMATS, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, MIN_SEED, Game, SaveError
from manastack.table import STEPS, TableSettings, auto_answer

from . import present
from manastack.engine.zones import BATTLEFIELD, COMMAND, GRAVEYARD, HAND

HUMAN = "human"
MAX_BATCH = 64                    # actions in one answer (a whole declaration of attackers)
MAX_AUTO_STEPS = 20_000           # agent and automatic answers run before a person is asked again
MAX_TABLES = 64                   # tables kept; the one used least recently goes first
MAX_ARG_CHARS = 40                # one argument of an action sent by a client
KINDS = frozenset(ActionKind)     # the kinds an action sent by a client may have
SEATS = range(MIN_PLAYERS, MAX_PLAYERS + 1)   # how many seats a new table may have: as many players as Game.new takes


class TableError(ValueError):
    """A request a table refuses: bad settings, an illegal or stale answer, no such table."""


@dataclass
class Seat:
    """One seat: ``agent`` None for a person, who joins with ``token``."""

    deck: str
    agent: Any = None
    spec: str = HUMAN
    token: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    settings: TableSettings | None = None      # this person's stops and payment, once they change them


class Table:
    """One game at a web table. Every method that changes the game holds the table's lock, so
    the server may call them from worker threads."""

    def __init__(self, game: Game, seats: list[Seat], settings: TableSettings, seed: int | None) -> None:
        self.id = secrets.token_urlsafe(9)
        self.game = game
        self.seats = seats
        self.settings = settings
        self.seed = seed                      # None for a table started from a save
        self.version = 0                      # bumped by every change; answers name the version they answer
        self.marks: list[int] = []            # moves made before each person's answer (for undo)
        self.lock = threading.Lock()
        self.run_agents()

    # ------------------------------------------------------------------ seats

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.agent is None]

    def seat_for(self, seat: str, token: str | None) -> int:
        """The viewer index a connection gets: a person's seat (with its token), ``hotseat``
        (every seat is a person's; the view follows the player who must decide), or
        ``spectator`` (:data:`present.SPECTATOR`)."""
        if seat == "spectator":
            return present.SPECTATOR
        if seat == "hotseat":
            if not self.humans() or token != self.seats[self.humans()[0]].token:
                raise TableError("hot-seat needs the table's first seat token")
            if len(self.humans()) != len(self.seats):
                raise TableError("hot-seat is for a table where every seat is a person's")
            return HOTSEAT
        if not seat.isdecimal() or int(seat) >= len(self.seats):
            raise TableError(f"no seat {seat[:10]!r} at this table: seats 0 to {len(self.seats) - 1}, "
                             "'hotseat' or 'spectator'")
        index = int(seat)
        if self.seats[index].agent is not None:
            raise TableError(f"seat {index} is played by an agent; watch as 'spectator'")
        if not token or not secrets.compare_digest(token, self.seats[index].token):
            raise TableError(f"wrong or missing token for seat {index}")
        return index

    def viewer(self, joined: int) -> int:
        """Whose view a connection joined as ``joined`` sees now."""
        if joined != HOTSEAT:
            return joined
        d = self.game.pending
        return d.player if d is not None else 0

    # ------------------------------------------------------------------ playing

    def run_agents(self) -> None:
        """Answer for agents and give the automatic answers until a person must decide."""
        for _ in range(MAX_AUTO_STEPS):
            d = self.game.pending
            if d is None:
                return
            seat = self.seats[d.player]
            if seat.agent is not None:
                self.game.push(seat.agent.choose(self.game, d))
                continue
            auto = auto_answer(self.game, d, self.settings_of(d.player))
            if auto is None:
                return
            self.game.push(auto)

    def act(self, joined: int, version: int, actions: list[Action]) -> None:
        """A person's answer: ``actions`` pushed in order for the seat whose decision each is;
        all or nothing. Raises :class:`TableError` saying why when refused."""
        with self.lock:
            d = self.game.pending
            if d is None:
                raise TableError("the game is over")
            if version != self.version:
                raise TableError("the game has moved on since that was shown; look again")
            if not 1 <= len(actions) <= MAX_BATCH:
                raise TableError(f"an answer is 1 to {MAX_BATCH} actions")
            start = len(self.game.move_stack)
            kind = d.kind
            for n, action in enumerate(actions):
                pending = self.game.pending
                if n and n == len(actions) - 1 and action.kind == ActionKind.DONE and \
                        (pending is None or pending.kind != kind or pending.player != d.player):
                    break        # the declaration ended by itself (no creature left to declare)
                if pending is None or pending.player != self.viewer(joined) \
                        or self.seats[pending.player].agent is not None:
                    self._back_to(start)
                    raise TableError(f"action {n + 1} ({action}) comes when it isn't your decision")
                try:
                    self.game.push(action)
                except IllegalActionError as exc:
                    self._back_to(start)
                    raise TableError(str(exc)[:600]) from None
            self.marks.append(start)
            self.run_agents()
            self.version += 1

    def undo(self, joined: int) -> str:
        """Take back the last answer a person gave (in hot-seat, whoever gave it) and all
        that followed; what was taken back, in words."""
        with self.lock:
            if not self.marks:
                raise TableError("nothing to undo")
            target = self.marks.pop()
            taken = []
            while len(self.game.move_stack) > target:
                taken.append(self.game.pop())
            self.version += 1
            later = len(taken) - 1
            return f"undone: {taken[-1]}" + (f", and the {later} action(s) after it" if later else "")

    def _back_to(self, moves: int) -> None:
        while len(self.game.move_stack) > moves:
            self.game.pop()

    def why_not(self, viewer: int, obj_id: int) -> str:
        """Why the seat can't cast, play or activate object ``obj_id`` now (a commander in the
        command zone too, CR 903.8), with the engine's CR numbers (:func:`manastack.engine.legality.explain`), or what it can do with it."""
        s = self.game.current_state()
        o = s.objs.get(obj_id)
        if viewer < 0 or o is None or o.controller != viewer \
                or o.zone not in (HAND, GRAVEYARD, BATTLEFIELD, COMMAND):
            return "not a card of yours in your hand, graveyard, command zone or on the battlefield"
        d = self.game.pending
        usable = [str(a) for a in d.options if a.args and a.args[0] == obj_id and a.kind != ActionKind.MANA] \
            if d is not None and d.player == viewer else []
        if usable:
            return "You can now: " + "; ".join(dict.fromkeys(usable))
        kind = ActionKind.ACTIVATE if o.zone == BATTLEFIELD else \
            ActionKind.PLAY if "Land" in o.card.types and o.zone == HAND else ActionKind.CAST
        reason = explain(s, viewer, Action(kind, (obj_id,))) or f"{o.card.name} can't be used now"
        if d is not None and d.player != viewer:
            reason = f"it is not your decision now ({s.players[d.player].name} is deciding). " + reason
        return reason

    def settings_of(self, player: int) -> TableSettings:
        """The auto-pass stops and payment of ``player``'s seat (CR 117.3; :func:`auto_answer`)."""
        return self.seats[player].settings or self.settings

    def _settings_json(self, player: int) -> dict[str, Any]:
        mine = self.settings_of(player)
        return {"stops": [x for x in STEPS if x in mine.stops], "pay_by_hand": mine.pay_by_hand}

    def change_settings(self, joined: int, data: dict[str, Any]) -> None:
        """A person's new stops and payment (as in :func:`new_table`), for their seat, or every
        seat in hot-seat; the table then runs on to the next decision those leave to a person."""
        if joined == present.SPECTATOR:
            raise TableError("a spectator has no settings to change")
        settings = _table_settings(data)
        with self.lock:
            for i in (self.humans() if joined == HOTSEAT else [joined]):
                self.seats[i].settings = settings
            d = self.game.pending
            if d is not None and self.seats[d.player].agent is None \
                    and auto_answer(self.game, d, self.settings_of(d.player)) is not None:
                start = len(self.game.move_stack)
                self.run_agents()
                if len(self.game.move_stack) > start:
                    self.marks.append(start)
            self.version += 1

    def save(self, joined: int) -> str:
        """The game's save (``Game.to_json``, which ``Game.from_json`` and the Watch page load)
        for the connection joined as ``joined``. A save holds every hidden card (hands, the
        order of libraries), so it is given only to a person who plays alone against agents,
        or to hot-seat, where every seat is the same screen's (CR 400.2)."""
        if joined == present.SPECTATOR:
            raise TableError("a spectator can't take the save: it holds every hidden card")
        if joined != HOTSEAT and len(self.humans()) > 1:
            raise TableError("the save holds every hand and library: it is offered only when no other "
                             "person plays at this table (against agents, or hot-seat)")
        with self.lock:
            return self.game.to_json()

    # ------------------------------------------------------------------ messages

    def message(self, joined: int, log_from: int) -> dict[str, Any]:
        """The state message for a connection joined as ``joined`` that has seen the log up to
        ``log_from``: its board, its decision when it must answer, the new log lines."""
        viewer = self.viewer(joined)
        d = self.game.pending
        mine = d is not None and viewer >= 0 and d.player == viewer and self.seats[d.player].agent is None
        lines, length = present.log_lines(self.game, log_from)
        return {"type": "state", "table": self.id, "version": self.version, "viewer": viewer,
                "hotseat": joined == HOTSEAT,
                "seats": [{"agent": s.spec, "deck": s.deck} for s in self.seats],
                "format": self.game.peek().variant or "normal",
                "can_save": joined == HOTSEAT or (viewer >= 0 and len(self.humans()) == 1),
                "board": present.board(self.game, viewer),
                "decision": present.decision(self.game, self.settings_of(viewer)) if mine else None,
                "settings": self._settings_json(viewer) if viewer >= 0 else None,
                "waiting_for": d.player if d is not None else None,
                "can_undo": bool(self.marks) and viewer != present.SPECTATOR,
                "log": lines, "log_reset": log_from == 0 or log_from > length or bool(lines) and lines[0]["n"] != log_from,
                "log_length": length, "result": present.result(self.game)}


HOTSEAT = -2            # a connection that sees the view of whichever player must decide


def parse_action(data: Any) -> Action:
    """An action a client sent, ``{"kind": str, "args": [int | str, ...]}``, checked."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or len(data["kind"]) > MAX_ARG_CHARS:
        raise TableError("an action is {\"kind\": text, \"args\": [...]}")
    args = data.get("args", [])
    if not isinstance(args, list) or len(args) > 8 or not all(
            (isinstance(a, int) and not isinstance(a, bool) and abs(a) < 10 ** 12)
            or (isinstance(a, str) and len(a) <= MAX_ARG_CHARS) for a in args):
        raise TableError("an action's args are at most 8 whole numbers or short texts")
    if data["kind"] not in KINDS:
        raise TableError(f"no action is called {data['kind']!r}")
    return Action(ActionKind(data["kind"]), tuple(args))


class Tables:
    """The tables this server keeps, at most :data:`MAX_TABLES`."""

    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def get(self, table_id: str) -> Table:
        with self._lock:
            table = self._tables.pop(table_id, None)
            if table is None:
                raise TableError("no such table (it may have ended with the server)")
            self._tables[table_id] = table          # most recently used last
            return table

    def add(self, table: Table) -> None:
        with self._lock:
            while len(self._tables) >= MAX_TABLES:
                self._tables.pop(next(iter(self._tables)))
            self._tables[table.id] = table


def deck_choices(game_format: str) -> list[str]:
    """The bundled decks a table of ``game_format`` may be played with: Commander decks for
    Commander (CR 903.5), the others otherwise."""
    return commander_decks() if game_format == COMMANDER else bundled_decks()


def new_table(settings: dict[str, Any], cards: CardDB | None = None) -> Table:
    """A table from a client's settings: ``format`` (``normal`` or ``commander``), ``decks``
    and ``agents`` (one per seat; ``human`` for a person), ``seed``, ``stops`` (steps where
    priority always stops), ``pay_by_hand``. ``cards``: the card database the server was
    started with (``manastack serve --cards``), which the Commander decks need."""
    if not isinstance(settings, dict):
        raise TableError("the settings are a JSON object")
    game_format = settings.get("format", "normal")
    if game_format not in FORMATS:
        raise TableError(f"format: one of {', '.join(FORMATS)}")
    decks, agents = settings.get("decks"), settings.get("agents")
    if not (isinstance(decks, list) and isinstance(agents, list) and len(decks) == len(agents)
            and len(decks) in SEATS):
        raise TableError(f"decks and agents: one of each for each seat, {SEATS[0]} to {SEATS[-1]} seats")
    allowed = deck_choices(game_format)
    if not all(isinstance(d, str) and d in allowed for d in decks):
        raise TableError(f"decks of a {game_format} game are bundled deck names: {', '.join(allowed)}")
    seed = settings.get("seed", 7)
    if isinstance(seed, bool) or not isinstance(seed, int) or not MIN_SEED <= seed <= MAX_SEED:
        raise TableError(f"seed: a whole number from {MIN_SEED} to {MAX_SEED}")
    table_settings = _table_settings(settings)
    seats = _seats(decks, agents, seed)
    names = [f"{'You' if s.agent is None else s.spec.partition(':')[0].capitalize()} {i + 1} ({s.deck})"
             for i, s in enumerate(seats)]
    try:
        game = Game.new(*decks, seed=seed, names=names, format=game_format, cards=cards)
    except (DeckError, CardError) as exc:
        message = str(exc)
        if game_format == COMMANDER and cards is None:
            message = ("the Commander decks' cards come from the card corpus: start the server with "
                       "manastack serve --cards FILE (an MTGJSON AtomicCards file). " + message)
        raise TableError(message[:400]) from None
    except ValueError as exc:
        raise TableError(str(exc)[:300]) from None
    return Table(game, seats, table_settings, seed)


def table_from_save(data: bytes, others: str, cards: CardDB | None = None) -> Table:
    """A table that plays on from a save (``Game.to_json``), checked as ``Game.from_json``
    checks it: seat 1 a person and every other seat ``others`` (an agent, or ``human`` for
    hot-seat)."""
    if not isinstance(others, str) or len(others) > 100:
        raise TableError(f"others: human or one of {agent_names()}")
    try:
        game = Game.from_json(data, cards=cards)
    except SaveError as exc:
        raise TableError(str(exc)[:600]) from None
    if game.pending is None:
        raise TableError("that save is of a game that is over: nothing to play on")
    count = len(game.peek().players)
    seats = _seats(["from a save"] * count, [HUMAN] + [others] * (count - 1), 0)
    return Table(game, seats, TableSettings(frozenset(), False), None)


def _table_settings(settings: dict[str, Any]) -> TableSettings:
    stops = settings.get("stops", [])
    if not isinstance(stops, list) or not all(isinstance(x, str) and x in STEPS for x in stops):
        raise TableError(f"stops: a list of steps among {', '.join(STEPS)}")
    pay_by_hand = settings.get("pay_by_hand", False)
    if not isinstance(pay_by_hand, bool):
        raise TableError("pay_by_hand: true or false")
    return TableSettings(frozenset(stops), pay_by_hand)


def _seats(decks: list[str], agents: list[Any], seed: int) -> list[Seat]:
    seats = []
    for i, (deck, spec) in enumerate(zip(decks, agents)):
        if not isinstance(spec, str) or len(spec) > 100:
            raise TableError(f"agent of seat {i}: human or one of {agent_names()}")
        try:
            agent = None if spec == HUMAN else parse_agent(spec, seed + 1 + i)
        except AgentSpecError as exc:
            raise TableError(f"agent of seat {i}: {exc}") from None
        seats.append(Seat(deck, agent, spec))
    return seats
