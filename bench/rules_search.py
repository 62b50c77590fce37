"""Benchmark: the quality and speed of ``manastack rules search``, and training its ranker.

    python bench/rules_search.py [--set dev|test] [--rules PATH] [--cards FILE] [--eval FILE]
    python bench/rules_search.py --train        # learn the ranker's weights on the dev half
    python bench/rules_search.py --set test --ranks new.json [--paired old.json]

Runs every query of one half of the evaluation set (``tests/data/rules-search-eval.yaml``)
through manastack's search (with its learned ranker), through the same search ranking by the
summed score alone (no learned step), and through plain BM25 over the same SQLite FTS5 index
(every query word, no reading of the query), and prints MRR and recall at 5 and 10 per kind of
query. Card rulings are left out of the ranks. Then it times searches on the built index.

``--ranks FILE`` writes manastack's rank of the first answer for each query (JSON); ``--paired
FILE`` compares them, query by query, with ranks written so by another version (on the same
queries) and prints the mean change of the reciprocal rank per kind with a 95% paired bootstrap
interval.

``--train`` fits the ranker (a linear model over the features of ``manastack.rules.ranker``,
softmax over each query's candidates, L2-regularised) on the dev half only, prints its 5-fold
cross-validated MRR on the dev half, and writes the weights to
``manastack/rules/ranker-weights.json``, or with the sentence embeddings of the ``search``
extra (when installed; ``--no-embeddings`` leaves them out) to
``manastack/rules/ranker-weights-embedding.json``. The test half is never read by ``--train``.
With the extra, the table has a column for the search without the embeddings too.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

from manastack.cards import CardError, default_db, load_db
from manastack.rules import RulesError, load_rules
from manastack.rules.embedding import open_embedder
from manastack.rules.evaluation import KINDS, EvalQuery, answers, evaluate, first_rank, load_eval
from manastack.rules.index import PassageKind, open_index
from manastack.rules.query import Hit, RulesSearch
from manastack.rules.ranker import EMBEDDING_WEIGHTS_FILE, FEATURES, WEIGHTS_FILE, Ranker, learn_assoc
from manastack.rules.source import cache_dir

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("..") / "shared" / "cards" / "AtomicCards-2021.json.gz"
FOLDS = 5
L2 = 0.01
STEPS = 400
BOOTSTRAP = 10000
"""Resamples of the paired bootstrap."""


class Group:
    """One query's candidates: features (rows), which answer it, its kind, stems and answers."""

    def __init__(self, x, y, kind, stems, refs, answers_) -> None:
        self.x, self.y, self.kind, self.stems, self.refs, self.answers = x, y, kind, stems, refs, answers_

    def with_assoc(self, ranker: Ranker) -> np.ndarray:
        x = self.x.copy()
        cols = [FEATURES.index("assoc_rule"), FEATURES.index("assoc_section")]
        for i, (kind, ref) in enumerate(self.refs):
            if kind is PassageKind.RULE:
                f = ranker.assoc_features(self.stems, ref)
                x[i, cols[0]] = f.get("assoc_rule", 0.0)
                x[i, cols[1]] = f.get("assoc_section", 0.0)
        return x


def groups_of(search: RulesSearch, queries: list[EvalQuery]) -> list[Group]:
    out = []
    for q in queries:
        reading = search.read(q.query)
        cands = search.candidates(reading, search._summed(reading))
        x = np.array([[f.get(name, 0.0) for name in FEATURES] for _, f in cands], dtype=float)
        y = np.array([answers(Hit(kind, ref, "", 0.0), q.answers) for (kind, ref), _ in cands], dtype=bool)
        out.append(Group(x.reshape(len(cands), len(FEATURES)), y, q.kind, reading.stems,
                         [key for key, _ in cands], q.answers))
    return out


def fit_ranker(groups: list[Group]) -> Ranker:
    """The association table from these queries, then the weights with it. Each query's own
    association features are read from the table of the other queries (leave one out): from
    a table that has seen the query's answer, the feature would look stronger in training than
    it is on a new question, and get too much weight."""
    pairs = [(g.stems, g.answers) for g in groups]
    assoc = learn_assoc(pairs)
    rows = [(g.with_assoc(Ranker({}, learn_assoc(pairs[:i] + pairs[i + 1:]))), g.y, g.kind)
            for i, g in enumerate(groups)]
    w = fit(rows)
    return Ranker(dict(zip(FEATURES, map(float, w))), assoc)


