"""Whole-game fuzzing: seeded random corpus games, every invariant checked at every decision.

    python3 -m manastack.fuzz --games 200 [--corpus PATH] [--seed 0] [--max-actions 3000] [--jobs 2] [--offers]
                              [--players 4]

Game ``seed`` builds a random two-color deck (23 fully supported corpus cards and 17 basic
lands) for each of the ``--players`` players (2 to 8, default 2) from its own generator, and
random agents play them. In a game of more than two players, now and then (about one decision
in 400, from a generator of its own) a player still in the game concedes (CR 104.3a), so that
players leave the game (CR 800.4a) while it goes on. At every decision the run checks:

- cards are conserved: every card is in exactly one zone (or on the stack) that agrees with
  the object, each player owns all 40 of their cards (one who left the game owns none: they
  left with them, CR 800.4a), and no mana pool holds a zero or less (CR 400.1, 405);
- the decision is not stuck: it offers at least one legal action;
- push and pop are exact: after one push, :meth:`Game.pop` gives back that action and the
  same save;
- a save continues identically: the game loaded from :meth:`Game.to_json` reaches the same
  save after the same action;

- with ``--offers``, what is offered is legal: every answer of the decision, pushed on a copy,
  is accepted and leads on (the same decision doesn't come back with nothing changed);

and after the game: the same seed and actions give the same game (the final saves are equal),
and the game ended within ``--max-actions`` actions. Exceptions are failures too. The report
groups failures by class (the exception type and where it was raised, or the invariant) and
gives a command that repeats each one.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from manastack.agents import RandomAgent
from manastack.cards import CardDB, CardError, load_db
from manastack.decks import Deck
from manastack.engine.decisions import Action, ActionKind, IllegalActionError
from manastack.engine.mechanics.merged import cards_in
from manastack.engine.serialize import state_to_data
from manastack.engine.state import ItemKind
from manastack.game import Game
from manastack.gc_tuning import raise_gc_threshold
from manastack.mana import COLORS
from manastack.rng import Rng
from manastack.user_cache import cache_dir, write_whole
from manastack.engine.zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK

DEFAULT_CORPUS = Path("../shared/cards/AtomicCards-2021.json.gz")
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
DECK_SIZE = 40
MAX_GAMES = 1_000_000          # --games
MAX_ACTIONS = 100_000          # --max-actions
MAX_JOBS = 64                  # --jobs


class InvariantError(AssertionError):
    """An invariant of the game that failed; ``kind`` names which."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Failure:
    """One game that failed: its seed, the class of failure, what was seen and where."""

    seed: int
    kind: str
    message: str
    action_index: int
    players: int = 2

    def repro(self, corpus: Path, max_actions: int) -> str:
        return (f"python3 -m manastack.fuzz --corpus {corpus} --seed {self.seed} --games 1 "
                f"--max-actions {max_actions}" + (f" --players {self.players}" if self.players != 2 else ""))


