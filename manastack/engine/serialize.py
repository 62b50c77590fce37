"""Saving a game state to plain JSON data and loading it back.

A save is self-contained: it carries the Oracle face of every card in the game, so it loads
without the card files that built it, and a loaded game continues exactly as the original.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from functools import cache, lru_cache, partial
from operator import attrgetter
from typing import Any

import orjson

from manastack.cards import CardDef
from manastack.rng import Rng

from .mana import spend as mana_spend
from .effect_records import RECORD_TYPES, Effect
from .event_types import Seen, attachment_data, attachment_from_data
from .game_end import Result
from .mechanics.merged import Component
from .state import LogEntry, Obj, Phased, PendingTrigger, Player, StackItem, State

# Raised whenever the saved fields change (2: copies, spell counts, costs paid, restricted mana;
# 3: one record type per kind of effect, delayed triggers keep their card; 4: what a trigger saw
# is a typed record; 5: spells cast last turn, damage dealt to each player this turn; 6: a log
# entry is a list [turn, step, text, rules, kind], which is quicker to write, read and check;
# 7: an object record holds the components of a merged permanent, CR 729.2).
FORMAT = 7

_RECORDS = {cls.__name__: cls for cls in RECORD_TYPES}
_new = object.__new__
_log_entry = partial(tuple.__new__, LogEntry)   # a LogEntry from a tuple of its fields


def _card_key(card: CardDef, faces: dict[str, dict]) -> str:
    """The key of the card's face in the save: its name, or "name#n" for the n-th other face
    of that name (a copy, a token with granted text). Equal faces share one key, as they share
    one card once loaded, so a loaded game saves the same as the original."""
    key, n = card.name, 0
    while key in faces:
        if faces[key] == card.face:
            return key
        n += 1
        key = f"{card.name}#{n}"
    faces[key] = card.face
    return key


def _restore(cls, d: dict, **fields):
    """An instance of a __slots__ class from its saved fields, some given already converted."""
    obj = cls.__new__(cls)
    for name in cls.__slots__:
        setattr(obj, name, fields[name] if name in fields else d[name])
    return obj


def _save(obj, *skip: str) -> dict:
    """The fields of a __slots__ object but ``skip``, by name."""
    names, get = _getter(type(obj), skip)  # type: ignore[arg-type]  # a class is hashable; mypy says type[Any] is not
    return dict(zip(names, get(obj)))


@cache
def _getter(cls, skip: tuple[str, ...]) -> tuple[tuple[str, ...], Callable[[Any], tuple]]:
    names = tuple(name for name in cls.__slots__ if name not in skip)
    get = attrgetter(*names)
    return names, (get if len(names) > 1 else lambda obj: (get(obj),))


def _effect_to_data(e: Effect, card_key) -> dict:
    """An effect record as ``{"type": its class name, field: value}``, cards by their key."""
    data: dict[str, Any] = {"type": type(e).__name__}
    for f in fields(e):
        value = getattr(e, f.name)
        data[f.name] = card_key(value) if isinstance(value, CardDef) else value.to_data() if isinstance(value, Seen) \
            else value
    return data


def _effect_from_data(i: int, data: dict, cards: dict[str, CardDef]) -> Effect:
    cls = _RECORDS.get(str(data.get("type")))
    if cls is None:
        raise ValueError(f"effects[{i}]: unknown effect type {data.get('type')!r}")
    names = {f.name for f in fields(cls)}
    required = {f.name for f in fields(cls) if f.default is MISSING}   # a later field may be left out
    if (missing := required - data.keys()) or (extra := data.keys() - names - {"type"}):
        which = f"lacks {', '.join(sorted(missing))}" if missing else f"has unknown {', '.join(sorted(extra))}"
        raise ValueError(f"effects[{i}]: a {cls.__name__} record {which}")
    values = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "card":
            if value not in cards:
                raise ValueError(f"effects[{i}].card: no card {str(value)[:80]!r} in the save")
            value = cards[value]
        elif f.name == "event" and value is not None:     # what a delayed ability's creator saw
            if not isinstance(value, dict):
                raise ValueError(f"effects[{i}].event: not an object")
            value = Seen.from_data(value, f"effects[{i}].event")
        elif isinstance(value, list):           # JSON lists back to the tuples records hold
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        values[f.name] = value
    return cls(**values)


def state_to_data(s: State) -> dict:
    faces: dict[str, dict] = {}
    card_keys: dict[int, str] = {}

    def ck(card: CardDef) -> str:
        k = card_keys.get(id(card))
        if k is None:
            k = card_keys[id(card)] = _card_key(card, faces)
        return k

    def part(c: Component) -> dict:
        return {"card": ck(c.card), "printed": ck(c.printed) if c.printed else None, "token": c.token,
                "token_face": c.token_face}

    objs = [_obj_to_data(o, ck, part) for o in s.objs.values()]
    stack = [dict(_save(i, "card", "event"), card=ck(i.card), modes=list(i.modes), event=_seen(i.event))
             for i in s.stack]
    pending = [dict(_save(t, "card", "event"), card=ck(t.card), event=_seen(t.event)) for t in s.pending_triggers]
    return {
        "format": FORMAT,
        "players": [dict(_save(p, "special_mana"), special_mana=[mana_spend.to_data(m) for m in p.special_mana])
                    for p in s.players],
        "objects": objs,
        "battlefield": list(s.battlefield),
        "phased_out": list(s.phased_out),       # in the order they phased out (CR 702.26b)
        "stack": stack,
        "pending_triggers": pending,
        "effects": [_effect_to_data(e, ck) for e in s.effects],
        "log": list(map(list, s.log_entries())),
        "scalars": {k: getattr(s, k) for k in ("next_id", "turn", "active", "step", "priority",
                                              "passes", "timestamp", "first_player",
                                              "starting_hand", "events_seen", "monarch")}
        | {"next_turns": list(s.next_turns), "variant": s.variant} | ({"left": list(s.left)} if s.left else {})
        | ({"influence": s.influence, "reach": [list(r) for r in s.reach or ()]} if s.influence else {}),
        "stage": list(s.stage),
        "rng": s.rng.state,
        "combat": s.combat,
        "trigger_counts": s.trigger_counts,
        "result": s.result.to_json() if s.result else None,
        "cards": faces,
    }


def _obj_to_data(o: Obj, ck, part) -> dict:
    # Spelled out, like Obj.copy: a save holds every object of the game.
    return {"id": o.id, "card": ck(o.card), "owner": o.owner, "controller": o.controller, "zone": o.zone,
            "tapped": o.tapped, "control_since": o.control_since, "damage": o.damage,
            "counters": dict(o.counters), "attached_to": attachment_data(o.attached_to), "is_token": o.is_token,
            "timestamp": o.timestamp, "attacking": o.attacking, "blocking": list(o.blocking),
            "blocked": o.blocked, "deathtouched": o.deathtouched, "cast_x": o.cast_x, "chosen": o.chosen,
            "token_face": o.token_face, "printed": ck(o.printed) if o.printed else None,
            "cast_costs": o.cast_costs, "activated": o.activated, "designations": o.designations,
            "merged": [part(c) for c in o.merged] if o.merged else [], "phased_out": o.phased_out,
            **({"default_controller": o.default_controller} if o.default_controller is not None else {})}


_PHASED = tuple(Phased)         # by value: quicker than calling the enum for each object


def _obj_from_data(od: dict, cards: dict[str, CardDef]) -> Obj:
    o = _new(Obj)
    o.id = od["id"]
    o.card = cards[od["card"]]
    o.owner = od["owner"]
    o.controller = od["controller"]
    o.zone = od["zone"]
    o.tapped = od["tapped"]
    o.control_since = od["control_since"]
    o.damage = od["damage"]
    o.counters = od["counters"]
    o.attached_to = attachment_from_data(od["attached_to"])
    o.is_token = od["is_token"]
    o.timestamp = od["timestamp"]
    o.attacking = od["attacking"]
    o.blocking = tuple(od["blocking"])
    o.blocked = od["blocked"]
    o.deathtouched = od["deathtouched"]
    o.cast_x = od["cast_x"]
    o.chosen = od["chosen"]
    o.token_face = od["token_face"]
    o.printed = cards[od["printed"]] if od["printed"] else None
    o.cast_costs = tuple(od["cast_costs"])
    o.activated = tuple(od["activated"])
    o.designations = tuple(od["designations"])
    o.merged = tuple(Component(cards[c["card"]], cards[c["printed"]] if c["printed"] else None,
                               c["token"], c["token_face"]) for c in od["merged"]) if od["merged"] else ()
    o.phased_out = _PHASED[od.get("phased_out", 0)]     # CR 702.26b (older saves have none)
    o.default_controller = od.get("default_controller")     # CR 110.2a: absent when its owner
    return o


def _seen(seen: Seen | None) -> dict | None:
    return None if seen is None else seen.to_data()


def _seen_from(data: dict | None, where: str) -> Seen | None:
    return None if data is None else Seen.from_data(data, where)


def _card(face: dict, db) -> CardDef:
    """The database's card when its face is the saved one (no need to compile it again)."""
    if db is not None and face.get("name") in db:
        known = db.get(face["name"])
        # its other faces too: a transformed permanent, an Adventure or a split card's half (or
        # both fused) on the stack, a leveler's face at its level, a bestowed Aura (CR 709, 711,
        # 712, 715, 702.103b)
        for card in (known, known.back, known.adventure, known.fused, known.bestowed, *known.halves,
                     *(f for _b, f in known.levels)):
            if card is not None and card.face == face:
                return card
    return _compiled_face(orjson.dumps(face))


