"""The role a speaker's own job is held as: "my job as a chef"."""

from tests.unit.extract.extract_helpers import last_turn_rows


def _roles(rows):
    return [(r[2], r[3]) for r in rows if r[1] == "HAS_ROLE"]


def test_my_job_as_a_role_is_the_speakers_role(extractor):
    assert _roles(last_turn_rows(extractor, "My job as a chef is exhausting.")) == [("chef", "assert")]
    assert _roles(last_turn_rows(extractor, "In my job as a paramedic I see everything.")) == [("paramedic", "assert")]


def test_an_old_job_is_a_role_held_before(extractor):
    assert _roles(last_turn_rows(extractor, "My old job as a cashier was boring.")) == [("cashier", "end")]


def test_no_role_from_someone_elses_job_a_question_or_a_relative(extractor):
    assert _roles(last_turn_rows(extractor, "Is your job as a nurse hard?")) == []
    assert _roles(last_turn_rows(extractor, "My job as a mom never ends.")) == []
    assert _roles(last_turn_rows(extractor, "My sister's job as a pilot sounds fun.")) == []
