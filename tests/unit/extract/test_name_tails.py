"""A name the NER ran into the next phrase loses the preposition or conjunction it ends with."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _objects(rows, predicate):
    return [r[2] for r in rows if r[1] == predicate]


def test_a_called_name_before_a_date_ends_at_the_name(extractor):
    rows = last_turn_rows(extractor, "I opened a cafe called Saltmarsh in May 2023.")
    assert _objects(rows, "WORKS_AT") == ["Saltmarsh"]


def test_a_name_with_inner_small_words_keeps_them(extractor):
    assert _objects(last_turn_rows(extractor, "I work at Bank of America in Denver."), "WORKS_AT") == ["Bank of America"]
    assert _objects(last_turn_rows(extractor, "I joined Marlow and Finch in April."), "WORKS_AT") == ["Marlow and Finch"]
