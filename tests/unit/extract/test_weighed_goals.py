"""Goals weighed aloud, in our own wordings: "I'm considering opening a bakery", "I'm thinking of working with
refugees" state a goal the speaker works towards, as "I want to …" does (RELATED_TO with the weighing and the
verb as its relation); not when asked, denied, past ("I was thinking of …"), someone else's doing
("considering hiring a tutor for him" stays a goal with an object: but "considering you" is none), a day's
plan ("thinking of grabbing lunch"), or a thought about something ("thinking of my grandma").

A decision is a goal held since: "I decided to run for the council" → {"relation": "decided to run for"} council
("decision_verbs" in open_clauses.json); not asked, denied, decided against, a day's errand or a trip ("I decided to
grab lunch", "…to go to Paris"), a thing done for someone ("I've decided to offer you the apartment"), nor a wish that
is over ("I wanted to write a novel").
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows, session_of

WEIGHED = [
    ("I'm considering opening a bakery.", "bakery", "is considering opening"),
    ("I'm thinking of working with refugees.", "refugees", "is thinking of working with"),
    ("Lately I've been thinking about learning the cello.", "cello", "is thinking of learning"),
    ("I'm seriously considering studying marine biology.", "marine biology", "is considering studying"),
    ("I've been considering learning Portuguese.", "Portuguese", "is considering learning"),
    ("I'm thinking of getting into surfing.", "surfing", "is thinking of getting into"),  # a goal, no habit nor taste
    ("Last month I decided to run for the council again.", "council", "decided to run for"),
    ("I've decided to volunteer at the animal shelter.", "animal shelter", "decided to volunteer at"),
    ("I decided to write a novel.", "novel", "decided to write"),
]

NOT_WEIGHED = [
    "Are you considering opening a bakery?",
    "I'm not considering opening a bakery.",
    "I was thinking of working with refugees, but it fell through.",
    "I'm thinking of grabbing lunch.",
    "I'm thinking of my grandma today.",
    "I'm considering you for the job.",
    "I think of working with refugees as a calling.",
    "Did you decide to run for the council?",
    "I haven't decided to run for the council.",
    "I decided not to write a novel.",
    "I decided to grab lunch.",
    "I decided to go to Paris.",
    "I wanted to write a novel.",
    "I've decided to offer you the apartment.",
]


@pytest.mark.parametrize("text,obj,relation", WEIGHED, ids=[t for t, _, _ in WEIGHED])
def test_a_goal_weighed_aloud_or_decided(extractor, text, obj, relation):
    rows = last_turn_rows(extractor, text)
    assert ("user", "RELATED_TO", obj) in [r[:3] for r in rows]
    found = extractor.extract(session_of(text))
    assert [dict(c.qualifiers).get("relation") for c in found.claims] == [relation]


@pytest.mark.parametrize("text", NOT_WEIGHED)
def test_no_goal_from_a_question_a_denial_a_past_an_errand_or_a_thought(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "RELATED_TO"]
