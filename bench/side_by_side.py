"""Side-by-side benchmark: the current tree against a git ref, interleaved, as ratios.

The ref is extracted with ``git archive`` into a temporary directory (removed at the end, also on
error). Each measurement runs ``worker.py`` (copied into that directory, so both sides run the
same measuring code) in its own process with ``PYTHONPATH`` naming one side's tree. For every
round and deck pair the old side runs, then the new one, on the same seeds; a shared machine's
drift then touches both sides alike, and the per-round ratios show how far the noise goes.
"""
from __future__ import annotations

import enum
import io
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from manastack.decks import DeckError, load_deck

WORKER = Path(__file__).with_name("worker.py")
DEFAULT_PAIRS = ("mono-green", "red-green", "gruul-stompy:azorius-skies")
MAX_PAIRS = 8
MAX_REF_LENGTH = 200
MAX_DECK_NAME = 200
PROFILE_LINES_FILE = 50
PROFILE_LINES_PRINTED = 25


class BenchError(Exception):
    """A benchmark that can't run; the message names the input or side at fault."""


class Side(enum.Enum):
    OLD = "old"
    NEW = "new"


@dataclass(frozen=True)
class DeckPair:
    """Two decks as card-name lists, read from the current tree so both sides play the same."""
    name: str
    deck_a: tuple[str, ...]
    deck_b: tuple[str, ...]


@dataclass(frozen=True)
class SideRun:
    """One worker's answer: random play of one deck pair on one side."""
    per_game: tuple[int, ...]
    cpu_s: float
    copy_us: float
    save_load_us: float

    @property
    def decisions(self) -> int:
        return sum(self.per_game)

    @property
    def rate(self) -> float:
        """Decisions per CPU-second."""
        return self.decisions / self.cpu_s


@dataclass
class PairResult:
    """Every round's runs of one deck pair, old and new side in step."""
    name: str
    old: list[SideRun] = field(default_factory=list)
    new: list[SideRun] = field(default_factory=list)

    def ratios(self) -> list[float]:
        """Speed-up (new rate / old rate) of each round."""
        return [n.rate / o.rate for o, n in zip(self.old, self.new)]

    def same_games(self) -> bool:
        """Whether both sides played games of the same lengths (the same games, as a rule)."""
        return all(o.per_game == n.per_game for o, n in zip(self.old, self.new))


def combined(results: list[PairResult]) -> PairResult:
    """All pairs as one: per round and side, the games together and the CPU time summed (copy
    and save+load: the median of the pairs')."""
    total = PairResult("all pairs")
    for side in Side:
        for runs in zip(*(getattr(r, side.value) for r in results)):
            getattr(total, side.value).append(SideRun(
                tuple(n for run in runs for n in run.per_game), sum(run.cpu_s for run in runs),
                statistics.median(run.copy_us for run in runs),
                statistics.median(run.save_load_us for run in runs)))
    return total


def median_of(runs: list[SideRun], measure: Callable[[SideRun], float]) -> float:
    return statistics.median(measure(r) for r in runs)


def parse_pairs(spec: str | None) -> list[DeckPair]:
    """Deck pairs from ``A[:B],...`` (``A`` alone plays the mirror); decks are bundled names or
    decklist files of the current tree."""
    items = [s.strip() for s in (spec.split(",") if spec else DEFAULT_PAIRS)]
    if not all(items) or len(items) > MAX_PAIRS:
        raise BenchError(f"--decks: expected 1 to {MAX_PAIRS} comma-separated pairs A[:B], got {spec!r}")
    pairs = []
    for item in items:
        names = item.split(":")
        if len(names) > 2 or not all(names):
            raise BenchError(f"--decks: {item!r} is not a deck pair A[:B]")
        a, b = names if len(names) == 2 else (names[0], names[0])
        if any(len(n) > MAX_DECK_NAME or "\0" in n for n in (a, b)):
            raise BenchError(f"--decks: {item[:40]!r}...: a deck is a bundled name or a file path "
                             f"of at most {MAX_DECK_NAME} characters")
        try:
            decks = [tuple(load_deck(n).card_names) for n in (a, b)]
        except DeckError as exc:
            raise BenchError(f"--decks: {exc}") from None
        pairs.append(DeckPair(a if a == b else f"{a}:{b}", *decks))
    return pairs


