"""Time phrases in a career or health history, in sentences written for these tests: a time that opens a
sentence before its subject dates every verb that shares the subject ("In 2016 I left Ardent and joined
Pellow"), while one said after the first verb dates that verb alone; and "back in 2019" is a time, so
"back" is no particle of the verb ("I had an operation back in 2019": had, not "had back"); and a place where
a light thing was done ("snapped a selfie in Portugal") is a place visited, not a thing "snapped in".

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, session_of, year

SHARED = [
    ("In 2016 I left Ardent Labs and joined Pellow.", [c(U, "WORKS_AT", "Ardent Labs", E, year(2016)),
                                                       c(U, "WORKS_AT", "Pellow", A, year(2016))]),
    ("In 2020 I moved to Galway and started a job at Pellow.", [c(U, "LIVES_IN", "Galway", A, year(2020)),
                                                                c(U, "WORKS_AT", "Pellow", A, year(2020))]),
    ("Back in 2015 I quit Siemens, moved to Leeds and joined Pellow.", [
        c(U, "WORKS_AT", "Siemens", E, year(2015)), c(U, "LIVES_IN", "Leeds", A, year(2015)),
        c(U, "WORKS_AT", "Pellow", A, year(2015))]),
]


@pytest.mark.parametrize("text,expected", SHARED, ids=[t for t, _ in SHARED])
def test_a_fronted_time_dates_every_verb_of_the_subject(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


KEPT_TO_ONE_VERB = [
    # said after the first verb: it dates that verb only
    ("I left Ardent Labs in 2016 and joined Pellow.", [c(U, "WORKS_AT", "Ardent Labs", E, year(2016)),
                                                       c(U, "WORKS_AT", "Pellow", A, NOW)]),
    # a subject of its own: a clause of its own, with its own time or none
    ("In 2016 I left Ardent Labs, and later I joined Pellow.", [c(U, "WORKS_AT", "Ardent Labs", E, year(2016)),
                                                                c(U, "WORKS_AT", "Pellow", A, NOW)]),
    ("In 2016 I left Ardent Labs and then I joined Pellow in 2018.", [
        c(U, "WORKS_AT", "Ardent Labs", E, year(2016)), c(U, "WORKS_AT", "Pellow", A, year(2018))]),
]


@pytest.mark.parametrize("text,expected", KEPT_TO_ONE_VERB, ids=[t for t, _ in KEPT_TO_ONE_VERB])
def test_a_time_after_the_verb_or_another_subject_is_not_shared(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


def _relations(extractor, text: str) -> list[tuple[str, str]]:
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    return [(names[c.object_id], (c.qualifiers or {}).get("relation", "")) for c in result.claims]


@pytest.mark.parametrize("text", ["Back in 2019 I had a hip operation.", "I had a hip operation back in 2019."])
def test_back_before_a_time_is_no_particle(extractor, text):
    assert ("hip operation", "had") in _relations(extractor, text)


@pytest.mark.parametrize("text,expected", [
    ("I went back to college in 2018.", ("college", "went back to")),  # "back" holds the place: a particle
    ("Back in May I went back to Ohio.", ("Ohio", "visited")),
])
def test_back_before_a_place_is_still_a_particle(extractor, text, expected):
    assert expected in _relations(extractor, text)


def _events(extractor, text: str) -> list[tuple[str, str, str, str]]:
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    return [(c.predicate, names[c.object_id], (c.qualifiers or {}).get("relation", ""), c.at.date().isoformat())
            for c in result.claims]


@pytest.mark.parametrize("text,expected", [
    # a place where a light thing was done (a photo, a selfie) is a place visited, not what was "taken in"
    ("I snapped a selfie in Portugal last summer.", ("VISITED", "Portugal", "visited", "2023-06-01")),
    ("Last spring I rented a van and snapped a selfie in Norway.", ("VISITED", "Norway", "visited", "2023-03-01")),
])
def test_a_light_thing_done_in_a_place_is_a_visit(extractor, text, expected):
    assert expected in _events(extractor, text)


@pytest.mark.parametrize("text", ["I took a photo of Portugal last summer.", "I took a photo in the kitchen yesterday."])
def test_a_light_thing_done_elsewhere_is_no_visit(extractor, text):
    assert [e for e in _events(extractor, text) if e[0] == "VISITED"] == []
