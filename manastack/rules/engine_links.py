"""Where the engine applies a rule and which scenarios check it, found by reading the project's
own files: code that names a rule (``CR 106.7`` in a docstring or comment), code that writes it
into the game log (a quoted rule number, as in ``add_log(text, ("702.12b",))``), and scenario
files that cite it (their ``cites:`` list).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import yaml

PACKAGE_DIR = Path(__file__).resolve().parents[1]
PROJECT_DIR = PACKAGE_DIR.parent
MAX_SCENARIO_BYTES = 1_000_000

_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
_CITED = re.compile(rf"\bCR ({_NUM}(?:[a-z]?-[a-z])?(?:(?:,\s*|\s+and\s+){_NUM}(?:-[a-z])?)*)")
_QUOTED = re.compile(rf"[\"']({_NUM})[\"']")
_RANGE = re.compile(r"^(\d{3}\.\d+)([a-z])-([a-z])$")


class SiteKind(str, Enum):
    CODE = "code"     # the rule is named in the code
    LOG = "log"       # the rule is written into the game log


@dataclass(frozen=True)
class Site:
    """A line of the package that cites ``rule``."""

    kind: SiteKind
    rule: str
    path: str
    line: int
    text: str


@dataclass(frozen=True)
class ScenarioRef:
    """A scenario file that cites ``rule``, and the command that runs it."""

    rule: str
    path: str
    name: str

    @property
    def command(self) -> str:
        return f"python3 -m manastack judge {self.path}"


def _expand(cited: str) -> list[str]:
    """"106.12a-b, 605.4a" -> 106.12a, 106.12b, 605.4a."""
    out = []
    for part in re.split(r",\s*|\s+and\s+", cited):
        m = _RANGE.match(part)
        if m:
            out += [f"{m.group(1)}{chr(c)}" for c in range(ord(m.group(2)), ord(m.group(3)) + 1)]
        elif part:
            out.append(part)
    return out


def _relative(path: Path) -> str:
    try:
        return str(path.relative_to(PROJECT_DIR))
    except ValueError:
        return str(path)


_SITES: list[Site] | None = None


def code_sites() -> list[Site]:
    """Every line of the package citing a rule (read once per process)."""
    global _SITES
    if _SITES is None:
        sites = []
        for path in sorted(PACKAGE_DIR.rglob("*.py")):
            if path.parent.name == "rules" and path.parent.parent == PACKAGE_DIR:
                continue   # this package cites rules as data, not as rules it applies
            rel = _relative(path)
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in _CITED.finditer(line):
                    sites += [Site(SiteKind.CODE, r, rel, n, line.strip()) for r in _expand(m.group(1))]
                for number in _QUOTED.findall(line):
                    sites.append(Site(SiteKind.LOG, number, rel, n, line.strip()))
        _SITES = sites
    return _SITES


def _covers(rule: str, cited: str) -> bool:
    """Whether a citation of ``cited`` applies ``rule``: the rule itself or a rule under it."""
    return cited == rule or (cited.startswith(rule) and not cited[len(rule):len(rule) + 1].isdigit())


def sites_for(rule: str) -> list[Site]:
    """Code sites citing ``rule`` or a rule under it."""
    return [s for s in code_sites() if _covers(rule, s.rule)]


def scenario_dir() -> Path:
    """The project's ``scenarios/`` beside the package, else ``scenarios/`` here."""
    beside = PROJECT_DIR / "scenarios"
    return beside if beside.is_dir() else Path("scenarios")


_SCENARIOS: list[ScenarioRef] | None = None


def scenario_refs() -> list[ScenarioRef]:
    """Every (rule, scenario) pair from the scenario files' ``cites:`` lists."""
    global _SCENARIOS
    if _SCENARIOS is None:
        refs = []
        for path in sorted(scenario_dir().rglob("*.yaml")):
            try:
                if path.stat().st_size > MAX_SCENARIO_BYTES:
                    continue
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError):
                continue   # `manastack judge` reports a broken file; here it cites nothing
            if not isinstance(data, dict):
                continue
            for cite in data.get("cites") or ():
                m = re.match(_NUM, str(cite))
                if m:
                    refs.append(ScenarioRef(m.group(0), _relative(path.resolve()), str(data.get("name", path.stem))))
        _SCENARIOS = refs
    return _SCENARIOS


def scenarios_for(rule: str) -> list[ScenarioRef]:
    """Scenarios citing ``rule`` or a rule under it, one per file."""
    seen: dict[str, ScenarioRef] = {}
    for ref in scenario_refs():
        if _covers(rule, ref.rule):
            seen.setdefault(ref.path, ref)
    return list(seen.values())
