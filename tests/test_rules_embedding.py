"""The rules search's sentence embeddings (the optional ``search`` extra): the ranker's
embedding features and weights, the fallback without the extra, and the real model with its
cache of passage vectors."""
from __future__ import annotations

import pytest

from manastack.cards import default_db
from manastack.rules import PassageKind, load_rules, open_search
from manastack.rules import embedding
from manastack.rules.embedding import PassageEmbeddings, load_model, open_embedder
from manastack.rules.index import open_index
from manastack.rules.query import RulesSearch
from manastack.rules.ranker import EMBEDDING_WEIGHTS_FILE, load_ranker

from .conftest import RULES


@pytest.fixture(scope="module")
def doc():
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    return load_rules(RULES)


@pytest.fixture(scope="module")
def index(doc, tmp_path_factory):
    return open_index(doc, tmp_path_factory.mktemp("rules-embedding-index"))


class Pointing:
    """An embedder whose question means exactly one passage."""

    def __init__(self, key: tuple[PassageKind, str]) -> None:
        self.key = key
        self.asked: list[str] = []

    def similarities(self, query, keys):
        self.asked.append(query)
        return [0.9 if k == self.key else 0.1 for k in keys]


def test_embedding_features_use_their_own_weights(doc, index):
    """With an embedder the ranker reads the question's closeness to each candidate and ranks
    with the weights fitted with it: a candidate the question means rises to the top."""
    query = "can a creature that came under my control this turn attack?"
    plain = RulesSearch(doc, index, default_db())
    assert [h.ref for h in plain.search(query, n=2, rulings=False)] == ["302.6", "508.1a"]
    target = (PassageKind.RULE, "508.1a")
    candidates = [key for key, _ in plain.candidates(plain.read(query), plain._summed(plain.read(query)))]
    assert target in candidates
    fake = Pointing(target)
    meant = RulesSearch(doc, index, default_db(), embedder=fake)
    assert meant.ranker == load_ranker(name=EMBEDDING_WEIGHTS_FILE) != plain.ranker
    features = dict(meant.candidates(meant.read(query), meant._summed(meant.read(query))))
    assert features[target]["emb"] == 0.9 and features[target]["emb_rr"] == 1.0
    assert features[target]["emb_gap"] == 0.0 and features[target]["q_emb"] == 0.9
    sibling = next(k for k in features if k != target and k[0] is PassageKind.RULE
                   and doc.rules[k[1]].parent == doc.rules["508.1a"].parent)
    assert features[sibling]["sib_emb"] == pytest.approx(-0.8)
    assert meant.search(query, n=1, rulings=False)[0].ref == "508.1a"
    assert fake.asked == [query] * 2


def test_without_the_extra_the_search_ranks_as_before(doc, index, tmp_path, monkeypatch):
    """Switched off, or with the model's package missing, there is no embedder and the search
    keeps its own weights."""
    monkeypatch.setenv(embedding.SWITCH, "off")
    assert load_model() is None and open_embedder(doc, tmp_path) is None
    monkeypatch.setenv(embedding.SWITCH, "on")
    monkeypatch.setattr(embedding, "MODEL_PACKAGE", "manastack_no_such_model_package")
    assert load_model() is None
    engine = open_search(doc, default_db(), tmp_path)
    assert engine.embedder is None and engine.ranker == load_ranker()
    assert engine.search("trample", n=1)[0].ref.startswith("702.19")


@pytest.fixture(scope="module")
def model():
    found = embedding._package_file(embedding.MODEL_PACKAGE, embedding.MODEL_FILE)
    if found is None:
        pytest.skip("the search extra (pip install manastack[search]) is not installed")
    import os
    before = os.environ.pop(embedding.SWITCH, None)
    try:
        loaded = load_model()
    finally:
        if before is not None:
            os.environ[embedding.SWITCH] = before
    assert loaded is not None, "the search extra is installed but its model did not load"
    return loaded


def test_model_reads_meaning(model, doc):
    """all-MiniLM-L6-v2 from the extra: unit vectors, and a question is closer to the rule
    that answers it (CR 302.6, summoning sickness) than to an unrelated one (CR 702.9b, flying)."""
    q, sick, flying = model.embed(["can a creature I got this turn attack?",
                                   doc.text_of("302.6"), doc.text_of("702.9b")])
    assert abs(float(q @ q) - 1.0) < 1e-5
    assert float(q @ sick) > float(q @ flying) + 0.1


def test_passage_vectors_are_cached(model, doc, tmp_path):
    """Passages are embedded once and read back from the cache directory by a later process."""
    keys = [(PassageKind.RULE, "302.6"), (PassageKind.RULE, "702.9b"), (PassageKind.GLOSSARY, "Mana Ability")]
    first = PassageEmbeddings(model, doc, tmp_path)
    sims = first.similarities("can a creature I got this turn attack?", keys)
    assert sims[0] > sims[1]
    embedded: list[int] = []

    class Counting:
        signature = model.signature
        np = model.np

        def embed(self, texts):
            embedded.append(len(texts))
            return model.embed(texts)

    again = PassageEmbeddings(Counting(), doc, tmp_path)   # type: ignore[arg-type]
    assert again.similarities("can a creature I got this turn attack?", keys) == pytest.approx(sims, abs=1e-6)
    assert embedded == [1]   # only the question
    assert again.passage_text((PassageKind.RULE, "702.9b")).startswith("Flying: ")


class Hashing:
    """A stand-in model: a fixed unit vector per text, counting what it embeds."""

    signature = "stand-in 1 1"

    def __init__(self) -> None:
        import numpy
        self.np = numpy
        self.texts = 0

    def embed(self, texts):
        self.texts += len(texts)
        out = self.np.zeros((len(texts), 384), dtype=self.np.float32)
        for i, t in enumerate(texts):
            out[i, hash(t) % 384] = 1.0
        return out


def test_fill_embeds_every_passage_once(doc, tmp_path):
    """`rules embed` fills the cache with every rule and glossary entry; a second fill, and a
    search's candidates after it, embed no passage again."""
    pytest.importorskip("numpy")
    model = Hashing()
    done, total = PassageEmbeddings(model, doc, tmp_path).fill()   # type: ignore[arg-type]
    assert done == total == len(doc.rules) + len(doc.glossary) == model.texts
    later = Hashing()
    again = PassageEmbeddings(later, doc, tmp_path)   # type: ignore[arg-type]
    assert again.fill() == (0, total) and later.texts == 0
    again.similarities("trample", [(PassageKind.RULE, "702.19b"), (PassageKind.GLOSSARY, "Trample")])
    assert later.texts == 1


def test_embed_command_without_the_extra(tmp_path, monkeypatch):
    """Without the extra, `manastack rules embed` fails in one line naming what to install."""
    from click.testing import CliRunner

    from manastack.cli import main
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    monkeypatch.setenv(embedding.SWITCH, "off")
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path))
    result = CliRunner().invoke(main, ["rules", "embed", "--rules", str(RULES)])
    assert result.exit_code == 1
    assert "pip install 'manastack[search]'" in result.output and "Traceback" not in result.output
