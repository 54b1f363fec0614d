"""People in multi-party dialogue: who "I"/"you"/"he" are and what is said about them.

The dialogues are our own (never DialogRE's lines). ``group(...)`` is a chat of three: Nina and
Omar speak before the last turn, which Pia says; without a vocative her "you" is Omar.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def group(*texts: str) -> list[tuple[str, str]]:
    return [("Nina", "Morning, all."), ("Omar", "Hey."), *(("Pia", t) for t in texts)]


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    session = session_of(*turns)
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session))}


CASES = [
    # typographic apostrophes read like plain ones
    (group("You’re my best friend."), {("Pia", "FRIEND_OF", "Omar")}),
    (group("I’m in love with you."), {("Pia", "LIKES", "Omar")}),
]


@pytest.mark.parametrize("turns,expected", CASES, ids=[c[0][-1][1] for c in CASES])
def test_dialogue_people(extractor, turns, expected):
    assert expected <= triples(extractor, turns)
