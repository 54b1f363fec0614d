""""starting"/"beginning" is a time preposition when it opens a time ("starting in May, I work at Pellow":
since May), but not when it is the verb of a clause of its own, with a subject or an auxiliary ("she's
starting in the fall"): then the time dates that clause, not the clause it is joined to ("Nadia got into Brown
University, she's starting in the fall" is no admission last fall). Sentences written for these tests.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at 2024-03-12T09:00Z.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows, year

NOT_BACKDATED = [
    ("Nadia got into Brown University, she's starting in the fall.", [c("Nadia", "STUDIES_AT", "Brown University", A, NOW)]),
    ("Omid got into Keele University by the way, he is starting in October.",
     [c("Omid", "STUDIES_AT", "Keele University", A, NOW)]),
    ("I got a job at Harrow Foods and I'm starting in September.", [c(U, "WORKS_AT", "Harrow Foods", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", NOT_BACKDATED, ids=[t for t, _ in NOT_BACKDATED])
def test_a_starting_clause_does_not_date_the_clause_before(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


STILL_A_TIME = [
    ("Starting in 2021, I've worked at Harrow Foods.", [c(U, "WORKS_AT", "Harrow Foods", A, year(2021))]),
    ("I've been working at Harrow Foods starting in 2019.", [c(U, "WORKS_AT", "Harrow Foods", A, year(2019))]),
]


@pytest.mark.parametrize("text,expected", STILL_A_TIME, ids=[t for t, _ in STILL_A_TIME])
def test_starting_without_a_subject_still_opens_a_time(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)
