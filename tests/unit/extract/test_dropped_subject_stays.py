"""More chat lines that leave out their "I", in our own words: a stay opened with "still" ("Still at Hartwell
Labs, believe it or not", "Still in Spokane"), a job got ("Got a job at Hartwell Labs!") and a stay since that
drops its "have" too ("Been in Tacoma for two years now"). Each reads as the same line with its "I". Questions,
commands and lines about something else are no such news.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("Still at Hartwell Labs, believe it or not.", (U, "WORKS_AT", "Hartwell Labs")),
    ("Still in Spokane, can you believe it.", (U, "LIVES_IN", "Spokane")),
    ("Got a job at Hartwell Labs!", (U, "WORKS_AT", "Hartwell Labs")),
    ("Been in Tacoma for two years now.", (U, "LIVES_IN", "Tacoma")),
])
def test_a_line_without_its_i_is_the_speakers(extractor, text, wanted):
    assert wanted in facts(extractor, text)


def test_a_stay_since_dropping_its_have_counts_from_then(extractor):
    rows = last_turn_rows(extractor, "Been in Tacoma for two years now.")  # the turn is on 2024-03-12
    assert [at for s, p, o, _, at, *_ in rows if p == "LIVES_IN"] == ["2022-03-12"]


@pytest.mark.parametrize("text", [
    "Got a minute?",  # a question
    "Still at work?",
    "Still in Spokane?",
    "Get a job at Hartwell Labs!",  # a command
    "Been to Spokane twice.",  # a place seen, no home
    "Still in shock, honestly.",
])
def test_no_news_from_questions_or_commands(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] in ("WORKS_AT", "LIVES_IN")}
