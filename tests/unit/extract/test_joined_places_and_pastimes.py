"""Lists after a visit or a taste: every item read, not only the first (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

VISITS = [  # a place, then a single proper noun NER may take for a company
    ("We went to Oslo and Bergen in May.", ["Bergen", "Oslo"]),
    ("Last summer we visited Lisbon and Braga.", ["Braga", "Lisbon"]),  # both places the gazetteer knows
    ("I flew to Denver and Quillford last month.", ["Denver", "Quillford"]),
]

NOT_PLACES = [  # joined to a place, but a person or a company the gazetteer knows
    ("We went to Oslo and Kristin in May.", ["Oslo"]),
    ("We visited Rome and Google last year.", ["Rome"]),
]

PASTIMES = [  # a "go" before the gerund hides the list from the taste
    ("I love to go hiking and fishing.", ["fishing", "hiking"]),
    ("I enjoy going fishing and hunting.", ["fishing", "hunting"]),
    ("I love to go skiing and snowboarding.", ["skiing", "snowboarding"]),
]


def _objects(rows, predicate):
    return sorted(o for s, p, o, *_ in rows if p == predicate)


@pytest.mark.parametrize("text, places", VISITS + NOT_PLACES)
def test_every_place_of_a_visit(extractor, text, places):
    assert _objects(last_turn_rows(extractor, text), "VISITED") == places


@pytest.mark.parametrize("text, liked", PASTIMES)
def test_every_pastime_gone_to(extractor, text, liked):
    assert _objects(last_turn_rows(extractor, text), "LIKES") == liked


def test_a_pastime_gone_to_with_a_person_is_no_list(extractor):
    assert "Tom" not in _objects(last_turn_rows(extractor, "I love to go hiking with Tom and Ann."), "LIKES")
