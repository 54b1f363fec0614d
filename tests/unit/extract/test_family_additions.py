""""A new addition to the family" says someone or something joined it, and names nothing by itself."""

from tests.unit.extract.extract_helpers import last_turn_rows


def test_a_new_addition_is_the_pet_it_names(extractor):
    rows = last_turn_rows(extractor, "We just got a new addition to the family, this is Pickle!")
    assert [(r[1], r[2]) for r in rows] == [("HAS_PET", "Pickle")]


def test_a_new_addition_said_alone_is_no_fact(extractor):
    assert last_turn_rows(extractor, "We got a new addition to the family last week.") == []
