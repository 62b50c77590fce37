"""Checking a saved game before anything of it is decoded.

A save comes from outside, so it is checked in two passes before :mod:`serialize` reads it:
its shape against the JSON Schema ``save.schema.json`` (every key, type and bound), then the
states no game can reach: an object listed in two zones or in none (CR 400.1), a zone list
that disagrees with the object's own zone or owner (CR 400.3), ids that name no object or
that repeat, ``next_id`` not above every id (new objects get new ids, CR 400.7), a player
index out of place, a step that doesn't exist (CR 500.1), a card name with no saved face, and
card faces of the wrong JSON types. Each error names its place as a JSON path
(``$.state.players[0].hand[3]``).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import fastjsonschema
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from manastack.cards import CardError, check_faces
from manastack.limits import MAX_DEPTH, depth_of

from .serialize import FORMAT
from .turn import STAGES, STEPS

SCHEMA_PATH = Path(__file__).with_name("save.schema.json")
STEP_NAMES = ("setup",) + STEPS
ZONE_LISTS = ("library", "hand", "graveyard", "exile")


class SaveError(ValueError):
    """A save that can't be loaded: the message names the place in the document."""


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    """The schema as jsonschema reads it: slow, but it names the best place of an error."""
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def fast_validator() -> Callable[[object], object]:
    """The schema compiled to Python code by fastjsonschema: what a good save is checked with
    (about 15x faster than :func:`validator`, which only a bad save then pays for)."""
    return fastjsonschema.compile(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def path_text(path) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def check_save(data) -> None:
    """Raise :class:`SaveError` for the first problem of a loaded save document."""
    if depth_of(data) > MAX_DEPTH:
        raise SaveError(f"$: lists and objects nested deeper than {MAX_DEPTH} levels")
    found = data.get("state", {}).get("format") if isinstance(data, dict) and isinstance(data.get("state"), dict) \
        else None
    if isinstance(found, int) and found != FORMAT:      # a save of another version: say so first
        raise SaveError(f"$.state.format: unsupported save format {found}: this version reads format "
                        f"{FORMAT}; saves from other versions can't be loaded")
    try:
        fast_validator()(data)
    except fastjsonschema.JsonSchemaException:
        err = best_match(validator().iter_errors(data))
        if err is not None:
            raise SaveError(f"{path_text(err.absolute_path)}: {_short(err.message)}") from None
    _check_state(data["state"])


def _short(message: str) -> str:
    return message if len(message) <= 200 else message[:200] + "..."


def _check_state(st: dict) -> None:
    objects: dict[int, tuple[int, dict]] = {}
    for i, od in enumerate(st["objects"]):
        if od["id"] in objects:
            raise SaveError(f"$.state.objects[{i}].id: id {od['id']} is also the id of "
                            f"$.state.objects[{objects[od['id']][0]}]")
        objects[od["id"]] = (i, od)
        for key in ("card", "printed"):
            if od[key] is not None and od[key] not in st["cards"]:
                raise SaveError(f"$.state.objects[{i}].{key}: no saved card {od[key][:80]!r}")
    scalars = st["scalars"]
    if objects and scalars["next_id"] <= max(objects):
        raise SaveError(f"$.state.scalars.next_id: {scalars['next_id']} is not above the largest "
                        f"object id {max(objects)}")
    if scalars["step"] not in STEP_NAMES:
        raise SaveError(f"$.state.scalars.step: unknown step {scalars['step'][:40]!r}; steps are "
                        + ", ".join(STEP_NAMES))
    where: dict[int, str] = {}

    def place(oid: int, path: str, zone: str, owner: int | None) -> None:
        if oid not in objects:
            raise SaveError(f"{path}: id {oid} is no saved object")
        if oid in where:
            raise SaveError(f"{path}: object {oid} is also at {where[oid]}: an object is in one zone")
        od = objects[oid][1]
        if od["zone"] != zone or (owner is not None and od["owner"] != owner):
            whose = f"player {owner}'s " if owner is not None else ""
            raise SaveError(f"{path}: object {oid} is listed in {whose}{zone} but is in player "
                            f"{od['owner']}'s {od['zone']}")
        where[oid] = path

    for p, pd in enumerate(st["players"]):
        if pd["index"] != p:
            raise SaveError(f"$.state.players[{p}].index: {pd['index']} is not its place {p}")
        for zone in ZONE_LISTS:
            for k, oid in enumerate(pd[zone]):
                place(oid, f"$.state.players[{p}].{zone}[{k}]", zone, p)
    for k, oid in enumerate(st["battlefield"]):
        place(oid, f"$.state.battlefield[{k}]", "battlefield", None)
    item_ids: set[int] = set()
    for k, item in enumerate(st["stack"]):
        if item["id"] in item_ids:
            raise SaveError(f"$.state.stack[{k}].id: stack id {item['id']} is used twice")
        item_ids.add(item["id"])
        if item["card"] not in st["cards"]:
            raise SaveError(f"$.state.stack[{k}].card: no saved card {item['card'][:80]!r}")
        if item["kind"] == "spell":
            place(item["source"], f"$.state.stack[{k}].source", "stack", None)
    for k, t in enumerate(st["pending_triggers"]):
        if t["card"] not in st["cards"]:
            raise SaveError(f"$.state.pending_triggers[{k}].card: no saved card {t['card'][:80]!r}")
    lost = [oid for oid in objects if oid not in where]
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
    if stage[0] == "mulligan" and (len(stage) != 2 or stage[1] not in (0, 1)):
        raise SaveError("$.state.stage: a mulligan stage names the player deciding, 0 or 1")
    for key, face in st["cards"].items():
        try:
            check_faces(face.get("name", key), [face], "the save")
        except CardError as exc:
            raise SaveError(f"$.state.cards[{json.dumps(key)[:80]}]: {exc}") from None
