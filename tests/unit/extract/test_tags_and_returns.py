"""A statement with a tag that marvels at it, and coming back from somewhere (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, last_turn_rows


def _facts(text: str, extractor) -> list[tuple[str, str, str, str]]:
    return [(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text, expected", [
    ("I moved to Halifax in June, can you believe it?", ("user", "LIVES_IN", "Halifax", A)),
    ("We adopted a ferret named Pico, isn't that sweet?", ("user", "HAS_PET", "Pico", A)),
    ("I work at Orvane now, did I tell you?", ("user", "WORKS_AT", "Orvane", A)),
    ("Marta moved to Quito, how wild is that?", ("Marta", "LIVES_IN", "Quito", A)),
])
def test_a_statement_with_a_tag_that_marvels_is_a_statement(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", [
    "Marta lives in Quito, isn't that right?",  # asks for confirmation
    "Marta lives in Quito, right?",
    "Do you live in Quito, can you believe it?",  # a question before the tag
])
def test_a_tag_that_asks_leaves_a_question(extractor, text):
    assert _facts(text, extractor) == []


@pytest.mark.parametrize("text, expected", [
    ("I just got back from my niece's graduation ceremony.", ("user", "ATTENDED", "graduation ceremony", A)),
    ("We got back from Tallinn on Monday.", ("user", "VISITED", "Tallinn", A)),
    ("I took my nephews to Dublin last spring.", ("user", "VISITED", "Dublin", A)),
])
def test_back_from_a_place_or_an_event_and_taking_someone_there(extractor, text, expected):
    assert expected in _facts(text, extractor)


@pytest.mark.parametrize("text", [
    "I got back from work at six.",
    "I just got back from the pharmacy.",
    "I took my dog to the park on Sunday.",  # who was taken is no happening; an unnamed park no place visited
    "He got back to me yesterday.",
])
def test_no_happening_from_errands_or_who_was_taken(extractor, text):
    assert [f for f in _facts(text, extractor) if f[1] in ("DID", "ATTENDED", "VISITED")] == []
