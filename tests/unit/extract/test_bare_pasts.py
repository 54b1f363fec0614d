"""A state of a life said in the bare past, with no time ("I was a welder", "my aunt was a pilot", "we lived in
Tulsa"): it held, and is over, when is not said (an ``end`` claim with no date, as "used to" gives). Not a
story's past: a moment ("I was at the pool"), a mood or a place in a line ("I was a wreck", "I was the first one
there"), a past under a clause of time or another verb, a question, a denial, a supposition, "still", a perfect,
nor "he"/"they" in a story; and a bare past of a taste says nothing of now.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import E, U, c, last_turn_rows

OVER = ("turn", "unknown", True)  # it held once and no longer; when it ended is not said

OVER_NOW = [
    ("I was a welder.", [c(U, "HAS_ROLE", "welder", E, OVER)]),
    ("Honestly, I was a librarian.", [c(U, "HAS_ROLE", "librarian", E, OVER)]),
    ("My aunt was a pilot.", [c("user's aunt", "HAS_ROLE", "pilot", E, OVER)]),
    ("Gustavo was an electrician.", [c("Gustavo", "HAS_ROLE", "electrician", E, OVER)]),
    ("We lived in Tulsa.", [c(U, "LIVES_IN", "Tulsa", E, OVER)]),
    ("I lived in Winnipeg, but now I live in Halifax.", [c(U, "LIVES_IN", "Winnipeg", E, OVER),
                                                     c(U, "LIVES_IN", "Halifax", "assert", ("turn", "day", False))]),
    ("I worked at Siemens.", [c(U, "WORKS_AT", "Siemens", E, OVER)]),
    ("Ilse was a carpenter and lived in Graz.", [c("Ilse", "HAS_ROLE", "carpenter", E, OVER),
                                                 c("Ilse", "LIVES_IN", "Graz", E, OVER)]),
    ("I had a parrot named Kiwi.", [c(U, "HAS_PET", "Kiwi", E, OVER)]),
    ("My uncle studied at Cornell.", [c("user's uncle", "STUDIES_AT", "Cornell", E, OVER)]),
    ("I owned a food truck.", [c(U, "OWNS", "food truck", E, OVER)]),
]

NOTHING = [
    "I was at the pool.",  # a moment, not a home
    "I was a wreck.",  # a mood, not a role
    "I was a little late.",
    "I was the first one there.",
    "When I was at the post office, I ran into Dana.",  # the backdrop of a story
    "Dana said she was a welder.",  # someone's words
    "He was this mechanic we hired in Lyon.",  # "he" in a story
    "Were you a welder?",
    "I wasn't a welder.",
    "If I was a welder I'd weld all day.",
    "I still lived in Tulsa then.",
    "I've lived in Tulsa.",  # a perfect: maybe long ago, read elsewhere
    "I was living in Tulsa.",
    "I lived in Tulsa my whole life.",  # may hold still
    "I loved the concert.",  # a taste in the past says nothing of now
]


@pytest.mark.parametrize(("text", "expected"), OVER_NOW)
def test_a_bare_past_state_is_over(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOTHING)
def test_a_story_past_says_nothing(extractor, text):
    assert last_turn_rows(extractor, text) == []


def test_a_past_taste_of_a_title_still_holds(extractor):
    rows = last_turn_rows(extractor, 'I loved "Middlemarch" by George Eliot.')
    assert [(s, p, o, k) for s, p, o, k, *_ in rows] == [(U, "LIKES", "Middlemarch", "assert")]
