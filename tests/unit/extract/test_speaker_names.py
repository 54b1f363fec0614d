"""Who a speaker labelled "Speaker N" is: the evidence :mod:`chronomem.extract.resolution.speaker_names` reads.

The dialogues are our own. Each case gives the turns and the names the speakers end up with
(an entity named "Speaker N" with the name as an alias); negatives expect no such link.
"""

from __future__ import annotations

import pytest

from chronomem.extract.resolution.speaker_names import greets, presented
from tests.unit.extract.extract_helpers import rows, session_of


def linked(extractor, turns) -> dict[str, list[str]]:
    """``speaker label → aliases`` of the speakers that got a name."""
    result = extractor.extract(session_of(*turns))
    return {e.name: e.aliases for e in result.entities if e.name.startswith("Speaker") and e.aliases}


def triples(extractor, turns) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in rows(extractor.extract(session_of(*turns)))}


def test_a_greeting_returned_by_name_names_the_one_who_greeted(extractor):
    turns = [("Speaker 1", "Hi!"), ("Speaker 2", "Hey Greta!"), ("Speaker 3", "Morning, you two."),
             ("Speaker 2", "Greta works at the bakery now.")]
    assert linked(extractor, turns) == {"Speaker 1": ["Greta"]}
    assert ("Speaker 1", "WORKS_AT", "bakery") in triples(extractor, turns)


@pytest.mark.parametrize("turns", [
    # a chorus greeting someone who has not spoken: the one before greeted the same person
    [("Speaker 1", "Hi, Greta!"), ("Speaker 2", "Hey, Greta!"), ("Speaker 3", "What did I miss?")],
    # the turn before was no greeting: "Hey Greta?" calls someone over
    [("Speaker 1", "The oven is broken again."), ("Speaker 2", "Hey Greta? Can you look at it?"),
     ("Speaker 3", "Sure.")],
    # spoken of in the third person: nobody is presented, so the newcomer's greeting names nobody
    [("Speaker 1", "Greta is my sister."), ("Speaker 2", "Nice."), ("Speaker 3", "Hi everyone!")],
])
def test_no_name_without_a_returned_greeting(extractor, turns):
    assert linked(extractor, turns) == {}


def test_someone_presented_and_then_answering_a_call(extractor):
    """Presented and greeting back ("Hi!") is one vote; one answer to a call by that name is the second."""
    turns = [("Speaker 1", "Everyone, meet my friend Greta."), ("Speaker 3", "Hi! Nice to meet you all."),
             ("Speaker 2", "Welcome!"), ("Speaker 1", "Greta, tell them about the new job."),
             ("Speaker 3", "I teach music at a school now.")]
    assert linked(extractor, turns) == {"Speaker 3": ["Greta"]}
    assert ("Speaker 1", "FRIEND_OF", "Speaker 3") in triples(extractor, turns)


@pytest.mark.parametrize("turns", [
    # the same talk without the presentation: one answer is chance
    [("Speaker 1", "Everyone, look at this view."), ("Speaker 3", "Hi! Nice to meet you all."),
     ("Speaker 2", "Welcome!"), ("Speaker 1", "Greta, tell them about the new job."),
     ("Speaker 3", "I teach music at a school now.")],
    # the one who greets back had spoken before: they are greeting the newcomer, not being presented
    [("Speaker 3", "Morning."), ("Speaker 1", "Everyone, meet my friend Greta."), ("Speaker 3", "Hi!"),
     ("Speaker 2", "Welcome!"), ("Speaker 1", "Greta, tell them about the new job."),
     ("Speaker 3", "I teach music at a school now.")],
    # "Greta, this is Omar": whoever answers may be Omar, so the answer says nothing of Greta
    [("Speaker 1", "I teach music."), ("Speaker 2", "Greta, this is Omar."), ("Speaker 3", "Hello!"),
     ("Speaker 1", "Hi."), ("Speaker 2", "Greta, you should sit."), ("Speaker 3", "Thanks.")],
])
def test_no_name_from_one_answer_alone(extractor, turns):
    assert linked(extractor, turns) == {}


def test_a_call_right_after_a_turn_goes_to_its_speaker(extractor):
    """Answered once at the start; later called right after speaking, though someone else answers."""
    turns = [("Speaker 2", "Tobias, did you finish the painting?"), ("Speaker 1", "I did, last night."),
             ("Speaker 3", "Can we see it?"), ("Speaker 1", "Tomorrow, at the gallery."),
             ("Speaker 2", "Tobias, that is wonderful news."), ("Speaker 3", "It really is.")]
    assert linked(extractor, turns) == {"Speaker 1": ["Tobias"]}


