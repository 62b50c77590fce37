"""Modules import downward only (docs/architecture.md, "Layers").

The import graph is read from the source with :mod:`ast`, not from the order in which Python
happens to import things: no module-level import cycle, no import inside a function, every import
from the same layer or one below. Then each module is imported alone in a fresh interpreter, with
nothing of the package loaded before it but the layers below its own.
"""
from __future__ import annotations

import pytest

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "manastack"

# Bottom to top. A module belongs to the first layer with a prefix of its name; the package's own
# __init__ (which gathers the public API) is the top.
PACKAGE_LAYERS = (
    ("data", ("manastack.limits", "manastack.mana", "manastack.rng", "manastack.oracle", "manastack.user_cache",
              "manastack.gc_tuning")),
    ("card databases", ("manastack.cards", "manastack.decks")),
    ("engine", ("manastack.engine",)),
    ("API", ("manastack.game", "manastack.choices", "manastack.determinize", "manastack.mcts", "manastack.tactician",
             "manastack.agents")),
    ("tools", ("manastack.scenario", "manastack.table", "manastack.rules", "manastack.sim", "manastack.rl", "manastack.fuzz", "manastack.cli",
               "manastack.cli_cards", "manastack.cli_cards_fetch", "manastack.cli_coverage", "manastack.cli_judge", "manastack.cli_lazy",
               "manastack.cli_play", "manastack.cli_rules", "manastack.cli_rules_ask", "manastack.cli_rules_fetch", "manastack.cli_rules_text", "manastack.cli_simulate", "manastack.__main__",
               "manastack.web", "manastack.cli_serve")),
)
ENGINE_LAYERS = (
    ("vocabulary", ("abilities", "decisions", "exercise", "wording", "zones")),
    ("state", ("commanders", "effect_records", "event_types", "influence", "mechanics.merged", "monarch", "runner", "state", "upcalls")),
    ("characteristics", ("board_facts", "characteristics", "conditions", "continuous", "filters", "layers")),
    ("queries", ("activation_limits", "aura_placement", "mechanics.bestow", "block_declarations", "card_names", "costs.checks", "mana.replacement", "mana.spend", "mana.types", "replacement", "resolution",
                 "costs.spell_costs", "targets", "timing",
                 "attack_targets", "mechanics.loyalty")),
    ("rules", ("mechanics.adventure", "costs.alternative", "casting", "mechanics.cipher", "mechanics.clash", "combat", "control", "copies", "costs.parts", "mechanics.crew", "mechanics.double_faced", "edicts", "effects", "emblems", "events", "mechanics.face_up",
               "mechanics.flip_cards", "free_casting", "game_end", "game_outcome", "mechanics.haunt", "keyword_effects", "skips", "token_copies", "leave_game", "mechanics.levelers", "mana.abilities", "mana.capacity", "mechanics.morph", "mechanics.mutate", "mana.payment_search", "mechanics.phasing", "placement_effects", "resolve", "mechanics.sagas", "sba", "mechanics.soulbond", "mechanics.splice", "mechanics.split_cards",
               "mechanics.suspend", "triggers", "costs.unless", "mechanics.votes")),
    # a sub-package's own module (its docstring only) stands last, its members in their layers
    ("game loop", ("mana", "costs", "mechanics", "legality", "loop", "mana.query", "save_check", "serialize", "support", "turn", "view")),
)


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for every module of ``package`` under ``root``."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _targets(node: ast.Import | ast.ImportFrom, here: str, is_package: bool, known) -> set[str]:
    """The package's modules an import statement names (``from a import b`` names ``a.b`` when
    that is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        names = {a.name for a in node.names}
    else:
        base = node.module or ""
        if node.level:
            parts = here.split(".") if is_package else here.split(".")[:-1]
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join(parts + ([base] if base else []))
        names = {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}
    return {n for n in names if n in known}


# The one kind of import made inside a function that is allowed: ``importlib.import_module`` in a
# lazy loader (file -> function), which imports a module named in a table of the package's own
# modules. Every string in a module that names one of the package's modules counts as an import
# of it, so the modules these tables name are held to the same rules (layers, no cycles).
LAZY_LOADERS = {"manastack/__init__.py": "__getattr__", "manastack/cli_lazy.py": "get_command"}


def _is_dynamic_import(node: ast.AST, package: str) -> bool:
    """``importlib.import_module(...)``, ``import_module(...)`` or ``__import__(...)`` of one of
    the package's modules or of a computed name (an optional third-party extra named by a
    literal, such as ``"ray"``, is no part of the package's structure)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    if not ((isinstance(f, ast.Attribute) and f.attr == "import_module")
            or (isinstance(f, ast.Name) and f.id in ("import_module", "__import__"))):
        return False
    arg = node.args[0] if node.args else None
    return not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                and arg.value.split(".")[0] != package)


