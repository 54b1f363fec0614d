"""Sweep of group chats, support chats and forums, in our own wordings: the days one works listed after a
workplace ("at the bakery, Mondays and Fridays") are no employer; a stay in a place counted from a year, a
month or a season, or lasting a span of years ("we've been in Ghent since 2017") is a home; a school known
by its short name alone ("goes to NYU") is studied at; a chat line that drops its "I" before "hoping to" hopes,
and has not moved or started yet; a semester done is no thing done; and the sentences with the same words that
state no such fact.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows, month, year

# the days listed after a place of work: no employer of their own
WORK_DAYS = [
    ("My uncle works at the hardware store, Fridays and Sundays.", [c("user's uncle", "WORKS_AT", "hardware store", A, NOW)]),
    ("Gran works at the charity shop, Mondays only.", [c("Gran", "WORKS_AT", "charity shop", A, NOW)]),
]

# a stay in a place counted from a long-ago time, or lasting years: a home
HOMES = [
    ("We've been in Ghent since 2017.", [c(U, "LIVES_IN", "Ghent", A, year(2017))]),
    ("Nadia has been in Toronto since 2012 and still loves the winters.", [c("Nadia", "LIVES_IN", "Toronto", A, year(2012))]),
    ("I have been in Oslo since last September.", [c(U, "LIVES_IN", "Oslo", A, month("2023-09"))]),
]

NO_HOMES = [
    "I've been in Vienna since Sunday for a conference.",
    "Have you been in Ghent since 2017?",
    "I haven't been in Toronto since 2012.",
    "I've been in the choir since 2018.",
    "I've been in Oslo for a few days.",
]

# a school known by its short name alone
SCHOOLS = [
    ("Tomasz goes to NYU.", [c("Tomasz", "STUDIES_AT", "NYU", A, NOW)]),
]

NO_SCHOOLS = [
    "Does Tomasz go to NYU?",
    "Tomasz wants to go to UCLA one day.",
]


@pytest.mark.parametrize("text,expected", WORK_DAYS, ids=[t for t, _ in WORK_DAYS])
def test_days_after_a_workplace_are_no_employer(extractor, text, expected):
    rows = last_turn_rows(extractor, text)
    assert [r for r in rows if r[1] == "WORKS_AT"] == [r for r in expected if r[1] == "WORKS_AT"]


@pytest.mark.parametrize("text,expected", HOMES, ids=[t for t, _ in HOMES])
def test_a_long_stay_in_a_place_is_a_home(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "LIVES_IN"] == expected


@pytest.mark.parametrize("text", NO_HOMES)
def test_no_home_from_a_short_stay_a_question_or_a_group(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "LIVES_IN"]


@pytest.mark.parametrize("text,expected", SCHOOLS, ids=[t for t, _ in SCHOOLS])
def test_a_school_by_its_short_name(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NO_SCHOOLS)
def test_no_school_from_a_question_or_a_wish(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "STUDIES_AT"]


# a wish said without its "I" ("Hoping to …", which the lemmatizer reads as "hop"): nothing has happened yet
HOPES_ONLY = [
    ("Hoping to relocate to Galway next spring.", "LIVES_IN"),
    ("Fingers crossed, hoping to move to Cork in June.", "LIVES_IN"),
    ("Hoping to start at Arup in the autumn.", "WORKS_AT"),
]


@pytest.mark.parametrize("text,predicate", HOPES_ONLY, ids=[t for t, _ in HOPES_ONLY])
def test_a_hope_without_its_subject_is_no_change(extractor, text, predicate):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == predicate]


# a semester is a stretch of time, no thing done
SEMESTERS = [
    "I'm doing a semester in Lyon.",
    "My flatmate is doing the spring semester abroad.",
]


@pytest.mark.parametrize("text", SEMESTERS)
def test_a_semester_is_no_thing_done(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "RELATED_TO"]
