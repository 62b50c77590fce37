"""Searching the Comprehensive Rules and card rulings the way a judge reads a question.

A query is read before it is ranked:

- rule numbers in it ("106.7") point straight at those rules;
- card names in it are looked up in the card file in use and read with the Oracle compiler:
  the rules their abilities fall under join the answer (``card_rules``), their rulings are
  searched too, and sentences the compiler can't read are searched as words;
- phrases from the CR's glossary (defined terms, keyword names) and rule titles point at the
  rules they name ("See rule 605"), weighted by how rare the phrase is in the CR;
- a small vocabulary of judge words (``judge-vocabulary.yaml``) adds the rules' own words;
- the remaining words, and pairs of adjacent words as phrases, are ranked by BM25 over the
  index, scaled by the share of the query's words a passage has, with a lower weight for
  one-line rule titles, whose shortness flatters BM25.

A passage's score is its words score plus the weights of the numbers, cards and phrases that
point at it or, less, at a rule above it; then the "See rule" links of the best rules add a
little. Questions of the form "what is X" / "what does X mean" favour glossary entries.
"""
from __future__ import annotations

import math
import re
import sqlite3
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import yaml

from manastack.cards import CardDB, CardError, default_db

from .card_cache import CardReadings
from .card_rules import card_rules
from .embedding import Embedder, open_embedder
from .rulings import RulingsIndex, open_rulings_index
from .document import RulesDoc, RulesError
from .index import TOKENIZER, Passage, PassageKind, RulesIndex, Stemmer, fts_query, headings, open_index, words
from .ranker import ACTION_WORDS, EMBEDDING_WEIGHTS_FILE, Ranker, load_ranker, shape_features
from .source import cache_dir, load_rules

MAX_QUERY_CHARS = 300
"""The longest query searched."""
MAX_RESULTS = 100
"""The most results one search returns."""
MAX_CARDS = 8
"""The most card names one query may name (each is read by the compiler)."""
MAX_NAME_WORDS = 8
"""The longest card name (in words) looked for in a query."""

STOPWORDS = frozenset("""a an and are as at be been being but by can could did do does doing for
from had has have having how i if in into is it its it's itself me my of on or so than that the
their them then there these they this those to too up us was we were what when where which while
who whom why will with would you your yours mean means meaning define definition happens happen
get gets got use used s t d ll re ve m""".split())
"""Words too common to rank by (they stay in phrases: "could produce")."""

_NUMBER = re.compile(r"\b(\d{3}(?:\.\d+[a-z]?)?)\b")
_QUESTION = re.compile(r"\?\s*$|^\s*(can|could|does|do|did|is|are|was|what|how|who|when|where|why|which|if|"
                       r"should|will|would|may|must)\b", re.IGNORECASE)
_MODAL_QUERY = re.compile(r"\b(can|can't|cannot|could|may|must|allowed|able|have to|has to)\b", re.IGNORECASE)
_MODAL_TEXT = re.compile(r"\b(can|can’t|can't|cannot|may|must|only)\b", re.IGNORECASE)
_COUNT_QUERY = re.compile(r"\bhow (many|much)\b|\b(limit|maximum|minimum|most|least)\b", re.IGNORECASE)
_COUNT_TEXT = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|sixty|"
                         r"hundred|once|twice)\b", re.IGNORECASE)
_FIRST_RULE = re.compile(r"^\d{3}\.1$")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")
_DEFINITION = re.compile(r"^\s*(what(?:'s|’s| is| are| does| do)|define|definition of|meaning of|"
                         r"what counts as|who is)\b|\bmeans?\s*\??\s*$", re.IGNORECASE)

# Weights of what points at a passage (docs/rules-search.md, "How the search reads a question").
W_BM25 = 1.0            # the passage's words score, scaled to the best match
W_NUMBER = 3.0          # a rule number written in the query
W_CARD = 1.2            # a rule a named card's abilities fall under
W_CARD_GENERAL = 0.25   # the rules for a card's kinds of ability and its types
W_CARD_ENGINE = 0.6     # the rules the engine code running a named card's effects cites
W_VOCABULARY = 1.0      # a rule judge words point at
W_PHRASE = 1.2          # a glossary term or rule title in the query, times its rarity
W_BELOW = 0.5           # a rule under one pointed at, times its words score
W_SEE = 0.3             # a rule named by a "See rule" link of one of the best rules
TITLE_PRIOR = 0.5       # one-line title rules ("702.19. Trample")
GLOSSARY_PRIOR = 0.7    # glossary entries, unless the query asks what something is
COORD_BASE = 0.5
"""A passage's words score is scaled from this (it has none of the query's words) to 1 (all)."""

