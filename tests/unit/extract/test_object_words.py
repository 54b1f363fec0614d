"""Object phrases with hyphenated words and coordinated activities. A word joined to the next by a hyphen
("home-cooked", "well-written") is part of the thing named, whatever the parser hangs it on; a conjunct
the parser ended a word early names nothing; an activity in -ing shares no head noun with another.
Sentences in our own words.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

READ = [
    # the first half of a hyphenated modifier (an adverb or a noun to the parser) stays
    ("I love home-cooked meals.", [c(U, "LIKES", "home-cooked meals", A, NOW)]),
    ("I enjoy well-written mysteries.", [c(U, "LIKES", "well-written mysteries", A, NOW)]),
    ("Honestly I adore badly-dubbed kung fu movies.", [c(U, "LIKES", "badly-dubbed kung fu movies", A, NOW)]),
    ("I really enjoy comedies and character-driven novels.", [c(U, "LIKES", "comedies", A, NOW),
                                                             c(U, "LIKES", "character-driven novels", A, NOW)]),
    ("I love cycling and long-distance running.", [c(U, "LIKES", "cycling", A, NOW),
                                                  c(U, "LIKES", "long-distance running", A, NOW)]),
    # a hyphenated word the tokenizer must keep whole (whole_words), a thing one owns (possession_nouns)
    ("I got a new e-bike last month.", [c(U, "OWNS", "e-bike", A, ("2024-02-01", "month", False))]),
    # two activities, the second with a noun before it: no shared head
    ("I enjoy swimming and rock climbing.", [c(U, "LIKES", "swimming", A, NOW), c(U, "LIKES", "rock climbing", A, NOW)]),
]

KEPT = [
    ("I like fantasy and sci-fi movies.", [c(U, "LIKES", "fantasy and sci-fi movies", A, NOW)]),
    ("I love long-distance running.", [c(U, "LIKES", "long-distance running", A, NOW)]),
]

CUT = [
    # "running" hung on the verb: the conjunct "long-distance" alone names nothing
    ("I love hiking and long-distance running.", [c(U, "LIKES", "hiking", A, NOW)]),
]


@pytest.mark.parametrize(("text", "expected"), READ + KEPT + CUT)
def test_object_words(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


def test_hyphen_needs_no_spaces(extractor):
    """A spaced dash is a break, not a word: "old - school" keeps only what follows."""
    assert all("well -" not in row[2] for row in last_turn_rows(extractor, "I enjoy well - written mysteries."))


# "it" as the object of a taste takes up a kind of thing judged good just before, in the same turn
JUDGED_THEN_TAKEN_UP = [
    ("Bouldering is amazing, I love it.", [c(U, "LIKES", "bouldering", A, NOW)]),
    ("Jazz is wonderful. I'm a big fan of it.", [c(U, "LIKES", "jazz", A, NOW)]),
]

NOT_TAKEN_UP = [
    "My commute is great, I love it.",  # an owner: one thing, not a kind of thing
    "The soup is great, I love it.",
    "Bouldering is amazing. Do you like it?",  # a question
    "Bouldering is amazing with my cousin. I love it.",  # another noun between
    "Bouldering is amazing. My cousin showed me a gym. I love it.",
]


@pytest.mark.parametrize(("text", "expected"), JUDGED_THEN_TAKEN_UP)
def test_it_takes_up_what_was_judged(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", NOT_TAKEN_UP)
def test_it_taken_up_only_from_a_kind_just_judged(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "LIKES"] == []


# someone named likes doing something: the tagger took "loves" for an auxiliary of the gerund, or NER took
# a first name for a company
NAMED_TASTES = [
    ("Omar loves baking bread.", [c("Omar", "LIKES", "baking bread", A, NOW)]),
    ("Omar loves knitting scarves.", [c("Omar", "LIKES", "knitting scarves", A, NOW)]),
    ("Emma enjoys fixing bikes.", [c("Emma", "LIKES", "fixing bikes", A, NOW)]),
]


@pytest.mark.parametrize(("text", "expected"), NAMED_TASTES)
def test_named_person_likes_doing(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


def test_a_company_likes_nothing(extractor):
    assert last_turn_rows(extractor, "Microsoft loves open source.") == []


# a noun's "'s" that can only be "is" (the tagger read a possessive): the judgement, then "it" or "my thing"
CONTRACTED_IS = [
    ("Pilates's awesome, I love it.", [c(U, "LIKES", "pilates", A, NOW)]),
    ("Bouldering's awesome, I love it.", [c(U, "LIKES", "bouldering", A, NOW)]),
]


@pytest.mark.parametrize(("text", "expected"), CONTRACTED_IS)
def test_contracted_is_after_a_noun(extractor, text, expected):
    assert sorted((s, p, o.lower(), *rest) for s, p, o, *rest in last_turn_rows(extractor, text)) == sorted(expected)


def test_a_possessive_stays_one(extractor):
    assert last_turn_rows(extractor, "Sarah's new bike is red.") == []


# a common noun given its name right after it ("called", "named"): the fact is about the name
CALLED = [
    ("I work at a bakery called Sweet Loaf.", [c(U, "WORKS_AT", "Sweet Loaf", A, NOW)]),
    ("I joined a running club called Dawn Striders.", [c(U, "MEMBER_OF", "Dawn Striders", A, NOW)]),
    ("I play drums in a band named The Lanterns.", [c(U, "MEMBER_OF", "The Lanterns", A, NOW),
                                                   c(U, "RELATED_TO", "drums", A, NOW)]),
    ("I really love a podcast called Slow Radio.", [c(U, "LIKES", "Slow Radio", A, NOW)]),
    ("We live in a village called Ashby.", [c(U, "LIVES_IN", "Ashby", A, NOW)]),
    ('I joined a choir called "Low Notes".', [c(U, "MEMBER_OF", "Low Notes", A, NOW)]),  # the quotes are no part of it
]

NOT_CALLED = [
    ("I work at a bakery called the best in town.", "bakery"),  # no name: a judgement
    ("I joined a club that people call boring.", "club"),
]


@pytest.mark.parametrize(("text", "expected"), CALLED)
def test_a_thing_called_by_its_name(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize(("text", "noun"), NOT_CALLED)
def test_no_name_given(extractor, text, noun):
    assert all(row[2] in (noun, f"{noun}") or row[2].islower() for row in last_turn_rows(extractor, text))
