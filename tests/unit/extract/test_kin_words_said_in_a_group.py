"""A kin word said to the listener in a chat of three or more ("Hi Mum!") names one person of the chat: the one
it first meant. Said later by another speaker to someone else than her (the speaker before is not the one
called "Mum" earlier), whose mum is meant is unclear, and nothing is said; said again to the same one, it
says the same tie. In a chat of two the listener is the other speaker, as before. Sentences written for
these tests.
"""

from __future__ import annotations

from tests.unit.extract.extract_helpers import claim_set

A = "assert"


def test_a_second_mum_after_another_speaker_is_not_that_speaker(extractor):
    found = claim_set(extractor, [("Rhoda", "Morning, my loves."), ("Pia", "Hi Mum! All fine here, the boys are well."),
                                  ("Gus", "Hi Mum, we're driving up on Friday.")])
    assert ("Rhoda", "PARENT_OF", "Pia", A) in found
    assert ("Pia", "PARENT_OF", "Gus", A) not in found


def test_a_second_dad_said_to_another_one_is_unclear(extractor):
    found = claim_set(extractor, [("Walt", "Who's bringing the chairs?"), ("Ines", "Thanks, Dad, I will."),
                                  ("Kofi", "The van is free, I checked."), ("Ines", "Night, Dad.")])
    assert ("Walt", "PARENT_OF", "Ines", A) in found
    assert ("Kofi", "PARENT_OF", "Ines", A) not in found


def test_the_same_mum_called_by_two_speakers(extractor):
    found = claim_set(extractor, [("Rhoda", "Morning, my loves."), ("Pia", "Hi Mum!"), ("Rhoda", "Hello, darling."),
                                  ("Gus", "Hi Mum, we're driving up on Friday.")])
    assert {("Rhoda", "PARENT_OF", "Pia", A), ("Rhoda", "PARENT_OF", "Gus", A)} <= found


def test_in_a_chat_of_two_the_other_speaker(extractor):
    found = claim_set(extractor, [("Rhoda", "Morning, love."), ("Pia", "Hi Mum!"), ("Rhoda", "Sleep well?"),
                                  ("Pia", "Yes thanks, Mum.")])
    assert ("Rhoda", "PARENT_OF", "Pia", A) in found
