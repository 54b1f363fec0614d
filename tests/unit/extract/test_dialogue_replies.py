"""Who a reply shows "you" to be, a yes that keeps a name's "'s", a couple back together, and a kin word said
into a phone (our own lines).

Covered: a yes to "are you a friend of Dario's?" (the restored statement keeps "Dario's" one word); "I'm back
with Marco" (a couple again, like "still with"); "So you're the new pharmacist." answered "Yes, I am." by
someone other than the last speaker (the one who takes "you" up is the listener); "Hi Dad, it's Lena." and
"Mom, I'll call you back" (said into a phone: the parent is not one of the speakers).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo

FOUND = [
    # a yes to a question whose object is a name with "'s"
    ([("Ann", "Are you a friend of Ingrid's?"), ("Cy", "Yes, I am.")], ("Cy", "FRIEND_OF", "Ingrid", "assert")),
    ([("Ann", "So are you a, um, friend of Greta's?"), ("Cy", "Yep, I am. Since school.")],
     ("Cy", "FRIEND_OF", "Greta", "assert")),
    # back with someone: a couple again
    (duo("Guess what, I'm back with Marco."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    (duo("Honestly, I'm so happy to be back with Marco."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    ([("Ann", "Are you back with Marco?"), ("Cy", "Yes, I am.")], ("Cy", "PARTNER_OF", "Marco", "assert")),
    # "you" is the one who takes it up, not the last one who spoke
    ([("Ann", "Welcome, everyone."), ("Bo", "Thanks for having us."), ("Ann", "So you're the new pharmacist."),
      ("Cy", "Yes, I am.")], ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    ([("Ann", "Coffee's ready."), ("Bo", "Great."), ("Ann", "Oh, so you're Dario's sister."), ("Cy", "Yep, I am!")],
     ("Cy", "SIBLING_OF", "Dario", "assert")),
]

NOT_FOUND = [
    ([("Ann", "Are you a friend of Ingrid's?"), ("Cy", "No.")], ("Cy", "FRIEND_OF", "Ingrid", "assert")),
    ([("Ann", "Is Bea a friend of Ingrid's?"), ("Cy", "Yes.")], ("Cy", "FRIEND_OF", "Ingrid", "assert")),
    ([("Ann", "Could you be a friend of Ingrid's?"), ("Cy", "Yes.")], ("Cy", "FRIEND_OF", "Ingrid", "assert")),
    (duo("I'm back with the groceries."), ("Cy", "PARTNER_OF", "groceries", "assert")),
    (duo("I'll be back with Marco in an hour."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    (duo("I'm not back with Marco."), ("Cy", "PARTNER_OF", "Marco", "assert")),
    (duo("Are you back with Marco?"), ("Ann", "PARTNER_OF", "Marco", "assert")),
    (duo("We're back with another episode."), ("Cy", "PARTNER_OF", "episode", "assert")),
    # the reply does not take "you" up: no yes with the verb said back, a denial, or "we"
    ([("Ann", "Welcome, everyone."), ("Bo", "Thanks for having us."), ("Ann", "So you're the new pharmacist."),
      ("Cy", "I am not.")], ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    ([("Ann", "Welcome, everyone."), ("Bo", "Thanks for having us."), ("Ann", "So you're the new pharmacists."),
      ("Cy", "Yes, we are.")], ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    ([("Ann", "Welcome, everyone."), ("Bo", "Thanks for having us."), ("Ann", "So you're the new pharmacist."),
      ("Cy", "I am hungry.")], ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    ([("Ann", "Welcome, everyone."), ("Bo", "I am."), ("Ann", "So you're the new pharmacist."),
      ("Bo", "Yes, I am.")], ("Ann", "HAS_ROLE", "pharmacist", "assert")),
    # a kin word said into a phone names none of the speakers
    ([("Ann", "Hello?"), ("Cy", "Hi Dad, it's Lena.")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Is that your phone?"), ("Cy", "Mom, I'll call you back, okay?")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Hello?"), ("Cy", "Hey, sis, it's Omar. Call me back.")], ("Ann", "SIBLING_OF", "Cy", "assert")),
]

STILL_FOUND = [
    # a yes that was read before (no "'s" after the name in the restored words)
    ([("Ann", "Are you one of Dario's brothers?"), ("Cy", "Yes.")], ("Cy", "SIBLING_OF", "Dario", "assert")),
    # a kin word said to someone in the room, "it's" before no caller's name
    ([("Ann", "Dinner's ready."), ("Cy", "Thanks, Dad.")], ("Ann", "PARENT_OF", "Cy", "assert")),
    ([("Ann", "Look what I found."), ("Cy", "Wow, Mom, it's Piranesi!")], ("Ann", "PARENT_OF", "Cy", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] + c[1][2] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-2][1] + c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,expected", STILL_FOUND, ids=[c[0][-1][1] for c in STILL_FOUND])
def test_still_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)
