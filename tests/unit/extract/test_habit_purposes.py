"""A "to" infinitive after a habit verb that takes no object says what the habit is for, not what is done."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _done(rows):
    return [(r[2], r[1]) for r in rows]


def test_a_habit_with_its_purpose_is_still_the_habit(extractor):
    assert _done(last_turn_rows(extractor, "I've been cycling more to unwind.")) == [("cycling", "RELATED_TO")]
    assert _done(last_turn_rows(extractor, "I swim to stay fit.")) == [("swimming", "RELATED_TO")]


def test_verbs_that_take_an_infinitive_are_no_habit(extractor):
    assert _done(last_turn_rows(extractor, "I've been trying to relax.")) == []
    assert _done(last_turn_rows(extractor, "I've been meaning to call you.")) == []
