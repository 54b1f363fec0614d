"""A later "he" or "she" that means the speaker's unnamed pet ("my dog", "our cat", a kitten the speaker got
or has) names that pet as its HAS_PET does ("<speaker>'s dog"), as for the speaker's unnamed relatives.
Never "it", another's pet, a person named between, plural pets, or a pet the turn names ("Rex").

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, c, last_turn_rows

LATER = [
    # the speaker's pet, said with a possessive or got or had, then he/she a turn or two later
    ((("Mira", "My dog is getting old."), ("Jon", "Aw, poor thing."), ("Mira", "He still loves hiking.")),
     [c("Mira's dog", "LIKES", "hiking", A, NOW)]),
    ((("Mira", "We got a kitten."), ("Jon", "Lovely!"), ("Mira", "She hates thunderstorms.")),
     [c("Mira's kitten", "DISLIKES", "thunderstorms", A, NOW)]),
    ((("Mira", "I have a rabbit."), ("Jon", "Fun."), ("Mira", "He loves carrots.")),
     [c("Mira's rabbit", "LIKES", "carrots", A, NOW)]),
    ((("Mira", "Our parrot is very chatty."), ("Jon", "Ha."), ("Mira", "She adores jazz.")),
     [c("Mira's parrot", "LIKES", "jazz", A, NOW)]),
]

NOTHING_NEW = [
    # "it" means too many things
    (("Mira", "We adopted a kitten."), ("Jon", "Lovely!"), ("Mira", "It hates thunderstorms.")),
    # another's pet: not the speaker's, and no name for it
    (("Mira", "My neighbor's dog howls every night."), ("Jon", "Ugh."), ("Mira", "He loves hiking.")),
    # more than one pet is no "he"
    (("Mira", "I have two rabbits."), ("Jon", "Fun."), ("Mira", "He loves carrots.")),
    # a person and the pet both before: either may be meant
    (("Mira", "Omar walked my dog yesterday."), ("Jon", "Nice."), ("Mira", "He loves hiking.")),
    # too many turns later
    (("Mira", "My dog is getting old."), ("Jon", "Aw."), ("Mira", "Yes."), ("Jon", "Hmm."), ("Mira", "Right."),
     ("Mira", "He loves hiking.")),
]


@pytest.mark.parametrize(("turns", "expected"), LATER)
def test_a_later_pronoun_means_the_speakers_pet(extractor, turns, expected):
    assert last_turn_rows(extractor, *turns) == expected


@pytest.mark.parametrize("turns", NOTHING_NEW)
def test_no_fact_about_the_speakers_pet(extractor, turns):
    assert last_turn_rows(extractor, *turns) == []


def test_a_person_named_between_is_whom_he_means(extractor):
    rows = last_turn_rows(extractor, ("Mira", "My dog is getting old."), ("Mira", "Omar says he loves hiking."))
    assert c("Mira's dog", "LIKES", "hiking", A, NOW) not in rows


def test_a_named_pet_keeps_its_name(extractor):
    rows = last_turn_rows(extractor, ("Mira", "My dog Pepper is getting old."), ("Mira", "She loves hiking."))
    assert not any("Mira's" in r[0] for r in rows)
