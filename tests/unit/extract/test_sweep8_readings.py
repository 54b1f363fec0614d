"""Sentences that read wrong before (our own lines): a kin word capitalised after "my"; a divorce said as a
state after a marriage the session named; a boss of the speaker's said to "you"; an introduction with the name
first ("Meet Rafe, my brother"); "our mom" said to the one listener (siblings); a past roommate; and a he/she
after "X is my husband's brother" (X, not the husband). Dialogue cases are Cy's turns after Ann's (``duo``) or
after Ann's and Bo's (``trio``).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, rows, session_of, trio

FOUND = [
    # a capitalised kin word after an owner is the relative
    (duo("My Uncle lives in Lisbon."), ("Cy's uncle", "LIVES_IN", "Lisbon", "assert")),
    (duo("my Mom works at Costco."), ("Cy's mom", "WORKS_AT", "Costco", "assert")),
    # a divorce said as a state ends the one marriage the session named
    (duo("I married Ezra in 2009.", "Now I'm divorced."), ("Cy", "MARRIED_TO", "Ezra", "end")),
    (duo("I married Ezra in 2009.", "We're divorced now."), ("Cy", "MARRIED_TO", "Ezra", "end")),
    # the speaker's boss said to "you"
    (duo("You're the best boss I've ever had."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("You were a wonderful manager to me."), ("Cy", "REPORTS_TO", "Ann", "end")),
    (duo("You're my supervisor."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    # an introduction, the name first
    (duo("Meet Otto, my brother."), ("Cy", "SIBLING_OF", "Otto", "assert")),
    (duo("This is Dolores, my aunt."), ("Cy", "RELATED_TO", "Dolores", "assert")),
    (duo("This is Dolores, my new assistant."), ("Dolores", "REPORTS_TO", "Cy", "assert")),
    # "our mom" to the one listener
    (duo("Our mom phoned this morning."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    (trio("Ann, our dad is retiring."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    # a past roommate
    (duo("I was Greta's roommate."), ("Greta", "RELATED_TO", "Cy", "end")),
    # he/she after "X is my husband's brother"
    ([("Ann", "Marco is my husband's brother."), ("Ann", "He lives in Ghent.")], ("Marco", "LIVES_IN", "Ghent", "assert")),
    ([("Ann", "Marco is my husband's brother."), ("Cy", "So he's your brother-in-law.")], ("Ann", "RELATED_TO", "Marco", "assert")),
]

NOT_FOUND = [
    (duo("Uncle Ferdi lives in Lisbon."), ("Cy's uncle", "LIVES_IN", "Lisbon", "assert")),
    (duo("My Uncle Ferdi lives in Lisbon."), ("Uncle", "LIVES_IN", "Lisbon", "assert")),
    # no spouse named, or two: a divorce as a state ends nobody
    (duo("Now I'm divorced."), ("Cy", "MARRIED_TO", "Cy's spouse", "end")),
    (duo("I married Ezra in 2009.", "I married Levi in 2015.", "I'm divorced."), ("Cy", "MARRIED_TO", "Ezra", "end")),
    (duo("I married Ezra in 2009.", "Are you divorced?"), ("Cy", "MARRIED_TO", "Ezra", "end")),
    (duo("I married Ezra in 2009.", "My sister is divorced."), ("Cy", "MARRIED_TO", "Ezra", "end")),
    # hypotheticals, idioms and adjectives are no boss
    (duo("You'd be a great boss."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("Fine, you're the boss."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("You're so bossy."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("You're not my boss."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("Are you my boss?"), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("You're the best boss Lia has ever had."), ("Cy", "REPORTS_TO", "Ann", "assert")),
    (duo("Meet Otto."), ("Cy", "SIBLING_OF", "Meet Otto", "assert")),
    (duo("This is Tuesday, my day off."), ("Cy", "RELATED_TO", "Tuesday", "assert")),
    # "our" kids, plural parents, questions, a chat of three with nobody called
    (duo("Our kids are asleep."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    (duo("Our parents rented a cabin together."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    (duo("Did our mom call?"), ("Cy", "SIBLING_OF", "Ann", "assert")),
    (trio("Our dad is retiring."), ("Cy", "SIBLING_OF", "Bo", "assert")),
    (duo("Our stepdad is nice."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    # a present roommate and a past cousin go on
    (duo("I'm Greta's roommate."), ("Greta", "RELATED_TO", "Cy", "end")),
    (duo("I was Greta's cousin."), ("Greta", "RELATED_TO", "Cy", "end")),
    # the husband is no "he" after "X is my husband's brother"; a possessed thing leaves him one
    ([("Ann", "Marco is my husband's brother."), ("Ann", "He lives in Ghent.")], ("Ann's husband", "LIVES_IN", "Ghent", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] + c[1][2] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


def test_divorce_state_ends_when_said(extractor):
    """"Now I'm divorced" ends the marriage said before at the time it is said, not at the wedding."""
    found = rows(extractor.extract(session_of(*duo("I married Ezra in 2009.", "Now I'm divorced."))))
    ended = [r for r in found if r[:4] == ("Cy", "MARRIED_TO", "Ezra", "end")]
    assert ended and ended[0][4] != "2009-01-01"


def test_brother_in_law_is_the_named_one(extractor):
    """"Marco is my husband's brother." / (the other speaker) "So he's your brother-in-law." → Marco, not the husband."""
    turns = [("Ann", "Marco is my husband's brother."), ("Cy", "So he's your brother-in-law.")]
    found = claim_set(extractor, turns)
    assert not any(o == "Ann's husband" and p == "RELATED_TO" for _, p, o, _ in found)
