"""A liked activity with several objects is liked with each of them: "baking bread and cookies"."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _liked(rows):
    return [r[2] for r in rows if r[1] == "LIKES"]


def test_each_object_of_a_liked_activity_keeps_the_verb(extractor):
    assert _liked(last_turn_rows(extractor, "I love baking bread and cookies.")) == ["baking bread", "baking cookies"]
    assert _liked(last_turn_rows(extractor, "I'm passionate about improving public transit and housing.")) == [
        "improving public transit", "improving housing"]
    assert _liked(last_turn_rows(extractor, "I'm really into restoring old cars and radios.")) == [
        "restoring old cars", "restoring radios"]


def test_a_clause_after_the_activity_is_no_second_object(extractor):
    assert _liked(last_turn_rows(extractor, "I love baking bread and my sister loves it too.")) == ["baking bread"]
