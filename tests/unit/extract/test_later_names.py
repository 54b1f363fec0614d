"""Names given after the fact and relatives' pets, in our own wordings: a pet or partner said without a name,
then named by its owner in a later turn ("Her name is Pepper"), the placeholder "<speaker>'s kitten" giving way;
a pet the speaker's relative has or got with its name ("my brother has a dog named Bolt"); an unnamed pet whose
name is only asked about; and the sentences with the same words that state no such fact.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, c, day, month, rows, session_of

LAST_WEEK = ("2024-03-05", "week", False)


def session_rows(extractor, turns) -> list[tuple]:
    return sorted(rows(extractor.extract(session_of(*turns))))


def pets_and_partners(extractor, turns) -> set[tuple]:
    return {r[:3] for r in session_rows(extractor, turns) if r[1] in ("HAS_PET", "PARTNER_OF")}


# a pet or partner first said unnamed, named by its owner within a couple of turns
NAMED_LATER = [
    ([("user", "We rescued a kitten in February."), ("bot", "Oh sweet, what's her name?"), ("user", "Her name is Pepper.")],
     [c("user", "HAS_PET", "Pepper", A, month("2024-02"))]),
    ([("user", "I got a puppy last week."), ("bot", "Fun! What did you call him?"), ("user", "I called him Waffles.")],
     [c("user", "HAS_PET", "Waffles", A, LAST_WEEK)]),
    ([("user", "I adopted a bunny on Saturday."), ("bot", "Nice."), ("user", "We named her Clover.")],
     [c("user", "HAS_PET", "Clover", A, day("2024-03-09"))]),
    ([("user", "I'm dating someone new."), ("bot", "Ooh, who?"), ("user", "His name is Tobias.")],
     [c("user", "PARTNER_OF", "Tobias", A, NOW)]),
    ([("user", "I've been seeing a girl from my climbing gym."), ("bot", "Tell me more!"), ("user", "Her name is Ines.")],
     [c("user", "PARTNER_OF", "Ines", A, NOW)]),
]


@pytest.mark.parametrize("turns,expected", NAMED_LATER, ids=[t[-1][1] for t, _ in NAMED_LATER])
def test_named_in_a_later_turn(extractor, turns, expected):
    assert session_rows(extractor, turns) == sorted(expected)


# "someone new" is the one dated, named in the same turn
SAME_TURN = [
    ("I'm seeing someone new. His name is Dario.", {("user", "PARTNER_OF", "Dario")}),
]

# a relative's pet with its name: the relative's, "<speaker>'s brother"
RELATIVES_PETS = [
    ("My brother has a dog named Bolt.", {("user's brother", "HAS_PET", "Bolt")}),
    ("My aunt adopted a parrot called Mango last month.", {("user's aunt", "HAS_PET", "Mango")}),
    ("My grandma's cat Whiskers is twelve.", {("user's grandma", "HAS_PET", "Whiskers")}),
    ("My cousin's hamster Nibbles escaped again.", {("user's cousin", "HAS_PET", "Nibbles")}),
]


@pytest.mark.parametrize("text,expected", SAME_TURN + RELATIVES_PETS, ids=[t for t, _ in SAME_TURN + RELATIVES_PETS])
def test_named_pets_and_partners(extractor, text, expected):
    assert pets_and_partners(extractor, [text]) == expected


# a name asked about leaves the pet unnamed: the placeholder stays
ASKED = [
    ("We got a kitten yesterday. What should we call her?", {("user", "HAS_PET", "user's kitten")}),
    ("We got a puppy on Sunday. Any ideas what to call him?", {("user", "HAS_PET", "user's puppy")}),
]


@pytest.mark.parametrize("text,expected", ASKED, ids=[t for t, _ in ASKED])
def test_name_asked_about(extractor, text, expected):
    assert pets_and_partners(extractor, [text]) == expected


# no named pet or partner: someone else's, a nickname others use, "it", a hypothetical, a thing, no dating
NOT_NAMED = [
    [("user", "My neighbor got a puppy last week."), ("bot", "What's his name?"), ("user", "His name is Rocky.")],
    [("user", "We got a puppy last week."), ("bot", "What's his name?"), ("user", "My kids call him Tank.")],
    [("user", "We got a puppy last week."), ("bot", "Cute!"), ("user", "I bought a van too. We named it Betsy.")],
    [("user", "We got a puppy last week."), ("bot", "Cute!"), ("user", "If we got another one I'd name him Rex.")],
    [("user", "We got a puppy last week."), ("bot", "My sister has a dog too. Her name is Daisy.")],
    [("user", "We got a puppy and a kitten."), ("bot", "Wow, names?"), ("user", "His name is Rex.")],
    [("user", "I'm not seeing anyone."), ("bot", "Oh?"), ("user", "His name is Marco.")],
    [("user", "I saw someone at the bus stop."), ("bot", "Oh?"), ("user", "His name is Marco.")],
    [("user", "I'm seeing someone new."), ("bot", "Cool."), ("user", "He works at a bank.")],
    [("user", "Does your sister have a cat named Mia?")],
    [("user", "My coworker's cat Pixel sleeps all day.")],
    [("user", "If my sister got a cat she'd name her Mia.")],
    [("user", "My friend has a dog named Rex.")],
]


@pytest.mark.parametrize("turns", NOT_NAMED, ids=[t[-1][1] for t in NOT_NAMED])
def test_no_named_pet_or_partner(extractor, turns):
    assert not {r for r in pets_and_partners(extractor, turns) if not r[2].startswith("user's")}


def test_a_pet_named_later_keeps_the_turn_that_said_when(extractor):
    """The named fact's evidence starts with the turn that said when the pet came ("last week"), then the
    naming turn: a question of when is answered from the first (a fact sourced only by "Her name is Pepper"
    has no time words to show)."""
    session = session_of(("user", "We rescued a kitten last week."), ("bot", "What's her name?"), ("user", "Her name is Pepper."))
    (claim,) = [c for c in extractor.extract(session).claims if c.predicate == "HAS_PET"]
    assert [s.turn_id for s in claim.sources] == [session.turns[0].id, session.turns[2].id]
