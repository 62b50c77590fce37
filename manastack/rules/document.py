"""The Comprehensive Rules as data: numbered rules, their subrules and examples, and the glossary.

The text is the publisher's plain-text edition (one rule or subrule per line, examples after the
rule they illustrate, then the glossary; CR 100.1 onward). Rule numbers have three forms: a
section ("106"), a rule ("106.12") and a subrule ("106.12a").
"""
from __future__ import annotations

import hashlib
import re
import stat
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

MAX_RULES_BYTES = 8_000_000
"""The largest rules file read (the 2026 edition is under 1 MB)."""
MAX_NUMBER_CHARS = 24
"""The longest rule number or glossary term looked up."""
MAX_TERM_CHARS = 80

_SECTION = re.compile(r"^(\d{3})\. (\S.*)$")
_RULE = re.compile(r"^(\d{3}\.\d+)\.? (.*)$")
_SUBRULE = re.compile(r"^(\d{3}\.\d+[a-z]+)\.? (.*)$")
"""A rule is written "606.4. Text" and a subrule "119.1c Text"; the text slips both ways now and
then ("606.5 Text", "119.1d. Text"), so the period is optional in both."""
_NUMBER = re.compile(r"^(?:CR\s*)?(\d{3}(?:\.\d+[a-z]*)?)\.?$", re.IGNORECASE)
_REFS = re.compile(r"\b(?:rules?|sections?)\s+((?:\d{3}(?:\.\d+[a-z]?)?(?:[\u2013-][0-9a-z.]+)?"
                   r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through)\s+)?)+)")
_REF_NUMBER = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")
_EFFECTIVE = re.compile(r"effective as of (\w+ \d{1,2}, \d{4})")


class RulesError(ValueError):
    """A rules file that can't be used, or a bad argument; the message names what and where."""


@dataclass(frozen=True)
class Rule:
    """One numbered rule: a section (``"106"``, ``text`` is its title), a rule (``"106.12"``)
    or a subrule (``"106.12a"``). ``subrules`` are its direct children in order,
    ``see_also`` the rule numbers its text refers to."""

    number: str
    text: str
    subrules: tuple["Rule", ...] = field(default=(), repr=False)
    examples: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()
    parent: str | None = None

    @cached_property
    def title(self) -> str:
        """The section title, or the rule's own text when it is a one-line heading
        ("702.9. Flying")."""
        return self.text if len(self.text) < 60 and not self.text.endswith(".") else ""


@dataclass(frozen=True)
class GlossaryEntry:
    """A glossary term, its definition and the rules it points to."""

    term: str
    text: str
    see_also: tuple[str, ...] = ()


@dataclass
class RulesDoc:
    """A parsed edition of the Comprehensive Rules."""

    path: str
    sha256: str
    effective: str
    rules: dict[str, Rule] = field(repr=False)
    glossary: dict[str, GlossaryEntry] = field(repr=False)

    def get(self, number: str) -> Rule | None:
        """The rule numbered ``number`` ("106.12", "106.12a", "CR 106", "106.12."), or None."""
        if not isinstance(number, str) or len(number) > MAX_NUMBER_CHARS:
            return None
        m = _NUMBER.match(number.strip())
        return self.rules.get(m.group(1)) if m else None

    def text_of(self, number: str) -> str | None:
        """The text of rule ``number``, or None."""
        rule = self.get(number)
        return rule.text if rule else None

    def define(self, term: str) -> GlossaryEntry | None:
        """The glossary entry for ``term``, ignoring case, quotation marks and a plural ending on
        either side ("copiable value" finds "Copiable Values", "intervening if clauses" finds
        'Intervening "If" Clause'), or None."""
        if not isinstance(term, str) or len(term) > MAX_TERM_CHARS:
            return None
        return self._terms.get(term_key(term))

    @cached_property
    def _terms(self) -> dict[str, GlossaryEntry]:
        keys: dict[str, GlossaryEntry] = {}
        for entry in self.glossary.values():
            keys.setdefault(term_key(entry.term), entry)
        return keys

    def __len__(self) -> int:
        return len(self.rules)

    def __iter__(self):
        return iter(self.rules.values())


