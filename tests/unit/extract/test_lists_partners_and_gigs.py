"""Sentences that read wrong until late, in our own words: pets or kin listed as the answer to a question with no
verb of its own ("Any pets?" — "Two cats, Luna and Biscuit"), a second pet named after the first ("a dog named Rex
and a cat named Tom"), a partner named after a lower-case word the tagger took for a name ("my college sweetheart
Dana"), lower-case chat ("started at amazon monday", "my gf is still in denver", "i got a new gpu"), work driven
for someone ("I drive for Lyft", "My uncle drove a truck for Walmart") and a hobby named after a comma
("I picked up a new hobby, knitting").

Rows are ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, claim_set, last_turn_rows


def triples(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, *texts)}


@pytest.mark.parametrize(("turns", "wanted"), [
    ([("Ann", "Do you have pets?"), ("Cy", "A beagle named Pogo and a hamster called Nib.")],
     {("Cy", "HAS_PET", "Pogo", "assert"), ("Cy", "HAS_PET", "Nib", "assert")}),
    ([("Ann", "Any siblings?"), ("Cy", "One younger sister, Greta.")], {("Cy", "SIBLING_OF", "Greta", "assert")}),
    ([("Ann", "Any pets at home?"), ("Cy", "Two cats, Fig and Olive.")],
     {("Cy", "HAS_PET", "Fig", "assert"), ("Cy", "HAS_PET", "Olive", "assert")}),
])
def test_a_verbless_answer_lists_what_the_answerer_has(extractor, turns, wanted):
    got = claim_set(extractor, turns)
    assert wanted <= got, got


@pytest.mark.parametrize("turns", [
    [("Ann", "Do you have pets?"), ("Cy", "A beagle would be nice.")],  # a wish
    [("Ann", "Does your uncle have pets?"), ("Cy", "Two cats, Fig and Olive.")],  # another's, asked of him
    [("Ann", "Do you have pets?"), ("Cy", "No, two cats would drive me mad.")],
])
def test_a_verbless_answer_that_has_nothing_gives_no_pet(extractor, turns):
    got = claim_set(extractor, turns)
    assert not any(p in ("HAS_PET", "SIBLING_OF") and s == "Cy" for s, p, o, k in got), got


@pytest.mark.parametrize(("text", "wanted"), [
    ("I have a poodle named Suki and a parrot named Kiwi.", [(U, "HAS_PET", "Suki", "assert"), (U, "HAS_PET", "Kiwi", "assert")]),
    ("My aunt has a pug called Bean and a tortoise called Shelby.", [
        ("user's aunt", "HAS_PET", "Bean", "assert"), ("user's aunt", "HAS_PET", "Shelby", "assert")]),
    ("I have a brother named Otto and a sister named Vera.", [
        (U, "SIBLING_OF", "Otto", "assert"), (U, "SIBLING_OF", "Vera", "assert")]),
    ("I'm married to my college sweetheart Omar.", [(U, "MARRIED_TO", "Omar", "assert")]),
    ("I'm engaged to my college sweetheart Ines.", [(U, "ENGAGED_TO", "Ines", "assert")]),
    ("started at amazon thursday", [(U, "WORKS_AT", "Amazon", "assert")]),
    ("my gf is still in boston", [("user's gf", "LIVES_IN", "Boston", "assert")]),
    ("my bf works at ikea now", [("user's bf", "WORKS_AT", "IKEA", "assert")]),
    ("i got a new gpu", [(U, "OWNS", "gpu", "assert")]),
    ("I drove a bus for Greyhound Lines.", [(U, "WORKS_AT", "Greyhound Lines", "end")]),
    ("My uncle drove a truck for Walmart.", [("user's uncle", "WORKS_AT", "Walmart", "end")]),
    ("I drive for Uber.", [(U, "WORKS_AT", "Uber", "assert")]),
    ("My cousin delivers for Deliveroo.", [("user's cousin", "WORKS_AT", "Deliveroo", "assert")]),
    ("I used to drive for Lyft.", [(U, "WORKS_AT", "Lyft", "end")]),
    ("I started a new hobby, woodworking.", [(U, "LIKES", "woodworking", "assert")]),
    ("I got a new hobby, gardening.", [(U, "LIKES", "gardening", "assert")]),
    ("I picked up a new hobby, archery.", [(U, "LIKES", "archery", "assert")]),
    ("I found a new hobby, birdwatching.", [(U, "LIKES", "birdwatching", "assert")]),
])
def test_the_sentence_now_reads(extractor, text, wanted):
    got = triples(extractor, text)
    assert set(wanted) <= got, got


@pytest.mark.parametrize(("text", "predicate"), [
    ("I have a poodle named Suki and a camper named Bertha.", "HAS_PET"),  # a van is no pet
    ("Do you have a poodle named Suki and a parrot named Kiwi?", "HAS_PET"),
    ("I'm not married to my college sweetheart Noor.", "MARRIED_TO"),
    ("I drove two hours for Chipotle.", "WORKS_AT"),
    ("I drove my car for Lent.", "WORKS_AT"),  # a trip made for a burrito
    ("I drove all night for Chipotle.", "WORKS_AT"),
    ("I drove across town for Trader Joe's.", "WORKS_AT"),
    ("I'd drive for Uber.", "WORKS_AT"),
    ("Do you drive for Uber?", "WORKS_AT"),
    ("I want a new gpu", "OWNS"),
    ("I started a new hobby, a new job.", "LIKES"),  # two things started, no hobby named
    ("I picked up a new hobby, nothing serious.", "LIKES"),
    ("I might pick up a new hobby, archery.", "LIKES"),
    ("I didn't find a new hobby, birdwatching.", "LIKES"),
    ("My sister started a new hobby, archery.", "LIKES"),  # hers: no taste of the speaker's said
    ("New hobby, archery?", "LIKES"),
])
def test_what_must_give_no_such_fact(extractor, text, predicate):
    got = triples(extractor, text)
    assert not any(p == predicate and o != "Suki" for s, p, o, kind in got), got
