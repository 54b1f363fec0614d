"""Degrees said with their school: "my master's in nursing from Duke", "studying for my MBA at Wharton"."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _schools(rows):
    return [(r[0], r[2], r[3]) for r in rows if r[1] == "STUDIES_AT"]


def test_a_masters_is_a_degree_not_a_master_who_is(extractor):
    assert _schools(last_turn_rows(extractor, "I got my master's in nursing from Duke.")) == [("user", "Duke", "end")]


def test_studying_for_a_degree_at_a_school(extractor):
    assert _schools(last_turn_rows(extractor, "I'm studying for my MBA at Wharton.")) == [("user", "Wharton", "assert")]


def test_an_owned_noun_s_before_a_phrase_is_still_is(extractor):
    rows = last_turn_rows(extractor, "My sister's a lawyer.")
    assert ("user's sister", "HAS_ROLE", "lawyer") in [(r[0], r[1], r[2]) for r in rows]
    assert _schools(last_turn_rows(extractor, "I'm studying for my exams at the library.")) == []
