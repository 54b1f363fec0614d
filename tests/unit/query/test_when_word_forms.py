"""A when-question's verb matches the turn's past form of it: "apply" and "applied", "marry" and "married"
(sentences written for this test)."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import WriteBatch
from chronomem.query.when import when
from chronomem.query.when_question import norm_word, same_word
from chronomem.schema import Session

UTC = timezone.utc


@pytest.mark.parametrize("asked, said", [("apply", "applied"), ("marry", "married"), ("study", "studied"),
                                         ("try", "tried"), ("carry", "carried")])
def test_a_y_verb_and_its_ied_past_are_one_word(asked, said):
    assert same_word(norm_word(asked), norm_word(said))


def test_the_turn_with_the_asked_verb_dates_the_answer():
    store = SqliteGraphStore(":memory:")
    first = datetime(2024, 5, 16, 12, tzinfo=UTC)  # a Thursday
    later = datetime(2024, 6, 3, 12, tzinfo=UTC)
    for sid, at, text in (("s1", first, "This week I finally applied to two adoption agencies!"),
                          ("s2", later, "I passed the interviews at both adoption agencies last Friday!")):
        session = Session(session_id=sid, started_at=at, turns=[{"speaker": "Kai", "text": text}])
        store.write(WriteBatch("default", session=session), recorded_at=at)
    best = when(store, "default", "When did Kai apply to adoption agencies?", index=None, now=later).answers[0]
    assert best.evidence is not None and best.evidence.turn_id == "s1:1", best
    assert (best.start, best.end) == (date(2024, 5, 13), date(2024, 5, 19))
