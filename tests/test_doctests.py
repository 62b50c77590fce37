"""The examples in the package's docstrings run and give what they show (doctest). Every module
whose source holds an example is found by reading the files, so a new example is run without
being listed here; an example that needs a file from outside (the rules text) is marked
``+SKIP``, and none reads the network."""
from __future__ import annotations

import doctest
import importlib
import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OPTIONAL = {"manastack.rl": "gymnasium"}      # a module of an extra -> what it needs


def _modules_with_examples() -> list[str]:
    found = []
    for path in sorted((ROOT / "manastack").rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found.append(name.removesuffix(".__init__"))
    return found


MODULES = _modules_with_examples()


def test_the_examples_are_found():
    assert {"manastack", "manastack.game", "manastack.sim"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_module_run(name):
    for prefix, needs in OPTIONAL.items():
        if name == prefix or name.startswith(prefix + "."):
            pytest.importorskip(needs)
    module = importlib.import_module(name)
    out = io.StringIO()
    with redirect_stdout(out):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, out.getvalue()
