"""Readings that were wrong facts (sentences written for these tests).

A thing studied at a place is no school: "I studied the schedule at Amtrak" looks at a thing there; a field
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


# A second clause with a subject of its own that the parser took for one more object of the first ("I left Boeing
# and my sister Ivy ..." read as leaving Boeing and Ivy): the second verb is said of that subject, not the speaker.
OWN_SUBJECTS = [
    ("I left Boeing and my sister Ivy joined Airbus in May.", ("Ivy", "WORKS_AT", "Airbus"), ("user", "WORKS_AT", "Airbus")),
    ("In 2019 I left Intel and my husband Omar joined Nvidia.", ("Omar", "WORKS_AT", "Nvidia"),
     ("user", "WORKS_AT", "Nvidia")),
]


@pytest.mark.parametrize("text,right,wrong", OWN_SUBJECTS)
def test_a_second_clause_keeps_its_own_subject(extractor, text, right, wrong):
    facts = {f[:3] for f in claim_set(extractor, [text])}
    assert right in facts and wrong not in facts


def test_a_second_verb_without_a_subject_is_still_the_speakers(extractor):
    assert ("user", "WORKS_AT", "Airbus") in {f[:3] for f in claim_set(extractor, ["I left Boeing and joined Airbus in May."])}


# A bare number as the object names nothing ("my uncle turns seventy": an age, which the vocabulary has no predicate
# for); a counted thing keeps its fact.
@pytest.mark.parametrize("text", ["My uncle turns seventy on Sunday.", "My mom turns seventy soon.", "My dad turns sixty in May."])
def test_a_bare_number_is_no_object(extractor, text):
    assert not {f for f in claim_set(extractor, [text]) if f[1] == "RELATED_TO"}


def test_a_thing_after_an_age_keeps_its_fact(extractor):
    facts = {f[:3] for f in claim_set(extractor, ["My son turns five tomorrow and loves dinosaurs."])}
    assert ("user's son", "LIKES", "dinosaurs") in facts
