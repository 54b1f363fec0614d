"""Casual lower-case chat, in our own words: "im"/"ive" typed without the apostrophe, chat clippings ("fav"), an
owner's "'s" typed bare before "name", "gonna"/"wanna" (a plan or a wish, no fact), and shops named in lower
case after a work word or a role.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

STATEMENTS = [
    # "im", "ive" are "I'm", "I've" (casing them ran the next word on: "I'mfrom", "I'vegot")
    ("im from kansas", [c(U, "RELATED_TO", "Kansas", A, NOW)]),
    ("ive got two cats", [c(U, "HAS_PET", "user's two cats", A, NOW)]),
    ("im really into pottery", [c(U, "LIKES", "pottery", A, NOW)]),
    ("ive lived in oregon my whole life", [c(U, "LIVES_IN", "Oregon", A, NOW)]),
    ("im in the navy", [c(U, "MEMBER_OF", "navy", A, NOW)]),
    ("im obsessed with jigsaw puzzles", [c(U, "LIKES", "jigsaw puzzles", A, NOW)]),
    # "fav" is "favorite" (read as a noun, "my fav band" was a band the speaker is in)
    ("my fav band is muse", [c(U, "LIKES", "muse", A, NOW)]),
    ("my fav drink is lemonade", [c(U, "LIKES", "lemonade", A, NOW)]),
    # "my husbands name": the owner's "'s" typed bare
    ("my husbands name is carlos", [c(U, "MARRIED_TO", "Carlos", A, NOW)]),
    ("my sisters name is nina", [c(U, "SIBLING_OF", "Nina", A, NOW)]),
    # a shop named in lower case after a work word or a role held at it
    ("i have a job at target", [c(U, "WORKS_AT", "Target", A, NOW)]),
    ("i work at mcdonalds", [c(U, "WORKS_AT", "McDonald's", A, NOW)]),
    ("im a cashier at costco", [c(U, "WORKS_AT", "Costco", A, NOW), c(U, "HAS_ROLE", "cashier", A, NOW)]),
    ("im a stock clerk at kroger", [c(U, "WORKS_AT", "Kroger", A, NOW), c(U, "HAS_ROLE", "stock clerk", A, NOW)]),
]

NOTHING = [
    "im not from here",
    "ive never had a pet",
    "ive no idea lol",
    "im going to the store later",  # it gave an open fact "i'mgoes to" store
    "whats ur fav food",
    "my fav is the green one",
    "my target is to run 5k",  # no shop without a work word before it
    "i work at home",  # "home" is no shop ("home depot" is)
    "i work from home",
    "i'm gonna be a nurse",  # a plan ("gonna" was read as a role held now)
    "i wanna be a chef someday.",  # a wish (it gave an open fact "wannas to become" chef)
]


@pytest.mark.parametrize("text, expected", STATEMENTS)
def test_casual_statement(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []
