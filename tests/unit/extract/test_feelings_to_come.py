"""Feelings for a person said of the time to come, or as a thought one cannot stop (our own lines, never
DialogRE's): "I'm gonna miss you" and "I can't stop thinking about Tomas" say the speaker likes them now. A
name said as what someone is ("she's not a Kowalski?", "you're such a Greta") mentions nobody: no later "her"
means it.

``duo(...)`` is a chat of two (Ann, then Cy), ``trio(...)`` of three (Ann and Bo, then Cy): the given turns are
Cy's, and Cy's "you" is the last other speaker (a vocative names it among three).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo, trio

FOUND = [
    # missing to come: the future says the tie that holds now
    (duo("I'm really gonna miss Tomas when he moves to Perth."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I'm going to miss Greta so much."), ("Cy", "LIKES", "Greta", "assert")),
    (trio("Bo, I'll miss you, you know."), ("Cy", "LIKES", "Bo", "assert")),
    # a thought of a person one cannot stop
    (duo("I can't stop thinking about Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (trio("Since the gallery opening I can't stop thinking about you, Ann."), ("Cy", "LIKES", "Ann", "assert")),
]

_ASKED_A_KIND = [("Ann", "There's a girl in my pottery class."), ("Cy", "Is she a Kowalski?"), ("Ann", "No!")]

NOT_FOUND = [
    (duo("I won't miss Tomas one bit."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I'm not going to miss Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I would miss Tomas if he left."), ("Cy", "LIKES", "Tomas", "assert")),  # supposed, not said
    (duo("I might miss Greta at the station."), ("Cy", "LIKES", "Greta", "assert")),
    (duo("You'll miss Tomas."), ("Ann", "LIKES", "Tomas", "assert")),  # the listener's feeling, told by another
    (duo("I'm going to miss the ferry!"), ("Cy", "LIKES", "ferry", "assert")),  # a thing missed, no person
    (duo("I'm gonna miss you."), ("Cy", "LIKES", "Ann", "assert")),  # between two: a parting formula
    (trio("Honestly, I'm gonna miss you."), ("Cy", "LIKES", "Bo", "assert")),  # among several: to whom is unsaid
    (trio("I can't stop thinking about you."), ("Cy", "LIKES", "Bo", "assert")),
    (duo("I couldn't stop thinking about Tomas."), ("Cy", "LIKES", "Tomas", "assert")),  # a past night's thoughts
    (duo("I can stop thinking about Tomas any time."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("You can't stop thinking about Tomas."), ("Ann", "LIKES", "Tomas", "assert")),  # someone else's mind
    (duo("If I can't stop thinking about Tomas, I'll call him."), ("Cy", "LIKES", "Tomas", "assert")),
    # a name said as a kind of person is no one "her" may mean
    ([*_ASKED_A_KIND, ("Ann", "I can't stop thinking about her.")], ("Ann", "LIKES", "Kowalski", "assert")),
    ([*_ASKED_A_KIND, ("Ann", "I really miss her.")], ("Ann", "LIKES", "Kowalski", "assert")),
    ([("Cy", "You're such a Greta, always early."), ("Ann", "I miss her already.")], ("Ann", "LIKES", "Greta", "assert")),
]

FOUND += [  # a name after "a" that is no kind: a person all the same
    ([("Cy", "I met a Greta at the pottery class."), ("Ann", "Oh? I miss her already.")], ("Ann", "LIKES", "Greta", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)
