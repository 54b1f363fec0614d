"""Chat turns that used to give a wrong or empty fact, in our own words: a name called at the start of a turn
is the listener, not the subject of what follows; chat particles ("lol", "tbh") are no part of an object;
"lately I'm writing …" is under way, neither a plan nor last month's happening; an unnamed person ("my
coworker") is no taste; someone else's thing ("my dad's car") is not the speaker's to own, buy or sell.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, claim_set, duo, last_turn_rows

UNKNOWN = ("turn", "unknown", True)

READS_RIGHT = [
    # a greeted name beside the clause's own subject is the listener
    ("Hey Omar, since we last spoke, I'm learning the violin.", [c(U, "RELATED_TO", "violin", A, NOW)]),
    ("Hello Priya, as you know, my aunt works at a bakery.", [c("user's aunt", "WORKS_AT", "bakery", A, NOW)]),
    ("Hey Omar, since last month my brother lives in Oslo.", [
        c(U, "SIBLING_OF", "user's brother", A, ("2024-02-01", "month", False)),
        c("user's brother", "LIVES_IN", "Oslo", A, ("2024-02-01", "month", False))]),
    # chat particles closing a clause
    ("I'm knitting a scarf lol.", [c(U, "RELATED_TO", "scarf", A, NOW)]),
    ("I bought a new camera haha", [c(U, "OWNS", "camera", A, NOW)]),
    ("we adopted a kitten tbh", [c(U, "HAS_PET", "user's kitten", A, NOW)]),
    ("I moved to Denver lmao!", [c(U, "LIVES_IN", "Denver", A, NOW)]),
    ("I bought a kayak omg, it's bright red.", [c(U, "OWNS", "kayak", A, NOW)]),
    # a progressive of the recent past is going on: no plan, no month of its own
    ("Lately I'm writing my dissertation.", [c(U, "RELATED_TO", "dissertation", A, NOW)]),
    ("Recently I'm building a treehouse.", [c(U, "RELATED_TO", "treehouse", A, NOW)]),
    ("I'm painting a mural lately.", [c(U, "RELATED_TO", "mural", A, NOW)]),
    ("Lately I'm going to the gym.", []),
    # an unnamed person is no taste
    ("I love my coworker.", []),
    ("I really like my neighbor.", []),
    ("I adore our landlord.", []),
    ("I love my roommates.", []),
    # someone else's thing is not the speaker's
    ("I sold my dad's car.", []),
    ("I sold Tom's car.", []),
    ("I own my grandpa's piano.", []),
    ("I sold my sister's old bike.", [c(U, "SIBLING_OF", "user's sister", A, NOW)]),
    ("I bought my brother's guitar.", [c(U, "SIBLING_OF", "user's brother", A, NOW)]),
]

STILL_READ = [
    ("Oh Tom called me yesterday.", []),  # a name after "oh" may be the subject: nothing of the speaker's
    ("Hey Omar, I moved to Oslo.", [c(U, "LIVES_IN", "Oslo", A, NOW)]),
    ("lol I moved to Denver.", [c(U, "LIVES_IN", "Denver", A, NOW)]),
    ("I like my new camera, lol.", [c(U, "LIKES", "new camera", A, NOW), c(U, "OWNS", "camera", A, NOW)]),
    ("I'm flying to Lima next week.", [c(U, "VISITED", "Lima", A, ("2024-03-19", "week", False))]),  # still a plan
    ("I love my coworker Sam.", [c(U, "LIKES", "Sam", A, NOW), c(U, "RELATED_TO", "Sam", A, NOW)]),  # a named person stays
    ("I love my landlord Victor.", [c(U, "LIKES", "Victor", A, NOW), c(U, "RELATED_TO", "Victor", A, NOW)]),
    ("Our cat hates the vacuum cleaner.", [c(U, "HAS_PET", "user's cat", A, NOW),
                                           c("user's cat", "DISLIKES", "vacuum cleaner", A, NOW)]),  # a thing
    ("I sold my car.", [c(U, "OWNS", "car", E, UNKNOWN)]),
    ("I sold my car and my mom's scooter.", [c(U, "OWNS", "car", E, UNKNOWN)]),
    ("I bought a guitar.", [c(U, "OWNS", "guitar", A, NOW)]),
]


@pytest.mark.parametrize("text, expected", READS_RIGHT + STILL_READ)
def test_a_chat_turn_reads_precisely(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("turns, expected", [
    (("I got a parrot, Ann!",), set()),  # Ann is the one spoken to, not the parrot
    (("I got a kitten, Ann!", "I adopted a puppy, Ann."), set()),
    (("We adopted a puppy, Pepper!",), {("Cy", "HAS_PET", "Pepper", A)}),  # a name no speaker has: the pet's
])
def test_the_listener_named_after_a_thing_is_no_name_of_it(extractor, turns, expected):
    assert claim_set(extractor, duo(*turns)) == expected
