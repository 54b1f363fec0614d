"""Pets taken in and babies born, named in a later clause of the turn, and tastes for a making, in our own
wordings: an adoption dated by a month is a pet from then (the month is no name); "we named him Biscuit",
"they named her Iris", "his name is Max" name the pet or the baby said before, from when it came; "I love
making jam" is a taste; and the sentences with the same words that say none of it (a question, a plan, a
name given to "it" or to a boat, a nickname others use, mistakes made).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, c, last_turn_rows, month

LAST_WEEK = ("2024-03-05", "week", False)

# an adoption or a rescue dated by a month: the month after the pet noun is no name
ADOPTED_IN_A_MONTH = [
    ("We adopted a kitten in January.", [c(U, "HAS_PET", "user's kitten", A, month("2024-01"))]),
    ("I rescued a greyhound in October.", [c(U, "HAS_PET", "user's greyhound", A, month("2023-10"))]),
]


@pytest.mark.parametrize("text,expected", ADOPTED_IN_A_MONTH, ids=[t for t, _ in ADOPTED_IN_A_MONTH])
def test_an_adoption_dated_by_a_month_is_a_pet_from_then(extractor, text, expected):
    assert last_turn_rows(extractor, text) == expected


# a pet or a baby named by a later clause of the turn, from when it came
NAMED_LATER = [
    ("We got a puppy last week. We called him Waffles.", [c(U, "HAS_PET", "Waffles", A, LAST_WEEK)]),
    ("We adopted a kitten in January and named her Pixel.", [c(U, "HAS_PET", "Pixel", A, month("2024-01"))]),
    ("We rescued two rabbits in May and named them Nutmeg and Clove.",
     [c(U, "HAS_PET", "Nutmeg", A, month("2023-05")), c(U, "HAS_PET", "Clove", A, month("2023-05"))]),
    ("I got a hamster last week. His name is Gizmo.", [c(U, "HAS_PET", "Gizmo", A, LAST_WEEK)]),
    ("My sister had a baby in February! They named her Juniper.",
     [c(U, "SIBLING_OF", "user's sister", A, ("turn", "day", True)),
      c("user's sister", "PARENT_OF", "Juniper", A, month("2024-02"))]),
]


@pytest.mark.parametrize("text,expected", NAMED_LATER, ids=[t for t, _ in NAMED_LATER])
def test_a_pet_or_a_baby_named_later_in_the_turn(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


# no name given to the pet said before: a question, a plan, "it", another noun, a nickname others use
NOT_NAMED = [
    "We got a puppy last week. Should we call him Waffles?",
    "We got a puppy last week. We might name him Waffles.",
    "We got a puppy last week. We named it Waffles.",
    "We got a puppy last week. My kids call him Waffles.",
]


@pytest.mark.parametrize("text", NOT_NAMED)
def test_no_name_for_the_pet(extractor, text):
    assert not any(r[2] == "Waffles" for r in last_turn_rows(extractor, text))


NO_PET = [
    "We bought a sailboat. We named her Marigold.",
    "I still keep the toy rabbit my aunt gave me. I named her Marigold.",
    "Did you adopt a kitten in January?",
    "We might adopt a kitten in January.",
    "If we adopted a kitten in January, we would name her Pixel.",
]


@pytest.mark.parametrize("text", NO_PET)
def test_no_pet_named_nor_had(extractor, text):
    assert not any(r[1] == "HAS_PET" for r in last_turn_rows(extractor, text))


# a making with a concrete object is a taste; a mistake, friends or a difference are not
MAKING = [
    ("I love making jam from scratch.", [c(U, "LIKES", "making jam from scratch", A, ("turn", "day", True))]),
    ("My uncle loves making candles.", [c("user's uncle", "LIKES", "making candles", A, ("turn", "day", True))]),
]


@pytest.mark.parametrize("text,expected", MAKING, ids=[t for t, _ in MAKING])
def test_a_making_is_a_taste(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "LIKES"] == expected


@pytest.mark.parametrize("text", ["I hate making mistakes.", "I love making friends.", "I love making a difference.",
                                  "I love making it.", "I love doing that.", "I hate having to wait."])
def test_no_taste_for_an_empty_making(extractor, text):
    assert not any(r[1] in ("LIKES", "DISLIKES") for r in last_turn_rows(extractor, text))