def resolve_ref(root: Path, ref: str) -> str:
    """The commit id of ``ref`` in the repository at ``root``."""
    if not ref or len(ref) > MAX_REF_LENGTH or ref.startswith("-"):
        raise BenchError(f"--against: expected a git ref of 1 to {MAX_REF_LENGTH} characters, got {ref!r}")
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "--quiet",
                              f"{ref}^{{commit}}"], capture_output=True, text=True)
    except OSError as exc:
        raise BenchError(f"--against: can't run git ({exc})") from None
    if out.returncode != 0:
        raise BenchError(f"--against: {ref!r} is not a commit of the repository at {root}")
    return out.stdout.strip()


@contextmanager
def checkout(root: Path, commit: str) -> Iterator[Path]:
    """A temporary directory holding the commit's files under ``tree/`` and the worker script;
    removed on leaving, also on error."""
    tmp = Path(tempfile.mkdtemp(prefix="manastack-bench-"))
    try:
        tree = tmp / "tree"
        tree.mkdir()
        archive = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", commit],
                                 capture_output=True)
        if archive.returncode != 0:
            raise BenchError(f"--against: git archive {commit[:12]} failed: "
                             f"{archive.stderr.decode(errors='replace').strip()}")
        if subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout).returncode:
            raise BenchError(f"--against: can't extract commit {commit[:12]} into {tree}")
        if not (tree / "manastack" / "__init__.py").exists():
            raise BenchError(f"--against: commit {commit[:12]} has no manastack package")
        # Compile now, so that no import inside a timed function pays for compiling.
        if subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "manastack")],
                          capture_output=True).returncode:
            raise BenchError(f"--against: commit {commit[:12]}'s modules don't compile")
        shutil.copy(WORKER, tmp / WORKER.name)
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_script(script: Path, tree: Path, side: str, args: list[str]) -> dict:
    """Run a benchmark ``script`` (copied beside the checkout) on one side's ``tree``: its one
    JSON line of output, checked to come from that tree's manastack."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, str(script), "--side", *args], env=env, cwd=tree,
                         capture_output=True, text=True)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["no message"])[-1]
        raise BenchError(f"the {side} side failed: {last}")
    answer = json.loads(out.stdout)
    if not Path(answer["module"]).resolve().is_relative_to(tree.resolve()):
        raise BenchError(f"the {side} side imported manastack from {answer['module']}")
    return answer


def run_worker(worker: Path, tree: Path, label: str, pair: DeckPair, games: int, seed: int,
               profile: Path | None = None) -> SideRun:
    """Run one job in a fresh process that imports manastack from ``tree``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(tree), os.environ.get("PYTHONPATH", "")) if p), PYTHONHASHSEED="0")
    job = {"deck_a": pair.deck_a, "deck_b": pair.deck_b, "games": games, "seed": seed,
           "profile": str(profile) if profile else None}
    out = subprocess.run([sys.executable, str(worker)], input=json.dumps(job), env=env,
                         cwd=tree, capture_output=True, text=True)
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["no message"])[-1]
        raise BenchError(f"the {label} side failed on {pair.name}: {last}")
    answer = json.loads(out.stdout)
    if not Path(answer["module"]).resolve().is_relative_to(tree.resolve()):
        raise BenchError(f"the {label} side imported manastack from {answer['module']}, "
                         f"not from {tree}")
    return SideRun(tuple(answer["per_game"]), answer["cpu_s"], answer["copy_us"],
                   answer["save_load_us"])


