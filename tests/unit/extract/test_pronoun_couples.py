"""A tie between two people said with two pronouns of a man and a woman (our own lines, never DialogRE's): "she's
his girlfriend", "he's her brother" name two people told apart by gender, each the one said last of that gender;
"he's his brother" does not say who is whose, and a question, a negation or no one said before reads nothing.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set

_MET = [("Ann", "I ran into Greta and Tomas at the farmers market."), ("Bo", "Oh, those two.")]

FOUND = [
    ([*_MET, ("Cy", "She's his girlfriend now, you know.")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([*_MET, ("Cy", "Right, she's his wife.")], ("Tomas", "MARRIED_TO", "Greta", "assert")),
    ([*_MET, ("Cy", "He's her little brother.")], ("Greta", "SIBLING_OF", "Tomas", "assert")),
    ([*_MET, ("Cy", "She was his fiancee once.")], ("Tomas", "ENGAGED_TO", "Greta", "end")),
]

NOT_FOUND = [
    ([*_MET, ("Cy", "Is she his girlfriend?")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([*_MET, ("Cy", "She's not his girlfriend.")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([("Ann", "I ran into Tomas and Pavel at the market."), ("Cy", "He's his brother.")],
     ("Tomas", "SIBLING_OF", "Pavel", "assert")),  # two men: whose brother is unsaid
]


def _both_ways(found: set[tuple[str, str, str, str]]) -> set[tuple[str, str, str, str]]:
    return found | {(o, p, s, k) for s, p, o, k in found}


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in _both_ways(claim_set(extractor, turns))


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in _both_ways(claim_set(extractor, turns))


def test_no_woman_said_before_no_couple(extractor):
    found = claim_set(extractor, [("Ann", "Tomas stopped by the bakery."), ("Cy", "She's his girlfriend.")])
    assert not any(p == "PARTNER_OF" for _, p, _, _ in found)
