"""Where the speaker works, studies or lives, presupposed by a noun of theirs whose preposition names the place:
"my job at Quillo is stressful", "my coworkers at Brightline are great", "my flat in Ghent is tiny" (data:
``open_clauses.json`` ``possessed_settings``). Only a named organisation or place counts; a sentence asked, negated,
supposed or in the past says nothing ("my job at Quillo was hard today": a job left?), unless "old" or "former"
says the setting is over. Rows are ``(subject, predicate, object, kind)`` of the last turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("My job at Quillo is so stressful lately.", (U, "WORKS_AT", "Quillo", "assert")),
    ("My coworkers at Brightline are great.", (U, "WORKS_AT", "Brightline", "assert")),
    ("My boss at Quillo is really nice.", (U, "WORKS_AT", "Quillo", "assert")),
    ("My flat in Ghent is tiny but cozy.", (U, "LIVES_IN", "Ghent", "assert")),
    ("My neighbours in Leith are so loud.", (U, "LIVES_IN", "Leith", "assert")),
    ("My old job at Quillo was boring.", (U, "WORKS_AT", "Quillo", "end")),
    ("My former boss at Brightline called me today.", (U, "WORKS_AT", "Brightline", "end")),
])
def test_a_setting_presupposed_by_a_noun_of_the_speakers(extractor, text, wanted):
    got = facts(extractor, text)
    assert wanted in got, got


@pytest.mark.parametrize(("text", "predicate", "obj"), [
    ("My job at Quillo was hard today.", "WORKS_AT", "Quillo"),  # past: that day, or a job left?
    ("Is your job at Quillo stressful?", "WORKS_AT", "Quillo"),
    ("If my job at Quillo were easier, I'd stay.", "WORKS_AT", "Quillo"),
    ("My sister's job at Quillo sounds fun.", "WORKS_AT", "Quillo"),  # someone else's setting
    ("My job at Christmas is hectic.", "WORKS_AT", "Christmas"),  # a time, not an employer
    ("My flat in March was freezing.", "LIVES_IN", "March"),
])
def test_no_setting_from_a_question_a_supposition_someone_elses_or_a_time(extractor, text, predicate, obj):
    assert not {f for f in facts(extractor, text) if f[0] == U and f[1] == predicate and f[2] == obj}
