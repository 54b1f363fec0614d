"""Everyday readings in our own words: a taste said with a softener ("I kinda like"), a couple's end said as a
state ("I'm not with Lena anymore", "Lena and I aren't together any more"), a name first with its role set off
by commas ("Tom, my boss, ..."), the company a relative clause of working names ("the firm I work at, Norvik"),
a pet named after its noun in lower-case chat ("my dog nugget"), an owned pet loved (no taste for a kind of
thing), the kids said beside a marital state ("divorced with three kids"), and a pet named like a tool ("Pip");
with the sentences with the same words that state no such fact.

Rows are ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, last_turn_rows


def facts(extractor, *texts: str) -> list[tuple[str, str, str, str]]:
    return sorted((s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, *texts))


READS = [
    # a softened taste is still a taste
    ("I kind of like bluegrass.", [(U, "LIKES", "bluegrass", A)]),
    ("i kinda love ramen", [(U, "LIKES", "ramen", A)]),
    ("I sort of like gardening.", [(U, "LIKES", "gardening", A)]),
    ("We sorta hate crowded beaches.", [(U, "DISLIKES", "crowded beaches", A)]),
    # a couple's end said as a state, of a person
    ("I'm not with Lena anymore.", [(U, "PARTNER_OF", "Lena", E)]),
    ("I'm no longer with Lena.", [(U, "PARTNER_OF", "Lena", E)]),
    ("Lena and I aren't together any more.", [(U, "PARTNER_OF", "Lena", E)]),
    ("Me and Lena are no longer together.", [(U, "PARTNER_OF", "Lena", E)]),
    # a name first, its role between commas
    ("Tom, my boss, lives in Leeds.", [(U, "REPORTS_TO", "Tom", A), ("Tom", "LIVES_IN", "Leeds", A)]),
    ("Tom, my boss, is retiring.", [(U, "REPORTS_TO", "Tom", A)]),
    # the employer a relative clause of working names
    ("The company I work for, Norvik, is expanding.", [(U, "WORKS_AT", "Norvik", A)]),
    ("The firm I work at is Halden.", [(U, "WORKS_AT", "Halden", A)]),
    # a pet named after its noun, all lower case; an owned pet loved is no taste
    ("i adore my dog max", [(U, "HAS_PET", "Max", A)]),
    ("my dog nugget loves the beach", [(U, "HAS_PET", "Nugget", A), ("Nugget", "LIKES", "beach", A)]),
    ("I love my rabbit Clover.", [(U, "HAS_PET", "Clover", A)]),
    # kids beside a marital state, counted as "I have two kids" is
    ("I'm divorced with three kids.", [(U, "PARENT_OF", "user's three kids", A), (U, "RELATED_TO", "divorced", A)]),
    ("I'm married with 2 children.", [(U, "PARENT_OF", "user's 2 children", A), (U, "RELATED_TO", "married", A)]),
    # a pet whose name is also a tool's
    ("I used to have a hamster named Pip.", [(U, "HAS_PET", "Pip", E)]),
]


@pytest.mark.parametrize("text,expected", READS, ids=[t for t, _ in READS])
def test_reads(extractor, text, expected):
    assert facts(extractor, text) == sorted(expected)


NOTHING = [
    "Do you kind of like bluegrass?",
    "I'd kind of like a new kayak.",
    "It's a kind of music.",
    "I'm not with Lena.",
    "Are you not with Lena anymore?",
    "If I weren't with Lena anymore, I'd move.",
    "I'm not with the bank anymore.",
    "Lena and I aren't together at work anymore.",
    "Tom, my boss is retiring.",
    "The company I work for isn't Norvik.",
    "The company I might work for is Norvik.",
    "Is the company you work for Norvik?",
    "my dog food is expensive",
    "Are you married with kids?",
    "I'm not married with kids.",
]


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact(extractor, text):
    assert facts(extractor, text) == []


def test_a_tool_in_lower_case_is_still_the_tool(extractor):
    assert facts(extractor, "I use pip for everything.") == [(U, "USES", "pip", A)]


@pytest.mark.parametrize("text", ["I'm pregnant with twins.", "Jo is pregnant with my child."])
def test_kids_beside_a_state_other_than_a_household_are_not_had(extractor, text):
    assert not any(p == "PARENT_OF" and s != U for s, p, _, _ in facts(extractor, text))
    assert ("user", "PARENT_OF", "user's twins", A) not in facts(extractor, text)
