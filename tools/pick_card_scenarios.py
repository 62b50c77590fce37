"""Pick the cards that need a scenario: a seeded random sample of the cards supported now and not
at a baseline commit, spread over card types.

    python3 tools/pick_card_scenarios.py [--baseline 89d3794] [--count 60] [--seed 2026]
                                          [--corpus ../shared/cards/AtomicCards-2021.json.gz]

A card is "supported" when ``manastack cards coverage`` counts it (``CardDef.fully_supported``).
The baseline's answer comes from that commit's own code (``git archive`` into a temporary
directory, run in a child process). Cards are grouped by their first type in ``TYPE_ORDER``
(cards of none of them, such as Vanguard, are left out: no game plays them);
each group gets a share of ``--count`` in proportion to its size (largest remainders), at least
``MIN_PER_TYPE`` where it has that many, and its cards are drawn with ``random.Random(seed)``
from the sorted names. Prints one ``type<TAB>name`` line per card, in that order.
"""
from __future__ import annotations

import argparse
import io
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from manastack.cards import load_db  # noqa: E402  (the tree beside this script)

TYPE_ORDER = ("Planeswalker", "Creature", "Land", "Instant", "Sorcery", "Enchantment", "Artifact")
MIN_PER_TYPE = 4
LIST_SUPPORTED = """
import sys
from manastack.cards import load_db
db = load_db(sys.argv[1], builtin=False)
print("\\n".join(sorted(n for n in db.names() if db.get(n).fully_supported)))
"""


def supported(tree: Path, corpus: Path) -> set[str]:
    """The corpus cards the code in ``tree`` fully supports, asked in a child process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", LIST_SUPPORTED, str(corpus.resolve())], env=env,
                         cwd=tree, capture_output=True, text=True, check=True)
    return set(out.stdout.split("\n")) - {""}


def baseline_supported(ref: str, corpus: Path) -> set[str]:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref],
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory(prefix="manastack-baseline-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        return supported(Path(tmp), corpus)


def shares(sizes: dict[str, int], count: int) -> dict[str, int]:
    """``count`` split over the groups in proportion to ``sizes`` (largest remainders), with at
    least ``MIN_PER_TYPE`` (or the whole group, if smaller) each."""
    total = sum(sizes.values())
    floor = {t: min(n, MIN_PER_TYPE) for t, n in sizes.items()}
    rest = count - sum(floor.values())
    spare = {t: n - floor[t] for t, n in sizes.items()}
    spare_total = sum(spare.values()) or 1
    exact = {t: rest * spare[t] / spare_total for t in sizes}
    out = {t: floor[t] + int(exact[t]) for t in sizes}
    by_remainder = sorted(sizes, key=lambda t: (-(exact[t] - int(exact[t])), t))
    for t in by_remainder[:count - sum(out.values())]:
        out[t] += 1
    assert total >= count and sum(out.values()) == count
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="89d3794", help="the git ref to compare with")
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--corpus", type=Path, default=Path("../shared/cards/AtomicCards-2021.json.gz"))
    args = ap.parse_args()
    db = load_db(args.corpus, builtin=False)
    new = sorted(supported(ROOT, args.corpus) - baseline_supported(args.baseline, args.corpus))
    groups: dict[str, list[str]] = {}
    for name in new:
        types = db.get(name).types
        kind = next((t for t in TYPE_ORDER if t in types), None)
        if kind is not None:
            groups.setdefault(kind, []).append(name)
    rng = random.Random(args.seed)
    for kind, n in shares({t: len(g) for t, g in groups.items()}, args.count).items():
        for name in sorted(rng.sample(groups[kind], n)):
            print(f"{kind}\t{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
