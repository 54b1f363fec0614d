"""A statement about the listener with a tag asking them to confirm it ("You still live in Leeds, right?",
"You're a nurse, aren't you?"), answered by the listener (sentences written for these tests): a yes says the
statement in the answerer's words; a no to one with "still" ends it; a no to any other, a statement about
someone else, a modal or a negated one, says nothing.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday); Omar asks, Lena answers.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, c, last_turn_rows

OVER = ("turn", "unknown", True)  # held until some time before the answer

CONFIRMED = [
    ("You still live in Dunmore, right?", "Yes.", [c("Lena", "LIVES_IN", "Dunmore", A, NOW)]),
    ("You still live in Dunmore, right?", "Yep, Dunmore.", [c("Lena", "LIVES_IN", "Dunmore", A, NOW)]),
    ("So you work at Fernway, don't you?", "Yeah.", [c("Lena", "WORKS_AT", "Fernway", A, NOW)]),
    ("You're a paramedic, aren't you?", "Yes.", [c("Lena", "HAS_ROLE", "paramedic", A, NOW)]),
    ("You're still at Fernway, is that right?", "Nope, not anymore.", [c("Lena", "WORKS_AT", "Fernway", E, OVER)]),
]


@pytest.mark.parametrize("question,answer,expected", CONFIRMED, ids=[f"{q} {a}" for q, a, _ in CONFIRMED])
def test_a_tagged_statement_confirmed(extractor, question, answer, expected):
    assert sorted(last_turn_rows(extractor, ("Omar", question), ("Lena", answer))) == sorted(expected)


NOTHING = [
    ("You live in Dunmore, right?", "No."),  # a no to what never said "still": nothing of before
    ("Tariq lives in Dunmore, right?", "Yes."),  # not said of the answerer
    ("You should move to Dunmore, right?", "Yes."),  # advice
    ("You don't live in Dunmore, right?", "Yes."),
    ("You live in Dunmore, I think?", "Yes."),  # no tag asking to confirm
]


@pytest.mark.parametrize("question,answer", NOTHING)
def test_no_statement_from_other_tags_and_answers(extractor, question, answer):
    assert last_turn_rows(extractor, ("Omar", question), ("Lena", answer)) == []
