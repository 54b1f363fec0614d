"""Quick multi-party banter (our own lines): blame of someone not spoken to, and a name asked back.

Covered: blame by an adjective of a named person or he/she who is not the listener is no politeness, so a fact
between two speakers too ("Ugh, Rebecca is so rude"); a first name asked back and then spoken of as he/she of its
gender ("Steven? I can't stand him!") is the one the pronoun means, not someone called. Not: blame of "you"
(teasing), praise (politeness), negations, modals, questions, someone else's opinion; a name asked back and then
spoken to ("Steven? Are you there?"). Cases are Cy's turns after Ann's (``duo``) or Ann's and Bo's (``trio``).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, trio

FOUND = [
    # blame of someone not spoken to, between two speakers
    (duo("Ugh, Rebecca is so rude."), ("Cy", "DISLIKES", "Rebecca", "assert")),
    (duo("My uncle Gustavo is so annoying."), ("Cy", "DISLIKES", "Gustavo", "assert")),
    (duo("Honestly, Lorenzo is really arrogant."), ("Cy", "DISLIKES", "Lorenzo", "assert")),
    ([("Ann", "Did you meet Gustavo yet?"), ("Cy", "Yeah. He's so obnoxious.")], ("Cy", "DISLIKES", "Gustavo", "assert")),
    # in a group, praise of a relative said with a name
    (trio("My cousin Lucas is so sweet."), ("Cy", "LIKES", "Lucas", "assert")),
    # a name asked back, then he/she
    ([("Ann", "Someone left flowers on your desk."), ("Cy", "Steven? I can't stand him!")], ("Cy", "DISLIKES", "Steven", "assert")),
    ([("Ann", "Guess who called."), ("Bo", "Who?"), ("Cy", "Veronica? I adore her!")], ("Cy", "LIKES", "Veronica", "assert")),
    (trio("Patrick? Oh, he's my brother."), ("Cy", "SIBLING_OF", "Patrick", "assert")),
]

NOT_FOUND = [
    (duo("You're so annoying."), ("Cy", "DISLIKES", "Ann", "assert")),
    (duo("Rebecca is so sweet."), ("Cy", "LIKES", "Rebecca", "assert")),
    (duo("My cousin Lucas is so sweet."), ("Cy", "LIKES", "Lucas", "assert")),
    (duo("Rebecca isn't rude at all."), ("Cy", "DISLIKES", "Rebecca", "assert")),
    (duo("Rebecca can be so annoying."), ("Cy", "DISLIKES", "Rebecca", "assert")),
    (duo("Is Rebecca rude?"), ("Cy", "DISLIKES", "Rebecca", "assert")),
    (duo("Gustavo says Rebecca is so rude."), ("Cy", "DISLIKES", "Rebecca", "assert")),
    (duo("If Rebecca is rude, just leave."), ("Cy", "DISLIKES", "Rebecca", "assert")),
    ([("Ann", "I'll wait outside."), ("Cy", "Steven? Are you there?")], ("Cy", "DISLIKES", "Steven", "assert")),
    ([("Ann", "Steven is coming."), ("Cy", "Steven? Is he the one who hates Bo?")], ("Cy", "DISLIKES", "Steven", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)
