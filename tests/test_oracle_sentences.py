"""Splitting Oracle text into sentences in one pass (no regular expression that can backtrack):
periods inside quoted abilities stay in their sentence."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from manastack.oracle.compiler import sentences


def test_quoted_abilities_keep_their_periods():
    assert sentences('Creatures you control have "{T}: Add {G}." Draw a card. Scry 1.') == \
        ['Creatures you control have "{T}: Add {G}." Draw a card.', "Scry 1."]
    assert sentences("It gains “Sacrifice this. Draw a card.” until end of turn. Scry 1.") == \
        ["It gains “Sacrifice this. Draw a card.” until end of turn.", "Scry 1."]


def test_many_curly_quote_pairs_split_into_their_sentences():
    text = " ".join(["Target gains “Draw a card. Then scry 1.” and “x.”."] * 40)
    assert len(sentences(text)) == 40
    # thirty quoted words and an unclosed quotation mark: one sentence, found in one pass
    hostile = "“a” " * 30 + '"'
    assert sentences(hostile) == [hostile.strip()]


@given(st.text(alphabet='ab ."“”', max_size=400))
def test_the_sentences_are_the_text_itself(text):
    """Nothing is lost or added: the sentences are the text's pieces in order."""
    assert "".join(sentences(text)).replace(" ", "") == text.replace(" ", "")
