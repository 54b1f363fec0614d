"""Tastes whose object is a light gerund phrase ("spending time", "being", "hanging out"): the phrase keeps
what says where, how or with whom (an adverb of place or manner, a prepositional phrase); without it, it
is no fact. Sentences in our own words.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows

TASTES = [
    # an adverb of place or manner stays with the gerund
    ("I really enjoy spending time outside.", [c(U, "LIKES", "spending time outside", A, NOW)]),
    ("I like spending time alone.", [c(U, "LIKES", "spending time alone", A, NOW)]),
    ("We love spending time together.", [c(U, "LIKES", "spending time together", A, NOW)]),
    ("I love being outdoors.", [c(U, "LIKES", "being outdoors", A, NOW)]),
    # a place, also when the parser hangs it on the liking verb
    ("I love spending time in the woods.", [c(U, "LIKES", "spending time in the woods", A, NOW)]),
    # a taste that has ended, with "spending" parsed as a noun before "time"
    ("I used to love spending time in the garage.", [c(U, "LIKES", "spending time in the garage", E, ("turn", "unknown", True))]),
    # the relative's own taste, with its complement
    ("My brother loves spending time alone.", [c(U, "SIBLING_OF", "user's brother", A, NOW),
                                               c("user's brother", "LIKES", "spending time alone", A, NOW)]),
]

# read before too (the parse took the adverb for a noun, the place hangs on the gerund): kept as they were
KEPT = [
    ("I don't like spending time indoors.", [c(U, "DISLIKES", "spending time indoors", A, NOW)]),
    ("I enjoy spending time at the lake.", [c(U, "LIKES", "spending time at the lake", A, NOW)]),
    ("I enjoy hanging out with my cousins.", [c(U, "LIKES", "hanging out with my cousins", A, NOW)]),
]

NO_FACT = [
    "I love spending time.",  # where, how or with whom is missing
    "I really hate wasting time.",
    "I love hanging out.",
    "I love spending time in the winter.",  # when, not where
    "Do you like spending time outside?",  # a question
    "I'd love to spend time in Portugal.",  # a wish
]


@pytest.mark.parametrize(("text", "expected"), TASTES)
def test_setting_gerund_keeps_its_complement(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize(("text", "expected"), KEPT)
def test_setting_gerund_read_as_before(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NO_FACT)
def test_bare_setting_gerund_is_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []


def test_other_gerunds_drop_the_adverb(extractor):
    assert last_turn_rows(extractor, "I love jogging outdoors.") == [c(U, "LIKES", "jogging", A, NOW)]
