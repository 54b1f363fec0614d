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


SECOND_OBJECT = [  # a second object after a modifier of the first, with a word of its own
    ("I take warfarin every morning, and vitamin D for my bones.", [("user", "RELATED_TO", "warfarin"),
                                                                    ("user", "RELATED_TO", "vitamin D")]),
    ("I drink black coffee before work, and green tea after lunch.", [("user", "RELATED_TO", "green tea")]),
    ("We bought a kayak at the outlet, and a tent for the trip.", [("user", "OWNS", "tent")]),
]


@pytest.mark.parametrize("text,expected", SECOND_OBJECT, ids=[t for t, _ in SECOND_OBJECT])
def test_a_second_object_after_a_modifier_is_read(extractor, text, expected):
    found = [r[:3] for r in last_turn_rows(extractor, text)]
    assert all(row in found for row in expected), found


@pytest.mark.parametrize("text,unwanted", [
    ("I take insulin at night, and my husband statins.", "statins"),  # his, said with the verb left out
    ("I take warfarin every morning, and my bones thank me.", "bones"),
])
def test_a_second_clause_is_no_second_object(extractor, text, unwanted):
    assert not any(unwanted in r[2] for r in last_turn_rows(extractor, text))


def test_a_date_that_may_be_either_objects_gives_no_second_object(extractor):
    found = last_turn_rows(extractor, "We adopted a rabbit in 2019, and a ferret last spring.")
    assert not any("ferret" in r[2] for r in found)
