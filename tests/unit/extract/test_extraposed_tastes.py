"""An "it" that stands for an activity said after the judgement ("it's so relaxing going for walks") is read as
that activity said first ("going for walks is so relaxing")."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _liked(rows):
    return [r[2] for r in rows if r[1] == "LIKES"]


def test_an_activity_after_a_restful_judgement_is_liked(extractor):
    assert _liked(last_turn_rows(extractor, "It's so relaxing going for long walks.")) == ["going for long walks"]
    assert _liked(last_turn_rows(extractor, "It's therapeutic, baking bread.")) == ["baking bread"]


def test_the_same_limits_as_the_activity_said_first(extractor):
    assert _liked(last_turn_rows(extractor, "It was so relaxing going for walks.")) == []  # one time, past
    assert _liked(last_turn_rows(extractor, "It's not relaxing going to the dentist.")) == []
    assert _liked(last_turn_rows(extractor, "It's great catching up with old friends.")) == []  # a bare cheer
    assert _liked(last_turn_rows(extractor, "It's so relaxing, honestly.")) == []