@dataclass
class Report:
    """What a run found: games and decisions checked, failures by class."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    failures: dict[str, list[Failure]] = field(default_factory=dict)
    stopped: bool = False       # interrupted (Ctrl-C) before the last game

    def add(self, failure: Failure) -> None:
        self.failures.setdefault(failure.kind, []).append(failure)

    def render(self, corpus: Path, max_actions: int) -> str:
        lines = [f"{self.games} games, {self.decisions} decisions checked in {self.seconds:.0f} s; "
                 f"{sum(len(f) for f in self.failures.values())} failed"
                 + ("; stopped early: the game in progress is not counted" if self.stopped else "")]
        for kind, found in sorted(self.failures.items(), key=lambda kv: -len(kv[1])):
            first = found[0]
            lines.append(f"- {kind}: {len(found)} game(s), seeds {', '.join(str(f.seed) for f in found[:10])}"
                         + (" ..." if len(found) > 10 else ""))
            lines.append(f"    {first.message} (after {first.action_index} actions)")
            lines.append(f"    repeat: {first.repro(corpus, max_actions)}")
        return "\n".join(lines)


def playable_names(db: CardDB) -> list[str]:
    """Fully supported single-faced nonland cards: what random decks are made of (compiles
    every card of ``db``)."""
    names = []
    for name in db.names():
        card = db.get(name)
        if card.fully_supported and "Land" not in card.types and card.face.get("layout", "normal") == "normal":
            names.append(name)
    return names


Pool = dict[str, tuple[str, ...]]
"""The cards random decks are made of (:func:`playable_names`), each with its colors."""

POOL_FORMAT = 1                  # raised when the pool file's shape changes
_PACKAGE = Path(__file__).parent
_PACKAGE_FILES = (".py", ".lark", ".json")       # what decides which cards compile and run


def playable_pool(db: CardDB) -> Pool:
    """:func:`playable_names` with each card's colors, read from the user's cache when a file
    there was made from the same card files by the same code (``fuzz-pool-*.json``, data only:
    :func:`pool_key`), and checked; otherwise computed, compiling every card (about a minute),
    and written there. A run's workers then compile only the cards their decks hold."""
    key = pool_key(db)
    path = cache_dir() / f"fuzz-pool-{key[:24]}.json" if key is not None else None
    found = read_pool(path, key, db) if path is not None and key is not None else None
    if found is not None:
        return found
    pool = {name: db.get(name).colors for name in playable_names(db)}
    if path is not None:
        write_whole(path, json.dumps({"format": POOL_FORMAT, "key": key, "cards": [[n, "".join(c)] for n, c in pool.items()]},
                                     separators=(",", ":")).encode())
    return pool


def pool_key(db: CardDB) -> str | None:
    """A SHA-256 of everything the pool depends on: the package's code, grammar and card files
    and each card file ``db`` was read from; None when one of those can't be read (a database
    built in memory)."""
    h = hashlib.sha256(f"manastack fuzz pool {POOL_FORMAT}\n".encode())
    try:
        files = sorted(p for p in _PACKAGE.rglob("*") if p.suffix in _PACKAGE_FILES and p.is_file())
        for p in files:
            data = p.read_bytes()
            h.update(f"{p.relative_to(_PACKAGE).as_posix()} {len(data)}\n".encode() + data)
        for source in db.sources:
            data = Path(source).read_bytes()
            h.update(f"source {len(data)}\n".encode() + data)
    except OSError:
        return None
    return h.hexdigest()


