"""A name said right before a time that gives no date ("years ago", "ages ago", "a while ago"): the parser hangs the
name on the time's noun ("Stripe" a compound of "years") and NER runs the two together ("Dana years ago" one
date), and the fact the name was the object of was lost. The name is the object again; the fact holds as said
(from the turn, observed: the words fix no date). Sentences of our own."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, U, last_turn_rows

READ = [
    ("I joined Stripe years ago.", ("WORKS_AT", "Stripe", "assert")),
    ("I moved to Tucson ages ago.", ("LIVES_IN", "Tucson", "assert")),
    ("We moved to Halifax ages ago.", ("LIVES_IN", "Halifax", "assert")),
    ("I quit Deloitte years ago.", ("WORKS_AT", "Deloitte", "end")),
]


@pytest.mark.parametrize(("sentence", "fact"), READ)
def test_a_name_before_an_undated_time_is_the_object(extractor, sentence, fact):
    predicate, thing, kind = fact
    got = {r for r in last_turn_rows(extractor, sentence) if r[1] == predicate}
    assert got == {(U, predicate, thing, kind, *NOW)}


def test_the_name_is_cut_off_the_date_ner_ran_it_into(extractor):
    doc = extractor.nlp("I adopted Luna years ago.")  # NER: "Luna years ago" one date
    assert [(e.text, e.label_) for e in doc.ents] == [("years ago", "DATE")]
    assert doc[2].dep_ == "dobj"


def test_a_compound_name_comes_back_whole(extractor):
    doc = extractor.nlp("I joined Blue Bottle years ago.")
    names = [t.text for t in doc if t.head.text == "Bottle" and t.dep_ == "compound"]
    assert doc[3].dep_ == "dobj" and names == ["Blue"]


# Not touched: a dated time (the older repairs read it), a time with no name before it, a name that is no compound
# of the time, and a time that is no undated one ("years later").
UNTOUCHED = [
    ("I moved to Tucson two years ago.", ("LIVES_IN", "Tucson", "assert")),
    ("Years ago I moved to Tucson.", ("LIVES_IN", "Tucson", "assert")),
]


@pytest.mark.parametrize(("sentence", "fact"), UNTOUCHED)
def test_other_times_keep_their_reading(extractor, sentence, fact):
    predicate, thing, kind = fact
    got = {r[:4] for r in last_turn_rows(extractor, sentence) if r[1] == predicate}
    assert got == {(U, predicate, thing, kind)}


def test_no_name_before_the_time_changes_nothing(extractor):
    doc = extractor.nlp("We got the house years ago.")
    assert [(t.text, t.dep_) for t in doc if t.text in ("house", "years")] == [("house", "dobj"), ("years", "npadvmod")]


def test_a_time_after_the_name_that_is_not_undated_is_left_alone(extractor):
    doc = extractor.nlp("I joined Stripe years later.")
    assert "ago" not in doc.text and not any(e.text.startswith("Stripe") and e.label_ == "DATE" for e in doc.ents)