def fit(groups: list[tuple[np.ndarray, np.ndarray, str]]) -> np.ndarray:
    """Weights maximising the softmax probability of each query's answering candidates (Adam)."""
    train = [(x, y) for x, y, _ in groups if y.any() and len(y) > 1]
    w = np.zeros(len(FEATURES))
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for step in range(1, STEPS + 1):
        grad = L2 * w
        for x, y in train:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            q = p * y
            q /= q.sum()
            grad += (p - q) @ x / len(train)
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad ** 2
        w -= 0.05 * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return w


def rank_of(x: np.ndarray, y: np.ndarray, w: np.ndarray, depth: int = 10) -> int | None:
    order = np.argsort(-(x @ w), kind="stable")[:depth]
    hits = [i for i, j in enumerate(order, 1) if y[j]]
    return hits[0] if hits else None


def summary(ranks: dict[str, list[int | None]]) -> dict[str, tuple[int, float, float, float]]:
    return {k: (len(rs), sum(1 / r for r in rs if r) / len(rs), sum(1 for r in rs if r and r <= 5) / len(rs),
                sum(1 for r in rs if r and r <= 10) / len(rs)) for k, rs in ranks.items() if rs}


def train(search: RulesSearch, queries: list[EvalQuery], console: Console) -> None:
    dev = [q for q in queries if q.set == "dev"]
    search.ranker = None
    groups = groups_of(search, dev)
    ranks: dict[str, list[int | None]] = {k: [] for k in (*KINDS, "all")}
    for fold in range(FOLDS):
        ranker = fit_ranker([g for i, g in enumerate(groups) if i % FOLDS != fold])
        w = np.array([ranker.weights[f] for f in FEATURES])
        for i, g in enumerate(groups):
            if i % FOLDS == fold:
                r = rank_of(g.with_assoc(ranker), g.y, w)
                ranks[g.kind].append(r)
                ranks["all"].append(r)
    console.print(f"dev half, {FOLDS}-fold cross-validated (MRR, R@5, R@10):")
    for kind, (n, mrr, r5, r10) in summary(ranks).items():
        console.print(f"  {kind:<11} {n:>4}  {mrr:.3f} {r5:.2f} {r10:.2f}")
    ranker = fit_ranker(groups)
    target = ROOT / "manastack" / "rules" / (EMBEDDING_WEIGHTS_FILE if search.embedder else WEIGHTS_FILE)
    target.write_text(json.dumps(ranker.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    console.print(f"weights fitted on all {len(dev)} dev queries written to {target.relative_to(ROOT)}")


def paired(mine: list[dict], other: list[dict], console: Console) -> None:
    """The mean change of the reciprocal rank, per kind, from ``other`` to ``mine``, with a 95%
    paired bootstrap interval (queries resampled with replacement, seeded)."""
    if [m["query"] for m in mine] != [o["query"] for o in other]:
        raise ValueError("the two rank files are not of the same queries")
    rng = np.random.default_rng(33)
    console.print("per query, reciprocal rank this version minus the other (mean, 95% interval, better/worse):")
    for kind in (*KINDS, "all"):
        d = np.array([(1 / m["rank"] if m["rank"] else 0.0) - (1 / o["rank"] if o["rank"] else 0.0)
                      for m, o in zip(mine, other) if kind in ("all", m["kind"])])
        if not len(d):
            continue
        means = d[rng.integers(0, len(d), size=(BOOTSTRAP, len(d)))].mean(axis=1)
        low, high = np.percentile(means, [2.5, 97.5])
        console.print(f"  {kind:<11} {len(d):>4}  {d.mean():+.4f} ({low:+.4f} to {high:+.4f})  "
                      f"{int((d > 1e-9).sum())}/{int((d < -1e-9).sum())}")


CLI_QUERIES = ("trample", "who chooses the order of replacement effects?",
               "two Panharmonicons and Llanowar Elves entering")
_IN_COMMAND = """
import sys, time
import manastack
from manastack.cli import main
start = time.process_time()
try:
    main(["rules", "search", sys.argv[1], "-n", "5"], standalone_mode=False)
finally:
    sys.stderr.write(f"CPU {time.process_time() - start:.4f}\\n")
"""


def _one_run(root: Path, query: str, cache: str) -> tuple[float, float]:
    """(CPU seconds of the command after the package is imported, CPU seconds of the whole
    process) for one warm command line run from ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root), MANASTACK_CACHE=cache,
               MANASTACK_RULES=str(load_rules().path and Path(load_rules().path).resolve()))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", _IN_COMMAND, query], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or "CPU " not in done.stderr:
        raise RuntimeError(f"{root}: {query!r} failed: {done.stderr[-500:]}")
    inner = float(done.stderr.rsplit("CPU ", 1)[1])
    return inner, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cli_time(rounds: int, against: str | None, console: Console) -> int:
    """Warm command lines, old and new interleaved, each with a cache of its own (warmed first)."""
    roots = {"this": ROOT, **({"against": Path(against).resolve()} if against else {})}
    with tempfile.TemporaryDirectory() as tmp:
        caches = {name: str(Path(tmp) / name) for name in roots}
        for name, root in roots.items():
            for q in CLI_QUERIES:
                _one_run(root, q, caches[name])
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in roots}
        for _ in range(rounds):
            for q in CLI_QUERIES:
                for name, root in roots.items():
                    times[name].append(_one_run(root, q, caches[name]))
    for name, runs in times.items():
        console.print(f"{name} ({roots[name]}), {rounds} warm runs per query, CPU seconds (median, max):")
        for i, q in enumerate(CLI_QUERIES):
            mine = runs[i::len(CLI_QUERIES)]
            inner = [a for a, _ in mine]
            whole = [b for _, b in mine]
            console.print(f"  {q!r}: after the package import {statistics.median(inner):.3f}, {max(inner):.3f}; "
                          f"whole process {statistics.median(whole):.3f}, {max(whole):.3f}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", help="the rules text")
    parser.add_argument("--cards", help="a card file (MTGJSON AtomicCards or Scryfall Oracle Cards)")
    parser.add_argument("--eval", default=str(ROOT / "tests" / "data" / "rules-search-eval.yaml"))
    parser.add_argument("--set", default="dev", choices=("dev", "test"))
    parser.add_argument("--train", action="store_true", help="learn the ranker's weights on the dev half")
    parser.add_argument("--ranks", help="write manastack's rank of the first answer of each query to this JSON file")
    parser.add_argument("--paired", help="compare with the ranks of another version written by --ranks")
    parser.add_argument("--no-embeddings", action="store_true",
                        help="leave out the sentence embeddings of the search extra even when installed")
    parser.add_argument("--cli-time", type=int, metavar="ROUNDS",
                        help="time warm `manastack rules search` command lines (CPU seconds), ROUNDS rounds")
    parser.add_argument("--against", help="with --cli-time: another checkout to time, interleaved with this one")
    args = parser.parse_args()
    console = Console(highlight=False)
    if args.cli_time:
        return cli_time(args.cli_time, args.against, console)
    try:
        doc = load_rules(args.rules)
        queries = load_eval(args.eval)
        card_file = args.cards or (str(CORPUS) if CORPUS.exists() else None)
        cards = load_db(card_file) if card_file else default_db()
    except (RulesError, CardError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        index = open_index(doc, Path(tmp))
        build = time.perf_counter() - start
        embedder = None if args.no_embeddings else open_embedder(doc, cache_dir())
        if args.train:
            search = RulesSearch(doc, index, cards)
            search.embedder = embedder
            train(search, queries, console)
            return 0
        queries = [q for q in queries if q.set == args.set]
        systems = {
            "manastack": RulesSearch(doc, index, cards, embedder=embedder),
            **({"no embeddings": RulesSearch(doc, index, cards)} if embedder else {}),
            "summed score": RulesSearch(doc, index, cards, learned=False),
            "BM25": RulesSearch(doc, index, cards, vocabulary=[], expand=False),
        }
        results = {name: evaluate(s, queries) for name, s in systems.items()}
        table = Table(title=f"{len(queries)} queries ({args.set} half), rules of {doc.effective}, "
                            f"cards: {card_file or 'bundled'}")
        table.add_column("kind")
        table.add_column("n", justify="right")
        for name in systems:
            table.add_column(f"{name}\nMRR  R@5  R@10", justify="right")
        for kind in (*KINDS, "all"):
            if kind not in results["BM25"]:
                continue
            row = [kind, str(results["BM25"][kind].count)]
            for name in systems:
                s = results[name][kind]
                row.append(f"{s.mrr:.2f} {s.recall5:.2f} {s.recall10:.2f}")
            table.add_row(*row)
        console.print(table)
        search = systems["manastack"]
        if args.ranks or args.paired:
            ranks = [{"query": q.query, "kind": q.kind, "rank": first_rank(search, q)} for q in queries]
            if args.ranks:
                Path(args.ranks).write_text(json.dumps(ranks, indent=0) + "\n", encoding="utf-8")
            if args.paired:
                try:
                    paired(ranks, json.loads(Path(args.paired).read_text(encoding="utf-8")), console)
                except (OSError, ValueError, KeyError, TypeError) as exc:
                    print(f"error: {args.paired}: {exc}", file=sys.stderr)
                    return 2
        times = []
        for q in queries:
            start = time.perf_counter()
            search.search(q.query, n=10)
            times.append((time.perf_counter() - start) * 1000)
        console.print(f"index build: {build:.2f} s; search (warm, {len(times)} queries, with named cards' rulings): "
                      f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms")
        index.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