_QUOTES = re.compile("[\"'\u2018\u2019\u201c\u201d]")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def term_key(term: str) -> str:
    """A glossary term as looked up: lower case, no quotation marks, single spaces, each word
    without a plural ending."""
    return " ".join(_singular(w) for w in _QUOTES.sub("", term).lower().split())


def references(text: str) -> tuple[str, ...]:
    """The rule numbers a text refers to ("See rule 605", "rules 613.1 and 613.2"), in order."""
    found: list[str] = []
    for m in _REFS.finditer(text):
        for n in _REF_NUMBER.findall(m.group(1)):
            if n not in found:
                found.append(n)
    return tuple(found)


def read_rules_text(path: str | Path) -> tuple[str, str]:
    """The text of a rules file and its SHA-256, checked against :data:`MAX_RULES_BYTES`."""
    p = Path(path)
    try:
        st = p.stat()
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):        # a device or a pipe: it may never end
            raise RulesError(f"{p}: not a regular file")
        if st.st_size > MAX_RULES_BYTES:
            raise RulesError(f"{p}: rules file is {st.st_size} bytes; the limit is {MAX_RULES_BYTES}")
        with open(p, "rb") as fh:
            raw = fh.read(MAX_RULES_BYTES + 1)
        if len(raw) > MAX_RULES_BYTES:
            raise RulesError(f"{p}: rules file is larger than the limit of {MAX_RULES_BYTES} bytes")
    except FileNotFoundError:
        raise RulesError(f"{p}: rules file not found") from None
    except IsADirectoryError:
        raise RulesError(f"{p}: is a directory, not a rules file") from None
    except OSError as exc:
        raise RulesError(f"{p}: can't read the rules file ({exc.strerror})") from None
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes almost anything
        raise RulesError(f"{p}: not a text file")
    return text.replace("\r\n", "\n").replace("\r", "\n"), hashlib.sha256(raw).hexdigest()


