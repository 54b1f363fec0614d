"""A yes to a question about another one's state affirms it (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

AFFIRMED = [  # (the question, the answer, the fact the answerer affirms)
    ("Does Nell still work at Hartwell?", "Yes, she loves it there.", ("Nell", "WORKS_AT", "Hartwell")),
    ("Is Nell still at Kingsbridge College?", "Yep!", ("Nell", "STUDIES_AT", "Kingsbridge College")),
    ("Is Nell still working at Hartwell?", "Yeah, she is.", ("Nell", "WORKS_AT", "Hartwell")),
    ("Does your brother still live in Tromso?", "Yes, he does.", ("ana's brother", "LIVES_IN", "Tromso")),
]

NOT_AFFIRMED = [
    ("Does Nell still work at Hartwell?", "No, she left."),  # a no
    ("Did Nell work at Hartwell?", "Yes."),  # a past: a happening, not a state now
    ("Is Nell coming to Hartwell tonight?", "Yes!"),  # a plan
    ("Is it raining in Tromso?", "Yes."),  # no one's state
    ("Can Nell work at Hartwell?", "Yes."),  # a modal
]


def _facts(rows):
    return [(s, p, o) for s, p, o, k, *_ in rows if k == "assert" and p in ("WORKS_AT", "STUDIES_AT", "LIVES_IN")]


@pytest.mark.parametrize("question, answer, fact", AFFIRMED)
def test_a_yes_affirms_anothers_state(extractor, question, answer, fact):
    assert _facts(last_turn_rows(extractor, ("cal", question), ("ana", answer))) == [fact]


@pytest.mark.parametrize("question, answer", NOT_AFFIRMED)
def test_no_state_affirmed(extractor, question, answer):
    assert _facts(last_turn_rows(extractor, ("cal", question), ("ana", answer))) == []


def test_asked_by_the_answerer_is_no_answer(extractor):
    rows = last_turn_rows(extractor, ("ana", "Is Nell still at Kingsbridge College?"), ("ana", "Yes."))
    assert _facts(rows) == []
