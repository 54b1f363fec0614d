"""A stretch of time said without "for" ("we've been married 7 years", "I've taught there three years"), read as
the same words with "for" are: in chat the preposition is often dropped, and the bare phrase was read as a point in
time that names no date, so the fact was lost or started when it was said. Only a bare noun phrase of a number and a
unit that modifies the verb counts; "it took 5 years", "5 years old", "in 5 years", "5 years ago" keep their readings.

The turn is said on 2024-03-12 (``TURN_AT``); rows are ``(subject, predicate, object, kind, at)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple]:
    return {(s, p, o, kind, at) for s, p, o, kind, at, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("bare", "with_for", "wanted"), [
    ("We've been married 7 years.", "We've been married for 7 years.",
     (U, "MARRIED_TO", "user's spouse", "assert", "2017-03-12")),
    ("I've taught at Hillcrest Academy three years.", "I've taught at Hillcrest Academy for three years.",
     (U, "WORKS_AT", "Hillcrest Academy", "assert", "2021-03-12")),
    ("I've been a welder twelve years.", "I've been a welder for twelve years.",
     (U, "HAS_ROLE", "welder", "assert", "2012-03-12")),
    ("I've had my parrot 4 years now.", "I've had my parrot for 4 years now.",
     (U, "HAS_PET", "user's parrot", "assert", "2020-03-12")),
])
def test_a_duration_without_for_dates_the_fact_as_with_for(extractor, bare, with_for, wanted):
    assert wanted in facts(extractor, with_for)
    assert wanted in facts(extractor, bare)


def test_a_stretch_that_is_no_duration_of_the_fact_changes_nothing(extractor):
    assert facts(extractor, "Building the shed took 5 years.") == set()
    assert (U, "PARENT_OF", "user's daughter", "assert", "turn") in facts(extractor, "My daughter is 5 years old.")
