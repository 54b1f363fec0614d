"""Back somewhere for good: a home come back to, said with or without "I" (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

HOMES = [
    ("Back in Ohio for good now.", ("user", "Ohio")),  # the chat line leaves its "I'm" out
    ("I'm back in Wichita for good.", ("user", "Wichita")),
    ("We're back in Leeds for keeps!", ("user", "Leeds")),
]

TRIPS = [
    "Back in Ohio for a week.",
    "I'm back in Wichita for the holidays.",
    "Back in Ohio for good?",  # asked
    "Move back to Ohio for good!",  # advice
]


def _homes(rows):
    return [(s, o) for s, p, o, *_ in rows if p == "LIVES_IN"]


@pytest.mark.parametrize("text, expected", HOMES)
def test_back_for_good_is_a_home(extractor, text, expected):
    assert _homes(last_turn_rows(extractor, text)) == [expected]


@pytest.mark.parametrize("text", TRIPS)
def test_back_for_a_while_is_no_home(extractor, text):
    assert _homes(last_turn_rows(extractor, text)) == []
