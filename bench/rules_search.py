"""Benchmark: the quality and speed of ``manastack rules search``.

    python bench/rules_search.py [--rules PATH] [--cards FILE] [--eval FILE] [--set dev|test|all]

Runs every query of the evaluation set (``tests/data/rules-search-eval.yaml``) through
manastack's search, through the same search without the judge vocabulary, and through a plain
BM25 baseline over the same SQLite FTS5 index (every query word, no reading of the query), and
prints MRR and recall at 5 and 10 per kind of query. Card rulings are left out of the ranks.
Then it times searches on the built index. The rules text is found as by ``manastack rules``
(``--rules``, ``$MANASTACK_RULES``, a fetched copy, ``../shared/rules/``); ``--cards`` adds a
card file (default: the corpus at ``../shared/cards/`` when present, else the bundled cards).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from manastack.cards import CardError, default_db, load_db
from manastack.rules import RulesError, load_rules
from manastack.rules.evaluation import KINDS, evaluate, load_eval
from manastack.rules.index import open_index
from manastack.rules.query import RulesSearch

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path("..") / "shared" / "cards" / "AtomicCards-2021.json.gz"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", help="the rules text")
    parser.add_argument("--cards", help="a card file (MTGJSON AtomicCards or Scryfall Oracle Cards)")
    parser.add_argument("--eval", default=str(ROOT / "tests" / "data" / "rules-search-eval.yaml"))
    parser.add_argument("--set", default="dev", choices=("dev", "test", "all"))
    args = parser.parse_args()
    console = Console(highlight=False)
    try:
        doc = load_rules(args.rules)
        queries = [q for q in load_eval(args.eval) if args.set in ("all", q.set)]
        card_file = args.cards or (str(CORPUS) if CORPUS.exists() else None)
        cards = load_db(card_file) if card_file else default_db()
    except (RulesError, CardError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        index = open_index(doc, Path(tmp))
        build = time.perf_counter() - start
        systems = {
            "manastack": RulesSearch(doc, index, cards),
            "no vocabulary": RulesSearch(doc, index, cards, vocabulary=[]),
            "BM25": RulesSearch(doc, index, cards, vocabulary=[], expand=False),
        }
        results = {name: evaluate(s, queries) for name, s in systems.items()}
        table = Table(title=f"{len(queries)} queries ({args.set}), rules of {doc.effective}, "
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
