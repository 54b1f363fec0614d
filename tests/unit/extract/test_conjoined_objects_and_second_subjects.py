"""Readings of sentences that join things (sentences written for these tests): a move in with someone in a place is a
new home in that place, for the mover only.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at 2024-03-12T09:00Z.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows

MOVED_IN_WITH = [
    ("I moved back in with my parents in Fresno.", c(U, "LIVES_IN", "Fresno", A, NOW)),
    ("Last month I moved in with my grandma in Spokane.", c(U, "LIVES_IN", "Spokane", A, ("2024-02-01", "month", False))),
]


@pytest.mark.parametrize("text,expected", MOVED_IN_WITH, ids=[t for t, _ in MOVED_IN_WITH])
def test_moved_in_with_someone_in_a_place(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert expected in found, found


@pytest.mark.parametrize("text", ["I moved back in with my parents in Fresno.", "I moved in with my parents in 2019."])
def test_moved_in_with_someone_says_nothing_of_their_home(extractor, text):
    found = last_turn_rows(extractor, text)
    assert not any(r[1] == "LIVES_IN" and r[0] != U for r in found), found
    assert not any(r[1] == "LIVES_IN" and r[2] == "2019" for r in found), found
