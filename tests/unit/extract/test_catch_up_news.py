"""News told in a catch-up chat (sentences written for these tests): a name exclaimed and then spoken of, a job
quit at a place with no name, a tool named in lower case, a street said as "on 5th", two clauses spliced with a
comma, kin said as "my eldest" or "my folks", an ordinal that says which, and "still" said of a town or asked
without its verb ("Still in Tacoma?")."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem.timeexpr import find_times
from tests.unit.extract.extract_helpers import A, E, claim_set, last_turn_rows


def _facts(text: str, extractor) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize("text, expected", [
    ("Kat quit the bakery in May.", {("Kat", "WORKS_AT", "bakery", E)}),
    ("I quit the hospital last fall.", {("user", "WORKS_AT", "hospital", E)}),
    ("we dropped redis last month", {("user", "USES", "Redis", E)}),
    ("i code in rust mostly", {("user", "USES", "Rust", A)}),
    ("we replaced jenkins with github actions", {("user", "USES", "Jenkins", E), ("user", "USES", "GitHub Actions", A)}),
    ("I'm not at Corvel anymore, I got hired by Lumen.", {("user", "WORKS_AT", "Corvel", E), ("user", "WORKS_AT", "Lumen", A)}),
    ("I got poached by Lumen.", {("user", "WORKS_AT", "Lumen", A)}),
    ("My eldest, Mira, moved out in June.", {("user", "PARENT_OF", "Mira", A)}),
    ("Our youngest, Theo, is obsessed with dinosaurs.", {("user", "PARENT_OF", "Theo", A)}),
    ("My folks live in Tulsa.", {("user's folks", "LIVES_IN", "Tulsa", A)}),
    ("I'm still in Tacoma.", {("user", "LIVES_IN", "Tacoma", A)}),
    ("I'm not in Tacoma anymore.", {("user", "LIVES_IN", "Tacoma", E)}),
])
def test_news_said_in_passing(extractor, text, expected):
    assert expected <= _facts(text, extractor)


@pytest.mark.parametrize("text", [
    "I left the bank at five.",  # one leaves a building too
    "Should I quit the bakery?",
    "I quit smoking in May.",
    "the old bike was covered in rust",
    "They tried to poach me.",
    "Were you recruited by Lumen?",
    "My oldest friend Ana moved out in June.",  # a friend, no child
    "We're expecting our second in May!",  # a baby on the way, no happening called "second"
    "I'm in Paris this week.",  # a trip
    "I'm still in the hospital.",
    "Are you still in Tacoma?",
])
def test_nothing_from_errands_plans_questions_and_trips(extractor, text):
    assert {f for f in _facts(text, extractor) if f[1] != "FRIEND_OF"} == set()


def test_an_ordinal_stays_with_the_noun_it_tells_which_of(extractor):
    facts = _facts("I ran my first marathon in May.", extractor)
    assert ("user", "DID", "first marathon", A) in facts


def test_a_street_said_on_its_number_is_no_day():
    said = datetime(2024, 3, 12, tzinfo=timezone.utc)
    assert find_times("We met at the cafe on 5th.", said) == []
    assert [m.phrase for m in find_times("The party is on the 5th.", said)] == ["on the 5th"]


@pytest.mark.parametrize("turns, expected", [
    ([("Ann", "Guess who I ran into today?"), ("Cy", "Tobias!! He's teaching at Hillcrest now.")],
     ("Tobias", "WORKS_AT", "Hillcrest", A)),
    ([("Ann", "Still in Tacoma?"), ("Cy", "Yep, same apartment.")], ("Cy", "LIVES_IN", "Tacoma", A)),
    ([("Ann", "Still at Corvel?"), ("Cy", "Yeah, five years now.")], ("Cy", "WORKS_AT", "Corvel", A)),
    ([("Ann", "You still with Dev?"), ("Cy", "Yes!")], ("Cy", "PARTNER_OF", "Dev", A)),
    ([("Ann", "Still in Tacoma?"), ("Cy", "Not anymore.")], ("Cy", "LIVES_IN", "Tacoma", E)),
    ([("Ann", "Do you still live in Tacoma?"), ("Cy", "Yep, same old apartment.")], ("Cy", "LIVES_IN", "Tacoma", A)),
])
def test_a_chat_reads_the_name_exclaimed_and_the_question_without_its_verb(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns", [
    [("Ann", "Still no word from Corvel?"), ("Cy", "Yep.")],
    [("Ann", "Still in Tacoma?"), ("Cy", "Yes, a new place downtown though.")],
    [("Ann", "Is it raining?"), ("Cy", "Tobias! You made it! He is so late.")],
])
def test_no_fact_from_a_changed_answer_or_a_call(extractor, turns):
    assert {f for f in claim_set(extractor, turns) if f[0] in ("Cy", "Tobias") and f[1] != "RELATED_TO"} == set()


@pytest.mark.parametrize("text, expected", [
    ("Beth left Acme for Stripe.", {("Beth", "WORKS_AT", "Acme", E), ("Beth", "WORKS_AT", "Stripe", A)}),
    ("Beth left for Stripe in the fall.", {("Beth", "WORKS_AT", "Stripe", A)}),
    ("My aunt Bev retired to Florida in 2019.", {("Bev", "LIVES_IN", "Florida", A)}),
    ("Did I tell you my cousin Jomo moved to Oslo?", {("Jomo", "LIVES_IN", "Oslo", A)}),
    ("Have you heard that Tomas quit Deloitte?", {("Tomas", "WORKS_AT", "Deloitte", E)}),
    ("I loved Music for Airports.", {("user", "LIKES", "Music for Airports", A)}),  # a title's own "for" stays
    ("We moved to Austin for my job at Dell in 2019.", {("user", "LIVES_IN", "Austin", A), ("user", "WORKS_AT", "Dell", A)}),
    ("I moved here for a job at Ubisoft.", {("user", "WORKS_AT", "Ubisoft", A)}),
])
def test_jobs_and_homes_left_or_moved_for_and_news_opened_as_a_question(extractor, text, expected):
    assert expected <= _facts(text, extractor)


@pytest.mark.parametrize("text", [
    "I left for work at eight.",
    "Beth left for Paris in the fall.",  # a trip
    "Did Beth leave for Stripe?",
    "I retired to my room early.",
    "Did I tell you?",
    "Did you hear about Tomas?",
    "Did you hear that Mina might move to Oslo?",
    "I might move to Montreal for a job at Ubisoft.",
])
def test_no_job_home_or_news_from_trips_questions_and_maybes(extractor, text):
    assert _facts(text, extractor) == set()


def test_a_move_for_someone_elses_job_gives_the_mover_no_job(extractor):
    facts = _facts("We moved to Denver for my husband's job at Lockheed.", extractor)
    assert ("user", "LIVES_IN", "Denver", A) in facts
    assert not [f for f in facts if f[1] == "WORKS_AT"]


@pytest.mark.parametrize("text, expected", [
    ("I have a brother. His name is Arjun.", ("user", "SIBLING_OF", "Arjun", A)),
    ("I have an older sister. Her name is Mira.", ("user", "SIBLING_OF", "Mira", A)),
    ("I have a son, he's 7. His name is Leo.", ("user", "PARENT_OF", "Leo", A)),
])
def test_a_relative_named_in_the_next_sentence_gets_the_name(extractor, text, expected):
    facts = _facts(text, extractor)
    assert expected in facts
    assert not [f for f in facts if f[2].startswith("user's")]  # the placeholder gives way to the name


@pytest.mark.parametrize("text, not_named", [
    ("My brother got a dog. His name is Rex.", "Rex"),  # the dog's
    ("My sister's husband is nice. His name is Tom.", "Tom"),  # someone else's relative
    ("I have a brother and a sister. His name is Arjun.", "Arjun"),  # two relatives before the name
])
def test_no_relative_named_when_the_name_may_be_someone_elses(extractor, text, not_named):
    assert not [f for f in _facts(text, extractor) if f[1] in ("SIBLING_OF", "PARENT_OF") and not_named in (f[0], f[2])]


@pytest.mark.parametrize("text, expected", [
    ("My dog is a husky named Storm.", {("user", "HAS_PET", "Storm", A)}),
    ("Our cat is a tabby called Miso.", {("user", "HAS_PET", "Miso", A)}),
    ("just got back from walking my dog, he's a husky named storm", {("user", "HAS_PET", "Storm", A)}),
    ("Tom's dog is a husky named Storm.", set()),
    ("My dog is not a husky named Storm.", set()),
    ("Is your dog a husky named Storm?", set()),
])
def test_a_pet_described_with_its_name(extractor, text, expected):
    assert {f for f in _facts(text, extractor) if f[1] == "HAS_PET"} == expected


@pytest.mark.parametrize("text, expected", [
    ("I hate summer.", {("user", "DISLIKES", "summer", A)}),
    ("i love winter", {("user", "LIKES", "winter", A)}),
    ("I prefer autumn.", {("user", "PREFERS", "autumn", A)}),
    ("We're moving this summer.", set()),  # when, not what
    ("Do you like winter?", set()),
    ("I loved summer.", set()),  # a past taste of no name says little
])
def test_a_season_liked_or_hated_is_what_not_when(extractor, text, expected):
    assert {f for f in _facts(text, extractor) if f[1] in ("LIKES", "DISLIKES", "PREFERS")} == expected


@pytest.mark.parametrize("text, expected", [
    ("Hi, I'm Sam, the new office manager.", {("user", "HAS_ROLE", "office manager", A)}),
    ("We migrated off Airflow to Dagster last quarter.", {("user", "USES", "Airflow", E), ("user", "USES", "Dagster", A)}),
])
def test_an_introduction_with_a_role_and_a_tool_moved_off(extractor, text, expected):
    assert expected <= _facts(text, extractor)


@pytest.mark.parametrize("text", ["I'm remote from Lisbon.", "I'm Dee, by the way.", "I switched off the lights."])
def test_no_origin_role_or_tool_from_where_one_works_a_name_or_a_light(extractor, text):
    assert _facts(text, extractor) == set()


@pytest.mark.parametrize("turns", [
    [("Ann", "Were you the maid of honor?"), ("Cy", "Yes, I gave a speech.")],
    [("Ann", "How was the wedding?"), ("Cy", "I was a bridesmaid, it was lovely.")],
])
def test_a_part_at_a_wedding_is_no_role(extractor, turns):
    assert [f for f in claim_set(extractor, turns) if f[1] == "HAS_ROLE"] == []


@pytest.mark.parametrize("text, expected", [
    ("My son has a friend over. His name is Max.", set()),  # the friend's name, not a child's
    ("My daughter is four, her name is Ivy.", {("user", "PARENT_OF", "Ivy", A)}),
    ("I made a new friend at the gym, her name is Priya.", {("user", "FRIEND_OF", "Priya", A)}),
])
def test_a_name_given_goes_to_the_person_said_just_before(extractor, text, expected):
    assert {f for f in _facts(text, extractor) if f[1] in ("PARENT_OF", "FRIEND_OF") and not f[2].startswith("user's")} == expected
