"""Shape matching reads a doc once, however many sentences it has (it was once per sentence: quadratic)."""

from __future__ import annotations

from chronomem.extract import shapes


def test_the_dependency_matcher_runs_once_per_doc(extractor, monkeypatch):
    nlp = extractor.nlp
    matcher, roles = shapes.matcher_for(nlp.vocab)
    calls = []

    class Counting:
        def __call__(self, doc):
            calls.append(len(doc))
            return matcher(doc)

    monkeypatch.setitem(shapes._MATCHERS, id(nlp.vocab), (Counting(), roles))
    text = " ".join(["I have a real passion for sailing.", "My love of jazz never faded.", "We moved in May."] * 20)
    doc = nlp(text)  # the extraction component matches shapes in every sentence
    found = [(name, by_role["thing"].text) for sent in doc.sents
             for name, by_role in shapes.shape_matches(doc, sent, ("love_noun_of", "love_noun_verb_for"))]
    assert calls == [len(doc)]  # one pass over the whole doc, for the component and for this loop
    assert ("love_noun_of", "jazz") in found and len(found) >= 20
