"""A pastime verb turned into another verb by what follows it, and a race distance said with K (sentences written
for these tests): "I ran into Tom" met him and "we ran out of milk" did no running; "a 5K" is no tool named K."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows


@pytest.mark.parametrize("text", [
    "I ran into Priya yesterday.",
    "We ran out of coffee yesterday.",
    "My uncle ran for city council last year.",
    "I ran a 5K on Saturday.",
    "We're running a 10k in May.",
])
def test_no_pastime_or_tool(extractor, text):
    got = last_turn_rows(extractor, text)
    assert not any(r[1] == "USES" or "running" in r[2] or r[2] == "K" for r in got), got


@pytest.mark.parametrize("text, done", [
    ("I ran along the river yesterday.", "running"),
    ("We hiked last Sunday.", "hiking"),
])
def test_a_pastime_with_a_place_is_still_done(extractor, text, done):
    assert any(r[1] == "DID" and r[2] == done for r in last_turn_rows(extractor, text))
