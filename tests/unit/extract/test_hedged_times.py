"""A hedge said just before the date of something that happened doubts when it happened, not whether: "I moved to
Oslo maybe two years ago" is a move, about two years ago. Before a time to come, or before the verb, the hedge
doubts the fact itself and nothing is written. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows

DATED = [
    ("I moved to Oslo maybe two years ago.", ("LIVES_IN", "Oslo", "2022-03-12", "year")),
    ("I moved to Oslo probably last year.", ("LIVES_IN", "Oslo", "2023-01-01", "year")),
    ("I started at Ovid Labs probably 3 months ago.", ("WORKS_AT", "Ovid Labs", "2023-12-12", "month")),
    ("We moved to Oslo almost a year ago.", ("LIVES_IN", "Oslo", "2023-03-12", "year")),
    ("I moved to Salt Lake City maybe in 2019.", ("LIVES_IN", "Salt Lake City", "2019-01-01", "year")),
]


@pytest.mark.parametrize(("sentence", "fact"), DATED)
def test_a_hedge_on_the_date_of_a_past_event_keeps_the_fact(extractor, sentence, fact):
    predicate, thing, start, precision = fact
    got = {r[:6] for r in last_turn_rows(extractor, sentence) if r[1] == predicate}
    assert got == {(U, predicate, thing, "assert", start, precision)}


DOUBTED = [
    "Maybe next year I'll move to Oslo.",  # a plan in doubt
    "I'll maybe move to Oslo next year.",
    "I'll move to Oslo maybe in 2025.",
    "I maybe moved to Oslo last year.",  # the hedge is on the verb: whether
    "I moved to Oslo last year, maybe.",
    "I almost moved to Oslo last year.",
    "I probably worked at Ovid Labs in 2019.",
]


@pytest.mark.parametrize("sentence", DOUBTED)
def test_a_hedge_on_the_fact_still_writes_nothing(extractor, sentence):
    assert [r for r in last_turn_rows(extractor, sentence) if r[1] in ("LIVES_IN", "WORKS_AT")] == []
