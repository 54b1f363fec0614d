"""Short answers with a hedge, a reaction or a clause around them, and answers about the answerer's own
people and things asked as "your …" (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, c, last_turn_rows

ANSWERED = [
    # a clause after the fragment, its subject left out or said
    (("Where are you living now?", "Halifax, got there in the spring."), ("Ana", "LIVES_IN", "Halifax")),
    (("Which town do you live in?", "Galway, adore it here."), ("Ana", "LIVES_IN", "Galway")),
    # a hedge before, a reaction after
    (("What's your favorite novel?", "Probably Emma."), ("Ana", "LIKES", "Emma")),
    (("What's your favourite film?", "Oh man, Heat, no contest."), ("Ana", "LIKES", "Heat")),
    (("Who's your favorite singer?", "Adele, for sure."), ("Ana", "LIKES", "Adele")),
    # "what's your …?": "who's your …?", "what's your …'s name?", "what's your … called?"
    (("Who's your manager?", "Greta, she's strict."), ("Ana", "REPORTS_TO", "Greta")),
    (("What's your husband's name?", "Omar, we met at uni."), ("Ana", "MARRIED_TO", "Omar")),
    (("What's your rabbit called?", "Nugget, haha."), ("Ana", "HAS_PET", "Nugget")),
    (("What's your puppy's name?", "Waffles, he's a handful."), ("Ana", "HAS_PET", "Waffles")),
    # the question asks about the answerer's relative
    (("Where does your cousin live?", "Tampa, she moved there in June."), ("Ana's cousin", "LIVES_IN", "Tampa")),
    (("Where does your dad work?", "Ford, he's an engineer there."), ("Ana's dad", "WORKS_AT", "Ford")),
    # a yes not first, or no yes before a thing said indefinitely
    (("Do you have any pets?", "Haha yes, a hamster named Nibbles."), ("Ana", "HAS_PET", "Nibbles")),
    (("Do you have any pets?", "A tortoise named Gus, he's ancient."), ("Ana", "HAS_PET", "Gus")),
]

NOT_ANSWERED = [
    ("Where would you live if money were no object?", "Kyoto, for sure."),  # a hypothetical
    ("If you could own any car, what would it be?", "A Porsche, obviously."),
    ("What's your favorite band?", "Hmm, who's yours?"),  # a question back
    ("Where does your aunt live?", "My aunt? Haha."),
    ("What's your favorite show?", "Not Friends, that's for sure."),  # negated
    ("What's your favorite snack?", "Probably not popcorn, haha."),
    ("Do you have any pets?", "No, just a cactus."),  # a no
    ("Do you have a boat?", "I wish! Way too pricey."),
    ("Where do you work?", "Not at Intel anymore, they let me go."),
    ("Where is your brother these days?", "Oslo, I think."),  # "be": not what the answerer says of him
    ("Nina, where do you work?", "Costco, I think."),  # asked of someone else
    ("Where does your friend work?", "No idea, we lost touch."),
    ("Do you have any siblings?", "Nope, only child."),
    ("Are you married?", "Haha no, not yet."),
    ("Who's your favorite author?", "Don't really have one."),
    ("What do you enjoy doing with your family?", "My family's tiny, honestly."),  # "'s": a clause, no fragment
]


@pytest.mark.parametrize("turns, expected", ANSWERED)
def test_a_fragment_with_words_around_it_answers_the_question(extractor, turns, expected):
    question, answer = turns
    found = {(s, p, o.lower(), k) for s, p, o, k, *_ in last_turn_rows(extractor, ("Ben", question), ("Ana", answer))}
    subject, predicate, obj = expected
    assert (subject, predicate, obj.lower(), A) in found


@pytest.mark.parametrize("question, answer", NOT_ANSWERED)
def test_what_does_not_answer_gives_no_fact(extractor, question, answer):
    assert [r for r in last_turn_rows(extractor, ("Ben", question), ("Ana", answer)) if r[3] == A] == []


def test_the_answer_must_follow_the_question(extractor):
    rows = last_turn_rows(extractor, ("Ben", "Where do you live?"), ("Ana", "Good question."), ("Ben", "Come on."),
                          ("Ana", "Halifax, haha."))
    assert rows == []


def test_a_clause_after_the_place_dates_the_move(extractor):
    rows = last_turn_rows(extractor, ("Ben", "Where do you live?"), ("Ana", "Halifax, moved there in 2021."))
    assert c("Ana", "LIVES_IN", "Halifax", A, NOW) in rows or any(
        r[:3] == ("Ana", "LIVES_IN", "Halifax") and r[4] == "2021-01-01" for r in rows)
