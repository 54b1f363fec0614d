"""A count said loosely ("a month or so ago", "a week or two ago") is read as the count it reaches."""

from datetime import datetime, timezone

import pytest

from chronomem.timeexpr.finder import find_times

SAID = datetime(2024, 3, 12, 15, tzinfo=timezone.utc)  # a Tuesday


def _spans(text: str) -> list[str]:
    return [str(m.span) for m in find_times(text, SAID)]


@pytest.mark.parametrize(("text", "span"), [
    ("I quit a month or so ago.", "2024-02-01 → 2024-02-29 month (a month or so ago)"),
    ("We met a week or two ago.", "2024-02-27 → 2024-03-04 week (a week or two ago)"),
    ("I moved here a year or so back.", "2023-01-01 → 2023-12-31 year (a year or so back)"),
    ("It was ten or so years ago.", "2014-01-01 → 2014-12-31 year (ten or so years ago)"),
    ("It was 2 or 3 days ago.", "2024-03-09 day (2 or 3 days ago)"),
])
def test_a_loose_count_is_the_count_it_reaches(text: str, span: str) -> None:
    assert _spans(text) == [span]


def test_an_or_between_other_words_ends_the_phrase() -> None:
    assert _spans("Was it May or June?") == []
    assert _spans("I left in May or so.") == ["2023-05-01 → 2023-05-31 month (in May)"]
    assert _spans("I paid ten or so dollars yesterday.") == ["2024-03-11 day (yesterday)"]