def read_pool(path: Path, key: str, db: CardDB) -> Pool | None:
    """The pool in ``path`` if it is one made under ``key`` whose every card is a card of ``db``
    with colors; None for anything else (missing, unreadable, another key, a bad shape)."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != POOL_FORMAT or data.get("key") != key \
            or not isinstance(data.get("cards"), list):
        return None
    pool: Pool = {}
    for item in data["cards"]:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], str)
                and item[0] in db and item[0] not in pool and set(item[1]) <= set(COLORS)):
            return None
        pool[item[0]] = tuple(item[1])
    return pool if pool else None


def random_deck(db: CardDB, names: list[str] | Pool, rng: Rng) -> Deck:
    """A two-color deck: 23 cards of those colors (or colorless) and 17 basic lands. With a
    :data:`Pool` the colors are its own, and no card is compiled to read them."""
    colors = [COLORS[rng.below(5)], COLORS[rng.below(5)]]
    fits = [n for n in names if set(names[n] if isinstance(names, dict) else db.get(n).colors) <= set(colors)]
    spells = [fits[rng.below(len(fits))] for _ in range(DECK_SIZE - 17)]
    lands = [BASICS[colors[i % 2]] for i in range(17)]
    return Deck("fuzz", tuple((1, n) for n in spells + lands))


def new_game(db: CardDB, names: list[str] | Pool, seed: int, players: int = 2) -> Game:
    rng = Rng(seed)
    decks = [random_deck(db, names, rng) for _ in range(players)]
    return Game.new(*decks, seed=seed, cards=db)


def zone_problems(s) -> list[str]:
    """What breaks "every card is in exactly one zone, and the object agrees" in the state ``s``
    (read only): a card listed twice, in no zone, or in a zone other than its own."""
    problems = []
    seen: dict[int, str] = {}
    for p in s.players:
        for zone in (LIBRARY, HAND, GRAVEYARD, EXILE, COMMAND):
            for oid in p.zone(zone):
                o = s.objs.get(oid)
                if oid in seen or o is None or o.zone != zone or o.owner != p.index:
                    problems.append(f"object {oid} in {p.name}'s {zone} is also in "
                                    f"{seen.get(oid) or (o.zone if o else 'no object')}")
                seen[oid] = zone
    for oid in s.battlefield + s.phased_out:     # a phased-out permanent is still there (CR 702.26d)
        if oid in seen or s.objs[oid].zone != BATTLEFIELD or bool(s.objs[oid].phased_out) != (oid in s.phased_out):
            problems.append(f"object {oid} on the battlefield is also in {seen.get(oid)}")
        seen[oid] = BATTLEFIELD
    for item in s.stack:
        if item.kind == ItemKind.SPELL:
            if item.source in seen:
                problems.append(f"spell {item.source} is also in {seen[item.source]}")
            seen[item.source] = STACK
    lost = [o.id for o in s.objs.values() if cards_in(o) and o.id not in seen]
    if lost:
        problems.append(f"cards in no zone: {lost[:5]}")
    return problems


def check_state(game: Game) -> None:
    """Cards conserved and zones consistent, and a decision that can be answered. Only reads the
    state, so the game's own one (:meth:`Game.peek`), not a copy, is read."""
    s = game.peek()
    problems = zone_problems(s)
    if problems:
        raise InvariantError("cards conserved", "; ".join(problems))
    for owner in range(len(s.players)):
        # a merged permanent is one object for all its cards (CR 729.2); who left the game took
        # theirs with them (CR 800.4a)
        n = sum(cards_in(o) for o in s.objs.values() if o.zone != COMMAND and o.owner == owner)
        owns = 0 if owner in s.left else DECK_SIZE
        if n != owns:
            raise InvariantError("cards conserved", f"player {owner} owns {n} cards, not {owns}")
    for p in s.players:
        if any(n <= 0 for n in p.pool.values()):
            raise InvariantError("mana pool", f"{p.name}'s pool holds {p.pool}")
    if game.pending is not None and not game.pending.options:
        raise InvariantError("stuck decision", f"{game.pending.kind} decision with no legal action")


def apply(game: Game, action: Action) -> None:
    """Push ``action``, or for a ``concede`` action make its player concede (CR 104.3a)."""
    if action.kind == ActionKind.CONCEDE:
        game.concede(action.args[0])
    else:
        game.push(action)


def check_push(db: CardDB, game: Game, action: Action, before: str) -> str:
    """Push ``action`` on ``game``, whose save is ``before``; pop must restore the same save, and
    a loaded save must continue the same. Returns the save after the push.

    Three saves are made (the game pushed, popped, and the loaded game pushed) and one load;
    ``before`` is the save the previous decision made. After the pop the game is put back as
    it was pushed (:func:`_take_back_pop`) rather than pushed again: the same game, without
    playing the move once more."""
    apply(game, action)
    after = game.to_json()
    pushed = game._base, game._answers, game._pending
    if game.pop() != action or game.to_json() != before:
        raise InvariantError("push/pop exact", f"pop after {action} doesn't restore the game")
    _take_back_pop(game, action, pushed)
    loaded = Game.from_json(before, cards=db)
    apply(loaded, action)
    if loaded.to_json() != after:
        raise InvariantError("save/load continues", f"a loaded save differs after {action}")
    return after


