"""A group one is in, named as a proper noun ("I'm in the Night Owls", "a member of the Sierra Club", "a
running club, the Harriers"), and a thing owned named by its make or model ("I have an old Civic"); and the
sentences with the same words that name no group one is in, nor a thing one owns.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at 2024-03-12T09:00Z.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

NAMED_GROUPS = [
    ("I'm in the Silver Foxes these days.", [c(U, "MEMBER_OF", "Silver Foxes", A, NOW)]),
    ("I'm part of the Gearheads.", [c(U, "MEMBER_OF", "Gearheads", A, NOW)]),
    ("I'm a member of the Tidewater Ramblers.", [c(U, "MEMBER_OF", "Tidewater Ramblers", A, NOW)]),
    ("I'm a member of the Audubon Society.", [c(U, "MEMBER_OF", "Audubon Society", A, NOW)]),
    ("I'm in a cycling club, the Gearheads.", [c(U, "MEMBER_OF", "Gearheads", A, NOW)]),
    ("I'm in a band, the Velvet Moths.", [c(U, "MEMBER_OF", "Velvet Moths", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", NAMED_GROUPS, ids=[t for t, _ in NAMED_GROUPS])
def test_a_named_group_one_is_in(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_GROUP = [
    "I'm in Tucson right now.",
    "We're in the Catskill Mountains this week.",
    "I'm in the Summer Olympics.",
    "I'm in the Silver Foxes' van.",
    "Are you in the Silver Foxes?",
    "I'm in the Hamptons.",
]


@pytest.mark.parametrize("text", NO_GROUP)
def test_no_named_group(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "MEMBER_OF"]


# joining or leaving a named club or a named group is a membership, not a job
JOINED_GROUPS = [
    ("I joined the Audubon Society last year.", ("user", "MEMBER_OF", "Audubon Society", "assert")),
    ("I finally joined the Silver Foxes.", ("user", "MEMBER_OF", "Silver Foxes", "assert")),
    ("I quit the Tidewater Ramblers in May.", ("user", "MEMBER_OF", "Tidewater Ramblers", "end")),
]


@pytest.mark.parametrize("text,expected", JOINED_GROUPS, ids=[t for t, _ in JOINED_GROUPS])
def test_joining_a_named_group_is_membership(extractor, text, expected):
    rows = {r[:4] for r in last_turn_rows(extractor, text)}
    assert expected in rows and not [r for r in rows if r[1] == "WORKS_AT"]


@pytest.mark.parametrize("text,expected", [("I joined Initech last year.", ("user", "WORKS_AT", "Initech", "assert")),
                                           ("I joined the Red Cross.", ("user", "WORKS_AT", "Red Cross", "assert"))])
def test_joining_a_company_is_still_a_job(extractor, text, expected):
    assert expected in {r[:4] for r in last_turn_rows(extractor, text)}


def test_a_model_one_has(extractor):
    assert last_turn_rows(extractor, "I have an old Corolla.") == [c(U, "OWNS", "Corolla", A, NOW)]


def test_a_relative_has_a_model(extractor):
    assert ("user's aunt", "OWNS", "Prius") in {r[:3] for r in last_turn_rows(extractor, "My aunt has a Prius.")}


NO_MODEL = ["I have Spotify.", "I have Marco.", "Do you have a Corolla?", "I don't have a Prius.",
            "I wish I had a Corolla."]


@pytest.mark.parametrize("text", NO_MODEL)
def test_no_model_owned(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "OWNS"]