def import_graph(root: Path, package: str) -> tuple[dict[str, set[str]], list[str]]:
    """(module -> modules it imports at module level or names as a string, imports made
    inside functions as ``"file:line: statement"``). A submodule's import of its own parent
    package is left out: Python has run the parent before the submodule anyway."""
    files = module_files(root, package)
    graph: dict[str, set[str]] = {}
    inner: list[str] = []
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        is_package = path.name == "__init__.py"
        rel = path.relative_to(root).as_posix()
        edges: set[str] = set()
        stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
        while stack:
            node, function = stack.pop()
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if function is not None:
                    inner.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
                else:
                    edges |= _targets(node, name, is_package, files)
            elif _is_dynamic_import(node, package) and LAZY_LOADERS.get(rel) != function:
                inner.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in files:
                edges.add(node.value)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                function = node.name
            elif isinstance(node, ast.Lambda):
                function = "<lambda>"
            stack.extend((child, function) for child in ast.iter_child_nodes(node))
        graph[name] = {t for t in edges if t != name and not name.startswith(t + ".")}
    return graph, inner


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer_of(name: str, layers, prefix: str = "", top: str = PACKAGE) -> int:
    """The index of ``name``'s layer; the bare package ``top`` is above them all."""
    for i, (_title, members) in enumerate(layers):
        if any(name == prefix + m or name.startswith(prefix + m + ".") for m in members):
            return i
    if name == top:
        return len(layers)
    raise AssertionError(f"{name} is in no layer: add it to the layer table here and in docs/architecture.md")


def upward(graph: dict[str, set[str]], layers, prefix: str = "", top: str = PACKAGE) -> list[str]:
    """Imports from a lower layer to a higher one, among the modules under ``prefix``."""
    out = []
    for name, deps in sorted(graph.items()):
        if not name.startswith(prefix):
            continue
        mine = layer_of(name, layers, prefix, top)
        for dep in sorted(d for d in deps if d.startswith(prefix)):
            theirs = layer_of(dep, layers, prefix, top)
            if theirs > mine:
                out.append(f"{name} ({layers[mine][0] if mine < len(layers) else 'top'}) imports "
                           f"{dep} ({layers[theirs][0]})")
    return out


GRAPH, INNER = import_graph(ROOT, PACKAGE)


def test_no_import_inside_a_function():
    assert INNER == [], "imports belong at the top of the module:\n" + "\n".join(INNER)


def test_no_module_level_import_cycle():
    assert cycles(GRAPH) == []


def test_packages_import_downward():
    assert upward(GRAPH, PACKAGE_LAYERS) == []


def test_engine_modules_import_downward():
    assert upward(GRAPH, ENGINE_LAYERS, "manastack.engine.") == []


def test_the_checks_see_cycles_inner_imports_and_upward_imports(tmp_path):
    """The same functions, on a small package made to break every rule."""
    pkg = tmp_path / "demo"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from demo.sub import a\n")
    (pkg / "sub" / "a.py").write_text("from . import b\n")
    (pkg / "sub" / "b.py").write_text("import demo.sub.c\n")
    (pkg / "sub" / "c.py").write_text("from .a import x\n\n\ndef f():\n    from demo import low\n")
    (pkg / "low.py").write_text("from demo.sub import b\n")
    (pkg / "lazy.py").write_text("import importlib\n\n\ndef g(name):\n    return importlib.import_module(name)\n"
                                 "\n\ndef h():\n    return importlib.import_module('ray')\n")
    (pkg / "table.py").write_text("TABLE = {'x': 'demo.sub.b'}\n")
    graph, inner = import_graph(tmp_path, "demo")
    assert cycles(graph) == [["demo.sub.a", "demo.sub.b", "demo.sub.c"]]
    assert inner == [f"{Path('demo/lazy.py')}:5: importlib.import_module(name)",
                     f"{Path('demo/sub/c.py')}:5: from demo import low"]
    assert graph["demo.table"] == {"demo.sub.b"}    # a module named in a table is a dependency
    layers = (("low", ("demo.low", "demo.lazy", "demo.table")), ("high", ("demo.sub",)))
    assert upward(graph, layers, top="demo") == ["demo.low (low) imports demo.sub.b (high)",
                                                 "demo.table (low) imports demo.sub.b (high)"]


ALONE = textwrap.dedent("""
    import importlib, sys, types
    root, names, layers = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
    package = types.ModuleType("manastack")      # its __init__ imports everything: left out
    package.__path__ = [root + "/manastack"]
    failed = []
    for name, layer in zip(names, layers):
        for loaded in [m for m in sys.modules if m.split(".")[0] == "manastack"]:
            if loaded not in names or int(layers[names.index(loaded)]) >= int(layer):
                del sys.modules[loaded]
        sys.modules["manastack"] = package
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    print("\\n".join(failed))
""")


@pytest.mark.slow
def test_each_module_imports_alone():
    """Each module is imported into an interpreter holding none of the package but the package
    layers below its own (kept loaded, so the Oracle grammar is built once per layer): a module
    that works only when something else was imported first fails here."""
    names = [n for n in GRAPH if n != PACKAGE and not n.endswith("__main__")]
    names.sort(key=lambda n: (layer_of(n, PACKAGE_LAYERS), n))
    layers = [str(layer_of(n, PACKAGE_LAYERS)) for n in names]
    done = subprocess.run([sys.executable, "-c", ALONE, str(ROOT), " ".join(names), " ".join(layers)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
