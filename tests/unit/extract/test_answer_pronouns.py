"""Answers about the answerer's relative the question asked of ("How's your aunt?" — "She's fine, she just
moved to Lima"), fragments the parser mis-tags, and the sentences restored answers say (written for these
tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, last_turn_rows

ABOUT_YOURS = [
    (("How's your aunt?", "She's fine, she just moved to Lima."), ("Ana's aunt", "LIVES_IN", "Lima")),
    (("How is your son doing?", "Great, he started at Lego last month."), ("Ana's son", "WORKS_AT", "Lego")),
    (("What does your wife do these days?", "She's a pharmacist now."), ("Ana's wife", "HAS_ROLE", "pharmacist")),
    (("Is your grandpa still in Ohio?", "No, he moved to Tucson in May."), ("Ana's grandpa", "LIVES_IN", "Tucson")),
]

NOT_ABOUT_YOURS = [
    [("Ben", "How's your brother?"), ("Ana", "She's great, she works at Ikea.")],  # "she" is no brother
    [("Ben", "How's your aunt?"), ("Ana", "Good. My friend Greta visited, she just moved to Lima.")],  # Greta's
    [("Ben", "How's your niece?"), ("Ana", "Fine."), ("Ben", "She started at Pixar, I heard.")],  # the asker's she
    [("Ben", "How's your mom?"), ("Ana", "Fine."), ("Ben", "Great to hear."), ("Ana", "She moved to Quito.")],
    [("Ben", "How's your sister?"), ("Ana", "She wishes she worked at Google.")],
]

MIS_TAGGED = [  # the fragment's word read as a verb or an interjection in the whole answer
    (("What kind of music do you listen to?", "Mostly jazz, I play it too."), ("Ana", "LIKES", "jazz")),
    (("What's your cat called?", "Clover, she is tiny."), ("Ana", "HAS_PET", "Clover")),
    (("What's your rabbit's name?", "Pickles, she's a menace."), ("Ana", "HAS_PET", "Pickles")),
    # the question's stranded preposition before a time word ("for these days"): the answer follows it
    (("Who do you work for these days?", "Oh, Shopify, been there ages."), ("Ana", "WORKS_AT", "Shopify")),
]

NOT_A_FRAGMENT = [
    ("What kind of music do you listen to?", "Depends, honestly."),
    ("What's your favorite dessert?", "Hmm, tough one, haha."),
    ("What's your dog called?", "Wait, what dog, haha."),
    ("What kind of music do you listen to?", "Whatever, I'm not picky."),
    ("Who do you work for these days?", "Nobody, sadly."),
]


@pytest.mark.parametrize("turns, expected", ABOUT_YOURS + MIS_TAGGED)
def test_the_answers_he_or_she_is_the_relative_asked_of(extractor, turns, expected):
    question, answer = turns
    found = {(s, p, o.lower(), k) for s, p, o, k, *_ in last_turn_rows(extractor, ("Ben", question), ("Ana", answer))}
    subject, predicate, obj = expected
    assert (subject, predicate, obj.lower(), A) in found


@pytest.mark.parametrize("turns", NOT_ABOUT_YOURS)
def test_a_pronoun_not_the_answerers_relative_gives_no_fact_of_them(extractor, turns):
    found = last_turn_rows(extractor, *turns)
    assert not [r for r in found if r[3] == A and r[0].startswith(("Ana's", "Ben's"))]


@pytest.mark.parametrize("question, answer", NOT_A_FRAGMENT)
def test_a_cut_answer_that_names_nothing_gives_no_fact(extractor, question, answer):
    assert [r for r in last_turn_rows(extractor, ("Ben", question), ("Ana", answer)) if r[3] == A] == []
