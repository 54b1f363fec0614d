"""People in multi-party dialogue: who "I"/"you"/"he" are and what is said about them.

The dialogues are our own (never DialogRE's lines). ``group(...)`` is a chat of three: Nina and
Omar speak before the last turn, which Pia says; without a vocative her "you" is Omar.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def group(*texts: str) -> list[tuple[str, str]]:
    return [("Nina", "Morning, all."), ("Omar", "Hey."), *(("Pia", t) for t in texts)]


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    session = session_of(*turns)
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session))}


CASES = [
    # typographic apostrophes read like plain ones
    (group("You’re my best friend."), {("Pia", "FRIEND_OF", "Omar")}),
    (group("I’m in love with you."), {("Pia", "LIKES", "Omar")}),
    # a name's "'s" that can only mean "is"
    (group("I can't say that! Tomas's my husband."), {("Pia", "MARRIED_TO", "Tomas")}),
    (group("Yeah, Lena's my friend."), {("Pia", "FRIEND_OF", "Lena")}),
]


@pytest.mark.parametrize("turns,expected", CASES, ids=[c[0][-1][1] for c in CASES])
def test_dialogue_people(extractor, turns, expected):
    assert expected <= triples(extractor, turns)


def labelled(*texts: str) -> list[tuple[str, str]]:
    """A transcript that labels its speakers "Speaker N": turn k is said by ``Speaker {k % 3 + 1}``."""
    return [(f"Speaker {k % 3 + 1}", t) for k, t in enumerate(texts)]


LINKED = [
    # a self-introduction names the speaker
    (labelled("Hi, I'm Lena.", "Welcome.", "Lena is my sister."), {("Speaker 3", "SIBLING_OF", "Speaker 1")}),
    # answered twice to one name: Speaker 2 is Tomas
    ([("Speaker 1", "Tomas, you look tired."), ("Speaker 2", "Long night."), ("Speaker 3", "Thanks, Tomas."),
      ("Speaker 2", "Sure."), ("Speaker 1", "Tomas is my brother.")],
     {("Speaker 1", "SIBLING_OF", "Speaker 2")}),
]
UNLINKED = [
    # answered once: chance, not evidence
    ([("Speaker 1", "Tomas, you look tired."), ("Speaker 2", "Long night."), ("Speaker 1", "Tomas is my brother.")],
     {("Speaker 1", "SIBLING_OF", "Tomas")}),
    # "I'm Lena's cousin" is no introduction
    (labelled("Hi, I'm Lena's cousin.", "Welcome.", "Lena is my sister."), {("Speaker 3", "SIBLING_OF", "Lena")}),
]


@pytest.mark.parametrize("turns,expected", LINKED + UNLINKED,
                         ids=[c[0][-1][1] + str(n) for n, c in enumerate(LINKED + UNLINKED)])
def test_speaker_names(extractor, turns, expected):
    assert expected <= triples(extractor, turns)


def test_a_linked_speaker_keeps_the_name_as_an_alias(extractor):
    result = extractor.extract(session_of(*labelled("Hi, I'm Lena.", "Welcome.", "Lena is my sister.")))
    assert {e.name: e.aliases for e in result.entities}["Speaker 1"] == ["Lena"]


@pytest.mark.parametrize("text,role", [
    ("Don't worry, I'm a real doctor.", "doctor"),
    ("I'm a great actress, you know.", "actress"),
    ("I'm a senior software engineer.", "senior software engineer"),  # a rank is part of the role
])
def test_praise_is_no_part_of_a_role(extractor, text, role):
    assert ("user", "HAS_ROLE", role) in triples(extractor, [text])


def test_a_clause_opening_the_turn_does_not_fail_the_turn():
    """An imperative first word parsed as a clause under a later verb once made the rules fail on the
    whole turn (its first token has no neighbour before it)."""
    from chronomem.extract.extractor import SpacyRuleExtractor

    strict = SpacyRuleExtractor(raise_errors=True)
    session = session_of("Toss me those apples, I'm gonna show you what it should taste like! Come on, toss me them.")
    assert strict.extract(session).claims == []  # raised IndexError (doc[0].nbor(-1)) before


@pytest.mark.parametrize("turns,expected", [
    ([("Ada", "I got you a coffee."), ("Ben", "I love you.")], {("Ben", "LIKES", "Ada")}),
    ([("Ada", "You took my parking spot again."), ("Ben", "Honestly, I hate you.")], {("Ben", "DISLIKES", "Ada")}),
])
def test_a_stated_feeling_between_two(extractor, turns, expected):
    """Between two people a verb of feeling with its subject said is a statement, not a formula."""
    assert expected <= triples(extractor, turns)


@pytest.mark.parametrize("turns,expected", [
    ([("Ada", "Look at this bone."), ("Ben", "Come on, you're a paleontologist, you tell me.")],
     {("Ada", "HAS_ROLE", "paleontologist")}),
    ([("Ada", "My back hurts."), ("Ben", "Ada, you're a nurse.")], {("Ada", "HAS_ROLE", "nurse")}),
])
def test_the_listeners_role_between_two(extractor, turns, expected):
    """"You're a nurse", plainly, is a fact between two people; "you're a great cook" stays a compliment."""
    assert expected <= triples(extractor, turns)


@pytest.mark.parametrize("text,expected", [
    ("I'm one of Tomas's best friends.", {("Tomas", "FRIEND_OF", "Pia")}),
    ("Hi! I'm a friend of Lena and Tomas's!", {("Lena", "FRIEND_OF", "Pia"), ("Tomas", "FRIEND_OF", "Pia")}),
    ("And Lena is friends with Tomas.", {("Lena", "FRIEND_OF", "Tomas")}),
    ("I am one of Ben's two mothers.", {("Pia", "PARENT_OF", "Ben")}),
])
def test_kin_phrases(extractor, text, expected):
    assert expected <= triples(extractor, group(text))


@pytest.mark.parametrize("text", ["I'm not friends with Tomas.", "Are you a friend of Nora's?",
                                  "I was never one of Tomas's friends."])
def test_no_kin_phrase(extractor, text):
    assert not {t for t in triples(extractor, group(text)) if t[1] in ("FRIEND_OF", "PARENT_OF")}


@pytest.mark.parametrize("turns,expected", [
    (group("Timo was my boyfriend, and you kissed him!"), {("Pia", "PARTNER_OF", "Timo", "end")}),
    (group("Nora was my wife."), {("Pia", "MARRIED_TO", "Nora", "end")}),
    (group("My husband's name is Tomas."), {("Pia", "MARRIED_TO", "Tomas", "assert")}),
    ([("Nina", "Tomas phoned."), ("Omar", "And?"), ("Pia", "His sister's name is Lena.")],
     {("Tomas", "SIBLING_OF", "Lena", "assert")}),
])
def test_couples_past_and_named_relatives(extractor, turns, expected):
    session = session_of(*turns)
    assert expected <= {(s, p, o, k) for s, p, o, k, *_ in rows(extractor.extract(session))}


def test_a_sister_in_the_past_tense_is_no_ending(extractor):
    assert not {t for t in triples(extractor, group("Nora was my sister.")) if t[1] == "SIBLING_OF"}


@pytest.mark.parametrize("text,expected", [
    ("Honestly, I think you're so amazing.", {("Ben", "LIKES", "Ada")}),
    ("You're so amazing.", set()),  # between two, plain praise is politeness
    ("I don't think you're amazing.", set()),
])
def test_praise_as_my_opinion_between_two(extractor, text, expected):
    found = triples(extractor, [("Ada", "I fixed your bike."), ("Ben", text)])
    assert {t for t in found if t[1] == "LIKES"} == expected


@pytest.mark.parametrize("turns,expected", [
    ([("Ada", "Hi."), ("Ben", "You're not my girlfriend anymore.")], {("Ben", "PARTNER_OF", "Ada", "end")}),
    ([("Nina", "Tomas came by."), ("Omar", "And?"), ("Pia", "He's no longer my husband.")],
     {("Pia", "MARRIED_TO", "Tomas", "end")}),  # was an "assert": "no longer" is no "not"
    ([("Ada", "Hi."), ("Ben", "Yeah, when you and I broke up I started seeing someone.")],
     {("Ada", "PARTNER_OF", "Ben", "end")}),
])
def test_endings_said_to_or_of_someone(extractor, turns, expected):
    session = session_of(*turns)
    assert expected <= {(s, p, o, k) for s, p, o, k, *_ in rows(extractor.extract(session))}


@pytest.mark.parametrize("text", ["You're not my girlfriend.", "When you break up with him, call me.",
                                  "If you broke up with him, I'd know."])
def test_no_ending_without_its_words(extractor, text):
    found = triples(extractor, [("Ada", "Tomas came by."), ("Ben", text)])
    assert not {t for t in found if t[1] == "PARTNER_OF"}


def test_a_group_pronoun_after_a_speakers_unnamed_relative(extractor):
    """A "she" in a group chat that means the speaker's unnamed relative names that relative; it used to
    raise KeyError (the relative's placeholder key reached the claim unresolved)."""
    turns = labelled("My aunt is staying with us this week.", "Oh no.", "She is so sweet though!")
    assert triples(extractor, turns) == {("Speaker 3", "LIKES", "Speaker 1's aunt")}
