"""Shape matching reads a doc once, however many sentences it has (it was once per sentence: quadratic),
and each shape only when the doc has the words that shape needs (one matcher of every shape read every doc
that one shape might match)."""

from __future__ import annotations

from chronomem.extract.rules import shapes


def _counting(nlp, monkeypatch) -> list[tuple[str, int]]:
    """Make each shape's matcher of ``nlp`` record its name and the length of each doc it reads."""
    calls: list[tuple[str, int]] = []

    class Counting:
        def __init__(self, name, matcher):
            self.name, self.matcher = name, matcher

        def __call__(self, doc):
            calls.append((self.name, len(doc)))
            return self.matcher(doc)

    built = shapes._built(nlp.vocab)
    monkeypatch.setitem(shapes._MATCHERS, id(nlp.vocab), {
        name: (Counting(name, matcher), roles, needs) for name, (matcher, roles, needs) in built.items()})
    return calls


def _every_match(nlp, text: str) -> list[tuple[str, tuple[int, ...]]]:
    """Every shape's matches in ``text``, each matcher run with no gate."""
    doc = nlp(text)
    return sorted((name, tuple(ids)) for name, (matcher, _, _) in shapes._built(nlp.vocab).items()
                  for _, ids in matcher(doc))


def test_the_dependency_matcher_runs_once_per_doc(extractor, monkeypatch):
    nlp = extractor.nlp
    calls = _counting(nlp, monkeypatch)
    text = " ".join(["I have a real passion for sailing.", "My love of jazz never faded.", "We moved in May."] * 20)
    doc = nlp(text)  # the extraction component matches shapes in every sentence
    found = [(name, by_role["thing"].text) for sent in doc.sents
             for name, by_role in shapes.shape_matches(doc, sent, ("love_noun_of", "love_noun_verb_for"))]
    names = [name for name, _ in calls]
    assert {n for _, n in calls} == {len(doc)} and len(names) == len(set(names))  # one pass of each shape over
    # the whole doc, for the component and for this loop
    assert "love_noun_of" in names
    assert ("love_noun_of", "jazz") in found and len(found) >= 20


SENTENCES = ["I have a real passion for sailing.", "My love of jazz never faded.", "Nothing beats a cold lemonade.",
             "I can't get enough of old films.", "I feel a deep connection to the sea.", "We moved in May.",
             "She drove to the coast on Sunday.", "My favorite hobby is chess.", "Our shared love of hiking."]


def test_a_doc_without_the_words_a_shape_needs_is_not_matched_and_nothing_is_lost(extractor, monkeypatch):
    nlp = extractor.nlp
    expected = {text: _every_match(nlp, text) for text in SENTENCES}
    calls = _counting(nlp, monkeypatch)
    got, read = {}, {}
    for text in SENTENCES:
        calls.clear()
        got[text] = sorted(shapes._doc_matches(nlp(text)))
        read[text] = len(calls)
    assert got == expected
    assert sum(1 for v in expected.values() if v) >= 5  # the sentences do exercise the shapes
    assert read["We moved in May."] == read["She drove to the coast on Sunday."] == 0  # no shape's words: no matcher run


def test_only_the_shapes_whose_words_a_doc_has_read_it(extractor, monkeypatch):
    nlp = extractor.nlp
    calls = _counting(nlp, monkeypatch)
    doc = nlp("My passion for sailing keeps me busy.")
    shapes._doc_matches(doc)
    ran = {name for name, _ in calls}
    assert "love_noun_of" in ran  # its words are there ("passion", "for"): it runs, and finds "sailing"
    assert len(ran) < len(shapes._built(nlp.vocab)) // 2  # most shapes need a word this doc lacks
    assert ("love_noun_of", ) in {(name,) for name, _ in shapes._doc_matches(doc)}
