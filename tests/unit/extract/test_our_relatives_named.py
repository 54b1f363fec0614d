"""A relative named after "our" ("our cousin Priya", "our uncle Rex's farm") is the speaker's relative too, as
"our son Leo" is their child (sentences written for these tests); "our mom Jane" still says nothing of whose, and
"their cousin" is someone else's.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows


@pytest.mark.parametrize("text,name", [
    ("Our cousin Priya moved to Leeds last year.", "Priya"),
    ("We stayed at our uncle Rex's farm in July.", "Rex"),
])
def test_our_relative_named_is_the_speakers(extractor, text, name):
    assert ("user", "RELATED_TO", name) in [r[:3] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", [
    "Their cousin Priya moved to Leeds last year.",
    "Our mom Jane moved to Leeds last year.",
])
def test_their_relative_or_our_parent_gives_no_tie(extractor, text):
    assert not any(r[0] == "user" and r[1] in ("RELATED_TO", "PARENT_OF") for r in last_turn_rows(extractor, text))
