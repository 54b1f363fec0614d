"""A pet named in an earlier turn, later said gone by its name alone (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

KNOWN = "Our beagle Juniper turns eleven next week."
CAT = "We have a cat named Tofu."

GONE = [  # (the turns, the pet, the first day of the time the turn gives)
    ((KNOWN, ("friend", "Oh wow, happy early birthday!"), "We lost Juniper in August."), "Juniper", "2023-08-01"),
    ((CAT, ("friend", "Cute!"), "Tofu passed away last Sunday."), "Tofu", "2024-03-10"),
    ((CAT, "Tofu died in January."), "Tofu", "2024-01-01"),
    ((KNOWN, "We buried Juniper in the garden in October."), "Juniper", "2023-10-01"),
]

NOT_GONE = [
    (KNOWN, ("friend", "Oh wow!"), "We almost lost Juniper in August."),  # almost: still had
    (CAT, ("friend", "Did you lose Tofu last week?")),  # a question
    (CAT, "Tofu didn't die, thank goodness."),  # denied
    ("My neighbour Tofu moved to Leeds.", ("friend", "Oh?"), "Tofu passed away last Sunday."),  # no pet of anyone's
    ("We lost Marigold in August.",),  # never said to be a pet
]


def _pets(rows):
    return [(o, k, at) for s, p, o, k, at, *_ in rows if p == "HAS_PET"]


@pytest.mark.parametrize("turns, pet, at", GONE)
def test_a_pet_said_before_is_gone_by_its_name(extractor, turns, pet, at):
    rows = last_turn_rows(extractor, *turns)
    assert _pets(rows) == [(pet, "end", at)]
    assert not [r for r in rows if r[1] == "DID" and r[2] == pet]  # the ending, not a happening


@pytest.mark.parametrize("turns", NOT_GONE)
def test_no_ending_without_a_known_pet_said_gone(extractor, turns):
    assert [r for r in _pets(last_turn_rows(extractor, *turns)) if r[1] == "end"] == []


def test_a_pet_is_ended_for_its_keeper_only(extractor):
    rows = last_turn_rows(extractor, ("dana", CAT), ("lee", "Aw, sweet."), ("dana", "Tofu passed away last Sunday."))
    assert [(s, o, k) for s, p, o, k, *_ in rows if p == "HAS_PET"] == [("dana", "Tofu", "end")]
