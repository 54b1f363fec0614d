"""Readings that gave a wrong or useless fact, in our own wordings: a full stop kept on a mixed-case word
("my PhD."); a two-word preposition cut to its second word ("run out of" read as "runs of"); a generic
thing owned or given up ("an item"); an unnamed pet had with someone ("Raj and I adopted a cat"); a taste
for someone else's thing ("my coworker Sam's cooking"); a wedding under way in the past ("we were getting
married in 2019"); and the sentences with the same words that still read.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, c, last_turn_rows, session_of, year

NOW = ("turn", "day", True)


def _triples(extractor, text: str) -> set[tuple[str, str, str]]:
    return {r[:3] for r in last_turn_rows(extractor, text)}


# a full stop after a word that mixes cases is the sentence's, not the word's
FULL_STOPS = [
    ("I'm working on my PhD.", "is working on", "PhD"),
    ("I'm still working on my PhD.", "is working on", "PhD"),
]


@pytest.mark.parametrize(("text", "relation", "thing"), FULL_STOPS, ids=[t for t, *_ in FULL_STOPS])
def test_a_full_stop_is_no_part_of_the_object(extractor, text, relation, thing):
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    assert [(c.qualifiers.get("relation"), names[c.object_id]) for c in result.claims] == [(relation, thing)]


def test_a_works_at_name_keeps_no_full_stop(extractor):
    assert (U + "'s brother", "WORKS_AT", "McD") in _triples(extractor, "My brother works at McD.")


# "run out of", "walk out of": a preposition of two words, no habit about what follows
OUT_OF = [
    "We run out of milk often.",
    "We always run out of bread.",
    "I run out of steam by Friday.",
    "I walk out of the gym happy.",
    "I work out of a tiny office in Leeds.",
]


@pytest.mark.parametrize("text", OUT_OF)
def test_a_two_word_preposition_is_not_cut_to_its_second_word(extractor, text):
    assert last_turn_rows(extractor, text) == []


@pytest.mark.parametrize(("text", "wanted"), [
    ("I run every morning.", (U, "RELATED_TO", "running")),
    ("I run in the park.", (U, "RELATED_TO", "park")),
])
def test_running_still_reads(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


# a generic thing bought, sold or given is no possession worth keeping
GENERIC_THINGS = [
    "I sold the item last week.",
    "I sold an item to my cousin.",
    "I bought an item.",
    "I sold the piece yesterday.",
    "I gave the object to Lea.",
    "I love this item.",
]


@pytest.mark.parametrize("text", GENERIC_THINGS)
def test_a_generic_thing_is_no_possession(extractor, text):
    assert last_turn_rows(extractor, text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("I sold my Honda.", [c(U, "OWNS", "Honda", E, ("turn", "day", True))]),
    ("I sold my old bike to Omar.", [c(U, "OWNS", "bike", E, ("turn", "day", True))]),
])
def test_a_concrete_thing_sold_still_ends(extractor, text, expected):
    assert [r[:4] for r in last_turn_rows(extractor, text)] == [r[:4] for r in expected]


# an unnamed pet had with someone is the speaker's, as "I adopted a cat" (one placeholder, not one each)
SHARED_PETS = [
    ("My partner Raj and I adopted a cat.", (U, "HAS_PET", "user's cat"), ("Raj", "HAS_PET", "Raj's cat")),
    ("My partner and I adopted a cat.", (U, "HAS_PET", "user's cat"), ("user's partner", "HAS_PET", "user's partner's cat")),
    ("My sister and I have two dogs.", (U, "HAS_PET", "user's two dogs"),
     ("user's sister", "HAS_PET", "user's sister's two dogs")),
    ("My wife Lena and I got a puppy.", (U, "HAS_PET", "user's puppy"), ("Lena", "HAS_PET", "Lena's puppy")),
]


@pytest.mark.parametrize(("text", "wanted", "unwanted"), SHARED_PETS, ids=[t for t, *_ in SHARED_PETS])
def test_an_unnamed_pet_had_with_someone_is_the_speakers(extractor, text, wanted, unwanted):
    found = _triples(extractor, text)
    assert wanted in found and unwanted not in found, found


def test_a_habit_said_with_a_relative_is_also_the_speakers(extractor):
    found = _triples(extractor, "My husband and I volunteer at a food bank.")
    assert {(U, "RELATED_TO", "food bank"), ("user's husband", "RELATED_TO", "food bank")} <= found


@pytest.mark.parametrize(("text", "wanted"), [
    ("My partner Raj adopted a cat.", ("Raj", "HAS_PET", "Raj's cat")),
    ("I adopted a cat.", (U, "HAS_PET", "user's cat")),
    ("My partner Raj and I adopted a cat named Miso.", (U, "HAS_PET", "Miso")),
])
def test_a_pet_of_one_owner_still_reads(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


# a taste for someone else's thing says nothing of the speaker's taste for the kind
SOMEONE_ELSES = [
    "I love my coworker Sam's cooking.",
    "I love my sister's cooking.",
    "I love my neighbor Ana's garden.",
    "I adore my uncle's jokes.",
]


@pytest.mark.parametrize("text", SOMEONE_ELSES)
def test_a_taste_for_someone_elses_thing_is_no_taste(extractor, text):
    assert not any(p == "LIKES" for _, p, _ in _triples(extractor, text))


@pytest.mark.parametrize(("text", "wanted"), [
    ("I love my garden.", (U, "LIKES", "garden")),
    ("I adore my coach Priya.", (U, "LIKES", "Priya")),
    ("I love cooking.", (U, "LIKES", "cooking")),
])
def test_a_taste_of_ones_own_still_reads(extractor, text, wanted):
    assert wanted in _triples(extractor, text)


# a wedding under way in the past is no wedding that happened
PAST_UNDER_WAY = [
    "We were getting married in 2019.",
    "In 2019 we were getting engaged.",
    "My sister was getting married in June.",
    "Tomas and I were getting married in 2020 but we called it off.",
    "We were engaged in 2018.",
]


@pytest.mark.parametrize("text", PAST_UNDER_WAY)
def test_a_wedding_under_way_in_the_past_is_no_fact(extractor, text):
    assert not any(p in ("MARRIED_TO", "ENGAGED_TO", "RELATED_TO") for _, p, _ in _triples(extractor, text))


@pytest.mark.parametrize(("text", "expected"), [
    ("We got married in 2019.", [c(U, "MARRIED_TO", "user's spouse", A, year(2019))]),
    ("I was married to Tomas in 2005.", [c(U, "MARRIED_TO", "Tomas", A, year(2005))]),
])
def test_a_wedding_that_happened_still_reads(extractor, text, expected):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "MARRIED_TO"][:1] == expected
