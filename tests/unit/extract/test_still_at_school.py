"""Who is still at a school studies there; who is still at a workplace works there (sentences written for these
tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

STUDIES = [
    ("Wren is still at Larchmont Primary.", ("Wren", "Larchmont Primary")),
    ("Tobias is still at Ferncliff Academy, he likes it.", ("Tobias", "Ferncliff Academy")),
    ("My daughter is still at Millbrook High.", ("user's daughter", "Millbrook High")),
    ("My son is still at Quarrystone.", ("user's son", "Quarrystone")),  # a child: a school whatever NER calls it
    ("My kids are still at Bellhaven.", ("user's kids", "Bellhaven")),
    ("I'm still at Ashgrove College.", ("user", "Ashgrove College")),
]

WORKS = [
    ("Perrin is still at Halvorsen Labs.", ("Perrin", "Halvorsen Labs")),
    ("My wife is still at Dunmore High.", ("user's wife", "Dunmore High")),  # a grown-up at a school: on its staff
    ("I'm still at Corvane Systems.", ("user", "Corvane Systems")),
]

NOTHING = [
    "My daughter is still at Heathrow.",  # an airport
    "My son is still at the park.",
    "Is Wren still at Larchmont Primary?",  # asked
]


def _said(rows, predicate):
    return [(s, o) for s, p, o, *_ in rows if p == predicate]


@pytest.mark.parametrize("text, expected", STUDIES)
def test_still_at_a_school_or_a_child_still_somewhere_studies_there(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert [(s.lower(), o) for s, o in _said(found, "STUDIES_AT")] == [(expected[0].lower(), expected[1])]
    assert _said(found, "WORKS_AT") == []


@pytest.mark.parametrize("text, expected", WORKS)
def test_still_at_a_workplace_works_there(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert [(s.lower(), o) for s, o in _said(found, "WORKS_AT")] == [(expected[0].lower(), expected[1])]
    assert _said(found, "STUDIES_AT") == []


@pytest.mark.parametrize("text", NOTHING)
def test_no_school_read(extractor, text):
    found = last_turn_rows(extractor, text)
    assert _said(found, "STUDIES_AT") == [] and _said(found, "WORKS_AT") == []
