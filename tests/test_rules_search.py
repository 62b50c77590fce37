"""The Comprehensive Rules as data and as a search: parsing, the index, the search's quality on
the evaluation set, card-driven answers, bounds."""
from __future__ import annotations

import json
import os
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.cards import default_db, load_db
from manastack.rules import PassageKind, RulesError, document, load_rules, open_search, rules_path
from manastack.rules.document import parse_rules, read_rules_text
from manastack.rules.evaluation import KINDS, answers, evaluate, load_eval, missing_answers
from manastack.rules.index import index_path, open_index
from manastack.rules.query import MAX_CARDS, MAX_QUERY_CHARS, RulesSearch, load_vocabulary

from .conftest import CORPUS, RULES, ROOT

EVAL = ROOT / "tests" / "data" / "rules-search-eval.yaml"


@pytest.fixture(scope="module")
def doc():
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    return load_rules(RULES)


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("rules-cache")


@pytest.fixture(scope="module")
def engine(doc, index_dir):
    """The search with the bundled cards and, when present, the corpus (for rulings)."""
    cards = load_db(CORPUS) if CORPUS.exists() else default_db()
    return RulesSearch(doc, open_index(doc, index_dir), cards)


def test_rules_subrules_examples_and_references(doc):
    rule = doc.get("106.12")
    assert [r.number for r in rule.subrules] == ["106.12a", "106.12b"]
    assert rule.see_also == ("605",)
    assert doc.get("CR 106.12.") is rule
    assert "Exotic Orchard" in doc.get("106.7").examples[0]
    assert doc.get("702.9").title == "Flying"
    assert doc.get("702.9b").parent == "702.9"
    assert doc.get("106").subrules[0].number == "106.1"
    assert doc.get("999.99") is None and doc.get("mana") is None
    assert doc.effective == "January 16, 2026"


def test_glossary_ignores_case_and_plurals(doc):
    entry = doc.define("mana abilities")
    assert entry.term == "Mana Ability" and entry.see_also == ("605",)
    assert doc.define("SUMMONING SICKNESS RULE").see_also == ("302.6",)
    assert doc.define("no such term") is None


def test_text_that_is_not_the_rules_is_refused(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("Glossary\n\nsome words\n", encoding="utf-8")
    with pytest.raises(RulesError, match="notes.txt: not the Comprehensive Rules"):
        load_rules(bad)
    with pytest.raises(RulesError, match="rules file not found"):
        load_rules(tmp_path / "missing.txt")


def test_a_rules_file_over_the_size_limit_is_refused(tmp_path, monkeypatch):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 2000)
    monkeypatch.setattr(document, "MAX_RULES_BYTES", 1000)
    with pytest.raises(RulesError, match=r"big.txt: rules file is 2000 bytes; the limit is 1000"):
        read_rules_text(big)


def test_windows_line_endings_parse_the_same(doc, tmp_path):
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(RULES.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-8"))
    other = load_rules(crlf)
    assert len(other.rules) == len(doc.rules) and other.get("106.7").text == doc.get("106.7").text


def test_rules_path_order(tmp_path, monkeypatch):
    monkeypatch.setenv("MANASTACK_RULES", str(tmp_path / "from-env.txt"))
    assert rules_path("given.txt").name == "given.txt"
    assert rules_path().name == "from-env.txt"
    monkeypatch.delenv("MANASTACK_RULES")
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesError, match="no Comprehensive Rules text found"):
        rules_path()
    fetched = tmp_path / "cache" / "rules" / "MagicCompRules-20260116.txt"
    fetched.parent.mkdir(parents=True)
    fetched.write_text("x")
    assert rules_path() == fetched


def test_the_index_is_built_once_per_rules_file(doc, tmp_path):
    first = open_index(doc, tmp_path)
    path = index_path(doc, tmp_path)
    assert path.exists() and doc.sha256[:16] in path.name
    stamp = os.stat(path).st_mtime_ns
    second = open_index(doc, tmp_path)
    assert os.stat(path).st_mtime_ns == stamp
    assert [h[1] for h in first.bm25(["trample"], limit=3)] == [h[1] for h in second.bm25(["trample"], limit=3)]
    first.close()
    second.close()


