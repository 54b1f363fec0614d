"""Everyday statements from a sweep of fresh sentences, in our own words: a past state set in a stretch of
life now over ("in college", "as a kid", "back then", "when I was little"), a person given by a common noun
and a name ("a guy named Devin"), an event attended, and a person named by role who is no taste.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, day, last_turn_rows, month, year

OVER = ("turn", "unknown", True)  # it held once and no longer; when it ended is not said

STATEMENTS = [
    # a past state set in a stretch of life is over (so is a bare one: tests/unit/extract/test_bare_pasts.py)
    ("Back in high school I was the drummer in a punk band.", [c(U, "HAS_ROLE", "drummer", E, OVER)]),
    ("I was a waiter back in my twenties.", [c(U, "HAS_ROLE", "waiter", E, OVER)]),
    ("During grad school I was a teaching assistant.", [c(U, "HAS_ROLE", "teaching assistant", E, OVER)]),
    ("Back then I was a bartender.", [c(U, "HAS_ROLE", "bartender", E, OVER)]),
    ("i was a dishwasher at a diner in college", [c(U, "HAS_ROLE", "dishwasher", E, OVER),
                                                  c(U, "WORKS_AT", "diner", E, OVER)]),
    ("As a teenager I lived in Halifax.", [c(U, "LIVES_IN", "Halifax", E, OVER)]),
    ("In my twenties I lived in Marseille.", [c(U, "LIVES_IN", "Marseille", E, OVER)]),
    ("When I was little we lived in Manila.", [c(U, "LIVES_IN", "Manila", E, OVER)]),
    ("During the pandemic I worked at a pharmacy.", [c(U, "WORKS_AT", "pharmacy", E, OVER)]),
    ("As a student I had a hamster named Nibbles.", [c(U, "HAS_PET", "Nibbles", E, OVER)]),
    ("My dad was a miner in his twenties.", [c("user's dad", "HAS_ROLE", "miner", E, OVER)]),
    # a person given by a common noun and the name after it
    ("I report to a woman named Ingrid.", [c(U, "REPORTS_TO", "Ingrid", A, NOW)]),
    ("I married a guy named Tomas in 2015.", [c(U, "MARRIED_TO", "Tomas", A, year(2015))]),
    ("I'm seeing a girl called Mireille.", [c(U, "PARTNER_OF", "Mireille", A, NOW)]),
    # "attended" with an event is an event, as "went to" is
    ("I attended a cooking class last Tuesday.", [c(U, "ATTENDED", "cooking class", A, day("2024-03-05"))]),
    ("We attended a jazz festival in July.", [c(U, "ATTENDED", "jazz festival", A, month("2023-07"))]),
]

NOTHING = [
    "I love the librarian.",  # a person named by role is no taste
    "I really like the new barista.",
    "In college I was so broke.",
    "Were you a waiter in college?",
    "I wasn't a bartender in college.",
    "If I were a nurse back then I'd have quit.",
    "When I was a kid I wanted to be a vet.",
    "I attended the meeting.",  # an event with no time is none
]


@pytest.mark.parametrize(("text", "expected"), STATEMENTS)
def test_fresh_statement(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []


def test_a_thing_named_like_a_role_is_still_a_taste(extractor):
    assert last_turn_rows(extractor, "I hate the vacuum cleaner.") == [c(U, "DISLIKES", "vacuum cleaner", A, NOW)]
