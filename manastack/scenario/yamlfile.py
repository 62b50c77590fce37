"""Reading YAML while keeping the line of every mapping key and list item, so that errors can
point at the line a user wrote (PyYAML's composed nodes carry those marks)."""
from __future__ import annotations

import yaml

from manastack.limits import MAX_DEPTH, MAX_NUMBER_CHARS, MAX_SCENARIO_BYTES, MAX_YAML_NODES

from .errors import ScenarioError

# libyaml's parser where PyYAML was built with it: linear and fast (a 900 KB scalar in
# milliseconds, not seconds); PyYAML's own otherwise. Both give the marks errors point at.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Map(dict):
    """A mapping that remembers its own line and the line of each key."""

    line: int = 0
    key_lines: dict

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class Seq(list):
    """A list that remembers its own line and the line of each item."""

    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if 0 <= index < len(self.item_lines) else self.line


def line_of(container, key) -> int | None:
    """The line of ``container[key]`` (a key of a Map or an index of a Seq), if known."""
    if isinstance(container, (Map, Seq)):
        return container.line_of(key)
    return None


def load_yaml(text: str, file: str):
    """Parse ``text``; YAML syntax errors, duplicate keys and documents beyond the bounds of
    docs/limits.md (size, nesting depth, nodes with aliases expanded) become
    :class:`ScenarioError`."""
    if len(text) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"the scenario is longer than the {MAX_SCENARIO_BYTES:,} characters allowed", file)
    try:
        _check_depth(text, file)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "unreadable YAML"
        if exc.context and exc.context_mark and exc.problem:
            what += f" ({exc.context}, which began on line {exc.context_mark.line + 1})"
        raise ScenarioError(f"YAML syntax error: {what}", file, line) from None
    except yaml.reader.ReaderError as exc:      # a character YAML doesn't allow: said at its line
        line = text.count("\n", 0, exc.position) + 1
        raise ScenarioError(f"YAML syntax error: {str(exc).splitlines()[0]}", file, line) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"YAML syntax error: {str(exc).splitlines()[0]}", file) from None
    if node is None:
        raise ScenarioError("the file is empty", file, 1)
    return _convert(node, file, [0])


def _check_depth(text: str, file: str) -> None:
    """Refuse lists and mappings nested deeper than MAX_DEPTH, from the parser's events (which
    don't recurse), before the composer (which does) sees them. An alias counts as deep as the
    value its anchor names, so anchors that nest one another are measured too."""
    depth = 0
    anchored: dict[str, int] = {}          # anchor -> the depth of the value it names
    open_: list[list] = []                 # per open list or mapping: [anchor, its depth, deepest inside]
    for event in yaml.parse(text, Loader=_LOADER):
        reached = None
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            open_.append([event.anchor, depth, depth])
            reached = depth
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            anchor, start, deepest = open_.pop()
            if anchor is not None:
                anchored[anchor] = deepest - start + 1
            if open_:
                open_[-1][2] = max(open_[-1][2], deepest)
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            reached = depth + anchored.get(event.anchor, 0)
            if open_:
                open_[-1][2] = max(open_[-1][2], reached)
        elif isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
            anchored[event.anchor] = 0
        if reached is not None and reached > MAX_DEPTH:
            raise ScenarioError(f"lists and mappings nested deeper than {MAX_DEPTH} levels"
                                + (" (with aliases expanded)" if isinstance(event, yaml.AliasEvent) else ""),
                                file, event.start_mark.line + 1)


_SCALAR = yaml.SafeLoader("")


def _convert(node, file: str, seen: list[int]):
    """The data of ``node``; ``seen[0]`` counts the nodes made so far, so that aliases can't
    expand a small file into a huge document ("billion laughs")."""
    line = node.start_mark.line + 1
    seen[0] += 1
    if seen[0] > MAX_YAML_NODES:
        raise ScenarioError(f"more than {MAX_YAML_NODES:,} values once aliases are expanded", file, line)
    if isinstance(node, yaml.MappingNode):
        out = Map()
        out.line = line
        out.key_lines = {}
        _SCALAR.flatten_mapping(node)
        for k_node, v_node in node.value:
            key = _convert(k_node, file, seen)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise ScenarioError("a mapping key must be a plain word or number", file,
                                    k_node.start_mark.line + 1)
            if key in out:
                raise ScenarioError(f"duplicate key {key!r} (first on line {out.key_lines[key]})",
                                    file, k_node.start_mark.line + 1)
            out[key] = _convert(v_node, file, seen)
            out.key_lines[key] = k_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = Seq(_convert(v, file, seen) for v in node.value)
        seq.line = line
        seq.item_lines = [v.start_mark.line + 1 for v in node.value]
        return seq
    _check_scalar(node, file, line)
    try:
        value = _SCALAR.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        why = getattr(exc, "problem", None) or str(exc).splitlines()[0]     # one line, no excerpt
        raise ScenarioError(f"unreadable value: {why}", file, line) from None
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ScenarioError("a lone surrogate (an escape such as \\ud800) is not Unicode text",
                                file, line) from None
    return value


_INT_TAG, _FLOAT_TAG = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_READ_TAGS = {_INT_TAG, _FLOAT_TAG, "tag:yaml.org,2002:str", "tag:yaml.org,2002:bool",
              "tag:yaml.org,2002:null", "tag:yaml.org,2002:merge"}
_TAG_WORDS = {"tag:yaml.org,2002:timestamp": "a date or time", "tag:yaml.org,2002:binary": "binary data"}


def _check_scalar(node, file: str, line: int) -> None:
    """Refuse the scalars YAML 1.1 reads as something no scenario holds: dates and times,
    ``!!binary``, sexagesimal numbers (``1:30`` read as 90), and numbers longer than
    MAX_NUMBER_CHARS characters (Python refuses to read integers of over 4,300 digits, and a
    long sexagesimal number takes quadratic time)."""
    tag = node.tag
    if tag not in _READ_TAGS:
        what = _TAG_WORDS.get(tag, f"a value tagged {tag.removeprefix('tag:yaml.org,2002:')!r}"[:60])
        raise ScenarioError(f"{what} can't be read here; quote it to write it as text", file, line)
    if tag in (_INT_TAG, _FLOAT_TAG):
        if ":" in node.value:
            raise ScenarioError("a sexagesimal number (digits separated by ':') can't be read here; "
                                "quote it to write it as text", file, line)
        if len(node.value) > MAX_NUMBER_CHARS:
            raise ScenarioError(f"a number of more than {MAX_NUMBER_CHARS} characters", file, line)