def test_who_called_someone_by_a_short_form_of_a_name_is_not_its_owner(extractor):
    """Speaker 2 greets "Jessica" and is then called "Jess" right back: Jess is the one greeted, not Speaker 2."""
    turns = [("Speaker 3", "Come in, come in."), ("Speaker 2", "Hey Jessica."), ("Speaker 1", "Hey Jess."),
             ("Speaker 2", "You look great.")]
    assert "Speaker 2" not in linked(extractor, turns)


@pytest.mark.parametrize("text,names", [
    ("This is my friend Greta.", ["Greta"]),
    ("Omar, this is Tobias.", ["Tobias"]),
    ("Everyone, meet my sister Greta.", ["Greta"]),
    ("Say hi to Greta!", ["Greta"]),
    ("I'll meet Greta tomorrow.", []),
    ("Omar, you should meet Greta.", []),
    ("Did you say hi to Greta?", []),
    ("This is Greta's coat.", []),
    ("This isn't Greta.", []),
])
def test_presented(extractor, text, names):
    assert presented([extractor.nlp(text)]) == names


@pytest.mark.parametrize("text,name,expected", [
    ("Hi!", None, True),
    ("Oh, hi.", None, True),
    ("Nice to meet you.", None, True),
    ("How are you?", None, True),
    ("Highly unusual.", None, False),
    ("The hill is high.", None, False),
    ("Hey Greta!", "Greta", True),
    ("Hello, Greta, come in.", "Greta", True),
    ("Hey Greta? Look at this.", "Greta", False),
    ("Hi, Tobias!", "Greta", False),
])
def test_greets(extractor, text, name, expected):
    assert greets([extractor.nlp(text)], name) is expected


@pytest.mark.parametrize("text,name", [
    # a name closing its clause right after "you", without a comma, is the one spoken to
    ("I would love to stay with you Greta; thank you!", "Greta"),
    ("I love you Greta.", "Greta"),
    ("Good for you Tobias!", "Tobias"),
    # after what "I" am: "sorry" leaves the name no role
    ("I am so sorry Tobias!", "Tobias"),
    # a name that has a role after "you": not a call
    ("I told you Greta was coming.", None),
    ("I'll give you Greta's number.", None),
    ("Then your boss calls you Greta.", None),
    ("They named you Greta.", None),
    ("I'm sorry Greta left.", None),
])
def test_a_name_without_a_comma_spoken_to(extractor, text, name):
    from chronomem.extract.rules.people.people import addressee

    assert addressee([extractor.nlp(text)]) == name


@pytest.mark.parametrize("text,name", [
    ("Hi, I'm Greta Lind.", "Greta Lind"),
    ("I am so sorry Tobias!", None),  # an apology to Tobias, not a self-introduction
])
def test_self_introduction(extractor, text, name):
    from chronomem.extract.resolution.speaker_names import self_introduction

    assert self_introduction(extractor.nlp(text)) == name


def test_a_call_after_you_answered_names_the_listener(extractor):
    """Called twice without commas ("… with you Tobias", "Tobias, …") and answered: Speaker 2 is Tobias."""
    turns = [("Speaker 1", "The flat is gone already."), ("Speaker 2", "You can stay with me."),
             ("Speaker 1", "I would love to stay with you Tobias!"), ("Speaker 2", "Glad to help."),
             ("Speaker 3", "How kind."), ("Speaker 1", "Tobias, you saved me."), ("Speaker 2", "It's nothing.")]
    assert linked(extractor, turns) == {"Speaker 2": ["Tobias"]}


def test_a_call_that_opens_the_talk_goes_to_the_one_who_answers(extractor):
    """Nobody spoke before: a call to a one-word name is for whoever answers it."""
    turns = [("Speaker 1", "Tobias, can I borrow your car tonight?"), ("Speaker 2", "Sure, the keys are by the door."),
             ("Speaker 3", "Tobias works at the bakery, right?"), ("Speaker 1", "Tobias works at the bakery.")]
    assert linked(extractor, turns) == {"Speaker 2": ["Tobias"]}
    assert ("Speaker 2", "WORKS_AT", "bakery") in triples(extractor, turns)


@pytest.mark.parametrize("turns", [
    # a full name at the start is more often one's own ("Hello, Tobias Lind." answering the phone)
    [("Speaker 1", "Hello, Tobias Lind."), ("Speaker 2", "Who is this?"), ("Speaker 3", "Hang up.")],
    # someone spoke before the call: one answer is chance
    [("Speaker 3", "Morning."), ("Speaker 1", "Tobias, can I borrow your car tonight?"),
     ("Speaker 2", "Sure, the keys are by the door.")],
])
def test_no_name_from_a_later_or_full_name_call(extractor, turns):
    assert linked(extractor, turns) == {}
