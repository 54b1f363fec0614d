"""Places named after their common noun, past states dated by a time, weddings to come, pets of others named
after them, people named after their role, and tastes in our own wordings: "moved to a village called
Ashby" lives in Ashby from the move; "I was a nurse in 2010" held over 2010 and no longer; "I'm marrying
Omar in May" is engaged now and married from May; "my mom has a dog, his name is Rex" is her pet Rex; "I
can't stand my landlord Victor" dislikes Victor, not the landlord; "mad about the delay" is anger, not a
taste; "Karaoke's awesome, I love it" likes karaoke, whatever NER made of the opening word. And the
sentences with the same words that say none of it (questions, plans, negation, conditionals, a kid's age, a
thing between the pet and its name, a name owning something).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, month, session_of, year

LAST_SPRING = ("2023-03-01", "season", False)

# a move to a common noun given a name right after it: the place is the name, from the move's time
MOVED_TO_A_NAMED_PLACE = [
    ("We moved to a small town called Millbrook.", [c(U, "LIVES_IN", "Millbrook", A, NOW)]),
    ("I relocated to a village called Ashby last spring.", [c(U, "LIVES_IN", "Ashby", A, LAST_SPRING)]),
    ("My brother moved to a fishing village called Porthallow in 2019.",
     [c("user's brother", "LIVES_IN", "Porthallow", A, year(2019))]),
    ("I moved to a little town in Vermont.", [c(U, "LIVES_IN", "Vermont", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", MOVED_TO_A_NAMED_PLACE, ids=[t for t, _ in MOVED_TO_A_NAMED_PLACE])
def test_a_move_to_a_place_named_after_its_noun(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "LIVES_IN"] == expected


@pytest.mark.parametrize("text", [
    "Did you move to a town called Ashby?",
    "We might move to a village called Ashby.",
    "We didn't move to a town called Ashby.",
    "We moved to a small town.",
    "If we moved to a village called Ashby, we'd need a car.",
])
def test_no_home_in_a_named_place(extractor, text):
    assert not any(r[1] == "LIVES_IN" for r in last_turn_rows(extractor, text))


def _spans(extractor, text: str) -> list[tuple]:
    """``(subject, predicate, object, kind, at, until)`` of the turn's claims (ISO dates)."""
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    return [(names[k.subject_id], k.predicate, names[k.object_id], k.kind, k.at and k.at.date().isoformat(),
             k.until and k.until.date().isoformat()) for k in result.claims]


# a past state said with only a time: it held over that time, and is over
PAST_STATE_AT_A_TIME = [
    ("I was a nurse in 2010.", (U, "HAS_ROLE", "nurse", A, "2010-01-01", "2011-01-01")),
    ("Back in 2015 I was a waiter.", (U, "HAS_ROLE", "waiter", A, "2015-01-01", "2016-01-01")),
    ("My sister was a teacher in 2012.", ("user's sister", "HAS_ROLE", "teacher", A, "2012-01-01", "2013-01-01")),
    ("I worked at Halvorsen Foods in 2016.", (U, "WORKS_AT", "Halvorsen Foods", A, "2016-01-01", "2017-01-01")),
]


@pytest.mark.parametrize("text,expected", PAST_STATE_AT_A_TIME, ids=[t for t, _ in PAST_STATE_AT_A_TIME])
def test_a_past_state_holds_over_its_time(extractor, text, expected):
    assert expected in _spans(extractor, text)


@pytest.mark.parametrize("text", [
    "I was tired in 2010.",
    "I was a kid in 1995.",
    "I was a kid then.",
    "Were you a nurse in 2010?",
    "If I was a nurse in 2010, I'd remember it.",
    "I wasn't a nurse in 2010.",
])
def test_no_past_role(extractor, text):
    assert not any(r[1] in ("HAS_ROLE", "WORKS_AT") for r in last_turn_rows(extractor, text))


# a wedding to come: engaged now, married from the wedding's time (a plan, not yet a fact); a divorce to come:
# married till then; a past marriage dated by a point in time: the wedding then (not a marriage over a year)
WEDDING_TO_COME = [
    ("I'm marrying Omar in May.",
     [c(U, "MARRIED_TO", "Omar", A, month("2024-05")), c(U, "ENGAGED_TO", "Omar", A, NOW)]),
    ("Lena and I are getting married next June.",
     [c(U, "MARRIED_TO", "Lena", A, month("2024-06")), c(U, "ENGAGED_TO", "Lena", A, NOW)]),
    ("Ines and I are getting divorced in June.",  # married till then
     [c(U, "MARRIED_TO", "Ines", E, month("2024-06")), c(U, "MARRIED_TO", "Ines", A, NOW)]),
    ("I was married to Tomas in 2005.", [c(U, "MARRIED_TO", "Tomas", A, year(2005))]),  # wed then, as "we were married in 2005"
]


