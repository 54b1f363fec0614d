"""A clause's "all along" phrase ("my whole life", "since I was a kid") and a plan given up ("but didn't", "fell
through") are looked for in a sentence only when the turn's whole text has one (clauses/filters.py ``_turn_has``):
the gated reading must say what reading every sentence says, and a turn without such a phrase must never read its
sentences' text for one."""

from __future__ import annotations

import pytest

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import filters
from chronomem.extract.rules.engine import RELATIONS_PIPE

# our own words: turns with the phrase in one sentence of several, in another case, with odd spaces, and without
TURNS = [
    "I have lived in Tromsø my whole life. My brother moved away though.",
    "My sister sings. I've been drawing since I was little, and I still draw daily.",
    "We moved twice. I've known Pedro ALL MY   LIFE.",
    "I’ve played chess since childhood. It calms me.",
    "I bought a kayak last week. It's red and I love it.",
    "She left. Since then life has been quiet.",
    "",
    "We meant to sail to Crete but didn't. The trip fell   through anyway.",
    "I planned a garden. We called off the wedding but never the garden.",
    "I wanted a puppy. Then I decided against it.",
    "The bus was late. What if   it never comes? What   if we walk?",
]


@pytest.mark.parametrize("text", TURNS)
def test_the_gated_reading_says_what_every_sentence_says(extractor, text):
    doc = extractor.nlp(text, disable=[RELATIONS_PIPE])
    for tok in doc:
        assert filters._lifelong_sentence(tok) == filters._lifelong(tok.sent.text), (text, tok.text)


def test_a_lifelong_phrase_in_one_sentence_is_not_the_next_ones(extractor):
    doc = extractor.nlp(TURNS[0], disable=[RELATIONS_PIPE])
    said = {tok.text: filters._lifelong_sentence(tok) for tok in doc if tok.pos_ in ("VERB", "AUX")}
    assert said["lived"] and not said["moved"]


def test_a_turn_without_the_phrase_reads_no_sentence_for_it(extractor, monkeypatch):
    doc = extractor.nlp(TURNS[4], disable=[RELATIONS_PIPE])
    asked: list[str] = []
    real = filters._lifelong
    monkeypatch.setattr(filters, "_lifelong", lambda text: asked.append(text) or real(text))
    assert not any(filters._lifelong_sentence(tok) for tok in doc)
    assert asked == []


def _dropped_ungated(sent) -> bool:
    low = " ".join(sent.text.lower().replace("’", "'").split())
    return any(p in low for p in L.DROPPED) and not any(p in low for p in L.TIES_CALLED_OFF)


@pytest.mark.parametrize("text", TURNS)
def test_the_gated_dropped_plan_is_what_every_sentence_says(extractor, text):
    doc = extractor.nlp(text, disable=[RELATIONS_PIPE])
    for sent in doc.sents:
        assert filters.is_dropped_plan(sent) == _dropped_ungated(sent), (text, sent.text)


def test_a_plan_given_up_in_one_sentence_is_not_the_next_ones(extractor):
    doc = extractor.nlp("I wanted a puppy. Then I decided against it. My cat is happy.", disable=[RELATIONS_PIPE])
    assert [filters.is_dropped_plan(s) for s in doc.sents] == [False, True, False]


@pytest.mark.parametrize("text", TURNS)
def test_the_gated_what_if_is_what_every_sentence_says(extractor, text):
    doc = extractor.nlp(text, disable=[RELATIONS_PIPE])
    for sent in doc.sents:
        ungated = any(t.lower_ in L.CONDITIONALS and not filters._saying_condition(t) and not filters._life_without(t)
                      for t in sent) or "what if" in sent.text.lower()
        assert filters.is_hypothetical(sent) == ungated, (text, sent.text)
