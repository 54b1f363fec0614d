"""Readings that were wrong facts (sentences written for these tests).

A thing studied at a place is no school: "I studied the timetable at the depot" looks at a thing there; a field
of study ("studied physics at Brown") or no object ("studied at Brown") keeps the school.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set

THINGS_STUDIED = [
    "I studied the specials board at Chipotle.",
    "I studied the schedule at Amtrak.",
    "I studied his essays at Yale.",
]


@pytest.mark.parametrize("text", THINGS_STUDIED)
def test_a_thing_studied_somewhere_is_no_school(extractor, text):
    assert not {f for f in claim_set(extractor, [text]) if f[1] == "STUDIES_AT"}


FIELDS_STUDIED = [
    ("I'm studying physics at Brown.", ("user", "STUDIES_AT", "Brown")),
    ("I studied at Cornell.", ("user", "STUDIES_AT", "Cornell")),
]


@pytest.mark.parametrize("text,fact", FIELDS_STUDIED)
def test_a_field_or_no_object_keeps_the_school(extractor, text, fact):
    assert fact in {f[:3] for f in claim_set(extractor, [text])}
