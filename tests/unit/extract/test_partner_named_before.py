"""An unnamed spouse, fiancé(e) or partner of a speaker who already named the one person they are engaged to,
dating or married to in the session is that person ("Omar and I got engaged" ... "we got married" → married
to Omar); not when two were named, when another speaker named them, nor for another speaker's spouse; and
not "my wife" for a man named before.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    return {r[:3] for r in rows(extractor.extract(session_of(*turns)))}


NAMED_BEFORE = [
    ([("mia", "Ravi and I got engaged in 2018."), ("jo", "Congrats!"), ("mia", "We got married in 2020.")],
     ("mia", "MARRIED_TO", "Ravi")),
    ([("mia", "I got engaged to Tariq last summer."), ("jo", "That's lovely!"), ("mia", "My fiancé works at a hospital in Leeds.")],
     ("Tariq", "WORKS_AT", "hospital")),
    ([("mia", "My boyfriend Leo and I moved to Porto last year."), ("mia", "My boyfriend just got a job at Acme.")],
     ("Leo", "WORKS_AT", "Acme")),
    ([("ana", "Bruno and I have been dating since 2016."), ("ana", "My partner lives in Quito.")],
     ("Bruno", "LIVES_IN", "Quito")),
]


@pytest.mark.parametrize("turns,triple", NAMED_BEFORE, ids=[t[-1][1] for t, _ in NAMED_BEFORE])
def test_the_partner_named_before(extractor, turns, triple):
    found = triples(extractor, turns)
    assert triple in found
    assert not any(o.endswith(("'s spouse", "'s fiancé", "'s boyfriend", "'s partner")) or s.endswith(
        ("'s fiancé", "'s boyfriend", "'s partner")) for s, _, o in found)


NOT_RESOLVED = [
    # two named: either may be meant
    ([("mia", "Ravi and I got engaged in 2018. Later Dev and I got engaged too."), ("mia", "We got married in 2020.")],
     ("mia", "MARRIED_TO", "Ravi")),
    # another speaker's spouse
    ([("mia", "Ravi and I got engaged in 2018."), ("jo", "Oh nice. We got married in 2020.")],
     ("jo", "MARRIED_TO", "Ravi")),
    # named by someone else, not by the speaker
    ([("jo", "Mia got engaged to Ravi last summer."), ("mia", "My fiancé works at Acme.")],
     ("Ravi", "WORKS_AT", "Acme")),
    # a wife is not the man named before
    ([("ana", "Omar and I got engaged in 2019."), ("ana", "My wife works at a clinic.")],
     ("Omar", "WORKS_AT", "clinic")),
    # an ex is not the one dated now
    ([("ana", "I'm engaged to Omar."), ("ana", "My ex lives in Oslo.")],
     ("Omar", "LIVES_IN", "Oslo")),
]


@pytest.mark.parametrize("turns,triple", NOT_RESOLVED, ids=[t[-1][1] for t, _ in NOT_RESOLVED])
def test_no_partner_taken_for_the_placeholder(extractor, turns, triple):
    assert triple not in triples(extractor, turns)