def test_the_evaluation_set_is_answered_by_the_rules_text(doc):
    queries = load_eval(EVAL)
    assert len(queries) >= 250
    assert {q.kind for q in queries} == set(KINDS)
    assert all(sum(q.kind == k for q in queries) >= 20 for k in KINDS)
    assert sum(q.kind in ("question", "cards") for q in queries) > len(queries) / 2
    assert missing_answers(queries, doc) == []
    assert len({q.query for q in queries}) == len(queries)
    halves = {s: [q for q in queries if q.set == s] for s in ("dev", "test")}
    # the first 355 were split half and half; queries added later went to the development half,
    # so the held-out half stays the one measured before
    assert len(halves["test"]) >= 175 and len(halves["test"]) >= 0.4 * len(queries)


def test_search_beats_plain_bm25_on_the_test_half(doc, engine):
    """The test half was never tuned on (docs/rules-search.md, "Quality")."""
    queries = [q for q in load_eval(EVAL) if q.set == "test"]
    ours = evaluate(engine, queries)
    baseline = evaluate(RulesSearch(doc, engine.index, engine.cards, vocabulary=[], expand=False), queries)
    assert ours["all"].mrr > baseline["all"].mrr
    assert ours["definition"].mrr >= 0.75
    assert ours["question"].mrr > baseline["question"].mrr
    assert ours["cards"].mrr > baseline["cards"].mrr + 0.15


# The test half's MRR as measured when the ranker was last trained (docs/rules-search.md,
# "Quality": 0.61 over all kinds, 0.59 on questions, 0.43 on cards, 0.88 on definitions), less a
# margin: a change that loses more than that fails here.
TEST_HALF_FLOORS = {"all": 0.58, "question": 0.56, "cards": 0.40, "definition": 0.84}


@pytest.mark.skipif(not CORPUS.exists(), reason=f"card corpus not found at {CORPUS}")
def test_the_test_half_keeps_its_measured_mrr(engine):
    queries = [q for q in load_eval(EVAL) if q.set == "test"]
    scores = evaluate(engine, queries)
    below = {kind: round(scores[kind].mrr, 3) for kind, floor in TEST_HALF_FLOORS.items() if scores[kind].mrr < floor}
    assert below == {}, f"MRR under its floor {TEST_HALF_FLOORS}"


def test_a_judge_question_finds_the_rule_in_other_words(engine):
    hits = engine.search("can I respond to a mana ability?", n=3)
    assert hits[0].kind is PassageKind.RULE and hits[0].ref == "605.3b"


def test_a_definition_question_finds_the_glossary(engine):
    hits = engine.search("what does mana value mean", n=3)
    assert (PassageKind.GLOSSARY, "Mana Value") in [(h.kind, h.ref) for h in hits]


def test_a_rule_number_in_the_query_comes_first(engine):
    assert engine.search("what does 704.5j say", n=1)[0].ref == "704.5j"


def test_cards_bring_in_the_rules_their_abilities_fall_under(engine):
    hits = engine.search("Blood Moon and a Forest", n=5, rulings=False)
    assert "305.7" in [h.ref for h in hits]
    assert any("card Blood Moon" in h.reasons for h in hits if h.ref == "305.7")
    pool = engine.search("Reflecting Pool", n=5, rulings=False)
    assert "106.7" in [h.ref for h in pool]


@pytest.mark.skipif(not CORPUS.exists(), reason=f"card corpus not found at {CORPUS}")
def test_rulings_of_named_cards_are_searched(engine):
    hits = engine.search("Urborg, Tomb of Yawgmoth and Blood Moon", n=10)
    rulings = [h for h in hits if h.kind is PassageKind.RULING]
    assert rulings and {h.ref for h in rulings} <= {"Urborg, Tomb of Yawgmoth", "Blood Moon"}


