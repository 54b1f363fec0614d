"""Every phrase form the time grammar covers, resolved into intervals of days with a granularity.

Each case gives the reference time (when the phrase was said), the tense of its clause, and the
expected first and last day (inclusive) and granularity. The sentences are our own.
"""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.timeexpr import GRANULARITIES, TimeSpan, resolve

UTC = timezone.utc
MON = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday
THU = datetime(2023, 5, 25, 13, 14, tzinfo=UTC)  # a Thursday
SAT = datetime(2023, 7, 15, 13, 51, tzinfo=UTC)  # a Saturday


def _days(span: TimeSpan | None) -> tuple[str | None, str | None, str]:
    assert span is not None
    return (None if span.start is None else span.start.isoformat(),
            None if span.last is None else span.last.isoformat(), span.granularity)


# (phrase, said at, tense, first day, last day, granularity)
ABSOLUTE = [
    ("on 3 May", THU, "past", "2023-05-03", "2023-05-03", "day"),
    ("May 3rd, 2023", SAT, "past", "2023-05-03", "2023-05-03", "day"),
    ("in June", SAT, "past", "2023-06-01", "2023-06-30", "month"),
    ("in June", THU, "future", "2023-06-01", "2023-06-30", "month"),
    ("in June", THU, "past", "2022-06-01", "2022-06-30", "month"),
    ("in 2019", THU, "past", "2019-01-01", "2019-12-31", "year"),
    ("summer 2022", THU, "past", "2022-06-01", "2022-08-31", "season"),
    ("the summer of 2021", THU, "past", "2021-06-01", "2021-08-31", "season"),
    ("the 90s", THU, "past", "1990-01-01", "1999-12-31", "decade"),
]
RELATIVE = [
    ("yesterday", MON, "past", "2023-05-07", "2023-05-07", "day"),
    ("last Friday", SAT, "past", "2023-07-14", "2023-07-14", "day"),
    ("last Fri", SAT, "past", "2023-07-14", "2023-07-14", "day"),
    ("the weekend before", MON, "past", "2023-05-06", "2023-05-07", "weekend"),
    ("over the weekend", MON, "past", "2023-05-06", "2023-05-07", "weekend"),
    ("last weekend", SAT, "past", "2023-07-08", "2023-07-09", "weekend"),
    ("two weekends ago", MON, "past", "2023-04-29", "2023-04-30", "weekend"),
    ("two weekends later", THU, "future", "2023-06-03", "2023-06-04", "weekend"),
    ("this weekend", THU, "future", "2023-05-27", "2023-05-28", "weekend"),
    ("the week before last", THU, "past", "2023-05-11", "2023-05-17", "week"),
    ("last week", THU, "past", "2023-05-18", "2023-05-24", "week"),
    ("this week", THU, "past", "2023-05-22", "2023-05-28", "week"),
    ("earlier this month", THU, "past", "2023-05-01", "2023-05-24", "month"),
    ("last summer", THU, "past", "2022-06-01", "2022-08-31", "season"),
    ("last summer", datetime(2023, 12, 26, tzinfo=UTC), "past", "2023-06-01", "2023-08-31", "season"),
    ("a few days ago", THU, "past", "2023-05-22", "2023-05-22", "day"),
    ("two days ago", THU, "past", "2023-05-23", "2023-05-23", "day"),
    ("next month", THU, "future", "2023-06-01", "2023-06-30", "month"),
    ("last month", THU, "past", "2023-04-01", "2023-04-30", "month"),
    ("in a couple of weeks", THU, "future", "2023-06-08", "2023-06-14", "week"),
    ("two weeks ago", THU, "past", "2023-05-11", "2023-05-17", "week"),
    ("last year", THU, "past", "2022-01-01", "2022-12-31", "year"),
    ("three years ago", THU, "past", "2020-01-01", "2020-12-31", "year"),
    ("the first week of June", SAT, "past", "2023-06-01", "2023-06-07", "week"),
    ("the last week of September 2023", SAT, "past", "2023-09-24", "2023-09-30", "week"),
    ("on the 15th", datetime(2023, 8, 17, tzinfo=UTC), "past", "2023-08-15", "2023-08-15", "day"),
]
RANGES = [
    ("since 2016", THU, "present", "2016-01-01", None, "year"),
    ("until June", THU, "future", None, "2023-06-30", "month"),
    ("for three years", THU, "present", "2020-05-25", "2023-05-25", "year"),
    ("for about four months now", datetime(2023, 12, 6, tzinfo=UTC), "present", "2023-08-06", "2023-12-06", "month"),
    ("seven years now", THU, "present", "2016-05-25", "2023-05-25", "year"),
    ("four months ago", THU, "past", "2023-01-01", "2023-01-31", "month"),
    ("between March and May", THU, "past", "2023-03-01", "2023-05-31", "month"),
    ("from 2011 to 2014", THU, "past", "2011-01-01", "2014-12-31", "year"),
    ("before June", THU, "future", None, "2023-05-31", "month"),
]


