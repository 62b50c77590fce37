"""Build, check or remove the optional compiled copy of the package (mypyc, setup.py's list).

    python3 tools/build_compiled.py            # build build/compiled/manastack (a few minutes)
    python3 tools/build_compiled.py --check    # is build/compiled up to date with manastack/?
    python3 tools/build_compiled.py --clean    # remove it, and compiled modules in manastack/

The build copies ``manastack/`` into ``build/compiled/`` (git ignores ``build/``) and compiles
the hot modules there, so the source tree keeps no extension module that would shadow its
``.py`` files: nothing runs compiled unless asked, with
``PYTHONPATH=build/compiled`` (see docs/benchmark.md, "The compiled build"). The copy records a
digest of the sources it was built from; ``--check`` compares it with the tree's, and every
build starts from an empty directory. Exit status: 0 done (or up to date), 1 stale or missing,
2 the build failed.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "compiled"
DIGEST = "SOURCE-DIGEST"
COPIED = ("setup.py", "pyproject.toml", "README.md")
EXTENSIONS = ("*.so", "*.pyd")


def source_digest(root: Path = ROOT) -> str:
    """A digest of the package's Python sources and of the build's module list."""
    h = hashlib.sha256()
    for path in sorted((root / "manastack").rglob("*.py")) + [root / "setup.py"]:
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def stray_extensions(root: Path = ROOT) -> list[Path]:
    """Compiled modules inside the source tree (an in-place ``MANASTACK_COMPILE=1`` build)."""
    return sorted(p for pattern in EXTENSIONS for p in (root / "manastack").rglob(pattern))


def build() -> int:
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    shutil.copytree(ROOT / "manastack", OUT / "manastack",
                    ignore=shutil.ignore_patterns("__pycache__", *EXTENSIONS))
    for name in COPIED:
        shutil.copy(ROOT / name, OUT / name)
    digest = source_digest(OUT)         # of what is compiled, whatever changes meanwhile
    env = dict(os.environ, MANASTACK_COMPILE="1")
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "2"],
                          cwd=OUT, env=env)
    if done.returncode != 0:
        print(f"build_compiled: the build failed (exit {done.returncode}); see above", file=sys.stderr)
        return 2
    (OUT / DIGEST).write_text(digest + "\n", encoding="utf-8")
    built = [p for pattern in EXTENSIONS for p in (*OUT.glob(pattern), *(OUT / "manastack").rglob(pattern))]
    print(f"build_compiled: {len(built)} extension modules in {OUT.relative_to(ROOT)}; "
          f"run with PYTHONPATH={OUT.relative_to(ROOT)}")
    return 0


def check() -> int:
    stamp = OUT / DIGEST
    if not stamp.exists():
        print(f"build_compiled: no compiled build in {OUT.relative_to(ROOT)}")
        return 1
    if stamp.read_text(encoding="utf-8").strip() != source_digest():
        print(f"build_compiled: {OUT.relative_to(ROOT)} is stale: the sources changed since it "
              "was built; build it again")
        return 1
    print(f"build_compiled: {OUT.relative_to(ROOT)} is up to date")
    return 0


def clean() -> int:
    shutil.rmtree(OUT, ignore_errors=True)
    for path in stray_extensions():
        path.unlink()
        print(f"build_compiled: removed {path.relative_to(ROOT)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="exit 1 if the build is missing or stale")
    group.add_argument("--clean", action="store_true", help="remove the build and stray extensions")
    args = ap.parse_args(argv)
    if args.check:
        return check()
    if args.clean:
        return clean()
    return build()


if __name__ == "__main__":
    sys.exit(main())
