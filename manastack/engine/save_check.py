"""Checking a saved game before anything of it is decoded.

A save comes from outside, so it is checked in two passes before :mod:`serialize` reads it:
its shape against the JSON Schema ``save.schema.json`` (every key, type and bound), then the
states no game can reach: an object listed in two zones or in none (CR 400.1), a zone list
that disagrees with the object's own zone or owner (CR 400.3), ids that name no object or
that repeat, ``next_id`` not above every id (new objects get new ids, CR 400.7), a player
index out of place, a step that doesn't exist (CR 500.1), an unknown kind of occurrence a trigger
saw, a card name with no saved face, and
card faces of the wrong JSON types. Each error names its place as a JSON path
(``$.state.players[0].hand[3]``).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from operator import itemgetter
from pathlib import Path

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from manastack.cards import CardDB, CardError, check_faces
from manastack.limits import MAX_DEPTH, depth_of

from .event_types import EVENT_KINDS
from .serialize import FORMAT
from .turn import STAGES, STEPS
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK

SCHEMA_PATH = Path(__file__).with_name("save.schema.json")
STEP_NAMES = ("setup",) + STEPS
ZONE_LISTS = (LIBRARY, HAND, GRAVEYARD, EXILE, COMMAND)


class SaveError(ValueError):
    """A save that can't be loaded: the message names the place in the document."""


