"""News announced with an opener before a comma or a dash ("Guess what, …", "You know what - …"), or framed by a
noun as the subject of "is" ("The thing is, …", "The good news is that …"), or by the speaker's own telling ("Not
sure if I told you, but …", "I'm happy to say …", "Just wanted to say …"), in our own words: the news is read as the
speaker's statement; so is a present perfect "since college" (it still holds), and "Oakridge Elementary" is a
school. "I guess what matters is …", "The question is whether …", "If I told you …, would you …?", "I'd be happy to
say …", "he wanted to say …" state nothing.

Rows are ``(subject, predicate, object)`` of the one turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("Guess what, my cousin got into Vassar College.", ("user's cousin", "STUDIES_AT", "Vassar College")),
    ("You know what, I moved to Tacoma in the spring.", (U, "LIVES_IN", "Tacoma")),
    ("And guess what - we adopted a terrier named Moss!", (U, "HAS_PET", "Moss")),
    ("So guess what, my brother works at Bosch now.", ("user's brother", "WORKS_AT", "Bosch")),
    ("The thing is, I teach at Carleton now.", (U, "WORKS_AT", "Carleton")),
    ("The good news is that my aunt lives in Halifax now.", ("user's aunt", "LIVES_IN", "Halifax")),
    ("Truth is, my sister works at Bosch.", ("user's sister", "WORKS_AT", "Bosch")),
    ("Not sure if I told you, but I moved to Tacoma in March.", (U, "LIVES_IN", "Tacoma")),
    ("I don't know if I mentioned it, but my aunt works at Bosch.", ("user's aunt", "WORKS_AT", "Bosch")),
    ("I'm proud to say I got a job at Carleton.", (U, "WORKS_AT", "Carleton")),
    ("Just wanted to say I moved to Halifax.", (U, "LIVES_IN", "Halifax")),
])
def test_news_after_an_opener_reads(extractor, text, wanted):
    assert wanted in facts(extractor, text)


@pytest.mark.parametrize("text", [
    "Guess what my cousin studies?",  # a question, no opener
    "I guess what matters is that Tacoma is nice.",
    "You know what, I might move to Tacoma someday.",  # the news is a supposition
    "The question is whether I move to Tacoma.",
    "The thing is, I might move to Tacoma.",
    "The problem is that my cousin wants to study at Vassar College.",
    "If I told you I moved to Tacoma, would you visit?",
    "I'd be happy to say I moved to Tacoma.",
    "I can't say I moved to Tacoma.",
    "My cousin wanted to say she moved to Tacoma.",
])
def test_no_fact_where_the_opener_is_none_or_the_news_is_none(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] in ("LIVES_IN", "STUDIES_AT")}


@pytest.mark.parametrize(("text", "wanted"), [
    ("I've lived in Tacoma since college.", (U, "LIVES_IN", "Tacoma")),
    ("Rosa has been my best friend since high school.", (U, "FRIEND_OF", "Rosa")),
    ("I've worked at Bosch since grad school.", (U, "WORKS_AT", "Bosch")),
    ("Rosa has been my best friend since third grade.", (U, "FRIEND_OF", "Rosa")),
])
def test_a_perfect_since_a_stretch_of_life_still_holds(extractor, text, wanted):
    assert wanted in facts(extractor, text)


def test_a_perfect_since_a_stretch_of_life_denied_is_none(extractor):
    assert not {f for f in facts(extractor, "I haven't lived in Tacoma since college.") if f[1] == "LIVES_IN"}


@pytest.mark.parametrize(("text", "wanted"), [
    ("My nephew goes to Oakridge Elementary.", ("user's nephew", "STUDIES_AT", "Oakridge Elementary")),
    ("I teach at Oakridge Elementary.", (U, "WORKS_AT", "Oakridge Elementary")),
])
def test_an_elementary_by_name_is_a_school(extractor, text, wanted):
    assert wanted in facts(extractor, text)


def test_elementary_as_an_adjective_is_no_school(extractor):
    assert not {f for f in facts(extractor, "Honestly, the answer was elementary.") if f[1] in ("STUDIES_AT", "WORKS_AT")}
