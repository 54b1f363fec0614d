"""A definite new home with its town, a "still at" a name that is an organisation by its last word, a yes that
says when, "not really" to a still-question, stepkin named beside their noun (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, last_turn_rows

HOMES = [
    ("We moved into the house in Salem last year.", ("user", "LIVES_IN", "Salem", A, "2023-01-01")),
    ("I moved into the flat in Leeds in May.", ("user", "LIVES_IN", "Leeds", A, "2023-05-01")),
    ("We moved into the cottage near Ogden two years ago.", ("user", "LIVES_IN", "Ogden", A, "2022-03-12")),
]

NO_HOME = [
    "We moved the piano into the house in Boise.",  # a thing moved, not the speaker
    "We moved into the house in April.",  # no town
    "We moved into the house next door.",
    "Did you move into the condo in Boise?",
    "We never moved into the condo in Boise.",
    "We might move into the condo in Boise next year.",
]


@pytest.mark.parametrize("text, expected", HOMES)
def test_a_move_into_a_definite_home_in_a_town_lives_there(extractor, text, expected):
    assert [r[:5] for r in last_turn_rows(extractor, text)] == [expected]


@pytest.mark.parametrize("text", NO_HOME)
def test_other_moves_into_a_home_say_nothing_of_a_town(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "LIVES_IN"] == []


STILL_AT = [
    ("I'm still at Kestrel Labs.", ("user", "WORKS_AT", "Kestrel Labs", A)),  # (a "person" to the tagger)
    ("I'm still at Sorensen Labs, believe it or not.", ("user", "WORKS_AT", "Sorensen Labs", A)),
    ("My sister is still at Marlowe Labs.", ("user's sister", "WORKS_AT", "Marlowe Labs", A)),
]

NOT_AT_WORK = [
    "I'm at Starbucks right now.",
    "I'm still at the airport.",
    "I'm still at work.",
    "I'm at Dana's.",
    "I'm still at Dana's.",
    "I'm still at Dana Whitfield's.",
    "Are you still at Kestrel Labs?",
    "I'm not at Kestrel Labs.",
]


@pytest.mark.parametrize("text, expected", STILL_AT)
def test_still_at_a_name_ending_in_an_organisation_word_works_there(extractor, text, expected):
    assert [r[:4] for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT"] == [expected]


@pytest.mark.parametrize("text", NOT_AT_WORK)
def test_being_at_a_place_or_a_person_s_is_no_job(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT"] == []


DATED_YES = [
    (("Did you ever make it to Krakow?", "We did, last spring!"), ("Ana", "VISITED", "Krakow", A, "2023-03-01")),
    (("Did you ever make it to Krakow?", "Yes, two weeks ago."), ("Ana", "VISITED", "Krakow", A, "2024-02-27")),
    (("Have you started at Corvane yet?", "I did, two weeks ago."), ("Ana", "WORKS_AT", "Corvane", A, "2024-02-27")),
    (("Did you visit Krakow?", "I did, in May."), ("Ana", "VISITED", "Krakow", A, "2023-05-01")),
]

NO_DATED_YES = [
    ("Did you ever make it to Krakow?", "We did, but it got cancelled."),
    ("Did you ever make it to Krakow?", "Not yet, maybe next spring."),
    ("Did Tomas ever make it to Krakow?", "He did, last spring."),  # not asked of the one answering
    ("Did you ever make it to Krakow?", "We did, last spring with my aunt."),  # more than a time
    ("Are you still at Corvane?", "I am, nine years now."),  # a length, not when
    ("Are you still at Corvane?", "Yes, until June."),  # an end to come: a yes narrowed
]


@pytest.mark.parametrize("turns, expected", DATED_YES)
def test_a_yes_with_a_time_affirms_the_question_then(extractor, turns, expected):
    found = last_turn_rows(extractor, ("Ben", turns[0]), ("Ana", turns[1]))
    assert [r[:5] for r in found] == [expected]


@pytest.mark.parametrize("question, answer", NO_DATED_YES)
def test_a_yes_taken_back_or_about_someone_else_is_no_dated_fact(extractor, question, answer):
    found = last_turn_rows(extractor, ("Ben", question), ("Ana", answer))
    assert [r for r in found if r[2] in ("Krakow", "Corvane")] == []


NOT_REALLY = [
    (("Do you still play tennis?", "Not really."), ("Ana", "LIKES", "tennis", E)),
    (("Are you still living in Tucson?", "Not at all."), ("Ana", "LIVES_IN", "Tucson", E)),
]

NOT_REALLY_NOTHING = [
    ("Do you like it there?", "Not really."),
    ("Do you play tennis?", "Not really."),  # no "still": nothing of before
    ("Do you still play tennis?", "Really? Not at all, why?"),
]


@pytest.mark.parametrize("turns, expected", NOT_REALLY)
def test_not_really_to_a_still_question_ends_it(extractor, turns, expected):
    found = last_turn_rows(extractor, ("Ben", turns[0]), ("Ana", turns[1]))
    assert [r[:4] for r in found] == [expected]


@pytest.mark.parametrize("question, answer", NOT_REALLY_NOTHING)
def test_not_really_to_other_questions_says_nothing(extractor, question, answer):
    assert last_turn_rows(extractor, ("Ben", question), ("Ana", answer)) == []


STEPKIN = [
    ("My stepdad Gustavo lives in Reno.", ("Gustavo", "PARENT_OF", "user", A)),
    ("My stepfather Anselm is a pilot.", ("Anselm", "PARENT_OF", "user", A)),
    ("My stepmother Ines lives in Braga.", ("Ines", "PARENT_OF", "user", A)),
]

NO_STEPKIN = [
    "Her stepdad Gustavo lives in Reno.",  # someone else's
    "My late stepfather Anselm loved jazz.",
    "Is your stepdad Gustavo in Reno?",
]


@pytest.mark.parametrize("text, expected", STEPKIN)
def test_a_stepparent_or_stepchild_named_beside_the_noun(extractor, text, expected):
    assert expected in [r[:4] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", NO_STEPKIN)
def test_no_stepkin_of_the_speaker_when_not_theirs(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "PARENT_OF" and "user" in (r[0], r[2])] == []
