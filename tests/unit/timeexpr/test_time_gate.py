"""The cheap gate of the time finder (a set of anchor words, not one regex of every anchor) says yes exactly
where a regex of every anchor finds one: no time phrase is lost to the faster gate."""

from __future__ import annotations

import re

import pytest

from chronomem.timeexpr import finder

_EVERY_ANCHOR = re.compile(r"\d|\b(?:" + "|".join(re.escape(w) for w in sorted(
    finder._ANCHORS | set(finder.CHAT_FORMS), key=len, reverse=True)) + r"|other\s+day|other\s+week)\b", re.IGNORECASE)


def _around(word: str) -> list[str]:
    return [word, f"Well, {word} was fine.", f"{word.upper()}!", f"we said '{word}' twice", f"x{word}", f"{word}y",
            f"pre-{word}-post", f"{word.title()}'s plan"]


@pytest.mark.parametrize("word", sorted(finder._ANCHORS | set(finder.CHAT_FORMS)))
def test_the_gate_agrees_with_a_regex_of_every_anchor(word):
    for text in _around(word):
        assert finder._may_name_time(text) == bool(_EVERY_ANCHOR.search(text)), text


@pytest.mark.parametrize("text, expected", [
    ("We finally met up the other day.", True), ("See you at 5", True), ("It was a lovely new year's party", True),
    ("Sounds great, thanks!", False), ("That's another story", False), ("Tomorrow works", True),
    ("the OTHER   WEEK", True), ("otherwise fine", False),
])
def test_the_gate_in_own_words(text, expected):
    assert finder._may_name_time(text) is expected