SEE_ALSO_FROM = 3
"""The best rules whose "See rule" links count."""
RULINGS_PER_CARD = 3
"""The most rulings of one named card among the results."""
RULINGS_ANY_CARD = 3
"""The most rulings of cards the query doesn't name among the results."""
W_RULING = 0.75         # a named card's ruling, times its words score, relative to the best result
W_RULING_ANY = 0.5      # another card's ruling, likewise
MAX_WORDS = 12
"""The rarest this many single words search the whole index (the rest score only the rules
pointed at)."""
MAX_PAIRS = 10
"""Pairs of adjacent words searched as phrases."""
MAX_POINTED = 900
"""The most rules pointed at by a query that are scored by their words too."""
WORDS_LIMIT = 200
"""The best passages by words alone that are ranked."""
COMMON_SHARE = 0.15
"""Single words in more than this share of passages only score the rules pointed at (they rank
little and make BM25 slow)."""
PHRASE_STOP_SHARE = 0.3
"""Pairs of adjacent words leave out stopwords found in more than this share of passages."""
CANDIDATES = 80
"""The best passages by the summed score that the learned ranker orders."""
RAW_CANDIDATES = 40
"""The best passages by plain BM25 over the query's words that join them."""
POINTED_CANDIDATES = 40
"""The rules named by what the query points at (cards, terms, judge words, numbers) that join
the candidates whatever their summed score."""
CARD_TEXT_CANDIDATES = 20
"""The rules best matching the named cards' Oracle text that join the candidates."""
BRIDGE_ENTRIES = 5
"""The glossary entries best matching a query whose rules join the candidates."""
QUESTION_CROSSES = ("base", "raw", "coord", "body_coord", "first_sub", "rule", "subrule", "title", "glossary", "section",
                    "lead")
"""Features the ranker weighs again when the query is a question in plain words."""
DEFINITION_CROSSES = ("first_rule", "rule", "subrule", "section", "heading", "coord")
"""Features the ranker weighs again when the query asks what something is."""
MAX_GAP = 3
"""Judge words may have this many other words between theirs."""


@dataclass(frozen=True)
class Hit:
    """One result: a rule (``ref`` its number), a glossary entry (its term) or a card ruling
    (the card's name). ``reasons`` say how the query reached it; ``stems`` are the query's word
    stems, for highlighting."""

    kind: PassageKind
    ref: str
    text: str
    score: float
    reasons: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()
    more: tuple[str, ...] = ()
    """A card's other matching rulings, shown under its best one (one result per card)."""

    def to_json(self) -> dict:
        out = {"kind": self.kind.value, "ref": self.ref, "text": self.text,
               "score": round(self.score, 4), "reasons": list(self.reasons)}
        if self.more:
            out["more"] = list(self.more)
        return out


@dataclass(frozen=True)
class VocabularyEntry:
    """Judge words (``say``), the rules' words for them (``means``) and rules they point to."""

    say: tuple[str, ...]
    means: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Phrase:
    """A phrase looked for in queries: a glossary term, a rule title or judge words
    (``means`` set)."""

    stems: tuple[str, ...]
    text: str
    label: str
    rules: tuple[str, ...]
    glossary: str | None
    weight: float
    means: str | None = None


@dataclass
class _Pointer:
    """A part of the query that points at rules: a phrase, a card, a rule number."""

    label: str
    rules: tuple[str, ...]
    weight: float
    glossary: str | None = None
    span: object = None
    source: str = "phrase"
    """What kind of pointer it is, for the ranker's features: card, card_general, vocabulary,
    phrase, number, see."""
    """Pointers from the same part of the query (a word that is both a glossary term and a
    rule title) count once per rule: the strongest."""


@dataclass
class Reading:
    """What the search understood of a query."""

    query: str
    terms: list[str] = field(default_factory=list)
    pointers: list[_Pointer] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    """The names of the cards the query names."""
    definition: bool = False
    stems: tuple[str, ...] = ()
    extra_words: list[str] = field(default_factory=list)
    """Words the query stands for: judge words' meanings, cards' unread text."""
    common: list[str] = field(default_factory=list)
    """Words too common to search the whole index by; they still score the rules pointed at."""
    card_words: list[str] = field(default_factory=list)
    """The words of the named cards' Oracle text (what the cards do), for the ranker."""


def load_vocabulary(path: Path | None = None) -> list[VocabularyEntry]:
    """The judge vocabulary: the bundled one, or the YAML file at ``path``."""
    text = Path(path).read_text(encoding="utf-8") if path else \
        resources.files("manastack.rules").joinpath("judge-vocabulary.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    return [VocabularyEntry(say=tuple(e["say"]), means=e.get("means", ""), rules=tuple(e.get("rules", ())))
            for e in data.get("entries", ())]


