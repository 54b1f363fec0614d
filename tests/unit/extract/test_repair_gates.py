"""The repairs of the parse run only on a doc that has the words they need (parse/mending.py): a gate that
skipped a repair with work to do would change the parse, so a gated run must leave every doc exactly as
running every repair does, and must skip a repair on a doc without its words."""

from __future__ import annotations

import pytest

from chronomem.extract.parse import mending
from chronomem.extract.rules.engine import RELATIONS_PIPE

# each sentence gives one gated repair something to mend (our own words)
MENDED = [
    "Pilates's great.", "She's been rowing for a decade.", "Ines, my landlady, is moving away.",
    "I adore Porto, my uncle Rui lives there.", "This is my girlfriend, Noor.", "I detest olives",
    "i like darts but hate bowling", "I hate coriander.", "I took up a new hobby, fencing.",
    "My cousin's a pilot and loves flying.", "We can't stand mushrooms.", "He's got two kids, and likes golf.",
    "I teach at a dance school uptown.",
]


def _parsed(extractor, text: str):
    return extractor.nlp(text, disable=[RELATIONS_PIPE])


def _state(doc) -> list[tuple]:
    return [(t.pos_, t.tag_, t.dep_, t.head.i, t.lemma_) for t in doc]


def _ungated(doc, verbs) -> None:
    for fix in mending._ORDER:
        if fix in mending._WITH_VERBS:
            fix(doc, verbs)
        else:
            fix(doc)


@pytest.mark.parametrize("text", MENDED)
def test_a_gated_run_mends_as_running_every_repair_does(extractor, text):
    verbs = extractor.nlp.get_pipe(RELATIONS_PIPE).verbs
    gated, every = _parsed(extractor, text), _parsed(extractor, text)
    mending.repair(gated, verbs)
    _ungated(every, verbs)
    assert _state(gated) == _state(every)


def test_the_sentences_do_make_repairs_mend(extractor):
    verbs = extractor.nlp.get_pipe(RELATIONS_PIPE).verbs
    changed = 0
    for text in MENDED:
        doc = _parsed(extractor, text)
        before = _state(doc)
        mending.repair(doc, verbs)
        changed += _state(doc) != before
    assert changed >= 5  # the gated repairs do run where their words are


def test_a_repair_is_not_run_on_a_doc_without_its_words(extractor, monkeypatch):
    calls: list[str] = []
    for fix in list(mending.NEEDS):
        def counting(*args, _fix=fix):
            calls.append(_fix.__name__)
            return _fix(*args)
        monkeypatch.setitem(mending.NEEDS, counting, mending.NEEDS[fix])
        monkeypatch.setattr(mending, "_ORDER", tuple(counting if f is fix else f for f in mending._ORDER))
    mending.repair(_parsed(extractor, "We walked home after the game."))
    assert calls == []  # no taste verb, no "'s", no comma, no hobby noun: no gated repair reads it
    mending.repair(_parsed(extractor, "I love chess, and my hobby, knitting."))
    assert {"repair_taste_root", "repair_comma_clause", "repair_hobby_names"} <= set(calls)
