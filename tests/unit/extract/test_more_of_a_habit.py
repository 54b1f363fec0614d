""""more" said of how much one does something is no object, in our own wordings: "I started caring more about
animal welfare" cares about animal welfare, as "I care more about animal welfare" does (the parser hangs "more" on
the gerund as its object; ``quantity_nouns`` in open_clauses.json); "less" is not added there (caring less is no
care stated); a question, a denial or "more" alone state nothing.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

MORE = [
    ("I started caring more about animal welfare.", "animal welfare"),
    ("Lately I've been reading more about volcanoes.", "volcanoes"),
]

NOTHING = [
    "Did you start caring more about animal welfare?",
    "I never cared more about anything.",
    "I want more.",
]


@pytest.mark.parametrize("text,obj", MORE)
def test_more_is_how_much_not_what(extractor, text, obj):
    assert ("user", "RELATED_TO", obj) in [r[:3] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", NOTHING)
def test_no_fact_from_a_question_a_denial_or_more_alone(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "RELATED_TO"]
