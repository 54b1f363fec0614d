"""Dislike said the ways people say it, in our own words: of a person ("I resent Tomas", "I'm angry at
him", "I'm not fond of Greta", "you're such a liar") and of a thing ("I'm not fond of green peppers", "small
talk rubs me the wrong way", "I can't stomach spicy food"); and what says no dislike (questions,
negations, suppositions, someone else's words, "I hate to say it", "I hate it when …").
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, claim_set, duo, last_turn_rows, trio

PEOPLE = [
    # verbs of dislike with a person as object
    (duo("To be honest, I resent Greta."), ("Cy", "DISLIKES", "Greta", "assert")),
    (duo("I really dislike Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),
    (duo("I can't bear Greta."), ("Cy", "DISLIKES", "Greta", "assert")),
    # an adjective of anger with its preposition
    (duo("Where's Tomas?", "I'm so annoyed with him."), ("Cy", "DISLIKES", "Tomas", "assert")),
    (duo("I'm furious with Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),
    # a liking denied with a word of taste
    (duo("I'm not fond of Greta."), ("Cy", "DISLIKES", "Greta", "assert")),
    (duo("Who is Greta?", "Honestly, I'm not a big fan of her."), ("Cy", "DISLIKES", "Greta", "assert")),
    # an insult noun to the listener is one in any chat, as "You idiot!" is
    (duo("You're such a liar."), ("Cy", "DISLIKES", "Ann", "assert")),
    (duo("You are such a jerk."), ("Cy", "DISLIKES", "Ann", "assert")),
]

NO_DISLIKE = [
    (duo("Do you resent Tomas?"), ("Cy", "DISLIKES", "Tomas", "assert")),  # a question
    (duo("I don't dislike Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),  # negated
    (duo("I don't hate Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),
    (duo("I'm not mad at Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),  # a dislike denied is no taste
    (duo("I might resent Tomas one day."), ("Cy", "DISLIKES", "Tomas", "assert")),  # a supposition
    (duo("Tomas thinks I resent him."), ("Cy", "DISLIKES", "Tomas", "assert")),  # someone else's thought
    (duo("I'm fond of Tomas."), ("Cy", "DISLIKES", "Tomas", "assert")),  # a liking
    (duo("You're so annoying."), ("Cy", "DISLIKES", "Ann", "assert")),  # an adjective between two: banter
    (duo("Are you a liar?"), ("Cy", "DISLIKES", "Ann", "assert")),
    (duo("You're not a liar."), ("Cy", "DISLIKES", "Ann", "assert")),
    (trio("You guys are such liars."), ("Cy", "DISLIKES", "Ann", "assert")),  # several people
]

THINGS = [
    # a taste denied with a word of taste
    ("I'm not fond of green peppers.", [c(U, "DISLIKES", "green peppers", A, NOW)]),
    ("Honestly I'm not keen on camping.", [c(U, "DISLIKES", "camping", A, NOW)]),
    ("I'm not crazy about sushi.", [c(U, "DISLIKES", "sushi", A, NOW)]),
    # "can't stomach" as "can't stand"
    ("I can't stomach spicy food.", [c(U, "DISLIKES", "spicy food", A, NOW)]),
    # what a thing does to the speaker's nerves
    ("Loud chewing gets on my nerves.", [c(U, "DISLIKES", "loud chewing", A, NOW)]),
    ("Traffic really gets under my skin.", [c(U, "DISLIKES", "traffic", A, NOW)]),
    ("Small talk rubs me the wrong way.", [c(U, "DISLIKES", "small talk", A, NOW)]),
    ("Slow walkers tick me off.", [c(U, "DISLIKES", "slow walkers", A, NOW)]),
]

NO_THING = [
    "Are you into horror films?",  # a question
    "I'm not obsessed with tennis.",  # only a degree denied
    "I'm not really into horror films.",  # no interest is not a dislike
    "I'm not addicted to coffee.",
    "If I'm not into it, I'll leave.",  # a supposition
    "I couldn't stand olives as a kid.",  # a taste of the past
    "My brother says traffic gets on his nerves.",  # someone else's
    "The noise gets on my sister's nerves.",  # someone else's nerves
    "Loud music would get on my nerves.",  # a supposition
    "I hate to say it, but the soup is cold.",  # a formula
    "I hate it when the bus is late.",  # a situation, not a thing
    "I hate that I love this song.",  # a joke on oneself
]


@pytest.mark.parametrize("turns, expected", PEOPLE)
def test_dislike_of_a_person(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns, unexpected", NO_DISLIKE)
def test_no_dislike_of_a_person(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


@pytest.mark.parametrize("text, expected", THINGS)
def test_dislike_of_a_thing(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NO_THING)
def test_no_dislike_of_a_thing(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "DISLIKES"] == []
