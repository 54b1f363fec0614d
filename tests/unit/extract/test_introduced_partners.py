"""Someone introduced with their tie: "Ross's girlfriend Emily called" (two subjects to the parser), "This is my
boyfriend, Mike." (the name after a comma)."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _ties(rows):
    return [(r[0], r[1], r[2]) for r in rows]


def test_a_tie_and_a_name_before_called_are_one_subject(extractor):
    assert _ties(last_turn_rows(extractor, "Ross's girlfriend Emily called.")) == [("Ross", "PARTNER_OF", "Emily")]
    assert _ties(last_turn_rows(extractor, "My fiancée Emily called.")) == [("user", "ENGAGED_TO", "Emily")]


def test_a_name_after_a_comma_is_the_tie_it_follows(extractor):
    assert _ties(last_turn_rows(extractor, "This is my boyfriend, Mike.")) == [("user", "PARTNER_OF", "Mike")]
    assert _ties(last_turn_rows(extractor, "My dog, Rex, is old.")) == [("user", "HAS_PET", "Rex")]


def test_no_tie_without_an_owner(extractor):
    assert _ties(last_turn_rows(extractor, "The boyfriend, Mike, left early.")) == []
    assert _ties(last_turn_rows(extractor, "I love my mom, honestly.")) == []
