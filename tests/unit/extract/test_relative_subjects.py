"""The speaker's unnamed relatives and pets as subjects of the open readings, in our own words: habits, ongoing
activities and tastes said of "my sister", "our son", "the kids", "our cat" land on "<speaker>'s sister" etc., as
the speaker's own would land on the speaker; never someone else's relative, nor a question, a denial, a wish or
a supposition.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z, as :func:`~tests.unit.extract.extract_helpers.rows` gives them.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, session_of

SAID_OF_A_RELATIVE = [
    # a habit, as "I collect old coins" is the speaker's
    ("My brother collects old coins.", [c(U, "SIBLING_OF", "user's brother", A, NOW),
                                        c("user's brother", "RELATED_TO", "old coins", A, NOW)]),
    ("My daughter plays the cello.", [c(U, "PARENT_OF", "user's daughter", A, NOW),
                                      c("user's daughter", "RELATED_TO", "cello", A, NOW)]),
    ("My wife runs marathons.", [c(U, "MARRIED_TO", "user's wife", A, NOW), c("user's wife", "RELATED_TO", "marathons", A, NOW)]),
    ("My grandma bakes bread every Sunday.", [c("user's grandma", "RELATED_TO", "bread", A, NOW)]),
    ("Our son plays the trumpet.", [c("user's son", "RELATED_TO", "trumpet", A, NOW)]),  # "our" is the speaker's too
    # an ongoing activity
    ("My husband is learning to play the drums.", [c(U, "MARRIED_TO", "user's husband", A, NOW),
                                                   c("user's husband", "RELATED_TO", "drums", A, NOW)]),
    # a taste whose verb the tagger took for an auxiliary of the gerund after it
    ("My kids enjoy learning about dinosaurs.", [c(U, "PARENT_OF", "user's kids", A, NOW),
                                                 c("user's kids", "LIKES", "learning about dinosaurs", A, NOW)]),
    # an unnamed pet of the speaker's, as a named one ("Biscuit loves the park") gets its tastes
    ("Our cat hates the vacuum cleaner.", [c(U, "HAS_PET", "user's cat", A, NOW),
                                           c("user's cat", "DISLIKES", "vacuum cleaner", A, NOW)]),
    # a habit given up: an ending, as the speaker's own "I used to …"
    ("My daughter used to play the flute.", [c(U, "PARENT_OF", "user's daughter", A, NOW),
                                             c("user's daughter", "RELATED_TO", "flute", E, ("turn", "unknown", True))]),
]

NOTHING_OF_A_RELATIVE = [
    ("Kids these days love screens.", []),  # children in general
    ("My sister thinks I should coach tennis.", [c(U, "SIBLING_OF", "user's sister", A, NOW)]),  # she does not coach
    ("My sister doesn't teach pilates.", [c(U, "SIBLING_OF", "user's sister", A, NOW)]),
    ("My kids would love that.", [c(U, "PARENT_OF", "user's kids", A, NOW)]),
    ("My sister might take up pottery.", [c(U, "SIBLING_OF", "user's sister", A, NOW)]),
    ("My friend's daughter plays the harp.", []),  # not the speaker's relative
    ("His sister collects old coins.", []),
    ("Your brother collects old coins.", []),
    ("Do your kids like hiking?", []),
    ("Does your brother collect coins?", []),
    ("Our pets love the garden.", []),  # pets in general
    ("My mom made soup last night.", []),  # a one-off happening says little of her
]


@pytest.mark.parametrize("text, expected", SAID_OF_A_RELATIVE + NOTHING_OF_A_RELATIVE)
def test_a_statement_about_the_speakers_relative(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


def _relations(extractor, text: str) -> list[tuple[str, str, str]]:
    """``(subject, predicate, relation)`` of the claims of a one-turn session."""
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    return sorted((names[x.subject_id], x.predicate, x.qualifiers.get("relation", "")) for x in result.claims)


def test_a_wish_of_a_relative_reads_as_the_speakers_own_wish(extractor):
    """"My son wants to learn the banjo" is what "I want to learn the banjo" is, of the son: a wish, no habit."""
    son = [r for r in _relations(extractor, "My son wants to learn the banjo.") if r[0] == "user's son"]
    mine = [("user's son", p, q) for _, p, q in _relations(extractor, "I want to learn the banjo.")]
    assert son == mine and all("plays" not in q for _, _, q in son), son


def test_a_later_pronoun_carries_the_habit_to_the_relative(extractor):
    rows = last_turn_rows(extractor, "My sister moved back in with us.", "She coaches volleyball now.")
    assert c("user's sister", "RELATED_TO", "volleyball", A, ("turn", "day", False)) in rows, rows


@pytest.mark.parametrize("text", ["My aunt has a parrot and its name is Kiwi.", "I have a turtle and his name is Pebble."])
def test_a_pet_had_and_named_later_is_no_placeholder(extractor, text):
    """The name the turn goes on to give is the pet: no "<owner>'s parrot" beside it."""
    assert not [r for r in last_turn_rows(extractor, text) if r[1] == "HAS_PET" and "'s " in r[2]]
