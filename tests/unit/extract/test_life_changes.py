"""Life changes in work, school, home and couples, in our own wordings: a job left at a place of work said
without a name; and the sentences with the same verbs that state no such change.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import E, U, c, last_turn_rows, month, year

LAST_WEEK = ("2024-03-05", "week", False)

# a job left at a place of work the phrase table knows, said without a name
UNNAMED_WORKPLACE_LEFT = [
    ("My dad retired from the post office in 2021.", [c("user's dad", "WORKS_AT", "post office", E, year(2021))]),
    ("Priya got laid off from the factory in 2020.", [c("Priya", "WORKS_AT", "factory", E, year(2020))]),
    ("I was fired from the restaurant last week.", [c(U, "WORKS_AT", "restaurant", E, LAST_WEEK)]),
    ("Dana quit her job at the bakery in May.", [c("Dana", "WORKS_AT", "bakery", E, month("2023-05"))]),
]


@pytest.mark.parametrize("text,expected", UNNAMED_WORKPLACE_LEFT, ids=[t for t, _ in UNNAMED_WORKPLACE_LEFT])
def test_a_job_left_at_an_unnamed_workplace(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_WORKPLACE_LEFT = [
    "I retired from teaching in 2019.",  # a field of work, not a place
    "She retired from the race after an hour.",
    "Shots were fired from the station last night.",
    "I left my bag at the bank.",
]


@pytest.mark.parametrize("text", NO_WORKPLACE_LEFT)
def test_no_workplace_left(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT"] == []
