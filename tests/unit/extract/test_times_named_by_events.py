"""A stretch of time named by an event it comes before or after, or in which something happened ("the summer after I
graduated", "the week before my wedding", "the year my daughter was born", "the winter we met"): the words give no
date, so the fact holds as of when it was said, its start unknown (observed), rather than at the last summer, this
week or this year, as "the summer", "the week" or "the year" alone were read. A phrase that dates itself keeps its
date: "the day after tomorrow", "the week after next", "the weekend before last", "the summer of 2019", "last summer".

The turn is said on 2024-03-12 (``TURN_AT``); rows are ``(subject, predicate, object, kind, at, precision, observed)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, U, last_turn_rows


def rows(extractor, text: str) -> set[tuple]:
    return set(last_turn_rows(extractor, text))


@pytest.mark.parametrize("when", [
    "the summer after I graduated", "the year after I finished school", "the week before my wedding",
    "the spring before college", "the year my daughter was born", "the winter we met",
])
def test_a_time_named_by_an_event_gives_no_date(extractor, when):
    homes = {r for r in rows(extractor, f"I moved to Tucson {when}.") if r[1] == "LIVES_IN"}
    assert homes == {(U, "LIVES_IN", "Tucson", "assert", *NOW)}


@pytest.mark.parametrize(("when", "at", "precision"), [
    ("the weekend before last", "2024-03-02", "day"),
    ("the summer of 2019", "2019-06-01", "season"),
    ("in the fall of 2020", "2020-09-01", "season"),  # NER cuts it at "of": "the fall of" + "2020"
    ("mid-2020", "2020-06-01", "month"),  # "mid" with no preposition before it was read as a noun of the clause
    ("last summer", "2023-06-01", "season"),
    ("last summer before my job started", "2023-06-01", "season"),
])
def test_a_time_that_dates_itself_keeps_its_date(extractor, when, at, precision):
    assert (U, "LIVES_IN", "Tucson", "assert", at, precision, False) in rows(extractor, f"I moved to Tucson {when}.")
