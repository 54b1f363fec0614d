"""A chat line that leaves out its "I" states the speaker's own news for every rule, not only the open reading, in
our own words: "Finally moved to Tacoma!", "Been living in Halifax for two years", "Currently teaching at
Carleton". Commands, questions and lines with a subject of their own are no such news.

Rows are ``(subject, predicate, object)`` of the one turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("Finally moved to Tacoma!", (U, "LIVES_IN", "Tacoma")),
    ("Been living in Halifax for two years now.", (U, "LIVES_IN", "Halifax")),
    ("Working at Bosch now, loving it.", (U, "WORKS_AT", "Bosch")),
    ("Currently teaching at Carleton.", (U, "WORKS_AT", "Carleton")),
    ("Moved back to Ohio in June to be near family.", (U, "LIVES_IN", "Ohio")),
])
def test_a_line_without_its_i_is_the_speakers_news(extractor, text, wanted):
    assert wanted in facts(extractor, text)


@pytest.mark.parametrize("text", [
    "Move to Tacoma!",  # a command
    "Working at Bosch? No way.",  # a question
    "Moving to Tacoma would be a dream.",  # a supposition with a subject of its own
    "Maybe move to Tacoma someday.",
])
def test_no_news_from_commands_questions_or_suppositions(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] in ("LIVES_IN", "WORKS_AT")}
