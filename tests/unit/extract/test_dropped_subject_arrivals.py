"""An arrival in a town, or a passing stay there now, is a visit (in our own words): "Landed in Denver!", "I
arrived in Lisbon.", "Arrived in Porto last night.", "Currently in Denver for work." (its "I'm" restored), "We're
still in Chicago for a few more days". With no time said, the visit is on the day it is told. Someone else's
arrival is theirs; questions, suppositions and an arrival told as the time of something else are no visit.

Rows are ``(subject, predicate, object, kind, at, precision, observed)`` of the one turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows

TOLD = "2024-03-12"  # the day of the turn (extract_helpers.TURN_AT)


def visits(extractor, text: str) -> list[tuple[str, str, str]]:
    return [(s, o, at) for s, p, o, _, at, *_ in last_turn_rows(extractor, text) if p == "VISITED"]


@pytest.mark.parametrize(("text", "place", "day"), [
    ("Landed in Denver!", "Denver", TOLD),
    ("Just landed in Oslo.", "Oslo", TOLD),
    ("I arrived in Lisbon.", "Lisbon", TOLD),
    ("Arrived in Porto last night.", "Porto", "2024-03-11"),
    ("Currently in Denver for work.", "Denver", TOLD),
    ("We're still in Chicago for a few more days.", "Chicago", TOLD),
])
def test_an_arrival_or_a_passing_stay_is_a_visit(extractor, text, place, day):
    assert visits(extractor, text) == [(U, place, day)]


def test_someone_elses_arrival_is_theirs(extractor):
    assert visits(extractor, "Mia landed in Denver.") == [("Mia", "Denver", TOLD)]


@pytest.mark.parametrize("text", [
    "Landed yet?",  # a question
    "Still in Denver for work?",
    "If I land in Denver on time, I'll call you.",  # a supposition
    "I'd love to be in Denver for the game.",
    "When I arrived in Lisbon, it was pouring.",  # the time of something else, not news of today
    "I arrived in Canada as a kid.",  # a life story
    "I arrived in Lisbon when I was ten.",
    "I arrived in style.",  # no place
    "I'm in Rome for work next week.",  # a time of its own
])
def test_no_visit_from_questions_or_suppositions(extractor, text):
    assert visits(extractor, text) == []
