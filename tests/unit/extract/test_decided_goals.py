""""I decided to …" is a goal held since, in our own wordings: "I decided to run for the council" → RELATED_TO
{"relation": "decided to run for"} council, as "I want to run for the council" is a goal ("decision_verbs" in
open_clauses.json); not asked, denied, decided against, a day's errand or a trip ("I decided to grab lunch", "…to
go to Paris"), a thing done for someone ("I've decided to offer you the apartment"), nor a wish that is over ("I
wanted to write a novel").
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows, session_of

DECIDED = [
    ("Last month I decided to run for the council again.", "council", "decided to run for"),
    ("I've decided to volunteer at the animal shelter.", "animal shelter", "decided to volunteer at"),
    ("I decided to write a novel.", "novel", "decided to write"),
]

NOT_DECIDED = [
    "Did you decide to run for the council?",
    "I haven't decided to run for the council.",
    "I decided not to write a novel.",
    "I decided to grab lunch.",
    "I decided to go to Paris.",
    "I wanted to write a novel.",
    "I've decided to offer you the apartment.",
]


@pytest.mark.parametrize("text,obj,relation", DECIDED, ids=[t for t, _, _ in DECIDED])
def test_a_decision_is_a_goal(extractor, text, obj, relation):
    assert ("user", "RELATED_TO", obj) in [r[:3] for r in last_turn_rows(extractor, text)]
    found = extractor.extract(session_of(text))
    assert [dict(c.qualifiers).get("relation") for c in found.claims] == [relation]


@pytest.mark.parametrize("text", NOT_DECIDED)
def test_no_goal_from_a_question_a_denial_an_errand_or_a_past_wish(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "RELATED_TO"]