def _players_in_range(st: dict, n: int) -> None:
    """Every player a save names is one of its ``n`` players (the schema allows up to eight)."""
    sc = st["scalars"]
    named = [(f"$.state.scalars.{k}", sc.get(k)) for k in ("active", "priority", "first_player", "monarch")]
    named += [(f"$.state.scalars.{k}[{i}]", p) for k in ("next_turns", "left") for i, p in enumerate(sc.get(k, ()))]
    named += [(f"$.state.scalars.reach[{i}][{j}]", p) for i, r in enumerate(sc.get("reach", ()))
              for j, p in enumerate(r)]
    named += [(f"$.state.objects[{i}].{k}", o[k]) for i, o in enumerate(st["objects"])
              for k in ("owner", "controller", "default_controller") if k in o]     # CR 110.2a
    named += [(f"$.state.stack[{i}].controller", item["controller"]) for i, item in enumerate(st["stack"])]
    named += [(f"$.state.objects[{i}].attached_to.player", o["attached_to"]["player"])
              for i, o in enumerate(st["objects"]) if isinstance(o["attached_to"], dict)]     # CR 303.4b
    if "reach" in sc and len(sc["reach"]) != n:        # one range per player (CR 801.2)
        raise SaveError(f"$.state.scalars.reach: {len(sc['reach'])} ranges of influence for {n} players")
    if isinstance(sc.get("influence"), list) and len(sc["influence"]) != n:    # each player's own (CR 801.2a)
        raise SaveError(f"$.state.scalars.influence: {len(sc['influence'])} ranges of influence for {n} players")
    for path, p in named:
        if p is not None and not 0 <= p < n:
            raise SaveError(f"{path}: player {p} is not one of the save's {n} players")


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    """The schema as jsonschema reads it: slow, but it names the best place of an error."""
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def fast_validator() -> Callable[[object], object]:
    """The schema compiled to Python code by fastjsonschema: what a good save is checked with
    (about 15x faster than :func:`validator`, which only a bad save then pays for). Log
    entries and object records, the bulk of a save, are left to :func:`_records_ok`."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    schema["$defs"]["ids"] = {}
    for name in ("log", "objects"):     # the arrays stay checked, their items are not
        del schema["$defs"]["state"]["properties"][name]["items"]
    return fastjsonschema.compile(schema)


# The schema's object record, log entry and list of ids, checked by hand: a record passes only if the
# schema accepts it (a stricter check only sends a save to the slow schema check, which then
# finds nothing); a record that fails is named by the full schema check.
_BIG = 1_000_000_000
_OBJECT_KEYS = frozenset(("id", "owner", "controller", "zone", "tapped", "control_since", "damage",
                          "counters", "attached_to", "is_token", "timestamp", "attacking", "blocking",
                          "blocked", "deathtouched", "cast_x", "chosen", "token_face", "cast_costs", "card",
                          "printed", "activated", "designations", "merged", "phased_out"))
_ZONES = frozenset((LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD, STACK))


def _ints(column, lo: int, hi: int) -> bool:
    """Every value is a whole number (not a bool) from ``lo`` to ``hi``."""
    return not column or (set(map(type, column)) == {int} and lo <= min(column) and max(column) <= hi)


def _strs(column, most: int) -> bool:
    return not column or (set(map(type, column)) == {str} and max(map(len, column)) <= most)


def _all_of(column, kind: type) -> bool:
    return set(map(type, column)) <= {kind}


def _objects_ok(objects: list) -> bool:
    """Column by column, like :func:`_log_ok`."""
    if not objects:
        return True
    if set(map(type, objects)) != {dict} or set(map(len, objects)) != {len(_OBJECT_KEYS)}:
        return False
    try:        # as many keys as expected, and every expected one: exactly those
        col = dict(zip(_OBJECT_ORDER, zip(*map(_OBJECT_FIELDS, objects))))
    except KeyError:
        return False
    counters, blocking, costs, activated = col["counters"], col["blocking"], col["cast_costs"], col["activated"]
    designations = col["designations"]
    return (_ints(col["id"], 1, _BIG) and _ints(col["owner"], 0, 7) and _ints(col["controller"], 0, 7)
            and _strs(col["zone"], 100) and set(col["zone"]) <= _ZONES
            and _ints(col["control_since"], -_BIG, _BIG) and _ints(col["damage"], 0, _BIG)
            and _ints(col["timestamp"], -_BIG, _BIG) and _ints(col["cast_x"], 0, _BIG)
            and all(_all_of(col[k], bool) for k in ("tapped", "is_token", "blocked", "deathtouched"))
            and _ints([v for v in col["attached_to"] if v is not None and type(v) is not dict], 1, _BIG)
            and _ints([v.get("player") for v in col["attached_to"] if type(v) is dict and len(v) == 1], 0, 7)
            and all(len(v) == 1 for v in col["attached_to"] if type(v) is dict)     # {"player": index}
            and _ints([v for v in col["attacking"] if v is not None], -_BIG, _BIG)
            and _strs([v for v in col["chosen"] if v is not None], 100)
            and _strs([v for v in col["printed"] if v is not None], 20_000) and _strs(col["card"], 20_000)
            and _all_of([v for v in col["token_face"] if v is not None], dict)
            and _all_of(counters, dict) and max(map(len, counters)) <= 1000
            and _ints(list(chain.from_iterable(map(dict.values, counters))), 0, _BIG)
            and _all_of(blocking, list) and max(map(len, blocking)) <= 100_000
            and _ints(list(chain.from_iterable(blocking)), 1, _BIG)
            and _all_of(costs, list) and max(map(len, costs)) <= 100
            and _strs(list(chain.from_iterable(costs)), 100)
            and _all_of(activated, list) and max(map(len, activated)) <= 1000
            and _strs(list(chain.from_iterable(activated)), 40)
            and _all_of(designations, list) and max(map(len, designations)) <= 10
            and _strs(list(chain.from_iterable(designations)), 40)
            and _ints(col["phased_out"], 0, 2)
            and not any(col["merged"]))     # merged permanents (CR 729) are rare: the schema checks them


_OBJECT_ORDER = tuple(sorted(_OBJECT_KEYS))
_OBJECT_FIELDS = itemgetter(*_OBJECT_ORDER)


def _log_ok(log: list) -> bool:
    """Column by column, so that the loops run in C: a save's log is most of it."""
    if not log:
        return True
    if set(map(type, log)) != {list} or set(map(len, log)) != {5}:
        return False
    turns, steps, texts, rules, kinds = zip(*log)
    if set(map(type, turns)) != {int} or min(turns) < 0 or max(turns) > _BIG:
        return False
    for column, most in ((steps, 100), (texts, 20_000), (kinds, 100)):
        if set(map(type, column)) != {str} or max(map(len, column)) > most:
            return False
    if set(map(type, rules)) != {list} or max(map(len, rules)) > 100:
        return False
    every = list(chain.from_iterable(rules))
    return not every or (set(map(type, every)) == {str} and max(map(len, every)) <= 20)


def _records_ok(data: dict) -> bool:
    """Whether every object record, log entry and list of ids of a save the fast schema check
    passed is one the full schema accepts."""
    st = data["state"]
    state_ids, player_ids = _id_fields()
    return (_objects_ok(st["objects"]) and _log_ok(st["log"])
            and all(_ids_ok(st[k]) for k in state_ids if k in st)
            and all(_ids_ok(p[k]) for p in st["players"] for k in player_ids if k in p))