def _take_back_pop(game: Game, action: Action, pushed: tuple) -> None:
    """Undo a :meth:`Game.pop` that was checked exact: ``game`` (popped to the game before
    ``action``) is again the game after it, ``pushed`` (its state, answers and decision then).
    Its history gets the move back as a checkpoint, the game before it kept whole: the pop
    just rebuilt that game, so the next pop replays this one move, not the two moves since the
    previous checkpoint a second push would leave (``CHECKPOINT_EVERY``, game.py)."""
    history = game._history
    assert history is not None, "the fuzz plays games that keep their history"
    history.append((game._base, game._answers, game._pending, action))
    game._base, game._answers, game._pending = pushed


def _fingerprint(game: Game) -> tuple:
    """A cheap summary of the game where it waits: what changes with nearly every step."""
    s = game.peek()
    d = game.pending
    return (len(s.log or ()), s.next_id, s.turn, s.step, len(s.stack), tuple(tuple(sorted(p.pool.items())) for p in s.players),
            tuple(p.life for p in s.players), None if d is None else (d.kind, d.player, d.options))


def same_position(a: Game, b: Game) -> bool:
    """Whether ``a`` and ``b`` wait at the same decision in the same state, answers in
    progress included: a step from one to the other changed nothing."""
    if a.pending is None or b.pending is None or _fingerprint(a) != _fingerprint(b):
        return False
    if a.pending.context != b.pending.context:
        return False
    return state_to_data(a.current_state()) == state_to_data(b.current_state())


def check_offers(game: Game) -> None:
    """Every answer the pending decision offers, pushed on a copy, is accepted and leads on:
    the same decision in the same state doesn't come back (an answer taken back by the engine
    would). A cancelled cast goes back where it began by design (CR 601.2), so "cancel" is only
    pushed."""
    d = game.pending
    assert d is not None, "the game is over: no decision to check"
    for action in game.legal_actions():
        g = game.copy()
        try:
            g.push(action)
        except IllegalActionError as exc:
            raise InvariantError("offered is accepted", f"{d.kind} decision: {action} is offered but refused: "
                                 f"{str(exc)[:200]}") from None
        if action.kind != ActionKind.CANCEL and same_position(game, g):
            raise InvariantError("offered stays done", f"{d.kind} decision: after {action} the same decision "
                                 "comes back with nothing changed")


def play_game(db: CardDB, names: list[str] | Pool, seed: int, max_actions: int, must_end: bool = True,
              actions: list[Action] | None = None, offers: bool = False, players: int = 2) -> Game:
    """Game ``seed`` of ``players`` players with every check; raises on the first failure. After
    ``max_actions`` the game fails as not ending, or (``must_end`` false) stops there.
    ``actions`` receives the actions taken (concessions as ``concede`` actions), so a caller
    sees how far a failing game got. ``offers``: also check every answer offered
    (:func:`check_offers`)."""
    game = new_game(db, names, seed, players)
    agents = [RandomAgent(seed + 1000 * p) for p in range(players)]
    quits = Rng(seed + 7_000_000)           # who concedes, and when (more than two players)
    taken = actions if actions is not None else []
    save = game.to_json()
    while game.pending is not None:
        check_state(game)
        if offers:
            check_offers(game)
        if len(taken) >= max_actions:
            if must_end:
                raise InvariantError("no end", f"no result after {max_actions} actions")
            break
        action = agents[game.pending.player].choose(game, game.pending)
        if players > 2 and quits.below(400) == 0:
            staying = [p for p in game.peek().players if not p.lost]
            who = staying[quits.below(len(staying))]
            action = Action(ActionKind.CONCEDE, (who.index,), f"{who.name} concedes")
        save = check_push(db, game, action, save)
        taken.append(action)
    check_state(game)
    again = new_game(db, names, seed, players)
    for action in taken:
        apply(again, action)
    if again.to_json() != game.to_json():
        raise InvariantError("same seed same game", "replaying the actions gives another game")
    return game


