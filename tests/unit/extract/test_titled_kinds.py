"""A quoted title said right before the kind of work it is names the work with that kind."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _objects(rows):
    return [r[2] for r in rows]


def test_a_title_before_its_kind_is_the_whole_work(extractor):
    assert _objects(last_turn_rows(extractor, 'I finally watched "The Matrix" Trilogy last weekend!')) == [
        "The Matrix Trilogy"]
    assert _objects(last_turn_rows(extractor, 'I love the "Dune" books.')) == ["Dune books"]


def test_a_title_alone_stays_the_title(extractor):
    assert _objects(last_turn_rows(extractor, 'I love "Dune".')) == ["Dune"]
