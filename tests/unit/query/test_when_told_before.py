"""A turn that speaks of an event as already known ("Since I lost my job, …") does not date it by the day it was
said; the turn that told the news does (sentences written for this test)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem.graph.base import TurnRecord
from chronomem.query.when_pick import rank_turns, told_before
from chronomem.query.when_question import read_question

UTC = timezone.utc


@pytest.mark.parametrize("text, word, expected", [
    ("Since I lost my job at Finch, money has been tight.", "job", True),
    ("After losing my job at Finch I took a month off.", "job", True),
    ("Ever since we moved to Leeds, the kids have loved school.", "Leeds", True),
    ("I lost my job at Finch this month.", "job", False),
    ("Money is tight since last May, when I lost my job.", "job", False),  # the since is a time, the job said after a comma
    ("We've been in Leeds since 2019.", "Leeds", False),
])
def test_told_before(text, word, expected):
    assert told_before(text, [text.index(word)]) is expected


def test_the_turn_that_told_the_news_outranks_one_that_speaks_of_it_as_known():
    news = TurnRecord("s1:1", "s1", "default", "Ana", "Oh no. I also lost my job at Finch Logistics this month.",
                      datetime(2024, 1, 19, 12, tzinfo=UTC), 1)
    known = TurnRecord("s2:1", "s2", "default", "Ana", "Since I lost my job at Finch Logistics, it's tough.",
                       datetime(2024, 3, 15, 12, tzinfo=UTC), 1)
    q = read_question("When did Ana lose her job at Finch Logistics?")
    ranked = rank_turns(q, [known, news], relevance={"s2:1": 1.0, "s1:1": 0.7})  # search liked the later turn better
    assert [c.turn.id for c in ranked] == ["s1:1", "s2:1"], [(c.turn.id, c.score) for c in ranked]
