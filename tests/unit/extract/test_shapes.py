"""Shape matching reads a doc once, however many sentences it has (it was once per sentence: quadratic),
and not at all when the doc lacks a word every shape needs."""

from __future__ import annotations

from chronomem.extract.rules import shapes


def _counting(nlp, monkeypatch) -> list[int]:
    """Make the shape matcher of ``nlp`` record the length of each doc it reads."""
    matcher, roles, needs = shapes._built(nlp.vocab)
    calls: list[int] = []

    class Counting:
        def __call__(self, doc):
            calls.append(len(doc))
            return matcher(doc)

    monkeypatch.setitem(shapes._MATCHERS, id(nlp.vocab), (Counting(), roles, needs))
    return calls


def test_the_dependency_matcher_runs_once_per_doc(extractor, monkeypatch):
    nlp = extractor.nlp
    calls = _counting(nlp, monkeypatch)
    text = " ".join(["I have a real passion for sailing.", "My love of jazz never faded.", "We moved in May."] * 20)
    doc = nlp(text)  # the extraction component matches shapes in every sentence
    found = [(name, by_role["thing"].text) for sent in doc.sents
             for name, by_role in shapes.shape_matches(doc, sent, ("love_noun_of", "love_noun_verb_for"))]
    assert calls == [len(doc)]  # one pass over the whole doc, for the component and for this loop
    assert ("love_noun_of", "jazz") in found and len(found) >= 20


SENTENCES = ["I have a real passion for sailing.", "My love of jazz never faded.", "Nothing beats a cold lemonade.",
             "I can't get enough of old films.", "I feel a deep connection to the sea.", "We moved in May.",
             "She drove to the coast on Sunday.", "My favorite hobby is chess.", "Our shared love of hiking."]


def test_a_doc_without_the_words_a_shape_needs_is_not_matched_and_nothing_is_lost(extractor, monkeypatch):
    nlp = extractor.nlp
    matcher, _, _ = shapes._built(nlp.vocab)
    expected = {text: sorted((nlp.vocab.strings[m], tuple(ids)) for m, ids in matcher(nlp(text))) for text in SENTENCES}
    calls = _counting(nlp, monkeypatch)
    got = {text: sorted(shapes._doc_matches(nlp(text))) for text in SENTENCES}
    assert got == expected
    assert sum(1 for v in expected.values() if v) >= 5  # the sentences do exercise the shapes
    assert len(calls) < len(SENTENCES)  # "We moved in May.", "She drove ...": no shape's words, no matcher run
