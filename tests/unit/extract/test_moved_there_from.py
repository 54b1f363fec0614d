"""A move "there" from somewhere (sentences written for these tests): "there" is the place said before, where
the mover lives from then, and the place they came "from" ends then, in one sentence or an answer's next one. A
move with no "from", or "to" a place named, reads as before.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, c, last_turn_rows, rows, session_of, year

MOVED_THERE_FROM = [
    ("Tucson is lovely. We moved there in 2017 from Fargo.", [c(U, "LIVES_IN", "Tucson", A, year(2017)),
                                                              c(U, "LIVES_IN", "Fargo", E, year(2017))]),
    ("I really like Halifax. I moved there from Regina in 2020.", [c(U, "LIVES_IN", "Halifax", A, year(2020)),
                                                                   c(U, "LIVES_IN", "Regina", E, year(2020))]),
]


@pytest.mark.parametrize("text,expected", MOVED_THERE_FROM, ids=[t for t, _ in MOVED_THERE_FROM])
def test_moved_there_from_a_place(extractor, text, expected):
    found = last_turn_rows(extractor, text)
    assert all(row in found for row in expected), found


def test_moved_there_from_a_place_in_an_answer(extractor):
    found = rows(extractor.extract(session_of(("Ann", "Where are you based?"),
                                              ("Cy", "Tucson. We moved there in 2017 from Fargo."))))
    assert c("Cy", "LIVES_IN", "Fargo", E, year(2017)) in found, found


@pytest.mark.parametrize("text,unwanted", [
    ("Tucson is lovely. We moved there in 2017.", "Fargo"),  # no "from": nothing ends
    ("Tucson is lovely. We drove there from Fargo in 2017.", "Tucson"),  # a trip, no move
])
def test_no_move_from_gives_no_ending(extractor, text, unwanted):
    assert not any(r[2] == unwanted and r[1] == "LIVES_IN" and r[3] == E for r in last_turn_rows(extractor, text))
