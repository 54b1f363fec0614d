"""The when-benchmark's gold-answer parser and its scoring rule (answers written for these tests)."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from bench.when_bench import phrase_kind, right, summary_rows
from bench.when_gold import parse_gold


def d(y: int, m: int, day: int) -> date:
    return date(y, m, day)


@pytest.mark.parametrize(("answer", "first", "last"), [
    ("7 May 2023", d(2023, 5, 7), d(2023, 5, 7)),
    ("May 7, 2023", d(2023, 5, 7), d(2023, 5, 7)),
    ("Octobr 9th, 2021", d(2021, 10, 9), d(2021, 10, 9)),  # a misspelt month is read by its first letters
    ("12March, 2021.", d(2021, 3, 12), d(2021, 3, 12)),    # no space before the month
    ("June 2023", d(2023, 6, 1), d(2023, 6, 30)),
    ("February, 2024", d(2024, 2, 1), d(2024, 2, 29)),
    ("April.2023", d(2023, 4, 1), d(2023, 4, 30)),
    ("2022", d(2022, 1, 1), d(2022, 12, 31)),
    ("in 2021", d(2021, 1, 1), d(2021, 12, 31)),
    ("Since 2016", d(2016, 1, 1), d(2016, 12, 31)),
    ("summer 2022", d(2022, 6, 1), d(2022, 8, 31)),
    ("The winter of 2021", d(2020, 12, 1), d(2021, 2, 28)),
    ("early August 2023", d(2023, 8, 1), d(2023, 8, 10)),
    ("late March, 2020", d(2020, 3, 21), d(2020, 3, 31)),
    ("Around August 2022", d(2022, 8, 1), d(2022, 8, 31)),
])
def test_absolute_answers(answer, first, last):
    assert parse_gold(answer) == (first, last)


@pytest.mark.parametrize(("answer", "first", "last"), [
    ("The week before 9 June 2023", d(2023, 6, 2), d(2023, 6, 8)),        # the 7 days before it
    ("Two weeks before 11 August 2023", d(2023, 7, 28), d(2023, 8, 3)),
    ("The Friday before 15 July 2023", d(2023, 7, 14), d(2023, 7, 14)),    # 15 July 2023 is a Saturday
    ("The sunday before 25 May 2023", d(2023, 5, 21), d(2023, 5, 21)),     # case does not matter
    ("The Monday before 14 August 2023", d(2023, 8, 7), d(2023, 8, 7)),    # a Monday: the one a week before
    ("The weekend before 17 July 2023", d(2023, 7, 15), d(2023, 7, 16)),
    ("The weekend before 16 July 2023", d(2023, 7, 8), d(2023, 7, 9)),     # said on a Sunday: the weekend before
    ("two weekends before 17 July 2023", d(2023, 7, 8), d(2023, 7, 9)),
    ("The weekend after 3 June 2022", d(2022, 6, 4), d(2022, 6, 5)),
    ("The weekend of 22 August 2022", d(2022, 8, 27), d(2022, 8, 28)),    # the Monday-to-Sunday week's weekend
    ("The week of 23 August 2023", d(2023, 8, 21), d(2023, 8, 27)),
    ("first week of June 2023", d(2023, 6, 1), d(2023, 6, 7)),
    ("last week of September 2023", d(2023, 9, 24), d(2023, 9, 30)),
    ("first weekend of August 2023", d(2023, 8, 5), d(2023, 8, 6)),
    ("few days before 10 March 2023", d(2023, 3, 6), d(2023, 3, 8)),
    ("between 3 May 2023 and 9 May 2023", d(2023, 5, 3), d(2023, 5, 9)),
])
def test_answers_relative_to_a_stated_date(answer, first, last):
    assert parse_gold(answer) == (first, last)


def test_a_year_less_date_takes_the_evidence_year():
    assert parse_gold("13 August", year=2023) == (d(2023, 8, 13), d(2023, 8, 13))
    assert parse_gold("13 August") is None


@pytest.mark.parametrize("answer", ["4 years", "three weeks", "10 years ago", "A few years ago", "her mother", "Yes",
                                    "Seattle", "", 42])
def test_durations_names_and_vague_answers_are_skipped(answer):
    assert parse_gold(answer) is None


def test_right_means_overlapping_and_at_most_three_days_wider():
    week = (d(2023, 6, 2), d(2023, 6, 8))
    assert right(week, week)
    assert right((d(2023, 6, 1), d(2023, 6, 10)), week)        # 10 days against 7: three more
    assert not right((d(2023, 6, 1), d(2023, 6, 11)), week)    # four more
    assert right((d(2023, 6, 5), d(2023, 6, 5)), week)          # narrower, inside
    assert not right((d(2023, 6, 9), d(2023, 6, 9)), week)      # next to it, not in it
    assert not right(None, week)


def test_phrase_kind_and_summary():
    said = datetime(2023, 5, 25, tzinfo=timezone.utc)
    assert phrase_kind("I ran a race last Saturday.", said) == "weekday"
    assert phrase_kind("Yesterday was fun.", said) == "day word"
    assert phrase_kind("My store is open!", said) == "none (said day)"
    rows = [{"kind": "weekday", "when": True, "session_day": False, "search_top": False, "evidence_top": True},
            {"kind": "day word", "when": False, "session_day": True, "search_top": False, "evidence_top": False}]
    table = summary_rows("embedded", rows)
    assert table[0]["Memory.when top-1 %"] == 50.0 and table[0]["n"] == 2
    assert {r["questions"] for r in table[1:]} == {"evidence says: weekday", "evidence says: day word"}
