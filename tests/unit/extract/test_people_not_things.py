"""People are no thing done, visited or liked: a noun for people in either number ("my neighbor", "my
neighbors") is no open object; a visit to unnamed people ("visiting my parents") is no place visited; a
class of people ("I love teachers") or someone's ("my relatives") is no taste; and the sentences with
the same words that still read (places visited, animals and things liked).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def _triples(extractor, text: str) -> set[tuple[str, str, str]]:
    return {r[:3] for r in last_turn_rows(extractor, text)}


# a noun for people, listed in one number, matches in both
PEOPLE_AS_OBJECTS = [
    "I've been helping my neighbors a lot.",
    "I've been mentoring my teammates since spring.",
]

# a visit to people, unnamed: no place visited
PEOPLE_VISITED = [
    "I'm visiting my parents this weekend.",
    "We're visiting my folks next month.",
    "I'm visiting my grandparents on Sunday.",
    "We visited our relatives last week.",
    "I visited my old roommate in March.",
    "I visited my nephew yesterday.",
]

# a class of people, or an unnamed person, is no taste
PEOPLE_AS_TASTES = [
    "I love teachers.",
    "I hate lawyers.",
    "I adore nurses.",
    "I can't stand politicians.",
    "I really love dancers.",
    "I hate plumbers.",
    "I love my grandparents and my cousins.",
    "I love my grandparents.",
    "I adore my relatives.",
]


@pytest.mark.parametrize("text", PEOPLE_AS_OBJECTS + PEOPLE_VISITED + PEOPLE_AS_TASTES)
def test_people_are_no_object(extractor, text):
    assert _triples(extractor, text) == set()


STILL_READ = [
    ("I love dogs.", (U, "LIKES", "dogs")),
    ("I love musicals.", (U, "LIKES", "musicals")),
    ("I hate the vacuum cleaner.", (U, "DISLIKES", "vacuum cleaner")),
    ("I love folk.", (U, "LIKES", "folk")),
    ("I love teaching.", (U, "LIKES", "teaching")),
    ("I love jazz and hate lawyers.", (U, "LIKES", "jazz")),
    ("We visited a vineyard last week.", (U, "VISITED", "vineyard")),
    ("I'm visiting Kyoto next month.", (U, "VISITED", "Kyoto")),
    ("I visited Lisbon last spring.", (U, "VISITED", "Lisbon")),
    ("I've been helping at the food bank a lot.", (U, "RELATED_TO", "food bank")),
]


@pytest.mark.parametrize(("text", "triple"), STILL_READ, ids=[t for t, _ in STILL_READ])
def test_things_and_places_still_read(extractor, text, triple):
    assert triple in _triples(extractor, text)


def test_jazz_is_the_only_taste_beside_lawyers(extractor):
    assert _triples(extractor, "I love jazz and hate lawyers.") == {(U, "LIKES", "jazz")}
