"""``Memory.when`` on every backend: dated answers with their evidence, from sentences written for
these tests (two sessions, a Thursday in May and a Tuesday in June 2023)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from chronomem import FixedClock, Memory

UTC = timezone.utc
MAY = datetime(2023, 5, 25, 13, tzinfo=UTC)   # a Thursday
JUNE = datetime(2023, 6, 27, 10, tzinfo=UTC)  # a Tuesday
SESSIONS = [
    {"session_id": "s1", "started_at": MAY.isoformat(), "turns": [
        {"speaker": "Priya", "text": "I went to a salsa workshop yesterday, it was so much fun!"},
        {"speaker": "Tom", "text": "Nice! I ran a charity race for the animal shelter last Saturday."},
        {"speaker": "Priya", "text": "We're planning to go camping in June."},
        {"speaker": "Tom", "text": "I've had my two turtles for three years now."},
        {"speaker": "Priya", "text": "Guess what, my bakery is finally open!"}]},
    {"session_id": "s2", "started_at": JUNE.isoformat(), "turns": [
        {"speaker": "Tom", "text": "How was the trip?"},
        {"speaker": "Priya", "text": "We went camping by the lake last week, the kids loved it."}]},
]


@pytest.fixture
def mem(store, rule_extractor):
    m = Memory(store, group=store.test_group, clock=FixedClock(JUNE + timedelta(days=1)), extractor=rule_extractor,
               embedder=None)
    m.ingest(SESSIONS)
    return m


def test_a_happening_is_dated_by_the_phrase_that_speaks_of_it(mem):
    best = mem.when("When did Priya go to the salsa workshop?").answers[0]
    assert (best.start, best.end, best.granularity, best.phrase) == (date(2023, 5, 24), date(2023, 5, 24), "day",
                                                                    "yesterday")
    assert best.evidence is not None and best.evidence.turn_id == "s1:1" and best.evidence.at == MAY
    assert best.fact is not None and best.fact.predicate == "ATTENDED"
    assert best.text() == "2023-05-24 (yesterday, said 2023-05-25)"


def test_a_weekday_in_the_past(mem):
    best = mem.when("When did Tom run the charity race?").answers[0]
    assert (best.start, best.end, best.phrase) == (date(2023, 5, 20), date(2023, 5, 20), "last Saturday")


def test_a_plan_answers_a_question_about_the_future(mem):
    best = mem.when("When is Priya planning to go camping?", as_of=MAY + timedelta(days=1)).answers[0]
    assert (best.start, best.end, best.granularity) == (date(2023, 6, 1), date(2023, 6, 30), "month")
    assert best.fact is None or best.fact.status in ("planned", "ended")


def test_the_report_that_confirms_a_plan_dates_it(mem):
    best = mem.when("When did Priya go camping?").answers[0]
    assert (best.start, best.end) == (date(2023, 6, 20), date(2023, 6, 26))  # "last week", said on 27 June
    assert best.evidence is not None and best.evidence.turn_id == "s2:2"


def test_without_a_phrase_a_turn_is_dated_by_when_it_was_said(mem):
    best = mem.when("When did Priya open her bakery?").answers[0]
    assert (best.start, best.end, best.basis, best.phrase) == (date(2023, 5, 25), date(2023, 5, 25), "said", None)


def test_how_long_is_answered_from_where_an_interval_starts(mem):
    best = mem.when("How long has Tom had his turtles?").answers[0]
    assert best.since == date(2020, 5, 25) and best.granularity == "year"
    assert (best.start, best.end) == (date(2020, 1, 1), date(2020, 12, 31))
    assert best.duration == "3 years as of 2023-05-25"


def test_nothing_said_before_as_of_is_used(mem):
    found = mem.when("When did Priya go camping?", as_of=MAY - timedelta(days=1))
    assert found.answers == [] and found.reason


def test_an_unanswerable_question_says_why(mem):
    found = mem.when("When did the volcano erupt?")
    assert not found and found.reason
    assert len(mem.when("When did Tom run the charity race?", k=1)) == 1