def compare(root: Path, ref: str, pairs: list[DeckPair], rounds: int, games: int, seed: int,
            profile_to: Path | None, progress: Callable[[str], None]
            ) -> tuple[str, list[PairResult], str | None]:
    """Run old/new interleaved for ``rounds`` rounds; return the commit, the results per pair,
    and, if asked, the text of a profile of the current tree's side."""
    commit = resolve_ref(root, ref)
    with checkout(root, commit) as tmp:
        worker, trees = tmp / WORKER.name, {Side.OLD: tmp / "tree", Side.NEW: root}
        labels = {Side.OLD: ref, Side.NEW: "current tree"}
        results = interleave(worker, trees, labels, pairs, rounds, games, seed, progress)
        report = None
        if profile_to is not None:
            dumps = []
            for i, pair in enumerate(pairs):
                progress(f"profiling the current tree, {pair.name}")
                dumps.append(tmp / f"profile-{i}.prof")
                run_worker(worker, root, "current tree", pair, games, seed, dumps[-1])
            report = profile_report(dumps, profile_to, pairs, games, root)
    return commit, results, report


def interleave(worker: Path, trees: dict[Side, Path], labels: dict[Side, str],
               pairs: list[DeckPair], rounds: int, games: int, seed: int,
               progress: Callable[[str], None]) -> list[PairResult]:
    """Each round, each pair: the old side's run, then the new side's, on the same seeds."""
    results = [PairResult(p.name) for p in pairs]
    for r in range(rounds):
        for pair, result in zip(pairs, results):
            for side in (Side.OLD, Side.NEW):
                progress(f"round {r + 1}/{rounds}, {pair.name}: {labels[side]}")
                run = run_worker(worker, trees[side], labels[side], pair, games, seed)
                getattr(result, side.value).append(run)
    return results


def compare_compiled(root: Path, compiled: Path, pairs: list[DeckPair], rounds: int, games: int,
                     seed: int, progress: Callable[[str], None]) -> list[PairResult]:
    """The current tree as pure Python ("old") against its compiled copy in ``compiled``
    (tools/build_compiled.py; "new"), interleaved like ``compare``."""
    stamp = compiled / "SOURCE-DIGEST"
    if not stamp.exists():
        raise BenchError(f"--compiled: no compiled build in {compiled}; "
                         "run python3 tools/build_compiled.py")
    check = subprocess.run([sys.executable, str(root / "tools" / "build_compiled.py"), "--check"],
                           capture_output=True, text=True)
    if check.returncode != 0:
        raise BenchError(f"--compiled: {check.stdout.strip() or check.stderr.strip()}")
    trees = {Side.OLD: root, Side.NEW: compiled}
    labels = {Side.OLD: "pure Python", Side.NEW: "compiled"}
    return interleave(WORKER, trees, labels, pairs, rounds, games, seed, progress)


def profile_listing(dumps: list[Path], title: str, lines: int, root: Path) -> str:
    """The top ``lines`` functions of the merged profile dumps, by cumulative and by own time,
    with file names relative to the tree's root."""
    text = [title]
    for key in ("cumulative", "tottime"):
        stream = io.StringIO()
        pstats.Stats(*map(str, dumps), stream=stream).sort_stats(key).print_stats(lines)
        text.append(f"--- top {lines} by {key} ---\n{stream.getvalue()}")
    return "\n".join(text).replace(f"{root}{os.sep}", "")


def profile_report(dumps: list[Path], out: Path, pairs: list[DeckPair], games: int,
                   root: Path) -> str:
    """Write the longer listing to ``out``; return the shorter one, to print."""
    title = (f"cProfile of the current tree: {games} random games of each of "
             f"{', '.join(p.name for p in pairs)}\n")
    try:
        out.write_text(profile_listing(dumps, title, PROFILE_LINES_FILE, root), encoding="utf-8")
    except OSError as exc:
        raise BenchError(f"--profile: can't write {out} ({exc.strerror})") from None
    return profile_listing(dumps, title, PROFILE_LINES_PRINTED, root)