def card_of_face(face: dict) -> CardDef:
    """The definition of an AtomicCards-shaped ``face`` that no card database is at hand for,
    compiled once per process (see :func:`_compiled_face`)."""
    return _compiled_face(orjson.dumps(face))


@lru_cache(maxsize=1024)
def _compiled_face(face_json: bytes) -> CardDef:
    """A saved face no card database has (a token's, a copy's, one with granted text),
    compiled once per process: a definition is immutable, so loads can share it."""
    return CardDef.from_face(orjson.loads(face_json))


def state_from_data(data: dict, db=None) -> State:
    """The state of a save; the save must have passed :func:`save_check.check_save`."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unsupported save format {data.get('format')!r}: this version reads format "
                         f"{FORMAT}; saves from other versions can't be loaded")
    cards = {k: _card(face, db) for k, face in data["cards"].items()}
    s = State.__new__(State)
    s.db = db
    s.layer_cache = s.static_cache = None
    s.settled = False
    s.version, s.facts_cache = 0, None
    s.cow = {}                  # shares no object with any other state yet
    s.players = [_restore(Player, pd, special_mana=tuple(mana_spend.from_data(m) for m in pd.get("special_mana", ())),
                          command=list(pd["command"]), drawn_this_turn=pd.get("drawn_this_turn", 0),
                          spells_cast_this_game=pd.get("spells_cast_this_game", 0),
                          life_lost_this_turn=pd.get("life_lost_this_turn", 0),
                          combat_damage_types=tuple(pd.get("combat_damage_types", ())),
                          attacked_this_turn=pd.get("attacked_this_turn", False),
                          creatures_died_this_turn=pd.get("creatures_died_this_turn", 0),
                          creature_spells_cast_this_turn=pd.get("creature_spells_cast_this_turn", 0),
                          searched_library_this_turn=pd.get("searched_library_this_turn", 0),
                          discarded_this_turn=pd.get("discarded_this_turn", 0),
                          permanents_left_this_turn=pd.get("permanents_left_this_turn", 0),
                          entered_this_turn=tuple((i, tuple(types)) for i, types in pd.get("entered_this_turn", ())),
                          city_blessing=pd.get("city_blessing", False),
                          # saves made before Commander games have none of these (CR 903)
                          commanders=tuple(pd.get("commanders", ())),
                          commander_identity=pd.get("commander_identity", ""),
                          commander_casts=tuple((n, c) for n, c in pd.get("commander_casts", ())),
                          commander_damage=tuple((o, n, d) for o, n, d in pd.get("commander_damage", ())),
                          commander_left=tuple(pd.get("commander_left", ())))
                 for pd in data["players"]]
    s.objs = {od["id"]: _obj_from_data(od, cards) for od in data["objects"]}
    s.battlefield = tuple(data["battlefield"])
    # saves made before phasing kept no order of the phased-out permanents
    s.phased_out = tuple(data.get("phased_out") or (oid for oid, o in s.objs.items() if o.phased_out))
    s.stack = [_restore(StackItem, d, card=cards[d["card"]], modes=tuple(d["modes"]),
                        riders=tuple(tuple(r) for r in d.get("riders", ())),
                        division=tuple(tuple(g) for g in d.get("division", ())),
                        event=_seen_from(d["event"], f"stack[{i}].event"))
               for i, d in enumerate(data["stack"])]
    s.pending_triggers = [_restore(PendingTrigger, d, card=cards[d["card"]],
                                   event=_seen_from(d["event"], f"pending_triggers[{i}].event"))
                          for i, d in enumerate(data["pending_triggers"])]
    s.effects = [_effect_from_data(i, d, cards) for i, d in enumerate(data["effects"])]
    log: tuple | None = None
    if data["log"]:
        turns, steps, texts, rules, kinds = zip(*data["log"])
        for entry in map(_log_entry, zip(turns, steps, texts, map(tuple, rules), kinds)):
            log = (entry, log)
    s.log, s.log_len = log, len(data["log"])
    s.log_listed = None
    sc = data["scalars"]        # each field by name: nothing else of the save is set on the state
    s.next_id, s.turn, s.active, s.step = sc["next_id"], sc["turn"], sc["active"], sc["step"]
    s.priority, s.passes, s.timestamp = sc["priority"], sc["passes"], sc["timestamp"]
    s.first_player, s.starting_hand, s.events_seen = sc["first_player"], sc["starting_hand"], sc["events_seen"]
    s.monarch = sc.get("monarch")       # saves made before the monarch have none
    s.next_turns = tuple(sc.get("next_turns", ()))      # nor those made before extra turns
    s.variant = sc.get("variant", "")                   # nor those made before Commander games
    s.left = tuple(sc.get("left", ()))      # players who left the game (CR 800.4a), none in most saves
    influence = sc.get("influence", 0)      # the range of influence option (CR 801), off in most saves
    s.influence = tuple(influence) if isinstance(influence, list) else influence    # one per player (CR 801.2a)
    s.reach = tuple(map(tuple, sc["reach"])) if s.influence and sc.get("reach") else None
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
