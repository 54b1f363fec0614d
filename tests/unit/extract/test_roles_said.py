"""Roles said the many ways people say them, in our own wordings: a title before a name ("Sergeant Ortiz"),
a title said to someone in a group ("Yes, chef!", "Excuse me, officer, …?"), a role after a name with a
word of the past ("Tom, a retired firefighter"), the role the speaker speaks from ("As a nurse, I …"),
a relative's role with "'s" for "is" ("my brother's a pharmacist"), a role with its field after "of"
("curator of prints"), a profession known by its ending ("an oncologist", "a videographer"); and the same
words that name no job (insults, wishes, questions, a costume, a nickname, a generic "you", an imagined role).

Claims are compared as ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, claim_set, trio

ROLE = "HAS_ROLE"

SAID_ROLES = [
    ("As a nurse, I see this every week.", (U, ROLE, "nurse", A)),
    ("Honestly, as your accountant, I can't sign that.", (U, ROLE, "accountant", A)),
    ("As a former teacher, I know how hard that job is.", (U, ROLE, "teacher", E)),
    ("My neighbour Tom, a retired firefighter, came over.", ("Tom", ROLE, "firefighter", E)),
    ("My brother's a pharmacist.", ("user's brother", ROLE, "pharmacist", A)),
    ("Our aunt's an electrician in Leeds.", ("user's aunt", ROLE, "electrician", A)),
    ("My aunt is an oncologist.", ("user's aunt", ROLE, "oncologist", A)),
    ("Leo is a cardiologist in Leeds.", ("Leo", ROLE, "cardiologist", A)),
    ("I'm a wedding videographer.", (U, ROLE, "wedding videographer", A)),
    ("Sergeant Ortiz called me back.", ("Sergeant Ortiz", ROLE, "sergeant", A)),
    ("Mayor Quinn opened the new park.", ("Mayor Quinn", ROLE, "mayor", A)),
    ("Chef Amara runs that kitchen.", ("Chef Amara", ROLE, "chef", A)),
    ("Rosa is curator of prints at the gallery.", ("Rosa", ROLE, "curator of prints", A)),
    ("Rosa is the curator of old maps at the city archive.", ("Rosa", ROLE, "curator of old maps", A)),
]


@pytest.mark.parametrize("text,expected", SAID_ROLES, ids=[t for t, _ in SAID_ROLES])
def test_a_role_said_in_passing(extractor, text, expected):
    assert expected in claim_set(extractor, [text])


# a title said to the listener in a chat of three: the listener's role
ADDRESSED = [
    ("Yes, chef!", "chef"),
    ("Just a second, officer!", "officer"),
    ("Excuse me, officer, is this lane closed?", "officer"),
    ("Thank you, Sheriff.", "sheriff"),
    ("Oh, you are the, uh... geologist.", "geologist"),
]


@pytest.mark.parametrize("text,role", ADDRESSED, ids=[t for t, _ in ADDRESSED])
def test_a_title_said_to_the_listener(extractor, text, role):
    assert ("Bo", ROLE, role, A) in claim_set(extractor, trio(text))


NO_ROLE = [
    "As a kid, I loved trains.",
    "As a pilot, I'd fly for free.",
    "As a waiter, I learned a lot.",
    "As a teacher, you learn patience.",
    "I went to the party as a pirate.",
    "I want to be a pilot.",
    "She'd make a great nurse.",
    "I'm a mess.",
    "Mr. Hale called me back.",
    "Doc said I'm fine.",
    "My sister's car is red.",
]


@pytest.mark.parametrize("text", NO_ROLE)
def test_no_role_said(extractor, text):
    assert not [r for r in claim_set(extractor, [text]) if r[1] == ROLE]


NO_ROLE_IN_A_GROUP = [
    "You're such a clown.",
    "You're a genius.",
    "Are you a doctor?",
    "Thanks, Doc.",
    "Compliments to the chef!",
    "We need a second officer here.",
]


@pytest.mark.parametrize("text", NO_ROLE_IN_A_GROUP)
def test_no_role_said_in_a_group(extractor, text):
    assert not [r for r in claim_set(extractor, trio(text)) if r[1] == ROLE]
