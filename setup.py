"""Optional compiled build: with ``MANASTACK_COMPILE=1`` the hot engine modules are compiled to C
extension modules with mypyc; without it (the default) the package installs as pure Python.

    pip install -e .                                            # pure Python (the default)
    MANASTACK_COMPILE=1 pip install --no-build-isolation .      # compiled hot modules (needs mypy)
    python3 tools/build_compiled.py                             # a compiled copy in build/compiled/

Everything else about the package is in pyproject.toml. See docs/benchmark.md, "The compiled
build", for what it gains and how to test it.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

# The modules the profile of random games points at (docs/benchmark.md): the priority listing,
# characteristics, events, state-based actions, triggers, legality and mana. They define
# functions and a few data classes that no interpreted module subclasses.
COMPILED = [
    "manastack/engine/characteristics.py",
    "manastack/engine/layers.py",
    "manastack/engine/sba.py",
    "manastack/engine/turn.py",
    "manastack/engine/legality.py",
    "manastack/engine/triggers.py",
    "manastack/engine/combat.py",
    "manastack/engine/loop.py",
    "manastack/engine/events.py",
    "manastack/engine/timing.py",
    "manastack/engine/board_facts.py",
    "manastack/engine/mana/abilities.py",
    "manastack/engine/mana/capacity.py",
    "manastack/engine/mana/payment_search.py",
    "manastack/engine/costs/alternative.py",
]


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def mypy_config() -> Path:
    """A mypy configuration for the build: pyproject's, with errors reported in the compiled
    modules only. mypyc refuses to build while any checked module has an error; the modules it
    does not compile stay interpreted, and their types only inform the compiled ones."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    lines = ["[mypy]", f"python_version = {settings['python_version']}", "",
             "[mypy-manastack.*]", "ignore_errors = True", ""]
    lines += [f"[mypy-{module_name(p)}]\nignore_errors = False\n" for p in COMPILED]
    for override in settings.get("overrides", []):
        lines.append(f"[mypy-{','.join(override['module'])}]")
        lines += [f"{key} = {value}" for key, value in override.items() if key != "module"] + [""]
    out = ROOT / "build" / "mypyc.ini"
    out.parent.mkdir(exist_ok=True)
    out.write_text("\n".join(lines), encoding="utf-8")
    return out


def ext_modules() -> list:
    if os.environ.get("MANASTACK_COMPILE", "") not in ("1", "true", "yes"):
        return []
    from mypyc.build import mypycify     # only the compiled build needs mypy
    return mypycify(["--config-file", str(mypy_config()), *COMPILED],
                    only_compile_paths=COMPILED, opt_level="3")


setup(ext_modules=ext_modules())
