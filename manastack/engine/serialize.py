"""Saving a game state to plain JSON data and loading it back.

A save is self-contained: it carries the Oracle face of every card in the game, so it loads
without the card files that built it, and a loaded game continues exactly as the original.
"""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.rng import Rng

from .state import Effect, LogEntry, Obj, PendingTrigger, Player, StackItem, State

FORMAT = 1


def _card_key(card: CardDef, faces: dict[str, dict]) -> str:
    key = card.name
    if key in faces and faces[key] != card.face:
        key = f"{card.name}#{len(faces)}"
    faces[key] = card.face
    return key


def state_to_data(s: State) -> dict:
    faces: dict[str, dict] = {}
    card_keys: dict[int, str] = {}

    def ck(card: CardDef) -> str:
        k = card_keys.get(id(card))
        if k is None:
            k = card_keys[id(card)] = _card_key(card, faces)
        return k

    objs = []
    for o in s.objs.values():
        d = {name: getattr(o, name) for name in Obj.__slots__ if name not in ("card", "counters", "blocking")}
        d["card"] = ck(o.card)
        d["counters"] = dict(o.counters)
        d["blocking"] = list(o.blocking)
        objs.append(d)
    stack = []
    for i in s.stack:
        d = {name: getattr(i, name) for name in StackItem.__slots__ if name != "card"}
        d["card"] = ck(i.card)
        d["modes"] = list(i.modes)
        stack.append(d)
    pending = []
    for t in s.pending_triggers:
        d = {name: getattr(t, name) for name in PendingTrigger.__slots__ if name != "card"}
        d["card"] = ck(t.card)
        pending.append(d)
    return {
        "format": FORMAT,
        "players": [{name: getattr(p, name) for name in Player.__slots__} for p in s.players],
        "objects": objs,
        "battlefield": list(s.battlefield),
        "stack": stack,
        "pending_triggers": pending,
        "effects": [{name: getattr(e, name) for name in Effect.__slots__} for e in s.effects],
        "log": [{name: getattr(e, name) for name in LogEntry.__slots__} for e in s.log_entries()],
        "scalars": {k: getattr(s, k) for k in ("next_id", "turn", "active", "step", "priority",
                                              "passes", "timestamp", "first_player",
                                              "starting_hand", "events_seen")},
        "stage": list(s.stage),
        "rng": s.rng.state,
        "combat": s.combat,
        "trigger_counts": s.trigger_counts,
        "result": s.result.to_json() if s.result else None,
        "cards": faces,
    }


def state_from_data(data: dict, db=None) -> State:
    from .turn import Result

    if data.get("format") != FORMAT:
        raise ValueError(f"unsupported save format {data.get('format')!r}")
    cards = {k: CardDef.from_face(face) for k, face in data["cards"].items()}
    s = State.__new__(State)
    s.db = db
    s.players = []
    for pd in data["players"]:
        p = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(p, name, pd[name])
        s.players.append(p)
    s.objs = {}
    for od in data["objects"]:
        o = Obj.__new__(Obj)
        for name in Obj.__slots__:
            setattr(o, name, od[name])
        o.card = cards[od["card"]]
        o.blocking = tuple(od["blocking"])
        s.objs[o.id] = o
    s.battlefield = list(data["battlefield"])
    s.stack = []
    for d in data["stack"]:
        i = StackItem.__new__(StackItem)
        for name in StackItem.__slots__:
            setattr(i, name, d[name])
        i.card = cards[d["card"]]
        i.modes = tuple(d["modes"])
        s.stack.append(i)
    s.pending_triggers = []
    for d in data["pending_triggers"]:
        t = PendingTrigger.__new__(PendingTrigger)
        for name in PendingTrigger.__slots__:
            setattr(t, name, d[name])
        t.card = cards[d["card"]]
        s.pending_triggers.append(t)
    s.effects = []
    for d in data["effects"]:
        e = Effect.__new__(Effect)
        for name in Effect.__slots__:
            setattr(e, name, d[name])
        e.keywords = tuple(e.keywords)
        s.effects.append(e)
    s.log = None
    s.log_len = 0
    for d in data["log"]:
        s.log = (LogEntry(d["turn"], d["step"], d["text"], tuple(d["rules"]), d["kind"]), s.log)
        s.log_len += 1
    for k, v in data["scalars"].items():
        setattr(s, k, v)
    s.stage = tuple(data["stage"])
    s.rng = Rng(data["rng"])
    s.combat = _combat_from_json(data["combat"])
    s.trigger_counts = dict(data["trigger_counts"])
    r = data["result"]
    s.result = Result(r["winner"], r["reason"], r["turn"]) if r else None
    return s


def _combat_from_json(c: dict) -> dict:
    """JSON turns int keys into strings; restore them."""
    out = dict(c)
    if "blockers" in out:
        out["blockers"] = {int(k): list(v) for k, v in out["blockers"].items()}
    return out