def parse_rules(text: str, path: str = "<text>", sha256: str = "") -> RulesDoc:
    """Parse the plain-text Comprehensive Rules; raises :class:`RulesError` when the text has
    no numbered rules or no glossary."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    credits = [i for i, line in enumerate(lines) if line.strip() == "Credits"]
    if len(starts) < 2 or not credits:
        raise RulesError(f"{path}: not the Comprehensive Rules: expected a table of contents, "
                         "numbered rules and a glossary")
    body_start = credits[0] + 1
    gloss_start = starts[-1]
    gloss_end = next((i for i in credits if i > gloss_start), len(lines))
    flat = _parse_body(lines[body_start:gloss_start])
    if "100.1" not in flat:
        raise RulesError(f"{path}: no rule 100.1 found; not the Comprehensive Rules")
    rules = _link(flat)
    glossary = _parse_glossary(lines[gloss_start + 1:gloss_end])
    m = _EFFECTIVE.search(text[:2000])
    return RulesDoc(path=str(path), sha256=sha256 or hashlib.sha256(text.encode()).hexdigest(),
                    effective=m.group(1) if m else "", rules=rules, glossary=glossary)


@dataclass
class _Draft:
    number: str
    text: str
    examples: list[str] = field(default_factory=list)


def _parse_body(lines: list[str]) -> dict[str, _Draft]:
    flat: dict[str, _Draft] = {}
    last: _Draft | None = None
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        m = _SUBRULE.match(line) or _RULE.match(line) or _SECTION.match(line)
        if m:
            last = flat[m.group(1)] = _Draft(m.group(1), m.group(2).strip())
        elif last is None:
            continue
        elif line.startswith("Example:"):
            last.examples.append(line[len("Example:"):].strip())
        elif raw[:1].isspace() and last.examples:
            last.examples[-1] += " " + line
        else:
            last.text += " " + line
    return flat


def _parent(number: str) -> str | None:
    if "." not in number:
        return None
    section, rest = number.split(".", 1)
    return f"{section}.{rest.rstrip('abcdefghijklmnopqrstuvwxyz')}" if rest[-1].isalpha() else section


def _link(flat: dict[str, _Draft]) -> dict[str, Rule]:
    children: dict[str, list[str]] = {}
    for number in flat:
        parent = _parent(number)
        if parent in flat:
            children.setdefault(parent, []).append(number)
    built: dict[str, Rule] = {}

    def build(number: str) -> Rule:
        if number not in built:
            d = flat[number]
            built[number] = Rule(number=number, text=d.text,
                                 subrules=tuple(build(c) for c in children.get(number, ())),
                                 examples=tuple(d.examples),
                                 see_also=tuple(n for n in references(" ".join([d.text, *d.examples]))
                                                if n != number),
                                 parent=_parent(number) if _parent(number) in flat else None)
        return built[number]

    for number in reversed(list(flat)):   # children first keeps the recursion shallow
        build(number)
    return {n: built[n] for n in flat}


def _parse_glossary(lines: list[str]) -> dict[str, GlossaryEntry]:
    entries: dict[str, GlossaryEntry] = {}
    block: list[str] = []
    for line in [*lines, ""]:
        if line.strip():
            block.append(line.strip())
            continue
        if len(block) >= 2:
            term, text = block[0], " ".join(block[1:])
            entries[term.lower()] = GlossaryEntry(term=term, text=text, see_also=references(text))
        block = []
    return entries


DATA_VERSION = 1
"""The version of :func:`to_data`'s layout and of the parser: a cached copy of another version
is parsed again, so a change to either must raise it."""


def to_data(doc: RulesDoc) -> dict:
    """The parsed rules as plain data (JSON): each rule in order with its text, examples, "See
    rule" numbers and parent, and each glossary entry."""
    return {"version": DATA_VERSION, "sha256": doc.sha256, "effective": doc.effective,
            "rules": [[r.number, r.text, list(r.examples), list(r.see_also), r.parent] for r in doc],
            "glossary": [[g.term, g.text, list(g.see_also)] for g in doc.glossary.values()]}


def from_data(data: object, path: str, sha256: str) -> RulesDoc:
    """The rules from :func:`to_data`'s output; raises ``ValueError`` when the data isn't that
    (another version, another file's hash, a wrong shape, a parent that isn't there)."""
    if not isinstance(data, dict) or data.get("version") != DATA_VERSION or data.get("sha256") != sha256:
        raise ValueError("not the cached rules of this file")
    rows, gloss = data.get("rules"), data.get("glossary")
    if not isinstance(rows, list) or not isinstance(gloss, list) or not rows or not gloss:
        raise ValueError("no rules or no glossary")
    children: dict[str, list[str]] = {}
    flat: dict[str, tuple] = {}
    for row in rows:
        number, text, examples, see_also, parent = row
        if not (isinstance(number, str) and isinstance(text, str) and isinstance(examples, list)
                and isinstance(see_also, list) and (parent is None or parent in flat)):
            raise ValueError(f"bad rule {number!r}")
        flat[number] = (text, tuple(map(str, examples)), tuple(map(str, see_also)), parent)
        if parent is not None:
            children.setdefault(parent, []).append(number)
    if "100.1" not in flat:
        raise ValueError("no rule 100.1")
    built: dict[str, Rule] = {}
    for number in reversed(list(flat)):        # children come after their parent
        text, examples, see_also, parent = flat[number]
        built[number] = Rule(number, text, tuple(built[c] for c in children.get(number, ())), examples, see_also,
                             parent)
    glossary = {}
    for term, text, see_also in gloss:
        glossary[str(term).lower()] = GlossaryEntry(str(term), str(text), tuple(map(str, see_also)))
    return RulesDoc(path=path, sha256=sha256, effective=str(data.get("effective", "")),
                    rules={n: built[n] for n in flat}, glossary=glossary)
