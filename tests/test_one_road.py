"""One road for every change (docs/architecture.md, "One road for every change"): attaching,
unattaching and counters change only in :mod:`manastack.engine.events`, where triggers and
replacement effects see them. Read from the source with :mod:`ast`: any write of an object's
``attached_to`` or ``counters`` elsewhere fails, unless it is one of the exceptions below, each
a place that builds an object rather than changing one in a game, or changes a proposed event."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = {"attached_to", "counters"}
MUTATORS = {"pop", "popitem", "update", "clear", "setdefault", "__setitem__", "__delitem__"}

# (module, function) -> why it may write the fields itself
EXCEPTIONS = {
    ("manastack/engine/state.py", "__init__"): "a new object starts with no counters, attached to nothing",
    ("manastack/engine/state.py", "copy"): "copies an object field by field (copy on write)",
    ("manastack/engine/serialize.py", "_obj_from_data"): "builds an object from a save",
    ("manastack/engine/triggers.py", "_last_known"):
        "builds the look-back copy of a source that has left (CR 603.10), no object of the game",
    ("manastack/engine/mechanics/phasing.py", "_phase_in"):
        "an Aura or Equipment phases in unattached when its host has gone (CR 702.26i): part of "
        "phasing in, no unattach event (CR 702.26j: no ability triggers on it)",
    ("manastack/scenario/build.py", "add_object"): "builds a scenario's starting board, before the game runs",
    ("manastack/scenario/build.py", "set_status"): "builds a scenario's starting board, before the game runs",
    ("manastack/scenario/build.py", "link"): "builds a scenario's starting board, before the game runs",
}
# Replacement effects change the counters of the proposed event (a ``ZoneChange`` or a
# ``CounterPlacement``, CR 614.1a), not of an object: writes through these names are theirs.
PROPOSALS = ("manastack/engine/replacement.py", {"e", "event"})


def _target_of_write(node: ast.AST) -> list[ast.AST]:
    """The expressions ``node`` writes to or mutates in place."""
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        return [ast.Subscript(node.func.value, ast.Constant(None))]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
            and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in FIELDS:
        return [ast.Attribute(node.args[0], node.args[1].value)]
    return []


def _is_field(expr: ast.AST, aliases: set[str]) -> bool:
    """``x.counters`` / ``x.attached_to``, or a name bound to ``x.counters`` in the function."""
    return (isinstance(expr, ast.Attribute) and expr.attr in FIELDS) or \
        (isinstance(expr, ast.Name) and expr.id in aliases)


def writes(tree: ast.AST) -> list[tuple[str, int, str, str]]:
    """(function, line, source, the name written through) of every write of the fields in a
    module's tree."""
    found = []

    def visit(body_owner: ast.AST, function: str) -> None:
        aliases = {t.id for n in ast.walk(body_owner) if isinstance(n, ast.Assign)
                   and isinstance(n.value, ast.Attribute) and n.value.attr == "counters"
                   for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(body_owner):
            if node is not body_owner and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue        # visited as its own function
            for target in _target_of_write(node):
                for part in ast.walk(target) if isinstance(target, ast.Tuple) else [target]:
                    field = part.value if isinstance(part, ast.Subscript) else part
                    if _is_field(part, set()) or (isinstance(part, ast.Subscript) and _is_field(field, aliases)):
                        owner = field.value if isinstance(field, ast.Attribute) else field
                        found.append((function, node.lineno, ast.unparse(node).splitlines()[0],
                                      owner.id if isinstance(owner, ast.Name) else ""))

    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for f in functions:
        visit(f, f.name)
    top = ast.Module([n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))], [])
    visit(top, "<module>")
    return sorted(found, key=lambda f: f[1])


def test_attachments_and_counters_change_only_through_events():
    wrong = []
    for path in sorted((ROOT / "manastack").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "manastack/engine/events.py":
            continue
        for function, line, text, name in writes(ast.parse(path.read_text(encoding="utf-8"))):
            if (rel, function) not in EXCEPTIONS and not (rel == PROPOSALS[0] and name in PROPOSALS[1]):
                wrong.append(f"{rel}:{line} in {function}(): {text}")
    assert not wrong, "changes that don't go through events.py:\n" + "\n".join(wrong)


def test_the_check_finds_each_kind_of_write():
    code = '''
def f(s, o):
    o.attached_to = 3
    s.own(o.id).counters["x"] = 1
    o.counters["y"] += 1
    del o.counters["z"]
    o.counters.pop("w")
    c = s.own(o.id).counters
    c["+1/+1"] -= 1
    setattr(o, "attached_to", None)
    o.attached_to, o.tapped = None, False
def g(o):
    return o.counters.get("x"), o.attached_to == 1, dict(o.counters)
'''
    found = writes(ast.parse(code))
    assert [line for _, line, _, _ in found] == [3, 4, 5, 6, 7, 9, 10, 11]
    assert {function for function, _, _, _ in found} == {"f"}


def test_every_exception_is_still_needed():
    """An exception that no longer writes the fields is taken out of the list."""
    used = set()
    for rel, function in EXCEPTIONS:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        if any(function == f for f, _, _, _ in writes(tree)):
            used.add((rel, function))
    assert used == set(EXCEPTIONS)
