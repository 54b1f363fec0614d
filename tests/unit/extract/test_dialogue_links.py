"""Who people in a conversation are to each other: bosses said with "work for", and more.

The dialogues are our own wording (never DialogRE's lines).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session_of(*turns)))}


def pair(*texts: str) -> list[tuple[str, str]]:
    """A chat of two: Ines opens, then Bruno says ``texts``."""
    return [("Ines", "Good to see you."), *(("Bruno", t) for t in texts)]


BOSSES = [
    # a person after "work for" is a boss, not an employer
    (pair("I work for Nate Olsen these days."), {("Bruno", "REPORTS_TO", "Nate Olsen")},
     {("Bruno", "WORKS_AT", "Nate Olsen")}),
    (pair("I have worked for Mr. Olsen since spring."), {("Bruno", "REPORTS_TO", "Mr. Olsen")},
     {("Bruno", "WORKS_AT", "Mr. Olsen")}),
    (pair("Well, I work for you."), {("Bruno", "REPORTS_TO", "Ines")}, {("Bruno", "WORKS_AT", "Ines")}),
    # a company stays an employer
    (pair("I work for Google now."), {("Bruno", "WORKS_AT", "Google")}, {("Bruno", "REPORTS_TO", "Google")}),
]


@pytest.mark.parametrize("turns,expected,absent", BOSSES, ids=[c[0][-1][1] for c in BOSSES])
def test_work_for_a_person(extractor, turns, expected, absent):
    got = triples(extractor, turns)
    assert expected <= got
    assert not absent & got
