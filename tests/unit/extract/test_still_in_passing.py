"""Still somewhere for a reason or a while: a passing stay, not a home (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

PASSING = [
    "I'm still in Paris for the conference.",
    "We're still in Denver for a few more days.",
    "Mom is still in Halifax for her sister's wedding.",
]

HOMES = [
    ("I'm still in Tacoma for now.", ("user", "Tacoma")),
    ("I'm still in Tacoma, love it here.", ("user", "Tacoma")),
    ("We're still in Duluth, ten years on.", ("user", "Duluth")),
]


def _homes(rows):
    return [(s, o) for s, p, o, *_ in rows if p == "LIVES_IN"]


@pytest.mark.parametrize("text", PASSING)
def test_still_somewhere_for_a_while_is_no_home(extractor, text):
    assert _homes(last_turn_rows(extractor, text)) == []


@pytest.mark.parametrize("text, expected", HOMES)
def test_still_somewhere_is_a_home(extractor, text, expected):
    assert _homes(last_turn_rows(extractor, text)) == [expected]