def classify(exc: BaseException) -> str:
    """An exception's class of failure: the invariant, or its type and where it was raised."""
    if isinstance(exc, InvariantError):
        return exc.kind
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if "manastack" in f.filename), frames[-1] if frames else None)
    place = f" in {Path(where.filename).name}:{where.name}" if where else ""
    return f"{type(exc).__name__}{place}"


def play_one(db: CardDB, names: list[str] | Pool, seed: int, max_actions: int,
             offers: bool = False, players: int = 2) -> tuple[int, Failure | None]:
    """Game ``seed`` checked: the actions taken, and its failure if it failed."""
    taken: list[Action] = []
    try:
        play_game(db, names, seed, max_actions, actions=taken, offers=offers, players=players)
    except Exception as exc:     # every failure is a finding: classify it and go on
        return len(taken), Failure(seed, classify(exc), f"{type(exc).__name__}: {str(exc)[:300]}", len(taken),
                                   players)
    return len(taken), None


def run(db: CardDB, names: list[str] | Pool, seeds: Iterator[int], max_actions: int,
        progress=None, offers: bool = False, players: int = 2, report: Report | None = None) -> Report:
    """Play the games ``seeds`` one after another in this process (reported into ``report``
    when given, see :func:`collect`)."""
    return collect((play_one(db, names, seed, max_actions, offers, players) for seed in seeds), progress, report)


def collect(outcomes: Iterator[tuple[int, Failure | None]], progress=None, report: Report | None = None) -> Report:
    """The report of games' outcomes as they come (into ``report`` when given, so that a caller
    stopped later still has it); Ctrl-C ends it with what came so far. Each game is counted with
    Ctrl-C and termination signals held back, so a report never counts half a game."""
    report = report if report is not None else Report()
    start = time.perf_counter()
    try:
        for decisions, failure in outcomes:
            with _signals_held():
                if failure is not None:
                    report.add(failure)
                report.games += 1
                report.decisions += decisions
                report.seconds = time.perf_counter() - start
            if progress is not None:
                progress(report)
    except KeyboardInterrupt:        # a long run stopped by hand still reports what it found
        report.stopped = True
    report.seconds = time.perf_counter() - start
    return report


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class _signals_held:
    """Ctrl-C and termination signals wait (blocked, not lost) while the block runs (where the
    system can block signals)."""

    def __enter__(self) -> None:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)

    def __exit__(self, *exc) -> None:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _stop_on_signal(signum, frame) -> None:
    """The first Ctrl-C or termination signal stops the run (the game in progress is dropped);
    from then on they are ignored, so that a second one can't cut the report short."""
    ignore_stop_signals()
    raise KeyboardInterrupt


def ignore_stop_signals() -> None:
    """From now on Ctrl-C and termination signals do nothing. A handler that does nothing,
    rather than SIG_IGN: a signal already pending when the handler changes then runs it, where
    with SIG_IGN Python would raise "signal ignored due to race condition"."""
    for sig in STOP_SIGNALS:
        signal.signal(sig, _ignore)


def _ignore(signum, frame) -> None:
    """A stop signal after the first: the run is already winding down and reporting."""


_worker: tuple[CardDB, list[str] | Pool, int, bool, int] | None = None   # a worker's corpus, bound, checks, players


def _start_worker(corpus: Path, names: list[str] | Pool, max_actions: int, offers: bool, players: int) -> None:
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)      # Ctrl-C is the parent's to handle
    raise_gc_threshold()                               # a process that plays games in bulk
    _worker = (load_db(corpus), names, max_actions, offers, players)


def _play_in_worker(seed: int) -> tuple[int, Failure | None]:
    assert _worker is not None
    db, names, max_actions, offers, players = _worker
    return play_one(db, names, seed, max_actions, offers, players)


