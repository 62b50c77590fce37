"""Start-up stays lean: ``import manastack`` wires the engine and loads nothing else, public
names are imported when first read, and a subcommand loads only its own modules
(docs/architecture.md, "Start-up")."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import manastack

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("manastack.mcts", "manastack.agents", "manastack.sim", "manastack.scenario", "manastack.rules",
         "manastack.game", "manastack.table", "rich", "yaml", "jsonschema")


def _loaded_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running ``code``."""
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                            "HOME": str(Path.home())})
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _heavy(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_importing_the_package_wires_the_engine_and_nothing_more():
    loaded = _loaded_after("import manastack")
    assert "manastack.engine.loop" in loaded
    assert _heavy(loaded) == []


def test_a_public_name_is_imported_when_first_read():
    loaded = _loaded_after("import manastack\nassert manastack.Game.__name__ == 'Game'")
    assert "manastack.game" in loaded and "manastack.sim" not in loaded


def test_cards_show_loads_neither_agents_nor_simulation_nor_scenarios():
    code = ("import sys\nfrom manastack.cli import main\nsys.argv = ['manastack', 'cards', 'show', 'Llanowar Elves']\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code\n")
    loaded = _loaded_after(code)
    assert "manastack.cli_cards" in loaded and "manastack.cli_play" not in loaded
    assert _heavy(loaded) == []


def test_the_public_names_are_those_listed():
    assert sorted(manastack.__all__) == sorted(manastack.PUBLIC)
    for name in manastack.__all__:
        assert getattr(manastack, name) is not None
    assert set(manastack.__all__) <= set(dir(manastack))


def test_help_lists_the_subcommands_without_importing_them():
    code = ("import sys\nfrom manastack.cli import main\nsys.argv = ['manastack', '--help']\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code\n")
    loaded = _loaded_after(code)
    assert not [m for m in loaded if m.startswith("manastack.cli_") and m != "manastack.cli_lazy"]
    assert _heavy(loaded) == []
