"""People named with their tie to the speaker ("my neighbour Walt", "my coworker Bea"): a tie to the name, kept as an
open relation with the tie word, whatever the clause then says of them (sentences written for these tests)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import session_of


def _ties(extractor, text):
    """``(subject, object, relation, kind)`` of the RELATED_TO claims of the last turn."""
    session = session_of(text)
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    return {(names[c.subject_id], names[c.object_id], c.qualifiers.get("relation"), c.kind) for c in result.claims
            if c.predicate == "RELATED_TO" and c.sources[0].turn_id == session.turns[-1].id}


NAMED = [
    ("My neighbour Walt fixed our fence.", ("user", "Walt", "neighbour", "assert")),
    ("My coworker Bea is hilarious.", ("user", "Bea", "coworker", "assert")),
    ("My colleague Imre just got promoted.", ("user", "Imre", "colleague", "assert")),
    ("Me and my co-worker Dagny went bowling.", ("user", "Dagny", "co-worker", "assert")),
    ("My classmate Ines got into Brantwood College.", ("user", "Ines", "classmate", "assert")),
    ("Quill is my neighbor.", ("user", "Quill", "neighbor", "assert")),
    ("Torvald was my landlord.", ("user", "Torvald", "landlord", "end")),  # said in the past: over
    ("My old teammate Joss moved to Halden.", ("user", "Joss", "teammate", "end")),
]

UNNAMED_OR_NOT_MINE = [
    "My neighbour's dog barks all night.",  # no name
    "A coworker of mine quit yesterday.",
    "My colleague is on leave.",
    "My friend's wife Anouk is a chef.",  # the friend's tie, not the speaker's
    "Is your neighbour Walt nice?",  # a question
    "Does your coworker Bea like it there?",
]


@pytest.mark.parametrize("text, expected", NAMED)
def test_a_person_named_with_their_tie_is_tied_to_the_speaker(extractor, text, expected):
    assert expected in _ties(extractor, text)


@pytest.mark.parametrize("text", UNNAMED_OR_NOT_MINE)
def test_no_tie_without_a_name_of_the_speakers_own(extractor, text):
    assert not {t for t in _ties(extractor, text) if t[0] == "user"}


def _rows(extractor, text):
    """``(subject, predicate, object, relation)`` of the last turn's claims."""
    session = session_of(text)
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    return {(names[c.subject_id], c.predicate, names[c.object_id], c.qualifiers.get("relation")) for c in result.claims
            if c.sources[0].turn_id == session.turns[-1].id}


# a second clause after "and" whose subject is a person named with their tie, which the parser read as one more
# object of the first clause: the tie, and what the clause says of the person ("there": the place just said)
SECOND_CLAUSE = [
    ("I love Lisbon and my aunt Rosa lives there.",
     {("user", "RELATED_TO", "Rosa", "aunt"), ("Rosa", "LIVES_IN", "Lisbon", None)}),
    ("I miss Porto and my neighbour Walt moved there.",
     {("user", "RELATED_TO", "Walt", "neighbour"), ("Walt", "LIVES_IN", "Porto", None)}),
]


@pytest.mark.parametrize("text, expected", SECOND_CLAUSE)
def test_a_tied_person_opening_the_clause_after_and(extractor, text, expected):
    assert expected <= _rows(extractor, text)


@pytest.mark.parametrize("text", [
    "I love Lisbon and my aunt's friend Rosa lives there.",  # not the speaker's tie
    "I'd love Lisbon if my aunt Rosa lived there.",  # a condition
    "I love Lisbon and I hope my aunt Rosa moves there.",  # a hope
])
def test_no_home_said_of_the_tied_person(extractor, text):
    rows = _rows(extractor, text)
    assert not {r for r in rows if r[1] == "LIVES_IN"} and ("user", "RELATED_TO", "Rosa", "friend") not in rows


# the tie word before the name tagged as an adjective ("aunt" read as JJ after a semicolon): still the noun naming them
@pytest.mark.parametrize("text, expected", [
    ("I visited Lisbon; my aunt Rosa lives there.",
     {("user", "RELATED_TO", "Rosa", "aunt"), ("Rosa", "LIVES_IN", "Lisbon", None)}),
])
def test_a_tie_word_tagged_as_an_adjective(extractor, text, expected):
    assert expected <= _rows(extractor, text)


def test_no_tie_for_the_listeners_aunt(extractor):
    assert not {r for r in _rows(extractor, "I visited Lisbon; your aunt Rosa lives there.") if r[0] == "user"}


# a clause of its own after the first verb's object and a comma, which the parser made that verb's complement
def test_a_tied_person_in_the_clause_after_a_comma(extractor):
    assert {("user", "RELATED_TO", "Rosa", "aunt"), ("Rosa", "LIVES_IN", "Lisbon", None)} <= _rows(
        extractor, "I love Lisbon, my aunt Rosa lives there.")


@pytest.mark.parametrize("text", [
    "I bet you, my aunt Rosa moves to Lisbon.",  # a bet: the clause is the verb's
    "I love Lisbon, my aunt Rosa might move there.",  # a modal
])
def test_no_home_from_a_clause_after_a_comma(extractor, text):
    assert not {r for r in _rows(extractor, text) if r[1] == "LIVES_IN"}


# a name and "I" said to share a tie, the name parsed as the root of the sentence
@pytest.mark.parametrize("text, expected", [
    ("Marisol and I are colleagues.", ("Marisol", "RELATED_TO", "user", "colleague")),
    ("Marisol and I are teammates.", ("Marisol", "RELATED_TO", "user", "teammate")),
])
def test_a_name_and_i_sharing_a_tie(extractor, text, expected):
    assert expected in _rows(extractor, text)


@pytest.mark.parametrize("text", ["Are Marisol and I colleagues?", "Marisol and I aren't colleagues."])
def test_no_shared_tie_asked_or_denied(extractor, text):
    assert not {r for r in _rows(extractor, text) if r[1] == "RELATED_TO"}