def run_parallel(corpus: Path, names: list[str] | Pool, seeds: range, max_actions: int, jobs: int,
                 progress=None, offers: bool = False, players: int = 2, report: Report | None = None) -> Report:
    """Play the games ``seeds`` in ``jobs`` worker processes, each reading the corpus (and
    compiling only the cards its games use); the report is the one a single process would give,
    games in the order of their seeds."""
    with multiprocessing.get_context("spawn").Pool(jobs, _start_worker,
                                                   (corpus, names, max_actions, offers, players)) as pool:
        report = collect(pool.imap(_play_in_worker, seeds), progress, report)
        if report.stopped:
            pool.terminate()
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m manastack.fuzz", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help=f"games to play (1 to {MAX_GAMES})")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game (0 or more)")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="an MTGJSON AtomicCards file")
    ap.add_argument("--max-actions", type=int, default=5000,
                    help=f"actions after which a game counts as not ending (1 to {MAX_ACTIONS})")
    ap.add_argument("--jobs", type=int, default=1,
                    help=f"worker processes playing games side by side (1 to {MAX_JOBS}); "
                         f"this machine has {os.cpu_count()} cores")
    ap.add_argument("--offers", action="store_true",
                    help="also push every answer offered at every decision on a copy: each must be accepted "
                         "and lead on (several times slower)")
    ap.add_argument("--players", type=int, default=2, help="players in each game (2 to 8)")
    args = ap.parse_args(argv)
    if not 2 <= args.players <= 8:
        ap.error(f"--players must be from 2 to 8, not {args.players}")
    if not 1 <= args.games <= MAX_GAMES:
        ap.error(f"--games must be from 1 to {MAX_GAMES}, not {args.games}")
    if not 1 <= args.max_actions <= MAX_ACTIONS:
        ap.error(f"--max-actions must be from 1 to {MAX_ACTIONS}, not {args.max_actions}")
    if not 1 <= args.jobs <= MAX_JOBS:
        ap.error(f"--jobs must be from 1 to {MAX_JOBS}, not {args.jobs}")
    if args.seed < 0:
        ap.error(f"--seed must be 0 or more, not {args.seed}")
    try:
        db = load_db(args.corpus)
    except CardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    shown = 0

    def progress(report: Report) -> None:
        nonlocal shown
        failed = sum(len(f) for f in report.failures.values())
        print(f"{report.games} games, {report.decisions} decisions, {failed} failed", file=sys.stderr, flush=True)
        if failed > shown:        # say which game failed as soon as it does
            shown = failed
            last = max((f for found in report.failures.values() for f in found), key=lambda f: f.seed)
            print(f"  seed {last.seed} failed: {last.kind}: {last.message[:200]}", file=sys.stderr, flush=True)

    # Ctrl-C, or a termination signal, ends the run with the report of the games finished
    # (a shell that starts it in the background may have told it to ignore Ctrl-C); once it is
    # stopped, or has played its games, the report is printed whatever signal comes next
    for sig in STOP_SIGNALS:
        signal.signal(sig, _stop_on_signal)
    report = Report()
    try:
        raise_gc_threshold()          # this process plays games in bulk (manastack.gc_tuning)
        seeds = range(args.seed, args.seed + args.games)
        names = playable_pool(db)
        if args.jobs == 1:
            run(db, names, iter(seeds), args.max_actions, progress, args.offers, args.players, report)
        else:
            run_parallel(args.corpus, names, seeds, args.max_actions, args.jobs, progress, args.offers,
                         args.players, report)
    except KeyboardInterrupt:         # stopped before the games began, or while workers were shut down
        report.stopped = report.stopped or report.games < args.games
    ignore_stop_signals()
    print(report.render(args.corpus, args.max_actions), flush=True)
    return 1 if report.failures else 0


if __name__ == "__main__":
    status = main()
    _signals_held().__enter__()   # exiting: a late signal must not turn the status into "terminated"
    sys.exit(status)
