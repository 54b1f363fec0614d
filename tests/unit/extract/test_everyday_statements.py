"""Everyday first-person statements, in our own words: lower-case typing, tastes said by denying their
opposite, favourites the tagger misreads, places said with a common noun.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

STATEMENTS = [
    # a turn typed all in lower case is cased before parsing: names after "named", places the gazetteer knows
    ("i have a cat named whiskers.", [c(U, "HAS_PET", "Whiskers", A, NOW)]),
    ("i live in a small town in ohio.", [c(U, "LIVES_IN", "Ohio", A, NOW)]),
    ("pizza is my favorite food.", [c(U, "LIKES", "pizza", A, NOW)]),
    # a taste said by denying its opposite
    ("i don't like vegetables.", [c(U, "DISLIKES", "vegetables", A, NOW)]),
    ("I do not enjoy crowds.", [c(U, "DISLIKES", "crowds", A, NOW)]),
    ("I'm not a fan of winter.", [c(U, "DISLIKES", "winter", A, NOW)]),
    ("I don't care for country music.", [c(U, "DISLIKES", "country music", A, NOW)]),
    # a least favourite is a dislike
    ("broccoli is my least favorite food.", [c(U, "DISLIKES", "Broccoli", A, NOW)]),
    ("My least favourite season is winter.", [c(U, "DISLIKES", "winter", A, NOW)]),
    # favourites whose value the tagger took for an adjective
    ("my favorite food is sushi.", [c(U, "LIKES", "sushi", A, NOW)]),
    ("My favourite drink is lemonade.", [c(U, "LIKES", "lemonade", A, NOW)]),
    # a place said with a common noun and a telling modifier, or a named place under it
    ("I live on the east coast.", [c(U, "LIVES_IN", "east coast", A, NOW)]),
    ("We live in a big city.", [c(U, "LIVES_IN", "big city", A, NOW)]),
    # outings: "going" names an activity when something follows it; a walk says where
    ("I like going to the movies.", [c(U, "LIKES", "going to the movies", A, NOW)]),
    ("i love to go camping.", [c(U, "LIKES", "camping", A, NOW)]),
    ("I enjoy long walks on the beach.", [c(U, "LIKES", "long walks on the beach", A, NOW)]),
    ("I enjoy gardening on weekends.", [c(U, "LIKES", "gardening", A, NOW)]),  # how often is no part of it
    # relation phrases a vocabulary predicate says better (the phrase table), by the kind of object
    ("I drive an old truck.", [c(U, "OWNS", "old truck", A, NOW)]),
    ("i go to a community college.", [c(U, "STUDIES_AT", "community college", A, NOW)]),
    ("I play in a jazz band.", [c(U, "MEMBER_OF", "jazz band", A, NOW)]),
    ("I'm on the swim team.", [c(U, "MEMBER_OF", "swim team", A, NOW)]),
    ("i am in high school.", [c(U, "STUDIES_AT", "high school", A, NOW)]),
    # a leisure habit is a taste; playing a game or a sport too (an instrument is an open fact)
    ("I listen to old jazz records.", [c(U, "LIKES", "old jazz records", A, NOW)]),
    ("I play chess on Sundays.", [c(U, "LIKES", "chess", A, NOW)]),
    ("I play the cello.", [c(U, "RELATED_TO", "cello", A, NOW)]),
    # pets without a name keep what the turn says of them: how many, which breed
    ("I have a golden retriever.", [c(U, "HAS_PET", "user's golden retriever", A, NOW)]),
    ("i own two horses.", [c(U, "HAS_PET", "user's two horses", A, NOW)]),
    # some places need no modifier to say where one lives; a home's place is where its owner lives
    ("I live on a farm.", [c(U, "LIVES_IN", "farm", A, NOW)]),
    ("i live in the mountains.", [c(U, "LIVES_IN", "mountains", A, NOW)]),
    ("My home is in Vermont.", [c(U, "LIVES_IN", "Vermont", A, NOW)]),
    ("i live in alaska.", [c(U, "LIVES_IN", "Alaska", A, NOW)]),
    # a home is no place by itself: the place it is in is; things one has that last
    ("i live in an apartment in chicago.", [c(U, "LIVES_IN", "Chicago", A, NOW)]),
    ("I have a big house.", [c(U, "OWNS", "big house", A, NOW)]),
    # a fan of what stands before "fan"; hobbies are tastes, also when the parser reads a progressive
    ("i am a huge star wars fan.", [c(U, "LIKES", "star wars", A, NOW)]),
    ("My hobbies are reading and cooking.", [c(U, "LIKES", "reading", A, NOW), c(U, "LIKES", "cooking", A, NOW)]),
    # a favourite may be a person or a band; a passion or one's life is a taste; fans and addicts like
    ("My favourite band is the Beatles.", [c(U, "LIKES", "Beatles", A, NOW)]),
    ("My favourite singer is Adele.", [c(U, "LIKES", "Adele", A, NOW)]),
    ("my passion is photography.", [c(U, "LIKES", "photography", A, NOW)]),
    ("Football is my life.", [c(U, "LIKES", "football", A, NOW)]),
    ("I'm a coffee addict.", [c(U, "LIKES", "coffee", A, NOW)]),
    # a word tagged as a preposition that has a subject is the verb
    ("i really like italian food.", [c(U, "LIKES", "italian food", A, NOW)]),
    # students study at the school said beside them; what one studies to become is a goal, not a role yet
    ("i'm a college student.", [c(U, "STUDIES_AT", "college", A, NOW)]),
    ("I'm a junior in college.", [c(U, "STUDIES_AT", "college", A, NOW)]),
    ("i study at a local community college.", [c(U, "STUDIES_AT", "local community college", A, NOW)]),
    ("I'm studying to be a nurse.", [c(U, "RELATED_TO", "nurse", A, NOW)]),
    # a pet the turn names makes the placeholder say nothing
    ("We adopted a puppy, his name is Biscuit.", [c(U, "HAS_PET", "Biscuit", A, NOW)]),
    # an unnamed relative's role is said of them
    ("My sister is a teacher.", [c(U, "SIBLING_OF", "user's sister", A, NOW), c("user's sister", "HAS_ROLE", "teacher", A, NOW)]),
    # occupations said with an agent noun
    ("I'm a farmer.", [c(U, "HAS_ROLE", "farmer", A, NOW)]),
    ("i am a construction worker.", [c(U, "HAS_ROLE", "construction worker", A, NOW)]),
]

NOTHING = [
    "I don't hate it.",  # denying a dislike says little
    "I might not like it.",  # a supposition
    "Do you not like cats?",  # a question
    "I couldn't stand the heat yesterday.",  # a passing discomfort, not a taste
    "We moved to a new city.",  # "new" says nothing of where
    "I live in the city.",  # which city is not said
    "I'm going out tonight.",  # "going out" names no activity
    "I'm in the kitchen.",  # being somewhere is no lasting fact
    "I drive a hard bargain.",  # an idiom: no vehicle
    "I'm a fan.",  # of nothing said
    "I don't care.",  # of nothing said
    "I'm not really into hiking.",  # no interest is not a dislike
    "I love having plants in our homes.",  # a home is had by everyone: nothing owned is said
]


@pytest.mark.parametrize("text, expected", STATEMENTS)
def test_everyday_statement(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []
