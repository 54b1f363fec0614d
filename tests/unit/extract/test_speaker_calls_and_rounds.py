"""Two more cues of who a "Speaker N" is (:mod:`chronomem.extract.resolution.speaker_names`), in our own dialogues:
an answer that calls its caller back by name, and a round of presentations that each newcomer greets once."""

from __future__ import annotations

import pytest

from tests.unit.extract.test_speaker_names import linked, triples

CALLED_BACK = [
    # the call says more than the name; the answer opens by calling the caller
    ([("Speaker 1", "Hello?"), ("Speaker 2", "Is Theo home?"), ("Speaker 1", "No, he went out."),
      ("Speaker 1", "Theo! You forgot your keys again!"), ("Speaker 3", "Oh, hi Nina! Sorry, sorry."),
      ("Speaker 1", "I love Theo, but honestly.")],
     {"Speaker 3": ["Theo"], "Speaker 1": ["Nina"]}, ("Speaker 1", "LIKES", "Speaker 3")),
    ([("Speaker 1", "Morning all."), ("Speaker 2", "Yo, Dario. The meeting starts in ten minutes."),
      ("Speaker 1", "Thanks Rosa, I'll be there."), ("Speaker 3", "Rosa lives in Leeds now.")],
     {"Speaker 1": ["Dario"], "Speaker 2": ["Rosa"]}, ("Speaker 2", "LIVES_IN", "Leeds")),
]


@pytest.mark.parametrize("turns,names,fact", CALLED_BACK)
def test_an_answer_calling_its_caller_back_names_both(extractor, turns, names, fact):
    assert linked(extractor, turns) == names
    assert fact in triples(extractor, turns)


@pytest.mark.parametrize("turns", [
    # two shouts of a name only: two people may be greeting two who come in
    [("Speaker 1", "Are they here yet?"), ("Speaker 2", "Theo!"), ("Speaker 3", "Nina!"), ("Speaker 4", "Hey.")],
    # the call thanks the one who just spoke: whoever answers next may be anyone
    [("Speaker 1", "I brought you all some bagels."), ("Speaker 2", "Thanks, Nina. You guys are the best."),
     ("Speaker 3", "Theo, can you pass me one?"), ("Speaker 4", "Sure.")],
    # the call is read out from a message
    [("Speaker 1", 'Listen to this: "Hi Theo, it\'s Nina, call me back."'), ("Speaker 2", "Nina, seriously? Again?")],
    # the answer calls someone else after a question: not a call back
    [("Speaker 1", "Theo, did you lock the door?"), ("Speaker 2", "What? Nina, did you hear that?"),
     ("Speaker 3", "No.")],
])
def test_no_names_from_a_call_not_called_back(extractor, turns):
    assert not {"Speaker 1", "Speaker 2"} & {s for s, names in linked(extractor, turns).items()
                                           if "Nina" in names or "Rosa" in names}


ROUNDS = [
    # a host presents each friend to a guest; each greets once, the guest greets them all
    ([("Speaker 1", "Come in, come in! Take your coat off."), ("Speaker 2", "Thanks. Nice place."),
      ("Speaker 1", "Let me introduce you. This is Hugo."), ("Speaker 2", "Hello, good to meet you."),
      ("Speaker 1", "And Marta."), ("Speaker 3", "Hi there!"), ("Speaker 2", "Hi, Marta."),
      ("Speaker 1", "My cousin, Felix."), ("Speaker 4", "Hey."), ("Speaker 3", "I love Felix.")],
     "Speaker 4", "Felix", ("Speaker 3", "LIKES", "Speaker 4")),
    ([("Speaker 1", "Okay, introductions. This is my sister Lotte."), ("Speaker 2", "Hello!"),
      ("Speaker 1", "This is Arvid."), ("Speaker 3", "Hi."), ("Speaker 4", "Hi, hi."),
      ("Speaker 3", "I moved to Bergen in May."), ("Speaker 1", "Arvid lives in Bergen now.")],
     "Speaker 3", "Arvid", ("Speaker 3", "LIVES_IN", "Bergen")),
]


@pytest.mark.parametrize("turns,speaker,name,fact", ROUNDS)
def test_greeting_once_in_a_round_of_presentations(extractor, turns, speaker, name, fact):
    assert linked(extractor, turns).get(speaker) == [name]
    assert fact in triples(extractor, turns)


@pytest.mark.parametrize("turns", [
    # presented to everybody: the greeting may come from any of them
    [("Speaker 1", "Everybody, this is Arvid."), ("Speaker 2", "Hi!"), ("Speaker 1", "This is Lotte."),
     ("Speaker 3", "Hello.")],
    # one presentation only: the greeting may be the guest's
    [("Speaker 1", "This is Arvid."), ("Speaker 2", "Hi!"), ("Speaker 3", "Coffee, anyone?")],
    # the newcomer greets after every presentation: they are the one presented to, not any of the names
    [("Speaker 1", "This is Arvid."), ("Speaker 2", "Hi."), ("Speaker 1", "This is Lotte."), ("Speaker 2", "Hello.")],
])
def test_no_name_from_a_greeting_outside_a_round(extractor, turns):
    assert not {"Arvid"} & {n for names in linked(extractor, turns).values() for n in names}