@lru_cache(maxsize=1)
def _id_fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields of the state and of a player record that the schema says are lists of ids
    (zones, the phased-out permanents, the commanders that left): the fast check leaves them to
    :func:`_ids_ok`."""
    defs = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]
    ids = {"$ref": "#/$defs/ids"}
    return tuple(k for k, v in defs["state"]["properties"].items() if v == ids), \
        tuple(k for k, v in defs["player_record"]["properties"].items() if v == ids)


def _ids_ok(ids) -> bool:
    return type(ids) is list and len(ids) <= 100_000 and _ints(ids, 1, _BIG)


def path_text(path) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def check_save(data, depth_checked: bool = False, cards: CardDB | None = None) -> None:
    """Raise :class:`SaveError` for the first problem of a loaded save document. A card face
    the same as that card's face in ``cards`` is not checked again.
    ``depth_checked``: the text it was read from was found nested no deeper than allowed
    (:func:`manastack.limits.json_depth_ok`), so the loaded data need not be walked again."""
    if not depth_checked and depth_of(data) > MAX_DEPTH:
        raise SaveError(f"$: lists and objects nested deeper than {MAX_DEPTH} levels")
    found = data.get("state", {}).get("format") if isinstance(data, dict) and isinstance(data.get("state"), dict) \
        else None
    if isinstance(found, int) and found != FORMAT:      # a save of another version: say so first
        raise SaveError(f"$.state.format: unsupported save format {found}: this version reads format "
                        f"{FORMAT}; saves from other versions can't be loaded")
    try:
        fast_validator()(data)
        if not _records_ok(data):
            raise fastjsonschema.JsonSchemaException("a record the schema may refuse")
    except fastjsonschema.JsonSchemaException:
        err = best_match(validator().iter_errors(data))
        if err is not None:
            raise SaveError(f"{path_text(err.absolute_path)}: {_short(err.message)}") from None
    _check_state(data["state"], cards)


def _short(message: str) -> str:
    return message if len(message) <= 200 else message[:200] + "..."


def _check_state(st: dict, cards: CardDB | None) -> None:
    objects: dict[int, tuple[int, dict]] = {}
    for i, od in enumerate(st["objects"]):
        if od["id"] in objects:
            raise SaveError(f"$.state.objects[{i}].id: id {od['id']} is also the id of "
                            f"$.state.objects[{objects[od['id']][0]}]")
        objects[od["id"]] = (i, od)
        if od.get("phased_out") and od["zone"] != BATTLEFIELD:
            raise SaveError(f"$.state.objects[{i}].phased_out: only a permanent phases out (CR 702.26b)")
        for key in ("card", "printed"):
            if od[key] is not None and od[key] not in st["cards"]:
                raise SaveError(f"$.state.objects[{i}].{key}: no saved card {od[key][:80]!r}")
        if od["merged"] and (od["zone"] != BATTLEFIELD or len(od["merged"]) < 2):
            raise SaveError(f"$.state.objects[{i}].merged: only a permanent is merged, from two or more "
                            "components (CR 729.2)")
        for k, part in enumerate(od["merged"]):         # a merged permanent's components (CR 729.2)
            for key in ("card", "printed"):
                if part[key] is not None and part[key] not in st["cards"]:
                    raise SaveError(f"$.state.objects[{i}].merged[{k}].{key}: no saved card {part[key][:80]!r}")
    scalars = st["scalars"]
    if objects and scalars["next_id"] <= max(objects):
        raise SaveError(f"$.state.scalars.next_id: {scalars['next_id']} is not above the largest "
                        f"object id {max(objects)}")
    if scalars["step"] not in STEP_NAMES:
        raise SaveError(f"$.state.scalars.step: unknown step {scalars['step'][:40]!r}; steps are "
                        + ", ".join(STEP_NAMES))
    for list_name in ("stack", "pending_triggers"):
        for i, entry in enumerate(st[list_name]):
            kind = (entry["event"] or {}).get("kind")
            if kind and kind not in EVENT_KINDS:      # "" (older saves) or absent: none
                raise SaveError(f"$.state.{list_name}[{i}].event.kind: unknown event kind {kind[:40]!r}")
    where: dict[int, tuple[str, int]] = {}     # id -> the list naming it, and the place in it

    def place(oid: int, where_list: str, k: int, zone: str, owner: int | None) -> None:
        found = objects.get(oid)
        if found is not None and oid not in where and found[1]["zone"] == zone \
                and (owner is None or found[1]["owner"] == owner):
            where[oid] = (where_list, k)
            return
        path = f"{where_list}[{k}]" if k >= 0 else where_list
        if found is None:
            raise SaveError(f"{path}: id {oid} is no saved object")
        if oid in where:
            other, i = where[oid]
            other_path = f"{other}[{i}]" if i >= 0 else other
            raise SaveError(f"{path}: object {oid} is also at {other_path}: an object is in one zone")
        od = found[1]
        whose = f"player {owner}'s " if owner is not None else ""
        raise SaveError(f"{path}: object {oid} is listed in {whose}{zone} but is in player "
                        f"{od['owner']}'s {od['zone']}")

    for p, pd in enumerate(st["players"]):
        if pd["index"] != p:
            raise SaveError(f"$.state.players[{p}].index: {pd['index']} is not its place {p}")
        for zone in ZONE_LISTS:
            where_list = f"$.state.players[{p}].{zone}"
            for k, oid in enumerate(pd.get(zone, ())):      # "command": emblems (CR 114)
                place(oid, where_list, k, zone, p)
    for k, oid in enumerate(st["battlefield"]):
        place(oid, "$.state.battlefield", k, BATTLEFIELD, None)
        if objects[oid][1].get("phased_out"):
            raise SaveError(f"$.state.battlefield[{k}]: object {oid} is phased out, so not listed here (CR 702.26b)")
    if "phased_out" in st:      # the phased-out permanents, in the order they phased out
        for k, oid in enumerate(st["phased_out"]):
            path = f"$.state.phased_out[{k}]"
            if oid not in objects or not objects[oid][1].get("phased_out"):
                raise SaveError(f"{path}: object {oid} is no phased-out permanent (CR 702.26b)")
            if oid in where:
                other, i = where[oid]
                raise SaveError(f"{path}: object {oid} is also at {other}[{i}]")
            where[oid] = ("$.state.phased_out", k)
        unlisted = [oid for oid in objects if objects[oid][1].get("phased_out") and oid not in where]
        if unlisted:
            raise SaveError(f"$.state.objects[{objects[unlisted[0]][0]}]: object {unlisted[0]} is phased out "
                            "but not in $.state.phased_out")
    item_ids: set[int] = set()
    for k, item in enumerate(st["stack"]):
        if item["id"] in item_ids:
            raise SaveError(f"$.state.stack[{k}].id: stack id {item['id']} is used twice")
        item_ids.add(item["id"])
        if item["card"] not in st["cards"]:
            raise SaveError(f"$.state.stack[{k}].card: no saved card {item['card'][:80]!r}")
        if item["kind"] == "spell":
            place(item["source"], f"$.state.stack[{k}].source", -1, "stack", None)
    for k, t in enumerate(st["pending_triggers"]):
        if t["card"] not in st["cards"]:
            raise SaveError(f"$.state.pending_triggers[{k}].card: no saved card {t['card'][:80]!r}")
    # a phased-out permanent is on the battlefield but in no list (CR 702.26b)
    lost = [oid for oid in objects if oid not in where and not objects[oid][1].get("phased_out")]
    if lost:
        i, od = objects[lost[0]]
        raise SaveError(f"$.state.objects[{i}]: object {lost[0]} is in no zone list "
                        f"(its zone says {od['zone']})")
    # fastjsonschema applies no "prefixItems" (a 2020-12 keyword), so the fast pass leaves
    # the first item of the stage and of each restricted mana record to be checked here
    stage = st["stage"]
    if stage[0] not in STAGES:
        raise SaveError(f"$.state.stage[0]: {str(stage[0])[:40]!r} is not one of {', '.join(STAGES)}")
    for i, p in enumerate(st["players"]):
        for k, m in enumerate(p["special_mana"]):
            if m[0] not in ("W", "U", "B", "R", "G", "C"):
                raise SaveError(f"$.state.players[{i}].special_mana[{k}][0]: {str(m[0])[:40]!r} is not a mana type")
    n = len(st["players"])
    if stage[0] == "mulligan" and (len(stage) != 2 or stage[1] not in range(n)):
        raise SaveError(f"$.state.stage: a mulligan stage names the player deciding, 0 to {n - 1}")
    _players_in_range(st, n)
    if stage[0] == "priority" and scalars["priority"] is None:
        raise SaveError("$.state.scalars.priority: at a priority stage a player has priority (CR 117.1), "
                        "not null")
    if stage[0] in ("mulligan", "opening_hand") and scalars["first_player"] is None:
        raise SaveError("$.state.scalars.first_player: while players take mulligans the first player "
                        "is chosen (CR 103.1), not null")
    for key, face in st["cards"].items():
        name = face.get("name")
        if cards is not None and isinstance(name, str) and name in cards and cards.get(name).face == face:
            continue        # the database's own card, checked when it was loaded
        try:
            check_faces(face.get("name", key), [face], "the save")
        except CardError as exc:
            raise SaveError(f"$.state.cards[{json.dumps(key)[:80]}]: {exc}") from None
