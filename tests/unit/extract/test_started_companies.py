"""A business started, opened or launched, said by a name that ends in a company word ("Acme Corp", "Veldra Labs"):
founded, worked at from then with the founder role; a bare name may be a show or a game one began (sentences written
for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

FOUNDED = [
    ("I started Quorra Corp in 2019.", {("user", "WORKS_AT", "Quorra Corp"), ("user", "HAS_ROLE", "founder")}),
    ("We started Veldra Labs together.", {("user", "WORKS_AT", "Veldra Labs"), ("user", "HAS_ROLE", "founder")}),
    ("In 2021 we launched Brightmoor Inc.", {("user", "WORKS_AT", "Brightmoor Inc."), ("user", "HAS_ROLE", "founder")}),
    ("My friend Omar and I started Tessaly Ventures together.",
     {("user", "FRIEND_OF", "Omar"), ("user", "HAS_ROLE", "founder"), ("Omar", "HAS_ROLE", "founder"),
      ("Omar", "WORKS_AT", "Tessaly Ventures")}),
]

NOT_FOUNDED = [
    "We started Severance together.",  # a show
    "I started Loomwise.",  # a bare name: no telling
    "My son started Oakridge Academy.",  # a school one goes to
    "Did you start Quorra Corp?",
    "I'd love to start Quorra Corp someday.",
    "I started Quorra Corp's onboarding today.",  # the company's, not the company
]


def _facts(rows):
    return {(s, p, o) for s, p, o, *_ in rows}


@pytest.mark.parametrize("text, expected", FOUNDED)
def test_a_company_name_started_is_founded(extractor, text, expected):
    assert expected <= _facts(last_turn_rows(extractor, text))


@pytest.mark.parametrize("text", NOT_FOUNDED)
def test_no_founder_for_a_name_begun(extractor, text):
    assert not {f for f in _facts(last_turn_rows(extractor, text)) if f[1] == "HAS_ROLE"}