def test_answers_counts_rules_under_an_expected_rule(engine):
    hit = engine.search("702.19b", n=1)[0]
    assert answers(hit, ("702.19",)) and answers(hit, ("702.19b",))
    assert not answers(hit, ("702.1",)) and not answers(hit, ("702.19c",))


def test_query_bounds(engine):
    with pytest.raises(RulesError, match="query: empty"):
        engine.search("   ")
    with pytest.raises(RulesError, match=f"the limit is {MAX_QUERY_CHARS}"):
        engine.search("trample " * 60)
    with pytest.raises(RulesError, match="n: expected a number from 1 to 100"):
        engine.search("trample", n=0)


def test_question_bounds(engine):
    with pytest.raises(RulesError, match="query: expected text, got bytes"):
        engine.search(b"trample")
    hits = engine.search("trample\x00\x07\t\u200b first strike", n=3)
    assert hits and all(h.kind is not PassageKind.RULE or h.ref in engine.doc.rules for h in hits)
    assert engine.search("x" * MAX_QUERY_CHARS, n=1) is not None
    with pytest.raises(RulesError, match=f"the limit is {MAX_QUERY_CHARS}"):
        engine.search("x" * (MAX_QUERY_CHARS + 1))
    eight = " and ".join(["Llanowar Elves"] * MAX_CARDS)
    assert engine.read(eight).cards == ["Llanowar Elves"]
    with pytest.raises(RulesError, match=f"names more than {MAX_CARDS} cards"):
        engine.read(eight + " and Llanowar Elves")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=string.printable + "’“”—{}", max_size=MAX_QUERY_CHARS))
def test_any_query_gives_results_or_a_clear_error(engine, query):
    try:
        hits = engine.search(query, n=5)
    except RulesError as exc:
        assert str(exc).startswith("query:")
        return
    assert len(hits) <= 5
    assert all(h.kind is not PassageKind.RULE or h.ref in engine.doc.rules for h in hits)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=40))
def test_lookups_never_raise(doc, text):
    rule = doc.get(text)
    assert rule is None or rule.number in text
    doc.define(text)


def test_the_judge_vocabulary_loads_and_names_real_rules(doc):
    vocabulary = load_vocabulary()
    assert vocabulary and all(e.say for e in vocabulary)
    assert all(doc.get(n) is not None for e in vocabulary for n in e.rules)


def test_parse_rules_reads_a_minimal_text():
    text = ("Title\n\nContents\n\n1. Game Concepts\nGlossary\nCredits\n\n1. Game Concepts\n\n"
            "100. General\n\n100.1. Rules apply. See rule 100.2.\n\n100.1a A subrule.\n\n"
            "Example: An example.\n\n100.2. Another rule.\n\nGlossary\n\nTerm\nA meaning. See rule 100.1.\n\n"
            "Credits\n")
    doc = parse_rules(text)
    assert [r.number for r in doc.get("100").subrules] == ["100.1", "100.2"]
    assert doc.get("100.1").see_also == ("100.2",)
    assert doc.get("100.1a").examples == ("An example.",)
    assert doc.define("terms").see_also == ("100.1",)


def test_rulings_of_any_card_in_the_card_file_are_searched(doc, index_dir, tmp_path):
    cards_file = tmp_path / "cards.json"
    cards_file.write_text(json.dumps({"data": {"Test Golem": [{
        "name": "Test Golem", "type": "Artifact Creature — Golem", "types": ["Artifact", "Creature"],
        "manaCost": "{3}", "power": "3", "toughness": "3", "text": "",
        "rulings": [{"date": "2020-01-01", "text": "A golem with summoning sickness can still crew a Vehicle."}],
    }]}}), encoding="utf-8")
    cards = load_db(cards_file)
    assert cards.rulings("Test Golem") == (("2020-01-01", "A golem with summoning sickness can still crew a Vehicle."),)
    found = open_search(doc, cards, index_dir).search("can a summoning sick creature crew?", n=10)
    assert ("Test Golem", PassageKind.RULING) in [(h.ref, h.kind) for h in found]
    assert list(index_dir.glob("rulings-index-*.sqlite"))


