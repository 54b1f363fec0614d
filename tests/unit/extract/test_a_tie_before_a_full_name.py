"""A tie said before a name of two words that the parser hangs on the last name as a compound ("my manager Tom
Reyes will vouch for me": "manager" and "Tom" both compounds of "Reyes") names that person, as "my manager
Tom" does. Words between that are no name ("the manager", "my Honda Civic": no tie) say nothing. Sentences
written for these tests.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, claim_set

NAMED = [
    ("My manager Tom Reyes will vouch for me.", (U, "REPORTS_TO", "Tom Reyes", A)),
    ("My manager Tom Reyes can give you a reference.", (U, "REPORTS_TO", "Tom Reyes", A)),
]


@pytest.mark.parametrize("text,expected", NAMED, ids=[t for t, _ in NAMED])
def test_a_tie_before_a_name_of_two_words(extractor, text, expected):
    assert expected in claim_set(extractor, [text])


NOTHING = [
    "The manager Tom Reyes hired me.",  # not said as the speaker's
    "My Honda Civic broke down again.",  # no tie
]


@pytest.mark.parametrize("text", NOTHING)
def test_no_tie_named(extractor, text):
    assert not {r for r in claim_set(extractor, [text]) if r[1] in ("REPORTS_TO", "SIBLING_OF", "RELATED_TO")}
