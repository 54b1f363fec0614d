"""A "we" that answers a question asking after one person is that person and the answerer (sentences written for
these tests): "How's Leila?" — "Oh, we broke up in May." ends a couple in May; "How is Marco doing these days?" —
"We got engaged last weekend!" starts one. Not a place asked after, nor something of the person's, nor an answer
about the person alone."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, c, day, last_turn_rows, month


@pytest.mark.parametrize("question, answer, expected", [
    ("How's Leila?", "Oh, we broke up in May.", c("Ana", "PARTNER_OF", "Leila", E, month("2023-05"))),
    ("How is Marco doing these days?", "We got engaged last weekend!", c("Ana", "ENGAGED_TO", "Marco", A, day("2024-03-09"))),
    ("And Priya?", "We split up in January.", c("Ana", "PARTNER_OF", "Priya", E, month("2024-01"))),
])
def test_we_answering_after_a_person_is_that_person_and_i(extractor, question, answer, expected):
    got = last_turn_rows(extractor, ("Ben", question), ("Ana", answer))
    assert expected in got, got


@pytest.mark.parametrize("question, answer", [
    ("How's London?", "We broke up in May."),  # a place asked after: no partner
    ("How's Leila's new job?", "We broke up in May."),  # something of hers
    ("How's Leila?", "She's great, thanks."),  # no "we"
    ("How are Leila and Tom?", "We broke up in May."),  # two people: which one?
])
def test_no_couple_where_none_is_asked_after(extractor, question, answer):
    got = last_turn_rows(extractor, ("Ben", question), ("Ana", answer))
    assert not any(r[1] in ("PARTNER_OF", "ENGAGED_TO") and r[2] in ("London", "Leila", "Tom") for r in got), got


def test_the_answerer_asked_after_by_name_is_no_partner_of_their_own(extractor):
    got = last_turn_rows(extractor, ("Ben", "How's Ana?"), ("Ana", "We broke up in May."))
    assert not any(r[2] == "Ana" for r in got), got
