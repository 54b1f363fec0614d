"""A child born, named in the turn, is its parent's from then: "had" a baby, "gave birth to", "welcomed" one,
a baby said as "arriving"; the parent a speaker's unnamed relative too ("my cousin had a son …"); and the
sentences with the same words that say no birth (a wish, a shower, a question, someone else's relative,
a newcomer to a team, a child coming home).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, c, day, last_turn_rows, month

LAST_WEEK = ("2024-03-05", "week", False)


def parent_rows(extractor, text: str) -> list[tuple]:
    return sorted(r for r in last_turn_rows(extractor, text) if r[1] == "PARENT_OF")


BORN = [
    ("My cousin had a baby girl named Willa last week.", [c("user's cousin", "PARENT_OF", "Willa", A, LAST_WEEK)]),
    ("We had a baby boy, Caspian, in January.", [c(U, "PARENT_OF", "Caspian", A, month("2024-01"))]),
    ("We had our first daughter, Juno, in August.", [c(U, "PARENT_OF", "Juno", A, month("2023-08"))]),
    ("Priya had a son named Dev in October.", [c("Priya", "PARENT_OF", "Dev", A, month("2023-10"))]),
    ("I gave birth to a girl named Odette in November.", [c(U, "PARENT_OF", "Odette", A, month("2023-11"))]),
    ("My brother and his partner welcomed a baby girl, Hazel, in February.",
     [c("user's brother", "PARENT_OF", "Hazel", A, month("2024-02"))]),
    ("We welcomed our son Bastian in September.", [c(U, "PARENT_OF", "Bastian", A, month("2023-09"))]),
    ("Our baby boy Remy arrived on Friday.", [c(U, "PARENT_OF", "Remy", A, day("2024-03-08"))]),
]


@pytest.mark.parametrize("text,expected", BORN, ids=[t for t, _ in BORN])
def test_a_child_born_is_the_parents_from_then(extractor, text, expected):
    assert parent_rows(extractor, text) == sorted(expected)


NO_BIRTH = [
    "My cousin wants a baby.",
    "My cousin had a baby shower last week.",
    "I babysat a girl named Odette.",
    "Did your cousin have the baby?",
    "Odette was born in Denver.",
    "My neighbor's cousin had a baby named Willa.",
    "We welcomed a new girl named Odette to the choir.",
    "Our little girl Remy arrived home from camp on Friday.",
    "We had a boy named Caspian on our team last year.",
    "My cousin didn't have a baby girl named Willa.",
    "If we have a baby girl, we'll call her Willa.",
    "I gave a girl named Odette a ride.",
]


@pytest.mark.parametrize("text", NO_BIRTH)
def test_no_birth_said(extractor, text):
    assert parent_rows(extractor, text) == []
