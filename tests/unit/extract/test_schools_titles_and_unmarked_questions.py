"""Statements from chats of other registers (a podcast guest's story, a parents' street group, a coworkers' group
chat), in our own wordings: a child starting at a primary school; an occupation the role words did not know; a
title "of the house" (who runs a home, no job); a lower-case question with no "?" opening with a wh-word and a
noun; a comma-spliced question after a statement ("…, does anyone know a vet?"); a role stepped down from or
resigned; a job said to be at a workplace ("my first job was at Boots"); a bare team area joined ("joined
Design"); and sentences with the same words that state no such fact.

Rows are projected to ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, last_turn_rows


def facts(extractor, *texts: str) -> list[tuple]:
    return sorted(tuple(r[:4]) for r in last_turn_rows(extractor, *texts))


STATES = [
    # a child starting at a school whose name ends in "Primary", or at a named school
    ("Our Rosie starts at Ashfield Primary after Easter.", [("Rosie", "STUDIES_AT", "Ashfield Primary", A)]),
    ("Noor is starting at Beech Lane Primary in the autumn.", [("Noor", "STUDIES_AT", "Beech Lane Primary", A)]),
    ("Ezra started at Holloway Academy on Monday.", [("Ezra", "STUDIES_AT", "Holloway Academy", A)]),
    # an occupation the role words did not know
    ("Marguerite is a sommelier.", [("Marguerite", "HAS_ROLE", "sommelier", A)]),
    ("Callum is a solicitor.", [("Callum", "HAS_ROLE", "solicitor", A)]),
    ("Wendy is a dietitian.", [("Wendy", "HAS_ROLE", "dietitian", A)]),
    # a comma-spliced question after a statement: the statement still states
    ("I moved to Harrogate in May, does anybody know a decent dentist?", [(U, "LIVES_IN", "Harrogate", A)]),
    ("We adopted a kitten called Pip, any tips on recall training?", [(U, "HAS_PET", "Pip", A)]),
    # a role stepped down from or resigned
    ("Femi stepped down as treasurer in June.", [("Femi", "HAS_ROLE", "treasurer", E)]),
    ("Grandma resigned as church secretary last year.", [("user's grandma", "HAS_ROLE", "church secretary", E)]),
    # a job said to be at a place of work
    ("My first job was at Woolworths.", [(U, "WORKS_AT", "Woolworths", E)]),
    ("Omar's new job is at Deloitte.", [("Omar", "WORKS_AT", "Deloitte", A)]),
    # a bare team area joined: a team, not an employer
    ("Bettina joined Payments last month.", [("Bettina", "MEMBER_OF", "payments team", A)]),
    ("Ravi joined Marketing as an analyst.", [("Ravi", "HAS_ROLE", "analyst", A), ("Ravi", "MEMBER_OF", "marketing team", A)]),
]


@pytest.mark.parametrize("text,expected", STATES, ids=[t for t, _ in STATES])
def test_statement_of_another_register(extractor, text, expected):
    assert facts(extractor, text) == sorted(expected)


NO_FACT = [
    # a title "of the house" or "of the family": who runs a home
    "Kwame is the real boss of the house.",
    "My nan is the CFO of our family.",
    "Honestly Jude is the chief executive of the household.",
    # a lower-case question with no "?"
    "which gym are you training at these days",
    "what bakery is Lou working at now",
    "how many cats does Imogen have",
    # a question, a plan or a wish, not a start, a resignation nor a job
    "Does Bea start at Ashfield Primary in September?",
    "Maybe Omar will start at Birchwood Primary.",
    "Did Femi step down as treasurer?",
    "Femi might resign as treasurer.",
    "My dream job would be at Pixar.",
    "My job is at risk.",
    "Should Ravi join Marketing?",
    "Is Marguerite a sommelier?",
]


@pytest.mark.parametrize("text", NO_FACT)
def test_no_fact(extractor, text):
    assert facts(extractor, text) == []


def test_a_company_joined_is_still_an_employer(extractor):
    assert facts(extractor, "Bettina joined Spotify last month.") == [("Bettina", "WORKS_AT", "Spotify", A)]
