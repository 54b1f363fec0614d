"""Readings of sentences that join things (sentences written for these tests): a move in with someone in a place is a
new home in that place, for the mover only; a second clause with its own subject after "and" ("I quit Verizon and my
cousin Raul joined Comcast") is that subject's, not the speaker's; "my cousin Lisa" before a verb the parser gave the
name alone as its subject ("My cousin Lisa is getting married", "I sold my car and my cousin Bo bought a van") still
ties Lisa (Bo) to the speaker; a happening with joined objects ("We visited Paris and Rome last summer") is one event
per object of the same kind; two ages in one sentence ("Idris is ten and Caleb just turned seven") name both children
counted before.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at 2024-03-12T09:00Z.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, rows, session_of

MOVED_IN_WITH = [
    ("I moved back in with my parents in Fresno.", c(U, "LIVES_IN", "Fresno", A, NOW)),
    ("Last month I moved in with my grandma in Spokane.", c(U, "LIVES_IN", "Spokane", A, ("2024-02-01", "month", False))),
]


@pytest.mark.parametrize("text,expected", MOVED_IN_WITH, ids=[t for t, _ in MOVED_IN_WITH])
def test_moved_in_with_someone_in_a_place(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert expected in found, found


@pytest.mark.parametrize("text", ["I moved back in with my parents in Fresno.", "I moved in with my parents in 2019."])
def test_moved_in_with_someone_says_nothing_of_their_home(extractor, text):
    found = last_turn_rows(extractor, text)
    assert not any(r[1] == "LIVES_IN" and r[0] != U for r in found), found
    assert not any(r[1] == "LIVES_IN" and r[2] == "2019" for r in found), found


SECOND_SUBJECTS = [
    ("I quit Verizon and my cousin Raul joined Comcast.",
     [c("Raul", "WORKS_AT", "Comcast", A, NOW), c(U, "RELATED_TO", "Raul", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", SECOND_SUBJECTS, ids=[t for t, _ in SECOND_SUBJECTS])
def test_a_second_clause_has_its_own_subject(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert all(row in found for row in expected), found
    assert not any(r[0] == U and r[1] == "WORKS_AT" and r[3] == A for r in found), found


def test_the_first_clause_still_ends_the_speakers_job(extractor):
    found = rows(extractor.extract(session_of("I work at Verizon.", "I quit Verizon and my cousin Raul joined Comcast.")))
    assert (U, "WORKS_AT", "Verizon", E) in {r[:4] for r in found}, found


@pytest.mark.parametrize("text,expected", [
    ("I quit Verizon and joined Comcast.", c(U, "WORKS_AT", "Comcast", A, NOW)),  # one subject for both verbs
])
def test_a_shared_subject_stays_the_speakers(extractor, text, expected):
    assert expected in last_turn_rows(extractor, text)


OWNED_NOUN_BEFORE_NAME = [
    ("My cousin Lisa is getting married in June.", c(U, "RELATED_TO", "Lisa", A, NOW)),
    ("My cousin Lisa is getting married.", c(U, "RELATED_TO", "Lisa", A, NOW)),
    ("I sold my car and my cousin Bo bought a van.", c(U, "RELATED_TO", "Bo", A, NOW)),
]


@pytest.mark.parametrize("text,expected", OWNED_NOUN_BEFORE_NAME, ids=[t for t, _ in OWNED_NOUN_BEFORE_NAME])
def test_an_owned_noun_before_the_subjects_name(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert expected in found, found
    assert not any(U in (r[0], r[2]) and r[1] == "MARRIED_TO" for r in found), found  # Lisa's wedding, not the speaker's
    assert not any(r[2] == "cousin" for r in found), found  # ("my cousin" was one more thing sold)



JOINED_HAPPENINGS = [
    ("We visited Quito and Lima last summer.", ["Quito", "Lima"]),
    ("Last year we took a trip to Peru and Chile.", ["Peru", "Chile"]),
    ("I attended a seminar and a conference last week.", ["seminar", "conference"]),
]


@pytest.mark.parametrize("text,objects", JOINED_HAPPENINGS, ids=[t for t, _ in JOINED_HAPPENINGS])
def test_a_happening_with_joined_objects(extractor, text, objects):
    found = {r[2] for r in last_turn_rows(extractor, text) if r[1] in ("VISITED", "ATTENDED") and r[0] == U}
    assert found == set(objects), found


@pytest.mark.parametrize("text,unwanted", [
    ("We visited Quito and my aunt last summer.", "aunt"),  # a person visited is no place
    ("I went to a concert and dinner last night.", "dinner"),  # only the event one attends
    ("We visited Quito and Lima.", "Lima"),  # no time said: no happening at all
])
def test_joined_objects_of_another_kind_are_no_happening(extractor, text, unwanted):
    found = last_turn_rows(extractor, text)
    assert not any(r[2] == unwanted and r[1] in ("VISITED", "ATTENDED", "DID") for r in found), found


@pytest.mark.parametrize("turns", [
    [("Cy", "I've got two boys. Idris is ten and Caleb just turned seven.")],
    [("Ann", "Do you have kids?"), ("Cy", "Two. Idris is ten and Caleb just turned seven.")],
])
def test_two_ages_in_one_sentence_name_the_counted_children(extractor, turns):
    found = {r[:4] for r in rows(extractor.extract(session_of(*turns)))}
    assert {("Cy", "PARENT_OF", "Idris", A), ("Cy", "PARENT_OF", "Caleb", A)} <= found, found


@pytest.mark.parametrize("text", ["Teo is nine and Rafa just turned four.", "Reno is lovely and Fargo just turned cold."])
def test_two_clauses_with_no_children_counted_name_no_children(extractor, text):
    assert not any(r[1] == "PARENT_OF" for r in last_turn_rows(extractor, text))
