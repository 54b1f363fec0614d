"""Times said relative to another time the conversation named, not to when they are said ("My cousin married on
4 August 2022. I moved to Leeds the weekend before.", "We got Biscuit in May 2020. A month later we moved to
Graz."): read at the time of the last dated fact of the turn or the few turns before; with none, the phrase gives
no date and the fact holds as of when it was said (its start unknown), rather than at the last weekend, or a month
from now, as the same words said of the present were read. The grammar is data (``anaphoric_times.json``).

The turns are said on 2024-03-12 (``TURN_AT``); rows are ``(subject, predicate, object, kind, at, precision, observed)``.
"""

from __future__ import annotations

import pytest

from chronomem.extract.clauses.timing import anaphoric
from tests.unit.extract.extract_helpers import NOW, U, last_turn_rows


def rows(extractor, *texts: str) -> set[tuple]:
    return set(last_turn_rows(extractor, *texts))


@pytest.mark.parametrize(("texts", "wanted"), [
    (("My cousin married on 4 August 2022. I moved to Leeds the weekend before.",),
     (U, "LIVES_IN", "Leeds", "assert", "2022-07-30", "day", False)),
    (("My cousin married on 4 August 2022.", "I moved to Leeds the weekend before."),
     (U, "LIVES_IN", "Leeds", "assert", "2022-07-30", "day", False)),
    (("We adopted a beagle in May 2020. A month later we moved to Graz.",),
     (U, "LIVES_IN", "Graz", "assert", "2020-06-01", "month", False)),
    (("I joined Vela Labs in 2016. Three years later I moved to Porto.",),
     (U, "LIVES_IN", "Porto", "assert", "2019-01-01", "year", False)),
    (("I moved to Kyoto in April 2019. I started at Nidec the following month.",),
     (U, "WORKS_AT", "Nidec", "assert", "2019-05-01", "month", False)),
])
def test_a_time_said_of_another_is_read_at_it(extractor, texts, wanted):
    assert wanted in rows(extractor, *texts)


@pytest.mark.parametrize("text", [
    "I moved to Leeds the weekend before.", "I moved to Leeds the summer after.", "I moved to Leeds that summer.",
    "A month later I moved to Leeds.",
])
def test_with_no_time_said_before_it_gives_no_date(extractor, text):
    homes = {r for r in rows(extractor, text) if r[1] == "LIVES_IN"}
    assert homes == {(U, "LIVES_IN", "Leeds", "assert", *NOW)}


@pytest.mark.parametrize(("phrase", "read"), [
    ("the weekend before", "last weekend"), ("the summer after", "next summer"), ("the day before", "yesterday"),
    ("the next day", "tomorrow"), ("the following month", "next month"), ("that same week", "this week"),
    ("two years later", "in two years"), ("Three days earlier", "three days ago"), ("that winter", "this winter"),
    ("two weekends later", "two weekends later"),
    ("last week", None), ("two years ago", None), ("the weekend before last", None), ("next summer", None),
])
def test_anaphoric(phrase, read):
    assert anaphoric(phrase) == read