@pytest.mark.parametrize(("phrase", "said", "tense", "first", "last", "granularity"), ABSOLUTE + RELATIVE + RANGES,
                         ids=[f"{p} ({t}, {s.date()})" for p, s, t, *_ in ABSOLUTE + RELATIVE + RANGES])
def test_phrase_forms(phrase, said, tense, first, last, granularity):
    assert _days(resolve(phrase, said, tense=tense)) == (first, last, granularity)


@pytest.mark.parametrize(("phrase", "role"), [("since 2016", "since"), ("until June", "until"),
                                              ("for three years", "for"), ("between March and May", "range"),
                                              ("in June", "point"), ("when I was 18", "age")])
def test_roles(phrase, role):
    span = resolve(phrase, THU, tense="present", born=1990)
    assert span is not None and span.role == role


@pytest.mark.parametrize(("phrase", "first_past", "first_future"), [
    ("on Friday", "2023-05-19", "2023-05-26"),  # said on a Thursday: the Friday before, or the next one
    ("in June", "2022-06-01", "2023-06-01"),
    ("summer", "2022-06-01", "2023-06-01"),
    ("on Christmas", "2022-12-25", "2023-12-25"),
])
def test_tense_decides_which_occurrence(phrase, first_past, first_future):
    assert _days(resolve(phrase, THU, tense="past"))[0] == first_past
    assert _days(resolve(phrase, THU, tense="future"))[0] == first_future


def test_present_tense_takes_the_nearest_occurrence():
    assert _days(resolve("on Friday", THU, tense="present"))[0] == "2023-05-26"  # tomorrow, not six days ago


def test_ages_need_a_birth_date_or_year():
    assert resolve("when I was 18", THU) is None
    assert _days(resolve("when I was 18", THU, born=1995)) == ("2013-01-01", "2014-12-31", "year")
    assert _days(resolve("when she was eighteen", THU, born=date(1995, 4, 2))) == ("2013-04-02", "2014-04-01", "year")
    assert _days(resolve("in my twenties", THU, born=1980)) == ("2000-01-01", "2010-12-31", "decade")


def test_a_duration_ahead_names_no_time():
    assert resolve("for two weeks", THU, tense="future") is None  # how long, not when


@pytest.mark.parametrize("phrase", ["every day", "someday", "that summer", "back in college", "", "banana"])
def test_no_time_meaning(phrase):
    assert resolve(phrase, THU) is None


def test_reference_must_be_aware_and_tense_known():
    with pytest.raises(ValueError):
        resolve("yesterday", datetime(2023, 5, 8))
    with pytest.raises(ValueError):
        resolve("yesterday", THU, tense="sideways")  # type: ignore[arg-type]


def test_json_round_trip_keeps_the_span():
    span = resolve("since 2016", THU)
    assert span is not None and TimeSpan.from_json(span.to_json()) == span


@settings(max_examples=300, deadline=None)
@given(phrase=st.lists(st.sampled_from("in on the last next this since until for between and ago two three weeks "
                                       "weekend weekends month June Friday 2019 summer years now a few days before "
                                       "after when I was 18 my twenties".split()), max_size=6).map(" ".join),
       said=st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2080, 1, 1), timezones=st.just(UTC)),
       tense=st.sampled_from(["past", "present", "future"]))
def test_never_raises_and_spans_are_well_formed(phrase, said, tense):
    span = resolve(phrase, said, tense=tense, born=1980)
    if span is not None:
        assert span.granularity in GRANULARITIES
        assert span.start is not None or span.end is not None
        assert span.start is None or span.end is None or span.end > span.start
