"""A word the tagger took for an adverbial adjective after a verb of taste is what the taste is about."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _tastes(rows):
    return [(r[1], r[2]) for r in rows if r[1] in ("LIKES", "DISLIKES", "PREFERS")]


def test_a_food_read_as_an_adverb_is_disliked(extractor):
    assert _tastes(last_turn_rows(extractor, "I hate cilantro.")) == [("DISLIKES", "cilantro")]
    assert _tastes(last_turn_rows(extractor, "I can't stand cilantro.")) == [("DISLIKES", "cilantro")]


def test_an_object_or_a_modified_noun_is_left_as_it_is(extractor):
    assert _tastes(last_turn_rows(extractor, "I love it here.")) == []
    assert _tastes(last_turn_rows(extractor, "I hate cilantro and dill.")) == [("DISLIKES", "cilantro"), ("DISLIKES", "dill")]
