"""Short answers that leave out what the question said are read with it (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, c, last_turn_rows

ANSWERED = [
    (("Where do you live?", "Portland, Oregon."), [c("Ana", "LIVES_IN", "Portland", A, NOW)]),
    (("Which city do you live in?", "Chicago."), [c("Ana", "LIVES_IN", "Chicago", A, NOW)]),
    (("Who do you work for?", "Google, for now."), [c("Ana", "WORKS_AT", "Google", A, NOW)]),
    (("What kind of music do you like?", "Mostly jazz and blues."),
     [c("Ana", "LIKES", "jazz", A, NOW), c("Ana", "LIKES", "blues", A, NOW)]),
    (("Do you have any pets?", "Yes, two cats, Milo and Luna."),
     [c("Ana", "HAS_PET", "Milo", A, NOW), c("Ana", "HAS_PET", "Luna", A, NOW)]),
    (("Do you have any siblings?", "Yeah, an older brother."), [c("Ana", "SIBLING_OF", "Ana's brother", A, NOW)]),
    # an adverb set off by a comma opens the answer; the question's preposition stays before it
    (("What have you been working on lately?", "Honestly, a podcast about local history."),
     [c("Ana", "RELATED_TO", "podcast about local history", A, NOW)]),
    (("Where are you moving to?", "Denver, next month!"),
     [c("Ana", "LIVES_IN", "Denver", A, ("2024-04-01", "month", False))]),
]

# "what do you do …?": the answer names what is done, a pastime (free time) or a role or field (work)
DONE = [
    (("What do you do for fun?", "Mostly canoeing."), [c("Ana", "LIKES", "canoeing", A, NOW)]),
    (("What do you like to do on Sundays?", "Oh, lots of board games."), [c("Ana", "LIKES", "board games", A, NOW)]),
    (("So what do you guys do in your spare time?", "Chess and a bit of pottery."),
     [c("Ana", "LIKES", "chess", A, NOW), c("Ana", "LIKES", "pottery", A, NOW)]),
    (("What are you doing for fun these days?", "Mostly baking."), [c("Ana", "LIKES", "baking", A, NOW)]),
    (("What do you do for a living?", "An electrician."), [c("Ana", "HAS_ROLE", "electrician", A, NOW)]),
    (("What do you do?", "Pharmacist, mostly nights."), [c("Ana", "HAS_ROLE", "pharmacist", A, NOW)]),
    (("What do you do for work?", "Marketing, mostly for small brands."),
     [c("Ana", "RELATED_TO", "marketing", A, NOW)]),
    (("What does your cousin do?", "A dentist."),
     [c("Ana's cousin", "HAS_ROLE", "dentist", A, NOW)]),
]

# a bare yes (or a yes with the question's verb echoed) affirms a question to the answerer that opens with its verb
AFFIRMED = [
    (("Do you still live in Tucson?", "Yep!"), [c("Ana", "LIVES_IN", "Tucson", A, NOW)]),
    (("Do you like opera?", "Yes, I do."), [c("Ana", "LIKES", "opera", A, NOW)]),
    (("Are you still at Google?", "Yeah."), [c("Ana", "WORKS_AT", "Google", A, NOW)]),
    (("Oh, so are you Greta's sister?", "Yes!"), [c("Greta", "SIBLING_OF", "Ana", A, NOW)]),
    (("Does Nina live in Oslo?", "Yes."), [c("Nina", "LIVES_IN", "Oslo", A, NOW)]),  # another's state (test_yes_about_another.py)
]

# thanks or the taking of a compliment before the answer (two sentences at most) is passed over
AFTER_THANKS = [
    (("Do you like carving spoons?", "Thanks, Ben! Glad you like it. Yeah, I love to."),
     [c("Ana", "LIKES", "carving spoons", A, NOW)]),
    (("Do you enjoy sea kayaking?", "Aww, thank you so much! Yes, I do."), [c("Ana", "LIKES", "sea kayaking", A, NOW)]),
    (("Where do you work these days?", "Thanks, Ben! At a print shop in Leeds."), [c("Ana", "WORKS_AT", "print shop", A, NOW)]),
]

# what does something to the answerer, answered with the thing: it does so to the answerer ("brings me joy")
DONE_TO_YOU = [
    (("What brings you joy?", "Pottery!"), [c("Ana", "LIKES", "pottery", A, NOW)]),
    (("What else brings you joy?", "Baking and hanging out with friends!"),
     [c("Ana", "LIKES", "baking", A, NOW), c("Ana", "LIKES", "hanging out with friends", A, NOW)]),
    (("What relaxes you?", "Long baths."), [c("Ana", "LIKES", "long baths", A, NOW)]),
]

NOT_DONE_TO_YOU = [
    ("What brought you to Ohio?", "Work."),  # a past cause
    ("What brings you joy?", "Not much, honestly."),
    ("What brings Cal joy?", "Pottery!"),  # not the answerer
]

NOT_AFTER_THANKS = [
    ("Do you like carving spoons?", "Thanks so much!"),  # thanks only: no answer
    ("Do you like carving spoons?", "Thanks, Ben! No, not really."),
    ("Do you like carving spoons?", "Thanks for asking, Ben! Yes."),  # more than thanks: the first sentence is read
]

NOT_AFFIRMED = [
    ("Can you speak Portuguese?", "Yes."),  # a modal question states nothing
    ("Do you have any pets?", "Yes!"),  # "any": names none
    ("Are you still at Dropbox?", "Yes. Well no, actually, I left."),  # taken back
    ("Do you think Nina lives in Oslo?", "Yeah."),  # an opinion asked, not a fact of the answerer's
    ("Did you ever visit Lima?", "Nope."),
]

NOT_DONE = [
    ("What do you do for fun?", "What about you?"),  # a question back
    ("What do you do for fun?", "Nothing much."),
    ("What do you do in your free time?", "Not much, just work."),
    ("What do you do for fun?", "Sleep, honestly."),  # a joke for "nothing": no pastime to like
    ("What do you do on weekends?", "Chores, mostly."),  # weekends are not free time said: chores are no taste
    ("What do you do after work?", "Groceries."),  # "after work" asks no job
    ("What did you do last weekend?", "Canoeing."),  # a past one-off, no taste (and no date to make it an event)
    ("What do you do when you can't sleep?", "Podcasts."),
    ("Cal, what do you do for fun?", "Canoeing."),  # asked of someone else
]

NOT_ANSWERED = [
    ("Where do you live?", "Why do you ask?"),  # a question back
    ("Where do you live?", "I can't say."),  # the answer says its own verb (read as it is)
    ("What did Rachel say when you told her?", "Oh, that."),  # the question is about Rachel; the answer names nothing
    ("Do you have kids?", "No, not yet."),
    ("Where is your sister now?", "In Rome."),  # not about the answerer
]


@pytest.mark.parametrize("turns, expected", ANSWERED + AFFIRMED + AFTER_THANKS + DONE_TO_YOU)
def test_a_short_answer_is_read_with_its_question(extractor, turns, expected):
    question, answer = turns
    assert sorted(last_turn_rows(extractor, ("Ben", question), ("Ana", answer))) == sorted(expected)


@pytest.mark.parametrize("turns, expected", DONE)
def test_what_is_done_is_read_as_a_pastime_or_a_job(extractor, turns, expected):
    question, answer = turns
    assert sorted(last_turn_rows(extractor, ("Ben", question), ("Ana", answer))) == sorted(expected)


@pytest.mark.parametrize("question, answer", NOT_DONE)
def test_what_is_done_says_nothing(extractor, question, answer):
    assert last_turn_rows(extractor, ("Ben", question), ("Ana", answer)) == []


@pytest.mark.parametrize("question, answer", NOT_ANSWERED + NOT_AFFIRMED + NOT_AFTER_THANKS + NOT_DONE_TO_YOU)
def test_what_is_no_answer_to_a_question_about_the_answerer(extractor, question, answer):
    assert last_turn_rows(extractor, ("Ben", question), ("Ana", answer)) == []


def test_the_same_speaker_asking_and_answering_is_no_answer(extractor):
    assert last_turn_rows(extractor, ("Ana", "Where do I even live?"), ("Ana", "Chicago.")) == []


def test_past_the_thanks_a_statement_of_another_is_no_yes_of_the_answerer(extractor):
    rows = last_turn_rows(extractor, ("Ben", "Do you like carving spoons?"), ("Ana", "Thanks! My sister does. Yes, she loves it."))
    assert [r for r in rows if r[0] == "Ana" and r[1] == "LIKES"] == []
