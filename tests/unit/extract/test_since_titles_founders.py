"""Kinds of sentence in our own wordings: a past perfect with "since" (the state held from then, a contracted
"'d" read as "had" before a participle); a top title "of" a named organisation (works there too); a company
founded (works there from then); a dog named by its breed; "which is why"/"that's why" opening a statement;
the speaker's unnamed relative beside others as the subject ("my husband and I moved"); and the sentences
with the same words that state no such fact.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, c, last_turn_rows, month, year

READS = [
    # a past perfect (progressive) with "since": from then
    ("We'd been living in Cardiff since 2019.", [c(U, "LIVES_IN", "Cardiff", A, year(2019))]),
    ("I'd been working at Quillfire since 2017 when it was bought.", [c(U, "WORKS_AT", "Quillfire", A, year(2017))]),
    ("I had lived in Galway since 2015.", [c(U, "LIVES_IN", "Galway", A, year(2015))]),
    # a top title of a named organisation
    ("Nadia is the CTO of Ferncliff.", [c("Nadia", "WORKS_AT", "Ferncliff", A, NOW), c("Nadia", "HAS_ROLE", "CTO", A, NOW)]),
    ("I'm the founder of Ferncliff.", [c(U, "WORKS_AT", "Ferncliff", A, NOW), c(U, "HAS_ROLE", "founder", A, NOW)]),
    # a company founded
    # (and holds the founder's role from then, as "I'm the founder of Ferncliff" says)
    ("I cofounded Ferncliff in 2021.", [c(U, "WORKS_AT", "Ferncliff", A, year(2021)),
                                        c(U, "HAS_ROLE", "co-founder", A, year(2021))]),
    ("Tariq and I founded Ferncliff in 2016.", [c("Tariq", "WORKS_AT", "Ferncliff", A, year(2016)),
                                               c(U, "WORKS_AT", "Ferncliff", A, year(2016)),
                                               c("Tariq", "HAS_ROLE", "founder", A, year(2016)),
                                               c(U, "HAS_ROLE", "founder", A, year(2016))]),
    # a dog said by its breed
    ("We adopted a lurcher called Biscuit.", [c(U, "HAS_PET", "Biscuit", A, NOW)]),
    ("We've got a jack russell named Pickle.", [c(U, "HAS_PET", "Pickle", A, NOW)]),
    # a statement opened by "which is why" / "that's why"
    ("Which is why I moved to Tromso.", [c(U, "LIVES_IN", "Tromso", A, NOW)]),
    ("That's why we moved to Galway.", [c(U, "LIVES_IN", "Galway", A, NOW)]),
    ("This is why I work at Ferncliff.", [c(U, "WORKS_AT", "Ferncliff", A, NOW)]),
    # an unnamed relative beside the speaker or a name
    ("My husband and I moved to Galway in June.", [
        c(U, "MARRIED_TO", "user's husband", A, NOW), c(U, "LIVES_IN", "Galway", A, month("2023-06")),
        c("user's husband", "LIVES_IN", "Galway", A, month("2023-06"))]),
    ("me and my bf moved to leeds", [c(U, "PARTNER_OF", "user's bf", A, NOW), c(U, "LIVES_IN", "Leeds", A, NOW),
                                     c("user's bf", "LIVES_IN", "Leeds", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", READS, ids=[t for t, _ in READS])
def test_reads(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NOTHING = [
    "I'd have lived in Cardiff since 2019.",  # would have: a supposition
    "I'd live in Cardiff.",
    "Had you been living in Cardiff since 2019?",
    "I hadn't been living in Cardiff since 2019.",
    "Is Nadia the CTO of Ferncliff?",
    "I'd love to be the CEO of Ferncliff.",
    "I'm the head of marketing.",  # a field, no employer
    "I found Ferncliff on Reddit.",  # "find", not "found"
    "Did you found Ferncliff?",
    "I'd love to found a company someday.",
    "I'd love a lurcher one day.",
    "That's not why I moved to Galway.",
    "Is that why you moved to Galway?",
    "I don't know why I moved to Galway.",
    "That's why I'd move to Galway.",
]


@pytest.mark.parametrize("text", NOTHING)
def test_gives_nothing(extractor, text):
    assert last_turn_rows(extractor, text) == []


KEEPS_ONLY_THE_TIE = ["My husband and I might move to Galway.", "My husband and I don't live in Galway."]


@pytest.mark.parametrize("text", KEEPS_ONLY_THE_TIE)
def test_no_home_for_a_couple_not_moving(extractor, text):
    assert last_turn_rows(extractor, text) == [c(U, "MARRIED_TO", "user's husband", A, NOW)]


# a count answering "how many … do you have?" with the names after it
COUNT_ANSWERS = [
    ("Two, Ruby and Callum.", [c("Lena", "PARENT_OF", "Ruby", A, NOW), c("Lena", "PARENT_OF", "Callum", A, NOW)]),
    ("Just one, Hattie.", [c("Lena", "PARENT_OF", "Hattie", A, NOW)]),
]


@pytest.mark.parametrize("answer,expected", COUNT_ANSWERS, ids=[a for a, _ in COUNT_ANSWERS])
def test_a_count_answered_with_names(extractor, answer, expected):
    turns = [("Omar", "How many kids do you have?"), ("Lena", answer)]
    assert sorted(last_turn_rows(extractor, *turns)) == sorted(expected)


COUNT_NOTHING = [
    ("How many kids do you have?", "Two."),  # names no one
    ("How many kids does Tom have?", "Two, Ruby and Callum."),  # not the answerer's
    ("How many kids do you want?", "Two, Ruby and Callum maybe."),
]


@pytest.mark.parametrize("question,answer", COUNT_NOTHING)
def test_a_count_that_names_no_child(extractor, question, answer):
    assert last_turn_rows(extractor, ("Omar", question), ("Lena", answer)) == []