@pytest.mark.parametrize("text,expected", WEDDING_TO_COME, ids=[t for t, _ in WEDDING_TO_COME])
def test_a_wedding_to_come_is_an_engagement_now(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", [
    "Are you marrying Omar in May?",
    "I might be marrying Omar in May.",
    "I'm not marrying Omar in May.",
    "We were getting married in 2019.",
])
def test_no_engagement(extractor, text):
    assert not any(r[1] == "ENGAGED_TO" for r in last_turn_rows(extractor, text))


# someone else's pet, named right after it in the turn
OTHERS_PET_NAMED_AFTER = [
    ("My mom has a dog, his name is Rex.", [c("user's mom", "HAS_PET", "Rex", A, NOW)]),
    ("My uncle got a parrot. Its name is Kiwi.", [c("user's uncle", "HAS_PET", "Kiwi", A, NOW)]),
    ("Tom has a cat, her name is Mia.", [c("Tom", "HAS_PET", "Mia", A, NOW)]),
    ("My cousin has a hamster and his name is Biscuit.", [c("user's cousin", "HAS_PET", "Biscuit", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", OTHERS_PET_NAMED_AFTER, ids=[t for t, _ in OTHERS_PET_NAMED_AFTER])
def test_someone_elses_pet_named_after_it(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "HAS_PET"] == expected


@pytest.mark.parametrize("text,name", [
    ("My mom has a dog and a new boss, his name is Rex.", "Rex"),
    ("My uncle got a parrot and a boat. Its name is Kiwi.", "Kiwi"),
    ("I have a stuffed rabbit, I named her Marigold.", "Marigold"),
    ("My aunt has a cat. Should we call her Mia?", "Mia"),
])
def test_no_pet_of_that_name(extractor, text, name):
    assert not any(r[1] == "HAS_PET" and r[2] == name for r in last_turn_rows(extractor, text))


# a liking of a person said by their role and their name: the person is liked, not the role
NAMED_BY_ROLE = [
    ("I can't stand my landlord Victor.", (U, "DISLIKES", "Victor"), "landlord"),
    ("I adore my coach Priya.", (U, "LIKES", "Priya"), "coach"),
    ("I hate my supervisor Derek.", (U, "DISLIKES", "Derek"), "supervisor"),
]


@pytest.mark.parametrize("text,expected,role", NAMED_BY_ROLE, ids=[t for t, _, _ in NAMED_BY_ROLE])
def test_a_person_named_by_role_is_liked(extractor, text, expected, role):
    found = {r[:3] for r in last_turn_rows(extractor, text)}
    assert expected in found and (U, expected[1], role) not in found


@pytest.mark.parametrize("text", [
    "Do you like your coach Priya?",
    "I might hate my new supervisor Derek.",
    "I love my coworker Sam's cooking.",
    "Does Nadia hate her landlord Victor?",
])
def test_no_liking_of_the_named_person(extractor, text):
    assert not any(r[1] in ("LIKES", "DISLIKES") and r[2] in ("Priya", "Derek", "Sam", "Victor")
                   for r in last_turn_rows(extractor, text))


# "mad about" a thing pointed at is anger, not a taste
@pytest.mark.parametrize("text", [
    "I'm mad about the delay.",
    "I'm mad about his decision.",
    "I'm still mad about it.",
])
def test_mad_about_a_thing_pointed_at_is_no_taste(extractor, text):
    assert not any(r[1] == "LIKES" for r in last_turn_rows(extractor, text))


# a capitalised opening word NER took for a person, taken up by "it": a thing, liked
@pytest.mark.parametrize("text,thing", [
    ("Karaoke's awesome, I love it.", "Karaoke"),
    ("Kickboxing's awesome, I love it.", "Kickboxing"),
])
def test_a_judged_opening_word_is_a_taste(extractor, text, thing):
    assert (U, "LIKES", thing) in {r[:3] for r in last_turn_rows(extractor, text)}


@pytest.mark.parametrize("text", ["Karaoke's awesome, do you love it?", "Karaoke's awesome, I'd love it."])
def test_no_taste_for_a_judged_word(extractor, text):
    assert not any(r[1] == "LIKES" for r in last_turn_rows(extractor, text))
