"""Sentences shouted in capitals ("MY BROTHER MARCO JUST MOVED TO OSLO!!"), read as the same words typed in lower
case would be: the model reads a capitalised word as a name, so a shouted sentence parsed as written makes a name of
every word ("BROTHER LIVES_IN Oslo"). A sentence is shouted when its three or more words are all in capitals;
acronyms inside a sentence ("I work at IBM") and short cries ("OMG LOL") are left as they are.

Rows are ``(subject, predicate, object, kind)`` of the last turn (its speaker is ``user``).
"""

from __future__ import annotations

import pytest

from chronomem.extract.parse.gazetteer import load_gazetteer
from chronomem.extract.parse.truecase import shouted, truecase, unshout
from tests.unit.extract.extract_helpers import U, last_turn_rows


def triples(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, *texts)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("MY BROTHER MARCO JUST MOVED TO OSLO!!", (U, "SIBLING_OF", "Marco", "assert")),
    ("MY BROTHER MARCO JUST MOVED TO OSLO!!", ("Marco", "LIVES_IN", "Oslo", "assert")),
    ("I FINALLY GOT THE JOB AT SPOTIFY", (U, "WORKS_AT", "Spotify", "assert")),
    ("I ADORE KAYAKING", (U, "LIKES", "kayaking", "assert")),
    ("We got a kitten and named her Pixel. I'M OBSESSED WITH POTTERY NOW.", (U, "LIKES", "pottery", "assert")),
])
def test_a_shouted_sentence_reads_as_if_typed_in_lower_case(extractor, text, wanted):
    got = triples(extractor, text)
    assert wanted in got, got


@pytest.mark.parametrize(("text", "unwanted"), [
    ("MY BROTHER MARCO JUST MOVED TO OSLO!!", ("BROTHER", "LIVES_IN", "Oslo", "assert")),
    ("I ADORE KAYAKING", (U, "LIKES", "KAYAKING", "assert")),
])
def test_no_word_of_a_shouted_sentence_is_taken_for_a_name(extractor, text, unwanted):
    assert unwanted not in triples(extractor, text)


@pytest.mark.parametrize(("text", "is_shouted"), [
    ("I'M SO HAPPY", True),
    ("WE ADOPTED A DOG!!!", True),
    ("I work at IBM.", False),  # an acronym in a sentence of lower-case words
    ("OMG LOL", False),  # fewer than three words
    ("A B C", False),  # no word of two letters
    ("I love NASA and the ESA", False),
])
def test_shouted(text, is_shouted):
    assert shouted(text) is is_shouted


def test_only_the_shouted_sentences_change():
    text = "Lena moved to Bergen. SHE LOVES IT THERE!! Ask the FBI, ok?"
    assert unshout(text, load_gazetteer()) == "Lena moved to Bergen. She loves it there!! Ask the FBI, ok?"


def test_a_turn_with_no_shouting_is_left_as_it_is():
    text = "My sister Ana works at the BBC in London."
    assert truecase(text, load_gazetteer()) == text
