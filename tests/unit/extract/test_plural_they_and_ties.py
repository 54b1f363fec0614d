"""Kinds of sentence read by extending the mechanism beside them: "they" for relatives said in the
plural, an employer said by the copula, a company's name with a team word in it, a team played for, a
couple no longer together (no assertion beside its ending), a denied degree of a taste, a known person's
past role said with "he"/"she", a role held for someone said with "work as", and a count of pets had
with no name.

Rows are projected to ``(subject, predicate, object, kind)``; the turns are the last of a session by 'user'.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, *turns: str) -> set[tuple[str, str, str, str]]:
    return {r[:4] for r in last_turn_rows(extractor, *turns)}


SAID = [
    # "they": the relatives said in the plural before
    (("My parents live in Dundee.", "They moved there in 2019."), ("user's parents", "LIVES_IN", "Dundee", "assert")),
    (("My grandparents?", "They run a bakery in Ohio."), ("user's grandparents", "RELATED_TO", "bakery", "assert")),
    (("My kids are great. They play for the Kestrels.",), ("user's kids", "MEMBER_OF", "Kestrels", "assert")),
    # an employer said by the copula
    (("My employer is Quillon.",), (U, "WORKS_AT", "Quillon", "assert")),
    (("My employer is a small firm called Tessory.",), (U, "WORKS_AT", "Tessory", "assert")),
    (("My old employer was Quillon.",), (U, "WORKS_AT", "Quillon", "end")),
    # a company's name with a generic head word keeps its casing and is an employer
    (("I joined the Dorrance Group in 2021.",), (U, "WORKS_AT", "Dorrance Group", "assert")),
    # a team played for
    (("I play for the Kestrels.",), (U, "MEMBER_OF", "Kestrels", "assert")),
    (("My son plays for a youth team called the Badgers.",), ("user's son", "MEMBER_OF", "Badgers", "assert")),
    # a known person's past role
    (("My cousin Marta lives in Porto.", "She was a bus driver."), ("Marta", "HAS_ROLE", "bus driver", "end")),
    (("My brother? He was a plumber.",), ("user's brother", "HAS_ROLE", "plumber", "end")),
    # a role held for someone, said with "work as"
    (("I work as Priya's assistant.",), (U, "REPORTS_TO", "Priya", "assert")),
    (("I worked as Priya's intern.",), (U, "REPORTS_TO", "Priya", "end")),
]


@pytest.mark.parametrize(("turns", "fact"), SAID, ids=[" ".join(t) for t, _ in SAID])
def test_the_kind_of_sentence_reads(extractor, turns, fact):
    assert fact in facts(extractor, *turns)


NOT_SAID = [
    # "they" of people unknown, or of one person
    (("Some people knocked on the door.", "They moved to Dundee in 2019."), "LIVES_IN"),
    (("My parents live in Dundee.", "A few strangers came by.", "They moved to Perth in 2019."), "LIVES_IN"),
    (("My sister lives in Dundee.", "They moved to Perth in 2019."), "LIVES_IN"),
    (("I met Tomas and Ana.", "They moved to Perth."), "LIVES_IN"),
    # the copula of an employer with no name, or not said to be so
    (("My employer is great.",), "WORKS_AT"),
    (("My employer isn't Quillon.",), "WORKS_AT"),
    (("Is my employer Quillon?",), "WORKS_AT"),
    # a team of no name, a game for fun, a denial
    (("I play for a local team.",), "MEMBER_OF"),
    (("I don't play for the Kestrels.",), "MEMBER_OF"),
    # a degree denied is no dislike
    (("I don't like opera a lot.",), "DISLIKES"),
    (("I don't enjoy opera that much.",), "DISLIKES"),
    (("I don't love opera very much.",), "DISLIKES"),
    # "he" of no one known, or in a story
    (("I met a man at the station.", "He was a bus driver."), "HAS_ROLE"),
    (("My cousin Marta lives in Porto.", "She was this nurse we had."), "HAS_ROLE"),
    # a count of pets with no name
    (("I had two rabbits.",), "HAS_PET"),
    (("We had three hamsters growing up.",), "HAS_PET"),
    # a role held for someone, denied or asked
    (("I don't work as Priya's assistant.",), "REPORTS_TO"),
    (("Do you work as Priya's assistant?",), "REPORTS_TO"),
]


@pytest.mark.parametrize(("turns", "predicate"), NOT_SAID, ids=[" ".join(t) for t, _ in NOT_SAID])
def test_no_such_fact(extractor, turns, predicate):
    assert [f for f in facts(extractor, *turns) if f[1] == predicate] == []


KEPT = [
    (("I joined the Whitcombe Foundation.",), (U, "WORKS_AT", "Whitcombe Foundation", "assert")),
    (("My wife and I aren't together anymore.",), (U, "MARRIED_TO", "user's wife", "end")),
    (("My fiance and I are not together anymore.",), (U, "ENGAGED_TO", "user's fiance", "end")),
    (("I had a rabbit named Clover.",), (U, "HAS_PET", "Clover", "end")),  # a pet had, named
    (("I don't like opera.",), (U, "DISLIKES", "opera", "assert")),  # a plain negation still dislikes
    (("Ana plays for Leeds United.",), ("Ana", "WORKS_AT", "Leeds United", "assert")),  # a club: an employer
    (("I joined the platform group.",), (U, "MEMBER_OF", "platform group", "assert")),  # a team at work
]


@pytest.mark.parametrize(("turns", "fact"), KEPT, ids=[" ".join(t) for t, _ in KEPT])
def test_the_neighbouring_case_still_reads(extractor, turns, fact):
    assert fact in facts(extractor, *turns)


def test_no_stray_placeholder_for_a_couple_no_longer_together(extractor):
    """The couple's ending is the spouse's only fact: no assertion of "my wife" beside it."""
    assert (U, "MARRIED_TO", "user's wife", "assert") not in facts(extractor, "My wife and I aren't together anymore.")
