"""A kin word said into a phone (our own lines).

Covered: "Hi Dad, it's Lena." and "Mom, I'll call you back" (said into a phone: the parent is not one of the
speakers); a kin word said to someone in the room still names them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set

NOT_FOUND = [
    # a kin word said into a phone names none of the speakers
    ([("Ann", "Hello?"), ("Cy", "Hi Dad, it's Lena.")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Is that your phone?"), ("Cy", "Mom, I'll call you back, okay?")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Hello?"), ("Cy", "Hey, sis, it's Omar. Call me back.")], ("Ann", "SIBLING_OF", "Cy", "assert")),
]


STILL_FOUND = [
    # a kin word said to someone in the room, "it's" before no caller's name
    ([("Ann", "Dinner's ready."), ("Cy", "Thanks, Dad.")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Look what I found."), ("Cy", "Wow, Mom, it's Piranesi!")], ("Ann", "PARENT_OF", "Cy", "assert")),
]


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-2][1] + c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,expected", STILL_FOUND, ids=[c[0][-1][1] for c in STILL_FOUND])
def test_still_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)