class RulesSearch:
    """A search over one rules document, its index, (optionally) a card database for the cards
    a query names, and the index of all those cards' rulings.

    ``vocabulary`` (the judge words; None: the bundled list, [] for none) and ``expand``
    (False: plain BM25 over the words, the baseline) exist so the benchmark can measure what
    each part adds."""

    def __init__(self, doc: RulesDoc, index: RulesIndex, cards: CardDB | None = None,
                 vocabulary: list[VocabularyEntry] | None = None, expand: bool = True,
                 rulings: RulingsIndex | None = None, learned: bool = True,
                 readings: CardReadings | None = None, embedder: Embedder | None = None) -> None:
        self.doc = doc
        self.embedder = embedder
        """The sentence embeddings of the ``search`` extra (:mod:`.embedding`), or None."""
        self.index = index
        self.cards = cards
        self.rulings = rulings
        self.readings = readings
        """Cards' readings kept between runs (:mod:`.card_cache`); None reads each card anew."""
        self.expand = expand
        self.stemmer = Stemmer()
        self.vocabulary = load_vocabulary() if vocabulary is None else vocabulary
        self._phrases = self._build_phrases()
        self._by_first: dict[str, list[_Phrase]] = {}
        for p in self._phrases:
            self._by_first.setdefault(p.stems[0], []).append(p)
        self._names = self._card_names()
        self._stop_stems = set(self.stemmer.stems([" ".join(STOPWORDS)])[0])
        self._action_stems = set(self.stemmer.stems([" ".join(sorted(ACTION_WORDS))])[0])
        self._heading_stems: dict[str, frozenset[str]] = {}
        self._body_stems: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        self.ranker: Ranker | None = None
        """The learned last step (:mod:`.ranker`); None ranks by the summed score alone."""
        if learned and expand:
            self.ranker = load_ranker(name=EMBEDDING_WEIGHTS_FILE) if embedder is not None else None
            if self.ranker is None:
                self.embedder = None
                self.ranker = load_ranker()

    # ---------------------------------------------------------------- setup

    def _build_phrases(self) -> list[_Phrase]:
        """Glossary terms and rule titles (as kept in the index), weighted by how rare they are
        in the rules' text, then the judge words."""
        total = len(self.doc.rules) + len(self.doc.glossary)
        phrases = []
        for text, label, rules, key, stems, df in self.index.phrase_rows():
            st = tuple(stems.split())
            idf = math.log((total + 1) / (df + 1)) / math.log(total + 1)
            phrases.append(_Phrase(st, text, label, tuple(rules.split()), key or None, idf if len(st) > 1 else idf ** 2))
        for entry in self.vocabulary:
            for say, st in zip(entry.say, self.stemmer.stems(list(entry.say))):
                if st:
                    phrases.append(_Phrase(st, say, f"judge words \u201c{say}\u201d", entry.rules,
                                           None, W_VOCABULARY, entry.means))
        return phrases

    def _card_names(self) -> dict[str, tuple[str, ...]]:
        """Lower-case names, and the part of a name before a comma ("urborg" for "Urborg,
        Tomb of Yawgmoth"), to the cards they may mean."""
        names: dict[str, list[str]] = {}
        if self.cards is None:
            return {}
        for name in self.cards.names():
            names.setdefault(name.lower(), []).insert(0, name)
            short = name.split(",")[0].lower()
            if short != name.lower():
                names.setdefault(short, []).append(name)
        return {k: tuple(v) for k, v in names.items()}

    # ---------------------------------------------------------------- reading a query

    def read(self, query: str) -> Reading:
        """How the search reads ``query``: its words, and what points at which rules."""
        if not isinstance(query, str):
            raise RulesError(f"query: expected text, got {type(query).__name__}")
        query = " ".join(query.split())
        if not query:
            raise RulesError("query: empty")
        if len(query) > MAX_QUERY_CHARS:
            raise RulesError(f"query: {len(query)} characters; the limit is {MAX_QUERY_CHARS}")
        reading = Reading(query=query)
        text = query
        if self.expand:
            for number in _NUMBER.findall(text):
                if number in self.doc.rules:
                    reading.pointers.append(_Pointer(f"rule {number}", (number,), W_NUMBER, source="number"))
            text = _NUMBER.sub(" ", text)
            text = self._read_cards(text, reading)
            reading.definition = bool(_DEFINITION.search(query))
        raw_words = words(text)
        if not self.expand:
            reading.terms = raw_words
        else:
            replaced = self._read_phrases(text, reading)
            kept = [w for i, w in enumerate(raw_words) if i not in replaced]
            singles = list(dict.fromkeys([w for w in kept if w not in STOPWORDS] + reading.extra_words))
            df = {w: self.index.df.get(st[0] if st else "", 0) for w, st in zip(singles, self.stemmer.stems(singles))}
            rare = sorted((w for w in singles if df[w] <= COMMON_SHARE * self.index.size), key=df.get)[:MAX_WORDS]
            reading.terms += rare or singles
            reading.common = [w for w in singles if w not in rare]
            very_common = {w for w in kept if w in STOPWORDS and self.index.df.get(w, 0) > PHRASE_STOP_SHARE * self.index.size}
            reading.terms += [f"{a} {b}" for a, b in zip(kept, kept[1:])
                              if not (a in STOPWORDS and b in STOPWORDS) and not {a, b} & very_common][:MAX_PAIRS]
        reading.stems = tuple(s for s in self.stemmer.stems([text])[0] if s not in self._stop_stems)
        return reading

    def _read_cards(self, text: str, reading: Reading) -> str:
        if not self._names:
            return text
        tokens = re.findall(r"[\w'’,+/-]+", text)
        clean = [t.strip(",") for t in tokens]
        i = named = 0
        kept: list[str] = []
        while i < len(clean):
            for n in range(min(MAX_NAME_WORDS, len(clean) - i), 0, -1):
                phrase = " ".join(clean[i:i + n])
                names = self._names.get(phrase.lower()) or self._names.get(" ".join(tokens[i:i + n]).lower()) \
                    or self._plural_name(phrase)
                if not names or (n == 1 and not _single_word_name(phrase, self)):
                    continue
                named += 1
                if named > MAX_CARDS:
                    raise RulesError(f"query: names more than {MAX_CARDS} cards; the limit is {MAX_CARDS}")
                for name in names:
                    self._add_card(name, reading, span=phrase.lower())
                i += n
                break
            else:
                kept.append(clean[i])
                i += 1
        return " ".join(kept)

    def _plural_name(self, phrase: str) -> tuple[str, ...] | None:
        """The cards a plural of a name means ("two Panharmonicons", "Mana Flares")."""
        lower = phrase.lower()
        for ending in ("es", "s"):
            if lower.endswith(ending) and len(lower) > len(ending) + 2:
                found = self._names.get(lower[:-len(ending)])
                if found:
                    return found
        return None

    def _add_card(self, name: str, reading: Reading, span: str) -> None:
        if name in reading.cards:
            return
        found = self.readings.get(name) if self.readings is not None else None
        if found is None:
            try:
                card = self.cards.get(name)
            except CardError:
                return
            found = card_rules(card, self.doc)
            if self.readings is not None and found.card == name:
                self.readings.put(found)
        reading.cards.append(name)
        reading.pointers.append(_Pointer(f"card {name}", found.rules, W_CARD, span=span, source="card"))
        reading.pointers.append(_Pointer(f"card {name}", found.general, W_CARD_GENERAL, span=span,
                                         source="card_general"))
        reading.pointers.append(_Pointer(f"card {name} (engine)", found.engine, W_CARD_ENGINE, span=span,
                                         source="card_engine"))
        for sentence in found.unread:
            reading.extra_words += [w for w in words(sentence) if w not in STOPWORDS]
        reading.card_words = list(dict.fromkeys(reading.card_words + [w for w in words(found.text)
                                                                      if w not in STOPWORDS]))

    def _read_phrases(self, text: str, reading: Reading) -> set[int]:
        """Add the phrases found in ``text`` to ``reading``; returns the positions of the
        words that judge vocabulary replaced with the rules' words."""
        stems = self.stemmer.stems([text])[0]
        spans: list[tuple[int, int, _Phrase]] = []
        for i, s in enumerate(stems):
            for p in self._by_first.get(s, ()):
                if stems[i:i + len(p.stems)] == p.stems:
                    spans.append((i, i + len(p.stems), p))
                elif p.means is not None and len(p.stems) > 1:
                    end = _loose_match(stems, i, p.stems)
                    if end is not None:
                        spans.append((i, end, p))
        content = set(self.stemmer.stems([_DEFINITION.sub(" ", text)])[0]) - self._stop_stems
        replaced: set[int] = set()
        for start, end, p in spans:
            if any(s2 <= start and end <= e2 and (e2 - s2) > (end - start) for s2, e2, _ in spans):
                continue   # inside a longer phrase
            if p.means is not None:
                reading.pointers.append(_Pointer(p.label, p.rules, p.weight, span=(start, end), source="vocabulary"))
                reading.extra_words += [w for w in words(p.means) if w not in STOPWORDS]
                replaced.update(range(start, end))
            else:
                whole = bool(content) and content <= set(p.stems)
                reading.pointers.append(_Pointer(p.label, p.rules, W_PHRASE * (1.0 if whole else p.weight),
                                                 p.glossary, span=(start, end)))
                if len(p.stems) > 1:
                    reading.terms.append(p.text)
        return replaced if len(stems) == len(words(text)) else set()

    # ---------------------------------------------------------------- ranking

    def search(self, query: str, n: int = 10, rulings: bool = True) -> list[Hit]:
        """The ``n`` best passages for ``query``: rules, glossary entries and (when ``rulings``)
        rulings of the cards it names."""
        if not isinstance(n, int) or not 1 <= n <= MAX_RESULTS:
            raise RulesError(f"n: expected a number from 1 to {MAX_RESULTS}, got {n!r}")
        reading = self.read(query)
        ranking = self._summed(reading)
        if self.ranker is not None:
            ranker = self.ranker
            scored = sorted(((key, ranker.score(f)) for key, f in self.candidates(reading, ranking)),
                            key=lambda kv: -kv[1])
            order = scored[:n]
            if order:   # scores shifted so that the best is 1 (rulings are placed relative to it)
                shift = 1.0 - order[0][1]
                order = [(key, score + shift) for key, score in order]
        else:
            order = ranking.ranked(n)
        hits = [Hit(kind, ref, self._text(kind, ref), score,
                    tuple(dict.fromkeys(ranking.reasons.get((kind, ref), ["words"]))), reading.stems)
                for (kind, ref), score in order]
        if rulings and (reading.cards or self.rulings is not None):
            hits = self._with_rulings(hits, reading, n)
        return hits

    def candidates(self, reading: Reading, ranking: "_Ranking") -> list[tuple[tuple[PassageKind, str], dict[str, float]]]:
        """The passages the learned ranker orders, each with its features (:mod:`.ranker`): the
        best :data:`CANDIDATES` by the summed score and the best :data:`RAW_CANDIDATES` by plain
        BM25 over the query's words."""
        base = ranking.ranked(CANDIDATES)
        top = base[0][1] if base and base[0][1] > 0 else 1.0
        raw_words = [w for w in words(reading.query) if w not in STOPWORDS] or words(reading.query)
        raw = self.index.bm25(raw_words, limit=RAW_CANDIDATES)
        raw_best = raw[0][2] if raw and raw[0][2] > 0 else 1.0
        raw_score = {(k, r): s / raw_best for k, r, s in raw}
        raw_rank = {(k, r): i for i, (k, r, _) in enumerate(raw, 1)}
        bridge = self._glossary_bridge(raw_words)
        pointed = [(PassageKind.RULE, r) for p in reading.pointers for r in p.rules if r in self.doc.rules]
        by_text = self.index.bm25(reading.card_words, limit=CARD_TEXT_CANDIDATES, kind=PassageKind.RULE) \
            if reading.card_words else []
        keys = list(dict.fromkeys([key for key, _ in base] + list(raw_score) + list(bridge)
                                  + pointed[:POINTED_CANDIDATES] + [(k, r) for k, r, _ in by_text]))
        card_text: dict[tuple[PassageKind, str], float] = {}
        if reading.card_words:
            refs = [ref for kind, ref in keys if kind is PassageKind.RULE]
            found = self.index.bm25(reading.card_words, limit=len(refs), refs=refs)
            best = found[0][2] if found and found[0][2] > 0 else 1.0
            card_text = {(k, r): s / best for k, r, s in found}
        content = [w for w in words(reading.query) if w not in STOPWORDS]
        pairs = [f"{a} {b}" for a, b in zip(content, content[1:])]
        rule_refs = [ref for kind, ref in keys if kind is PassageKind.RULE]
        paired = self.index.bm25(pairs, limit=len(rule_refs), refs=rule_refs) if pairs and rule_refs else []
        pair_best = paired[0][2] if paired and paired[0][2] > 0 else 1.0
        pair_score = {(k, r): s / pair_best for k, r, s in paired}
        base_rank = {key: i for i, (key, _) in enumerate(base, 1)}
        self._stem_headings([ref for kind, ref in keys if kind is PassageKind.RULE])
        wanted = set(reading.stems)
        actions = wanted & self._action_stems
        idf = self._idf(wanted)
        meant = set(self.stemmer.stems([" ".join(reading.extra_words)])[0]) - self._stop_stems \
            if reading.extra_words else set()
        out = []
        for key in keys:
            kind, ref = key
            stems = self.index.stems.get(key, frozenset())
            is_rule = kind is PassageKind.RULE
            text = self._text(kind, ref)
            f = shape_features(ref, is_rule, bool(is_rule and self.doc.rules[ref].title), text, reading.definition)
            f["base"] = ranking.scores.get(key, 0.0) / top
            f["base_rr"] = 1.0 / base_rank[key] if key in base_rank else 0.0
            f["raw"] = raw_score.get(key, 0.0)
            f["raw_rr"] = 1.0 / raw_rank[key] if key in raw_rank else 0.0
            if wanted:
                f["coord"] = len(wanted & stems) / len(wanted)
                f["heading"] = len(wanted & self._headings_of(key)) / len(wanted)
                f["icoord"] = _share(idf, stems)
            if meant:
                f["meant"] = len(meant & stems) / len(meant)
            if actions:
                f["action"] = len(actions & stems) / len(actions)
            for name, value in ranking.parts.get(key, {}).items():
                f[name] = value
            if self.ranker is not None and is_rule:
                f.update(self.ranker.assoc_features(reading.stems, ref))
            f["bridge"] = bridge.get(key, 0.0)
            f["pairs"] = pair_score.get(key, 0.0)
            f["card_text"] = card_text.get(key, 0.0)
            above = self.doc.rules[ref].parent if is_rule else None
            if above is not None:
                parent = (PassageKind.RULE, above)
                f["parent"] = max(ranking.norm.get(parent, 0.0), raw_score.get(parent, 0.0))
            out.append((key, f))
        self._relative_features(out, reading)
        if self.embedder is not None:
            self._embedding_features(out, reading, self.embedder)
        return out

    def _embedding_features(self, out: list[tuple[tuple[PassageKind, str], dict[str, float]]], reading: Reading,
                            embedder: Embedder) -> None:
        """The cosine similarity of the query's and each candidate's sentence embeddings
        (:mod:`.embedding`), its gap to the best candidate's and to the best sibling's, its
        rank among the candidates, and a copy for plain-words questions."""
        sims = embedder.similarities(reading.query, [key for key, _ in out])
        if not sims:
            return
        best = max(sims)
        order = {i: r for r, i in enumerate(sorted(range(len(sims)), key=lambda i: -sims[i]), 1)}
        siblings: dict[str | None, float] = {}
        for ((kind, ref), _), sim in zip(out, sims):
            if kind is PassageKind.RULE:
                parent = self.doc.rules[ref].parent
                siblings[parent] = max(siblings.get(parent, -1.0), sim)
        question = bool(_QUESTION.search(reading.query)) and not reading.definition
        for i, (((kind, ref), f), sim) in enumerate(zip(out, sims)):
            f["emb"] = sim
            f["emb_gap"] = sim - best
            f["emb_rr"] = 1.0 / order[i]
            if kind is PassageKind.RULE:
                f["sib_emb"] = sim - siblings[self.doc.rules[ref].parent]
            if question:
                f["q_emb"] = sim

    def _relative_features(self, out: list[tuple[tuple[PassageKind, str], dict[str, float]]], reading: Reading) -> None:
        """Features comparing a rule with the other candidates under the same rule (siblings
        share their headings, so their own text must tell them apart) and with the candidates
        under it; and crosses of a few features with the query being a question."""
        rules = [(ref, f) for (kind, ref), f in out if kind is PassageKind.RULE]
        wanted = set(reading.stems)
        idf = self._idf(wanted)
        refs = [ref for ref, _ in rules]
        self._stem_bodies(refs + [p for ref in refs if (p := self.doc.rules[ref].parent) and "." in p])
        actions = wanted & self._action_stems
        groups: dict[str | None, list[dict[str, float]]] = {}
        children: dict[str, float] = {}
        for ref, f in rules:
            rule = self.doc.rules[ref]
            parent = rule.parent
            if wanted:
                f["body_coord"] = len(wanted & self._body_stems[ref][0]) / len(wanted)
                f["body_icoord"] = _share(idf, self._body_stems[ref][0])
                f["lead"] = _share(idf, self._body_stems[ref][1])
                if parent is not None and "." in parent:
                    f["own_vs_parent"] = f["body_icoord"] - _share(idf, self._body_stems[parent][0])
                if rule.subrules:
                    f["has_subrules"] = 1.0
            if actions:
                f["lead_action"] = len(actions & self._body_stems[ref][1]) / len(actions)
            groups.setdefault(parent, []).append(f)
            if parent is not None:
                children[parent] = max(children.get(parent, 0.0), f.get("base", 0.0))
        for group in groups.values():
            for name in ("base", "raw", "body_coord", "body_icoord"):
                best = max(g.get(name, 0.0) for g in group)
                for g in group:
                    g[f"sib_{name}"] = g.get(name, 0.0) - best
            if len(group) > 1:
                for g in group:
                    g["siblings"] = math.log(len(group)) / 3
            if wanted:
                for i, g in enumerate(sorted(group, key=lambda g: -g["body_icoord"]), 1):
                    g["sib_rank"] = 1.0 / i
        for ref, f in rules:
            f["children"] = children.get(ref, 0.0)
        modal = bool(_MODAL_QUERY.search(reading.query))
        count = bool(_COUNT_QUERY.search(reading.query))
        for (kind, ref), f in out:
            if kind is PassageKind.RULE:
                text = self.doc.rules[ref].text
                f["first_rule"] = 1.0 if _FIRST_RULE.match(ref) else 0.0
                if modal and _MODAL_TEXT.search(text):
                    f["modal"] = 1.0
                if count and _COUNT_TEXT.search(text):
                    f["count"] = 1.0
            if reading.definition:
                for name in DEFINITION_CROSSES:
                    if name in f:
                        f[f"d_{name}"] = f[name]
        if _QUESTION.search(reading.query) and not reading.definition:
            for _, f in out:
                for name in QUESTION_CROSSES:
                    if name in f:
                        f[f"q_{name}"] = f[name]

    def _idf(self, stems: set[str]) -> dict[str, float]:
        """Each stem's inverse document frequency over the index (rare words weigh more)."""
        return {s: math.log((self.index.size + 1) / (self.index.df.get(s, 0) + 1)) for s in stems}

    def _glossary_bridge(self, raw_words: list[str]) -> dict[tuple[PassageKind, str], float]:
        """Rules reached through the glossary: the entries best matching the query's words (the
        glossary speaks more like players: "a player's graveyard is their discard pile") lend
        their score to the rules they point to, and half of it to the rules under those."""
        found = self.index.bm25(raw_words, limit=BRIDGE_ENTRIES, kind=PassageKind.GLOSSARY)
        best = found[0][2] if found and found[0][2] > 0 else 1.0
        out: dict[tuple[PassageKind, str], float] = {}
        for _, term, s in found:
            entry = self.doc.define(term)
            for number in entry.see_also if entry else ():
                if number in self.doc.rules:
                    for key, share in [((PassageKind.RULE, number), 1.0),
                                       *(((PassageKind.RULE, sub.number), 0.5) for sub in self.doc.rules[number].subrules)]:
                        out[key] = max(out.get(key, 0.0), share * s / best)
        return out

    def _stem_headings(self, refs: list[str]) -> None:
        """The stems of the headings above these rules, found in one pass and kept."""
        missing = [ref for ref in refs if ref not in self._heading_stems]
        for ref, stems in zip(missing, self.stemmer.stems([headings(self.doc, ref) for ref in missing])):
            self._heading_stems[ref] = frozenset(stems)

    def _stem_bodies(self, refs: list[str]) -> None:
        """The stems of these rules' own text and of its first sentence, found in one pass and kept."""
        missing = [ref for ref in dict.fromkeys(refs) if ref not in self._body_stems]
        texts = [self.doc.rules[ref].text for ref in missing]
        stemmed = self.stemmer.stems(texts + [_SENTENCE_END.split(t, maxsplit=1)[0] for t in texts])
        for ref, whole, lead in zip(missing, stemmed, stemmed[len(missing):]):
            self._body_stems[ref] = (frozenset(whole), frozenset(lead))

    def _headings_of(self, key: tuple[PassageKind, str]) -> frozenset[str]:
        kind, ref = key
        if kind is not PassageKind.RULE:
            return frozenset(self.stemmer.stems([ref])[0])
        if ref not in self._heading_stems:
            self._heading_stems[ref] = frozenset(self.stemmer.stems([headings(self.doc, ref)])[0])
        return self._heading_stems[ref]

    def _summed(self, reading: Reading) -> "_Ranking":
        """Each passage's summed score: its words' score plus the weights of what points at it."""
        ranking = _Ranking()
        bm25 = self.index.bm25(reading.terms, limit=WORDS_LIMIT)
        ranking.best = max((s for _, _, s in bm25), default=0.0) or 1.0
        self._score_words(ranking, bm25, reading)
        self._score_pointers(ranking, reading.pointers, reading)
        if self.expand:
            top = ranking.ranked(SEE_ALSO_FROM, PassageKind.RULE)
            best = top[0][1] if top else 1.0
            links = [_Pointer(f"see rule from {ref}", self.doc.rules[ref].see_also, W_SEE * score / best, source="see")
                     for (_, ref), score in top if self.doc.rules[ref].see_also]
            self._score_pointers(ranking, links, reading)
        return ranking

    def _score_words(self, ranking: "_Ranking", bm25, reading: Reading) -> None:
        wanted = set(reading.stems)
        for kind, ref, s in bm25:
            if self.expand and wanted:
                s *= COORD_BASE + (1 - COORD_BASE) * len(wanted & self.index.stems.get((kind, ref), frozenset())) / len(wanted)
            prior = 1.0
            if self.expand and kind is PassageKind.RULE and self.doc.rules[ref].title:
                prior = TITLE_PRIOR
            elif self.expand and kind is PassageKind.GLOSSARY:
                prior = 1.0 if reading.definition else GLOSSARY_PRIOR
            ranking.norm[(kind, ref)] = s / ranking.best
            ranking.add((kind, ref), W_BM25 * prior * s / ranking.best, "words")
            ranking.parts.setdefault((kind, ref), {})["words"] = s / ranking.best

    def _score_pointers(self, ranking: "_Ranking", pointers: list[_Pointer], reading: Reading) -> None:
        """Add the weight of each pointer to the rules it names and, scaled by their words'
        score, to the rules under them; a part of the query counts once per rule."""
        pointed_rules = {n for p in pointers for r in p.rules if r in self.doc.rules
                         for n in (r, *self._below(r))}
        missing = sorted(n for n in pointed_rules if (PassageKind.RULE, n) not in ranking.norm)[:MAX_POINTED]
        if missing:
            self._score_words(ranking, self.index.bm25(reading.terms + reading.common, limit=len(missing),
                                                       refs=missing), reading)
        pointed: dict[tuple, tuple[float, str]] = {}
        for i, p in enumerate(pointers):
            span = p.span if p.span is not None else (id(pointers), i)
            for number in p.rules:
                if number not in self.doc.rules:
                    continue
                prior = TITLE_PRIOR if self.doc.rules[number].title else 1.0
                self._point(pointed, ranking, span, (PassageKind.RULE, number), p.weight * prior, p.label, p.source)
                for sub in self._below(number):
                    key = (PassageKind.RULE, sub)
                    if key in ranking.norm:
                        self._point(pointed, ranking, span, key, p.weight * W_BELOW * ranking.norm[key],
                                    f"under {p.label}", p.source + "_below")
            if p.glossary:
                g = self.doc.glossary[p.glossary]
                weight = p.weight * (1.0 if reading.definition else GLOSSARY_PRIOR)
                self._point(pointed, ranking, span, (PassageKind.GLOSSARY, g.term), weight, p.label, p.source)
        for (_, key), (weight, source) in pointed.items():
            ranking.scores[key] = ranking.scores.get(key, 0.0) + weight
            parts = ranking.parts.setdefault(key, {})
            parts[source] = parts.get(source, 0.0) + weight

    @staticmethod
    def _point(pointed: dict[tuple, tuple[float, str]], ranking: "_Ranking", span, key, weight: float, why: str,
               source: str) -> None:
        if weight > pointed.get((span, key), (0.0, ""))[0]:
            pointed[(span, key)] = (weight, source)
        ranking.reasons.setdefault(key, []).append(why)

    def _below(self, number: str) -> list[str]:
        out: list[str] = []
        stack = list(self.doc.rules[number].subrules)
        while stack:
            r = stack.pop()
            out.append(r.number)
            stack.extend(r.subrules)
        return out

    def _text(self, kind: PassageKind, ref: str) -> str:
        if kind is PassageKind.RULE:
            return self.doc.rules[ref].text
        return self.doc.glossary[ref.lower()].text

    def _with_rulings(self, hits: list[Hit], reading: Reading, n: int) -> list[Hit]:
        """Merge in the rulings of the cards the query names that best match its words, and the
        best matching rulings of any card: one result per card, its best ruling first and up to
        :data:`RULINGS_PER_CARD` in all."""
        top = hits[0].score if hits else 1.0
        grouped: dict[str, list[tuple[str, float, str]]] = {}
        passages = [Passage(PassageKind.RULING, name, text)
                    for name in reading.cards for _, text in (self.cards.rulings(name) if self.cards else ())]
        for passage, s in rank_passages(passages, reading.terms) if passages else ():
            grouped.setdefault(passage.ref, []).append((passage.text, top * W_RULING * s, f"ruling of {passage.ref}"))
        if self.rulings is not None:
            found = self.rulings.bm25(reading.terms, RULINGS_ANY_CARD * 10)
            best = found[0][2] if found else 1.0
            seen = {text for group in grouped.values() for text, _, _ in group}
            added = 0
            for card, text, s in found:
                if text not in seen and added < RULINGS_ANY_CARD:
                    seen.add(text)   # many cards share a ruling's text: the first card stands for them
                    added += 1
                    grouped.setdefault(card, []).append((text, top * W_RULING_ANY * s / best, "ruling"))
        extra = [Hit(PassageKind.RULING, card, group[0][0], group[0][1], (group[0][2],), reading.stems,
                     more=tuple(text for text, _, _ in group[1:RULINGS_PER_CARD]))
                 for card, group in grouped.items()]
        return sorted(hits + extra, key=lambda h: -h.score)[:n]


