"""Facts said across a list or a second clause, and employers said with "with" (sentences written for these
tests): a role "with" a named organisation works there ("a pilot with Delta"); "with" anything else (people,
counts, an unnamed firm) says no employer.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, year

EMPLOYER_WITH = [
    ("I'm a flight attendant with Delta.", [c(U, "WORKS_AT", "Delta", A, NOW)]),
    ("Priyanka is a midwife with the NHS.", [c("Priyanka", "WORKS_AT", "NHS", A, NOW),
                                              c("Priyanka", "HAS_ROLE", "midwife", A, NOW)]),
    ("I was an auditor with Deloitte until 2021.", [c(U, "WORKS_AT", "Deloitte", E, year(2021))]),
]


@pytest.mark.parametrize("text,expected", EMPLOYER_WITH, ids=[t for t, _ in EMPLOYER_WITH])
def test_a_role_with_a_named_organisation_works_there(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert all(row in found for row in expected), found


@pytest.mark.parametrize("text", [
    "I'm a nurse with three kids.",
    "I'm a carpenter with twelve years of experience.",
    "I'm a paralegal with Dr. Okafor.",
    "I'm a nanny with Ava and Leo most days.",
    "I'm a designer with a small agency.",
    "I'm a huge fan with season tickets.",
])
def test_with_no_named_organisation_gives_no_employer(extractor, text):
    assert not any(r[1] == "WORKS_AT" for r in last_turn_rows(extractor, text))