def test_rule_numbers_with_or_without_a_period_start_rules(doc):
    """The text writes "119.1d." and "606.5" where "119.1d" and "606.5." are meant."""
    assert doc.get("119.1d").text.startswith("In a two-player Brawl game")
    assert "Brawl" not in doc.get("119.1c").text
    assert [r.number for r in doc.get("119.1").subrules][:5] == ["119.1a", "119.1b", "119.1c", "119.1d", "119.1e"]
    assert doc.get("606.5").text.startswith("If the total cost to activate a loyalty ability")
    assert "total cost" not in doc.get("606.4").text
    assert doc.get("606.5").parent == "606"


def test_define_ignores_quotes_and_plurals_on_either_side(doc):
    assert doc.define("copiable value").term == "Copiable Values"
    assert doc.define("intervening if clause").term == "Intervening \u201cIf\u201d Clause"
    assert doc.define('Intervening "if" clauses').term == "Intervening \u201cIf\u201d Clause"
    assert doc.define("libraries").term == "Library"


@pytest.mark.skipif(not CORPUS.exists(), reason=f"card corpus not found at {CORPUS}")
def test_one_cards_rulings_take_one_result(engine):
    hits = engine.search("Panharmonicon enters trigger twice", n=10)
    cards = [h.ref for h in hits if h.kind is PassageKind.RULING]
    assert "Panharmonicon" in cards and len(cards) == len(set(cards))
    pan = next(h for h in hits if h.ref == "Panharmonicon")
    assert pan.more and "more" in pan.to_json()


def test_plural_card_names_are_read(engine):
    reading = engine.read("what happens with two Panharmonicons and an enters trigger")
    assert reading.cards == ["Panharmonicon"]
    assert "603.2d" in [h.ref for h in engine.search("two Panharmonicons", n=5, rulings=False)]


def test_parsed_rules_are_kept_as_data_and_rebuilt_when_they_fail_their_checks(doc, tmp_path, monkeypatch):
    from manastack.rules.source import cached_rules, data_path
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path))
    first = cached_rules(RULES)
    path = data_path(first.sha256)
    assert path.exists() and json.loads(path.read_text(encoding="utf-8"))["sha256"] == doc.sha256
    again = cached_rules(RULES)
    assert [r.number for r in again] == [r.number for r in doc]
    assert again.get("106.12").subrules[1].text == doc.get("106.12b").text
    assert again.define("mana abilities").see_also == ("605",)
    for broken in ("{}", "not json", json.dumps({**json.loads(path.read_text(encoding="utf-8")), "sha256": "0"})):
        path.write_text(broken, encoding="utf-8")
        rebuilt = cached_rules(RULES)
        assert len(rebuilt.rules) == len(doc.rules)
        assert json.loads(path.read_text(encoding="utf-8"))["sha256"] == doc.sha256


def test_a_named_cards_reading_is_kept_between_runs(doc, tmp_path, monkeypatch):
    from manastack.rules import query
    from manastack.rules.card_cache import CardReadings
    cards = default_db()
    index = open_index(doc, tmp_path)
    first = RulesSearch(doc, index, cards, readings=CardReadings(tmp_path, doc, cards))
    expected = [h.ref for h in first.search("two Panharmonicons", n=5, rulings=False)]

    def no_compiling(*args):
        raise AssertionError("compiled again")
    monkeypatch.setattr(query, "card_rules", no_compiling)
    second = RulesSearch(doc, index, cards, readings=CardReadings(tmp_path, doc, cards))
    assert [h.ref for h in second.search("two Panharmonicons", n=5, rulings=False)] == expected


