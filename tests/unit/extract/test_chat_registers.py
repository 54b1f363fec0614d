"""Lines from registers the extractor met late, in our own words: a laugh inside a lower-case chat line ("moved
to reno lol still unpacking"), a workplace named after the town it is in ("a garage in Dayton named Rossi
Motors"), a fact said before a question put to the listener ("My aunt lives in Ely, would she like a visit?"), a
present verb the tagger read as a plural noun after a kin word ("My mum works at Boots"), a span ended by a
"till" clause ("from 1971 till the plant shut in 1988"), a degree done somewhere ("I did my masters at Keele") and
a vehicle driven for someone ("I drive a forklift for Costco": no OWNS).

Rows are ``(subject, predicate, object, kind, at)`` of the last turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, *texts: str) -> set[tuple[str, str, str, str, str]]:
    return {(s, p, o, kind, at) for s, p, o, kind, at, *_ in last_turn_rows(extractor, *texts)}


def triples(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, _ in facts(extractor, *texts)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("just moved to tucson lmao still no furniture", (U, "LIVES_IN", "Tucson", "assert")),
    ("i hate dark souls haha way too hard for me", (U, "DISLIKES", "dark souls", "assert")),
    ("My cousin works at a garage in Dayton named Rossi Motors.", ("user's cousin", "WORKS_AT", "Rossi Motors", "assert")),
    ("I work at a pottery studio in Lewes called Clayworks.", (U, "WORKS_AT", "Clayworks", "assert")),
    ("My aunt lives in Ely, would she like a visit from us?", ("user's aunt", "LIVES_IN", "Ely", "assert")),
    ("My brother works at Tesco, could he get me a discount there?", ("user's brother", "WORKS_AT", "Tesco", "assert")),
    ("My mum works at Boots.", ("user's mum", "WORKS_AT", "Boots", "assert")),
    ("My mum lives in Harrogate.", ("user's mum", "LIVES_IN", "Harrogate", "assert")),
    ("I did my masters at Keele University.", (U, "STUDIES_AT", "Keele University", "end")),
    ("I did a PhD at the University of Bath.", (U, "STUDIES_AT", "University of Bath", "end")),
])
def test_a_chat_line_reads_as_careful_text_would(extractor, text, wanted):
    got = triples(extractor, text)
    assert wanted in got, got


@pytest.mark.parametrize(("text", "wanted"), [
    ("I worked at the Hadley steel plant from 1971 till the plant shut in 1988.", [
        (U, "WORKS_AT", "hadley steel plant", "assert", "1971-01-01"),
        (U, "WORKS_AT", "hadley steel plant", "end", "1988-01-01")]),
    ("My dad worked at Kellogg's from 1980 until the factory closed in 1999.", [
        ("user's dad", "WORKS_AT", "Kellogg's", "assert", "1980-01-01"),
        ("user's dad", "WORKS_AT", "Kellogg's", "end", "1999-01-01")]),
    ("We lived in Dundee until we moved south in 1994.", [(U, "LIVES_IN", "Dundee", "end", "1994-01-01")]),
])
def test_a_till_clause_dates_the_end_of_the_clause_it_hangs_on(extractor, text, wanted):
    got = facts(extractor, text)
    assert set(wanted) <= got, got


def test_the_name_of_a_town_is_no_workplace(extractor):
    got = triples(extractor, "I work at a bakery in a village called Tring.")  # the village is named, not the bakery
    assert not any(p == "WORKS_AT" and o == "Tring" for s, p, o, kind in got), got


@pytest.mark.parametrize("text", [
    "I drive a forklift for Costco.",  # driven at work, not owned
    "I drive a minivan for a catering firm.",
    "She drives a bus for the city.",
])
def test_a_vehicle_driven_for_someone_is_not_owned(extractor, text):
    got = triples(extractor, text)
    assert not any(p == "OWNS" for s, p, o, kind in got), got


@pytest.mark.parametrize(("text", "unwanted"), [
    ("i hate dark souls haha way too hard for me", "souls haha"),
    ("i hate dark souls haha way too hard for me", "dark souls hahaing"),
    ("My aunt lives in Ely, doesn't she?", "Ely"),  # a tag asks
    ("Does your aunt live in Ely, would she host us?", "Ely"),
    ("If I move to Ely, would you visit me?", "Ely"),
    ("Maybe I'll move to Ely, would you visit me?", "Ely"),
    ("Honestly, would you ever move to Ely?", "Ely"),  # no statement before the comma
    ("Oh wow, could you be any more in my choir?", "user's choir"),
    ("I mean, do you actually like Priya?", "Priya"),  # the statement says nothing
    ("My car keys at home.", "car"),  # a fragment, no verb
    ("Did you do your masters at Keele?", "Keele"),
    ("If I did a PhD at Bath, I'd be broke.", "Bath"),
    ("I did my homework at the library.", "library"),
    ("I waited until she called on Monday.", "Monday"),
])
def test_no_fact_from_questions_tags_suppositions_or_other_names(extractor, text, unwanted):
    got = triples(extractor, text)
    assert not any(unwanted in (s, o) for s, p, o, kind in got), got
