"""A relative first said unnamed and named a little later ("I have a daughter, her name is Ivy"): "he"/"she"
said of them after the name mean the one named, not "<speaker>'s daughter", also when the name is a word the
tagger does not take for a person (sentences written for these tests). One never named stays the placeholder.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows, month, rows, session_of

AFTER_THE_NAME = [
    ("I have a daughter, her name is Ivy. She started at Kelby Academy in May.", [
        c(U, "PARENT_OF", "Ivy", A, NOW), c("Ivy", "STUDIES_AT", "Kelby Academy", A, month("2023-05"))]),
    ("I have a daughter, her name is Ivy. She works at Fernway.", [c("Ivy", "WORKS_AT", "Fernway", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", AFTER_THE_NAME, ids=[t for t, _ in AFTER_THE_NAME])
def test_a_pronoun_after_the_name_means_the_one_named(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert all(row in found for row in expected)
    assert not any("'s " in r[0] for r in found)


def test_a_pronoun_in_a_later_turn_means_the_one_named(extractor):
    found = rows(extractor.extract(session_of("I have a daughter, her name is Ivy.", ("Omar", "Aww."),
                                              "She works at Fernway now.")))
    assert ("Ivy", "WORKS_AT", "Fernway", A) in [r[:4] for r in found]
    assert not any(r[0].endswith("'s daughter") for r in found)


@pytest.mark.parametrize("text,expected", [
    ("I have a son. He works at Fernway.", [c(U, "PARENT_OF", "user's son", A, NOW),
                                            c("user's son", "WORKS_AT", "Fernway", A, NOW)]),  # never named
    ("My friend has a son, his name is Anwar. He works at Fernway.", None),  # not the speaker's own: no name given
])
def test_no_name_given_keeps_the_placeholder(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    if expected is not None:
        assert sorted(found) == sorted(expected)
    else:
        assert not any(r[1] == "PARENT_OF" and r[0] == U for r in found)