def test_players_words_are_read_with_care(engine):
    """"Deck" is the library in a question, not decking; "discard pile" is the graveyard, not
    Pile; "fighting in combat" is combat damage, not Fight; replacement order is CR 616.1."""
    deck_out = {"121.4", "704.5b", "104.3c"}
    for question in ("how many copies of one card can I put in my deck?", "can I look at the top card of my deck?",
                     "do I have to shuffle my deck after searching it?"):
        assert engine.search(question, n=1, rulings=False)[0].ref not in deck_out, question
    assert "616.1" in [h.ref for h in engine.search("Who chooses the order of replacement effects", n=3,
                                                    rulings=False)]
    pile = [h.ref for h in engine.search("can I look at my opponent's discard pile?", n=5, rulings=False)]
    assert "Pile" not in pile and "700.3" not in pile[:1]
    fight = engine.search("if my creature is fighting in combat with a first striker, who deals damage first?",
                          n=3, rulings=False)
    assert not any(h.ref.startswith("701.14") or h.ref == "Fight" for h in fight)


@pytest.mark.skipif(not CORPUS.exists(), reason=f"card corpus not found at {CORPUS}")
def test_a_named_cards_oracle_text_says_what_it_does(engine):
    """Cloudshift names no keyword; its Oracle text ("exile target creature you control, then
    return that card to the battlefield") is what the question is about."""
    reading = engine.read("Cloudshift my attacking creature")
    assert reading.cards == ["Cloudshift"]
    assert {"exile", "return", "battlefield"} <= set(reading.card_words)
    features = dict(engine.candidates(reading, engine._summed(reading)))
    assert features[(PassageKind.RULE, "610.3c")]["card_text"] > 0.5   # exiled, then returned
    plain = engine.read("my attacking creature")
    assert (PassageKind.RULE, "610.3c") not in dict(engine.candidates(plain, engine._summed(plain)))


def test_rules_under_the_same_rule_are_compared_with_each_other(engine):
    reading = engine.read("can I target my own creature that has hexproof?")
    candidates = engine.candidates(reading, engine._summed(reading))
    siblings = [f for (kind, ref), f in candidates if kind is PassageKind.RULE and ref.startswith("702.11")
                and ref[-1].isalpha()]
    assert len(siblings) > 1
    assert max(f["sib_base"] for f in siblings) == 0.0 and min(f["sib_base"] for f in siblings) < 0
    assert all(f["q_base"] == f["base"] for f in siblings)
    assert "q_base" not in dict(engine.candidates(*(lambda r: (r, engine._summed(r)))(engine.read("hexproof"))))[
        (PassageKind.RULE, "702.11b")]


def test_a_subrule_is_compared_with_the_rule_above_it(engine):
    """701.21a defines sacrificing in its first sentence ("To sacrifice a permanent, its
    controller moves it ..."), which the one-line title 701.21 above it doesn't say: the
    subrule's own words against its parent's, its first sentence, and the asked action in it."""
    reading = engine.read("can I sacrifice a creature my opponent controls?")
    features = dict(engine.candidates(reading, engine._summed(reading)))
    sub, parent = features[(PassageKind.RULE, "701.21a")], features[(PassageKind.RULE, "701.21")]
    assert sub["lead_action"] == 1.0 and parent["lead_action"] < 1.0
    assert sub["own_vs_parent"] > 0 and sub["lead"] > parent["lead"]
    assert parent["has_subrules"] == 1.0 and "has_subrules" not in sub
    assert sub["q_lead"] == sub["lead"] and sub["sib_rank"] == 1.0
    refs = [h.ref for h in engine.search("can I sacrifice a creature my opponent controls?", n=5, rulings=False)]
    assert refs[0] == "701.21a"


def test_judge_words_for_objects_that_come_back_and_spells_without_targets(engine):
    assert engine.search("do counters stay on a creature that leaves and comes back?", n=1, rulings=False)[0].ref == "400.7"
    assert engine.search("can I cast a spell if there are no legal targets for it?", n=1, rulings=False)[0].ref == "601.2c"
