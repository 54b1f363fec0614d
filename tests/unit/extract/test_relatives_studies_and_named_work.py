"""Kinds of sentence in our own wordings: an unnamed relative as the subject of a verb whose object is a name ("my
nephew attends NYU": the name is no name of the nephew); and the sentences with the same words that state no such
fact.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

READS = [
    # an unnamed relative, then a verb, then a name: the name is the verb's object, not the relative's name
    ("My nephew attends NYU.", [c("user's nephew", "STUDIES_AT", "NYU", A, NOW)]),
    ("My granddaughter attended Stanford.", [
        c("user's granddaughter", "STUDIES_AT", "Stanford University", "end", ("turn", "unknown", True))]),
    ("My daughter attends Stanford.", [c(U, "PARENT_OF", "user's daughter", A, NOW),
                                       c("user's daughter", "STUDIES_AT", "Stanford University", A, NOW)]),
    # the name beside the relative, or past a comma, still names them
    ("My nephew, Theo, attends Stanford.", [c(U, "RELATED_TO", "Theo", A, NOW),
                                            c("Theo", "STUDIES_AT", "Stanford University", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", READS, ids=[t for t, _ in READS])
def test_reads(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NOTHING = [
    "Does my nephew attend NYU?",
    "My nephew might attend NYU.",
    "My nephew attends church.",  # no school
    "My nephew doesn't attend NYU.",
]


@pytest.mark.parametrize("text", NOTHING)
def test_gives_nothing(extractor, text):
    assert last_turn_rows(extractor, text) == []
