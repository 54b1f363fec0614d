"""Kinds of sentence in our own wordings: an unnamed relative as the subject of a verb whose object is a name ("my
nephew attends NYU": the name is no name of the nephew); a verb of one's work done for a named organisation ("I
tutor physics for a firm called Mindloft": employed there); a field studied at a school ("I studied architecture at
Leeds University"); working for oneself, and no longer ("I'm not self-employed anymore"); a co-founder of a named
company; a job taken in a named town with no employer ("Marek has taken a job in Aberdeen"); "not X, only Y" with Y
named ("We don't have kids, only a dog called Bruno": Y is had); and the sentences with the same words that state no
such fact.

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


# a verb of one's work ("occupation_verbs") done for a named organisation: it employs them
FOR_AN_EMPLOYER = [
    ("I tutor physics for a firm called Mindloft.", [c(U, "HAS_ROLE", "tutor", A, NOW),
                                                     c(U, "WORKS_AT", "Mindloft", A, NOW)]),
    ("Leonie teaches ballet for a studio called Pirouette.", [c("Leonie", "HAS_ROLE", "teacher", A, NOW),
                                                             c("Leonie", "WORKS_AT", "Pirouette", A, NOW)]),
    ("I tutor chemistry for Kumon.", [c(U, "HAS_ROLE", "tutor", A, NOW), c(U, "WORKS_AT", "Kumon", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", FOR_AN_EMPLOYER, ids=[t for t, _ in FOR_AN_EMPLOYER])
def test_work_done_for_a_named_organisation(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


ONLY_THE_ROLE = [
    "I tutor physics for my niece.",  # a person helped
    "I teach ballet for a man called Oskar.",  # a person named
    "I tutor physics for a firm called mindloft.",  # no name in capitals
    "I teach ballet for a living.",
]


@pytest.mark.parametrize("text", ONLY_THE_ROLE)
def test_work_done_for_no_organisation(extractor, text):
    assert [r[1] for r in last_turn_rows(extractor, text)] == ["HAS_ROLE"]


# a subject studied at a school: the school is where one studies (a past: it ended)
FIELDS = [
    ("I studied architecture at Leeds University.", [
        c(U, "STUDIES_AT", "Leeds University", "end", ("turn", "unknown", True))]),
    ("My cousin studied economics at the University of Warwick.", [
        c("user's cousin", "STUDIES_AT", "University of Warwick", "end", ("turn", "unknown", True))]),
    # not RELATED_TO "graphic design at Falmouth University"
    ("I study graphic design at Falmouth University.", [c(U, "STUDIES_AT", "Falmouth University", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", FIELDS, ids=[t for t, _ in FIELDS])
def test_a_field_studied_at_a_school(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_SCHOOL = [
    "I didn't study architecture at Leeds University.",
    "Did you study architecture at Leeds University?",
    "I might study architecture at Leeds University.",
    "I studied her letters at Leeds University.",  # a thing looked at, no field
]


@pytest.mark.parametrize("text", NO_SCHOOL)
def test_no_school_studied_at(extractor, text):
    assert last_turn_rows(extractor, text) == []


# working for oneself, then no longer ("self-employed" one word; a "not" the parser hung on the adjective)
SELF_EMPLOYED = [
    ("I'm self-employed.", [c(U, "RELATED_TO", "self-employed", A, NOW)]),
    ("I'm not self-employed anymore.", [c(U, "RELATED_TO", "self-employed", "end", ("turn", "unknown", True))]),
    ("Rosa isn't self-employed any more.", [
        c("Rosa", "RELATED_TO", "self-employed", "end", ("turn", "unknown", True))]),
]


@pytest.mark.parametrize("text,expected", SELF_EMPLOYED, ids=[t for t, _ in SELF_EMPLOYED])
def test_self_employed_and_no_longer(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NOT_SELF_EMPLOYED = ["I'm not self-employed.", "Are you self-employed?", "I'd love to be self-employed."]


@pytest.mark.parametrize("text", NOT_SELF_EMPLOYED)
def test_not_self_employed(extractor, text):
    assert last_turn_rows(extractor, text) == []


# a co-founder or co-owner (one word) of a named company works there
CO_TITLES = [
    ("I'm a co-founder of Quillmere.", [c(U, "WORKS_AT", "Quillmere", A, NOW), c(U, "HAS_ROLE", "co-founder", A, NOW)]),
    ("Tobias is the co-founder of Quillmere.", [c("Tobias", "WORKS_AT", "Quillmere", A, NOW),
                                                c("Tobias", "HAS_ROLE", "co-founder", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", CO_TITLES, ids=[t for t, _ in CO_TITLES])
def test_a_co_title_of_a_company(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", ["Is Tobias a co-founder of Quillmere?", "I'd love to be a co-founder of Quillmere."])
def test_no_co_title(extractor, text):
    assert last_turn_rows(extractor, text) == []


# a job taken in a named town, with no employer: where one works from then (as "I work in Leeds")
TOWN_JOBS = [
    ("Marek has taken a job in Aberdeen.", [c("Marek", "RELATED_TO", "Aberdeen", A, NOW)]),
    ("I got a job in Bristol in January.", [c(U, "RELATED_TO", "Bristol", A, ("2024-01-01", "month", False))]),
]


@pytest.mark.parametrize("text,expected", TOWN_JOBS, ids=[t for t, _ in TOWN_JOBS])
def test_a_job_taken_in_a_town(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_TOWN_JOB = [
    "I got a new job in finance.",  # a field, no town
    "Did Marek take a job in Aberdeen?",
    "Marek might take a job in Aberdeen.",
    "Marek turned down a job in Aberdeen.",
    "Marek didn't take the job in Aberdeen.",
]


@pytest.mark.parametrize("text", NO_TOWN_JOB)
def test_no_job_taken_in_a_town(extractor, text):
    assert last_turn_rows(extractor, text) == []


# "not X, only Y": the kind denied, the one named after "only"/"just" had all the same
EXCEPTIONS = [
    ("We don't have kids, only a dog called Bruno.", [c(U, "HAS_PET", "Bruno", A, NOW)]),
    ("I don't have a dog, only a cat called Olive.", [c(U, "HAS_PET", "Olive", A, NOW)]),
    ("Nope, we don't have kids, just a parrot named Kiwi.", [c(U, "HAS_PET", "Kiwi", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", EXCEPTIONS, ids=[t for t, _ in EXCEPTIONS])
def test_the_exception_to_a_kind_denied(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_EXCEPTION = [
    "We don't have kids.",
    "We don't have a dog called Bruno.",  # no exception: the name denied
    "We don't have kids, only a dog.",  # no name
    "We might not have kids, only a dog called Bruno.",
    "Don't we have a dog called Bruno, only a cat?",
]


@pytest.mark.parametrize("text", NO_EXCEPTION)
def test_nothing_had_without_an_exception(extractor, text):
    assert last_turn_rows(extractor, text) == []
