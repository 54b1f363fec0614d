"""Who people in a conversation are to each other: bosses said with "work for", and more.

The dialogues are our own wording (never DialogRE's lines).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import rows, session_of


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session_of(*turns)))}


def pair(*texts: str) -> list[tuple[str, str]]:
    """A chat of two: Ines opens, then Bruno says ``texts``."""
    return [("Ines", "Good to see you."), *(("Bruno", t) for t in texts)]


BOSSES = [
    # a person after "work for" is a boss, not an employer
    (pair("I work for Nate Olsen these days."), {("Bruno", "REPORTS_TO", "Nate Olsen")},
     {("Bruno", "WORKS_AT", "Nate Olsen")}),
    (pair("I have worked for Mr. Olsen since spring."), {("Bruno", "REPORTS_TO", "Mr. Olsen")},
     {("Bruno", "WORKS_AT", "Mr. Olsen")}),
    (pair("Well, I work for you."), {("Bruno", "REPORTS_TO", "Ines")}, {("Bruno", "WORKS_AT", "Ines")}),
    # a company stays an employer
    (pair("I work for Google now."), {("Bruno", "WORKS_AT", "Google")}, {("Bruno", "REPORTS_TO", "Google")}),
]


@pytest.mark.parametrize("turns,expected,absent", BOSSES, ids=[c[0][-1][1] for c in BOSSES])
def test_work_for_a_person(extractor, turns, expected, absent):
    got = triples(extractor, turns)
    assert expected <= got
    assert not absent & got


LISTENERS = [
    # a turn that only chimes in ("Oh, okay.") does not make its speaker the one "you" means
    ([("Omar", "I think the garage is flooding."), ("Pia", "It was fine this morning."), ("Nina", "Oh, okay."),
      ("Omar", "You're my sister, just go and look.")],
     {("Omar", "SIBLING_OF", "Pia")}, {("Omar", "SIBLING_OF", "Nina")}),
    # "What?" answers the one who spoke: its speaker is the listener
    ([("Nina", "Morning, all."), ("Omar", "I sold the van."), ("Pia", "What?"),
      ("Omar", "You're my sister, I had to tell you first.")],
     {("Omar", "SIBLING_OF", "Pia")}, set()),
    # a line said by two speakers at once names nobody
    ([("Nina", "Tell us the news."), ("Omar", "I got the part in the play."), ("Nina, Pia", "No way!"),
      ("Omar", "You're my best friend, you knew I would.")],
     {("Omar", "FRIEND_OF", "Nina")}, {("Omar", "FRIEND_OF", "Nina, Pia")}),
]


@pytest.mark.parametrize("turns,expected,absent", LISTENERS, ids=[c[0][-1][1] for c in LISTENERS])
def test_you_is_the_last_speaker_of_substance(extractor, turns, expected, absent):
    got = triples(extractor, turns)
    assert expected <= got
    assert not absent & got


FRIENDS = [
    # "our friend X": the speaker's friend (without metadata["we"], "we" is the speaker)
    (pair("Let's give our friend Dev a chance to explain."), {("Bruno", "FRIEND_OF", "Dev")}),
    (pair("Well, Dev's our friend, so we forgive him."), {("Bruno", "FRIEND_OF", "Dev")}),
    # every name of a plural kin noun's list
    (pair("I owe a lot to my friends, Carla, Dev and Omar."),
     {("Bruno", "FRIEND_OF", "Carla"), ("Bruno", "FRIEND_OF", "Dev"), ("Bruno", "FRIEND_OF", "Omar")}),
    (pair("Our friends Dev and Carla came by."), {("Bruno", "FRIEND_OF", "Dev"), ("Bruno", "FRIEND_OF", "Carla")}),
]


def test_our_mother_names_no_parent(extractor):
    """"our mom" says nothing of whose mother (siblings talking, or a couple about one's mother)."""
    got = triples(extractor, pair("Our mom Rita called again."))
    assert not {t for t in got if t[1] == "PARENT_OF"}


KIN_CALLS = [
    # a kin word said to the listener holds in a question or a request too: the vocative is no part of it
    # ("Dad" parsed as the subject of "doing", which has its own; "Mom" of a bare command)
    (pair("Dad, what are you doing here?"), {("Ines", "PARENT_OF", "Bruno")}),
    (pair("Hi, Mom, did you get my message?"), {("Ines", "PARENT_OF", "Bruno")}),
    (pair("Mom, please stop."), {("Ines", "PARENT_OF", "Bruno")}),
    # a kin word closing its sentence, hung on nothing
    (pair("Good night dad."), {("Ines", "PARENT_OF", "Bruno")}),
]

STATED = FRIENDS + KIN_CALLS


@pytest.mark.parametrize("turns,expected", STATED, ids=[c[0][-1][1] for c in STATED])
def test_stated_links(extractor, turns, expected):
    assert expected <= triples(extractor, turns)


@pytest.mark.parametrize("text", ["Where is your mom?", "It is all for mom.", "I called dad."])
def test_kin_spoken_of_is_not_called(extractor, text):
    """A kin word with a role in its clause speaks of someone; it calls nobody."""
    assert not {t for t in triples(extractor, pair(text)) if t[1] == "PARENT_OF" and "Ines" in t}
