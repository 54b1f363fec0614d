"""A business begun is owned from then ("I founded a bakery in 2019"); a shop opened for the day is not.
Sentences in our own words."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, c, last_turn_rows, year

BEGUN = [
    # "founded" is the past of "found" (to set up), not of "find"
    ("I founded a bakery in 2019.", [c(U, "OWNS", "bakery", A, year(2019))]),
    ("We founded a small agency in 2021.", [c(U, "OWNS", "small agency", A, year(2021))]),
]

NOT_OWNED = [
    "I opened the store this morning.",  # a day's work
    "I opened the salon tonight because Dana was sick.",
    "Did you found a startup in 2019?",
]


@pytest.mark.parametrize(("text", "expected"), BEGUN)
def test_a_business_founded_is_owned(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOT_OWNED)
def test_no_business_owned(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "OWNS"] == []
