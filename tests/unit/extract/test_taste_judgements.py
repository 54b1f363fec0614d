"""A taste said as a judgement of the thing, in our own words: a superlative of a thing or an activity in
general ("board games are the best"), what a thing does to the speaker ("swimming cheers me up", "loud
concerts give me a headache"), a denied "my thing", a denied "much of a … person".

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

JUDGEMENTS = [
    # a superlative of a thing or an activity in general is the speaker's taste
    ("Cooking for friends is the best.", [c(U, "LIKES", "cooking for friends", A, NOW)]),
    ("Board games are the best.", [c(U, "LIKES", "board games", A, NOW)]),
    ("Road trips are the best thing ever.", [c(U, "LIKES", "road trips", A, NOW)]),
    ("Baking with my niece is the greatest.", [c(U, "LIKES", "baking with my niece", A, NOW)]),
    ("Traffic jams are the worst.", [c(U, "DISLIKES", "traffic jams", A, NOW)]),
    # what a thing does to the speaker, with a particle the verb needs
    ("Swimming always cheers me up.", [c(U, "LIKES", "swimming", A, NOW)]),
    ("Jazz perks me up.", [c(U, "LIKES", "jazz", A, NOW)]),
    ("Loud concerts give me a headache.", [c(U, "DISLIKES", "loud concerts", A, NOW)]),
    ("Shopping malls wear me out.", [c(U, "DISLIKES", "shopping malls", A, NOW)]),
    # "my thing" denied is a dislike
    ("Winter isn't really my thing.", [c(U, "DISLIKES", "winter", A, NOW)]),
    ("Skiing is not my thing.", [c(U, "DISLIKES", "skiing", A, NOW)]),
    # "much of a" / "a bit of a" before the noun of taste
    ("I'm not much of a coffee person.", [c(U, "DISLIKES", "coffee", A, NOW)]),
    ("I'm not much of a fan of opera.", [c(U, "DISLIKES", "opera", A, NOW)]),
    ("I'm a bit of a gamer.", [c(U, "LIKES", "gaming", A, NOW)]),
]

PEOPLE_PRAISED = [  # people praised are no taste; the kin rules read the tie
    ("My brother is the best.", [c(U, "SIBLING_OF", "user's brother", A, NOW)]),
    ("My kids cheer me on.", [c(U, "PARENT_OF", "user's kids", A, NOW)]),
]

NOTHING = [
    "Is karaoke your thing?",  # a question
    "Is swimming the best?",
    "My cousin says swimming calms her down.",  # someone else's taste
    "My cousin says knitting is the best.",  # someone else's words
    "My cousin says knitting is so relaxing.",
    "Swimming calms my dad down.",
    "A hot bath would cheer me up.",  # a supposition
    "The concert cheered me up last night.",  # a moment of the past
    "Exercise is good for you.",  # a generic statement
    "Spending time with your kids is the best.",  # said of anyone
    "Nurses are the best.",  # people praised
    "Lena is the best!",
    "The best part was the dessert.",  # a past one-off
    "The pasta is the best.",  # a particular thing
    "Honestly, friendship and kindness are the best!",  # a cheer for something abstract
    "Swimming doesn't relax me.",  # denied, says no taste
    "Hiking isn't my passion.",  # less than a passion, not a dislike
    "The fans cheer me on.",  # "cheer on" is no joy verb
]


@pytest.mark.parametrize("text, expected", JUDGEMENTS)
def test_taste_judgement(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text, expected", PEOPLE_PRAISED)
def test_people_praised_are_no_taste(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOTHING)
def test_no_taste(extractor, text):
    assert last_turn_rows(extractor, text) == []