@dataclass
class _Ranking:
    """Scores being summed for one search: per passage, its score, its words' score scaled to
    the best (``norm``), and how it was reached."""

    best: float = 1.0
    scores: dict[tuple[PassageKind, str], float] = field(default_factory=dict)
    norm: dict[tuple[PassageKind, str], float] = field(default_factory=dict)
    parts: dict[tuple[PassageKind, str], dict[str, float]] = field(default_factory=dict)
    """Per passage, what its score is made of (words, card, phrase, ...): the ranker's features."""
    reasons: dict[tuple[PassageKind, str], list[str]] = field(default_factory=dict)

    def add(self, key, weight: float, why: str) -> None:
        self.scores[key] = self.scores.get(key, 0.0) + weight
        self.reasons.setdefault(key, []).append(why)

    def ranked(self, n: int, kind: PassageKind | None = None) -> list[tuple[tuple[PassageKind, str], float]]:
        items = [kv for kv in self.scores.items() if kind is None or kv[0][0] is kind]
        return sorted(items, key=lambda kv: -kv[1])[:n]


def rank_passages(passages: list[Passage], terms: list[str]) -> list[tuple[Passage, float]]:
    """Passages ranked by BM25 for ``terms`` in a throwaway in-memory index, scores scaled to
    the best (1.0); passages matching none come last with 0."""
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE p USING fts5(body, tokenize='{TOKENIZER}')")
    db.executemany("INSERT INTO p(rowid, body) VALUES (?, ?)", [(i, p.text) for i, p in enumerate(passages)])
    query = fts_query(terms)
    scored = {i: -s for i, s in db.execute("SELECT rowid, bm25(p) FROM p WHERE p MATCH ?", (query,))} \
        if query else {}
    db.close()
    best = max(scored.values(), default=0.0) or 1.0
    return sorted(((p, scored.get(i, 0.0) / best) for i, p in enumerate(passages)), key=lambda x: -x[1])


def _share(idf: dict[str, float], stems) -> float:
    """The share of the query's stems, weighted by their rarity, that ``stems`` has."""
    total = sum(idf.values())
    return sum(w for s, w in idf.items() if s in stems) / total if total else 0.0


def _loose_match(stems: tuple[str, ...], start: int, phrase: tuple[str, ...]) -> int | None:
    """The end of ``phrase`` found in ``stems`` from ``start`` with up to :data:`MAX_GAP` other
    words between its words ("target of my spell is gone" has "target is gone"), or None."""
    i = start + 1
    for want in phrase[1:]:
        for j in range(i, min(i + MAX_GAP + 1, len(stems))):
            if stems[j] == want:
                i = j + 1
                break
        else:
            return None
    return i


def _single_word_name(word: str, search: RulesSearch) -> bool:
    """A one-word card name counts only when written with a capital and not a rules term
    ("Clone" but not "mulligan")."""
    return word[:1].isupper() and word.lower() not in search.doc.glossary


_SEARCHES: dict[tuple, RulesSearch] = {}


def open_search(rules: str | Path | RulesDoc | None = None, cards: CardDB | None = None,
                index_dir: Path | None = None) -> RulesSearch:
    """A search over the rules (a path, a loaded document, or the default place), its cached
    index (in ``index_dir``, default the cache directory), ``cards``, the cached index of
    their rulings and, with the ``search`` extra, the passages' sentence embeddings; kept per
    process."""
    doc = rules if isinstance(rules, RulesDoc) else load_rules(rules)
    cards = default_db() if cards is None else cards
    directory = Path(index_dir) if index_dir else cache_dir()
    key = (doc.sha256, str(directory), id(cards))
    if key not in _SEARCHES:
        rulings = open_rulings_index(cards, directory)
        _SEARCHES[key] = RulesSearch(doc, open_index(doc, directory), cards, rulings=rulings,
                                     readings=CardReadings(directory, doc, cards),
                                     embedder=open_embedder(doc, directory))
    return _SEARCHES[key]


def search(query: str, n: int = 10, rules: str | Path | RulesDoc | None = None,
           cards: CardDB | None = None, index_dir: Path | None = None) -> list[Hit]:
    """Search the Comprehensive Rules and the rulings of ``cards`` (default: the bundled cards)
    for ``query``: the ``n`` best passages, best first."""
    return open_search(rules, cards, index_dir).search(query, n)
