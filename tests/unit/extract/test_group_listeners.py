"""Whom "you" means in a chat of three or more when a turn speaks to several people at once.

The dialogues are our own (never DialogRE's lines). Nina and Omar speak before Pia's last turn; without a vocative
her "you" is Omar, the speaker just before her. A turn that calls several ("you guys", "you two", "Guys, ...",
"Hey everybody!") has no one listener: its "you" gives no fact, unless a name in it says whom it speaks to.
"""

from __future__ import annotations

import pytest

from chronomem.extract.resolution.listener import speaks_to_several
from tests.unit.extract.extract_helpers import rows, session_of


def group(*texts: str) -> list[tuple[str, str]]:
    return [("Nina", "The kettle is on."), ("Omar", "Great, I brought biscuits."), *(("Pia", t) for t in texts)]


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session_of(*turns)))}


SEVERAL = [
    group("You guys are back early! I missed you so much."),
    group("Guys, you are my best friend."),
    group("Hey everybody! You're my best friend."),
    group("Thank you, you two. You're the best friend I have."),
]
ONE = [
    # one listener: the speaker just before
    (group("I missed you so much."), ("Pia", "LIKES", "Omar")),
    (group("You're my best friend."), ("Pia", "FRIEND_OF", "Omar")),
    # several called, but a name says whom the "you" is
    (group("You guys are early. Nina, you're my best friend."), ("Pia", "FRIEND_OF", "Nina")),
    # "everybody" as a subject calls nobody
    (group("Everybody says so. You're my best friend."), ("Pia", "FRIEND_OF", "Omar")),
]


@pytest.mark.parametrize("turns", SEVERAL, ids=[t[-1][1] for t in SEVERAL])
def test_a_turn_to_several_has_no_one_listener(extractor, turns):
    found = triples(extractor, turns)
    assert not {t for t in found if t[0] == "Pia" and t[1] in ("LIKES", "FRIEND_OF")}, found


@pytest.mark.parametrize("turns,expected", ONE, ids=[t[-1][1] for t, _ in ONE])
def test_a_turn_to_one(extractor, turns, expected):
    assert expected in triples(extractor, turns)


def test_between_two_a_plural_you_still_means_the_other(extractor):
    turns = [("Omar", "Great, I brought biscuits."), ("Pia", "You guys are sweet. You're my best friend.")]
    assert ("Pia", "FRIEND_OF", "Omar") in triples(extractor, turns)


@pytest.mark.parametrize("text,several", [
    ("You guys are back.", True), ("Come on, people.", True), ("Guys, look.", True), ("Hey everybody!", True),
    ("Everybody knows that.", False), ("You are all I have.", False), ("I love you.", False), ("Both of you.", False),
])
def test_speaks_to_several(extractor, text, several):
    assert speaks_to_several([extractor.nlp(text)]) is several
