"""Work, school and pets said in casual chat, typed on a phone in lower case or written with care, in our own
words: where one works with a participle or a role after the employer ("i work at a garden center watering
plants"), an employer the gazetteer knows only by its capitalised name typed in lower case after a work word
("my uncle works at ford"), a job said as driving "for" a company, where one studies ("a senior at", "in my
third year at", "majoring in"), what pets one has; and what says none of them: a business named after an
animal ("a cat café"), someone else's pet, a fear, a wish, a question, a field of work ("i work in
retail") that names no employer.

INVENTORY is the whole table; the rows marked MISSED are still not read (strict xfail: a fix turns them into
failures to move up).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, last_turn_rows, session_of

U = "user"
WORK = ("HAS_ROLE", "WORKS_AT", "STUDIES_AT")


def missed(text: str, subj: str, pred: str, obj: str, why: str):
    return pytest.param(text, subj, pred, obj, marks=pytest.mark.xfail(strict=True, reason=why))


INVENTORY = [
    # an employer with a participle clause after it: the clause is what one does there, not the employer's name
    ("i work at a garden center watering plants", U, "WORKS_AT", "garden center"),
    ("I work at a garden center watering plants.", U, "WORKS_AT", "garden center"),
    ("i work at costco stocking shelves", U, "WORKS_AT", "Costco"),
    ("I work at Costco stocking shelves.", U, "WORKS_AT", "Costco"),
    ("i work at a library shelving books", U, "WORKS_AT", "library"),
    ("my aunt works at a hotel cleaning rooms", "user's aunt", "WORKS_AT", "hotel"),
    ("i work at a nursery school teaching toddlers", U, "WORKS_AT", "nursery school"),
    ("i work at a diner flipping pancakes", U, "WORKS_AT", "diner"),
    ("i'm a cashier at kroger bagging groceries", U, "WORKS_AT", "Kroger"),
    # an employer the gazetteer knows by its capitalised name, typed in lower case after a work word
    ("my uncle works at ford", "user's uncle", "WORKS_AT", "Ford"),
    ("i work for ups", U, "WORKS_AT", "UPS"),
    ("i work at fedex", U, "WORKS_AT", "FedEx"),
    ("My uncle works at Ford.", "user's uncle", "WORKS_AT", "Ford"),
    ("i work at starbucks", U, "WORKS_AT", "Starbucks"),
    ("i work for a tech company", U, "WORKS_AT", "tech company"),
    ("i work at walmart as a greeter", U, "HAS_ROLE", "greeter"),
    ("i'm a nurse at a hospital", U, "WORKS_AT", "hospital"),
    ("i'm a nurse at a hospital", U, "HAS_ROLE", "nurse"),
    ("i work in a hospital as a nurse", U, "WORKS_AT", "hospital"),  # the place "in", the role "as": both
    ("i work in a hospital as a nurse", U, "HAS_ROLE", "nurse"),
    ("My cousin works in a pharmacy as a clerk.", "user's cousin", "WORKS_AT", "pharmacy"),
    # a job said as driving or delivering for a company
    ("i drive a truck for fedex", U, "WORKS_AT", "FedEx"),
    ("I drive a van for FedEx.", U, "WORKS_AT", "FedEx"),
    ("i drive a truck for a living", U, "HAS_ROLE", "truck driver"),
    # school
    ("im a student at ohio state", U, "STUDIES_AT", "Ohio State"),
    ("i'm a student at penn state", U, "STUDIES_AT", "Penn State"),
    ("I'm a student at Penn State.", U, "STUDIES_AT", "Penn State"),
    ("i am a senior at yale", U, "STUDIES_AT", "Yale"),
    ("I am a senior at Yale.", U, "STUDIES_AT", "Yale"),
    ("i'm a freshman at harvard", U, "STUDIES_AT", "Harvard University"),
    ("I'm in my third year at Yale.", U, "STUDIES_AT", "Yale"),
    ("i'm in my third year at yale", U, "STUDIES_AT", "Yale"),
    ("i'm in my second year at ohio state", U, "STUDIES_AT", "Ohio State"),
    ("i study chemistry at a community college", U, "STUDIES_AT", "community college"),
    ("i go to a community college", U, "STUDIES_AT", "community college"),
    ("im a sophomore in college", U, "STUDIES_AT", "college"),
    ("i'm attending a community college", U, "STUDIES_AT", "community college"),  # a progressive of a school: now
    ("I'm attending college.", U, "STUDIES_AT", "college"),
    ("i'm a high school student", U, "STUDIES_AT", "high school"),  # not "school"
    ("i go to a small college in ohio", U, "STUDIES_AT", "small college"),  # the place is where it is (below)
    ("I go to a community college near Denver.", U, "STUDIES_AT", "community college"),
    ("I'm a middle school student.", U, "STUDIES_AT", "middle school"),
    # pets
    ("i have two cats", U, "HAS_PET", "user's two cats"),
    ("i have a dog named biscuit", U, "HAS_PET", "Biscuit"),
    ("my cat is named pepper", U, "HAS_PET", "Pepper"),
    ("i have a pet iguana", U, "HAS_PET", "user's pet iguana"),
    ("i have a corgi", U, "HAS_PET", "user's corgi"),
    ("i adopted a kitten last week", U, "HAS_PET", "user's kitten"),
    ("i got a new puppy", U, "HAS_PET", "user's puppy"),
    ("i have three kids and a dog", U, "HAS_PET", "user's dog"),
    ("I have a parrot named Kiwi.", U, "HAS_PET", "Kiwi"),
    ("my pet is a hamster", U, "HAS_PET", "user's hamster"),  # the kind said, not "user's pet"
    ("My only pet is a tortoise.", U, "HAS_PET", "user's tortoise"),
    ("My cat's name is Fluffy.", U, "HAS_PET", "Fluffy"),  # a name that is also an adjective
    ("my cats name is fluffy", U, "HAS_PET", "Fluffy"),  # the apostrophe dropped
    ("my dog's name is happy", U, "HAS_PET", "Happy"),
    ("i'm majoring in biology", U, "RELATED_TO", "biology"),  # a field of study: an open fact, no school
    ("i foster kittens", U, "RELATED_TO", "kittens"),  # cared for a while: no pet of one's own (below)
    # still missed
    missed("i work in sales as a manager", U, "HAS_ROLE", "manager",
           "the parser hangs 'as a manager' on 'sales', and the open reading keeps 'sales as a manager' whole"),
    missed("i deliver pizzas for dominos", U, "WORKS_AT", "Domino's",
           "'dominos' is not in the gazetteer, and the pizzas are read as the object"),
    missed("i'm a dog walker", U, "HAS_ROLE", "dog walker",
           "'walker' is no role head: with a modifier it is as often a manner ('a fast walker')"),
]

NOT_READ = [
    # no employer: a field, a place said as home, a wish, a question, someone else's
    ("i work in retail", "WORKS_AT"),
    ("i work in construction", "WORKS_AT"),
    ("i work in construction as a laborer", "WORKS_AT"),
    ("I work in Chicago as a lawyer.", "WORKS_AT"),  # a town: where, not an employer
    ("i work from home", "WORKS_AT"),
    ("i wish i worked at ford", "WORKS_AT"),
    ("do you work at ford?", "WORKS_AT"),
    ("i'd love to work for fedex someday", "WORKS_AT"),
    ("my uncle works at ford", "WORKS_AT"),  # the uncle's job, not the speaker's
    ("i used to shop at costco stocking up on snacks", "WORKS_AT"),
    ("i drive my kids to school", "WORKS_AT"),
    ("i drive a truck", "WORKS_AT"),
    ("i bought a truck for my son", "WORKS_AT"),
    ("ford makes good trucks", "WORKS_AT"),
    ("i drive a ford", "WORKS_AT"),
    # no school of the speaker
    ("i want to go to ohio state", "STUDIES_AT"),
    ("is he a student at penn state?", "STUDIES_AT"),
    ("i'm a senior at a law firm", "STUDIES_AT"),
    ("my daughter is a senior at yale", "STUDIES_AT"),
    ("I'm a senior at Google.", "STUDIES_AT"),
    ("I'm attending a conference.", "STUDIES_AT"),
    ("are you attending college?", "STUDIES_AT"),
    ("I'm a former college student.", "STUDIES_AT"),  # no school now
    # no pet of the speaker
    ("i have a dog grooming business", "HAS_PET"),
    ("I run a cat café.", "HAS_PET"),
    ("my neighbor's dog barks all night", "HAS_PET"),
    ("my roommate has a cat", "HAS_PET"),
    ("i have a fear of dogs", "HAS_PET"),
    ("i'm allergic to cats", "HAS_PET"),
    ("i want a puppy", "HAS_PET"),
    ("do you have a dog?", "HAS_PET"),
    ("i love dogs", "HAS_PET"),
    ("i'd love to get a parrot", "HAS_PET"),
    ("i have dog hair all over my couch", "HAS_PET"),
    ("i foster kittens", "HAS_PET"),
    ("her pet is a hamster", "HAS_PET"),
    ("My mood is Sunny.", "HAS_PET"),
]

UNTRIMMED = [  # the participle clause or the "for" phrase is no part of any object
    ("i work at a garden center watering plants", "watering"),
    ("i work at costco stocking shelves", "stocking"),
    ("I work at Costco stocking shelves.", "stocking"),
    ("i work at a library shelving books", "shelving"),
    ("i drive a truck for fedex", "truck for"),
    ("i'm a cashier at kroger bagging groceries", "bagging"),
]


@pytest.mark.parametrize("text, subj, pred, obj", INVENTORY)
def test_casual_work_school_or_pet_is_read(extractor, text, subj, pred, obj):
    assert (subj, pred, obj.lower(), A) in [(s, p, o.lower(), k) for s, p, o, k, *_ in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text, pred", NOT_READ)
def test_no_such_fact_of_the_speaker(extractor, text, pred):
    assert [r for r in last_turn_rows(extractor, text) if r[0] == U and r[1] == pred] == []


@pytest.mark.parametrize("text, word", UNTRIMMED)
def test_an_object_is_trimmed(extractor, text, word):
    assert [r for r in last_turn_rows(extractor, text) if word in r[2].lower()] == []


def test_a_pet_said_by_its_kind_is_no_placeholder(extractor):
    assert [r for r in last_turn_rows(extractor, "my pet is a hamster") if r[2] == "user's pet"] == []


def test_an_uncles_job_is_his(extractor):
    got = [r[:3] for r in last_turn_rows(extractor, "my uncle drives a bus for the city")]
    assert not [r for r in got if r[0] == U and r[1] in WORK]


@pytest.mark.parametrize("text", ["my uncle drives a bus for the city", "i drive a tow truck for a garage"])
def test_a_vehicle_driven_for_someone_is_not_owned(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "OWNS"] == []


@pytest.mark.parametrize("text, obj", [("i drive a truck", "truck"), ("i drive my truck for hours every day", "truck")])
def test_a_vehicle_one_drives_is_owned(extractor, text, obj):
    assert (U, "OWNS", obj) in [r[:3] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text, row", [
    ("Mr. Ford lives in Denver.", ("Mr. Ford", "LIVES_IN", "Denver")),
    ("Ms. Ford is a nurse.", ("Ms. Ford", "HAS_ROLE", "nurse")),
])
def test_a_person_named_like_a_company_stays_a_person(extractor, text, row):
    assert row in [r[:3] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", ["i grew up with dogs", "we had a cat when i was little"])
def test_a_childhood_pet_is_no_pet_now(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "HAS_PET" and r[3] == A] == []


@pytest.mark.parametrize("text, school", [("I'm a former student at NYU.", "NYU"), ("i was a senior at yale", "Yale")])
def test_a_former_student_studied_there_once(extractor, text, school):
    got = [r[:4] for r in last_turn_rows(extractor, text) if r[1] == "STUDIES_AT"]
    assert got == [(U, "STUDIES_AT", school, "end")]


def test_a_school_in_a_place_keeps_the_place_as_where(extractor):
    session = session_of("i go to a small college in ohio")
    claims = [c for c in extractor.extract(session).claims if c.predicate == "STUDIES_AT"]
    assert [c.qualifiers for c in claims] == [{"location": "Ohio"}]
