"""A small board builder and driver shared by the trigger and replacement tests.

``board`` puts real cards straight onto a :class:`State` (the way a scenario does) and
``drive`` answers the decisions that follow: scripted answers first, in order, and "pass
priority" for the rest, until the game reaches ``stop`` (a step with an empty stack)."""
from __future__ import annotations

from manastack import Game
from manastack.cards import default_db
from manastack.engine.state import Obj, State

DB = default_db()
ALICE, BOB = 0, 1


def board(*, step: str = "main1", active: int = ALICE, alice=(), bob=(), alice_hand=(),
          bob_hand=(), library: int = 10, life=(20, 20), seed: int = 1):
    """A state in ``step`` of turn 3. Each permanent is a card name or a (name, options) pair;
    options: ``attacking`` (True), ``tapped``, ``sick``, ``counters``, ``attached_to`` (the
    index of an earlier permanent of the same player). Returns (state, ids) where ids[player]
    lists the permanents' ids in order."""
    s = State(("Alice", "Bob"), DB, seed)
    s.turn, s.active, s.step, s.first_player = 3, active, step, active
    s.players[active].last_turn_start = 3
    s.players[1 - active].last_turn_start = 2
    ids: list[list[int]] = [[], []]
    for player, perms in ((ALICE, alice), (BOB, bob)):
        s.players[player].life = life[player]
        for entry in perms:
            name, opts = (entry, {}) if isinstance(entry, str) else entry
            o = _add(s, name, player, "battlefield")
            s.battlefield += (o.id,)
            o.timestamp = s.new_timestamp()
            o.control_since = s.turn if opts.get("sick") else -1
            o.tapped = opts.get("tapped", False)
            o.counters = dict(opts.get("counters", {}))
            if "attached_to" in opts:
                o.attached_to = ids[player][opts["attached_to"]]
            if opts.get("attacking"):
                o.attacking = 1 - active
                o.tapped = not opts.get("vigilance", False)
            ids[player].append(o.id)
        for _ in range(library):
            o = _add(s, "Island", player, "library")
            s.players[player].library.append(o.id)
    for player, hand in ((ALICE, alice_hand), (BOB, bob_hand)):
        for name in hand:
            o = _add(s, name, player, "hand")
            s.players[player].hand.append(o.id)
    attackers = [o.id for o in s.permanents() if o.attacking is not None]
    if attackers:
        s.combat = {"attackers": attackers, "blockers": {}}
    s.priority = active
    s.stage = ("priority",)
    return s, ids


def _add(s: State, name: str, player: int, zone: str) -> Obj:
    card = DB.get(name)
    assert not card.unsupported, f"{name}: {card.unsupported}"
    o = Obj(s.next_id, card, player, zone)
    s.next_id += 1
    s.objs[o.id] = o
    return o


def drive(game: Game, answers=(), stop: str | None = "main2", max_steps: int = 300) -> Game:
    """Answer scripted decisions in order; pass priority otherwise. An answer is a pair
    (decision kind, action label or a function of the decision returning an Action).
    Stops when the game reaches ``stop`` with an empty stack, or when the script is used up
    and ``stop`` is None."""
    todo = list(answers)
    for _ in range(max_steps):
        d = game.pending
        if d is None:
            return game
        s = game.current_state()
        if todo and d.kind == todo[0][0]:
            kind, how = todo.pop(0)
            game.push(how(d) if callable(how) else _by_label(d, how))
            continue
        if d.kind == "priority":
            if stop is None and not todo:
                return game
            if stop is not None and s.step == stop and not s.stack and not todo:
                return game
            game.push("pass priority")
            continue
        if d.kind in ("attackers", "blockers") and not todo:
            game.push(next(a for a in d.options if a.kind == "done"))
            continue
        raise AssertionError(f"unexpected decision {d.kind}: {d.prompt} "
                             f"({[str(o) for o in d.options]}); script left: {todo}")
    raise AssertionError("the game did not reach the stop point")


def _by_label(d, text: str):
    found = [a for a in d.options if text.lower() in str(a).lower()]
    assert found, f"no option like {text!r} in {[str(o) for o in d.options]}"
    return found[0]


def log_text(game: Game) -> str:
    return game.explain()


def count_log(game: Game, text: str) -> int:
    return sum(1 for e in game.log if text in e.text)
