"""Role and title changes (chronomem.extract.rules.verbs.roles), in own wordings: promotions with the
role tagged as a verb and "back in" times, titles owned through an apposition, taking over as,
stepping into a role, moving up, being named or made something, taking charge; and the
sentences with the same verbs that state no role.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, day, last_turn_rows, month, year

LAST_WEEK = ("2024-03-05", "week", False)

CASES = [
    # promotions: the role read whole even where the parser makes its first word a verb
    ("I got promoted to data scientist back in 2020.", [c(U, "HAS_ROLE", "data scientist", A, year(2020))]),
    ("Marisol got promoted to head chef back in 2019.", [c("Marisol", "HAS_ROLE", "head chef", A, year(2019))]),
    ("I got promoted to team lead back in January.", [c(U, "HAS_ROLE", "team lead", A, month("2024-01"))]),
    ("Emeka was promoted to charge nurse last week.", [c("Emeka", "HAS_ROLE", "charge nurse", A, LAST_WEEK)]),
    # titles: the owner also through an apposition
    ("My best friend Tariq's title changed to head nurse last month.",
     [c("Tariq", "HAS_ROLE", "head nurse", A, month("2024-02")), c(U, "FRIEND_OF", "Tariq", A, NOW)]),
    ("My neighbour Ilse's title changed to senior analyst in January.",
     [c("Ilse", "HAS_ROLE", "senior analyst", A, month("2024-01")), c(U, "RELATED_TO", "Ilse", A, NOW)]),
    # taking over, stepping in, moving up, being named
    ("Lorcan took over as head of marketing in 2022.", [c("Lorcan", "HAS_ROLE", "head of marketing", A, year(2022))]),
    ("Lorcan took over as CTO in 2021.", [c("Lorcan", "HAS_ROLE", "CTO", A, year(2021))]),
    ("Imani took over as lead of the platform team in January.",
     [c("Imani", "LEADS", "platform team", A, month("2024-01"))]),
    ("Bettina stepped into the role of product owner on March 4.",
     [c("Bettina", "HAS_ROLE", "product owner", A, day("2024-03-04"))]),
    ("I stepped into a manager role in February.", [c(U, "HAS_ROLE", "manager", A, month("2024-02"))]),
    ("I moved up to senior accountant in January.", [c(U, "HAS_ROLE", "senior accountant", A, month("2024-01"))]),
    ("Fionn was named head coach in 2021.", [c("Fionn", "HAS_ROLE", "head coach", A, year(2021))]),
    ("I was made team lead in 2021.", [c(U, "HAS_ROLE", "team lead", A, year(2021))]),
    ("Wanjiru was appointed chief of staff in 2020.", [c("Wanjiru", "HAS_ROLE", "chief of staff", A, year(2020))]),
    ("Mateus took charge of the sales team last week.", [c("Mateus", "LEADS", "sales team", A, LAST_WEEK)]),
]


@pytest.mark.parametrize("text,expected", CASES, ids=[t for t, _ in CASES])
def test_role_change(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_ROLE = [
    "Lorcan promoted the product on Instagram.",
    "We promoted the album last month.",
    "She got promoted to the next level.",
    "Mateus took charge of the snacks for the party.",
    "I was put in charge of the snacks for the party.",
    "The puppy was named Biscuit.",
    "I was made aware of the problem in 2021.",
    "The decision was made in 2021.",
    "Oskar stepped into the kitchen in 2021.",
]


@pytest.mark.parametrize("text", NO_ROLE)
def test_no_role(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("HAS_ROLE", "LEADS")] == []


def test_moving_up_to_a_city_is_a_move_not_a_role(extractor):
    assert last_turn_rows(extractor, "We moved up to Seattle in 2019.") == [
        c(U, "LIVES_IN", "Seattle", A, year(2019))]


def test_a_pronoun_after_a_pronoun_described_by_a_role_still_means_the_named_person(extractor):
    """"He is an engineering manager" names no second person: the next "he" is still Daniel."""
    rows = last_turn_rows(extractor, ("Pablo", "Yorick leads the identity team."),
                          ("user", "He is an engineering manager."),
                          ("Pablo", "He was put in charge of the data team on Saturday."))
    assert rows == [c("Yorick", "LEADS", "data team", A, day("2024-03-09"))]


def test_a_version_range_before_a_time_is_no_date(extractor):
    """"from 14 to 15 in November": NER calls "14 to 15" a date; it is two versions."""
    assert sorted(last_turn_rows(extractor, "We bumped Postgres from 14 to 15 in November.")) == [
        c(U, "USES", "PostgreSQL 14", E, month("2023-11")), c(U, "USES", "PostgreSQL 15", A, month("2023-11"))]
