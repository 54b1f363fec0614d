""""biz" is "business" in chat (dialogue.json chat_words), in our own wordings: "launching my biz was hard" starts
the speaker's own business as "launching my business" does; asking about someone's biz, or "show biz", owns none.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

OWN = [
    "Launching my biz has been exhausting.",
    "Starting and growing my own biz has had its highs and lows.",
]

NONE = [
    "How's the biz going?",
    "What got you into show biz?",
    "I read a book about the catering biz.",
]


@pytest.mark.parametrize("text", OWN)
def test_my_biz_is_my_business(extractor, text):
    assert ("user", "OWNS", "business") in [r[:3] for r in last_turn_rows(extractor, text)]


@pytest.mark.parametrize("text", NONE)
def test_no_business_from_a_question_or_someone_elses_trade(extractor, text):
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "OWNS"]
