"""Answers to whether something still holds, and what a reply said before a clause does not say of it
(sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, last_turn_rows

# a no to a question whether something *still* holds ends it; a yes with a clause or with how long affirms it
STILL = [
    (("Are you still working at the pharmacy?", "Nope, I left in March."), [("Ana", "WORKS_AT", "pharmacy", E)]),
    (("Do you still live in Tucson?", "Not anymore."), [("Ana", "LIVES_IN", "Tucson", E)]),
    (("So do you still live in Tucson?", "No."), [("Ana", "LIVES_IN", "Tucson", E)]),
    (("Are you still at Brightline?", "Yes, eleven years now."), [("Ana", "WORKS_AT", "Brightline", A)]),
    (("Do you still teach at Pinecrest Academy?", "Yep, since 2012."),
     [("Ana", "WORKS_AT", "Pinecrest Academy", A), ("Ana", "HAS_ROLE", "teacher", A)]),
    (("Are you still working at the pharmacy?", "Yes, I love it there."), [("Ana", "WORKS_AT", "pharmacy", A)]),
    (("Do you work at Quillon?", "I do!"), [("Ana", "WORKS_AT", "Quillon", A)]),
]

NOT_ENDED = [
    ("Do you live in Tucson?", "No."),  # no "still": a no says nothing of before
    ("Do you still live in Tucson?", "No, I'm still there, Ravi moved out."),  # a no about something else
    ("Are you still at Brightline?", "Yeah, but only until June."),  # a yes narrowed
    ("Are you still at Brightline?", "Eleven years now."),  # no yes
    ("Do you have any pets?", "Yes, eight hamsters? Kidding."),
    ("Are you still working at the pharmacy?", "Yeah, I quit last week, actually."),
    ("Do you work at Quillon?", "I do not."),
]


@pytest.mark.parametrize("turns, expected", STILL)
def test_a_yes_or_no_to_a_still_question_says_what_holds(extractor, turns, expected):
    question, answer = turns
    found = last_turn_rows(extractor, ("Ben", question), ("Ana", answer))
    assert sorted((s, p, o, k) for s, p, o, k, *_ in found) == sorted(expected)


@pytest.mark.parametrize("question, answer", NOT_ENDED)
def test_other_answers_state_nothing_of_the_question(extractor, question, answer):
    found = last_turn_rows(extractor, ("Ben", question), ("Ana", answer))
    assert [r for r in found if r[2] in ("Tucson", "Brightline", "pharmacy", "Quillon")] == []


@pytest.mark.parametrize("text, expected", [
    ("Not anymore, I moved to Fresno last year.", ("user", "LIVES_IN", "Fresno", A)),
    ("No longer, we sold the canoe in May.", ("user", "OWNS", "canoe", E)),
])
def test_a_reply_set_off_before_a_clause_is_not_the_clause_s_own(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert [(s, p, o, k) for s, p, o, k, *_ in found] == [expected]


@pytest.mark.parametrize("text, expected", [
    ("I go to school at Marlow College.", ("user", "STUDIES_AT", "Marlow College", A)),
    ("I go to school at night.", ("user", "STUDIES_AT", "school", A)),
])
def test_a_school_named_with_at_is_the_named_one(extractor, text, expected):
    assert [(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)] == [expected]


def test_a_where_answer_about_school_names_the_school(extractor):
    found = last_turn_rows(extractor, ("Ben", "Where does your son go to school?"), ("Ana", "Harwick Academy."))
    assert ("Ana's son", "STUDIES_AT", "Harwick Academy", A) in [(s, p, o, k) for s, p, o, k, *_ in found]
