"""Everyday tastes in our own words with a phrase of amount or time after the object ("I like curry a lot", "i
enjoy baking quite a bit", "i enjoy sewing a lot these days") or no full stop at the end ("i listen to
jazz"), and an owned pet loved, with or without the stop; with the sentences with the same words that state
no such fact.

Rows are ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, last_turn_rows


def facts(extractor, *texts: str) -> list[tuple[str, str, str, str]]:
    return sorted((s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, *texts))


READS = [
    # a noun of amount after the object says how much, not what (the parser took the object for a dative)
    ("I like curry a lot.", [(U, "LIKES", "curry", A)]),
    ("i love curry a lot", [(U, "LIKES", "curry", A)]),
    # … and the noun after the verb of taste for a verb ("rap", "cricket")
    ("I like rap a lot.", [(U, "LIKES", "rap", A)]),
    ("I like cricket a lot.", [(U, "LIKES", "cricket", A)]),
    # … or hung it under the gerund, as its object or beside it
    ("I enjoy baking quite a bit.", [(U, "LIKES", "baking", A)]),
    ("i enjoy baking quite a bit", [(U, "LIKES", "baking", A)]),
    ("I enjoy sewing a lot.", [(U, "LIKES", "sewing", A)]),
    ("I really enjoy sewing a lot", [(U, "LIKES", "sewing", A)]),
    ("I enjoy sewing a lot these days.", [(U, "LIKES", "sewing", A)]),
    # a turn that stops on a word reads as the sentence it is
    ("i enjoy sewing a lot these days", [(U, "LIKES", "sewing", A)]),
    ("i listen to jazz", [(U, "LIKES", "jazz", A)]),
    ("I listen to jazz", [(U, "LIKES", "jazz", A)]),
    # an owned pet loved is no taste, with the full stop too
    ("I love my puppy Bruno.", [(U, "HAS_PET", "Bruno", A)]),
]


@pytest.mark.parametrize("text,expected", READS, ids=[t for t, _ in READS])
def test_reads(extractor, text, expected):
    assert facts(extractor, text) == sorted(expected)


NOTHING = [
    "Do you like curry a lot?",
    "do you like curry a lot",
    "If I liked curry a lot I'd cook it.",
    "I'd enjoy baking a lot more with a bigger oven.",
    "I like it a lot.",
    "i love you so much",
    "I miss you a lot",
    "Thanks a lot.",
    "thanks so much",
    "I learned a lot",
    "I appreciate it a lot these days.",
    "She likes them a ton.",
    "do you listen to jazz",
    "I bought a lot of stuff",
]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing(extractor, text):
    assert facts(extractor, text) == []
