"""Where the engine applies a rule and which scenarios check it, found by reading the project's
own files: code that names a rule (``CR 106.7`` in a docstring or comment), code that writes it
into the game log (a quoted rule number, as in ``add_log(text, ("702.12b",))``), and scenario
files that cite it (their ``cites:`` list).
"""
from __future__ import annotations

import ast
import re
import shlex
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import yaml

PACKAGE_DIR = Path(__file__).resolve().parents[1]
PROJECT_DIR = PACKAGE_DIR.parent
MAX_SCENARIO_BYTES = 1_000_000
CARD_SCENARIOS = "cards"
"""``scenarios/cards/`` holds scenarios of cards from the card corpus, which need ``--cards``."""
DEV_CARDS = PROJECT_DIR.parent / "shared" / "cards"
"""Where a development copy of the card corpus lies beside the project."""

_NUM = r"\d{3}(?:\.\d+[a-z]?)?"
_CITE_START = re.compile(r"\b(?:CR|[Rr]ules?)\s+(?=\d{3})")
_CLAUSE_END = re.compile(r"[;:)\]\"`]|\.(?:\s|$)")
_CITED_NUMBER = re.compile(rf"(?<![\d.])({_NUM})(?:\s*[-\u2013]\s*(\d{{3}}(?:\.\d+[a-z]?)?|\d+|[a-z])\b)?(?![\d])")
_QUOTED = re.compile(rf"[\"']({_NUM})[\"']")
_DEF = re.compile(r"^def (\w+)\(")
_PARTS = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?$")
MAX_RANGE = 40
"""The most rules one cited range stands for."""


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
    """A scenario file that cites ``rule``: ``path`` from the project's root, and whether it
    plays cards beyond the bundled ones (``needs_cards``)."""

    rule: str
    path: str
    name: str
    needs_cards: bool = False

    @property
    def command(self) -> str:
        """The command that runs it, from the current directory."""
        return judge_command([self])


