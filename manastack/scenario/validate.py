"""Checking a scenario against ``schema.json``, with errors in plain words at the right line."""
from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from manastack.limits import clip, excerpt

from .errors import ScenarioError, raise_all
from .yamlfile import Map, Seq

SCHEMA_PATH = Path(__file__).with_name("schema.json")
MAX_ERRORS = 20            # problems reported for one file


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def validate(data, file: str) -> None:
    """Raise :class:`ScenarioError` for every place (up to :data:`MAX_ERRORS`) where ``data``
    breaks the schema."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a mapping of keys such as players, script and expect",
                            file, getattr(data, "line", 1))
    errors = []
    for err in sorted(validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))[:MAX_ERRORS]:
        err = _deepest(err)
        path = list(err.absolute_path)
        errors.append(ScenarioError(f"{_where(path)}{_message(err)}", file, _line(data, path, err)))
    raise_all(errors)


def _deepest(err):
    """For a failed oneOf, the branch whose type fits the value says the most."""
    while err.context:
        fitting = [e for e in err.context if e.validator != "type" and not (
            e.validator in ("enum", "const") and isinstance(e.instance, (dict, list)))]
        if not fitting:
            break
        err = best_match(fitting)
    return err


def _where(path: list) -> str:
    if not path:
        return ""
    out = ""
    for p in path:
        out += f"[{p + 1}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return f"in {out}: "


def _message(err) -> str:
    v = err.validator
    if v == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if allowed:
            hints = []
            for k in extra:
                close = difflib.get_close_matches(str(k), allowed, n=1)
                hints.append(f"unknown key {excerpt(str(k))}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            return "; ".join(hints) + f"; allowed keys: {', '.join(allowed)}"
        return f"unexpected {', '.join(excerpt(str(k)) for k in extra[:5])}"
    if v == "required":
        return f"missing key {err.message.split(' ')[0]}"
    if v == "type":
        return f"expected {_types(err.validator_value)}, got {clip(json.dumps(err.instance), 80)}"
    if v == "enum":
        close = difflib.get_close_matches(str(err.instance)[:100], [str(x) for x in err.validator_value], n=1)
        return (f"{excerpt(str(err.instance))} is not one of {', '.join(map(str, err.validator_value))}"
                + (f" (did you mean {close[0]!r}?)" if close else ""))
    if v in ("minItems", "maxItems") and err.absolute_path and err.absolute_path[-1] == "players":
        return f"a scenario has 2 to 8 players, not {len(err.instance)}"
    if v == "oneOf":
        return f"this value doesn't have any of the accepted forms: {clip(json.dumps(err.instance), 80)}"
    return clip(err.message, 200)


def _types(t) -> str:
    names = {"string": "text", "integer": "a whole number", "boolean": "true or false",
             "array": "a list", "object": "a mapping", "null": "nothing"}
    ts = t if isinstance(t, list) else [t]
    return " or ".join(names.get(x, x) for x in ts)


def _line(data, path: list, err) -> int | None:
    node, line = data, getattr(data, "line", None)
    for p in path:
        if isinstance(node, (Map, Seq)):
            try:
                line = node.line_of(p)
                node = node[p]
            except (KeyError, IndexError):
                break
    if err.validator == "additionalProperties" and isinstance(node, Map):
        extra = [k for k in node if k not in err.schema.get("properties", {})]
        if extra:
            line = node.line_of(extra[0])
    return line
