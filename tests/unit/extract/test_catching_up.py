"""Life news said while catching up, in our own words: a subject one majors in at a school, work done freelance
"as" a role, a promotion "to" a role "at" an employer (also with the role parsed as a verb), a race one ran, a
pet of mixed breed or named in a clause after its kind, a taste said as "a soccer guy"; with the sentences with
the same words that state no such fact (a race signed up for is no job, a season no object,
"the IT guy" no taste, questions, hypotheticals, negation).

Rows are ``(subject, predicate, object, kind)``.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, last_turn_rows


def facts(extractor, *texts: str) -> list[tuple[str, str, str, str]]:
    return sorted((s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, *texts))


READS = [
    # majoring in a subject at a school studies there
    (("I'm majoring in geology at Dalhousie.",), [(U, "STUDIES_AT", "Dalhousie", A)]),
    (("My cousin is majoring in nursing at Rutgers.",), [("user's cousin", "STUDIES_AT", "Rutgers", A)]),
    (("I majored in Spanish at Tulane.",), [(U, "STUDIES_AT", "Tulane", E)]),
    # freelancing "as" a role is working as one
    (("I freelance as an illustrator.",), [(U, "HAS_ROLE", "illustrator", A)]),
    (("I've been freelancing as a video editor since 2021.",), [(U, "HAS_ROLE", "video editor", A)]),
    # a promotion "to" a role "at" a named employer: the employer too
    (("I got promoted to shift supervisor at Hartwell Foods last month.",),
     [(U, "HAS_ROLE", "shift supervisor", A), (U, "WORKS_AT", "Hartwell Foods", A)]),
    (("My brother was promoted to head chef at Ostra.",),
     [(U, "SIBLING_OF", "user's brother", A), ("user's brother", "HAS_ROLE", "head chef", A),
      ("user's brother", "WORKS_AT", "Ostra", A)]),
    (("I moved up to senior analyst at Brightwave last spring.",),
     [(U, "HAS_ROLE", "senior analyst", A), (U, "WORKS_AT", "Brightwave", A)]),
    # a race run is something done, not a tool used
    (("I ran the Chicago Marathon last October.",), [(U, "DID", "Chicago Marathon", A)]),
    # a pet of mixed breed, a pet named in a clause after its kind
    (("We adopted a poodle mix called Dot.",), [(U, "HAS_PET", "Dot", A)]),
    (("We finally got a dog, a golden retriever named Waffles.",), [(U, "HAS_PET", "Waffles", A)]),
    (("We got a puppy that we named Tofu.",), [(U, "HAS_PET", "Tofu", A)]),
    # "a <thing> guy/girl" likes the thing, as "a dog person" does
    (("I'm a soccer guy.",), [(U, "LIKES", "soccer", A)]),
    (("Honestly I'm a big podcast girl.",), [(U, "LIKES", "podcast", A)]),
]


@pytest.mark.parametrize("texts,expected", READS, ids=[t[-1] for t, _ in READS])
def test_reads(extractor, texts, expected):
    assert facts(extractor, *texts) == sorted(expected)


NOTHING = [
    # signing up for a race is no job
    "I signed up for the Portland Half Marathon!",
    # a season after "in the"/"this" is when, not what
    "I'm planning to see her in the fall.",
    # "the IT guy" is a role in a place, "a nice guy" no taste
    "I'm the IT guy at my office.",
    "I'm the pizza guy.",
    "He's a really nice guy.",
    # questions, hypotheticals, negation
    "Is she majoring in art at Pratt?",
    "If I got promoted to manager at Vantix I'd cry.",
    "I didn't get promoted to lead at Quarry.",
    "Are you a soccer guy?",
]


@pytest.mark.parametrize("text", NOTHING)
def test_nothing(extractor, text):
    assert facts(extractor, text) == []


KEPT = [
    # what the same verbs still read
    ("I run Ubuntu on my laptop.", (U, "USES", "Ubuntu", A)),
    ("I signed with the Rovers in 2020.", (U, "WORKS_AT", "Rovers", A)),
    ("I'm a dog person.", (U, "LIKES", "dog", A)),
    ("I love fall.", (U, "LIKES", "fall", A)),
]


@pytest.mark.parametrize("text,row", KEPT, ids=[t for t, _ in KEPT])
def test_kept(extractor, text, row):
    assert row in facts(extractor, text)


def test_studying_there_this_fall_names_no_season(extractor):
    got = facts(extractor, "My cousin Ivy got into Bard! She's studying dance there starting this fall, we're all over the moon.")
    assert ("Ivy", "RELATED_TO", "fall", A) not in got and ("Ivy", "RELATED_TO", "dance", A) in got