def runnable_path(path: str) -> str:
    """A project-relative path as the current directory reaches it: relative when it lies
    below the current directory, absolute otherwise."""
    full = (PROJECT_DIR / path).resolve()
    try:
        return str(full.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(full)


def default_card_file() -> str | None:
    """The card corpus beside the project (``../shared/cards/AtomicCards*.json.gz``), if any."""
    found = sorted(DEV_CARDS.glob("AtomicCards*.json*")) if DEV_CARDS.is_dir() else []
    return str(found[-1]) if found else None


def judge_command(refs: list["ScenarioRef"], cards: tuple[str, ...] = ()) -> str:
    """``python3 -m manastack judge`` with the scenarios of ``refs``, runnable from the current
    directory, with ``--cards`` (``cards``, else the corpus beside the project, else a
    placeholder) when one of them plays cards that aren't bundled."""
    args = ["python3", "-m", "manastack", "judge", *(runnable_path(r.path) for r in refs)]
    if any(r.needs_cards for r in refs):
        files = list(cards) or [default_card_file() or "CARDFILE"]
        for f in files:
            args += ["--cards", f]
    return " ".join(shlex.quote(a) if a != "CARDFILE" else a for a in args)


def cited_rules(line: str) -> list[str]:
    """The rule numbers a line of code cites: after "CR" or "rule(s)", every number up to the
    end of the clause, ranges expanded ("CR 702.19b, with deathtouch 702.2c" -> 702.19b, 702.2c;
    "CR 601.2g-h" -> 601.2g, 601.2h; "CR 614-616" -> 614, 615, 616). After the first, a number
    without a period counts only in a list ("CR 709, 711"), not in prose ("CR 302.6 for 100 cards")."""
    out: list[str] = []
    for start in _CITE_START.finditer(line):
        rest = line[start.end():]
        end = _CLAUSE_END.search(rest)
        clause = rest[:end.start()] if end else rest
        for i, m in enumerate(_CITED_NUMBER.finditer(clause)):
            first, last = m.group(1), m.group(2)
            if i and "." not in first and not re.search(r"(,|\band|\bor)\s*$", clause[:m.start()]):
                continue
            out += expand_range(first, last) if last else [first]
    return list(dict.fromkeys(out))


def expand_range(first: str, last: str) -> list[str]:
    """The rules from ``first`` to ``last``: "601.2g"-"h", "712.12"-"13", "107.5"-"107.6",
    "709.3"-"709.3b", "614"-"616"; just ``first`` when the range can't be read or is too long."""
    a = _PARTS.match(first)
    if a is None:
        return [first]
    section, rule, letter = a.group(1), a.group(2), a.group(3)
    if len(last) == 1 and last.isalpha():                      # 601.2g-h
        last = f"{section}.{rule}{last}" if rule else ""
    elif last.isdigit() and len(last) != 3 and rule:           # 712.12-13
        last = f"{section}.{last}"
    b = _PARTS.match(last)
    if b is None or b.group(1) < section:
        return [first]
    out: list[str] = []
    if rule is None and b.group(2) is None:                    # sections 614-616
        out = [str(n) for n in range(int(section), int(b.group(1)) + 1)]
    elif b.group(1) == section and rule is not None and b.group(2) is not None:
        if b.group(2) == rule and b.group(3):                  # 601.2g-h, 709.3-709.3b
            start = letter or ""
            out = ([f"{section}.{rule}"] if not start else []) + [
                f"{section}.{rule}{chr(c)}" for c in range(ord(start or "a"), ord(b.group(3)) + 1)]
        elif not letter and not b.group(3) and int(b.group(2)) >= int(rule):   # 107.5-107.6
            out = [f"{section}.{n}" for n in range(int(rule), int(b.group(2)) + 1)]
    return out if 0 < len(out) <= MAX_RANGE else [first]


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
                sites += [Site(SiteKind.CODE, r, rel, n, line.strip()) for r in cited_rules(line)]
                for number in _QUOTED.findall(line):
                    sites.append(Site(SiteKind.LOG, number, rel, n, line.strip()))
        _SITES = sites
    return _SITES


MAX_EFFECT_RULES = 6
"""The most rules taken from the engine function that runs one kind of effect."""
_EFFECT_RULES: dict[str, tuple[str, ...]] | None = None
_TABLE = re.compile(r"\nHANDLERS(?:: [^=\n]+)? = \{")     # the table, annotated or not


def effect_rules() -> dict[str, tuple[str, ...]]:
    """For each kind of effect of the compiled card text (an ``ir`` class name), the rules the
    engine function that runs it cites, in order: read from the engine's ``HANDLERS`` tables
    (``{ir.Draw: _draw, ir.CopySpell: copies.copy_spell, ...}``) and each function's lines
    (``CR`` citations and rule numbers written to the log). Read once per process, from the
    source, without importing the engine."""
    global _EFFECT_RULES
    if _EFFECT_RULES is None:
        engine = PACKAGE_DIR / "engine"
        tables: list[tuple[str, str, str, list[str]]] = []
        for path in sorted(engine.glob("*.py")):
            text = path.read_text(encoding="utf-8")
            found = _TABLE.search(text)
            start = found.start() if found else -1
            first = text.find("\n", start + 1)
            end = first if text[start + 1:first].rstrip().endswith("}") else text.find("\n}\n", start) + 2
            if start >= 0 and end > start:
                table = text[start + 1:end + 1]       # only the table is parsed: the file is long
                lines = table.splitlines()
                for node in ast.parse(table).body:
                    targets = node.targets if isinstance(node, ast.Assign) else \
                        [node.target] if isinstance(node, ast.AnnAssign) else []
                    if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict) and any(
                            isinstance(t, ast.Name) and t.id == "HANDLERS" for t in targets):
                        for key, value in zip(node.value.keys, node.value.values):
                            line = cited_rules(lines[key.lineno - 1]) if key is not None and key.lineno == value.lineno else []
                            if isinstance(key, ast.Attribute) and isinstance(value, ast.Name):
                                tables.append((key.attr, path.stem, value.id, line))
                            elif isinstance(key, ast.Attribute) and isinstance(value, ast.Attribute) \
                                    and isinstance(value.value, ast.Name):
                                tables.append((key.attr, value.value.id, value.attr, line))
        functions: dict[tuple[str, str], list[str]] = {}
        for module in {m for _, m, _, _ in tables}:
            path = engine / f"{module}.py"
            if not path.exists():
                continue
            wanted = {f for _, m, f, _ in tables if m == module}
            lines = path.read_text(encoding="utf-8").splitlines()
            starts = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _DEF.match(line))]
            for (i, name), (j, _) in zip(starts, [*starts[1:], (len(lines), "")]):
                if name in wanted:
                    functions[(module, name)] = [n for line in lines[i:j] if "CR" in line or "rule" in line or '"' in line
                                                 for n in (*cited_rules(line), *_QUOTED.findall(line))]
        _EFFECT_RULES = {effect: tuple(dict.fromkeys([*functions.get((module, function), []), *line]))[:MAX_EFFECT_RULES]
                         for effect, module, function, line in tables}
    return _EFFECT_RULES


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
                    refs.append(ScenarioRef(m.group(0), _relative(path.resolve()), str(data.get("name", path.stem)),
                                            needs_cards=path.parent.name == CARD_SCENARIOS))
        _SCENARIOS = refs
    return _SCENARIOS


def scenarios_for(rule: str) -> list[ScenarioRef]:
    """Scenarios citing ``rule`` or a rule under it, one per file."""
    seen: dict[str, ScenarioRef] = {}
    for ref in scenario_refs():
        if _covers(rule, ref.rule):
            seen.setdefault(ref.path, ref)
    return list(seen.values())
