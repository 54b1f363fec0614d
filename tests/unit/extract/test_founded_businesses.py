"""A business someone founds, said with its name, is where they work from then, as its founder: "I co-founded
Tidewell", "I started my own deli, Pickle & Rye", "we opened a cafe called Saltmarsh". Without a name, or with
something that is no business, nothing of the kind. Sentences in our own words."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows, month, year

FOUNDED = [
    ("I co-founded Tidewell in 2018.",
     [c(U, "WORKS_AT", "Tidewell", A, year(2018)), c(U, "HAS_ROLE", "co-founder", A, year(2018))]),
    ("I co-founded a tiny design studio called Marrowbone.",
     [c(U, "WORKS_AT", "Marrowbone", A, NOW), c(U, "HAS_ROLE", "co-founder", A, NOW)]),
    ("I founded Quarrystone Analytics in 2016.",
     [c(U, "WORKS_AT", "Quarrystone Analytics", A, year(2016)), c(U, "HAS_ROLE", "founder", A, year(2016))]),
    ("I started a company called Veldra in 2022.",
     [c(U, "WORKS_AT", "Veldra", A, year(2022)), c(U, "HAS_ROLE", "founder", A, year(2022))]),
    ("In May 2023 we opened a cafe called Saltmarsh.",
     [c(U, "WORKS_AT", "Saltmarsh", A, month("2023-05")), c(U, "HAS_ROLE", "founder", A, month("2023-05"))]),
]

NOT_FOUNDED = [
    "I started pottery last month.",
    "We started the documentary after dinner.",
    "I started a new job in January.",
    "I started my own business in 2020.",  # no name
    "I started a band called The Lanterns.",  # a band, no business
    "I launched a newsletter called Low Tide.",
    "I founded a chess club called Rookery.",
    "We toured a bakery, Lyon and Nice.",
    "My son started a new school called Oakridge in September.",
    "I started a new gym, Ironworks, last week.",
]


@pytest.mark.parametrize(("text", "expected"), FOUNDED)
def test_a_named_business_founded(extractor, text, expected):
    got = [r for r in last_turn_rows(extractor, text) if r[1] in ("WORKS_AT", "HAS_ROLE")]
    assert sorted(got) == sorted(expected)


def test_own_business_named_after_a_comma(extractor):
    got = last_turn_rows(extractor, "I started my own deli, Pickle & Rye, in 2021.")
    assert c(U, "WORKS_AT", "Pickle & Rye", A, year(2021)) in got
    assert c(U, "HAS_ROLE", "founder", A, year(2021)) in got


@pytest.mark.parametrize("text", NOT_FOUNDED)
def test_nothing_founded(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("WORKS_AT", "HAS_ROLE")] == []
